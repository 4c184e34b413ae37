build-tmp/obj/hourglass/cmd_ctx.o: hourglass/cmd_ctx.c analysis/sched.h \
 hourglass/cmdutil.h hourglass/cmdopt.h trace/atomicfile.h trace/trace.h \
 trace/calib.h trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 hourglass/commands.h report/ctx.h analysis/ctx.h analysis/attrib.h \
 analysis/classify.h analysis/stats.h svg/ctxsvg.h trace/errlen.h \
 trace/timeval.h
analysis/sched.h:
hourglass/cmdutil.h:
hourglass/cmdopt.h:
trace/atomicfile.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
hourglass/commands.h:
report/ctx.h:
analysis/ctx.h:
analysis/attrib.h:
analysis/classify.h:
analysis/stats.h:
svg/ctxsvg.h:
trace/errlen.h:
trace/timeval.h:
