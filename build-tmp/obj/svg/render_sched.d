build-tmp/obj/svg/render_sched.o: svg/render_sched.c analysis/attrib.h \
 analysis/classify.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h analysis/sched.h \
 svg/renderint.h svg/svg.h trace/errlen.h
analysis/attrib.h:
analysis/classify.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
analysis/sched.h:
svg/renderint.h:
svg/svg.h:
trace/errlen.h:
