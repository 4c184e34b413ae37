build-tmp/obj/analysis/diffdata.o: analysis/diffdata.c analysis/ctx.h \
 analysis/attrib.h analysis/classify.h trace/trace.h trace/calib.h \
 trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 analysis/sched.h analysis/stats.h analysis/diffdata.h analysis/summary.h \
 trace/timeval.h
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
analysis/diffdata.h:
analysis/summary.h:
trace/timeval.h:
