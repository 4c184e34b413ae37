build-tmp/obj/report/diff.o: report/diff.c report/diff.h analysis/diff.h \
 analysis/diffdata.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h report/json.h
report/diff.h:
analysis/diff.h:
analysis/diffdata.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
report/json.h:
