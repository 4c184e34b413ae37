build-tmp/obj/hourglass/msgout.o: hourglass/msgout.c hourglass/msgout.h \
 trace/wire.h trace/record.h
hourglass/msgout.h:
trace/wire.h:
trace/record.h:
