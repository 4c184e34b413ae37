build-tmp/obj/run/kcapture.o: run/kcapture.c run/kcapture.h \
 trace/kevents.h trace/trace.h trace/calib.h trace/record.h \
 trace/tstats.h trace/hist.h run/kcaptureint.h \
 /usr/include/tracefs/tracefs.h /usr/include/traceevent/event-parse.h \
 /usr/include/traceevent/trace-seq.h trace/counter.h
run/kcapture.h:
trace/kevents.h:
trace/trace.h:
trace/calib.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
run/kcaptureint.h:
/usr/include/tracefs/tracefs.h:
/usr/include/traceevent/event-parse.h:
/usr/include/traceevent/trace-seq.h:
trace/counter.h:
