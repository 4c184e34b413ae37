build-tmp/obj/hourglass/cmd_cachecost.o: hourglass/cmd_cachecost.c \
 hourglass/cmdopt.h hourglass/cmdutil.h analysis/sched.h \
 trace/atomicfile.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h hourglass/commands.h \
 hourglass/trial.h analysis/stable.h analysis/stats.h report/cacheout.h \
 analysis/cachecost.h svg/cachesvg.h trace/errlen.h trace/timeval.h
hourglass/cmdopt.h:
hourglass/cmdutil.h:
analysis/sched.h:
trace/atomicfile.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
hourglass/commands.h:
hourglass/trial.h:
analysis/stable.h:
analysis/stats.h:
report/cacheout.h:
analysis/cachecost.h:
svg/cachesvg.h:
trace/errlen.h:
trace/timeval.h:
