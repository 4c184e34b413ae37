build-tmp/obj/report/models.o: report/models.c analysis/bins.h \
 trace/hist.h trace/trace.h trace/calib.h trace/kevents.h trace/record.h \
 trace/tstats.h analysis/summary.h report/text.h trace/timeval.h
analysis/bins.h:
trace/hist.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
analysis/summary.h:
report/text.h:
trace/timeval.h:
