build-tmp/obj/analysis/edf.o: analysis/edf.c analysis/edf.h \
 analysis/rta.h analysis/rtamath.h
analysis/edf.h:
analysis/rta.h:
analysis/rtamath.h:
