build-tmp/obj/hourglass/cmd_help.o: hourglass/cmd_help.c \
 hourglass/cmdopt.h hourglass/commands.h hourglass/options.h run/config.h \
 run/priority.h timers/timer.h workloads/workload.h trace/trace.h \
 trace/calib.h trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 trace/tracer.h trace/arena.h trace/brk.h trace/counter.h
hourglass/cmdopt.h:
hourglass/commands.h:
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
