build-tmp/obj/report/gaphist.o: report/gaphist.c analysis/bins.h \
 trace/hist.h trace/trace.h trace/calib.h trace/kevents.h trace/record.h \
 trace/tstats.h report/text.h trace/timeval.h
analysis/bins.h:
trace/hist.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
report/text.h:
trace/timeval.h:
