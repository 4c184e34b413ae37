#!/bin/bash
# Replay the bad-input catalogue (tests/badinput.txt): every case must end
# before anything runs, with the exit status given (2), one line on standard
# error that starts "hourglass: " and holds the fragment given, nothing on
# standard output, every file of the work directory as it was (an existing
# file named as an output untouched, no new file), within an address-space
# bound (no absurd allocation before the check), in bounded time (a FIFO
# must not block), and with at most a bounded part of a long value quoted.
#
# Lines of the catalogue (# comments and blank lines are skipped):
#   file <name> <text>            a file holding <text> (printf %b: \n \033 ...)
#   fifo <name> | dir <name>      a FIFO, a directory
#   symlink <name> <target>       a symbolic link
#   hardlink <name> <target>      a hard link (made after the files above it)
#   sparse <name> <bytes>         "NOTATRACE" then zeros up to <bytes> (no disk used)
#   trace <name>                  a valid trace of a short run
#   damage <name> <op> [<n>]      that trace damaged: truncate <n> (keep n bytes),
#                                 flip <n> (a byte at n, from the end when < 0),
#                                 version (an unknown version), garbage (bytes after it)
#   copy <name> <fixture>         a copy of tests/fixtures/<fixture>
#   poke <name> <offset> <byte>   byte <offset> of file <name> set to <byte> (decimal)
#   repeat <name> <count> <text>  <text> (printf %b) appended <count> times: files
#                                 past a reader's limit of lines, tasks or bytes
#   <status> | <fragment> | <arguments>
#                                 a case: the arguments split at spaces; @<name> is
#                                 the file made above, {LONG} 5000 x's, {EMPTY} an
#                                 empty argument, {SP} a space, {ESC} an escape,
#                                 {BEL} a bell
# usage: tests/badinput.sh build/hourglass [tests/badinput.txt]
set -u
HG=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
CAT=${2:-$(dirname "$0")/badinput.txt}
TMP=$(mktemp -d /tmp/hgbad.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
W=$TMP/work
mkdir "$W"
LIMIT_KB=${HG_BADINPUT_VMEM_KB:-524288}	# 512 MiB of address space per case
MAX_LINE=600				# a message quotes at most this much
LONG=$(printf '%5000s' '' | tr ' ' x)
passed=0
failed=0

fail() { failed=$((failed + 1)); echo "FAILED  $1: $2"; }

# Sanitizers reserve terabytes of address space: no bound then, and said so
# (the probe's own failure is no sanitizer report: log_path is not passed)
bound=1
if ! (ulimit -v "$LIMIT_KB" && ASAN_OPTIONS= UBSAN_OPTIONS= "$HG" --version >/dev/null 2>&1); then
	bound=0
	echo "badinput: no address-space bound (the binary does not start under ulimit -v $LIMIT_KB)"
fi
if ! "$HG" -n 1 -d 20ms -w CPU_YIELD 100us -q -o "$TMP/ref.hgt" 2>"$TMP/err"; then
	echo "badinput: cannot make a trace to damage: $(head -1 "$TMP/err")"
	exit 1
fi
size=$(wc -c <"$TMP/ref.hgt")

# the output that must survive every case unchanged
printf 'keep me\n' >"$W/exists.out"

snapshot() {
	(cd "$W" && find . -printf '%p %y %s %T@ %m %l\n' | sort &&
	 find . -type f -exec cksum {} + | sort)
}

# expand one word of a case
word() {
	local w=$1
	case $w in
	{EMPTY}) printf '%s' "" ; return ;;
	@*) w=$W/${w#@} ;;
	esac
	w=${w//\{LONG\}/$LONG}
	w=${w//\{SP\}/ }
	w=${w//\{ESC\}/$'\033'}
	w=${w//\{BEL\}/$'\a'}
	printf '%s' "$w"
}

damage() {	# name op n
	cp "$TMP/ref.hgt" "$W/$1"
	case $2 in
	truncate) truncate -s "$3" "$W/$1" ;;
	flip)	at=$3
		[ "$at" -lt 0 ] && at=$((size + at))
		b=$(od -An -tu1 -j "$at" -N1 "$W/$1" | tr -d ' ')
		printf "\\$(printf '%03o' $(((b ^ 255) & 255)))" |
			dd of="$W/$1" bs=1 seek="$at" conv=notrunc status=none ;;
	version) printf '\143' | dd of="$W/$1" bs=1 seek=8 conv=notrunc status=none ;;
	garbage) printf 'trailing bytes' >>"$W/$1" ;;
	*)	echo "badinput: unknown damage '$2'"; exit 1 ;;
	esac
}

run_case() {	# status fragment args
	local want=$1 frag=$2 args=$3 rc lines len
	local -a argv=()
	set -f
	for w in $args; do
		argv+=("$(word "$w")")
	done
	set +f
	snapshot >"$TMP/before"
	(
		cd "$W" || exit 99
		[ $bound = 1 ] && ulimit -v "$LIMIT_KB"
		exec timeout 10 "$HG" "${argv[@]}"
	) </dev/null >"$TMP/out" 2>"$TMP/err"
	rc=$?
	snapshot >"$TMP/after"
	lines=$(wc -l <"$TMP/err")
	len=$(head -1 "$TMP/err" | wc -c)
	if [ $rc = 124 ]; then
		fail "$args" "did not end within 10 s"
	elif [ $rc != "$want" ]; then
		fail "$args" "exit status $rc, want $want: $(head -c 300 "$TMP/err")"
	elif [ "$lines" != 1 ] || ! grep -q '^hourglass: ' "$TMP/err"; then
		fail "$args" "standard error is not one 'hourglass: ' line: $(head -c 300 "$TMP/err")"
	elif ! grep -qF -- "$frag" "$TMP/err"; then
		fail "$args" "no '$frag' in: $(head -c 300 "$TMP/err")"
	elif [ "$len" -gt $MAX_LINE ]; then
		fail "$args" "a message of $len bytes: $(head -c 200 "$TMP/err")..."
	elif [ -s "$TMP/out" ]; then
		fail "$args" "standard output written: $(head -c 200 "$TMP/out")"
	elif ! cmp -s "$TMP/before" "$TMP/after"; then
		fail "$args" "files changed: $(diff "$TMP/before" "$TMP/after" | head -5 | tr '\n' ' ')"
	else
		passed=$((passed + 1))
	fi
}

while IFS= read -r line || [ -n "$line" ]; do
	case $line in
	'' | '#'*) continue ;;
	'file '*)
		set -f; set -- $line; set +f
		name=$2
		text=
		[ $# -gt 2 ] && text=${line#file "$name" }
		printf '%b' "$text" >"$W/$name" ;;
	'fifo '*) mkfifo "$W/${line#fifo }" ;;
	'dir '*) mkdir "$W/${line#dir }" ;;
	'symlink '*) set -f; set -- $line; set +f; ln -s "$3" "$W/$2" ;;
	'hardlink '*) set -f; set -- $line; set +f; ln "$W/$3" "$W/$2" ;;
	'sparse '*)
		set -f; set -- $line; set +f
		printf 'NOTATRACE' >"$W/$2" && truncate -s "$3" "$W/$2" ;;
	'trace '*) cp "$TMP/ref.hgt" "$W/${line#trace }" ;;
	'damage '*) set -f; set -- $line; set +f; damage "$2" "$3" "${4:-}" ;;
	'copy '*) set -f; set -- $line; set +f; cp "$(dirname "$0")/fixtures/$3" "$W/$2" ;;
	'poke '*)
		set -f; set -- $line; set +f
		printf "\\$(printf '%03o' "$4")" |
			dd of="$W/$2" bs=1 seek="$3" conv=notrunc status=none ;;
	'repeat '*)
		set -f; set -- $line; set +f
		text=${line#repeat "$2" "$3" }
		printf '%b' "$text" >"$TMP/unit"
		want=$(($3 * $(wc -c <"$TMP/unit")))
		# doubled until long enough, then cut: a few steps for a million
		while [ "$(wc -c <"$TMP/unit")" -lt "$want" ]; do
			cat "$TMP/unit" "$TMP/unit" >"$TMP/unit2" && mv "$TMP/unit2" "$TMP/unit"
		done
		head -c "$want" "$TMP/unit" >>"$W/$2"
		rm -f "$TMP/unit" ;;
	[0-9]*' | '*)
		want=${line%% | *}
		rest=${line#* | }
		frag=${rest%% | *}
		args=${rest#* | }
		run_case "$want" "$frag" "$args" ;;
	*)	echo "badinput: cannot read the line: $line"; exit 1 ;;
	esac
done <"$CAT"

echo "badinput: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
