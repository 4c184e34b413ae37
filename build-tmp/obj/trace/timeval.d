build-tmp/obj/trace/timeval.o: trace/timeval.c trace/timeval.h
trace/timeval.h:
