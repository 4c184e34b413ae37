build-tmp/obj/report/ctx.o: report/ctx.c report/ctx.h analysis/ctx.h \
 analysis/attrib.h analysis/classify.h trace/trace.h trace/calib.h \
 trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 analysis/sched.h analysis/stats.h report/json.h report/noise.h \
 analysis/noise.h report/text.h trace/timeval.h
report/ctx.h:
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
report/json.h:
report/noise.h:
analysis/noise.h:
report/text.h:
trace/timeval.h:
