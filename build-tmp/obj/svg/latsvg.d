build-tmp/obj/svg/latsvg.o: svg/latsvg.c analysis/bins.h trace/hist.h \
 trace/trace.h trace/calib.h trace/kevents.h trace/record.h \
 trace/tstats.h analysis/stats.h svg/latsvg.h svg/svg.h svg/svghist.h \
 trace/timeval.h
analysis/bins.h:
trace/hist.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
analysis/stats.h:
svg/latsvg.h:
svg/svg.h:
svg/svghist.h:
trace/timeval.h:
