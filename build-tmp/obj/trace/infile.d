build-tmp/obj/trace/infile.o: trace/infile.c trace/infile.h
trace/infile.h:
