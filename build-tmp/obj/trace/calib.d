build-tmp/obj/trace/calib.o: trace/calib.c trace/calib.h trace/counter.h \
 trace/timeval.h trace/tracer.h trace/arena.h trace/record.h trace/brk.h \
 trace/tstats.h trace/hist.h
trace/calib.h:
trace/counter.h:
trace/timeval.h:
trace/tracer.h:
trace/arena.h:
trace/record.h:
trace/brk.h:
trace/tstats.h:
trace/hist.h:
