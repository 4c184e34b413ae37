build-tmp/obj/hourglass/cmd_dump.o: hourglass/cmd_dump.c \
 hourglass/cmdopt.h hourglass/cmdutil.h analysis/sched.h \
 trace/atomicfile.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h hourglass/commands.h \
 report/summary_json.h report/json.h report/text.h
hourglass/cmdopt.h:
hourglass/cmdutil.h:
analysis/sched.h:
trace/atomicfile.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
hourglass/commands.h:
report/summary_json.h:
report/json.h:
report/text.h:
