#!/bin/sh
# make lint: the folder rules of ARCHITECTURE.md (scripts/layers.sh), the
# rooms (scripts/rooms.sh: analysis/ prints and reads nothing, no function
# over 80 lines), the message rule (scripts/msgrule.sh: stderr never
# assigned, no print on it outside trace/msg.c), then cppcheck and
# clang-tidy (Debian's packages) over every C file of the tree, with the
# configuration in the tree: .clang-tidy, and scripts/cppcheck-suppressions
# (each with its reason). Prints the findings;
# exits 1 when there is one, 2 when a tool is missing.
# usage: scripts/lint.sh [file.c ...]
set -u
cd "$(dirname "$0")/.."
for tool in cppcheck clang-tidy; do
	command -v "$tool" >/dev/null || {
		echo "lint: $tool is missing (apt-get install $tool, or make deps as root)" >&2
		exit 2
	}
done
if [ $# -eq 0 ]; then
	set -- util/*.c trace/*.c timers/*.c workloads/*.c analysis/*.c analysis/*/*.c audit/*.c report/*.c svg/*.c \
		export/*.c \
		run/*.c hourglass/*.c \
		tests/*.c tests/fuzz/*.c tests/bench/*.c
fi
# clang-tidy leaves the Check suites to cppcheck (see .clang-tidy)
tidy=$(printf '%s\n' "$@" | grep -v '^tests/check_')
jobs=$(nproc 2>/dev/null || echo 2)
cflags="-std=c11 -D_GNU_SOURCE -I. $(pkg-config --cflags json-c check libtracefs libtraceevent 2>/dev/null)"
status=0

sh scripts/layers.sh || status=1
sh scripts/rooms.sh || status=1
sh scripts/msgrule.sh || status=1

# cppcheck sees the x86-64 configuration (counter.h refuses others) and
# Check's START_TEST as a function
cppcheck --quiet --std=c11 --enable=warning,style,performance,portability \
	--error-exitcode=1 --inline-suppr -j "$jobs" -D_GNU_SOURCE -D__x86_64__ \
	--include=scripts/cppcheck-check.h --suppressions-list=scripts/cppcheck-suppressions \
	--template='{file}:{line}: {severity}: {message} [{id}]' "$@" || status=1
[ "$status" -eq 0 ] && echo "lint: cppcheck clean ($# files)"

out=$(printf '%s\n' $tidy | xargs -P "$jobs" -I{} clang-tidy --quiet {} -- $cflags 2>&1)
rc=$?
printf '%s\n' "$out" | grep -v -e 'warnings\{0,1\} generated\.$' -e '^$'
if [ "$rc" -ne 0 ]; then
	status=1
else
	echo "lint: clang-tidy clean ($(printf '%s\n' $tidy | wc -l) files)"
fi
exit $status
