build-tmp/obj/analysis/partition.o: analysis/partition.c \
 analysis/global.h analysis/rta.h analysis/partition.h analysis/edf.h
analysis/global.h:
analysis/rta.h:
analysis/partition.h:
analysis/edf.h:
