build-tmp/obj/export/export_json.o: export/export_json.c export/export.h \
 analysis/sched.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h export/exportint.h \
 export/exportbuf.h report/json.h report/meta.h
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
report/json.h:
report/meta.h:
