build-tmp/obj/timers/registry.o: timers/registry.c timers/timer.h \
 trace/timeval.h trace/calib.h trace/lookup.h
timers/timer.h:
trace/timeval.h:
trace/calib.h:
trace/lookup.h:
