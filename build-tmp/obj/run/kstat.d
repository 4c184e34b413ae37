build-tmp/obj/run/kstat.o: run/kstat.c run/kstat.h trace/trace.h \
 trace/calib.h trace/kevents.h trace/record.h trace/tstats.h trace/hist.h
run/kstat.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
