build-tmp/obj/hourglass/trial.o: hourglass/trial.c hourglass/cmdutil.h \
 analysis/sched.h hourglass/cmdopt.h trace/atomicfile.h trace/trace.h \
 trace/calib.h trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 hourglass/options.h run/config.h run/priority.h timers/timer.h \
 workloads/workload.h trace/tracer.h trace/arena.h trace/brk.h \
 trace/counter.h hourglass/trial.h analysis/stable.h analysis/stats.h \
 run/cpulist.h run/run.h run/monitor.h
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
hourglass/options.h:
run/config.h:
run/priority.h:
timers/timer.h:
workloads/workload.h:
trace/tracer.h:
trace/arena.h:
trace/brk.h:
trace/counter.h:
hourglass/trial.h:
analysis/stable.h:
analysis/stats.h:
run/cpulist.h:
run/run.h:
run/monitor.h:
