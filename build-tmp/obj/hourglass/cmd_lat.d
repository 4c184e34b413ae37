build-tmp/obj/hourglass/cmd_lat.o: hourglass/cmd_lat.c \
 hourglass/cmdutil.h analysis/sched.h hourglass/cmdopt.h \
 trace/atomicfile.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h hourglass/commands.h \
 report/text.h svg/latsvg.h trace/timeval.h
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
report/text.h:
svg/latsvg.h:
trace/timeval.h:
