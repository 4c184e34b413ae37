build-tmp/obj/trace/tstats.o: trace/tstats.c trace/tstats.h trace/hist.h
trace/tstats.h:
trace/hist.h:
