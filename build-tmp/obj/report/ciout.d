build-tmp/obj/report/ciout.o: report/ciout.c report/ciout.h \
 analysis/stats.h report/json.h
report/ciout.h:
analysis/stats.h:
report/json.h:
