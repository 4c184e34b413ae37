build-tmp/obj/hourglass/cmd_render.o: hourglass/cmd_render.c \
 hourglass/cmdutil.h analysis/sched.h hourglass/cmdopt.h \
 trace/atomicfile.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h hourglass/commands.h \
 svg/render.h trace/errlen.h
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
svg/render.h:
trace/errlen.h:
