build-tmp/obj/trace/brk.o: trace/brk.c trace/brk.h
trace/brk.h:
