#!/bin/sh
# The message rule (scripts/msgrule.sh) on small trees of its own: it
# passes a tree whose messages go through trace/msg.h, and fails one that
# assigns stderr, prints on it, hands it on, calls perror() or writes to
# descriptor 2 outside trace/msg.c.
# usage: tests/msgrule.sh
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
checker=msgrule.sh
. "$here/tests/tree-expect.sh"
tree() {
	rm -rf "$tmp/t" && mkdir -p "$tmp/t/trace" "$tmp/t/run" "$tmp/t/tests"
	printf 'void f(void)\n{\n\twrite(2, "x", 1);\n\tfprintf(stderr, "x");\n}\n' \
		>"$tmp/t/trace/msg.c"
	printf '/*\n * says on stderr why (a comment)\n */\nvoid g(void)\n{\n\thg_msg("x");\n}\n' \
		>"$tmp/t/run/run.c"
	printf 'int main(void)\n{\n\tfprintf(stderr, "x");\n\tperror("y");\n}\n' \
		>"$tmp/t/tests/check_x.c"
}
tree
expect 0 "msgrule: messages through trace/msg.h pass" "every message goes through"
tree
printf 'void h(void)\n{\n\tstderr = fopencookie(0, "w", ops);\n}\n' >"$tmp/t/run/msg.c"
expect 1 "msgrule: stderr assigned fails" "run/msg.c:3: assigns stderr"
tree
printf 'void h(void)\n{\n\tstderr=f;\n}\n' >"$tmp/t/tests/check_y.c"
expect 1 "msgrule: stderr assigned in a test fails" "tests/check_y.c:3: assigns stderr"
tree
printf 'void h(void)\n{\n\tfprintf(stderr, "hourglass: %%s\\n", s);\n}\n' >>"$tmp/t/run/run.c"
expect 1 "msgrule: fprintf(stderr) outside trace/msg.c fails" "run/run.c:10: names stderr"
tree
printf 'void h(void)\n{\n\thg_usage(stderr);\n\tfflush(stderr);\n}\n' >"$tmp/t/run/u.c"
expect 1 "msgrule: stderr handed on fails" "run/u.c:3: names stderr"
tree
printf 'void h(void)\n{\n\tperror("open");\n}\n' >"$tmp/t/run/p.c"
expect 1 "msgrule: perror() fails" "run/p.c:3: perror()"
tree
printf 'void h(void)\n{\n\tn = write(STDERR_FILENO, s, len);\n}\n' >"$tmp/t/run/w.c"
expect 1 "msgrule: a write to descriptor 2 fails" "run/w.c:3: writes to descriptor 2"
tree
printf 'void h(void)\n{\n\tdprintf(2, "x");\n}\n' >"$tmp/t/run/d.c"
expect 1 "msgrule: dprintf(2) fails" "run/d.c:3: writes to descriptor 2"
tree
printf 'void h(void)\n{\n\tif (stderr == f) return;\n\tnstderr = 1;\n}\n' >"$tmp/t/tests/check_z.c"
expect 0 "msgrule: a comparison or another name in a test passes"
echo "msgrule: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
