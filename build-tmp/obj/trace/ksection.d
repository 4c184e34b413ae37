build-tmp/obj/trace/ksection.o: trace/ksection.c trace/ksection.h \
 trace/kevents.h trace/wire.h trace/record.h
trace/ksection.h:
trace/kevents.h:
trace/wire.h:
trace/record.h:
