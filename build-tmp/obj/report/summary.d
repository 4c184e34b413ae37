build-tmp/obj/report/summary.o: report/summary.c analysis/summary.h \
 trace/trace.h trace/calib.h trace/kevents.h trace/record.h \
 trace/tstats.h trace/hist.h report/noise.h analysis/noise.h \
 report/text.h trace/brk.h trace/timeval.h
analysis/summary.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
report/noise.h:
analysis/noise.h:
report/text.h:
trace/brk.h:
trace/timeval.h:
