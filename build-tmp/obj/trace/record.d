build-tmp/obj/trace/record.o: trace/record.c trace/record.h
trace/record.h:
