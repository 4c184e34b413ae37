build-tmp/obj/analysis/cpuset.o: analysis/cpuset.c analysis/cpuset.h
analysis/cpuset.h:
