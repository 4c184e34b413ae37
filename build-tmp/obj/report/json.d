build-tmp/obj/report/json.o: report/json.c report/json.h report/utf8.h
report/json.h:
report/utf8.h:
