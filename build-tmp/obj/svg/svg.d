build-tmp/obj/svg/svg.o: svg/svg.c report/utf8.h svg/svg.h trace/hist.h
report/utf8.h:
svg/svg.h:
trace/hist.h:
