#!/bin/sh
# The message rule: the program speaks on standard error only through
# trace/msg.c (hg_msg(), hg_warn(), hg_msg_text(), hg_msg_status(),
# hg_msg_sigsafe()), which tames and bounds every message and knows the
# status line. Checked over every C file of the tree: stderr is never
# assigned (tests included); outside trace/msg.[ch] and tests/, no line of
# code names stderr (a print, a flush, a FILE handed on), calls perror(), or
# writes to descriptor 2 by itself. Comment lines are left out. Prints each
# breach; exits 1 when there is one.
# usage: scripts/msgrule.sh [ROOT]   (ROOT: the tree to check, by default ours)
set -u
cd "${1:-$(dirname "$0")/..}" || exit 2
status=0
out=$(mktemp) || exit 2
trap 'rm -f "$out"' EXIT
files=$(find . -name '*.[ch]' -not -path './build*' -not -path './.git/*' | sed 's,^\./,,' | sort)
# code lines only: those that start a comment or go on with one are left out
code() {
	grep -n -E "$2" "$1" | grep -v -E '^[0-9]+:[[:space:]]*(/\*|\*|//)'
}
for f in $files; do
	code "$f" '(^|[^[:alnum:]_])stderr[[:space:]]*=([^=]|$)' | while IFS= read -r hit; do
		echo "msgrule: $f:${hit%%:*}: assigns stderr (messages go through trace/msg.h)"
	done
	case "$f" in
	tests/* | trace/msg.c | trace/msg.h) continue ;;
	esac
	code "$f" '(^|[^[:alnum:]_])stderr([^[:alnum:]_]|$)' | while IFS= read -r hit; do
		echo "msgrule: $f:${hit%%:*}: names stderr: say it with hg_msg() or hg_warn() (trace/msg.h)"
	done
	code "$f" '(^|[^[:alnum:]_])perror[[:space:]]*\(' | while IFS= read -r hit; do
		echo "msgrule: $f:${hit%%:*}: perror(): say it with hg_msg() (trace/msg.h)"
	done
	code "$f" '(^|[^[:alnum:]_])dprintf[[:space:]]*\([[:space:]]*(STDERR_FILENO|2)[[:space:]]*,|(^|[^[:alnum:]_])write[[:space:]]*\([[:space:]]*(STDERR_FILENO|2)[[:space:]]*,' |
	while IFS= read -r hit; do
		echo "msgrule: $f:${hit%%:*}: writes to descriptor 2 itself: say it with hg_msg() (trace/msg.h)"
	done
done >"$out"
if [ -s "$out" ]; then
	cat "$out"
	status=1
else
	echo "msgrule: every message goes through trace/msg.h"
fi
exit $status
