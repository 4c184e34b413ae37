build-tmp/obj/analysis/sched.o: analysis/sched.c analysis/sched.h \
 trace/infile.h trace/wire.h trace/record.h
analysis/sched.h:
trace/infile.h:
trace/wire.h:
trace/record.h:
