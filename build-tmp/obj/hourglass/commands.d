build-tmp/obj/hourglass/commands.o: hourglass/commands.c \
 hourglass/cmdopt.h hourglass/commands.h
hourglass/cmdopt.h:
hourglass/commands.h:
