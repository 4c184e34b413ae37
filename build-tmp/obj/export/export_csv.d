build-tmp/obj/export/export_csv.o: export/export_csv.c export/export.h \
 analysis/sched.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h export/exportint.h \
 export/exportbuf.h
export/export.h:
analysis/sched.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
export/exportint.h:
export/exportbuf.h:
