build-tmp/obj/svg/render.o: svg/render.c svg/render.h analysis/sched.h \
 trace/trace.h trace/calib.h trace/kevents.h trace/record.h \
 trace/tstats.h trace/hist.h svg/renderint.h svg/svg.h trace/errlen.h \
 trace/timeval.h
svg/render.h:
analysis/sched.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
svg/renderint.h:
svg/svg.h:
trace/errlen.h:
trace/timeval.h:
