build-tmp/obj/analysis/predict.o: analysis/predict.c analysis/cpuset.h \
 analysis/partition.h analysis/edf.h analysis/rta.h analysis/predict.h \
 trace/trace.h trace/calib.h trace/kevents.h trace/record.h \
 trace/tstats.h trace/hist.h trace/timeval.h
analysis/cpuset.h:
analysis/partition.h:
analysis/edf.h:
analysis/rta.h:
analysis/predict.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
trace/timeval.h:
