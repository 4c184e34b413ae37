build-tmp/obj/svg/cachesvg.o: svg/cachesvg.c svg/cachesvg.h \
 report/cacheout.h analysis/cachecost.h analysis/stable.h \
 analysis/stats.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h svg/svg.h trace/timeval.h
svg/cachesvg.h:
report/cacheout.h:
analysis/cachecost.h:
analysis/stable.h:
analysis/stats.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
svg/svg.h:
trace/timeval.h:
