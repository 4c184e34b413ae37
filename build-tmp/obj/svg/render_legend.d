build-tmp/obj/svg/render_legend.o: svg/render_legend.c svg/renderint.h \
 svg/svg.h trace/trace.h trace/calib.h trace/kevents.h trace/record.h \
 trace/tstats.h trace/hist.h
svg/renderint.h:
svg/svg.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
