#!/bin/sh
# The README's commands, run, so that it never goes stale: every line of a
# code block that starts with "$ " is a command; each runs in a directory of
# its own (build/hourglass is the binary under test) and must exit 0 and print
# every kind of line the README shows after it (a line's kind: "# thread N",
# "# audit", "latlate", "# N PERIODIC", ...: its first words before a ':',
# numbers made N), each of its intervals by the same method as the README
# says ("bootstrap", "Student t": the words that end a "95 % CI" or name
# what a missing interval needs). The set-up block's "make demo" runs the demo's script (the
# build and the packages are make check's own), and "make check" is this very
# run. Also: the README holds at most 250 lines and starts with those two.
# usage: tests/readme.sh build/hourglass [README.md]
set -u
HG=$(cd "$(dirname "${1:-build/hourglass}")" && pwd)/$(basename "${1:-build/hourglass}")
HERE=$(cd "$(dirname "$0")" && pwd)
README=${2:-$HERE/../README.md}
TMP=$(mktemp -d /tmp/hgreadme.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
passed=0
failed=0
skipped=0

ok() { passed=$((passed + 1)); echo "ok      $1"; }
fail() { failed=$((failed + 1)); echo "FAILED  $1: $2"; }
skip() { skipped=$((skipped + 1)); echo "skipped $1: $2"; }

# kinds FILE: the kind of each line, once each: its numbers made N, up to its
# first ':', at most three words ("# thread N", "latlate", "# N PERIODIC", "T")
kinds() {
	awk '{ l = $0; gsub(/[0-9][0-9.]*/, "N", l); i = index(l, ":")
	       if (i) l = substr(l, 1, i - 1)
	       n = split(l, w, " "); k = w[1]
	       for (j = 2; j <= n && j <= 3; j++) k = k " " w[j]
	       if (n) print k }' "$1" | sort -u
}

# methods FILE: per line with an interval, its kind and the method of each
# of its intervals, once each ("voluntary switch: bootstrap bootstrap")
methods() {
	awk '{ l = $0; k = l; i = index(k, ":"); if (i) k = substr(k, 1, i - 1)
	       gsub(/[0-9][0-9.]*/, "N", k); m = ""
	       while (match(l, /95 % CI [^)]*\)/)) {
		       seg = substr(l, RSTART, RLENGTH - 1); l = substr(l, RSTART + RLENGTH)
		       if (seg ~ / needs [0-9]+$/) { sub(/ needs [0-9]+$/, "", seg); sub(/.*: /, "", seg) }
		       else sub(/.*, /, "", seg)
		       m = m " " seg }
	       if (m != "") print k ":" m }' "$1" | sort -u
}

n=$(wc -l <"$README")
[ "$n" -le 250 ] && ok "README: $n lines (at most 250)" || fail "README" "$n lines, more than 250"
first=$(awk '/^```/ { inb = !inb; next } inb && /^\$ / { print $2 " " $3 }' "$README" | head -2 |
	tr '\n' ',')
[ "$first" = "make demo,make check," ] && ok "README: make demo and make check first" ||
	fail "README" "its first commands are '$first', not make demo and make check"

# each command with the README's output after it, up to the block's end or the next command
awk -v dir="$TMP" '
	/^```/ { if (inb && k) close(out); inb = !inb; k = 0; next }
	inb && /^\$ / { n++; k = 1; out = sprintf("%s/out%03d", dir, n)
		cmd = sprintf("%s/cmd%03d", dir, n); print substr($0, 3) >cmd; close(cmd)
		printf "" >out; next }
	inb && k { print >>out }
' "$README"

for cmd in "$TMP"/cmd*; do
	[ -e "$cmd" ] || { fail "README" "no command in it"; break; }
	i=${cmd##*cmd}
	line=$(cat "$cmd")
	case $line in
	"make check"*)
		skip "$line" "this is that run"
		continue ;;
	"make demo"*)
		run="sh '$HERE/../scripts/demo.sh' '$HG'" ;;
	*)
		run=$(printf '%s' "$line" | sed "s|build/hourglass|'$HG'|g") ;;
	esac
	case $line in
	cyclictest*)
		if ! command -v cyclictest >/dev/null; then
			skip "$line" "cyclictest not installed (apt-get install rt-tests)"
			continue
		fi ;;
	esac
	case $line in
	*" -p FIFO"* | *" -p RT"* | cyclictest*" -p"*)
		if [ "$(id -u)" != 0 ]; then
			skip "$line" "needs CAP_SYS_NICE for a real-time priority (run as root)"
			continue
		fi ;;
	esac
	mkdir -p "$TMP/run$i"
	(cd "$TMP/run$i" && eval "$run") >"$TMP/real$i" 2>"$TMP/err$i"
	rc=$?
	if [ $rc != 0 ]; then
		fail "$line" "exit status $rc: $(head -2 "$TMP/err$i")"
		continue
	fi
	kinds "$TMP/out$i" >"$TMP/want$i"
	kinds "$TMP/real$i" >"$TMP/have$i"
	missing=$(comm -23 "$TMP/want$i" "$TMP/have$i" | tr '\n' '|')
	methods "$TMP/out$i" >"$TMP/mwant$i"
	methods "$TMP/real$i" >"$TMP/mhave$i"
	wrong=$(comm -23 "$TMP/mwant$i" "$TMP/mhave$i" | tr '\n' '|')
	if [ -n "$missing" ]; then
		fail "$line" "the README shows lines it no longer prints: $missing"
	elif [ -n "$wrong" ]; then
		fail "$line" "the README's intervals are not found as it says: $wrong"
	else
		ok "$line: $(wc -l <"$TMP/real$i") lines, every kind the README shows"
	fi
done
echo "readme: $passed passed, $failed failed, $skipped skipped"
[ $failed = 0 ]
