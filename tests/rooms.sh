#!/bin/sh
# The rooms check (scripts/rooms.sh) on small trees of its own: it passes a
# tree whose analysis/ computes only and whose functions are short, and
# fails one with a print in analysis/, one with a file read there, and one
# with a function over 80 lines; a print or a read in a comment or a string,
# a read through an operations table, and a long function under tests/ pass.
# usage: tests/rooms.sh
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
checker=rooms.sh
. "$here/tests/tree-expect.sh"
tree() {
	rm -rf "$tmp/t" && mkdir -p "$tmp/t/analysis/stats" "$tmp/t/report" "$tmp/t/tests"
	printf 'int hg_sum(const int *v, int n)\n{\n\tint s = 0;\n\n\twhile (n--)\n\t\ts += *v++;\n\treturn s;\n}\n' \
		>"$tmp/t/analysis/stats/sum.c"
	printf '#include <stdio.h>\nvoid hg_sum_print(FILE *f, int s)\n{\n\tfprintf(f, "%%d\\n", s);\n}\n' \
		>"$tmp/t/report/sum.c"
}
body() {	# body <lines>: a function of that many lines, "{" and "}" counted
	printf 'int f(void)\n{\n'
	i=2
	while [ "$i" -lt "$1" ]; do printf '\t;\n'; i=$((i + 1)); done
	printf '}\n'
}
tree
expect 0 "rooms: an analysis/ that computes only passes" "prints and reads nothing"
tree
printf 'void g(void)\n{\n\tputs("x");\n}\n' >"$tmp/t/analysis/stats/g.c"
expect 1 "rooms: puts() in analysis/ fails" "analysis/stats/g.c:3: analysis/ prints nothing"
tree
printf 'void g(FILE *f)\n{\n\tfprintf (f, "x");\n}\n' >"$tmp/t/analysis/g.c"
expect 1 "rooms: fprintf() to a stream in analysis/ fails" "analysis/g.c:3: analysis/ prints nothing"
tree
printf 'FILE *g(void)\n{\n\treturn stderr;\n}\n' >"$tmp/t/analysis/g.c"
expect 1 "rooms: stderr named in analysis/ fails" "prints nothing"
tree
printf 'int g(const char *p)\n{\n\treturn open(p, 0);\n}\n' >"$tmp/t/analysis/g.c"
expect 1 "rooms: open() in analysis/ fails" "analysis/g.c:3: analysis/ reads no file"
tree
printf 'int g(const char *p, char **t, size_t *n)\n{\n\treturn hg_infile_slurp(p, 9, t, n, 0, 0);\n}\n' \
	>"$tmp/t/analysis/g.c"
expect 1 "rooms: the project's file reader in analysis/ fails" "reads no file"
tree
printf 'void *g(int fd)\n{\n\treturn mmap(0, 9, 1, 1, fd, 0);\n}\n' >"$tmp/t/analysis/stats/g.h"
expect 1 "rooms: mmap() in a header of analysis/ fails" "g.h:3: analysis/ reads no file"
tree
printf '/* printf(), fopen() and\n * read() are for report/ */\nint g(struct src *s)\n{\n\tconst char *m = "puts(x) fread(";\n\n\treturn s->ops->read(s, m) + snprintf(0, 0, "%%s", m);\n}\n' \
	>"$tmp/t/analysis/g.c"
expect 0 "rooms: comments, strings, snprintf and ->read() pass" "prints and reads nothing"
tree
body 81 >"$tmp/t/report/long.c"
expect 1 "rooms: a function of 81 lines fails" "report/long.c:2: f is 81 lines"
tree
body 80 >"$tmp/t/report/long.c"
expect 0 "rooms: a function of 80 lines passes" "no function over 80"
tree
mkdir -p "$tmp/t/run" && body 90 | sed 's/^int f(/static int run_other(/' >"$tmp/t/run/run.c"
expect 1 "rooms: a long static function outside analysis/ fails" "run_other is 90 lines"
tree
body 120 >"$tmp/t/tests/long.c"
expect 0 "rooms: a long function under tests/ passes" "no function over 80"
echo "rooms: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
