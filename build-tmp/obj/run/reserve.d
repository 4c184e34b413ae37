build-tmp/obj/run/reserve.o: run/reserve.c run/reserve.h run/config.h \
 run/priority.h timers/timer.h workloads/workload.h trace/trace.h \
 trace/calib.h trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 trace/tracer.h trace/arena.h trace/brk.h trace/counter.h trace/timeval.h
run/reserve.h:
run/config.h:
run/priority.h:
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
trace/timeval.h:
