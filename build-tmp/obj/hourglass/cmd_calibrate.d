build-tmp/obj/hourglass/cmd_calibrate.o: hourglass/cmd_calibrate.c \
 analysis/thresh.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h hourglass/cmdutil.h \
 analysis/sched.h hourglass/cmdopt.h trace/atomicfile.h \
 hourglass/commands.h report/ciout.h analysis/stats.h report/json.h \
 report/summary_json.h report/text.h run/cpulist.h run/pingpong.h \
 trace/counter.h
analysis/thresh.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
hourglass/cmdutil.h:
analysis/sched.h:
hourglass/cmdopt.h:
trace/atomicfile.h:
hourglass/commands.h:
report/ciout.h:
analysis/stats.h:
report/json.h:
report/summary_json.h:
report/text.h:
run/cpulist.h:
run/pingpong.h:
trace/counter.h:
