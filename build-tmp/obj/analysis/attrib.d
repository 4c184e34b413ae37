build-tmp/obj/analysis/attrib.o: analysis/attrib.c analysis/attrib.h \
 analysis/classify.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h analysis/sched.h \
 trace/timeval.h
analysis/attrib.h:
analysis/classify.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
analysis/sched.h:
trace/timeval.h:
