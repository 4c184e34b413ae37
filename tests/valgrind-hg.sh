#!/bin/sh
# The binary under valgrind's memcheck, for make smoke VALGRIND=1: the
# smoke tests run this in its place. Each run's report goes to a file of
# its own in HG_VALGRIND_DIR (empty when clean); leaks count only when
# definite, and tests/valgrind.supp names the known ones that are none. Exit
# status 99 on a memcheck error.
exec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
	--show-leak-kinds=definite --suppressions="$(dirname "$0")/valgrind.supp" \
	--log-file="$HG_VALGRIND_DIR/memcheck.%p" "$HG_VALGRIND_BIN" "$@"
