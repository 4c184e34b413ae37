build-tmp/obj/trace/wire.o: trace/wire.c trace/counter.h trace/wire.h \
 trace/record.h
trace/counter.h:
trace/wire.h:
trace/record.h:
