build-tmp/obj/trace/file.o: trace/file.c trace/atomicfile.h \
 trace/infile.h trace/ksection.h trace/kevents.h trace/wire.h \
 trace/record.h trace/sections.h trace/trace.h trace/calib.h \
 trace/tstats.h trace/hist.h
trace/atomicfile.h:
trace/infile.h:
trace/ksection.h:
trace/kevents.h:
trace/wire.h:
trace/record.h:
trace/sections.h:
trace/trace.h:
trace/calib.h:
trace/tstats.h:
trace/hist.h:
