build-tmp/obj/trace/arena.o: trace/arena.c trace/arena.h trace/record.h
trace/arena.h:
trace/record.h:
