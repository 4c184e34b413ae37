build-tmp/obj/report/summary_json.o: report/summary_json.c \
 analysis/bins.h trace/hist.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h analysis/cpuset.h analysis/predict.h \
 analysis/rta.h analysis/summary.h report/json.h report/meta.h \
 report/noise.h analysis/noise.h report/summary_json.h trace/atomicfile.h \
 trace/brk.h trace/timeval.h
analysis/bins.h:
trace/hist.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
analysis/cpuset.h:
analysis/predict.h:
analysis/rta.h:
analysis/summary.h:
report/json.h:
report/meta.h:
report/noise.h:
analysis/noise.h:
report/summary_json.h:
trace/atomicfile.h:
trace/brk.h:
trace/timeval.h:
