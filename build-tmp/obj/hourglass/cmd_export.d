build-tmp/obj/hourglass/cmd_export.o: hourglass/cmd_export.c \
 export/export.h analysis/sched.h trace/trace.h trace/calib.h \
 trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 hourglass/cmdutil.h hourglass/cmdopt.h trace/atomicfile.h \
 hourglass/commands.h
export/export.h:
analysis/sched.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
hourglass/cmdutil.h:
hourglass/cmdopt.h:
trace/atomicfile.h:
hourglass/commands.h:
