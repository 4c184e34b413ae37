build-tmp/obj/hourglass/cmd_run.o: hourglass/cmd_run.c export/prom.h \
 trace/trace.h trace/calib.h trace/kevents.h trace/record.h \
 trace/tstats.h trace/hist.h hourglass/cmdutil.h analysis/sched.h \
 hourglass/cmdopt.h trace/atomicfile.h hourglass/commands.h \
 hourglass/options.h run/config.h run/priority.h timers/timer.h \
 workloads/workload.h trace/tracer.h trace/arena.h trace/brk.h \
 trace/counter.h hourglass/version.h report/summary_json.h report/json.h \
 report/text.h run/run.h run/monitor.h run/status.h trace/errlen.h \
 trace/timeval.h
export/prom.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
hourglass/cmdutil.h:
analysis/sched.h:
hourglass/cmdopt.h:
trace/atomicfile.h:
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
hourglass/version.h:
report/summary_json.h:
report/json.h:
report/text.h:
run/run.h:
run/monitor.h:
run/status.h:
trace/errlen.h:
trace/timeval.h:
