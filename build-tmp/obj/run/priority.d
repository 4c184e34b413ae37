build-tmp/obj/run/priority.o: run/priority.c run/priority.h \
 trace/errlen.h trace/lookup.h
run/priority.h:
trace/errlen.h:
trace/lookup.h:
