build-tmp/obj/analysis/cachecost.o: analysis/cachecost.c \
 analysis/cachecost.h analysis/stable.h analysis/stats.h trace/trace.h \
 trace/calib.h trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 analysis/ctx.h analysis/attrib.h analysis/classify.h analysis/sched.h \
 trace/timeval.h
analysis/cachecost.h:
analysis/stable.h:
analysis/stats.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
analysis/ctx.h:
analysis/attrib.h:
analysis/classify.h:
analysis/sched.h:
trace/timeval.h:
