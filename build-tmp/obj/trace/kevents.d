build-tmp/obj/trace/kevents.o: trace/kevents.c trace/kevents.h
trace/kevents.h:
