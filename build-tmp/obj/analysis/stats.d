build-tmp/obj/analysis/stats.o: analysis/stats.c analysis/stats.h \
 trace/hist.h
analysis/stats.h:
trace/hist.h:
