build-tmp/obj/analysis/noise.o: analysis/noise.c analysis/noise.h \
 trace/trace.h trace/calib.h trace/kevents.h trace/record.h \
 trace/tstats.h trace/hist.h trace/timeval.h
analysis/noise.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
trace/timeval.h:
