build-tmp/obj/run/run.o: run/run.c run/cpulist.h run/kcapture.h \
 trace/kevents.h trace/trace.h trace/calib.h trace/record.h \
 trace/tstats.h trace/hist.h run/kstat.h run/live.h run/config.h \
 run/priority.h timers/timer.h workloads/workload.h trace/tracer.h \
 trace/arena.h trace/brk.h trace/counter.h run/reserve.h run/run.h \
 run/monitor.h run/runint.h run/status.h trace/errlen.h run/sysinfo.h \
 trace/timeval.h trace/wire.h
run/cpulist.h:
run/kcapture.h:
trace/kevents.h:
trace/trace.h:
trace/calib.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
run/kstat.h:
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
run/run.h:
run/monitor.h:
run/runint.h:
run/status.h:
trace/errlen.h:
run/sysinfo.h:
trace/timeval.h:
trace/wire.h:
