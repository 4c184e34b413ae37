build-tmp/obj/report/rtaprint.o: report/rtaprint.c report/json.h \
 analysis/cpuset.h analysis/edf.h analysis/rta.h analysis/partition.h \
 analysis/taskset.h report/rtaprint.h trace/timeval.h
report/json.h:
analysis/cpuset.h:
analysis/edf.h:
analysis/rta.h:
analysis/partition.h:
analysis/taskset.h:
report/rtaprint.h:
trace/timeval.h:
