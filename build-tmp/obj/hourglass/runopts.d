build-tmp/obj/hourglass/runopts.o: hourglass/runopts.c \
 hourglass/runopts.h timers/timer.h workloads/workload.h trace/trace.h \
 trace/calib.h trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 trace/tracer.h trace/arena.h trace/brk.h trace/counter.h
hourglass/runopts.h:
timers/timer.h:
workloads/workload.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
trace/tracer.h:
trace/arena.h:
trace/brk.h:
trace/counter.h:
