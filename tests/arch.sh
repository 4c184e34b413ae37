#!/bin/sh
# make check-arch: the tests of a build for another architecture, under
# qemu-user. Emulated timing means nothing (the emulator's counter is its
# host's wall clock in microseconds, and an emulated loop runs a hundred
# times slower), so what runs here asserts structure only: every unit test,
# and the smoke tests that need neither real time nor a privilege. The
# others are listed as skipped, with the reason.
# usage: tests/arch.sh <qemu> <triplet> <build>/hourglass <unit test>...
set -u
QEMU=$1
TRIPLET=$2
BIN=$3
shift 3
HERE=$(cd "$(dirname "$0")" && pwd)
if ! command -v "$QEMU" >/dev/null 2>&1; then
	echo "check-arch: $QEMU not found (scripts/deps.sh --arch <arch> installs it)" >&2
	exit 1
fi
if [ ! -d "/usr/lib/$TRIPLET" ]; then
	echo "check-arch: no /usr/lib/$TRIPLET: the $TRIPLET libraries are not installed" >&2
	exit 1
fi
# qemu takes the programs' libraries from here: with Debian's cross sysroot
# (/usr/<triplet>) it loads that loader and the multiarch libc, two builds of
# glibc (see below); the multiarch loader is the one that matches
unset QEMU_LD_PREFIX
TMP=$(mktemp -d /tmp/hgarch.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
status=0
start=$(date +%s)

# --- unit tests: all of them; Check's timeouts grow with the emulation -------
# Each binary's tests in one process (an emulated fork costs a second or
# more), but check_helpers', which test that failures are caught: they need
# a process each.
export HG_EMULATOR="$QEMU" CK_TIMEOUT_MULTIPLIER="${CK_TIMEOUT_MULTIPLIER:-10}"
nofork=""
fork=""
for t in "$@"; do
	case $t in
	*/check_helpers) fork="$fork $t" ;;
	*) nofork="$nofork $t" ;;
	esac
done
# shellcheck disable=SC2086
HG_CK_FORK=no sh "$HERE/run-unit.sh" $nofork || status=1
# shellcheck disable=SC2086
[ -z "$fork" ] || sh "$HERE/run-unit.sh" $fork || status=1

# --- smoke tests ------------------------------------------------------------
export HG_EMU_QEMU="$QEMU" HG_EMU_BIN="$BIN"
HG="$HERE/emu-hg.sh"
passed=0
failed=0
skipped=0
ok() { passed=$((passed + 1)); echo "ok      $1"; }
fail() { failed=$((failed + 1)); echo "FAILED  $1: $2"; }
skip() { skipped=$((skipped + 1)); echo "skipped $1: $2"; }
EMU="emulated timing is meaningless"
# ends_within PID S: true when PID ends within S seconds; else it is killed
ends_within() {
	n=0
	while kill -0 "$1" 2>/dev/null && [ $n -lt $(($2 * 10)) ]; do
		sleep 0.1
		n=$((n + 1))
	done
	kill -0 "$1" 2>/dev/null || return 0
	kill -KILL "$1"
	return 1
}

# calibrate: the counter's name, frequency, tick and resolution, a threshold
# of at least two steps; its JSON against the schema
if timeout 120 "$HG" calibrate >"$TMP/cal" 2>&1 &&
   grep -q '^# counter: [a-z]* [0-9.]* MHz' "$TMP/cal" &&
   grep -q '^# counter tick: [0-9.]* ns' "$TMP/cal" &&
   grep -q '^# gap threshold: ' "$TMP/cal"; then
	ok "calibrate"
else
	fail "calibrate" "$(head -3 "$TMP/cal")"
fi
if timeout 120 "$HG" calibrate --json >"$TMP/cal.json" 2>"$TMP/err" &&
   python3 "$HERE/json-validate.py" "$HERE/../schemas" calibrate "$TMP/cal.json" \
	>"$TMP/v" 2>&1; then
	ok "calibrate --json: valid"
else
	fail "calibrate --json" "$(head -3 "$TMP/err" "$TMP/v")"
fi

# a short run ends by itself, in bounded time, and reports its one thread
# (-v: the full summary, with the thread table)
if timeout 120 "$HG" -n 1 -d 100ms -x -v >"$TMP/out" 2>"$TMP/err" &&
   grep -q '^# 0  *CPU ' "$TMP/out"; then
	ok "-n 1 -d 100ms -x ends"
else
	fail "-n 1 -d 100ms -x" "exit status $?, $(head -2 "$TMP/err")"
fi

# a traced run: its structure, dump reproduces it, its summary JSON is valid
if timeout 120 "$HG" -n 2 -d 200ms -c -v -o "$TMP/run.hgt" --json "$TMP/run.json" \
	>"$TMP/out" 2>"$TMP/err" &&
   awk -f "$HERE/trace-check.awk" "$TMP/out" >"$TMP/check" &&
   timeout 60 "$HG" dump "$TMP/run.hgt" | cmp -s - "$TMP/out"; then
	ok "-n 2 -c -o: structure, dump reproduces the output"
else
	fail "-n 2 -c -o" "$(head -3 "$TMP/err" "$TMP/check" 2>/dev/null)"
fi
if python3 "$HERE/json-validate.py" "$HERE/../schemas" summary "$TMP/run.json" \
	>"$TMP/v" 2>&1; then
	ok "--json: valid"
else
	fail "--json" "$(head -3 "$TMP/v")"
fi
for f in csv json perfetto prom; do
	rm -f "$TMP/exp"
	if timeout 60 "$HG" export "$TMP/run.hgt" --format "$f" -o "$TMP/exp" 2>"$TMP/err" &&
	   [ -s "$TMP/exp" ]; then
		ok "export --format $f"
	else
		fail "export --format $f" "$(head -2 "$TMP/err")"
	fi
done
if timeout 60 "$HG" ctx "$TMP/run.hgt" >"$TMP/ctx" 2>"$TMP/err"; then
	ok "ctx of the trace"
else
	fail "ctx" "$(head -2 "$TMP/err")"
fi

# a timed model: the deadline lines are there (how many are hit is timing)
if timeout 120 "$HG" -n 1 -d 300ms -w PERIODIC 2ms 5ms >"$TMP/out" 2>"$TMP/err" &&
   grep -q '^thread 0: missed [0-9]* deadlines, hit [0-9]*' "$TMP/out"; then
	ok "PERIODIC: deadline lines"
else
	fail "PERIODIC" "$(head -2 "$TMP/err")"
fi

# SIGINT and SIGTERM end a long run, whose report is still printed
for sig in INT TERM; do
	"$HG" -n 1 -d 60s -x >"$TMP/bg.out" 2>"$TMP/bg.err" &
	bg=$!
	n=0
	while [ "$(ls /proc/$bg/task 2>/dev/null | wc -l)" -lt 3 ] && [ $n -lt 600 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	sleep 1
	kill -$sig $bg
	if ! ends_within $bg 30; then
		fail "SIG$sig" "the run did not end within 30 s"
	elif grep -q "^# interrupted: SIG$sig" "$TMP/bg.out"; then
		ok "SIG$sig ends the run, the report says so"
	else
		fail "SIG$sig" "no 'interrupted' in the report"
	fi
	wait $bg 2>/dev/null
done

# A set-up that never finishes still ends on SIGTERM. Run with the loader of
# Debian's cross toolchain (qemu -L /usr/<triplet>, libc6-<arch>-cross) and
# the multiarch libc.so.6 it finds, two builds of glibc whose private loader
# state differs, pthread_create() never returns (it walks a list head that
# the other build put 8 bytes away). The signal is noted, and the set-up's
# grace time (10 s) ends the process.
interp=$("$TRIPLET-readelf" -l "$BIN" 2>/dev/null | sed -n 's/.*interpreter: \(.*\)]$/\1/p')
if [ -z "$interp" ] || [ ! -e "/usr/$TRIPLET$interp" ] || [ ! -e "$interp" ]; then
	skip "set-up stuck in a mismatched glibc, SIGTERM" "no cross loader /usr/$TRIPLET$interp"
elif cmp -s "/usr/$TRIPLET$interp" "$interp"; then
	skip "set-up stuck in a mismatched glibc, SIGTERM" "the cross and multiarch loaders are one build"
else
	QEMU_LD_PREFIX=/usr/$TRIPLET "$HG" -n 1 -d 100ms -x >"$TMP/bg.out" 2>"$TMP/bg.err" &
	bg=$!
	# the emulated start-up takes seconds on a loaded machine: a signal
	# before the handlers are set ends the process with no word
	sleep 15
	kill -TERM $bg 2>/dev/null
	if ! ends_within $bg 60; then
		fail "set-up stuck in a mismatched glibc" "SIGTERM did not end it within 60 s"
	elif grep -q 'did not finish in time after SIGTERM: ended without a run' "$TMP/bg.err" ||
	     grep -q '^# interrupted: SIGTERM' "$TMP/bg.out"; then
		ok "set-up stuck in a mismatched glibc: SIGTERM ends it"
	else
		fail "set-up stuck in a mismatched glibc" "$(head -2 "$TMP/bg.err")"
	fi
	wait $bg 2>/dev/null
fi

# help, and bad input ends before anything runs
if "$HG" --help >"$TMP/out" 2>&1 && grep -q 'calibrate' "$TMP/out"; then
	ok "--help"
else
	fail "--help" "$(head -2 "$TMP/out")"
fi
"$HG" -n 0 >"$TMP/out" 2>"$TMP/err"
if [ $? = 2 ] && [ "$(wc -l <"$TMP/err")" = 1 ] && [ ! -s "$TMP/out" ]; then
	ok "bad input: exit status 2, one line"
else
	fail "bad input" "$(cat "$TMP/err")"
fi

skip "smoke.sh's runs with RT priorities, SCHED_DEADLINE, memory locking" \
	"need privileges, and a real scheduler to mean anything"
skip "ctxcost, cachecost, calibrate --ctx" "they measure: $EMU"
skip "--break, --fail-on-miss, the status line, long runs" "they wait for timing: $EMU"
skip "tests/badinput.sh" "bounds the address space (ulimit -v), which the emulator reserves"
skip "make bench" "measures: $EMU"

echo "arch smoke: $passed passed, $failed failed, $skipped skipped"
echo "check-arch: $(($(date +%s) - start)) s under $QEMU"
[ "$failed" = 0 ] || status=1
exit $status
