build-tmp/obj/analysis/diffjson.o: analysis/diffjson.c \
 analysis/diffjson.h analysis/diffdata.h trace/trace.h trace/calib.h \
 trace/kevents.h trace/record.h trace/tstats.h trace/hist.h \
 trace/infile.h trace/wire.h
analysis/diffjson.h:
analysis/diffdata.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
trace/infile.h:
trace/wire.h:
