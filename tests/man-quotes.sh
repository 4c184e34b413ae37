#!/bin/sh
# Check the man page's quoted messages against the real binary, and its
# width (every line within 80 columns at MANWIDTH=80, when man(1) is here): every
# "$ hourglass <args>" line of an example followed by a quoted
# "hourglass: ..." line is run again (in a directory holding the files the
# examples name: yield.hgt, run.hgt, tasks.txt); when it is refused as bad
# input (exit status 2) its one line must be the quoted one, numbers aside
# (they come from the machine and the run). Other commands (a run that
# needs privileges or devices, or that would start) are counted as skipped.
# usage: tests/man-quotes.sh build/hourglass [man/hourglass.1]
set -u
HG=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
MAN=${2:-$(dirname "$0")/../man/hourglass.1}
MAN=$(cd "$(dirname "$MAN")" && pwd)/$(basename "$MAN")
TMP=$(mktemp -d /tmp/hgman.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
checked=0
failed=0
skipped=0

cd "$TMP" || exit 1
"$HG" -n 2 -d 100ms -a -w CPU_YIELD 900us -x -q -o yield.hgt 2>/dev/null
"$HG" -n 1 -d 100ms -x -q -o run.hgt 2>/dev/null
printf 'C=3ms T=8ms\nC=3 T=8ms\n' >tasks.txt

# the pairs, roff undone: "<command>\t<quoted line>"; a line of an example
# broken to fit 80 columns ends with " \\e" and goes on, indented, on the next
sed -e 's/\\-/-/g' -e "s/\\\\(aq/'/g" -e 's/\\(dq/"/g' -e 's/\\(>=/>=/g' \
	-e 's/\\f[BIRP]//g' -e 's/\\&//g' -e 's/ \\e$/ \\/' "$MAN" |
awk '/ \\$/ { if (held != "") sub(/^ +/, ""); sub(/ \\$/, " "); held = held $0; next }
     held != "" { sub(/^ +/, ""); $0 = held $0; held = "" }
     { print }' |
awk '/^\.EX/ { ex = 1; cmd = ""; next }
     /^\.EE/ { ex = 0; next }
     ex && /^\$ hourglass / { cmd = substr($0, 3); next }
     ex && cmd != "" && /^hourglass: / { print cmd "\t" $0; cmd = ""; next }
     ex { cmd = "" }' >pairs
norm() { sed -e 's/[0-9][0-9.]*/N/g'; }
while IFS='	' read -r cmd want; do
	cmd=${cmd%%;*}			# "...; echo $?"
	case $cmd in *'|'*) skipped=$((skipped + 1)); continue ;; esac
	# shellcheck disable=SC2086
	timeout 20 "$HG" ${cmd#hourglass } >/dev/null 2>err </dev/null
	rc=$?
	if [ $rc -ne 2 ]; then
		skipped=$((skipped + 1))
		continue
	fi
	checked=$((checked + 1))
	if [ "$(head -1 err | norm)" != "$(printf '%s\n' "$want" | norm)" ]; then
		failed=$((failed + 1))
		echo "FAILED  man quote of '$cmd':"
		echo "        quoted: $want"
		echo "        real:   $(head -1 err)"
	fi
done <pairs
# every line within 80 columns at MANWIDTH=80
if command -v man >/dev/null 2>&1; then
	wide=$(MANWIDTH=80 man -l "$MAN" 2>/dev/null | awk 'length > 80' | wc -l)
	if [ "$wide" -ne 0 ]; then
		failed=$((failed + 1))
		echo "FAILED  man page: $wide lines wider than 80 columns at MANWIDTH=80"
	fi
else
	echo "skipped man page width: no man(1)"
fi
echo "man quotes: $checked checked, $failed differ, $skipped skipped (not bad input here)"
[ $checked -ge 8 ] || { echo "FAILED  man quotes: fewer than 8 checked"; exit 1; }
[ $failed -eq 0 ]
