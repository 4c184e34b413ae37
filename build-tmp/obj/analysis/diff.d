build-tmp/obj/analysis/diff.o: analysis/diff.c analysis/diff.h \
 analysis/diffdata.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h analysis/stats.h
analysis/diff.h:
analysis/diffdata.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
analysis/stats.h:
