build-tmp/obj/hourglass/cmd_rta.o: hourglass/cmd_rta.c \
 hourglass/cmdutil.h analysis/sched.h hourglass/cmdopt.h \
 trace/atomicfile.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h hourglass/commands.h \
 hourglass/options.h run/config.h run/priority.h timers/timer.h \
 workloads/workload.h trace/tracer.h trace/arena.h trace/brk.h \
 trace/counter.h hourglass/taskset.h analysis/taskset.h analysis/rta.h \
 report/rtaprint.h trace/errlen.h
hourglass/cmdutil.h:
analysis/sched.h:
hourglass/cmdopt.h:
trace/atomicfile.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
hourglass/commands.h:
hourglass/options.h:
run/config.h:
run/priority.h:
timers/timer.h:
workloads/workload.h:
trace/tracer.h:
trace/arena.h:
trace/brk.h:
trace/counter.h:
hourglass/taskset.h:
analysis/taskset.h:
analysis/rta.h:
report/rtaprint.h:
trace/errlen.h:
