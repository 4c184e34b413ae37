build-tmp/obj/run/live.o: run/live.c run/cpulist.h run/kcapture.h \
 trace/kevents.h trace/trace.h trace/calib.h trace/record.h \
 trace/tstats.h trace/hist.h run/live.h run/config.h run/priority.h \
 timers/timer.h workloads/workload.h trace/tracer.h trace/arena.h \
 trace/brk.h trace/counter.h run/reserve.h run/runint.h run/monitor.h \
 run/status.h trace/errlen.h trace/timeval.h
run/cpulist.h:
run/kcapture.h:
trace/kevents.h:
trace/trace.h:
trace/calib.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
run/live.h:
run/config.h:
run/priority.h:
timers/timer.h:
workloads/workload.h:
trace/tracer.h:
trace/arena.h:
trace/brk.h:
trace/counter.h:
run/reserve.h:
run/runint.h:
run/monitor.h:
run/status.h:
trace/errlen.h:
trace/timeval.h:
