build-tmp/obj/report/cacheout.o: report/cacheout.c report/cacheout.h \
 analysis/cachecost.h analysis/stable.h analysis/stats.h trace/trace.h \
 trace/calib.h trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 report/ciout.h report/json.h trace/timeval.h
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
report/ciout.h:
report/json.h:
trace/timeval.h:
