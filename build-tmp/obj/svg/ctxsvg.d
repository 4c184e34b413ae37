build-tmp/obj/svg/ctxsvg.o: svg/ctxsvg.c svg/ctxsvg.h analysis/ctx.h \
 analysis/attrib.h analysis/classify.h trace/trace.h trace/calib.h \
 trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 analysis/sched.h analysis/stats.h svg/svghist.h trace/timeval.h
svg/ctxsvg.h:
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
svg/svghist.h:
trace/timeval.h:
