build-tmp/obj/hourglass/taskset.o: hourglass/taskset.c analysis/cpuset.h \
 hourglass/taskset.h analysis/taskset.h analysis/rta.h \
 hourglass/options.h run/config.h run/priority.h timers/timer.h \
 workloads/workload.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h trace/tracer.h trace/arena.h \
 trace/brk.h trace/counter.h trace/errlen.h trace/infile.h \
 trace/timeval.h trace/wire.h
analysis/cpuset.h:
hourglass/taskset.h:
analysis/taskset.h:
analysis/rta.h:
hourglass/options.h:
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
trace/errlen.h:
trace/infile.h:
trace/timeval.h:
trace/wire.h:
