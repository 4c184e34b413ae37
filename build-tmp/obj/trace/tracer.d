build-tmp/obj/trace/tracer.o: trace/tracer.c trace/record.h \
 trace/tracer.h trace/arena.h trace/brk.h trace/counter.h trace/tstats.h \
 trace/hist.h
trace/record.h:
trace/tracer.h:
trace/arena.h:
trace/brk.h:
trace/counter.h:
trace/tstats.h:
trace/hist.h:
