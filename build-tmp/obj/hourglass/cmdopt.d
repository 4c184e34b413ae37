build-tmp/obj/hourglass/cmdopt.o: hourglass/cmdopt.c hourglass/cmdopt.h \
 hourglass/outpath.h run/config.h run/priority.h timers/timer.h \
 workloads/workload.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h trace/tracer.h trace/arena.h \
 trace/brk.h trace/counter.h trace/lookup.h trace/timeval.h
hourglass/cmdopt.h:
hourglass/outpath.h:
run/config.h:
run/priority.h:
timers/timer.h:
workloads/workload.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
trace/tracer.h:
trace/arena.h:
trace/brk.h:
trace/counter.h:
trace/lookup.h:
trace/timeval.h:
