build-tmp/obj/timers/rtc.o: timers/rtc.c timers/timer.h
timers/timer.h:
