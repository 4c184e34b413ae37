build-tmp/obj/timers/hr.o: timers/hr.c timers/timer.h trace/timeval.h
timers/timer.h:
trace/timeval.h:
