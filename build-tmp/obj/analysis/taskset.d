build-tmp/obj/analysis/taskset.o: analysis/taskset.c analysis/taskset.h \
 analysis/rta.h
analysis/taskset.h:
analysis/rta.h:
