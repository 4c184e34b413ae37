build-tmp/obj/trace/atomicfile.o: trace/atomicfile.c trace/atomicfile.h
trace/atomicfile.h:
