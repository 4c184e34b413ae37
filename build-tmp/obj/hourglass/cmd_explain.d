build-tmp/obj/hourglass/cmd_explain.o: hourglass/cmd_explain.c \
 analysis/kexplain.h analysis/kattr.h trace/kevents.h trace/trace.h \
 trace/calib.h trace/record.h trace/tstats.h trace/hist.h \
 hourglass/cmdutil.h analysis/sched.h hourglass/cmdopt.h \
 trace/atomicfile.h hourglass/commands.h report/explain.h
analysis/kexplain.h:
analysis/kattr.h:
trace/kevents.h:
trace/trace.h:
trace/calib.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
hourglass/cmdutil.h:
analysis/sched.h:
hourglass/cmdopt.h:
trace/atomicfile.h:
hourglass/commands.h:
report/explain.h:
