build-tmp/obj/run/pingpong.o: run/pingpong.c run/pingpong.h \
 analysis/stats.h trace/calib.h trace/counter.h trace/timeval.h
run/pingpong.h:
analysis/stats.h:
trace/calib.h:
trace/counter.h:
trace/timeval.h:
