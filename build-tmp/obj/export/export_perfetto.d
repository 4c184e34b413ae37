build-tmp/obj/export/export_perfetto.o: export/export_perfetto.c \
 analysis/attrib.h analysis/classify.h trace/trace.h trace/calib.h \
 trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 analysis/sched.h export/export.h export/exportbuf.h export/exportint.h \
 report/json.h report/meta.h trace/errlen.h trace/timeval.h
analysis/attrib.h:
analysis/classify.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
analysis/sched.h:
export/export.h:
export/exportbuf.h:
export/exportint.h:
report/json.h:
report/meta.h:
trace/errlen.h:
trace/timeval.h:
