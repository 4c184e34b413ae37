build-tmp/obj/trace/trace.o: trace/trace.c trace/timeval.h trace/trace.h \
 trace/calib.h trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 trace/wire.h
trace/timeval.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
trace/wire.h:
