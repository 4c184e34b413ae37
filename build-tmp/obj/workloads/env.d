build-tmp/obj/workloads/env.o: workloads/env.c trace/counter.h \
 trace/timeval.h workloads/workload.h timers/timer.h trace/trace.h \
 trace/calib.h trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 trace/tracer.h trace/arena.h trace/brk.h
trace/counter.h:
trace/timeval.h:
workloads/workload.h:
timers/timer.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
trace/tracer.h:
trace/arena.h:
trace/brk.h:
