build-tmp/obj/run/sysinfo.o: run/sysinfo.c run/sysinfo.h trace/trace.h \
 trace/calib.h trace/kevents.h trace/record.h trace/tstats.h trace/hist.h
run/sysinfo.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
