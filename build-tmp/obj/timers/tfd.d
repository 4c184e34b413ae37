build-tmp/obj/timers/tfd.o: timers/tfd.c timers/timer.h trace/timeval.h
timers/timer.h:
trace/timeval.h:
