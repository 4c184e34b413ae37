build-tmp/obj/hourglass/cmd_ctxcost.o: hourglass/cmd_ctxcost.c \
 analysis/ctx.h analysis/attrib.h analysis/classify.h trace/trace.h \
 trace/calib.h trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 analysis/sched.h analysis/stats.h analysis/noise.h analysis/stable.h \
 hourglass/cmdopt.h hourglass/cmdutil.h trace/atomicfile.h \
 hourglass/commands.h hourglass/trial.h report/ciout.h report/json.h \
 run/cpulist.h run/pingpong.h trace/errlen.h trace/timeval.h
analysis/ctx.h:
analysis/attrib.h:
analysis/classify.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
analysis/sched.h:
analysis/stats.h:
analysis/noise.h:
analysis/stable.h:
hourglass/cmdopt.h:
hourglass/cmdutil.h:
trace/atomicfile.h:
hourglass/commands.h:
hourglass/trial.h:
report/ciout.h:
report/json.h:
run/cpulist.h:
run/pingpong.h:
trace/errlen.h:
trace/timeval.h:
