build-tmp/obj/report/noise.o: report/noise.c report/json.h report/noise.h \
 analysis/noise.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h trace/timeval.h
report/json.h:
report/noise.h:
analysis/noise.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
trace/timeval.h:
