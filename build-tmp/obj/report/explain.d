build-tmp/obj/report/explain.o: report/explain.c report/explain.h \
 analysis/kexplain.h analysis/kattr.h trace/kevents.h trace/trace.h \
 trace/calib.h trace/record.h trace/tstats.h trace/hist.h report/json.h \
 trace/timeval.h
report/explain.h:
analysis/kexplain.h:
analysis/kattr.h:
trace/kevents.h:
trace/trace.h:
trace/calib.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
report/json.h:
trace/timeval.h:
