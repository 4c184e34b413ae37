build-tmp/obj/trace/sections.o: trace/sections.c trace/brk.h \
 trace/sections.h trace/trace.h trace/calib.h trace/kevents.h \
 trace/record.h trace/tstats.h trace/hist.h trace/wire.h
trace/brk.h:
trace/sections.h:
trace/trace.h:
trace/calib.h:
trace/kevents.h:
trace/record.h:
trace/tstats.h:
trace/hist.h:
trace/wire.h:
