build-tmp/obj/analysis/rta.o: analysis/rta.c analysis/rta.h \
 analysis/rtamath.h
analysis/rta.h:
analysis/rtamath.h:
