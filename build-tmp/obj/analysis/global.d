build-tmp/obj/analysis/global.o: analysis/global.c analysis/global.h \
 analysis/rta.h analysis/rtamath.h
analysis/global.h:
analysis/rta.h:
analysis/rtamath.h:
