build-tmp/obj/trace/hist.o: trace/hist.c trace/hist.h
trace/hist.h:
