build-tmp/obj/analysis/kattr.o: analysis/kattr.c analysis/kattr.h \
 trace/kevents.h trace/trace.h trace/calib.h trace/record.h \
 trace/tstats.h trace/hist.h trace/timeval.h
analysis/kattr.h:
trace/kevents.h:
trace/trace.h:
trace/calib.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
trace/timeval.h:
