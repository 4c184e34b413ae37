build-tmp/obj/run/cpulist.o: run/cpulist.c analysis/cpuset.h \
 run/cpulist.h
analysis/cpuset.h:
run/cpulist.h:
