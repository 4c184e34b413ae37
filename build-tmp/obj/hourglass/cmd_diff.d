build-tmp/obj/hourglass/cmd_diff.o: hourglass/cmd_diff.c \
 analysis/diffjson.h analysis/diffdata.h trace/trace.h trace/calib.h \
 trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 analysis/thresh.h hourglass/cmdopt.h hourglass/cmdutil.h \
 analysis/sched.h trace/atomicfile.h hourglass/commands.h report/diff.h \
 analysis/diff.h trace/errlen.h trace/timeval.h
analysis/diffjson.h:
analysis/diffdata.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
analysis/thresh.h:
hourglass/cmdopt.h:
hourglass/cmdutil.h:
analysis/sched.h:
trace/atomicfile.h:
hourglass/commands.h:
report/diff.h:
analysis/diff.h:
trace/errlen.h:
trace/timeval.h:
