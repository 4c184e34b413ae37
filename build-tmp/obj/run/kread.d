build-tmp/obj/run/kread.o: run/kread.c \
 /usr/include/traceevent/event-parse.h \
 /usr/include/traceevent/trace-seq.h /usr/include/tracefs/tracefs.h \
 run/kcapture.h trace/kevents.h trace/trace.h trace/calib.h \
 trace/record.h trace/tstats.h trace/hist.h run/kcaptureint.h
/usr/include/traceevent/event-parse.h:
/usr/include/traceevent/trace-seq.h:
/usr/include/tracefs/tracefs.h:
run/kcapture.h:
trace/kevents.h:
trace/trace.h:
trace/calib.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
run/kcaptureint.h:
