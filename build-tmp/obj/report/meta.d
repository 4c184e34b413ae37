build-tmp/obj/report/meta.o: report/meta.c report/meta.h report/json.h \
 trace/trace.h trace/calib.h trace/kevents.h trace/record.h \
 trace/tstats.h trace/hist.h trace/timeval.h
report/meta.h:
report/json.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
trace/timeval.h:
