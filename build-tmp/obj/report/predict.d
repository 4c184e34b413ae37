build-tmp/obj/report/predict.o: report/predict.c analysis/cpuset.h \
 analysis/predict.h analysis/rta.h trace/trace.h trace/calib.h \
 trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 report/rtaprint.h analysis/taskset.h report/text.h trace/timeval.h
analysis/cpuset.h:
analysis/predict.h:
analysis/rta.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
report/rtaprint.h:
analysis/taskset.h:
report/text.h:
trace/timeval.h:
