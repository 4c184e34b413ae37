build-tmp/obj/analysis/summary.o: analysis/summary.c analysis/summary.h \
 trace/trace.h trace/calib.h trace/kevents.h trace/record.h \
 trace/tstats.h trace/hist.h trace/brk.h trace/timeval.h
analysis/summary.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
trace/brk.h:
trace/timeval.h:
