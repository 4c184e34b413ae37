build-tmp/obj/workloads/cpu.o: workloads/cpu.c workloads/spin.h \
 trace/record.h trace/timeval.h workloads/workload.h timers/timer.h \
 trace/trace.h trace/calib.h trace/kevents.h trace/tstats.h trace/hist.h \
 trace/tracer.h trace/arena.h trace/brk.h trace/counter.h
workloads/spin.h:
trace/record.h:
trace/timeval.h:
workloads/workload.h:
timers/timer.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/tstats.h:
trace/hist.h:
trace/tracer.h:
trace/arena.h:
trace/brk.h:
trace/counter.h:
