build-tmp/obj/export/exportbuf.o: export/exportbuf.c export/exportbuf.h \
 report/utf8.h
export/exportbuf.h:
report/utf8.h:
