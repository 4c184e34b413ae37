build-tmp/obj/workloads/cpu_periodic.o: workloads/cpu_periodic.c \
 trace/timeval.h workloads/workload.h timers/timer.h trace/trace.h \
 trace/calib.h trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 trace/tracer.h trace/arena.h trace/brk.h trace/counter.h
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
trace/counter.h:
