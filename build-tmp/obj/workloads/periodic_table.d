build-tmp/obj/workloads/periodic_table.o: workloads/periodic_table.c \
 trace/errlen.h trace/infile.h trace/timeval.h trace/wire.h \
 trace/record.h workloads/jobs.h workloads/workload.h timers/timer.h \
 trace/trace.h trace/calib.h trace/kevents.h trace/tstats.h trace/hist.h \
 trace/tracer.h trace/arena.h trace/brk.h trace/counter.h
trace/errlen.h:
trace/infile.h:
trace/timeval.h:
trace/wire.h:
trace/record.h:
workloads/jobs.h:
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
