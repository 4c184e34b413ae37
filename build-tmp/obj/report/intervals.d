build-tmp/obj/report/intervals.o: report/intervals.c report/text.h \
 trace/trace.h trace/calib.h trace/kevents.h trace/record.h \
 trace/tstats.h trace/hist.h trace/timeval.h
report/text.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
trace/timeval.h:
