build-tmp/obj/analysis/thresh.o: analysis/thresh.c analysis/thresh.h \
 trace/trace.h trace/calib.h trace/kevents.h trace/record.h \
 trace/tstats.h trace/hist.h trace/timeval.h
analysis/thresh.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
trace/timeval.h:
