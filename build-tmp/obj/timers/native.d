build-tmp/obj/timers/native.o: timers/native.c timers/timer.h \
 trace/timeval.h
timers/timer.h:
trace/timeval.h:
