build-tmp/obj/analysis/kexplain.o: analysis/kexplain.c \
 analysis/kexplain.h analysis/kattr.h trace/kevents.h trace/trace.h \
 trace/calib.h trace/record.h trace/tstats.h trace/hist.h
analysis/kexplain.h:
analysis/kattr.h:
trace/kevents.h:
trace/trace.h:
trace/calib.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
