build-tmp/obj/timers/posix.o: timers/posix.c timers/timer.h \
 trace/timeval.h
timers/timer.h:
trace/timeval.h:
