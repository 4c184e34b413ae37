build-tmp/obj/analysis/stable.o: analysis/stable.c analysis/stable.h \
 analysis/stats.h
analysis/stable.h:
analysis/stats.h:
