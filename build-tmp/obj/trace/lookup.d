build-tmp/obj/trace/lookup.o: trace/lookup.c trace/lookup.h
trace/lookup.h:
