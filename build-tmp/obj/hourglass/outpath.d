build-tmp/obj/hourglass/outpath.o: hourglass/outpath.c \
 hourglass/outpath.h trace/atomicfile.h
hourglass/outpath.h:
trace/atomicfile.h:
