build-tmp/obj/analysis/bins.o: analysis/bins.c analysis/bins.h \
 trace/hist.h trace/trace.h trace/calib.h trace/kevents.h trace/record.h \
 trace/tstats.h trace/timeval.h
analysis/bins.h:
trace/hist.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/timeval.h:
