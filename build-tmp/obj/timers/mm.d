build-tmp/obj/timers/mm.o: timers/mm.c timers/timer.h
timers/timer.h:
