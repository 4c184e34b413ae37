build-tmp/obj/export/export_prom.o: export/export_prom.c \
 export/exportint.h analysis/sched.h export/exportbuf.h trace/trace.h \
 trace/calib.h trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 export/prom.h trace/atomicfile.h trace/timeval.h
export/exportint.h:
analysis/sched.h:
export/exportbuf.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
export/prom.h:
trace/atomicfile.h:
trace/timeval.h:
