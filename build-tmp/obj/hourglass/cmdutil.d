build-tmp/obj/hourglass/cmdutil.o: hourglass/cmdutil.c analysis/attrib.h \
 analysis/classify.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h analysis/sched.h \
 hourglass/cmdutil.h hourglass/cmdopt.h trace/atomicfile.h \
 hourglass/outpath.h trace/errlen.h
analysis/attrib.h:
analysis/classify.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
analysis/sched.h:
hourglass/cmdutil.h:
hourglass/cmdopt.h:
trace/atomicfile.h:
hourglass/outpath.h:
trace/errlen.h:
