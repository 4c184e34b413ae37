build-tmp/obj/timers/spin.o: timers/spin.c timers/timer.h trace/counter.h \
 trace/timeval.h
timers/timer.h:
trace/counter.h:
trace/timeval.h:
