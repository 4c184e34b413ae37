build-tmp/obj/svg/svghist.o: svg/svghist.c svg/svg.h svg/svghist.h \
 trace/hist.h
svg/svg.h:
svg/svghist.h:
trace/hist.h:
