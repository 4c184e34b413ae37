#!/bin/sh
# Smoke tests: run the real binary for about a second at a time and check the
# structure of what it prints and writes. Nothing here depends on timing.
# usage: tests/smoke.sh build/hourglass
set -u
HG=${1:-build/hourglass}
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d /tmp/hgsmoke.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
passed=0
failed=0
skipped=0

ok() { passed=$((passed + 1)); echo "ok      $1"; }
fail() { failed=$((failed + 1)); echo "FAILED  $1: $2"; }
skip() { skipped=$((skipped + 1)); echo "skipped $1: $2"; }

# check_run NAME ARGS...: run with -c and -v, check the structure, dump equals
# output; dump --brief has the same trace lines
check_run() {
	name=$1
	shift
	rm -f "$TMP/run.hgt"
	"$HG" "$@" -c -v -o "$TMP/run.hgt" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ $rc != 0 ]; then
		fail "$name" "exit status $rc ($(head -1 "$TMP/err"))"
		return 1
	fi
	if ! awk -f "$HERE/trace-check.awk" "$TMP/out" >"$TMP/check"; then
		fail "$name" "$(head -3 "$TMP/check")"
		return 1
	fi
	if ! "$HG" dump "$TMP/run.hgt" | cmp -s - "$TMP/out"; then
		fail "$name" "dump differs from the run's output"
		return 1
	fi
	"$HG" dump --brief "$TMP/run.hgt" | grep -v '^#' >"$TMP/brief-lines"
	if ! grep -v '^#' "$TMP/out" | cmp -s - "$TMP/brief-lines"; then
		fail "$name" "dump --brief has other trace lines than the run's"
		return 1
	fi
	ok "$name"
}

# expect_bad NAME ARGS...: exit 2, one line on stderr, nothing on stdout or disk
expect_bad() {
	name=$1
	shift
	rm -rf "$TMP/bad"
	mkdir "$TMP/bad"
	"$HG" "$@" >"$TMP/bad/stdout" 2>"$TMP/bad/stderr"
	rc=$?
	lines=$(wc -l <"$TMP/bad/stderr")
	files=$(ls "$TMP/bad" | grep -v -e '^stdout$' -e '^stderr$' | wc -l)
	if [ "$rc" -ne 2 ]; then
		fail "$name" "exit status $rc, want 2"
	elif [ "$lines" -ne 1 ] || ! grep -q '^hourglass: ' "$TMP/bad/stderr"; then
		fail "$name" "stderr is not one 'hourglass: ' line: $(cat "$TMP/bad/stderr")"
	elif [ -s "$TMP/bad/stdout" ] || [ "$files" -ne 0 ]; then
		fail "$name" "something was written"
	else
		ok "$name: $(cat "$TMP/bad/stderr")"
	fi
}

# summary_field OUT THREAD COLUMN: a cell of a thread's summary row; cells
# are separated by two or more spaces and never hold two spaces themselves
summary_field() {
	awk -F '  +' -v t="# $2" -v col="$3" '
		/^# thread / { for (i = 1; i <= NF; i++) h[$i] = i; next }
		/^# [0-9]+ / && $1 == t { print $(h[col]); exit }' "$1"
}

is_root() { [ "$(id -u)" = 0 ]; }
# start_bg ARGS...: start a run in the background (its pid in $bg), and wait until
# its threads exist: from then on SIGINT, SIGTERM and SIGUSR1 are the run's
start_bg() {
	"$HG" "$@" >"$TMP/bg.out" 2>"$TMP/bg.err" &
	bg=$!
	n=0
	# until the run's threads ("hg/<n>") exist: the audit's own come and go before
	while ! cat /proc/$bg/task/*/comm 2>/dev/null | grep -q '^hg/' && [ $n -lt 300 ]; do
		kill -0 $bg 2>/dev/null || break
		sleep 0.1
		n=$((n + 1))
	done
}

echo "smoke tests of $HG"

# --- runs -------------------------------------------------------------------
if is_root; then
	check_run "paper 3-thread priorities" -n 3 -d 1s -t 0 -p LOW -t 1 -p NORMAL -t 2 -p HIGH
else
	skip "paper 3-thread priorities" "needs CAP_SYS_NICE (HIGH is nice -10): LOW and NORMAL only"
	check_run "3 threads at LOW, NORMAL, NORMAL" -n 3 -d 1s -t 0 -p LOW -t 1 -p NORMAL
fi
check_run "CPU_YIELD 0.9ms on one CPU" -n 2 -d 1s -a -w CPU_YIELD 0.9ms --cpu 0 &&
	{ y=$(summary_field "$TMP/out" 0 work); case "$y" in [1-9]*yields) ok "CPU_YIELD counts yields ($y)";;
	  *) fail "CPU_YIELD counts yields" "work column is '$y'";; esac; }
check_run "CPU_SCAN 256 on CPU 1" -n 2 -d 1s -a -w CPU_SCAN 256 --cpu 1 &&
	{ p=$(summary_field "$TMP/out" 1 work); case "$p" in [1-9]*passes) ok "CPU_SCAN counts passes ($p)";;
	  *) fail "CPU_SCAN counts passes" "work column is '$p'";; esac; }
check_run "CPU_SCAN_YIELD" -n 2 -d 500ms -a -w CPU_SCAN_YIELD 64 1ms
check_run "-s and -f" -n 2 -d 1s -t 1 -s 200ms -f 600ms &&
	{ if awk '$1 == "1" && ($2 < 200 || $3 > 600.000001) { bad = 1 } END { exit bad }' "$TMP/out"
	  then ok "-s/-f window holds thread 1's intervals"; else fail "-s/-f window" "interval outside 200-600 ms"; fi; }
if is_root; then
	check_run "RT priorities (RTHIGH, FIFO:20, RR:30)" -n 3 -d 500ms -t 0 -p RTHIGH -t 1 -p FIFO:20 -t 2 -p RR:30
else
	skip "RT priorities" "needs CAP_SYS_NICE (run as root)"
	"$HG" -n 1 -d 100ms -p RTHIGH >/dev/null 2>"$TMP/err"
	rc=$?
	if [ $rc -eq 1 ] && grep -q CAP_SYS_NICE "$TMP/err"; then ok "RT priority without privilege names CAP_SYS_NICE"
	else fail "RT priority without privilege" "exit $rc: $(cat "$TMP/err")"; fi
fi

# --- timed models -------------------------------------------------------------
RT=""
is_root && RT="-p RTHIGH"
for timer in NATIVE HR TIMERFD POSIX SPIN; do
	# LAT: one sample per period (next = wake-up + T), lateness never negative
	if "$HG" -n 1 -d 500ms $RT -w LAT 1ms -i $timer -o "$TMP/lat.hgt" >"$TMP/out" 2>"$TMP/err"; then
		n=$(grep -c '^latlate: ' "$TMP/out")
		s=$(sed -n 's/^# thread 0: LAT .*: \([0-9]*\) samples.*/\1/p' "$TMP/out")
		neg=$(grep -c '^latlate: -' "$TMP/out")
		# max lateness in us: periods are at least 1 ms, at most 1 ms + that
		maxus=$(sed -n 's/.* max \([0-9]*\)\.[0-9]*$/\1/p' "$TMP/out" | head -1)
		# (halved: a loaded machine may start the thread late)
		lo=$((500000 / (1000 + ${maxus:-0}) / 2))
		if [ "$n" = "$s" ] && [ "$n" -le 500 ] && [ "$n" -ge "$lo" ] && [ "$neg" = 0 ] &&
		   "$HG" dump --brief "$TMP/lat.hgt" | cmp -s - "$TMP/out"; then
			ok "LAT 1ms -i $timer: $n samples, one a period, dump --brief agrees"
		else
			fail "LAT 1ms -i $timer" "$n lines, '$s' samples (want $lo to 500), $neg negative"
		fi
	else
		fail "LAT 1ms -i $timer" "exit status $? ($(head -1 "$TMP/err"))"
	fi
	# PERIODIC: hits + misses = periods in the run, within one
	if check_run "PERIODIC 2ms 5ms -i $timer" -n 1 -d 500ms $RT -w PERIODIC 2ms 5ms -i $timer; then
		hm=$(sed -n 's/^thread 0: missed \([0-9]*\) deadlines, hit \([0-9]*\)$/\1 \2/p' "$TMP/out")
		sum=$(echo "$hm" | awk '{ print $1 + $2 }')
		if [ -n "$hm" ] && [ "$sum" -ge 99 ] && [ "$sum" -le 101 ]; then
			ok "PERIODIC -i $timer: missed+hit = $sum of 100 periods"
		else
			fail "PERIODIC -i $timer" "missed/hit '$hm' for 100 periods"
		fi
	fi
done
# LAT GRID: wake-ups on start + k*T, as cyclictest's; the report says which clock ran
if "$HG" -n 1 -d 300ms $RT -w LAT 1ms GRID -i HR -o "$TMP/grid.hgt" >"$TMP/out" 2>"$TMP/err"; then
	s=$(sed -n 's/^# thread 0: LAT 1ms GRID on HR .*, wake-ups at start + k\*T: \([0-9]*\) samples.*/\1/p' \
		"$TMP/out")
	if [ -n "$s" ] && [ "$s" -le 300 ] && [ "$s" = "$(grep -c '^latlate: ' "$TMP/out")" ] &&
	   "$HG" dump --brief "$TMP/grid.hgt" | cmp -s - "$TMP/out"; then
		ok "LAT 1ms GRID: $s samples of at most 300, the clock said, dump --brief agrees"
	else
		fail "LAT 1ms GRID" "'$s' samples: $(grep '^# thread 0: LAT' "$TMP/out")"
	fi
else
	fail "LAT 1ms GRID" "exit status $? ($(head -1 "$TMP/err"))"
fi
check_run "CPU_PERIODIC 10ms 50ms" -n 1 -d 500ms -w CPU_PERIODIC 10ms 50ms &&
	{ grep -q '^thread 0: missed [0-9]* deadlines, hit [1-9][0-9]*$' "$TMP/out" &&
	  grep -q 'frames per second' "$TMP/out" && ok "CPU_PERIODIC reports frames and deadlines" ||
	  fail "CPU_PERIODIC report" "no deadline or frame line"; }
printf '# frame costs\n2ms\n\n1ms\n3ms\n' >"$TMP/frames.txt"
check_run "PERIODIC_TABLE" -n 1 -d 300ms -w PERIODIC_TABLE "$TMP/frames.txt" 10ms -i TIMERFD
"$HG" -n 1 -d 500ms -w LAT 1ms -i HR --histogram 200 -x >"$TMP/out" 2>&1
if grep -q '^# Histogram$' "$TMP/out" && [ "$(grep -c '^[0-9]\{6\} [0-9]\{6\}$' "$TMP/out")" = 200 ] &&
   grep -q '^# Max Latencies: [0-9]\{5\}$' "$TMP/out"; then ok "--histogram in cyclictest's layout"
else fail "--histogram" "layout differs"; fi
# the summary: two tables within 120 columns; a LAT thread's row shows its
# samples and lateness, not zeros, and its kernel line no percentage of zero
# (at the highest priority: on a loaded machine a SCHED_OTHER LAT thread
# beside a FIFO hog can take no sample in 200 ms)
"$HG" -n 3 -d 200ms -t 0 -p HIGHEST -w LAT 1ms -i HR -t 1 -w CPU_SCAN_YIELD 64 1ms -t 2 -p HIGHEST \
	-w CPU_YIELD 900us -x -v >"$TMP/out" 2>/dev/null
w=$(grep -E '^# (thread  |[0-9]+ )' "$TMP/out" | awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }')
[ "$w" -gt 0 ] && [ "$w" -le 120 ] && ok "summary tables within 120 columns ($w)" ||
	fail "summary tables" "$w columns wide"
[ "$(summary_field "$TMP/out" 0 work)" = "$(sed -n 's/^# thread 0: LAT .*: \([0-9]*\) samples;.*/\1 samples/p' "$TMP/out")" ] &&
	grep -q '^# 0  *- *- *- *- *[0-9.][0-9.]* *[0-9.][0-9.]* ' "$TMP/out" &&
	ok "LAT row: samples and lateness" || fail "LAT row" "$(grep '^# 0 ' "$TMP/out")"
if grep -q '^# kernel: thread 0 ' "$TMP/out"; then
	grep '^# kernel: thread 0 ' "$TMP/out" | grep -qv '%' &&
		ok "LAT kernel line: no percentage of zero" ||
		fail "LAT kernel line" "$(grep '^# kernel: thread 0 ' "$TMP/out")"
fi
# cyclictest's last lines: where the overflows were (here every sample of 0 us or more)
"$HG" -n 1 -d 100ms -w LAT 1ms --histogram 1 -x >"$TMP/out" 2>&1
if grep -A1 '^# Histogram Overflow at cycle number:$' "$TMP/out" |
   grep -q '^# Thread 0: 00000\( [0-9]\{5\}\)*\( # [0-9]\{5\} others\)\?$'; then
	ok "--histogram: the overflows' cycle numbers"
else fail "--histogram" "no 'Histogram Overflow at cycle number' lines: $(tail -3 "$TMP/out")"; fi
# a LAT thread without -p is no real-time thread, and the report says so
grep -q '^# thread 0: runs at NORMAL (SCHED_OTHER nice 0), not real-time: .*-p FIFO:90' \
	"$TMP/out" && ok "LAT without -p: SCHED_OTHER said" ||
	fail "LAT without -p" "no line on its policy"

# -x and -q
"$HG" -n 1 -d 200ms -x >"$TMP/out" 2>/dev/null
if grep -qv '^#' "$TMP/out"; then fail "-x" "trace lines printed"; else ok "-x prints the summary only"; fi
"$HG" -n 1 -d 200ms -q --json "$TMP/q.json" >"$TMP/out" 2>"$TMP/err"
# (a warning may stand on standard error: unprivileged, memory cannot be locked)
if [ -s "$TMP/out" ] || grep -qv '^hourglass: warning: ' "$TMP/err" || [ ! -s "$TMP/q.json" ]; then fail "-q" "output printed or JSON missing"
else ok "-q prints nothing and writes --json"; fi

# the report says what ran where; dump reproduces it, and the summary JSON, from the trace
"$HG" -n 1 -d 100ms -x -o "$TMP/self.hgt" --json "$TMP/self.json" >"$TMP/out" 2>/dev/null
if head -1 "$TMP/out" | grep -q "^# command: .*-n 1 -d 100ms -x -o $TMP/self.hgt --json" &&
   grep -q '^# system: kernel ' "$TMP/out" && ! grep -q '^# system kernel_release: ' "$TMP/out" &&
   "$HG" dump --brief "$TMP/self.hgt" | cmp -s - "$TMP/out" &&
   "$HG" dump "$TMP/self.hgt" >"$TMP/self.full" &&
   grep -q '^# system kernel_release: ' "$TMP/self.full" &&
   grep -q '^# system interrupts_before: ' "$TMP/self.full"
then ok "dump --brief: the run's output; dump: everything, the system lines too"
else fail "dump" "no command or system line, or not the run's: $(head -2 "$TMP/out")"; fi
"$HG" -n 1 -d 100ms -x -v -o "$TMP/selfv.hgt" >"$TMP/out" 2>/dev/null
if grep -q '^# system kernel_release: ' "$TMP/out" && grep -q '^# audit: ' "$TMP/out" &&
   "$HG" dump "$TMP/selfv.hgt" | cmp -s - "$TMP/out"
then ok "-v: the system and audit lines, and dump prints the same"
else fail "-v" "no system or audit lines, or not dump's: $(head -2 "$TMP/out")"; fi
# the issue's case: a 1-thread LAT -x summary in 15 lines, the lateness in the first 10
"$HG" -n 1 -d 300ms -t 0 -w LAT 1ms -i HR -x >"$TMP/out" 2>/dev/null
n=$(wc -l <"$TMP/out")
at=$(grep -n '^# thread 0: LAT 1ms .* lateness us min ' "$TMP/out" | cut -d: -f1)
if [ "$n" -le 15 ] && [ "${at:-99}" -le 10 ] && ! grep -q '^# thread  ' "$TMP/out" &&
   grep -q '^# audit: [0-9]* checks .*hourglass audit explains' "$TMP/out" &&
   [ "$(grep -c '^# audit: ' "$TMP/out")" = 1 ] && [ "$(grep -c '^# system' "$TMP/out")" = 1 ]
then ok "LAT -x: $n lines, the lateness on line $at, one line each for system and audit"
else fail "LAT -x summary" "$n lines, the lateness on line '$at'"; fi
if "$HG" dump "$TMP/self.hgt" --json | cmp -s - "$TMP/self.json"
then ok "dump --json: the run's --json, byte for byte"
else fail "dump --json" "differs from the run's --json"; fi

# a data output on standard output has it to itself
"$HG" -n 1 -d 100ms --json - >"$TMP/stdout.json" 2>"$TMP/err"
if [ ! -x /usr/bin/python3 ]; then
	skip "--json - without -q" "needs /usr/bin/python3 to parse JSON"
elif /usr/bin/python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$TMP/stdout.json"
then ok "--json - without -q: standard output is the JSON alone"
else fail "--json -" "text mixed into the JSON: $(head -c 80 "$TMP/stdout.json")"; fi
"$HG" -n 1 -d 100ms -x -o - >"$TMP/stdout.hgt" 2>"$TMP/err"
if [ "$(head -c 3 "$TMP/stdout.hgt")" = "HGT" ] && "$HG" dump "$TMP/stdout.hgt" >/dev/null
then ok "-o - without -q: standard output is the trace alone"
else fail "-o -" "not a trace: $(head -c 40 "$TMP/stdout.hgt" | od -c | head -2)"; fi
expect_bad "-o - and --json - together" -n 1 -o - --json -

# JSON keys
for k in '"schema": 2' '"tsc_hz"' '"gap_threshold_ns"' '"threads"' '"received_ns"' '"median_ns"' \
	 '"voluntary_switches"' '"kernel_release"' '"interrupts_before"' '"tid"' '"kernel_cpu_ns"' \
	 '"noise"' '"other_tasks_ns"' '"hiccups"' '"hiccup_floor_cycles"'; do
	grep -q "$k" "$TMP/q.json" || { fail "--json" "no $k"; break; }
done && ok "--json holds the documented keys"

# the steps under the threshold: counted per thread, not gaps; -g at the floor counts none
"$HG" -n 1 -d 200ms -x -v >"$TMP/hic" 2>/dev/null
"$HG" -n 1 -d 200ms -x -v -g 10ns >"$TMP/hic10" 2>/dev/null
# a LAT thread sleeps on its timer: no gap loop, so no hiccups line either
"$HG" -n 1 -d 100ms -w LAT 1ms -x -v >"$TMP/hiclat" 2>/dev/null
if grep -q '^# hiccups: thread 0: [0-9]* steps over [0-9.]* us and up to 1.000 us, [0-9.]* us in all (' "$TMP/hic" &&
   grep -q '^# gap threshold: ' "$TMP/hiclat" && ! grep -q '^# hiccups: ' "$TMP/hiclat" &&
   grep -q '^# gap threshold: [0-9]* cycles = 1.000 us (the default; hiccups: steps over ' "$TMP/hic" &&
   ! grep -q '^# hiccups: ' "$TMP/hic10" && grep -q '(given with -g' "$TMP/hic10"
then ok "hiccups: counted under the 1 us default, none under a -g below the floor"
else fail "hiccups" "$(grep -E '^# (gap threshold|hiccups)' "$TMP/hic" "$TMP/hic10" | head -3)"; fi

# a full arena: drops counted, statistics stay exact, dump still agrees
"$HG" -n 2 -d 500ms -e 64 -c -v -o "$TMP/small.hgt" >"$TMP/out" 2>/dev/null
d=$(summary_field "$TMP/out" 0 dropped)
i=$(summary_field "$TMP/out" 0 intervals)
lines=$(awk '$1 == "0"' "$TMP/out" | wc -l)
if [ "${d:-0}" -gt 0 ] && [ "$lines" -lt "$i" ] && "$HG" dump "$TMP/small.hgt" | cmp -s - "$TMP/out"
then ok "full arena: $d dropped, $i intervals counted, $lines stored"
else fail "full arena" "dropped '$d' intervals '$i' lines $lines"; fi

# SIGINT ends the run early; everything is still printed and written
start_bg -n 2 -d 30s -x -o "$TMP/int.hgt"
sleep 0.5
kill -INT $bg
wait $bg
rc=$?
if [ $rc -eq 0 ] && grep -q '^# interrupted: SIGINT' "$TMP/bg.out" && [ -s "$TMP/int.hgt" ]
then ok "SIGINT: summary says so, trace written"
else fail "SIGINT" "exit $rc, $(grep -c interrupted "$TMP/bg.out") interrupted lines"; fi

# calibrate
"$HG" calibrate --repeat 2 | grep -q '^# repeat: 2 calibrations: gap threshold min [0-9]*, median [0-9]*, max [0-9]* cycles; spread [0-9.]* %' &&
	ok "calibrate --repeat" || fail "calibrate --repeat" "no repeat line"
expect_bad "calibrate --repeat 0" calibrate --repeat 0
# the default threshold holds still: 1 us unless twice the loop time is longer,
# and twice the loop time (which moves) is the hiccup floor under it
"$HG" calibrate --repeat 5 --json >"$TMP/rep.json" 2>"$TMP/err"
spread=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["threshold_spread_pct"], d["calibration"]["gap_threshold_ns"], d["calibration"]["hiccup_floor_cycles"] <= d["calibration"]["gap_threshold_cycles"])' "$TMP/rep.json" 2>/dev/null)
case "$spread" in
"0.0 1000 True") ok "calibrate --repeat 5: the default threshold 1 us every time, the hiccup floor under it" ;;
*) if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); c=d["calibration"]; sys.exit(0 if c["gap_threshold_cycles"] == c["hiccup_floor_cycles"] and c["gap_threshold_ns"] > 1000 else 1)' "$TMP/rep.json" 2>/dev/null
   then skip "the default threshold" "twice the loop time is over 1 us on this machine: $spread"
   else fail "the default threshold" "spread, threshold, floor under it: $spread"; fi ;;
esac
"$HG" calibrate --json >"$TMP/cal" 2>&1
for k in tsc_hz counter_read_cycles bare_loop_cycles gap_loop_cycles gap_threshold_ns; do
	grep -q "\"$k\"" "$TMP/cal" || { fail "calibrate --json" "no $k"; break; }
done && ok "calibrate --json"
"$HG" calibrate | grep -q '^# gap threshold: ' && ok "calibrate" || fail "calibrate" "no threshold line"
"$HG" calibrate --ctx --json >"$TMP/cal" 2>&1
for k in calibration pingpong_ns pingpong_ci_low_ns pingpong_ci_high_ns yield_ns ctx_cpu; do
	grep -q "\"$k\"" "$TMP/cal" || { fail "calibrate --ctx --json" "no $k"; break; }
done && ok "calibrate --ctx --json"
# in us, as ctxcost prints the same quantity, each interval's method named:
# a bootstrap's for the mean too, never below zero
"$HG" calibrate --ctx | grep -q '^# ctx: pipe ping-pong: median [0-9.]* us (95 % CI [0-9.]* .. [0-9.]* us, bootstrap), mean [0-9.]* us (95 % CI [0-9.]* .. [0-9.]* us, bootstrap)$' &&
	ok "calibrate --ctx" || fail "calibrate --ctx" "no ping-pong line in us"

# ctxcost: two tiny trials, the JSON keys, the saved trials readable by ctx
"$HG" ctxcost --duration 200ms --trials 2 --threads 3 --save "$TMP/cc" --json >"$TMP/cc.json" 2>"$TMP/err"
rc=$?
for k in voluntary involuntary median_ns ci_low_ns ci_high_ns trials pingpong_ns switches_per_s; do
	grep -q "\"$k\"" "$TMP/cc.json" || { fail "ctxcost --json" "exit $rc, no $k: $(head -1 "$TMP/err")"; break; }
done && ok "ctxcost --json"
cp "$TMP/cc.json" "$TMP/ctxcost.json"	# validated against its schema below
[ -s "$TMP/cc/trial-01.hgt" ] && [ -s "$TMP/cc/trial-02.hgt" ] && [ ! -e "$TMP/cc/trial-03.hgt" ] &&
	"$HG" ctx "$TMP/cc/trial-02.hgt" | grep -q '^voluntary switch' &&
	[ "$("$HG" ctx "$TMP/cc/trial-02.hgt" | awk '{ if (length($0) > m) m = length($0) } END { print m }')" -le 120 ] &&
	ok "ctxcost --save: one trace a trial" || fail "ctxcost --save" "$(ls "$TMP/cc" 2>&1)"
# a second series into the same directory: refused before any trial, unless
# --append, which numbers its trials after the first series' and keeps those
sum1=$(cksum <"$TMP/cc/trial-01.hgt")
"$HG" ctxcost --duration 100ms --trials 1 --threads 2 --save "$TMP/cc" >"$TMP/out" 2>"$TMP/err"
rc=$?
[ $rc = 2 ] && [ ! -s "$TMP/out" ] && grep -q 'not empty (2 files' "$TMP/err" &&
	ok "ctxcost --save into earlier trials: refused before the first trial" ||
	fail "ctxcost --save into earlier trials" "exit $rc: $(head -1 "$TMP/err")"
"$HG" ctxcost --duration 100ms --trials 1 --threads 2 --save "$TMP/cc" --append \
	>"$TMP/out" 2>"$TMP/err" &&
	grep -q '^voluntary switch: ' "$TMP/out" && grep -q '^pipe ping-pong' "$TMP/out" &&
	grep -q '^# a trial: hourglass -n 2 -d 100ms -a -w CPU_YIELD 900us --cpu ' "$TMP/out" &&
	[ -s "$TMP/cc/trial-03.hgt" ] && [ "$(cksum <"$TMP/cc/trial-01.hgt")" = "$sum1" ] &&
	ok "ctxcost --save --append: trial-03.hgt added, the earlier kept" ||
	fail "ctxcost --append" "$(head -1 "$TMP/err"; ls "$TMP/cc")"
# one trial gives no interval, and says how many the method needs; one
# trial it is, also when a loaded CPU left it without a voluntary switch
{ grep -q '^voluntary switch: median [0-9.]* us (no 95 % CI from 1 trial: bootstrap needs 6), mean [0-9.]* us (no 95 % CI from 1 trial: bootstrap needs 6); ' "$TMP/out" ||
	grep -q '^voluntary switch: none seen$' "$TMP/out"; } &&
	[ "$(grep -c '^  *[0-9][0-9]* ' "$TMP/out")" = 1 ] &&
	grep -q '^switches per second: [0-9.]* /s (no 95 % CI from 1 trial: bootstrap needs 6)$' "$TMP/out" &&
	ok "ctxcost --trials 1: no interval" || fail "ctxcost --trials 1" "$(grep switch "$TMP/out")"

# cachecost: one tiny pair, every output
"$HG" cachecost --sizes 16K --duration 100ms --trials 1 --threads 2 --json --svg "$TMP/cc.svg" \
	>"$TMP/cc.json" 2>"$TMP/err"
rc=$?
for k in sizes size_kb penalty_us ci_low_us ci_high_us trials paper_us measurable; do
	grep -q "\"$k\"" "$TMP/cc.json" || { fail "cachecost --json" "exit $rc, no $k: $(head -1 "$TMP/err")"; break; }
done && ok "cachecost --json"
cp "$TMP/cc.json" "$TMP/cachecost.json"
head -1 "$TMP/cc.svg" 2>/dev/null | grep -q '^<?xml' && grep -q 'working-set size (KB)' "$TMP/cc.svg" &&
	grep -q '</svg>' "$TMP/cc.svg" && ok "cachecost --svg" || fail "cachecost --svg" "no picture"
"$HG" cachecost --sizes 8K,32K --duration 100ms --trials 1 --threads 2 --csv >"$TMP/out" 2>"$TMP/err" &&
	[ "$(head -1 "$TMP/out" | cut -d, -f1-4)" = "size_kb,penalty_us,ci_low_us,ci_high_us" ] &&
	[ "$(cut -d, -f1 "$TMP/out" | tail -n +2 | tr '\n' ' ')" = "8 32 " ] &&
	ok "cachecost --csv" || fail "cachecost --csv" "$(head -1 "$TMP/err")"

# diff: two traces; directories of summaries with a known difference (Welch)
"$HG" -n 1 -d 200ms -w LAT 1ms -x -q -o "$TMP/da.hgt" 2>/dev/null
"$HG" -n 1 -d 200ms -w LAT 1ms -x -q -o "$TMP/db.hgt" 2>/dev/null
"$HG" diff "$TMP/da.hgt" "$TMP/db.hgt" >"$TMP/out" 2>"$TMP/err" &&
	grep -q '^# system kernel_release  same' "$TMP/out" &&
	grep -q '^  thread0.latency.median .* mann-whitney ' "$TMP/out" &&
	grep -q '^  thread0.latency.p99.9 .* too few samples ([0-9]* on the smaller side, the test needs 2995 a side)$' "$TMP/out" &&
	! grep -q '^  latency\.' "$TMP/out" &&
	ok "diff of two traces: each metric once, no verdict from too few samples" ||
	fail "diff of two traces" "$(grep 'p99.9\|^  latency' "$TMP/out" | head -3) $(head -1 "$TMP/err")"
"$HG" diff "$TMP/da.hgt" "$TMP/db.hgt" --json >"$TMP/out" 2>"$TMP/err"
for k in metrics name a b delta ci_low ci_high test p verdict system; do
	grep -q "\"$k\"" "$TMP/out" || { fail "diff --json" "no $k: $(head -1 "$TMP/err")"; break; }
done && ok "diff --json"
mkdir -p "$TMP/before" "$TMP/after"
for v in 1000:1 1100:2 900:3; do
	printf '{"threads": [{"id": 0, "gaps": {"count": 9, "median_ns": %s, "p99_ns": 9000, "p999_ns": 9000, "max_ns": 9000}}]}\n' \
		"${v%%:*}" >"$TMP/before/t${v##*:}.json"
	printf '{"threads": [{"id": 0, "gaps": {"count": 9, "median_ns": %s, "p99_ns": 9000, "p999_ns": 9000, "max_ns": 9000}}]}\n' \
		"$(( ${v%%:*} * 5 ))" >"$TMP/after/t${v##*:}.json"
done
"$HG" diff "$TMP/before" "$TMP/after" --fail-if-worse thread0.gap.median:10% >"$TMP/out" 2>"$TMP/err"
rc=$?
[ $rc = 3 ] && grep -q '^  thread0.gap.median .* welch .* B higher$' "$TMP/out" &&
	grep -q 'thread0.gap.median is worse in B' "$TMP/err" &&
	ok "diff --fail-if-worse: exit 3" || fail "diff --fail-if-worse" "exit $rc: $(head -1 "$TMP/err")"
"$HG" diff "$TMP/before" "$TMP/after" --fail-if-worse thread0.gap.median:500% >/dev/null 2>&1 &&
	ok "diff --fail-if-worse within the tolerance: exit 0" || fail "diff tolerance" "exit $?"
# a mistyped metric is refused before anything is printed, the nearest named
expect_bad "diff --fail-if-worse of a mistyped metric" diff "$TMP/before" "$TMP/after" \
	--fail-if-worse thread0.gap.medain:10%
grep -q "no metric 'thread0.gap.medain' in both (did you mean thread0.gap.median?)" \
	"$TMP/bad/stderr" && ok "diff --fail-if-worse: suggestion" ||
	fail "diff --fail-if-worse: suggestion" "$(cat "$TMP/bad/stderr")"
# runs of different command lines: diff says so
"$HG" -n 1 -d 100ms --cpu 0 -x -q -o "$TMP/dc0.hgt" 2>/dev/null
"$HG" -n 1 -d 100ms --cpu 1 -x -q -o "$TMP/dc1.hgt" 2>/dev/null
"$HG" diff "$TMP/da.hgt" "$TMP/db.hgt" 2>/dev/null | grep -q '^# command  *same   : ' &&
	"$HG" diff "$TMP/dc0.hgt" "$TMP/dc1.hgt" 2>/dev/null |
	grep -q '^# command  *DIFFERS: .* --cpu 0 .* | .* --cpu 1 ' &&
	ok "diff compares the command lines" || fail "diff" "command lines not compared"

# help
"$HG" --help | grep -q -- '--cpu' && ok "--help" || fail "--help" "no --cpu"
"$HG" help dump | grep -q 'usage: hourglass dump' && ok "help dump" || fail "help dump" "no usage"
# every subcommand's synopsis (made from its option table) is the man page's,
# in SYNOPSIS and in its SUBCOMMANDS heading; every option is in its help
MAN="$HERE/../man/hourglass.1"
man_text() { sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$MAN"; }
subs=$("$HG" --help | sed -n '/^Subcommands/,/^$/p' | awk '/^  [a-z]/ { print $1 }')
[ -n "$subs" ] || fail "subcommand synopses" "no subcommands in --help"
for sub in $subs; do
	syn=$("$HG" help "$sub" | sed -n '1s/^usage: hourglass //p')
	if ! man_text | grep -qxF "hourglass $syn"; then
		fail "man SYNOPSIS of $sub" "no line 'hourglass $syn'"
	elif ! man_text | grep -qxF ".SS $syn"; then
		fail "man SUBCOMMANDS heading of $sub" "no '.SS $syn'"
	else
		ok "man synopsis of $sub: $syn"
	fi
	"$HG" "$sub" --help >"$TMP/h1" 2>&1 && "$HG" help "$sub" >"$TMP/h2" 2>&1 &&
		cmp -s "$TMP/h1" "$TMP/h2" && ok "$sub --help: exit 0, the text of help $sub" ||
		fail "$sub --help" "not exit 0, or not the text of help $sub"
	for o in $(printf '%s\n' "$syn" | grep -o -- '-[-a-z]*'); do
		"$HG" help "$sub" | grep -qE -- "^  (    )?$o[ ,]|^  -[a-z], $o( |\$)" ||
			fail "help $sub" "no line for $o"
	done
done

# --- bad input --------------------------------------------------------------
B="$TMP/bad"
expect_bad "-n 0" -n 0
expect_bad "-o into a name ending in /" -n 1 -d 10ms -o "$B/none/"
expect_bad "-o with a 300-byte name" -n 1 -d 10ms -o "$B/$(printf '%0300d' 0).hgt"
# /proc and /sys pass access(W_OK) as root, yet nothing can be created there
expect_bad "-o in /proc (nothing can be created)" -n 1 -d 1s -o /proc/hg-smoke.hgt
expect_bad "--json in /sys (nothing can be created)" -n 1 -d 1s --json /sys/hg-smoke.json
expect_bad "--json into a missing directory" -n 1 -d 10ms --json "$B/none/x.json"
expect_bad "FIFO:99" -n 1 -d 10ms -p FIFO:99
expect_bad "unknown subcommand, suggested" dupm x.hgt
grep -q "(did you mean dump?)" "$B/stderr" && ok "unknown subcommand: suggestion" ||
	fail "unknown subcommand: suggestion" "$(cat "$B/stderr")"
expect_bad "unknown option, suggested" -n 1 --duraton 1s
grep -q "did you mean --duration?" "$B/stderr" && ok "unknown option: suggestion" ||
	fail "unknown option: suggestion" "$(cat "$B/stderr")"
# one suggestion rule everywhere: help's subcommand, workloads, timers, priorities
expect_bad "help of a mistyped subcommand" help ctxcots
grep -q "(did you mean ctxcost?)" "$B/stderr" && ok "help ctxcots: suggestion" ||
	fail "help ctxcots: suggestion" "$(cat "$B/stderr")"
for w in "-w cpu_yeild 1ms:CPU_YIELD" "-i hrr:HR" "-p rthihg:RTHIGH"; do
	# shellcheck disable=SC2086
	expect_bad "${w%%:*}, suggested" -n 1 ${w%%:*}
	grep -q "(did you mean ${w##*:}?)" "$B/stderr" && ok "${w%%:*}: suggestion" ||
		fail "${w%%:*}: suggestion" "$(cat "$B/stderr")"
done
# long options may be shortened, as --help says
"$HG" -n 1 -d 50ms -w LAT 1ms --hist 20 -x >"$TMP/out" 2>/dev/null &&
	grep -q '^# Histogram$' "$TMP/out" && ok "--hist is --histogram" ||
	fail "--hist" "not taken for --histogram"
# no arguments: the short usage on standard error, pointing at --help
"$HG" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc -eq 2 ] && [ ! -s "$TMP/out" ] && grep -q -- '--help' "$TMP/err"; then
	ok "no arguments: usage, exit 2"
else
	fail "no arguments" "exit $rc: $(cat "$TMP/err")"
fi
# hours and days are units (rta reads a run's options without running them)
"$HG" rta -n 1 -d 12h -w PERIODIC 1ms 10ms -f 1.5h >/dev/null 2>"$TMP/err" &&
	ok "-d 12h -f 1.5h accepted" || fail "-d 12h" "$(cat "$TMP/err")"
# options without effect: one warning line each, the run goes on
if "$HG" -n 2 -d 20ms --histogram 50 -t 0 -w PERIODIC 10ms 5ms -t 1 -i HR -x -q 2>"$TMP/err"; then
	# (not counting the one about locked memory an unprivileged run gets)
	n=$(grep '^hourglass: warning: ' "$TMP/err" | grep -vc 'cannot lock memory')
	[ "$n" -eq 4 ] && ok "warnings: -i, --histogram, C > T, -q with no output" ||
		fail "warnings" "$n warning lines: $(cat "$TMP/err")"
else
	fail "warnings" "the run failed: $(cat "$TMP/err")"
fi
expect_bad "no -n" -d 1s
expect_bad "-t 5 with -n 3" -n 3 -t 5 -p LOW -o "$B/x.hgt"
expect_bad "-d 5parsecs" -n 1 -d 5parsecs -o "$B/x.hgt"
expect_bad "-d without unit" -n 1 -d 5
expect_bad "-w NOPE" -n 1 -w NOPE --json "$B/x.json"
expect_bad "-p SUPERHIGH" -n 1 -p SUPERHIGH
expect_bad "-w CPU_SCAN without size" -n 1 -w CPU_SCAN
expect_bad "-w CPU_SCAN 0" -n 1 -w CPU_SCAN 0
expect_bad "-w CPU_YIELD 0ms" -n 1 -w CPU_YIELD 0ms
expect_bad "-e 0" -n 1 -e 0
expect_bad "-f after -d" -n 1 -d 1s -f 2s
expect_bad "--cpu 4095" -n 1 --cpu 4095 -o "$B/x.hgt"
expect_bad "--cpu bad list" -n 1 --cpu 3-1
expect_bad "unknown option" -n 1 --frobnicate
[ -e /dev/rtc ] || expect_bad "-i RTC without /dev/rtc" -n 1 -w LAT 5.3ms -i RTC -o "$B/x.hgt"
expect_bad "-i MM is Windows only" -n 1 -w LAT 1ms -i MM
expect_bad "PERIODIC_TABLE without its file" -n 1 -w PERIODIC_TABLE "$B/none.txt" 10ms
printf '1ms\n2parsecs\n' >"$TMP/badtable.txt"
expect_bad "PERIODIC_TABLE with a bad line" -n 1 -w PERIODIC_TABLE "$TMP/badtable.txt" 10ms
expect_bad "--histogram 0" -n 1 --histogram 0
expect_bad "--lat-thresholds decreasing" -n 1 --lat-thresholds 1ms,10us
"$HG" -n 1 -d 100ms -i NATIVE -x >/dev/null 2>&1 && ok "-i NATIVE (the default) runs" ||
	fail "-i NATIVE" "refused"
expect_bad "-rh with --cpu" -n 1 -rh 3ms 8ms --cpu 0
expect_bad "-rh budget above period" -n 1 -rh 9ms 8ms
expect_bad "-o into a missing directory" -n 1 -o "$B/no/such/dir/x.hgt"
expect_bad "unknown subcommand" frobnicate
expect_bad "dump without file" dump
expect_bad "dump of a missing file" dump "$B/none.hgt"
head -c 100 "$TMP/run.hgt" >"$TMP/trunc.hgt"
expect_bad "dump of a truncated file" dump "$TMP/trunc.hgt"
echo "not a trace" >"$TMP/junk.hgt"
expect_bad "dump of a file that is not a trace" dump "$TMP/junk.hgt"


# --- ctx and -gh ------------------------------------------------------------------
if "$HG" -n 4 -d 500ms -a -w CPU_YIELD 0.9ms --cpu 0 -x -v -gh -o "$TMP/y.hgt" >"$TMP/out" 2>/dev/null &&
   "$HG" ctx "$TMP/y.hgt" --svg "$TMP/ctx.svg" >"$TMP/ctx" 2>"$TMP/err"; then
	v=$(awk '/^voluntary switch/ { print $3 }' "$TMP/ctx")
	sum=$(awk '/^(voluntary|involuntary) switch|^foreign|^migration|^unclassified/ { n += $(NF - 9) }
		END { print n + 0 }' "$TMP/ctx")
	gaps=$(awk -F '  +' '/^# thread / { for (i = 1; i <= NF; i++) h[$i] = i; next }
		/^# [0-9]+ / { n += $(h["gaps"]) } END { print n + 0 }' "$TMP/out")
	if [ "${v:-0}" -gt 0 ] && [ "$sum" = "$gaps" ] && head -1 "$TMP/ctx.svg" | grep -q '^<?xml' &&
	   tail -1 "$TMP/ctx.svg" | grep -q '^</svg>$'; then
		ok "ctx: $v voluntary switches; all $gaps gaps classified once; SVG written"
	else
		fail "ctx" "voluntary '$v', classes add to $sum, $gaps gaps"
	fi
	"$HG" ctx "$TMP/y.hgt" --svg "$TMP/ctxl.svg" --log-y >/dev/null &&
		grep -q '<path class="line c0"' "$TMP/ctxl.svg" &&
		grep -q '<path class="line c1"' "$TMP/ctxl.svg" &&
		grep -q '>switches (log scale)</text>' "$TMP/ctxl.svg" &&
		ok "ctx --svg --log-y: two series, log counts" ||
		fail "ctx --svg --log-y" "not two series on a log axis"
	# on one CPU, no two intervals overlap: a gap hides no other thread's run
	"$HG" export "$TMP/y.hgt" --format csv -o "$TMP/y.csv"
	over=$(awk -F, 'NR > 1 && $2 == "interval" { print $6, $3, $4 }' "$TMP/y.csv" |
		sort -k1,1n -k2,2n | awk '$1 == c && $2 < e { n++ } { c = $1; e = $3 } END { print n + 0 }')
	[ "$over" = 0 ] && ok "no two intervals overlap on a CPU" ||
		fail "per-CPU time line" "$over overlapping intervals"
	grep -q '^# gap histogram, thread 3 ' "$TMP/out" && ok "-gh prints gap histograms" ||
		fail "-gh" "no gap histogram"
	"$HG" ctx "$TMP/y.hgt" --json | grep -q '"voluntary_switch": {"count": ' &&
		ok "ctx --json" || fail "ctx --json" "no voluntary_switch object"
	# the kernel beside us: per thread its id and CPU time, per CPU a verdict
	if grep -q '^# kernel: thread 3 hg/3 tid [1-9][0-9]*: received [0-9.]* ms, kernel CPU time ' "$TMP/out" &&
	   grep -Eq '^# noise: CPU 0: other tasks .*: (quiet|not quiet)$' "$TMP/out" &&
	   grep -Eq '^# noise: (quiet|not quiet)' "$TMP/out" &&
	   "$HG" ctx "$TMP/y.hgt" | grep -q '^# thread 3: switches inferred [0-9]* (.*), kernel [0-9]* ('; then
		ok "kernel CPU time, tids, noise per CPU, kernel switch counts in ctx"
	else
		fail "kernel beside us" "no kernel/noise lines or ctx thread lines"
	fi
	"$HG" ctx "$TMP/y.hgt" --bucket 1us --max 20us | grep -q '^    19.000 -    20.000 us ' &&
		ok "ctx --bucket --max" || fail "ctx --bucket --max" "no 19-20 us bucket"
else
	fail "ctx" "exit status $? ($(head -1 "$TMP/err"))"
fi
expect_bad "ctx without file" ctx
expect_bad "ctx of a missing file" ctx "$B/none.hgt"
expect_bad "ctx --bucket without unit" ctx "$TMP/y.hgt" --bucket 5
expect_bad "ctx unknown option" ctx "$TMP/y.hgt" --frob
expect_bad "ctx --bukket, suggested" ctx "$TMP/y.hgt" --bukket 5us
grep -q "(did you mean --bucket?)" "$B/stderr" && ok "ctx: suggestion" ||
	fail "ctx: suggestion" "$(cat "$B/stderr")"
expect_bad "ctx --svg into a missing directory" ctx "$TMP/y.hgt" --svg "$B/none/x.svg"
if "$HG" ctx "$TMP/y.hgt" --bucket=5us --svg="$TMP/eq.svg" >/dev/null && [ -s "$TMP/eq.svg" ]; then
	ok "ctx --bucket=5us --svg=<file>"
else
	fail "ctx --opt=value" "refused or no picture"
fi
"$HG" ctx --help >/dev/null && "$HG" ctx "$TMP/y.hgt" -h | grep -q '^usage: hourglass ctx' &&
	ok "ctx -h: exit 0" || fail "ctx -h" "not exit 0 with the usage"

# --- ctx --sched: the kernel's switches beside the trace ------------------------
FIX="$HERE/fixtures/sched-yield"
if "$HG" ctx "$FIX.hgt" --sched "$FIX.txt" >"$TMP/sched" 2>"$TMP/err" &&
   grep -q '^indirect switch ' "$TMP/sched" && grep -q '^foreign task ' "$TMP/sched" &&
   grep -q '^# kernel: [0-9]* switches in the run' "$TMP/sched" &&
   "$HG" ctx "$FIX.hgt" --sched "$FIX.txt" --json | grep -q '"indirect_switch": {"count": '; then
	ok "ctx --sched of the committed capture"
else
	fail "ctx --sched" "$(head -1 "$TMP/err")"
fi
expect_bad "ctx --sched of text that is not perf script" ctx "$FIX.hgt" --sched "$HERE/smoke.sh"
expect_bad "ctx --sched of another run's capture" ctx "$TMP/y.hgt" --sched "$FIX.txt"
expect_bad "ctx --sched of a missing file" ctx "$FIX.hgt" --sched "$B/none.txt"
if "$HG" export "$FIX.hgt" --format perfetto --sched "$FIX.txt" -o "$TMP/pfs.json" 2>"$TMP/err" &&
   grep -q '"cat":"other","ph":"X","pid":1073741824,"tid":1073741825,' "$TMP/pfs.json"; then
	ok "export --sched: other tasks on the CPU tracks"
else
	fail "export --sched" "$(head -1 "$TMP/err")"
fi
if "$HG" render "$FIX.hgt" --per-cpu --sched "$FIX.txt" -o "$TMP/rs.svg" 2>"$TMP/err" &&
   grep -q '<rect class="other" .*<title>[^<]* (pid [0-9]*)</title></rect>' "$TMP/rs.svg" &&
   tail -1 "$TMP/rs.svg" | grep -q '^</svg>$'; then
	ok "render --per-cpu --sched: other tasks drawn in the CPU rows"
else
	fail "render --sched" "$(head -1 "$TMP/err")"
fi
expect_bad "render --sched without --per-cpu" render "$FIX.hgt" --sched "$FIX.txt" -o "$B/x.svg"
expect_bad "export --sched with csv" export "$FIX.hgt" --format csv --sched "$FIX.txt" -o "$B/x.csv"
expect_bad "export --sched of another run's capture" export "$TMP/y.hgt" --format perfetto \
	--sched "$FIX.txt" -o "$B/x.json"
if ! command -v perf >/dev/null; then
	skip "perf sched record" "perf is not installed (linux-perf)"
elif ! is_root; then
	skip "perf sched record" "needs root (CAP_PERFMON and tracefs)"
elif ! perf record -e sched:sched_switch -k CLOCK_MONOTONIC -a -q -o "$TMP/p.data" -- \
	"$HG" -n 2 -d 300ms -a -w CPU_YIELD 0.9ms --cpu 0 -x -o "$TMP/p.hgt" >/dev/null 2>"$TMP/err"; then
	skip "perf sched record" "perf record failed: $(grep -v '^\[' "$TMP/err" | head -1)"
elif perf script --ns -i "$TMP/p.data" >"$TMP/p.txt" 2>/dev/null &&
     "$HG" ctx "$TMP/p.hgt" --sched "$TMP/p.txt" >"$TMP/sched" 2>"$TMP/err" &&
     grep -q '^# kernel: [0-9]* switches in the run' "$TMP/sched"; then
	ok "ctx --sched of a capture recorded now"
else
	fail "ctx --sched of a capture recorded now" "$(head -1 "$TMP/err")"
fi

# --- explain --sched: the kernel's events from perf script text ------------------
KF="$HERE/fixtures/kernel"
if "$HG" explain "$KF.hgt" --worst 1 >"$TMP/kx" 2>"$TMP/err" &&
   grep -q '^# kernel events: from the capture (--kernel)$' "$TMP/kx"; then
	ok "explain names the capture as the events' source"
else
	fail "explain: the source" "$(head -1 "$TMP/kx") $(head -1 "$TMP/err")"
fi
# --- ctx, render and export of a --kernel trace: its own switches, no --sched ----
if "$HG" ctx "$KF.hgt" >"$TMP/kc" 2>"$TMP/err" &&
   [ "$(head -1 "$TMP/kc")" = "# kernel events: from the capture (--kernel)" ] &&
   grep -q '^indirect switch ' "$TMP/kc" && grep -q '^foreign task ' "$TMP/kc" &&
   grep -q '^# kernel: [0-9]* switches in the run' "$TMP/kc" &&
   "$HG" ctx "$KF.hgt" --json | grep -q '"foreign_task": {"count": ' &&
   "$HG" render "$KF.hgt" --per-cpu -o "$TMP/kr.svg" 2>"$TMP/kre" &&
   [ "$(cat "$TMP/kre")" = "hourglass: render: kernel events: from the capture (--kernel)" ] &&
   "$HG" export "$KF.hgt" --format perfetto -o "$TMP/kp.json" 2>"$TMP/kpe" &&
   [ "$(cat "$TMP/kpe")" = "hourglass: export: kernel events: from the capture (--kernel)" ] &&
   "$HG" export "$KF.hgt" --format csv -o "$TMP/kp.csv" 2>"$TMP/kpe" && [ ! -s "$TMP/kpe" ]
then ok "ctx, render and export of a --kernel trace use its own switches and say so"
else fail "ctx of a --kernel trace" "$(head -1 "$TMP/kc") $(head -1 "$TMP/err") $(cat "$TMP/kre")"; fi
expect_bad "explain --sched of text that is not perf script" explain "$KF.hgt" --sched "$HERE/smoke.sh"
expect_bad "explain --sched of another run's capture" explain "$KF.hgt" --sched "$FIX.txt"
expect_bad "explain --sched of a missing file" explain "$KF.hgt" --sched "$B/none.txt"
expect_bad "explain without kernel events" explain "$FIX.hgt"
# names another user chooses (a task's, prctl(PR_SET_NAME)), and the text's file
# name: ESC, BEL, CSI as ESC [, as the byte 0x9b and as U+009B; none printed raw
RAW=$(printf '[\033\007\233]')
NASTY=$(printf '\033]0;owned\007\033[2J\302\233\233x')
NT="$TMP/$(printf 'k\033[2J\233').txt"
sed "s/comm=table /comm=$NASTY /g" "$FIX.txt" >"$NT"
if "$HG" explain "$FIX.hgt" --sched "$NT" --worst 1 >"$TMP/nx" 2>"$TMP/err" &&
   "$HG" ctx "$FIX.hgt" --sched "$NT" >"$TMP/nc" 2>>"$TMP/err" &&
   ! LC_ALL=C grep -q "$RAW" "$TMP/nx" "$TMP/nc" &&
   grep -q '^  task       ?\]0;owned??\[2J???x (pid 11939) ' "$TMP/nx" &&
   grep -q '^# kernel events: from perf script text .*/k?\[2J?\.txt: ' "$TMP/nx"
then ok "explain and ctx --sched: escapes in task and file names shown as '?'"
else fail "--sched: escapes in names" "$(grep -a owned "$TMP/nx" | head -1 | cat -v) $(head -1 "$TMP/err")"; fi
KEV="-e sched:sched_switch -e sched:sched_wakeup -e irq:irq_handler_entry -e irq:irq_handler_exit
	-e irq:softirq_entry -e irq:softirq_exit -e timer:hrtimer_expire_entry -e timer:hrtimer_expire_exit"
[ -d /sys/kernel/tracing/events/irq_vectors/local_timer_entry ] &&
	KEV="$KEV -e irq_vectors:local_timer_entry -e irq_vectors:local_timer_exit"
if ! command -v perf >/dev/null; then
	skip "explain --sched of perf record" "perf is not installed (linux-perf)"
elif ! is_root; then
	skip "explain --sched of perf record" "needs root (CAP_PERFMON and tracefs)"
# shellcheck disable=SC2086 # KEV is a list of options
elif ! perf record $KEV -k CLOCK_MONOTONIC -C 0 -q -o "$TMP/k.data" -- \
	"$HG" -n 1 -d 300ms -t 0 -w CPU --cpu 0 -x -o "$TMP/k.hgt" >/dev/null 2>"$TMP/err"; then
	skip "explain --sched of perf record" "perf record failed: $(grep -v '^\[' "$TMP/err" | head -1)"
elif ! perf script --ns -i "$TMP/k.data" >"$TMP/k.txt" 2>/dev/null; then
	fail "explain --sched of perf record" "perf script failed"
else
	if "$HG" explain "$TMP/k.hgt" --sched "$TMP/k.txt" --worst 3 >"$TMP/kx" 2>"$TMP/err" &&
	   grep -q '^# kernel events: from perf script text .*k\.txt: [1-9][0-9]* of its [0-9]* event lines' "$TMP/kx" &&
	   grep -q '^# kernel capture: [0-9]* events, [0-9]* tracepoints, clock mono, 0 lost$' "$TMP/kx" &&
	   grep -q '^# thread 0: [0-9]* gaps, ' "$TMP/kx" && grep -q '^  timer  ' "$TMP/kx"
	then ok "explain --sched: a run without --kernel taken apart by perf record's events"
	else fail "explain --sched of perf record" "$(head -3 "$TMP/kx") $(head -1 "$TMP/err")"; fi
	# without the interrupt events: said, and their time unexplained
	grep -v ' irq:irq_handler_' "$TMP/k.txt" >"$TMP/k-noirq.txt"
	if "$HG" explain "$TMP/k.hgt" --sched "$TMP/k-noirq.txt" --worst 0 >"$TMP/kx" 2>"$TMP/err" &&
	   grep -q "^# the text lacks: .*no irq_handler_entry events: interrupt handlers' time shows as unexplained" "$TMP/kx" &&
	   "$HG" explain "$TMP/k.hgt" --sched "$TMP/k-noirq.txt" --json >"$TMP/explain-sched.json" 2>"$TMP/err" &&
	   grep -q "^hourglass: explain: --sched .*: the text lacks: .*no irq_handler_entry" "$TMP/err"
	then ok "explain --sched: what the text lacks is named (text and JSON)"
	else fail "explain --sched: lacks" "$(grep lacks "$TMP/kx") $(head -1 "$TMP/err")"; fi
fi

# export --format perfetto of a --kernel run: the kernel's tracks beside ours
if "$HG" export "$KF.hgt" --format perfetto -o "$TMP/kernel.perfetto" 2>"$TMP/err" &&
	/usr/bin/python3 - "$TMP/kernel.perfetto" <<'PY'
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
names = {(e["pid"], e["tid"]): e["args"]["name"] for e in ev if e["name"] == "thread_name"}
kern = [e for e in ev if e.get("cat") == "kernel"]
tracks = {names.get((e["pid"], e["tid"]), "") for e in kern}
assert any(t.endswith(": interrupts") for t in tracks), tracks
assert any(t.endswith(": other tasks") for t in tracks), tracks
assert any(e["name"].startswith("timer ") for e in kern)
assert all(e["ph"] == "X" and e["dur"] >= 0 and "kind" in e["args"] for e in kern)
# the threads' tracks: their intervals only, as without the kernel's events
ours = {(e["pid"], e["tid"]) for e in ev if e.get("cat") == "interval"}
assert not [e for e in kern if (e["pid"], e["tid"]) in ours]
# slices on one track nest or are apart, in ns
by = {}
for e in kern:
    by.setdefault(e["tid"], []).append((round(e["ts"] * 1000), round((e["ts"] + e["dur"]) * 1000)))
for spans in by.values():
    spans.sort(key=lambda s: (s[0], -s[1]))
    stack = []
    for a, b in spans:
        while stack and stack[-1] <= a:
            stack.pop()
        assert not stack or b <= stack[-1], (a, b, stack[-1])
        stack.append(b)
PY
then ok "export --format perfetto: the kernel's interrupts and other tasks as tracks per CPU"
else fail "export perfetto of a --kernel run" "$(head -1 "$TMP/err")"; fi

# render of a --kernel run: the interrupts and other tasks marked, with legend entries
# (both pictures are among those tests/svg-text.py checks for overlaps below)
if "$HG" render "$KF.hgt" -o "$TMP/kernel.svg" 2>"$TMP/err" &&
   "$HG" render "$KF.hgt" --per-cpu -o "$TMP/kernel-cpu.svg" 2>>"$TMP/err" &&
   grep -q '<rect class="kirq" ' "$TMP/kernel.svg" && grep -q '<rect class="kirq" ' "$TMP/kernel-cpu.svg" &&
   grep -q '<rect class="other" .*<title>[^<]* (pid [0-9]*)</title></rect>' "$TMP/kernel.svg" &&
   grep -q '<rect class="key kirq"' "$TMP/kernel.svg" &&
   grep -q '>interrupt, softirq, timer, IPI, NMI (kernel events)</text>' "$TMP/kernel-cpu.svg" &&
   tail -1 "$TMP/kernel.svg" | grep -q '^</svg>$'; then
	ok "render of a --kernel run: interrupts and other tasks on the timeline, in the legend"
else
	fail "render of a --kernel run" "$(head -1 "$TMP/err")"
fi

# diff: the causes of two runs, from --kernel traces and from summaries' causes
if "$HG" diff "$KF.hgt" "$KF.hgt" >"$TMP/out" 2>"$TMP/err" &&
   grep -q '^  thread0\.cause\.timer\.time  *[0-9.]* ' "$TMP/out" &&
   grep -q '^  thread0\.cause\.unexplained\.count ' "$TMP/out" &&
   "$HG" diff "$KF.hgt" "$KF.hgt" --json >"$TMP/diff-causes1.json" 2>"$TMP/err" &&
   grep -q '"name": "thread0.cause.task.time"' "$TMP/diff-causes1.json"
then ok "diff of two --kernel traces: each thread's causes by kind"
else fail "diff of --kernel traces" "$(grep cause "$TMP/out" | head -2) $(head -1 "$TMP/err")"; fi
mkdir -p "$TMP/kbefore" "$TMP/kafter"
for v in 4000:1 4400:2 3600:3; do
	for side in kbefore kafter; do
		ns=${v%%:*}
		[ $side = kafter ] && ns=$((ns * 10))
		printf '{"threads": [{"id": 0, "gaps": {"count": 9, "median_ns": 900, "p99_ns": 9000, "p999_ns": 9000, "max_ns": 9000}, "causes": [{"kind": "irq", "name": "24:eth0", "count": 3, "total_ns": %s, "max_ns": 2000}, {"kind": "timer", "name": "local_timer", "count": 2, "total_ns": 1000, "max_ns": 600}]}]}\n' \
			"$ns" >"$TMP/$side/t${v##*:}.json"
	done
done
if "$HG" diff "$TMP/kbefore" "$TMP/kafter" >"$TMP/out" 2>"$TMP/err" &&
   grep -q '^  thread0\.cause\.irq\.time .* welch .* B higher$' "$TMP/out" &&
   ! grep -q 'thread0\.cause\.task\.' "$TMP/out" &&
   "$HG" diff "$TMP/kbefore" "$TMP/kafter" --json >"$TMP/diff-causes2.json" 2>"$TMP/err"
then ok "diff of summaries with causes: irq time B higher (Welch over 3 trials)"
else fail "diff of summaries with causes" "$(grep cause "$TMP/out" | head -2) $(head -1 "$TMP/err")"; fi

# --- report: one run or two side by side as one HTML page ----------------------
# parsed by html5lib, each picture checked for texts over texts, and drawn by
# headless Chromium 1280 px wide (skipped, with the reason, where none runs)
if "$HG" report "$KF.hgt" "$FIX.hgt" -o "$TMP/report.html" 2>"$TMP/err" &&
   "$HG" report "$FIX.hgt" -o "$TMP/report1.html" 2>>"$TMP/err"; then
	for h in report:2 report1:1; do
		if /usr/bin/python3 "$HERE/html-check.py" "$TMP/${h%:*}.html" "${h#*:}" >"$TMP/hc" 2>&1
		then ok "report: ${h%:*}.html parses as HTML5, holds itself whole, ${h#*:} picture(s), no text over text"
		else fail "report: ${h%:*}.html" "$(head -3 "$TMP/hc")"; fi
	done
	grep -q '<h2>The worst moment</h2>' "$TMP/report.html" &&
		grep -q '<pre class="window"># worst: thread ' "$TMP/report.html" &&
		grep -q '<h2>Causes</h2>' "$TMP/report.html" &&
		grep -q 'No kernel events: the causes need a run with --kernel' "$TMP/report1.html" &&
		ok "report: the worst moment taken apart with the kernel's events, said without them" ||
		fail "report: the worst moment" "no window text, or no note without kernel events"
else
	fail "report" "$(head -1 "$TMP/err")"
fi
BROWSER=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
if [ -z "$BROWSER" ]; then
	skip "report in a browser" "no headless browser (Debian package chromium)"
elif [ ! -s "$TMP/report.html" ]; then
	skip "report in a browser" "no page written above"
else
	set -- --headless --disable-gpu --hide-scrollbars --window-size=1280,2400
	is_root && set -- "$@" --no-sandbox	# its sandbox refuses root
	timeout 180 "$BROWSER" "$@" --screenshot="$TMP/report.png" "file://$TMP/report.html" \
		>"$TMP/browser" 2>&1
	if [ ! -s "$TMP/report.png" ]; then
		skip "report in a browser" "$BROWSER drew nothing: $(grep -v -e dbus -e '^$' "$TMP/browser" | head -1)"
	elif /usr/bin/python3 "$HERE/html-check.py" "$TMP/report.html" 2 --png "$TMP/report.png" >"$TMP/hc" 2>&1
	then ok "report in a browser: 1280 px wide, the pictures drawn"
	else fail "report in a browser" "$(head -3 "$TMP/hc")"; fi
fi
expect_bad "report of a missing trace" report "$B/none.hgt" -o "$B/r.html"
head -c 300 "$KF.hgt" >"$TMP/cut.hgt"
expect_bad "report of a cut trace beside a good one" report "$KF.hgt" "$TMP/cut.hgt" -o "$B/r.html"
expect_bad "report -o onto a trace" report "$KF.hgt" "$FIX.hgt" -o "$FIX.hgt"
expect_bad "report with an unknown option" report "$KF.hgt" --width 3 -o "$B/r.html"

# --- KTAP and JUnit: the run's, diff's and audit's tests for test labs --------
# read by python3-tap and python3-junitparser; the exit status as without them
"$HG" -n 2 -d 300ms -t 0 -w PERIODIC 3ms 2ms -t 1 -w LAT 1ms --lat-thresholds 1s -x -q \
	--fail-on-miss --ktap --junit "$TMP/run.xml" >"$TMP/run.ktap" 2>"$TMP/err"
rc=$?
if [ $rc = 3 ] &&
   /usr/bin/python3 "$HERE/lab-check.py" "$TMP/run.ktap" "$TMP/run.xml" thread-0-misses >"$TMP/lc" &&
   grep -q '^ok [0-9]* thread-1-later-than-1s$' "$TMP/run.ktap" &&
   grep -q '^# [0-9]* of [0-9]* deadlines missed (measured)$' "$TMP/run.ktap"
then ok "run --ktap --junit: $(cat "$TMP/lc"); exit 3 of --fail-on-miss kept"
else fail "run --ktap --junit" "exit $rc: $(cat "$TMP/lc" 2>/dev/null | head -2) $(head -1 "$TMP/err")"; fi
"$HG" diff "$KF.hgt" "$KF.hgt" --fail-if-worse thread0.gap.p99:0 --ktap --junit "$TMP/diff.xml" \
	>"$TMP/diff.ktap" 2>"$TMP/err"
rc=$?
if [ $rc = 0 ] && /usr/bin/python3 "$HERE/lab-check.py" "$TMP/diff.ktap" "$TMP/diff.xml" >"$TMP/lc" &&
   grep -q '^# --fail-if-worse thread0.gap.p99: B within the tolerance$' "$TMP/diff.ktap"
then ok "diff --ktap --junit: $(cat "$TMP/lc"), the gate's metric said"
else fail "diff --ktap --junit" "exit $rc: $(head -2 "$TMP/lc") $(head -1 "$TMP/err")"; fi
"$HG" audit --sysroot "$HERE/fixtures/audit/vm" --cpu 1 --strict --ktap --junit "$TMP/audit.xml" \
	>"$TMP/audit.ktap" 2>"$TMP/err"
rc=$?
want=$("$HG" audit --sysroot "$HERE/fixtures/audit/vm" --cpu 1 --strict >/dev/null 2>&1; echo $?)
fails=$("$HG" audit --sysroot "$HERE/fixtures/audit/vm" --cpu 1 | awk '$1 == "FAIL" { print $2 }')
# shellcheck disable=SC2086 # one word a check
if [ $rc = "$want" ] &&
   /usr/bin/python3 "$HERE/lab-check.py" "$TMP/audit.ktap" "$TMP/audit.xml" $fails >"$TMP/lc"
then ok "audit --strict --ktap --junit: $(cat "$TMP/lc"), exit $rc as without them"
else fail "audit --ktap --junit" "exit $rc (want $want): $(head -2 "$TMP/lc") $(head -1 "$TMP/err")"; fi
expect_bad "diff --ktap with --json" diff "$KF.hgt" "$KF.hgt" --ktap --json
expect_bad "run --ktap with -o -" -n 1 -d 10ms --ktap -o -

# --- --kernel: the kernel's events beside the run -------------------------------
TI=/sys/kernel/tracing/instances
if ! is_root; then
	skip "--kernel" "needs root (tracefs and CAP_SYS_ADMIN)"
elif [ ! -d $TI ]; then
	skip "--kernel" "no tracefs at /sys/kernel/tracing"
else
	# a stale instance of a run that died is removed at the next start: one
	# unlocked, and an older version's whose pid no process has (told from
	# the initial PID namespace only)
	mkdir -p $TI/hourglass-1-1-00000000
	[ "$(stat -L -c %i /proc/self/ns/pid)" = 4026531836 ] && ! kill -0 4194303 2>/dev/null &&
		mkdir -p $TI/hourglass-4194303
	if check_run "--kernel: dump equals the run's output" -n 1 -d 300ms -t 0 -w CPU --cpu 0 \
		--kernel; then
		cp "$TMP/run.hgt" "$TMP/kernel.hgt"
		if grep -q '^# kernel events: [1-9][0-9]* on CPU 0 (.* tracepoints, clock the counter), 0 lost$' \
			"$TMP/out"
		then ok "--kernel: events captured on the run's CPU alone, none lost"
		else fail "--kernel" "no kernel events line: $(grep 'kernel events' "$TMP/out")"; fi
		# the summary says where the gap time went (dump prints the same: check_run)
		if grep -q '^# causes: thread 0: [0-9]* gaps, [0-9.]* ms in all, [0-9.]* % unexplained' \
			"$TMP/out" && grep -q '^# causes: thread 0: [a-z]* .*: [0-9]* times\{0,1\}, [0-9.]* us in all, longest ' "$TMP/out"
		then ok "--kernel: the summary's causes of the gap time"
		else fail "--kernel: summary causes" "$(grep '^# causes' "$TMP/out" | head -2)"; fi
	fi
	# --on-threshold continue with trace: the kernel's events before each of the
	# worst kept, as text beside the trace; explain --at takes one of them apart.
	# A task spinning on CPU 0 shares it with the thread, so gaps over the
	# threshold come on a quiet machine too (none may come in 500 ms alone)
	spinner=
	if command -v taskset >/dev/null; then
		taskset -c 0 sh -c 'while :; do :; done' &
		spinner=$!
	fi
	"$HG" -n 1 -d 500ms -t 0 -w CPU --cpu 0 --kernel --break 100us -x -q \
		--on-threshold continue,keep=3 --on-threshold trace,ms=20 -o "$TMP/kc.hgt" \
		2>"$TMP/kcerr"
	kcrc=$?
	[ -n "$spinner" ] && { kill "$spinner"; wait "$spinner"; } 2>/dev/null
	if [ "$kcrc" = 0 ]; then
		blocks=$(grep -c "^# hourglass: the kernel's events of the 20 ms that end with a " \
			"$TMP/kc.threshold.txt" 2>/dev/null)
		"$HG" dump "$TMP/kc.hgt" >"$TMP/kcout"
		kept=$(grep -c '^#  *[1-3]  at ' "$TMP/kcout")
		# the worst that ended inside the run (one still open at its end is
		# counted, but its end is in neither the records nor the capture;
		# the gap's length is field 11: '#  1  at <ms> ms  thread 0  CPU 0
		# gap <us> us')
		at=$(awk '/^#  *[1-3]  at / { if ($4 + $11 / 1000 < 495) { print $4; exit } }' \
			"$TMP/kcout")
		if [ "$kept" -ge 1 ] && [ "$blocks" = "$kept" ] && [ -n "$at" ] &&
		   grep -q ' ms  CPU 0 ' "$TMP/kc.threshold.txt" &&
		   "$HG" explain "$TMP/kc.hgt" --at "${at}ms" >"$TMP/kcx" 2>&1 &&
		   grep -q "^# at: thread 0, CPU 0, at $at ms: " "$TMP/kcx"
		then ok "--on-threshold trace: the kernel's events before each of the $kept kept, explain --at takes one apart"
		else fail "--on-threshold trace" "kept $kept, blocks '$blocks', at '$at': $(head -2 "$TMP/kcerr") $(grep '^# at' "$TMP/kcx")"; fi
	else
		fail "--on-threshold trace" "$(head -2 "$TMP/kcerr")"
	fi
	# explain: the interrupts captured on the measured CPU against /proc/interrupts
	if [ -f "$TMP/kernel.hgt" ] && "$HG" explain "$TMP/kernel.hgt" >"$TMP/explain" 2>"$TMP/kerr"; then
		line=$(grep '^# CPU 0: ' "$TMP/explain")
		cap=$(printf '%s' "$line" | sed -n 's/^# CPU 0: \([0-9]*\) interrupts captured, \([0-9]*\) counted.*/\1/p')
		cnt=$(printf '%s' "$line" | sed -n 's/^# CPU 0: \([0-9]*\) interrupts captured, \([0-9]*\) counted.*/\2/p')
		# /proc/interrupts is read just after tracing starts and just before it
		# stops: those few ms apart, the two agree (within a tenth: on a loaded
		# 2-CPU guest the reads came late enough to miss 9 of 104)
		if [ -n "$cap" ] && [ -n "$cnt" ] && [ "$cap" -gt 0 ] &&
			[ $((cap - cnt)) -le $((3 + cnt / 10)) ] && [ $((cnt - cap)) -le $((3 + cnt / 10)) ]
		then ok "--kernel: CPU 0's interrupts: $cap captured, $cnt counted by /proc/interrupts"
		else fail "--kernel: interrupts against /proc/interrupts" "${line:-no CPU 0 line}"; fi
		if grep -q '^# thread 0: [0-9]* gaps, ' "$TMP/explain" &&
			grep -q '^# 1\. thread 0, CPU 0' "$TMP/explain"
		then ok "explain: the gaps of a --kernel run taken apart"
		else fail "explain" "$(head -5 "$TMP/explain")"; fi
	else
		fail "explain of a --kernel run" "$(head -1 "$TMP/kerr")"
	fi
	# the diagnosis of real runs. A FIFO CPU hog that the kernel's real-time
	# limit stops once a period: its stopped time is rt-throttling, in all at
	# least one period's stopped part and at most one for each period begun
	# (the fair class's server, where the kernel has one, runs fair tasks in
	# pieces and across the limit's periods), the worst gap's fix the sysctl;
	# and the host's time on its CPU is near what the kernel's own accounting
	# implies (within a quarter, or 1 ms).
	# The limit's period runs from the first real-time task after an idle
	# one: 2 s with none before the hog's 2.2 s.
	rt_run=$(cat /proc/sys/kernel/sched_rt_runtime_us 2>/dev/null || echo -1)
	rt_per=$(cat /proc/sys/kernel/sched_rt_period_us 2>/dev/null || echo 0)
	if [ "$rt_run" -lt $((rt_per / 2)) ] || [ "$rt_run" -ge "$rt_per" ] || [ "$rt_per" -gt 1000000 ]
	then
		skip "explain: rt-throttling of a real run" \
			"the kernel does not stop real-time tasks once a second here (sched_rt_runtime_us $rt_run of $rt_per)"
	elif sleep 2 && "$HG" -n 1 -d 2200ms -t 0 -p FIFO:50 -w CPU --cpu 0 --kernel -x -q \
		-o "$TMP/thr.hgt" >/dev/null 2>"$TMP/kerr" &&
	     "$HG" explain "$TMP/thr.hgt" --json --worst 5 >"$TMP/explain-thr.json" 2>>"$TMP/kerr" &&
	     /usr/bin/python3 - "$TMP/explain-thr.json" "$rt_run" "$rt_per" >"$TMP/thr.why" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
stop = (int(sys.argv[3]) - int(sys.argv[2])) * 1000     # the stopped part, ns
m = {x["mechanism"]: x["total_ns"] for x in d["threads"][0]["mechanisms"] if x["of"] == "gap"}
thr = m.get("rt-throttling", 0)
worst = d["events"][0]
host = [h for h in d["host"] if h["cpu"] == 0]
# at least one stop whole; at most one a period begun (2.2 s: three), 10 % either way
if not 0.9 * stop <= thr <= 1.1 * 3 * stop:
    print("rt-throttling %d ns: not between one and three stopped parts of %d ns" % (thr, stop))
elif worst["diagnosis"]["mechanism"] != "rt-throttling" or worst["mechanisms"][0]["share"] < 0.9 \
        or not worst["diagnosis"]["fix"].startswith(("sysctl -w kernel.sched_rt_runtime_us=-1",
                                                     "echo 0 > /sys/kernel/debug/sched/fair_server/cpu0/")):
    print("the worst gap:", worst["diagnosis"], worst["mechanisms"][0]["share"])
elif [c for c in d["rt_throttling"]["cpus"] if c["cpu"] == 0 and c["implied_ns"] is not None and
      (c["implied_ns"] != (c["stretches"] - c["first_period_stretches"]) * c["reserve_ns"] or
       (abs(c["deviation"]) > 0.25 and not c["within_limit"]))]:
    # each stretch after the run's first period as long as the reservation,
    # or shorter and within the limit: a busy machine's switches blur it,
    # check_kthrot's capture holds it to 10 %
    print("rt_throttling:", d["rt_throttling"])
elif not host or host[0]["kernel_accounting_ns"] is None or \
        abs(host[0]["kernel_accounting_ns"] - host[0]["hidden_ns"]) > \
        max(host[0]["hidden_ns"] // 4, 1000000):
    # a busy machine's switches the kernel leaves unreported blur the two:
    # the captures in check_kdiag hold them to 10 %
    print("host:", host)
else:
    sys.exit(0)
sys.exit(1)
PY
	then ok "explain: a FIFO hog's stopped time is rt-throttling, the host's time near the kernel's accounting"
	else fail "explain: rt-throttling of a real run" "$(head -c 300 "$TMP/thr.why") $(head -1 "$TMP/kerr")"; fi
	# a LAT FIFO thread beside a task in the kernel on its CPU: every wake-up
	# in which another task ran first names that task's policy and priority,
	# and for a task that kept the CPU, the preemption model
	(taskset -c 0 dd if=/dev/zero of=/dev/null bs=32M count=100000 2>/dev/null) &
	ddpid=$!
	"$HG" -n 1 -d 1s -t 0 -p FIFO:90 -w LAT 1ms -i HR --cpu 0 --kernel -x -q \
		-o "$TMP/np.hgt" >/dev/null 2>"$TMP/kerr"
	rc=$?
	kill $ddpid 2>/dev/null
	wait $ddpid 2>/dev/null
	if [ $rc = 0 ] && "$HG" explain "$TMP/np.hgt" --json --worst 50 >"$TMP/explain-np.json" &&
	   /usr/bin/python3 - "$TMP/explain-np.json" >"$TMP/np.why" 2>&1 <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
tasks = {"non-preemptible", "higher-priority", "same-priority", "rt-throttling", "idle-exit"}
for e in d["events"]:
    if e["kind"] != "latency":
        continue
    for c in e["causes"]:
        if c["kind"] != "task" or not c.get("pid"):
            continue
        ms = [m for m in e["mechanisms"] if m["mechanism"] in tasks and
              re.search(r"\(pid %d, (OTHER|DEADLINE|FIFO/RR \d+|SCHED_[A-Z]+( nice -?\d+| \d+)? "
                        r"at the run's end, a (user task|kernel thread))\)" % c["pid"], m["why"])]
        # no longer than the kernel's own path: the switch itself, its task named
        if not ms and c["total_ns"] <= 5000 and \
                [m for m in e["mechanisms"] if m["mechanism"] == "switch"]:
            continue
        if not ms:
            print("task %s (pid %d) not named with its policy: %s" % (c["name"], c["pid"],
                  [m["mechanism"] for m in e["mechanisms"]]))
            sys.exit(1)
        if ms[0]["mechanism"] == "non-preemptible" and "preemption model is" not in ms[0]["why"]:
            print("no preemption model:", ms[0]["why"])
            sys.exit(1)
PY
	then ok "explain: every wake-up another task delayed names its policy, priority and the preemption model"
	else fail "explain: a LAT thread beside a task in the kernel" "$(head -c 300 "$TMP/np.why") $(head -1 "$TMP/kerr")"; fi
	# two runs in two PID namespaces: neither takes the other's instance for
	# stale (each names its own for its namespace and holds it by a lock)
	if ! command -v unshare >/dev/null || ! unshare -pf --mount-proc true 2>/dev/null; then
		skip "--kernel in two PID namespaces" "needs unshare -pf --mount-proc (util-linux)"
	else
		rm -f "$TMP/nsa.hgt" "$TMP/nsb.hgt"
		start_bg -n 1 --forever -t 0 -w CPU_YIELD 100us --cpu 0 -x --kernel -o "$TMP/nsa.hgt"
		unshare -pf --mount-proc "$HG" -n 1 -d 300ms -t 0 -w CPU_YIELD 100us --cpu 0 -x \
			--kernel -o "$TMP/nsb.hgt" >"$TMP/nsb.out" 2>"$TMP/nsb.err"
		rcb=$?
		kill -INT $bg
		wait $bg
		rca=$?
		evre='^# kernel events: [1-9][0-9]* on CPU 0 '
		if [ $rca = 0 ] && [ $rcb = 0 ] && grep -q "$evre" "$TMP/bg.out" &&
			grep -q "$evre" "$TMP/nsb.out" && ! grep -q 'warning: --kernel: cannot' "$TMP/bg.err" "$TMP/nsb.err"
		then ok "--kernel in two PID namespaces: both runs keep their kernel events"
		else fail "--kernel in two PID namespaces" "exit status $rca and $rcb: $(grep -h \
			'warning\|kernel events' "$TMP/bg.err" "$TMP/nsb.err" "$TMP/bg.out" "$TMP/nsb.out")"; fi
	fi
	# an older version's instance whose run may go on (pid 1 is in use) is
	# left alone, in one line
	if [ ! -e $TI/hourglass-1 ] && mkdir $TI/hourglass-1; then
		"$HG" -n 1 -d 100ms -t 0 -w CPU --cpu 0 -x --kernel >/dev/null 2>"$TMP/kerr"
		rc=$?
		if [ $rc = 0 ] && [ -d $TI/hourglass-1 ] &&
			grep -q '^hourglass: note: --kernel: left the tracefs instance hourglass-1 alone: ' "$TMP/kerr"
		then ok "--kernel: an older version's instance that may be live left alone, said in one line"
		else fail "--kernel: an older version's live instance" "exit status $rc: $(head -2 "$TMP/kerr")"; fi
		rmdir $TI/hourglass-1
	fi
	# --forever: the events so far go into each SIGUSR1 snapshot, and the final
	# trace still has them (a snapshot's read does not take them away)
	rm -f "$TMP/fk.hgt"
	start_bg -n 1 --forever -t 0 -w CPU --cpu 0 -x --kernel -o "$TMP/fk.hgt"
	sleep 0.5
	kill -USR1 $bg
	# the first read parses the kernel's symbols: seconds, but a minute and
	# more under the sanitizers
	n=0
	while [ ! -s "$TMP/fk.hgt" ] && [ $n -lt 1800 ] && kill -0 $bg 2>/dev/null; do
		sleep 0.1
		n=$((n + 1))
	done
	cp "$TMP/fk.hgt" "$TMP/fk-snap.hgt" 2>/dev/null
	sleep 0.3
	kill -INT $bg
	wait $bg
	snapev=$("$HG" explain "$TMP/fk-snap.hgt" 2>/dev/null | sed -n 's/^# kernel capture: \([0-9]*\) events.*/\1/p')
	endev=$("$HG" explain "$TMP/fk.hgt" 2>/dev/null | sed -n 's/^# kernel capture: \([0-9]*\) events.*/\1/p')
	"$HG" dump "$TMP/fk-snap.hgt" >"$TMP/fk-snap.out" 2>/dev/null
	if [ "${snapev:-0}" -gt 0 ] && [ "${endev:-0}" -ge "$snapev" ] &&
		grep -q '^# snapshot: taken at' "$TMP/fk-snap.out"
	then ok "--forever --kernel: $snapev events in the SIGUSR1 snapshot, $endev at the end"
	else fail "--forever --kernel" "snapshot '${snapev}' events, end '${endev}': $(head -2 "$TMP/bg.err")"; fi
	# a LAT run with --break: the wake-up that crossed it taken apart after the run,
	# the same in dump and in explain; explain's latencies add up
	rm -f "$TMP/klat.hgt"
	"$HG" -n 1 -d 2s -t 0 -p FIFO:90 -w LAT 1ms -i HR --cpu 0 --kernel --break 20us \
		-o "$TMP/klat.hgt" >"$TMP/klat.out" 2>"$TMP/kerr"
	rc=$?
	if [ $rc != 0 ] && [ $rc != 3 ]; then
		fail "--kernel LAT --break" "exit status $rc: $(head -1 "$TMP/kerr")"
	elif ! "$HG" dump --brief "$TMP/klat.hgt" | cmp -s - "$TMP/klat.out"; then
		fail "--kernel LAT --break" "dump --brief differs from the run's output"
	elif [ $rc = 3 ] && ! { grep -q '^# break: the latency that stopped the run, taken apart' "$TMP/klat.out" &&
		grep -q '^#  -> [a-z-]* [0-9.]* % ([0-9.]* us): ' "$TMP/klat.out" &&
		"$HG" dump "$TMP/klat.hgt" >"$TMP/klat.full" &&
		grep -q '^# break: thread 0, CPU 0, timer expiry at [0-9.]* ms: woke [0-9.]* us late$' "$TMP/klat.full" &&
		grep -q '^#    [a-z]* .* [0-9]* x  *[0-9.]* us  *[0-9.]* %$' "$TMP/klat.full"; }; then
		# the run's answer first gives the window's mechanisms; dump gives its parts too
		fail "--kernel LAT --break" "no break analysis: $(grep '^# break' "$TMP/klat.out" | head -3)"
	elif ! "$HG" explain "$TMP/klat.hgt" --json --worst 3 >"$TMP/explain-lat.json" 2>"$TMP/kerr" ||
		! /usr/bin/python3 - "$TMP/explain-lat.json" $rc <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ev = d["events"] + ([d["break"]] if d["break"] else [])
assert ev and all(e["kind"] == "latency" for e in ev), [e["kind"] for e in ev]
for e in ev:
    assert sum(c["total_ns"] for c in e["causes"]) == e["length_ns"], e
assert (d["break"] is not None) == (sys.argv[2] == "3")
PY
	then
		fail "explain of a LAT --kernel run" "$(head -c 300 "$TMP/kerr")"
	elif [ $rc = 3 ]; then
		ok "--kernel LAT --break: the late wake-up taken apart after the run, in dump and explain"
	else
		ok "--kernel LAT: no wake-up later than 20 us (no break); explain takes the latest apart"
	fi
	# a task on the measured CPU that names itself with escapes (as any user may):
	# the summary and explain show its name tamed, nothing raw
	if command -v taskset >/dev/null; then
		taskset -c 0 sh -c 'printf "%s" "$1" >/proc/self/comm; while :; do :; done' sh \
			"$(printf '\033]0;o\007\033[2J\302\233\233')" &
		hog=$!
		sleep 0.2
		"$HG" -n 1 -d 500ms -t 0 -p LOW -w CPU --cpu 0 --kernel -x -o "$TMP/kn.hgt" \
			>"$TMP/kn.out" 2>"$TMP/kerr"
		rc=$?
		kill $hog
		wait $hog 2>/dev/null
		"$HG" explain "$TMP/kn.hgt" >"$TMP/kn.ex" 2>>"$TMP/kerr"
		"$HG" dump "$TMP/kn.hgt" >"$TMP/kn.full" 2>>"$TMP/kerr"
		"$HG" ctx "$TMP/kn.hgt" >"$TMP/kn.ctx" 2>>"$TMP/kerr"
		if [ $rc = 0 ] && ! LC_ALL=C grep -q "$(printf '[\033\007\233]')" "$TMP/kn.out" "$TMP/kn.ex" \
			"$TMP/kn.full" "$TMP/kn.ctx" &&
			grep -q '^# kernel events: from the capture (--kernel)$' "$TMP/kn.ctx" &&
			grep -q '^# ?\]0;o??\[2J??? *[0-9]* ' "$TMP/kn.ctx" &&
			grep -q "^# causes: thread 0: task ?\]0;o??\[2J??? (pid $hog): " "$TMP/kn.full" &&
			grep -q "^  task       ?\]0;o??\[2J??? (pid $hog) " "$TMP/kn.ex"
		then ok "--kernel: a task named with escapes shown tamed in the summary, explain and ctx (its own switches)"
		else fail "--kernel: a task named with escapes" "$(grep -a "pid $hog" "$TMP/kn.full" | head -1 | cat -v) $(head -1 "$TMP/kerr")"; fi
	else
		skip "--kernel: a task named with escapes" "no taskset (util-linux)"
	fi
	if ls $TI | grep -q '^hourglass-'
	then fail "--kernel: instances" "left behind: $(ls $TI | grep '^hourglass-' | tr '\n' ' ')"
	else ok "--kernel: no instance left behind, the stale one removed"; fi
	# without the privilege: refused before the run, one line, exit 2
	if command -v setpriv >/dev/null && id nobody >/dev/null 2>&1; then
		setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups --inh-caps=-all \
			"$HG" -n 1 -d 100ms -x --kernel >"$TMP/kout" 2>"$TMP/kerr"
		rc=$?
		if [ $rc = 2 ] && [ "$(wc -l <"$TMP/kerr")" = 1 ] && [ ! -s "$TMP/kout" ] &&
			grep -q '^hourglass: --kernel: .*(needs root or CAP_SYS_ADMIN)\|^hourglass: --kernel: tracefs is not mounted' "$TMP/kerr"
		then ok "--kernel as nobody: $(cat "$TMP/kerr")"
		else fail "--kernel as nobody" "exit status $rc: $(head -c 300 "$TMP/kerr")"; fi
	else
		skip "--kernel as nobody" "no setpriv or no user nobody"
	fi
fi

# --- explain: the committed capture of a --kernel run -----------------------------
# the summary of a --kernel trace: the capture, and per thread its causes adding up
if "$HG" dump "$HERE/fixtures/kernel.hgt" --json >"$TMP/ksummary.json" 2>"$TMP/err" &&
	/usr/bin/python3 - "$TMP/ksummary.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["kernel_capture"]["events"] > 0 and d["kernel_capture"]["clock"] in ("counter", "mono")
for t in d["threads"]:
    assert sum(c["total_ns"] for c in t["causes"]) == t["gaps"]["total_ns"], t["id"]
PY
then ok "dump --json of a --kernel trace: kernel_capture, causes adding up to the gap time"
else fail "dump --json of a --kernel trace" "$(head -c 300 "$TMP/err")"; fi
if "$HG" explain "$HERE/fixtures/kernel.hgt" --json --worst 5 >"$TMP/explain.json" 2>"$TMP/err" &&
	/usr/bin/python3 - "$TMP/explain.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for t in d["threads"]:
    assert sum(c["total_ns"] for c in t["causes"]) == t["gap_ns"], t["thread"]
assert 0 < len(d["events"]) <= 5
for e in d["events"]:
    assert sum(c["total_ns"] for c in e["causes"]) == e["length_ns"], e
assert [e["length_ns"] for e in d["events"]] == sorted((e["length_ns"] for e in d["events"]), reverse=True)
PY
then ok "explain --json: every gap's causes add up to it, the longest first"
else fail "explain --json" "$(head -c 300 "$TMP/err")"; fi
if "$HG" explain "$HERE/fixtures/kernel.hgt" --thread 0 --worst 0 >"$TMP/explain" &&
	! grep -q '^# 1\. ' "$TMP/explain" && grep -q '^# thread 0: ' "$TMP/explain"
then ok "explain --thread 0 --worst 0"
else fail "explain --thread 0 --worst 0" "$(head -3 "$TMP/explain")"; fi
# a FIFO hog stopped twice: rt-throttling's time beside what the sysctls
# imply, in explain, the run's summary (dump, brief and -v) and the JSON
if "$HG" explain "$HERE/fixtures/kthrottle.hgt" >"$TMP/explain-thr2" 2>"$TMP/err" &&
	"$HG" explain "$HERE/fixtures/kthrottle.hgt" --json >"$TMP/explain-thr2.json" &&
	"$HG" dump "$HERE/fixtures/kthrottle.hgt" --brief >"$TMP/dump-thr2" &&
	"$HG" dump "$HERE/fixtures/kthrottle.hgt" >"$TMP/dumpv-thr2" &&
	thr='^# rt-throttling: CPU 1 throttled 2 x [0-9.]* ms = [0-9.]* ms, of which 1 in the run.s first period ([0-9.]* ms: not weighed, .*), the sysctls imply 50.000 ms for the others: agrees' &&
	grep -q "$thr" "$TMP/explain-thr2" && grep -q "$thr" "$TMP/dump-thr2" &&
	grep -q "$thr" "$TMP/dumpv-thr2" && grep -q '^# host: CPU 1: .*: agrees$' "$TMP/dump-thr2" &&
	grep -q '^# verdict: thread 0: why rt-throttling: ' "$TMP/explain-thr2" &&
	grep -q '"reserve_from": "sysctls"' "$TMP/explain-thr2.json"
then ok "explain, dump: rt-throttling's time beside what the sysctls imply, and the host's"
else fail "explain: rt-throttling beside the sysctls" "$(grep '^# rt-thr' "$TMP/explain-thr2" | head -c 300) $(head -1 "$TMP/err")"; fi
# --at: the gap at or nearest a time, and nothing else unless --worst asks
if "$HG" explain "$HERE/fixtures/kernel.hgt" --at 100ms >"$TMP/explain" &&
	grep -q '^# the gap at or nearest --at, taken apart$' "$TMP/explain" &&
	grep -q '^# at: thread 0, CPU 1, at [0-9.]* ms: [0-9.]* us$' "$TMP/explain" &&
	! grep -q '^# 1\. ' "$TMP/explain"
then ok "explain --at 100ms: the gap nearest the time taken apart"
else fail "explain --at" "$(grep '^# at' "$TMP/explain" | head -3)"; fi

# --- render and lat -------------------------------------------------------------
# render: well-formed SVG with a row per thread; sub-pixel intervals merged
if "$HG" -n 2 -d 500ms -a -w CPU_YIELD 20us -x -o "$TMP/r.hgt" >/dev/null 2>&1 &&
   "$HG" render "$TMP/r.hgt" -o "$TMP/r.svg" 2>"$TMP/err"; then
	boxes=$(grep -c '<rect class="iv c' "$TMP/r.svg")
	if head -1 "$TMP/r.svg" | grep -q '^<?xml' && tail -1 "$TMP/r.svg" | grep -q '^</svg>$' &&
	   { ! command -v xmllint >/dev/null || xmllint --noout "$TMP/r.svg"; } &&
	   grep -q '>thread 1: CPU_YIELD 20us</text>' "$TMP/r.svg" &&
	   [ "$boxes" -ge 2 ] && [ "$boxes" -le 2000 ]; then
		ok "render: $boxes boxes, $(wc -c <"$TMP/r.svg") bytes"
	else
		fail "render" "$boxes boxes or a malformed SVG"
	fi
else
	fail "render" "exit status $? ($(head -1 "$TMP/err"))"
fi
# a window of the fixture (three threads on CPU 0): a row for CPU 0, its boxes
"$HG" render "$FIX.hgt" -o "$TMP/w.svg" --from 100ms --to 400ms --per-cpu --width 600 &&
	grep -q '>CPU 0</text>' "$TMP/w.svg" && grep -q 'width="600"' "$TMP/w.svg" &&
	grep -q '<rect class="iv c0"' "$TMP/w.svg" && ! grep -q '>CPU 1</text>' "$TMP/w.svg" &&
	ok "render --per-cpu window" || fail "render --per-cpu window" "no CPU 0 row or boxes"
"$HG" render "$TMP/r.hgt" -o - --to 1ms | grep -q '^</svg>$' && ok "render -o -" ||
	fail "render -o -" "no SVG on standard output"
# PERIODIC: releases and deadlines drawn
if "$HG" -n 1 -d 300ms -w PERIODIC 2ms 10ms -x -o "$TMP/p.hgt" >/dev/null 2>&1 &&
   "$HG" render "$TMP/p.hgt" -o "$TMP/p.svg" &&
   grep -q '<path class="rel" d="M' "$TMP/p.svg" && grep -q '<path class="dl" d="M' "$TMP/p.svg"; then
	ok "render PERIODIC: releases and deadlines"
else
	fail "render PERIODIC" "no release or deadline markers"
fi
expect_bad "render without -o" render "$TMP/r.hgt"
expect_bad "render without file" render -o "$TMP/bad/x.svg"
expect_bad "render of a missing file" render "$B/none.hgt" -o "$TMP/bad/x.svg"
expect_bad "render of a file that is not a trace" render "$TMP/junk.hgt" -o "$TMP/bad/x.svg"
expect_bad "render --from after the run" render "$TMP/r.hgt" -o "$TMP/bad/x.svg" --from 1s
expect_bad "render --to before --from" render "$TMP/r.hgt" -o "$TMP/bad/x.svg" --from 200ms --to 100ms
expect_bad "render --from without unit" render "$TMP/r.hgt" -o "$TMP/bad/x.svg" --from 100
expect_bad "render --width too small" render "$TMP/r.hgt" -o "$TMP/bad/x.svg" --width 10
expect_bad "render -o the trace itself" render "$TMP/r.hgt" -o "$TMP/r.hgt"
# lat: the same report lines as the run, and a histogram picture
if "$HG" -n 1 -d 300ms $RT -w LAT 1ms --histogram 50 -x -o "$TMP/l.hgt" >"$TMP/out" 2>/dev/null &&
   "$HG" lat "$TMP/l.hgt" --svg "$TMP/l.svg" >"$TMP/latout"; then
	if grep -E '^# (thread 0: (LAT|samples|runs at)|Histogram|Total|Min|Avg|Max|Thread 0:)|^[0-9]{6} ' "$TMP/out" |
	   cmp -s - "$TMP/latout" && grep -q '<path class="line c0"' "$TMP/l.svg" &&
	   grep -q '>samples (log scale)</text>' "$TMP/l.svg" &&
	   grep -q '>thread 0: LAT 1ms' "$TMP/l.svg"; then
		ok "lat: the run's LAT report, histogram SVG"
	else
		fail "lat" "report differs from the run's or no bars"
	fi
	[ "$("$HG" lat "$TMP/l.hgt" --histogram 10 | grep -c '^0000[0-9][0-9] ')" = 10 ] &&
		ok "lat --histogram 10" || fail "lat --histogram 10" "not 10 buckets"
	"$HG" lat "$TMP/l.hgt" --svg "$TMP/lm.svg" --max 1us >/dev/null &&
		grep -qF '>≥ 1 us</text>' "$TMP/lm.svg" &&
		ok "lat --svg --max 1us: the overflow bar" ||
		fail "lat --svg --max 1us" "no overflow bar labelled 1 us"
else
	fail "lat" "exit status $?"
fi
expect_bad "lat of a trace without LAT" lat "$TMP/r.hgt"
expect_bad "lat without file" lat
expect_bad "lat --histogram 0" lat "$TMP/l.hgt" --histogram 0
expect_bad "lat --max without unit" lat "$TMP/l.hgt" --svg "$TMP/bad/x.svg" --max 5
expect_bad "ctx --log-y with a value" ctx "$TMP/r.hgt" --log-y=yes
expect_bad "lat of a missing file" lat "$B/none.hgt"

# --- tail: extreme-value fits of a real LAT run and of cyclictest histograms ------
# the verdict (answers or a named refusal) depends on the machine; the structure not
tail_ok() {	# tail_ok NAME OUT: an answer with intervals, or a refusal that names its check
	if grep -q '^  return levels, exceeded with probability p per sample' "$2" &&
	   grep -q '^  P(X > .* per sample: .*, 95% \[' "$2"; then ok "$1: answered, with intervals"
	elif grep -q '^  refused: the [a-z]* check failed' "$2"; then ok "$1: refused, the check named"
	else fail "$1" "neither answers nor a named refusal: $(head -3 "$2")"; fi
}
if "$HG" -n 1 -d 3s -w LAT 200us -x -q -o "$TMP/tail.hgt" 2>/dev/null &&
   "$HG" tail "$TMP/tail.hgt" --at 500us --svg "$TMP/tail.svg" >"$TMP/tail.out" 2>"$TMP/tail.err"
then
	tail_ok "tail of a LAT run" "$TMP/tail.out"
	grep -q '^tail of thread 0 (LAT 200us), latency: [0-9]* samples, .* a second (measured)$' \
		"$TMP/tail.out" && grep -q '^  largest seen: ' "$TMP/tail.out" &&
		ok "tail: the series, its rate and the largest seen" ||
		fail "tail" "no series line or largest seen: $(head -2 "$TMP/tail.out")"
	grep -q '<path class="fit"\|refused: the' "$TMP/tail.svg" &&
		ok "tail --svg: the fit drawn, or the refusal said" || fail "tail --svg" "neither"
	"$HG" dump "$TMP/tail.hgt" | grep -q '^# tail: thread 0 latency: \(exceeded with probability 1e-9 per sample: [0-9.]* us, 95% \[\|no estimate: the [a-z]* check failed\)' &&
		ok "tail: its line in the run's report" ||
		fail "tail: the report's line" "$("$HG" dump "$TMP/tail.hgt" | grep '^# tail')"
	"$HG" tail "$TMP/tail.hgt" --json --force >"$TMP/tail.json" 2>/dev/null ||
		fail "tail --json" "exit status $?"
	"$HG" tail "$TMP/tail.hgt" --at 500us --prom "$TMP/tail.prom" >/dev/null 2>&1 &&
		grep -q '^hourglass_tail_refused{source=".*",thread="0",of="latency"} [01]$' \
			"$TMP/tail.prom" && [ "$(tail -1 "$TMP/tail.prom")" = "# EOF" ] &&
		ok "tail --prom: the estimates as OpenMetrics" ||
		fail "tail --prom" "$(head -3 "$TMP/tail.prom" 2>/dev/null)"
	if command -v promtool >/dev/null 2>&1; then
		promtool check metrics <"$TMP/tail.prom" >"$TMP/promtool" 2>&1 &&
			ok "tail --prom: promtool check metrics passes" ||
			fail "tail --prom: promtool" "$(head -3 "$TMP/promtool")"
	else
		skip "tail --prom: promtool" "promtool not installed (apt-get install prometheus)"
	fi
	# diff compares the two tails: the value exceeded once in 1e6, the likelihood ratio
	"$HG" diff "$TMP/tail.hgt" "$TMP/tail.hgt" --json >"$TMP/taildiff.json" 2>/dev/null
	"$HG" diff "$TMP/tail.hgt" "$TMP/tail.hgt" 2>&1 |
		grep -q '^  thread0\.latency\.tail1e-6 .* gpd-lr  *1\.0000  *1\.0000  no significant difference$' &&
		ok "diff: a tail1e-6 row, one tail against itself" ||
		fail "diff: tail1e-6" "$("$HG" diff "$TMP/tail.hgt" "$TMP/tail.hgt" 2>&1 | grep tail)"
	"$HG" tail "$TMP/r.hgt" --of gap --thread 1 --force >"$TMP/tailg.out" 2>&1 &&
		grep -q '^tail of thread 1 (CPU_YIELD .*), gap: ' "$TMP/tailg.out" &&
		ok "tail --of gap" || fail "tail --of gap" "$(head -2 "$TMP/tailg.out")"
	# a saved trace's thread named by its model too (it once read "tail of , gap")
	"$HG" tail "$HERE/fixtures/sched-yield.hgt" --of gap --threshold 1us 2>&1 |
		grep -q '^tail of thread 0 (CPU_YIELD 900us), gap: ' &&
		ok "tail of a saved trace names its thread" ||
		fail "tail of a saved trace" "$("$HG" tail "$HERE/fixtures/sched-yield.hgt" --of gap --threshold 1us 2>&1 | head -1)"
	# the run's own histogram in cyclictest's layout, read back as cyclictest's
	"$HG" lat "$TMP/tail.hgt" --histogram 100000 >"$TMP/tail.hist"
	if "$HG" tail --cyclictest "$TMP/tail.hist" --interval 200us >"$TMP/tailh.out" 2>"$TMP/tailh.err"
	then
		tail_ok "tail --cyclictest of lat --histogram" "$TMP/tailh.out"
		grep -q '^    independence  not made ' "$TMP/tailh.out" &&
			ok "tail --cyclictest: no time order, independence not checked" ||
			fail "tail --cyclictest" "independence: $(grep independence "$TMP/tailh.out")"
	elif grep -q 'overflowed the histogram' "$TMP/tailh.err"; then
		skip "tail --cyclictest of lat --histogram" "lateness beyond 100 ms on this machine"
	else fail "tail --cyclictest of lat --histogram" "$(head -1 "$TMP/tailh.err")"; fi
else
	fail "tail of a LAT run" "exit status $?: $(head -1 "$TMP/tail.err" 2>/dev/null)"
fi
# cyclictest's own histogram, when cyclictest runs here (rt-tests)
if command -v cyclictest >/dev/null 2>&1 &&
   cyclictest -t 1 -i 500 -l 4000 -h 100000 -q >"$TMP/ct.hist" 2>/dev/null; then
	if "$HG" tail --cyclictest "$TMP/ct.hist" --interval 500us >"$TMP/ct.out" 2>"$TMP/ct.err"
	then tail_ok "tail --cyclictest of cyclictest -h -q" "$TMP/ct.out"
	elif grep -q 'overflowed the histogram' "$TMP/ct.err"; then
		skip "tail of cyclictest's histogram" "latencies beyond 100 ms on this machine"
	else fail "tail of cyclictest's histogram" "$(head -1 "$TMP/ct.err")"; fi
else
	skip "tail of cyclictest's histogram" "cyclictest (rt-tests) missing or not allowed to run here"
fi
expect_bad "tail without input" tail
expect_bad "tail of a trace without LAT" tail "$TMP/r.hgt"

# --- export -------------------------------------------------------------------
# every interval once, exactly the trace lines' times and cycles; jobs; JSON parses
"$HG" -n 2 -d 500ms -t 0 -w PERIODIC 2ms 5ms -c -o "$TMP/exp.hgt" >"$TMP/out" 2>/dev/null
if "$HG" export "$TMP/exp.hgt" --format csv -o "$TMP/exp.csv" &&
   "$HG" export "$TMP/exp.hgt" --format perfetto -o "$TMP/exp.perfetto" &&
   "$HG" export "$TMP/exp.hgt" --format json -o - >"$TMP/exp.json"; then
	awk '/^[0-9]/ { s = $2; e = $3; sub(/\./, "", s); sub(/\./, "", e); print $1, s + 0, e + 0, $6 }' \
		"$TMP/out" | sort >"$TMP/lines"
	awk -F, '$2 == "interval" { print $1, $3, $4, $9 }' "$TMP/exp.csv" | sort >"$TMP/rows"
	n=$(wc -l <"$TMP/rows")
	x=$(grep -c '"cat":"interval","ph":"X"' "$TMP/exp.perfetto")
	c=$(grep -c '"cat":"cpu","ph":"X"' "$TMP/exp.perfetto")
	j=$(grep -c ',job,' "$TMP/exp.csv")
	b=$(grep -c '"ph":"b"' "$TMP/exp.perfetto")
	if [ "$n" -gt 0 ] && cmp -s "$TMP/lines" "$TMP/rows" && [ "$x" = "$n" ] && [ "$c" = "$n" ] &&
	   [ "$j" -gt 0 ] && [ "$b" = "$j" ] && head -1 "$TMP/exp.csv" |
	   grep -qx 'thread,kind,start_ns,end_ns,duration_ns,cpu,flags,mono_ns,cycles,tid'; then
		ok "export: $n intervals and $j jobs, as the trace lines say"
	else
		fail "export" "$n csv intervals vs $(wc -l <"$TMP/lines") lines, $x/$c X events, $j jobs, $b b events"
	fi
	if ! command -v python3 >/dev/null; then
		skip "export JSON parses" "no python3"
	elif python3 -c 'import json, sys; [json.load(open(f)) for f in sys.argv[1:]]' \
		"$TMP/exp.perfetto" "$TMP/exp.json"; then
		ok "export: perfetto and json output parse as JSON"
	else
		fail "export JSON" "does not parse"
	fi
else
	fail "export" "exit status $?"
fi
# a special file (a pipe, /dev/null) is written in place, not replaced
mkfifo "$TMP/fifo"
timeout 10 cat "$TMP/fifo" >"$TMP/fifo.csv" &
pid=$!
"$HG" export "$TMP/exp.hgt" --format csv -o "$TMP/fifo" 2>"$TMP/err"
rc=$?
wait $pid
if [ $rc -eq 0 ] && [ -p "$TMP/fifo" ] && cmp -s "$TMP/fifo.csv" "$TMP/exp.csv"
then ok "export into a pipe writes through it"
else fail "export into a pipe" "exit $rc, $(head -1 "$TMP/err")"; fi
expect_bad "export --format xml" export "$TMP/exp.hgt" --format xml -o "$B/x.csv"
expect_bad "export without --format" export "$TMP/exp.hgt" -o "$B/x.csv"
expect_bad "export without -o" export "$TMP/exp.hgt" --format csv
expect_bad "export of a missing file" export "$B/none.hgt" --format csv -o "$B/x.csv"
expect_bad "export into a missing directory" export "$TMP/exp.hgt" --format csv -o "$B/no/x.csv"
expect_bad "export over its own trace" export "$TMP/exp.hgt" --format csv -o "$TMP/exp.hgt"


# --- rta, predictions, reservations ------------------------------------------------
# on one CPU, as the paper's machine (without --cpu: every CPU of this one)
"$HG" rta -n 2 -a --cpu 0 -t 0 -p RTMED -w PERIODIC 3ms 8ms -t 1 -p RTLOW \
	-w PERIODIC 17ms 33ms --jitter 8ms --wcet 19ms >"$TMP/rta" 2>&1
if grep -qx 'rta: thread 0 response 3.000ms deadline 8.000ms schedulable test uniprocessor cpus 0' "$TMP/rta" &&
   grep -qx 'rta: thread 1 response 39.000ms deadline 33.000ms unschedulable test uniprocessor cpus 0' "$TMP/rta"; then
	ok "rta: the paper's 3 ms and 39 ms > 33 ms"
else
	fail "rta" "$(grep '^rta:' "$TMP/rta" | tr '\n' ' ')"
fi
printf 'C=3ms T=8ms P=RTMED\n# the low task\nC=17ms T=33ms P=RTLOW\n' >"$TMP/tasks"
"$HG" rta --tasks "$TMP/tasks" --json | grep -q '"response_ns": 29000000' &&
	ok "rta --tasks --json: 29 ms" || fail "rta --tasks" "no 29 ms response"
printf 'C=3ms T=8ms\nC=17ms X=3\n' >"$TMP/badtasks"
expect_bad "rta task file with a bad field" rta --tasks "$TMP/badtasks"
expect_bad "rta without PERIODIC threads" rta -n 1 -w CPU
# a sampled chain of three tasks on one CPU: R = 1, 3, 7 ms; reaction
# (5 + 1) + (10 + 3) + (20 + 7) = 46 ms, data age 46 - 5 (the last task's T) = 41 ms
printf 'C=1ms T=5ms CHAIN=c:2\nC=2ms T=10ms CHAIN=c:1\nC=3ms T=20ms CHAIN=c:0\n' >"$TMP/chain.tasks"
"$HG" rta --tasks "$TMP/chain.tasks" 2>&1 |
	grep -qx 'rta: chain c tasks 2>1>0 reaction 46.000ms data-age 41.000ms sampled' &&
	ok "rta --tasks with CHAIN=: the chain's reaction and data-age bounds" ||
	fail "rta --tasks with CHAIN=" "$("$HG" rta --tasks "$TMP/chain.tasks" 2>&1 | grep chain)"
printf 'C=1ms T=5ms CHAIN=c:0\nC=2ms T=10ms CHAIN=c:2\n' >"$TMP/badchain.tasks"
expect_bad "rta task file with a gap in a chain" rta --tasks "$TMP/badchain.tasks"
# an event chain: 0 releases 1 (above it), holistic: data age 9 ms, reaction 19 ms
printf 'chain f event\nC=3ms T=10ms P=FIFO:10 CHAIN=f:0\nC=1ms T=10ms P=FIFO:30 CHAIN=f:1\nC=3ms T=20ms P=FIFO:20\n' \
	>"$TMP/evchain.tasks"
"$HG" rta --tasks "$TMP/evchain.tasks" 2>&1 |
	grep -qx 'rta: chain f tasks 0>1 reaction 19.000ms data-age 9.000ms event' &&
	ok "rta --tasks with an event chain: holistic bounds" ||
	fail "rta --tasks with an event chain" "$("$HG" rta --tasks "$TMP/evchain.tasks" 2>&1 | grep chain)"
# the man page's rule for a # in a task file, and its example, hold
man_text | sed -n 's/^("\(C=[^"]*#[^"]*\)").*/\1/p' >"$TMP/comment.tasks"
man_text | grep -qx 'later in a line starts a comment to its end' &&
	[ -s "$TMP/comment.tasks" ] && "$HG" rta --tasks "$TMP/comment.tasks" >/dev/null 2>&1 &&
	ok "rta --tasks: a # after a task's words, as the man page says" ||
	fail "rta --tasks with a comment" "the man page's example: '$(cat "$TMP/comment.tasks")'"
# exit status 3: a violation predicted (rta --strict) or measured (--fail-on-miss)
"$HG" rta --strict -n 2 -a --cpu 0 -t 0 -p RTMED -w PERIODIC 3ms 8ms -t 1 -p RTLOW \
	-w PERIODIC 17ms 33ms --jitter 8ms --wcet 19ms >"$TMP/rta" 2>"$TMP/err"
rc=$?
if [ "$rc" = 3 ] && grep -q 'unschedulable (--strict)' "$TMP/err" &&
   "$HG" rta --strict -n 1 -w PERIODIC 3ms 8ms >/dev/null 2>&1; then
	ok "rta --strict: exit 3 for an unschedulable set, 0 otherwise"
else
	fail "rta --strict" "exit status $rc: $(cat "$TMP/err")"
fi
# a deadline of 1 ms for 2 ms of work is missed by every job, whatever the timing
"$HG" -n 1 -d 100ms -w PERIODIC 2ms 10ms 1ms -x --fail-on-miss >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ "$rc" = 3 ] && grep -q 'deadlines\{0,1\} missed (--fail-on-miss)' "$TMP/err" &&
   grep -q '^# thread' "$TMP/out" &&
   "$HG" -n 1 -d 100ms -w PERIODIC 2ms 10ms 1ms -x -q >/dev/null 2>&1; then
	ok "--fail-on-miss: exit 3 after missed deadlines, report printed"
else
	fail "--fail-on-miss" "exit status $rc: $(cat "$TMP/err")"
fi
if "$HG" rta -n 1 -w PERIODIC 3ms 8ms 9ms >"$TMP/out" 2>&1 &&
   grep -q '^rta: thread 0 response 3.000ms deadline 9.000ms schedulable test ' "$TMP/out"; then
	ok "rta with D > T is analysed"
else
	fail "rta with D > T is analysed" "$(head -3 "$TMP/out")"
fi
# --- locks: sections under a shared lock, their blocking predicted and measured ---
# the priority-inversion demo: H and L share lock L on one CPU, M runs between
demo="-n 3 -t 0 -p FIFO:80 -w PERIODIC 1ms 10ms --cpu 0 --cs L 0.5ms
	-t 1 -p FIFO:50 -w PERIODIC 4ms 10ms --cpu 0 -t 2 -p FIFO:10 -w PERIODIC 2ms 20ms
	--cpu 0 --cs L 1.5ms"
# shellcheck disable=SC2086
"$HG" rta $demo --protocol L=none >"$TMP/rta-none" 2>&1
# shellcheck disable=SC2086
"$HG" rta $demo --protocol L=inherit >"$TMP/rta-inherit" 2>&1
# shellcheck disable=SC2086
"$HG" rta $demo --protocol L=protect >"$TMP/rta-protect" 2>&1
if grep -qx 'rta: thread 0 response unbounded deadline 10.000ms unschedulable test uniprocessor cpus 0' "$TMP/rta-none" &&
   grep -q '^# rta: thread 0: blocking unbounded: lock .L. has no protocol' "$TMP/rta-none" &&
   grep -qx 'rta: thread 1 response 6.000ms deadline 10.000ms schedulable test uniprocessor cpus 0' "$TMP/rta-none" &&
   grep -q "^# rta: thread 1: thread 0 can wait for lock 'L' (none) while thread 2, below this one, holds it, .* 6.000 ms" "$TMP/rta-none" &&
   grep -qx 'rta: thread 0 response 2.500ms deadline 10.000ms schedulable test uniprocessor cpus 0' "$TMP/rta-inherit" &&
   grep -qx 'rta: thread 1 response 6.500ms deadline 10.000ms schedulable test uniprocessor cpus 0' "$TMP/rta-inherit" &&
   grep -q '^# rta: thread 0: blocking 1.500 ms .*(ceiling bound' "$TMP/rta-protect"; then
	ok "rta --cs: unbounded without a protocol (M charged H's held-back jobs), 2.5 ms and 6.5 ms with inherit or protect"
else
	fail "rta --cs" "$(grep 'rta: thread [01]' "$TMP/rta-none" "$TMP/rta-inherit" | tr '\n' ' ')"
fi
# a task between a lock's users without a protocol: a schedule from offsets 1, 3, 0 ms
# gives thread 1 5 ms; its bound is 11 ms, an upper bound, with the reason
printf 'lock K none\nC=2ms T=4ms P=FIFO:30 CS=K:1ms\nC=1ms T=100ms P=FIFO:20\nC=4ms T=100ms P=FIFO:10 CS=K:3ms\n' >"$TMP/mid.tasks"
"$HG" rta --tasks "$TMP/mid.tasks" >"$TMP/mid.out" 2>&1 &&
	"$HG" rta --tasks "$TMP/mid.tasks" --json >"$TMP/mid.json" 2>>"$TMP/mid.out" &&
	grep -qx 'rta: thread 1 response 11.000ms deadline 100.000ms schedulable test uniprocessor cpus -' "$TMP/mid.out" &&
	grep -q '"held_back_by": 0' "$TMP/mid.json" &&
	grep -q '"held_back_jitter_ns": 9000000' "$TMP/mid.json" &&
	ok "rta: a task between a lock's users without a protocol is charged the held-back jobs" ||
	fail "rta mid.txt" "$(head -3 "$TMP/mid.out")"
printf 'lock L inherit\nC=1ms T=10ms P=FIFO:80 CPU=0 CS=L:0.5ms\nC=4ms T=10ms P=FIFO:50 CPU=0\nC=2ms T=20ms P=FIFO:10 CPU=1 CS=L:1.5ms\n' >"$TMP/locks.tasks"
"$HG" rta --tasks "$TMP/locks.tasks" --json >"$TMP/rta-locks.json" 2>"$TMP/err" &&
	grep -q '"shared_lock": "L"' "$TMP/rta-locks.json" &&
	ok "rta --tasks with a lock across CPUs: not covered, said so" ||
	fail "rta --tasks CS=" "$(head -2 "$TMP/err")"
# rta --from: the task set of a real run (no privilege: timesharing priorities, one CPU),
# each value with its source, the bound beside the response measured
"$HG" -n 2 -d 1s -a --cpu 0 -t 0 -w PERIODIC 1ms 8ms -t 1 -w PERIODIC 3ms 20ms -x -q \
	-o "$TMP/from.hgt" >/dev/null 2>&1
"$HG" rta --from "$TMP/from.hgt" >"$TMP/from.out" 2>&1
rc=$?
"$HG" rta --from "$TMP/from.hgt" --margin --json >"$TMP/from.json" 2>>"$TMP/from.out"
[ $rc = 0 ] && grep -q '^rta: thread 1 response ' "$TMP/from.out" &&
	grep -q '^# rta: from .*from.hgt: thread 0 (PERIODIC 1ms 8ms): C [0-9.]* ms (measured: the most one job received, of [1-9][0-9]*; its options. 1.000 ms), T 8.000 ms (config: the period), D 8.000 ms (config: the deadline), J [0-9.]* ms (measured: ' "$TMP/from.out" &&
	grep -q '^# rta: from .*from.hgt: thread 1: measured worst response [0-9.]* ms (of [1-9][0-9]*), ' "$TMP/from.out" &&
	grep -q '^# rta: from .*from.hgt: switch overheads (' "$TMP/from.out" &&
	grep -q '"c_source": "measured"' "$TMP/from.json" && grep -q '"scaling_factor"' "$TMP/from.json" &&
	ok "rta --from: a run's measured set, beside the responses it measured" ||
	fail "rta --from" "exit $rc: $(grep -v '^# thread' "$TMP/from.out" | head -4)"
expect_bad "rta --from a file that is not a trace" rta --from "$TMP/mid.tasks"
expect_bad "rta --from a trace without a periodic thread" rta --from "$HERE/fixtures/sched-yield.hgt"
expect_bad "rta --from with run options" rta --from "$TMP/from.hgt" -n 1
# --margin: the paper's set may grow by 32 / 29 (10.3 %); the first's C up to 3.75 ms
printf 'C=3ms T=8ms\nC=17ms T=33ms\n' >"$TMP/margin.tasks"
"$HG" rta --tasks "$TMP/margin.tasks" --margin >"$TMP/margin.out" 2>&1 &&
	"$HG" rta --tasks "$TMP/margin.tasks" --margin --json >"$TMP/margin.json" 2>>"$TMP/margin.out" &&
	grep -q '^# rta: margin: every C may grow by 10.3 % (critical scaling factor 1.1034, breakdown utilisation 0.9822' "$TMP/margin.out" &&
	grep -qx '# rta: thread 0: margin: C up to 3.750 ms (now 3.000 ms, the others as they are), slack 5.000 ms' "$TMP/margin.out" &&
	grep -q '"max_c_ns": 3750000' "$TMP/margin.json" &&
	ok "rta --margin: the critical scaling factor, the breakdown utilisation, each task's largest C" ||
	fail "rta --margin" "$(grep margin "$TMP/margin.out" | head -2)"
"$HG" rta -n 2 -w PERIODIC 1ms 10ms -t 0 --cs L 0.5ms >/dev/null 2>"$TMP/err" &&
	grep -q "warning: lock 'L' is used by thread 0 only" "$TMP/err" &&
	ok "rta: a warning for a lock one thread uses" || fail "rta lonely lock" "$(cat "$TMP/err")"
# the machine's costs charged to each job: fixed documents of ctxcost and cachecost
# shellcheck disable=SC2086
"$HG" rta $demo --overheads "$HERE/fixtures/ctxcost.json,$HERE/fixtures/cachecost.json" \
	>"$TMP/rta-ovh" 2>&1
# shellcheck disable=SC2086
"$HG" rta $demo --cs-cost 1ms --json >"$TMP/rta-ovh.json" 2>&1
if grep -q '^# rta: overheads charged to each job: 2 switches of 3.210 us and a cache penalty of 12.250 us .*: C + 18.670 us' "$TMP/rta-ovh" &&
   grep -qx '# rta: thread 1 response 6.500 ms without overheads, 6.537 ms with, deadline 10.000 ms: schedulable' "$TMP/rta-ovh" &&
   grep -q '"response_overheads_ns": 13500000' "$TMP/rta-ovh.json"; then
	ok "rta --overheads, --cs-cost: responses with and without the costs"
else
	fail "rta --overheads" "$(grep overheads "$TMP/rta-ovh" | head -3 | tr '\n' ' ')"
fi
# a ctxcost document from a machine that was not quiet: one line says so
sed 's/"quiet": true/"quiet": false/' "$HERE/fixtures/ctxcost.json" >"$TMP/noisy.json"
# shellcheck disable=SC2086
"$HG" rta $demo --overheads "$TMP/noisy.json" >"$TMP/out" 2>"$TMP/err" &&
	[ "$(grep -c 'not quiet' "$TMP/err")" = 1 ] &&
	grep -q "^hourglass: rta: warning: $TMP/noisy.json: measured on a machine that was not quiet" "$TMP/err" &&
	grep -q "^# rta: overheads charged .*; $TMP/noisy.json measured on a machine that was not quiet: they may include other tasks' run time)\$" "$TMP/out" &&
	"$HG" rta $demo --overheads "$TMP/noisy.json" --json 2>/dev/null |
		grep -q "\"not_quiet\": \"$TMP/noisy.json\"" &&
	"$HG" rta $demo --overheads "$HERE/fixtures/ctxcost.json" --json 2>/dev/null |
		grep -q '"not_quiet": ""' &&
	! "$HG" rta $demo --overheads "$HERE/fixtures/ctxcost.json" 2>&1 | grep -q 'not quiet' &&
	ok "rta --overheads: costs measured on a machine that was not quiet: a warning, and the overheads line and JSON say so" ||
	fail "rta --overheads not quiet" "$(cat "$TMP/err")"
if "$HG" -n 1 -d 100ms -w PERIODIC 1ms 10ms --overheads "$TMP/noisy.json" -x -o "$TMP/nq.hgt" \
	--json "$TMP/nq.json" >"$TMP/out" 2>"$TMP/err" &&
   grep -q "^# predicted: overheads charged .*; $TMP/noisy.json measured on a machine that was not quiet" "$TMP/out" &&
   grep -q "\"not_quiet\": \"$TMP/noisy.json\"" "$TMP/nq.json" &&
   "$HG" dump --brief "$TMP/nq.hgt" | grep -q "^# predicted: .*was not quiet"; then
	ok "a run given costs measured on a machine that was not quiet: its prediction says so, and its dump"
else
	fail "run --overheads not quiet" "$(grep predicted "$TMP/out") $(head -1 "$TMP/err")"
fi
if "$HG" -n 1 -d 100ms -w PERIODIC 1ms 10ms --cs-cost 5us -x -o "$TMP/ovh.hgt" \
	--json "$TMP/ovh.json" >"$TMP/out" 2>"$TMP/err" &&
   grep -q '^# predicted: overheads charged to each job: 2 switches of 5.000 us: C + 10.000 us (from --cs-cost)' "$TMP/out" &&
   grep -q '^# 0      with overheads: response 1.010 ms (without: 1.000 ms)' "$TMP/out" &&
   "$HG" dump --brief "$TMP/ovh.hgt" | cmp -s - "$TMP/out"; then
	ok "a run with --cs-cost predicts with the overheads, and so does its dump"
else
	fail "run --cs-cost" "$(grep -i overheads "$TMP/out" | head -2 | tr '\n' ' ') $(head -1 "$TMP/err")"
fi
if is_root; then
	# functional only: the figures depend on the machine's load
	for proto in none inherit protect; do
		# shellcheck disable=SC2086
		if "$HG" -d 300ms $demo -t 0 -i HR -s 0.5ms -t 1 -i HR -s 0.7ms -t 2 -i HR \
			--protocol L=$proto -x -o "$TMP/locks-$proto.hgt" \
			--json "$TMP/locks-$proto.json" >"$TMP/out" 2>"$TMP/err" &&
		   grep -q "^# thread 0: blocking on locks: [0-9]* of [0-9]* jobs waited" "$TMP/out" &&
		   grep -q "^# thread 2: section 0: lock 'L' ($proto) held 1.500 ms a job" "$TMP/out" &&
		   { grep -q "^# thread 0: blocking on locks: 0 of" "$TMP/out" ||
		     grep -q "^# thread 0: while a blocked job waited, on its CPU: lower-priority threads ran max [0-9.]* ms, middle-priority threads (priority inversion) ran max [0-9.]* ms$" "$TMP/out"; } &&
		   "$HG" dump --brief "$TMP/locks-$proto.hgt" | cmp -s - "$TMP/out"; then
			ok "a run with --cs, --protocol L=$proto: waits measured, dump the same"
		else
			fail "--cs run ($proto)" "$(head -2 "$TMP/err")"
		fi
	done
	# a CPU_PERIODIC thread above a PERIODIC one on the same CPU: it starves it
	if "$HG" -d 200ms -n 2 -t 0 -p FIFO:50 -w CPU_PERIODIC 2ms 10ms --cpu 0 \
		-t 1 -p FIFO:40 -w PERIODIC 1ms 10ms --cpu 0 -x -o "$TMP/hog.hgt" \
		--json "$TMP/hog.json" >"$TMP/out" 2>"$TMP/err" &&
	   grep -q "^# thread 0: CPU_PERIODIC 2ms 10ms is not analysed: it never blocks" "$TMP/out" &&
	   grep -q "^# thread 1: no bound: thread 0 (CPU_PERIODIC 2ms 10ms, FIFO:50 (SCHED_FIFO 50)) never blocks and can run on its CPU 0 at its priority or above$" "$TMP/out" &&
	   grep -q "^# 1      J [0-9.]* ms: response unbounded, deadline 10.000 ms: UNSCHEDULABLE$" "$TMP/out" &&
	   "$HG" dump --brief "$TMP/hog.hgt" | cmp -s - "$TMP/out"; then
		ok "the prediction says why CPU_PERIODIC is not analysed and that it starves the thread below"
	else
		fail "CPU_PERIODIC in the prediction" "$(grep 'thread [01]:' "$TMP/out" | tail -2 | tr '\n' ' ') $(head -1 "$TMP/err")"
	fi
	# rta of the same threads: the same verdict, from the same code (analysis/sched/hog.c)
	hog_opts="-n 2 -t 0 -p FIFO:50 -w CPU_PERIODIC 2ms 10ms --cpu 0 -t 1 -p FIFO:40 -w PERIODIC 1ms 10ms --cpu 0"
	# shellcheck disable=SC2086 # the options, one word each
	if "$HG" rta $hog_opts >"$TMP/hog-rta" 2>"$TMP/err" &&
	   "$HG" rta $hog_opts --json >"$TMP/hog-rta.json" 2>>"$TMP/err" &&
	   grep -q "^rta: thread 1 response unbounded deadline 10.000ms unschedulable test uniprocessor cpus 0$" "$TMP/hog-rta" &&
	   grep "^# thread 1: no bound:" "$TMP/out" >"$TMP/hog-p" &&
	   sed -n 's/^# rta: thread 1: no bound:/# thread 1: no bound:/p' "$TMP/hog-rta" | cmp -s - "$TMP/hog-p" &&
	   /usr/bin/python3 -c 'import json, sys
p = json.load(open(sys.argv[1]))["prediction"]["tasks"]
r = json.load(open(sys.argv[2]))["tasks"]
key = lambda t: (t["thread"], t["kept_out_by"], t["unbounded"], t["schedulable"], t["test"])
sys.exit(sorted(map(key, p)) != sorted(map(key, r)) or r[0]["response_ns"] is not None)' \
		"$TMP/hog.json" "$TMP/hog-rta.json"; then
		ok "rta and the run's prediction give the thread below CPU_PERIODIC the same verdict (no bound, kept out by thread 0)"
	else
		fail "rta against the prediction on CPU_PERIODIC" "$(grep 'thread 1' "$TMP/hog-rta" | tr '\n' ' ') $(head -1 "$TMP/err")"
	fi
else
	skip "--cs runs" "needs CAP_SYS_NICE for SCHED_FIFO (run as root)"
fi
expect_bad "ctxcost --trials with --until-stable" ctxcost --trials 3 --until-stable
expect_bad "ctxcost on one thread" ctxcost --threads 1
expect_bad "ctxcost --min-trials above --max-trials" ctxcost --min-trials 9 --max-trials 8
expect_bad "ctxcost on a CPU not there" ctxcost --cpu 4000
expect_bad "cachecost --csv with --json" cachecost --csv --json
expect_bad "cachecost size not in KB" cachecost --sizes 1500
expect_bad "cachecost --svg into a missing directory" cachecost --svg "$B/no/x.svg"
expect_bad "diff of a missing file" diff "$B/no.hgt" "$B/no2.hgt"
expect_bad "diff --fail-if-worse without a metric" diff "$B/a" "$B/b" --fail-if-worse :10%
expect_bad "diff --fail-if-worse with a bad tolerance" diff "$B/a" "$B/b" --fail-if-worse latency.p99:lots
if "$HG" -n 2 -d 1s -t 0 $RT -w PERIODIC 2ms 8ms -t 1 -w PERIODIC 5ms 20ms -x >"$TMP/out" 2>&1 &&
   grep -q '^# predicted vs measured: ' "$TMP/out" &&
   [ "$(grep -c '^# [01] .*PERIODIC .* \(yes\|no (+\)' "$TMP/out")" = 2 ] &&
   grep -q '^# predicted with the release jitter measured' "$TMP/out"; then
	ok "a run with PERIODIC threads ends with predicted vs measured"
else
	fail "predicted vs measured" "no table"
fi
if is_root; then
	if "$HG" -n 1 -d 1s -w PERIODIC 2ms 8ms -rh 3ms 8ms -x -v -o "$TMP/rh.hgt" >"$TMP/out" 2>"$TMP/err"; then
		if grep -q '^# 0 .*-rh 3ms/8ms ' "$TMP/out" &&
		   grep -q '^# reservation, thread 0: -rh 3ms/8ms (SCHED_DEADLINE, hard): .* of a budget of 3.000' "$TMP/out" &&
		   "$HG" dump "$TMP/rh.hgt" | cmp -s - "$TMP/out"; then
			ok "-rh: SCHED_DEADLINE reservation, audited"
		else
			fail "-rh" "no reservation in the summary or no audit"
		fi
	else
		fail "-rh" "exit status $? ($(head -1 "$TMP/err"))"
	fi
	"$HG" -n 1 -d 500ms -w CPU -rs 1ms 4ms -x >"$TMP/out" 2>"$TMP/err" &&
		grep -q '^# reservation, thread 0: -rs 1ms/4ms (SCHED_DEADLINE, soft)' "$TMP/out" &&
		ok "-rs: soft reservation" || fail "-rs" "$(head -1 "$TMP/err")"
	"$HG" -n 3 -d 200ms -a -w CPU -rh 900ms 1s -x >/dev/null 2>"$TMP/err"
	rc=$?
	[ $rc = 1 ] && grep -q 'admission refused' "$TMP/err" && ok "-rh beyond the bandwidth: admission refused" ||
		fail "-rh admission" "exit $rc: $(head -1 "$TMP/err")"
else
	skip "-rh and -rs" "needs CAP_SYS_NICE for SCHED_DEADLINE (run as root)"
fi

# Output that cannot be written: exit status 1 and the real reason, for help
# and version as for pictures and traces (stdio alone would say EIO or nothing)
if [ -w /dev/full ]; then
	"$HG" -n 1 -d 20ms -q -o "$TMP/full.hgt" 2>/dev/null
	# each said once (export -o - said EIO twice), with the file's name
	for args in "--help" "--version" "help rta" "rta --help" "dump $TMP/full.hgt" \
		    "render $TMP/full.hgt -o /dev/full" "render $TMP/full.hgt -o -" \
		    "export $TMP/full.hgt --format perfetto -o -" \
		    "export $TMP/full.hgt --format csv -o -" \
		    "export $TMP/full.hgt --format json -o -" \
		    "export $TMP/full.hgt --format prom -o -" \
		    "export $TMP/full.hgt --format json -o /dev/full" \
		    "dump --json $TMP/full.hgt" "ctx --json $TMP/full.hgt" \
		    "diff $TMP/full.hgt $TMP/full.hgt" \
		    "-n 1 -d 20ms -q --json -" "-n 1 -d 20ms -q -o /dev/full" \
		    "-n 1 -d 20ms -q --prom /dev/full" "-n 1 -d 20ms"; do
		# shellcheck disable=SC2086
		"$HG" $args >/dev/full 2>"$TMP/err"
		rc=$?
		if [ $rc = 1 ] && [ "$(wc -l <"$TMP/err")" = 1 ] &&
		   grep -q 'cannot write .*: No space left on device$' "$TMP/err"; then
			ok "$args on a full disk: exit 1, the reason"
		else
			fail "$args on a full disk" "exit $rc: $(head -2 "$TMP/err")"
		fi
	done
	"$HG" ctx "$TMP/full.hgt" --svg /dev/full >/dev/null 2>"$TMP/err"
	rc=$?
	[ $rc = 1 ] && grep -q '^hourglass: ctx: cannot write /dev/full: No space left on device$' "$TMP/err" &&
		ok "ctx --svg on a full disk: exit 1, the reason" ||
		fail "ctx --svg on a full disk" "exit $rc: $(head -2 "$TMP/err")"
else
	skip "writing to a full disk" "no /dev/full"
fi

# a writer killed before its rename (SIGKILL in a SIGUSR1 snapshot) leaves
# <file>.tmpXXXXXX: the next write of the same file removes it, nothing else
mkdir "$TMP/left"
: >"$TMP/left/run.hgt.tmpAb12Cd"
: >"$TMP/left/run.json.tmp000000"
: >"$TMP/left/run.hgt.tmpAb12C"
: >"$TMP/left/other.hgt.tmpAb12Cd"
"$HG" -n 1 -d 20ms -q -o "$TMP/left/run.hgt" --json "$TMP/left/run.json" 2>"$TMP/err"
left=$(cd "$TMP/left" && echo *)
[ "$left" = "other.hgt.tmpAb12Cd run.hgt run.hgt.tmpAb12C run.json" ] &&
	ok "stale temporaries of the outputs removed, others kept" ||
	fail "stale temporaries" "left: $left"
# --- chains: a 3-thread chain in each mode, measured beside its bounds ----------
# (no privilege: timesharing priorities; nothing here depends on the figures)
for mode in event sampled; do
	wake=
	[ $mode = event ] && wake="--chain-wake futex"
	# shellcheck disable=SC2086
	check_run "--chain ctl 0>1>2 --chain-mode $mode: dump agrees" -n 3 -d 1s \
		-w PERIODIC 1ms 10ms --chain ctl '0>1>2' --chain-mode $mode $wake
	cp "$TMP/run.hgt" "$TMP/chain-$mode.hgt" 2>/dev/null
	cp "$TMP/out" "$TMP/chain-$mode.out" 2>/dev/null
	"$HG" dump --json "$TMP/chain-$mode.hgt" >"$TMP/chain-$mode.json" 2>/dev/null
	if grep -q "^chain ctl 0>1>2 ($mode[,)].*: reaction ms median [0-9.]* p99 [0-9.]* max [0-9.]*, .*; data age ms median .*; [1-9][0-9]* inputs\$" "$TMP/chain-$mode.out" &&
	   grep -q "^# chain ctl hop 2 (thread 2, " "$TMP/chain-$mode.out" &&
	   grep -q "^# chain ctl: where the time went " "$TMP/chain-$mode.out" &&
	   grep -q "^# chain ctl: deadlines missed by thread (measured, .*): thread 0 [0-9]*, thread 1 [0-9]*, thread 2 [0-9]*\$" "$TMP/chain-$mode.out" &&
	   grep -q '"reaction": {' "$TMP/chain-$mode.json" && grep -q '"data_age": {' "$TMP/chain-$mode.json" &&
	   grep -q "\"mode\": \"$mode\"" "$TMP/chain-$mode.json"; then
		ok "--chain-mode $mode: reaction time, data age and hops in the text and the JSON"
	else
		fail "--chain-mode $mode" "$(grep chain "$TMP/chain-$mode.out" | head -2)"
	fi
	if [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then
		/usr/bin/python3 "$HERE/json-validate.py" "$HERE/../schemas" summary \
			"$TMP/chain-$mode.json" >"$TMP/valid" 2>&1 &&
			ok "schema: summary of a run with chain mode $mode" ||
			fail "schema: summary of chain mode $mode" "$(head -3 "$TMP/valid")"
	fi
done
# rta --from of a trace with a chain: the chain's bounds from the run's task set
"$HG" rta --from "$TMP/chain-sampled.hgt" >"$TMP/chain-rta" 2>&1 &&
	grep -q '^rta: chain ctl tasks 0>1>2 reaction ' "$TMP/chain-rta" &&
	ok "rta --from a trace with a chain: its bounds" ||
	fail "rta --from a chain" "$(grep -i chain "$TMP/chain-rta" | head -2)"
# the export: a flow from each output to the job of the next thread that read it
"$HG" export "$TMP/chain-event.hgt" --format perfetto -o "$TMP/chain.pf.json" 2>"$TMP/err" &&
	grep -q '{"name":"chain ctl hop 1: thread 0 to 1","cat":"chain","ph":"s",' "$TMP/chain.pf.json" &&
	grep -q '{"name":"chain ctl hop 2: thread 1 to 2","cat":"chain","ph":"f",.*"bp":"e","id":"ctl.1.' "$TMP/chain.pf.json" &&
	ok "export --format perfetto: a chain's hops as flows" ||
	fail "export perfetto chain" "$(head -2 "$TMP/err")"
if [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then
	/usr/bin/python3 "$HERE/json-validate.py" "$HERE/../schemas" perfetto "$TMP/chain.pf.json" \
		>"$TMP/valid" 2>&1 && ok "schema: perfetto with a chain's flows" ||
		fail "schema: perfetto with a chain's flows" "$(head -3 "$TMP/valid")"
fi
# render: the chain drawn across its threads' rows
"$HG" render "$TMP/chain-event.hgt" -o "$TMP/chain.svg" --from 100ms --to 200ms 2>"$TMP/err" &&
	grep -q '<path class="chain" ' "$TMP/chain.svg" &&
	grep -q '>chain ctl: an output to the next thread.s job that read it first</text>' "$TMP/chain.svg" &&
	ok "render: a chain's hops drawn from thread to thread" ||
	fail "render chain" "$(head -2 "$TMP/err")"
# diff: two runs' chains, their reaction times and data ages side by side
"$HG" diff "$TMP/chain-event.hgt" "$TMP/chain-sampled.hgt" >"$TMP/chain-diff" 2>&1
grep -q '^  chain\.ctl\.reaction\.median ' "$TMP/chain-diff" &&
	grep -q '^  chain\.ctl\.data_age\.max ' "$TMP/chain-diff" &&
	ok "diff: two runs' chains, reaction time and data age" ||
	fail "diff chains" "$(grep -c chain "$TMP/chain-diff") chain lines"
expect_bad "--chain with a thread twice" -n 2 -d 10ms -w PERIODIC 1ms 10ms --chain c '0>1>1'
expect_bad "--chain with a cycle" -n 2 -d 10ms -w PERIODIC 1ms 10ms --chain c '0>1>0'
expect_bad "--chain of a thread that does not exist" -n 2 -d 10ms -w PERIODIC 1ms 10ms --chain c '0>2'
expect_bad "--chain-mode without a chain" -n 2 -d 10ms -w PERIODIC 1ms 10ms --chain-mode event

# --- long runs --------------------------------------------------------------------
start_bg -n 2 --forever -e 4000 -a -w CPU_YIELD 50us -c -v -o "$TMP/forever.hgt"
sleep 0.5
kill -TERM $bg
wait $bg
rc=$?
if [ $rc = 0 ] && grep -q '^# hourglass: 2 threads, --forever, ' "$TMP/bg.out" &&
   grep -q '^# ended: SIGTERM ended the --forever run' "$TMP/bg.out" &&
   [ "$(grep -c '^# thread [01]: trace complete since ' "$TMP/bg.out")" = 2 ] &&
   awk -f "$HERE/trace-check.awk" "$TMP/bg.out" >"$TMP/check" &&
   "$HG" dump "$TMP/forever.hgt" | cmp -s - "$TMP/bg.out"; then
	ok "--forever: runs until SIGTERM, complete-since per thread, dump equals the output"
else
	fail "--forever" "exit status $rc: $(head -3 "$TMP/bg.err") $(head -3 "$TMP/check" 2>/dev/null)"
fi

# wait_for_file FILE: until FILE exists (at most 30 s); false if it did not
wait_for_file() {
	n=0
	while [ ! -e "$1" ]; do
		[ $n -ge 300 ] && return 1
		sleep 0.1
		n=$((n + 1))
	done
}

# wait_for FILE PATTERN: until a line of FILE matches (at most 30 s); false if none did
wait_for() {
	n=0
	while ! grep -q "$2" "$1" 2>/dev/null; do
		[ $n -ge 300 ] && return 1
		sleep 0.1
		n=$((n + 1))
	done
}

# ctxcost: SIGINT once a trial is done ends the series; the trials done are reported
start_bg ctxcost --duration 200ms --trials 30 --threads 2 --save "$TMP/cci"
if wait_for_file "$TMP/cci/trial-01.hgt"; then
	kill -INT $bg
	wait $bg
	rc=$?
	n=$(grep -c '^  *[0-9][0-9]* ' "$TMP/bg.out")
	[ $rc = 0 ] && grep -q '^# ctxcost: .* trials (interrupted; ' "$TMP/bg.out" &&
		[ "$n" -ge 1 ] && [ "$n" -lt 30 ] && grep -q '^voluntary switch' "$TMP/bg.out" &&
		ok "ctxcost: SIGINT ends the series, $n trials reported" ||
		fail "ctxcost SIGINT" "exit $rc, $n trials: $(head -2 "$TMP/bg.err")"
else
	kill -KILL $bg 2>/dev/null
	fail "ctxcost SIGINT" "no trial saved in 30 s: $(head -2 "$TMP/bg.err")"
fi

# SIGUSR1: a snapshot of every file while the run goes on; then SIGTERM: the final ones
rm -f "$TMP"/mon.*
start_bg -n 2 --forever -t 0 -w LAT 1ms -i HR -t 1 -w PERIODIC 1ms 5ms -x \
	-o "$TMP/mon.hgt" --json "$TMP/mon.json" --prom "$TMP/mon.prom"
kill -USR1 $bg
if wait_for "$TMP/bg.err" 'snapshot at .* ms written' &&
   "$HG" dump "$TMP/mon.hgt" >"$TMP/snap" 2>&1 &&
   grep -q '^# snapshot: taken at .* while the run went on (SIGUSR1)' "$TMP/snap" &&
   [ -s "$TMP/mon.json" ] && tail -1 "$TMP/mon.prom" | grep -qx '# EOF' &&
   kill -0 $bg 2>/dev/null; then
	ok "SIGUSR1: snapshot of -o, --json and --prom written, the run goes on"
else
	fail "SIGUSR1" "$(cat "$TMP/bg.err") $(head -2 "$TMP/snap" 2>/dev/null)"
fi
grep '^# audit:' "$TMP/snap" >"$TMP/snap.audit"
python3 -c 'import json, sys; sys.exit(0 if json.load(open(sys.argv[1])).get("audit") else 1)' \
	"$TMP/mon.json" 2>/dev/null
snapjson=$?
kill -TERM $bg
wait $bg
rc=$?
if [ $rc = 0 ] && "$HG" dump "$TMP/mon.hgt" >"$TMP/snap" 2>&1 &&
   ! grep -q '^# snapshot:' "$TMP/snap" && grep -q '^# ended: SIGTERM' "$TMP/snap" &&
   [ -z "$(ls "$TMP" | grep '\.tmp')" ]; then
	ok "SIGTERM after a snapshot: the final files, no temporary file left"
else
	fail "SIGTERM after a snapshot" "exit status $rc: $(head -2 "$TMP/bg.err")"
fi
# the snapshot carries the audit of the run's CPUs, the same as the final trace's
if [ -s "$TMP/snap.audit" ] && [ $snapjson = 0 ] &&
   grep '^# audit:' "$TMP/snap" | cmp -s - "$TMP/snap.audit"; then
	ok "SIGUSR1: the snapshot's dump and JSON carry the run's audit ($(wc -l <"$TMP/snap.audit") lines, as at the end)"
else
	fail "SIGUSR1 snapshot audit" "$(wc -l <"$TMP/snap.audit") audit lines in the snapshot's dump, JSON audit: $snapjson"
fi
if command -v promtool >/dev/null 2>&1; then
	promtool check metrics <"$TMP/mon.prom" >"$TMP/promtool" 2>&1 &&
		grep -q '^hourglass_latency_seconds_bucket{thread="0",.*le="+Inf"} ' "$TMP/mon.prom" &&
		grep -q '^hourglass_deadline_misses_total{thread="1",' "$TMP/mon.prom" &&
		ok "--prom: promtool check metrics passes" ||
		fail "--prom" "$(head -3 "$TMP/promtool")"
	"$HG" export "$TMP/mon.hgt" --format prom -o "$TMP/exp.prom" &&
		promtool check metrics <"$TMP/exp.prom" >"$TMP/promtool" 2>&1 &&
		ok "export --format prom: promtool check metrics passes" ||
		fail "export --format prom" "$(head -3 "$TMP/promtool")"
else
	skip "--prom: promtool" "promtool not installed (apt-get install prometheus)"
fi

# SIGHUP ends a run as SIGTERM does
start_bg -n 1 --forever -w CPU_YIELD 1ms -x
kill -HUP $bg
wait $bg
rc=$?
[ $rc = 0 ] && grep -q '^# ended: SIGHUP ended the --forever run' "$TMP/bg.out" &&
	ok "SIGHUP: the run ends, everything printed" || fail "SIGHUP" "exit status $rc"

# --break: a threshold that surely trips (a gap or a lateness of more than 1 ns)
tracing_on=
[ -w /sys/kernel/tracing/tracing_on ] && tracing_on=$(cat /sys/kernel/tracing/tracing_on)
"$HG" -n 1 -d 60s -w CPU --break 1ns -x -o "$TMP/brk.hgt" --json "$TMP/brk.json" >"$TMP/out" 2>"$TMP/err"
rc=$?
if [ $rc = 3 ] && grep -q '^# break: thread 0: a gap of .* us (--break 0.001 us) at .* ms on CPU [0-9]*; the run stopped there' "$TMP/out" &&
   "$HG" dump --brief "$TMP/brk.hgt" | cmp -s - "$TMP/out" &&
   "$HG" dump "$TMP/brk.hgt" --json | cmp -s - "$TMP/brk.json" &&
   grep -q '"kind": "gap"' "$TMP/brk.json"; then
	ok "--break 1ns: stops at the first gap, exit 3, the report and the trace say where"
else
	fail "--break" "exit status $rc: $(head -2 "$TMP/err") $(grep '^# break' "$TMP/out")"
fi
"$HG" -n 1 -d 60s -w LAT 1ms -i HR --break 1ns --break-on lat -x -q 2>"$TMP/err"
rc=$?
[ $rc = 3 ] && ok "--break-on lat: a late wake-up stops the run, exit 3" ||
	fail "--break-on lat" "exit status $rc: $(head -2 "$TMP/err")"
[ -n "$tracing_on" ] && echo "$tracing_on" >/sys/kernel/tracing/tracing_on

# --on-threshold continue: the run goes on, every event past 1 us counted, the worst 5 kept
"$HG" -n 1 -d 1s -w CPU --break 1us --on-threshold continue,keep=5 -x -o "$TMP/cont.hgt" \
	--json "$TMP/cont.json" >"$TMP/out" 2>"$TMP/err"
rc=$?
n=$(sed -n 's/^# on-threshold: \([0-9]*\) events\{0,1\} past --break 1.000 us (gap, lat, miss), measured; the run went on (continue)$/\1/p' "$TMP/out")
kept=$(grep -c '^#  *[1-5]  at [0-9.]* ms  thread 0  CPU [0-9]*  gap [0-9.]* us$' "$TMP/out")
if [ $rc = 0 ] && [ "${n:-0}" -gt 5 ] && [ "$kept" = 5 ] &&
   grep -q '^# on-threshold: the worst 5 of 5 kept' "$TMP/out" &&
   ! grep -q '^# break:' "$TMP/out" &&
   "$HG" dump --brief "$TMP/cont.hgt" | cmp -s - "$TMP/out" &&
   "$HG" dump "$TMP/cont.hgt" --json | cmp -s - "$TMP/cont.json"; then
	ok "--on-threshold continue,keep=5: $n events counted, the worst 5 kept, the run not stopped"
else
	fail "--on-threshold continue" "exit $rc, counted '$n', kept $kept: $(head -2 "$TMP/err")"
fi

# --on-threshold shell: the event's figures in the command's environment, waited for
rm -f "$TMP/hgenv"
"$HG" -n 1 -d 60s -w CPU --break 1ns -x -q \
	--on-threshold "shell,command=env | grep -E '^HG_(EVENT_KIND|THREAD|CPU|AT_NS|VALUE_NS|THRESHOLD_NS)=' >'$TMP/hgenv'" \
	2>"$TMP/err"
rc=$?
if [ $rc = 3 ] && [ "$(wc -l <"$TMP/hgenv")" = 6 ] &&
   grep -q '^HG_EVENT_KIND=gap$' "$TMP/hgenv" && grep -q '^HG_THRESHOLD_NS=1$' "$TMP/hgenv" &&
   grep -q '^HG_THREAD=0$' "$TMP/hgenv" && grep -q '^HG_CPU=[0-9]*$' "$TMP/hgenv" &&
   grep -q '^HG_AT_NS=[0-9]*$' "$TMP/hgenv" && grep -q '^HG_VALUE_NS=[1-9][0-9]*$' "$TMP/hgenv"
then ok "--on-threshold shell: the command ran with the event's six HG_ variables"
else fail "--on-threshold shell" "exit $rc: $(cat "$TMP/hgenv" 2>/dev/null | tr '\n' ' ') $(head -2 "$TMP/err")"; fi
"$HG" -n 1 -d 60s -w CPU --break 1ns -x -q --on-threshold 'shell,command=exit 7' 2>"$TMP/err"
rc=$?
[ $rc = 3 ] && grep -q '^hourglass: --on-threshold shell: sh -c exit 7: exit status 7$' "$TMP/err" &&
	ok "--on-threshold shell: a command that fails is said in one line" ||
	fail "--on-threshold shell failing" "exit $rc: $(head -2 "$TMP/err")"

# --on-threshold signal and --on-end signal: each to a sleep waiting for it
sleep 60 & s1=$!
sleep 60 & s2=$!
"$HG" -n 1 -d 60s -w CPU --break 1ns -x -q --on-threshold "signal,num=15,pid=$s1" \
	--on-end "signal,num=15,pid=$s2" 2>"$TMP/err"
rc=$?
wait $s1; r1=$?
wait $s2; r2=$?
[ $rc = 3 ] && [ $r1 = 143 ] && [ $r2 = 143 ] &&
	ok "--on-threshold signal, --on-end signal: each waiting sleep ended by its signal" ||
	fail "--on-threshold signal" "exit $rc, sleeps $r1 and $r2: $(head -2 "$TMP/err")"

# the status line: on a terminal (script gives one), not with -q, not on a file;
# without the privilege to lock memory the run says so first, and that is all
no_memlock_note() { grep -v '^hourglass: warning: cannot lock memory: ' "$1" | tr -d '\r\n'; }
if command -v script >/dev/null 2>&1; then
	script -qec "$HG -n 2 -d 3s -t 0 -w LAT 1ms -i HR -t 1 -w CPU -x" /dev/null \
		>"$TMP/tty" 2>&1
	script -qec "$HG -n 1 -d 1500ms -w CPU -x -q -o $TMP/ttyq.hgt" /dev/null >"$TMP/ttyq" 2>&1
	if grep -q '[0-9]s/3s  0: lat .* max .*  1: [0-9.]*% [0-9]* gaps/s' "$TMP/tty" &&
	   grep -q '# hourglass: 2 threads' "$TMP/tty" && [ -z "$(no_memlock_note "$TMP/ttyq")" ]; then
		ok "status line on a terminal, none with -q"
	else
		fail "status line" "$(tr '\r' '\n' <"$TMP/tty" | head -3)"
	fi
else
	skip "status line" "script (util-linux) not installed"
fi
"$HG" -n 1 -d 1500ms -w CPU -x >/dev/null 2>"$TMP/err"
[ -z "$(no_memlock_note "$TMP/err")" ] && ok "no status line when standard error is not a terminal" ||
	fail "status line off a terminal" "$(head -c 200 "$TMP/err")"

# the output directory disappears during a long run: said, the report still printed, exit 1
mkdir -p "$TMP/gone"
start_bg -n 1 --forever -w CPU_YIELD 1ms -x -o "$TMP/gone/run.hgt"
rm -rf "$TMP/gone"
kill -TERM $bg
wait $bg
rc=$?
[ $rc = 1 ] && grep -q '^# hourglass: 1 thread, --forever' "$TMP/bg.out" &&
	grep -q "gone/run.hgt" "$TMP/bg.err" &&
	ok "output directory removed during the run: said, report printed, exit 1" ||
	fail "output directory removed" "exit status $rc: $(head -2 "$TMP/bg.err")"

# a signal while the trace is written (here: blocked opening a pipe) waits for the
# writing to finish; nothing half-written, and it is said
rm -f "$TMP/fifo"
mkfifo "$TMP/fifo"
: >"$TMP/out"	# emptied before the run starts: no earlier report can match below
"$HG" -n 1 -d 100ms -w CPU -c -o "$TMP/fifo" >>"$TMP/out" 2>"$TMP/err" &
pid=$!
if wait_for "$TMP/out" '^# hourglass: '; then
	kill -TERM $pid
	timeout 60 cat "$TMP/fifo" >"$TMP/fromfifo"
fi
wait $pid
rc=$?
if [ $rc = 0 ] && grep -q 'came while the results were written: they were finished first' "$TMP/err" &&
   "$HG" dump --brief "$TMP/fromfifo" | cmp -s - "$TMP/out"; then
	ok "SIGTERM while the trace is written: it is finished whole, and said"
else
	fail "SIGTERM while writing" "exit status $rc: $(cat "$TMP/err")"
fi

# --- bash completion ---------------------------------------------------------------
# comp LINE: what the completion offers at the end of LINE, one line, words
# sorted; bash splits the words at blanks and at '=' as it does at a prompt
if command -v bash >/dev/null; then
	mkdir "$TMP/comp" && touch "$TMP/comp/a.hgt" "$TMP/comp/notes.txt"
	HGABS=$(cd "$(dirname "$HG")" && pwd)/$(basename "$HG")
	complete_check() {	# complete_check NAME WANT LINE [PRELOAD]
		got=$(cd "$TMP/comp" && bash -c '
			'"${4:-:}"'
			. "$1" || exit 1
			COMP_LINE=$2 COMP_POINT=${#2}
			read -ra COMP_WORDS <<<"${COMP_LINE//=/ = }"
			case $COMP_LINE in *[\ =]) COMP_WORDS+=("") ;; esac
			COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
			_hourglass
			printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "' \
			sh "$HERE/../scripts/hourglass.bash-completion" "$HGABS $3" 2>&1)
		[ "$got" = "$2" ] && ok "completion: $1" || fail "completion: $1" "got '$got', want '$2'"
	}
	subs=$("$HG" --help | sed -n '/^Subcommands/,/^$/p' | awk '/^  [a-z]/ { print $1 }' |
		sort | tr '\n' ' ')
	complete_check "subcommands: those of --help" "$subs" ""
	complete_check "ctx options" "--bucket " "ctx a.hgt --b"
	complete_check "run options" "--thread --threads " "--thr"
	complete_check "workloads" "PERIODIC PERIODIC_TABLE " "-n 1 -w PER"
	complete_check "timers" "HR " "-n 1 -i h"
	complete_check "priorities" "RTHIGH RTLOW RTMED " "-n 1 -p RT"
	complete_check "--format=" "csv json perfetto prom " "export a.hgt --format="
	complete_check "trace files" "a.hgt " "lat "
	complete_check "report: traces" "a.hgt " "report "
	complete_check "report: more traces" "a.hgt " "report a.hgt "
	complete_check "report -o" "a.hgt notes.txt " "report a.hgt -o "
	complete_check "the run's --ktap" "--ktap " "-n 1 --kt"
	complete_check "diff's --junit" "--junit " "diff a.hgt a.hgt --ju"
	complete_check "output files" "a.hgt notes.txt " "ctx a.hgt --svg "
	complete_check "rta: a run's options" "--start --strict " "rta --st"
	complete_check "help <sub>" "dump " "help du"
	complete_check "audit options" "--strict --sysroot " "audit --s"
	complete_check "--load kinds" "cmd: cpu " "-n 1 --load c"
	complete_check "--load kinds after a comma" "net,sched " "-n 1 --load net,s"
	if [ -f /usr/share/bash-completion/bash_completion ]; then
		complete_check "with bash-completion loaded" "csv " "export a.hgt --format=c" \
			". /usr/share/bash-completion/bash_completion"
	else
		skip "completion with bash-completion" "no /usr/share/bash-completion/bash_completion"
	fi
else
	skip "bash completion" "bash is missing"
fi

# --- make install-strip and uninstall ---------------------------------------------
if command -v make >/dev/null && [ -f "$HERE/../Makefile" ]; then
	if make -s -C "$HERE/.." install-strip DESTDIR="$TMP/inst" PREFIX=/usr BIN="$HGABS" \
		>"$TMP/inst.log" 2>&1 &&
	   [ -x "$TMP/inst/usr/bin/hourglass" ] && [ -f "$TMP/inst/usr/share/man/man1/hourglass.1" ] &&
	   [ -f "$TMP/inst/usr/share/bash-completion/completions/hourglass" ] &&
	   ! { command -v readelf >/dev/null &&
	       readelf -S "$TMP/inst/usr/bin/hourglass" | grep -q '\.symtab'; }; then
		ok "make install-strip: program (stripped), man page, completion"
	else
		fail "make install-strip" "$(tail -3 "$TMP/inst.log")"
	fi
	make -s -C "$HERE/.." uninstall DESTDIR="$TMP/inst" PREFIX=/usr >/dev/null 2>&1
	left=$(find "$TMP/inst" -type f | wc -l)
	[ "$left" -eq 0 ] && ok "make uninstall: nothing left" || fail "make uninstall" "$left files left"
else
	skip "make install-strip" "no make"
fi

# --- scripts/deps.sh --tools: promtool's package when promtool is missing ---------
# in a PATH of our own: a user (not root) with every package installed but
# prometheus, so deps.sh only says what it would install
mkdir -p "$TMP/deps"
printf '#!/bin/sh\necho 1000\n' >"$TMP/deps/id"
printf '#!/bin/sh\nfor a; do p=$a; done\n[ "$p" = prometheus ] && exit 1\nprintf "install ok installed"\n' \
	>"$TMP/deps/dpkg-query"
chmod +x "$TMP/deps/id" "$TMP/deps/dpkg-query"
ln -s "$(command -v grep)" "$TMP/deps/grep"
PATH="$TMP/deps" /bin/sh "$HERE/../scripts/deps.sh" --tools >"$TMP/deps.out" 2>&1
PATH="$TMP/deps" /bin/sh "$HERE/../scripts/deps.sh" >"$TMP/deps-plain.out" 2>&1
printf '#!/bin/sh\n' >"$TMP/deps/promtool"
chmod +x "$TMP/deps/promtool"
PATH="$TMP/deps" /bin/sh "$HERE/../scripts/deps.sh" --tools >"$TMP/deps-have.out" 2>&1
if grep -qx 'deps: missing packages: prometheus (run as root, or: sudo apt-get install prometheus)' \
	"$TMP/deps.out" && [ ! -s "$TMP/deps-plain.out" ] && [ ! -s "$TMP/deps-have.out" ]; then
	ok "deps.sh --tools: prometheus (promtool) asked for when promtool is missing, not otherwise"
else
	fail "deps.sh --tools and promtool" "$(cat "$TMP/deps.out" "$TMP/deps-plain.out" "$TMP/deps-have.out" | head -3)"
fi

# --- audit: verdicts on this machine vary, the structure does not ----------------
FIX=$HERE/fixtures/audit
"$HG" audit >"$TMP/audit.out" 2>"$TMP/audit.err"
rc=$?
n=$(grep -cE '^(PASS|WARN|FAIL|SKIP)  [a-z0-9-]+ ' "$TMP/audit.out")
if [ $rc = 0 ] && [ "$n" -ge 20 ] && [ ! -s "$TMP/audit.err" ] &&
   grep -qE "^# $n checks: [0-9]+ pass, [0-9]+ warn, [0-9]+ fail, [0-9]+ skip$" "$TMP/audit.out"; then
	ok "audit: $n checks on this machine, each with a verdict"
else
	fail "audit" "exit $rc, $n checks: $(head -2 "$TMP/audit.err")"
fi
"$HG" audit --cpu 0 --json >"$TMP/audit.json"
rc=$?
[ $rc = 0 ] && grep -q '"cpus": "0"' "$TMP/audit.json" && ok "audit --cpu 0 --json" ||
	fail "audit --cpu 0 --json" "exit $rc"
"$HG" audit --sysroot "$FIX/rt" --cpu 2-3 --strict >"$TMP/audit-rt.out"
rc=$?
[ $rc = 0 ] && ! grep -qvE '^(PASS|#)' "$TMP/audit-rt.out" &&
	ok "audit --sysroot (a tuned PREEMPT_RT tree) --strict: every check passes, exit 0" ||
	fail "audit --sysroot rt --strict" "exit $rc: $(grep -vE '^(PASS|#)' "$TMP/audit-rt.out" | head -2)"
"$HG" audit --sysroot "$FIX/desktop" --cpu 1 --strict --json >"$TMP/audit-desktop.json"
rc=$?
[ $rc = 3 ] && ok "audit --strict: exit 3 when a check fails" || fail "audit --strict" "exit $rc, want 3"
"$HG" audit --sysroot "$FIX/vm" --cpu 1 >"$TMP/audit-vm.out"
if awk '/^[A-Z]+  / { v[$2] = tolower($1) } END { while ((getline l < f) > 0) {
		if (l ~ /^#/) continue; split(l, a, " "); if (v[a[1]] != a[2]) { print a[1]; exit 1 } } }' \
	f="$FIX/vm.expected" "$TMP/audit-vm.out"; then
	ok "audit --sysroot (a VM tree): the verdicts expected"
else
	fail "audit --sysroot vm" "a verdict differs from $FIX/vm.expected"
fi
grep -q '^WARN  .*$' "$TMP/audit-vm.out" && grep -q '^ *fix: ' "$TMP/audit-vm.out" &&
	grep -q '^ *why: ' "$TMP/audit-vm.out" && ok "audit: a warning says why and the fix" ||
	fail "audit text" "no why or fix under a warning"

# no fix is a template to fill in (<other CPUs>, <pid>): each is runnable as printed
"$HG" audit >"$TMP/audit-fix.out" 2>&1
"$HG" audit --cpu 1 >>"$TMP/audit-fix.out" 2>&1
grep -q '^ *fix: .*<' "$TMP/audit-fix.out" &&
	fail "audit fixes" "$(grep '^ *fix: .*<' "$TMP/audit-fix.out" | head -1)" ||
	ok "audit: every fix on this machine a command with its values ($(grep -c '^ *fix: ' "$TMP/audit-fix.out") fixes)"
# a run's audit never warns of the cpu_dma_latency the run holds
"$HG" -n 1 -d 50ms -w LAT 1ms -x >"$TMP/qos.out" 2>/dev/null
if grep -q '^# system cpu_dma_latency: 0 us, held during the run' "$TMP/qos.out"; then
	grep -q '^# audit: WARN cpu-dma-latency' "$TMP/qos.out" &&
		fail "run audit" "$(grep '^# audit: WARN cpu-dma-latency' "$TMP/qos.out")" ||
		ok "run: cpu_dma_latency held, and the audit does not warn of it"
else
	skip "run audit of cpu_dma_latency" "the run could not hold it (needs root)"
fi

# the preemption model this kernel printed at boot is the one the audit names,
# and the one a run's system line and snapshot carry
mode=$(dmesg 2>/dev/null | sed -n 's/.*Dynamic Preempt: \([a-z]*\).*/\1/p' | tail -1)
if [ -z "$mode" ]; then
	skip "audit preempt-model from the kernel's log" "dmesg unreadable or no 'Dynamic Preempt:' line"
elif "$HG" audit --cpu 0 | grep -q "^[A-Z]*  preempt-model    PREEMPT_DYNAMIC in mode $mode (" &&
	"$HG" -d 100ms -n 1 -w CPU --cpu 0 -x 2>/dev/null |
	grep -q "^# system: kernel .*(PREEMPT_DYNAMIC $mode)" ; then
	ok "audit and a run name the preemption model the kernel's log says ($mode)"
else
	fail "audit preempt-model" "not 'mode $mode': $("$HG" audit --cpu 0 | grep preempt-model)"
fi
# FIFOs in a copied tree where files belong (the command line, a task's name,
# cpu_dma_latency, the online CPUs read without --cpu): each a failed read that
# names the file, never a wait (timeout fails a regression instead of hanging)
T=$TMP/audit-fifo
cp -R "$FIX/desktop" "$T" &&
	rm "$T/proc/cmdline" "$T/proc/900/comm" "$T/dev/cpu_dma_latency" \
	   "$T/sys/devices/system/cpu/online" &&
	mkfifo "$T/proc/cmdline" "$T/proc/900/comm" "$T/dev/cpu_dma_latency" \
	       "$T/sys/devices/system/cpu/online"
timeout 20 "$HG" audit --sysroot "$T" >"$TMP/audit-fifo.out" 2>"$TMP/audit-fifo.err"
rc=$?
n=$(grep -cE '^(PASS|WARN|FAIL|SKIP)  [a-z0-9-]+ ' "$TMP/audit-fifo.out")
fifo=': is a FIFO, not a regular file$'
if [ $rc = 0 ] && [ "$n" -ge 20 ] && [ ! -s "$TMP/audit-fifo.err" ] &&
   grep -q "^SKIP  threadirqs  *could not read proc/cmdline$fifo" "$TMP/audit-fifo.out" &&
   grep -q "^SKIP  cpu-dma-latency  *could not read dev/cpu_dma_latency$fifo" "$TMP/audit-fifo.out" &&
   grep -q "^SKIP  governor  *could not read sys/devices/system/cpu/online$fifo" "$TMP/audit-fifo.out" &&
   grep -q '^PASS  irqbalance  *irqbalance is not running$' "$TMP/audit-fifo.out" &&
   grep -qE "^# $n checks: [0-9]+ pass, [0-9]+ warn, [0-9]+ fail, [0-9]+ skip$" "$TMP/audit-fifo.out"; then
	ok "audit --sysroot with FIFOs for files: each a failed read naming the file, no wait"
else
	fail "audit --sysroot FIFOs" "exit $rc (124: it waited), $n checks: $(grep -m2 'FIFO\|^# ' "$TMP/audit-fifo.out")"
fi
# a tree's directory named with ESC [ 2 J and BEL: "# audit of" prints it tamed
T=$TMP/audit-$(printf '\033[2J\007')x
cp -R "$FIX/rt" "$T"
"$HG" audit --sysroot "$T" --cpu 2-3 >"$TMP/audit-esc.out"
rc=$?
if [ $rc = 0 ] && ! LC_ALL=C grep -q "$(printf '[\033\007]')" "$TMP/audit-esc.out" &&
   grep -q '^# audit of .*/audit-?\[2J?x, CPUs 2-3$' "$TMP/audit-esc.out"; then
	ok "audit --sysroot: a directory's name with escapes printed tamed"
else
	fail "audit --sysroot escapes" "exit $rc: $(head -1 "$TMP/audit-esc.out" | od -c | head -2)"
fi

# every run keeps the audit of its CPUs: dump shows each check not a pass and a
# count; diff lists a verdict that differs (here: one edited in a summary)
"$HG" -q -d 300ms -n 1 -w PERIODIC 4ms 5ms --cpu 0 -o "$TMP/aud.hgt" --json "$TMP/aud-a.json" \
	>/dev/null 2>"$TMP/aud.err"
"$HG" dump "$TMP/aud.hgt" >"$TMP/aud.out" 2>>"$TMP/aud.err"
n=$(grep -c '^# audit: \(WARN\|FAIL\|SKIP\|?\) [a-z0-9-]*: ' "$TMP/aud.out")
if grep -qE '^# audit: [0-9]+ checks of the run.s CPUs: [0-9]+ pass, [0-9]+ warn, [0-9]+ fail, [0-9]+ skip' \
	"$TMP/aud.out" && [ "$n" = "$(grep -c '"verdict": "[wfs?]' "$TMP/aud-a.json")" ] &&
   ! grep -q '^# system audit_' "$TMP/aud.out"; then
	ok "run: dump shows the run's audit ($n checks not a pass, and the count)"
else
	fail "run's audit in dump" "$n lines: $(grep audit "$TMP/aud.out" | head -2) $(head -1 "$TMP/aud.err")"
fi
/usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
c = d["audit"][0]
c["verdict"] = "fail" if c["verdict"] == "pass" else "pass"
json.dump(d, open(sys.argv[2], "w"))
print(c["id"], c["verdict"].upper())' "$TMP/aud-a.json" "$TMP/aud-b.json" >"$TMP/aud.id" 2>/dev/null
read -r aid bv <"$TMP/aud.id"
"$HG" diff "$TMP/aud.hgt" "$TMP/aud-b.json" >"$TMP/aud-diff.out" 2>"$TMP/aud.err"
"$HG" diff "$TMP/aud-a.json" "$TMP/aud-b.json" --json >"$TMP/aud-diff.json" 2>>"$TMP/aud.err"
if [ -n "$aid" ] && grep -q "^# audit  *DIFFERS: $aid: [A-Z?]* (A) | $bv (B)\$" "$TMP/aud-diff.out" &&
   [ "$(grep -c DIFFERS "$TMP/aud-diff.out")" = 1 ] && grep -q "\"id\": \"$aid\"" "$TMP/aud-diff.json" &&
   "$HG" diff "$TMP/aud.hgt" "$TMP/aud-a.json" | grep -q '^# audit  *same   : [0-9]* checks$'; then
	ok "diff lists the check whose audit verdict differs ($aid), text and --json"
else
	fail "diff of audit verdicts" "$(grep audit "$TMP/aud-diff.out" | head -2) $(head -1 "$TMP/aud.err")"
fi

# --- --load: standard loads beside the run, their throughput, nothing left behind --
# marked PID: how many processes carry HOURGLASS_LOAD=PID (every load process does)
marked() {
	grep -lsxzF "HOURGLASS_LOAD=$1" /proc/[0-9]*/environ | wc -l
}
# gone PID: wait (at most 10 s) until no process carries the mark of PID
gone() {
	n=0
	while [ "$(marked "$1")" != 0 ]; do
		[ $n -ge 100 ] && return 1
		sleep 0.1
		n=$((n + 1))
	done
}
if command -v stress-ng >/dev/null; then
	check_run "--load cpu --load-cpu 0" -n 1 -d 1s -w PERIODIC 4ms 5ms --cpu 1 --load cpu \
		--load-cpu 0 --json "$TMP/load.json" &&
	{ grep -qE '^# load cpu on CPUs 0: [0-9]+\.[0-9] bogo-ops/s over [0-9.]+ s \(.*\): exec stress-ng --cpu 1 ' \
		"$TMP/out" && grep -q '"profile": "cpu"' "$TMP/load.json" &&
	  ok "--load cpu: its throughput beside the deadlines, in the trace and the JSON" ||
	  fail "--load cpu" "no load line: $(grep load "$TMP/out" | head -2)"; }
	# SIGINT, SIGTERM, SIGKILL of the run, and --break: no load process left
	for sig in INT TERM KILL; do
		start_bg -n 1 --forever -w CPU_YIELD 1ms -e 10000 -x --load cpu,cmd:'sleep 1000 & sleep 1000'
		n=0
		while [ "$(marked $bg)" -lt 3 ] && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
		had=$(marked $bg)
		kill -$sig $bg
		wait $bg
		if [ "$had" -ge 3 ] && gone $bg; then ok "--load: SIG$sig of the run leaves no load process ($had before)"
		else fail "--load: SIG$sig" "$had load processes before, $(marked $bg) after"; fi
	done
	"$HG" -n 1 -d 10s -w PERIODIC 4ms 5ms --break 1ns --load cpu -x >"$TMP/brk.out" 2>&1 &
	bg=$!
	wait $bg
	rc=$?
	[ $rc = 3 ] && gone $bg && ok "--load with --break: exit 3, no load process left" ||
		fail "--load with --break" "exit $rc, $(marked $bg) load processes left"
else
	skip "--load cpu" "no stress-ng (apt-get install stress-ng)"
fi
if command -v iperf3 >/dev/null; then
	"$HG" -n 1 -d 1s -w PERIODIC 4ms 5ms --load net -x >"$TMP/net.out" 2>"$TMP/net.err"
	rc=$?
	[ $rc = 0 ] && grep -qE '^# load net on CPUs [0-9,-]+: [0-9]+\.[0-9] Mbit/s over ' "$TMP/net.out" &&
		ok "--load net: the loopback stream's Mbit/s" ||
		fail "--load net" "exit $rc: $(grep load "$TMP/net.out") $(head -2 "$TMP/net.err")"
else
	skip "--load net" "no iperf3 (apt-get install iperf3)"
fi
# a load that ends as it starts stops the run before it measures: one line, exit 1, no file
rm -f "$TMP"/lf.*
"$HG" -n 1 -d 10s -w PERIODIC 4ms 5ms --load cmd:'false' -o "$TMP/lf.hgt" --json "$TMP/lf.json" \
	--prom "$TMP/lf.prom" >"$TMP/lf.out" 2>"$TMP/lf.err"
rc=$?
[ $rc = 1 ] && [ "$(wc -l <"$TMP/lf.err")" = 1 ] && [ ! -s "$TMP/lf.out" ] &&
	grep -qx "hourglass: --load cmd ended as it started, exit status 1: nothing was measured; 'false' printed nothing (run it by hand to see why)" \
		"$TMP/lf.err" && [ -z "$(ls "$TMP" | grep -e '^lf\.hgt' -e '^lf\.json' -e '^lf\.prom')" ] &&
	ok "--load cmd:'false': the run stops before it starts, one line, exit 1, nothing written" ||
	fail "--load cmd:'false'" "exit $rc: $(cat "$TMP/lf.err") $(ls "$TMP" | grep '^lf\.')"
"$HG" -n 1 -d 10s -w CPU_YIELD 1ms --load cmd:'sleep 1000 & sleep 1000 & echo "x: bad option" >&2; exit 3' \
	-x >"$TMP/lf.out" 2>"$TMP/lf.err" &
bg=$!
wait $bg
rc=$?
[ $rc = 1 ] && grep -qx "hourglass: --load cmd ended as it started, exit status 3: nothing was measured; .* said: x: bad option" \
	"$TMP/lf.err" && gone $bg &&
	ok "--load: a failing load's status and last line said, what it left behind stopped" ||
	fail "--load: a failing load" "exit $rc: $(cat "$TMP/lf.err"), $(marked $bg) load processes left"
# a load that ends during the run: the report names it, with how it ended
"$HG" -n 1 -d 3s -w CPU_YIELD 1ms --load cmd:'sleep 0.5; exit 4' -x \
	--json "$TMP/lf.json" >"$TMP/lf.out" 2>"$TMP/lf.err"
rc=$?
[ $rc = 0 ] && grep -qx '# load cmd ended before the run did: exit status 4' "$TMP/lf.out" &&
	grep -q '"ended_early": "exit status 4"' "$TMP/lf.json" &&
	grep -q '^hourglass: warning: --load cmd ended before the run did (exit status 4)' "$TMP/lf.err" &&
	ok "--load: a load that ends during the run is named in the report and the JSON" ||
	fail "--load ending during the run" "exit $rc: $(grep load "$TMP/lf.out") $(head -2 "$TMP/lf.err")"
PATH=/nonexistent "$HG" -n 1 -d 1s --load sched >"$TMP/nohb.out" 2>"$TMP/nohb.err"
rc=$?
[ $rc = 2 ] && [ "$(wc -l <"$TMP/nohb.err")" = 1 ] &&
	grep -qx 'hourglass: --load sched: hackbench not found (install the Debian package rt-tests)' \
		"$TMP/nohb.err" && [ ! -s "$TMP/nohb.out" ] &&
	ok "--load: a missing tool names its Debian package, exit 2" ||
	fail "--load: a missing tool" "exit $rc: $(cat "$TMP/nohb.err")"

# loads that misbehave: every wait bounded (timeout fails a hang), nothing left behind
# left N: the processes "sleep N" still there (killed, so that one failure stays one)
left() {
	l=$(pgrep -x -f "sleep $1" | tr '\n' ' ')
	[ -n "$l" ] && kill -9 $l 2>/dev/null
	echo "$l"
}
timeout 60 "$HG" -n 1 -d 1s -w CPU_YIELD 100us -x --load 'cmd:kill -STOP $PPID; sleep 7100' \
	>"$TMP/mis.out" 2>"$TMP/mis.err"
rc=$?
l=$(left 7100)
[ $rc = 0 ] && [ -z "$l" ] &&
	grep -q '^hourglass: warning: --load cmd: its guard process was stopped (signal 19, .*): continued so that it stops the load$' "$TMP/mis.err" &&
	ok "--load: a load that stops its guard: said, continued, exit 0, nothing left" ||
	fail "--load stopping its guard" "exit $rc (124: it hung), left: '$l', $(head -2 "$TMP/mis.err")"
timeout 60 "$HG" -n 1 -d 1s -w CPU_YIELD 100us -x --load 'cmd:setsid sleep 7101 & sleep 7102' \
	>"$TMP/mis.out" 2>"$TMP/mis.err"
rc=$?
l="$(left 7101)$(left 7102)"
[ $rc = 0 ] && [ -z "$l" ] && grep -q '^# loads contained ' "$TMP/mis.out" &&
	ok "--load: a load's daemon (setsid) is killed at the end: $(grep '^# loads contained' "$TMP/mis.out")" ||
	fail "--load: a load's daemon" "exit $rc, left: '$l', $(grep '^# load' "$TMP/mis.out") $(head -2 "$TMP/mis.err")"
cg=$(sed -n 's/^# loads contained in cgroup \(.*\) (killed whole at the end)$/\1/p' "$TMP/mis.out")
if ! is_root; then
	skip "--load: the loads' cgroup" "needs root"
elif [ -z "$cg" ]; then
	skip "--load: the loads' cgroup" "none made: $(grep '^# loads contained' "$TMP/mis.out")"
elif [ -e "$cg" ]; then
	fail "--load: the loads' cgroup" "$cg is still there"
else
	ok "--load: the loads' cgroup is removed at the end"
fi
timeout 60 "$HG" -n 1 -d 2s -w CPU_YIELD 100us -x \
	--load 'cmd:sleep 7103 & sleep 0.5; kill -9 $PPID; sleep 7104' >"$TMP/mis.out" 2>"$TMP/mis.err"
rc=$?
l="$(left 7103)$(left 7104)"
[ $rc = 0 ] && [ -z "$l" ] &&
	grep -q '^hourglass: warning: --load cmd ended before the run did (its guard was killed by signal 9 (Killed))$' "$TMP/mis.err" &&
	grep -q '^# load cmd ended before the run did: its guard was killed by signal 9 (Killed)$' "$TMP/mis.out" &&
	ok "--load: a load that kills its guard: said, what it runs killed at the end" ||
	fail "--load killing its guard" "exit $rc, left: '$l', $(head -2 "$TMP/mis.err")"
# without a cgroup (one read-only in a mount namespace of the run's own): hourglass as subreaper
cgmnt=$(awk '$9 == "cgroup2" { print $5; exit }' /proc/self/mountinfo)
if ! is_root || [ -z "$cgmnt" ] || ! unshare -m true 2>/dev/null; then
	skip "--load without a cgroup" "needs root, cgroup v2 and unshare -m"
else
	timeout 60 unshare -m sh -c 'mount -o remount,bind,ro "$1" && shift && exec "$@"' sh "$cgmnt" \
		"$HG" -n 1 -d 2s -w CPU_YIELD 100us -x \
		--load 'cmd:setsid sleep 7105 & sleep 0.5; kill -9 $PPID; sleep 7106' \
		>"$TMP/mis.out" 2>"$TMP/mis.err"
	rc=$?
	l="$(left 7105)$(left 7106)"
	[ $rc = 0 ] && [ -z "$l" ] &&
		grep -q '^# loads contained by hourglass as child subreaper (no cgroup: .*Read-only file system)$' "$TMP/mis.out" &&
		ok "--load without a cgroup: hourglass as subreaper kills a daemon and a guardless load" ||
		fail "--load without a cgroup" "exit $rc, left: '$l', $(grep '^# loads' "$TMP/mis.out") $(head -2 "$TMP/mis.err")"
fi
# a chatty load: its output kept in a ring of 16 MiB, no file of the run grows past it
"$HG" -n 1 -d 2s -w CPU_YIELD 100us -x --load 'cmd:yes' >"$TMP/mis.out" 2>"$TMP/mis.err" &
bg=$!
sleep 1.5
big=0
for p in $bg $(pgrep -P $bg); do
	for f in /proc/$p/fd/*; do
		s=$(stat -L -c %s "$f" 2>/dev/null) || continue
		[ "$s" -gt "$big" ] && big=$s
	done
done
timeout 60 sh -c 'while kill -0 $1 2>/dev/null; do sleep 0.1; done' sh $bg
wait $bg
rc=$?
[ $rc = 0 ] && [ "$big" -gt 0 ] && [ "$big" -le $((16 * 1048576 + 16)) ] &&
	grep -qx '# load cmd on CPUs [0-9,-]*: unknown over [0-9.]* s (.*): yes' "$TMP/mis.out" &&
	ok "--load cmd:yes: its output in a ring, the largest file of the run $big bytes" ||
	fail "--load cmd:yes" "exit $rc, the largest file of the run $big bytes (at most 16 MiB)"
long=$(printf '%0600d' 0)
timeout 30 "$HG" -n 1 -d 1s -w CPU_YIELD 100us -x --load "cmd:$long" >"$TMP/mis.out" 2>"$TMP/mis.err"
rc=$?
[ $rc = 2 ] && [ "$(wc -l <"$TMP/mis.err")" = 1 ] && [ ! -s "$TMP/mis.out" ] &&
	grep -qx "hourglass: --load cmd:0000*\.\.\.: the command is 600 bytes, at most 511 (put it in a script and give cmd:'sh <script>')" "$TMP/mis.err" &&
	ok "--load cmd: of 600 bytes: refused as it is read, exit 2, one line" ||
	fail "--load cmd: too long" "exit $rc: $(head -2 "$TMP/mis.err")"

# every JSON document the program writes, against its schema in schemas/
SCHEMAS="$HERE/../schemas"
validate() {	# validate NAME SCHEMA FILE...
	name=$1
	shift
	/usr/bin/python3 "$HERE/json-validate.py" "$SCHEMAS" "$@" >"$TMP/valid" 2>&1
	case $? in
	0) ok "schema: $name" ;;
	2) skip "schema: $name" "$(head -1 "$TMP/valid")" ;;
	*) fail "schema: $name" "$(head -3 "$TMP/valid")" ;;
	esac
}
if [ ! -x /usr/bin/python3 ] || ! /usr/bin/python3 -c 'import jsonschema' 2>/dev/null; then
	skip "schemas" "needs Debian's python3-jsonschema (/usr/bin/python3)"
else
	J=$TMP/json
	mkdir -p "$J"
	"$HG" -n 4 -d 300ms -t 0 -w LAT 1ms -i HR -t 1 -w CPU_PERIODIC 2ms 10ms \
		-t 2 -w PERIODIC 3ms 8ms -t 3 -rs 2ms 20ms -w PERIODIC 3ms 20ms \
		--histogram 40 -x -q -o "$J/all.hgt" --json "$J/summary.json" 2>/dev/null ||
	"$HG" -n 3 -d 300ms -t 0 -w LAT 1ms -i HR -t 1 -w CPU_PERIODIC 2ms 10ms \
		-t 2 -w PERIODIC 3ms 8ms --histogram 40 -x -q -o "$J/all.hgt" \
		--json "$J/summary.json"	# without SCHED_DEADLINE: no reservation
	"$HG" dump "$J/all.hgt" --json >"$J/dump.json"
	cp "$TMP/self.json" "$J/plain.json"
	validate "summary (--json, dump --json: LAT, CPU_PERIODIC, PERIODIC, a reservation, a plain run)" \
		summary "$J/summary.json" "$J/dump.json" "$J/plain.json" "$TMP/stdout.json" \
		"$TMP/brk.json" "$TMP/cont.json"
	validate "summary of a --kernel trace (dump --json)" summary "$TMP/ksummary.json"
	"$HG" calibrate --json --repeat 2 >"$J/cal.json"
	validate "calibrate --json" calibrate "$J/cal.json"
	"$HG" ctx "$J/all.hgt" --json >"$J/ctx.json"
	"$HG" ctx "$HERE/fixtures/kernel.hgt" --json >"$J/ctxk.json"
	"$HG" ctx "$HERE/fixtures/sched-yield.hgt" --json \
		--sched "$HERE/fixtures/sched-yield.txt" >"$J/ctxs.json"
	[ -s "$TMP/tail.json" ] && validate "tail --json of a LAT run" tail "$TMP/tail.json"
	[ -s "$TMP/taildiff.json" ] && validate "diff --json of two tails (gpd-lr)" diff \
		"$TMP/taildiff.json"
	validate "ctx --json (the trace alone, a --kernel trace's switches, --sched)" ctx \
		"$J/ctx.json" "$J/ctxk.json" "$J/ctxs.json"
	printf 'C=3ms T=8ms\nC=17ms T=33ms J=1ms B=1ms\n' >"$J/tasks"
	"$HG" rta --tasks "$J/tasks" --json >"$J/rta1.json"
	"$HG" rta -n 2 -t 0 -rh 3ms 8ms -w PERIODIC 3ms 8ms -t 1 -w PERIODIC 17ms 33ms \
		--json >"$J/rta2.json"
	"$HG" rta -n 3 -a -w PERIODIC 4ms 10ms --cpu 0-1 -t 0 -p FIFO:30 -t 1 -p FIFO:20 \
		-t 2 -p FIFO:10 --json >"$J/rta3.json"
	printf 'C=1ms T=10ms CPU=0\nC=1ms T=10ms CPU=0-1\nC=2ms T=3ms D=6ms CPU=2\n' >"$J/tasks4"
	"$HG" rta --tasks "$J/tasks4" --json >"$J/rta4.json"
	validate "rta --json (one CPU, pinned, global, not covered)" rta "$J/rta1.json" \
		"$J/rta2.json" "$J/rta3.json" "$J/rta4.json"
	# chains: one bounded on two CPUs, one with an unbounded task
	printf 'C=6ms T=10ms CPU=0 CHAIN=u:0 CHAIN=v:0\nC=6ms T=10ms CPU=0 CHAIN=u:1\nC=1ms T=10ms CPU=1 CHAIN=v:1\n' \
		>"$J/chains"
	"$HG" rta --tasks "$J/chains" --json >"$J/rta-chains.json"
	"$HG" rta --tasks "$J/chains" --cs-cost 10us --json >"$J/rta-chains-ovh.json"
	printf 'chain f event\nC=3ms T=10ms P=FIFO:10 CHAIN=f:0\nC=1ms T=10ms P=FIFO:30 CHAIN=f:1 CHAIN=s:0\nC=3ms T=20ms P=FIFO:20 CHAIN=s:1\n' \
		>"$J/evchains"
	"$HG" rta --tasks "$J/evchains" --json >"$J/rta-evchains.json"
	validate "rta --json with chains (bounded, unbounded, with overheads, event)" rta \
		"$J/rta-chains.json" "$J/rta-chains-ovh.json" "$J/rta-evchains.json"
	"$HG" rta --tasks "$HERE/fuzz/corpus/taskfile/locks" --json >"$J/rta5.json"
	# a lock without a protocol and a task between: blocking without a bound
	printf 'lock L none\nC=1ms T=10ms CPU=1 CS=L:0.5ms\nC=4ms T=10ms CPU=1\nC=2ms T=20ms CPU=1 CS=L:1.5ms\n' \
		>"$J/tasks6"
	"$HG" rta --tasks "$J/tasks6" --json >"$J/rta6.json"
	validate "rta --json with locks (inherit, protect, none, across CPUs) and overheads" rta \
		"$J/rta5.json" "$J/rta6.json" "$TMP/rta-locks.json" "$TMP/rta-ovh.json" "$TMP/mid.json" \
		"$TMP/margin.json"
	if [ -f "$TMP/from.json" ]; then
		"$HG" rta --from "$J/all.hgt" --json >"$J/rta-from.json" 2>/dev/null
		validate "rta --from --json (a real run; LAT, CPU_PERIODIC, PERIODIC)" rta \
			"$TMP/from.json" "$J/rta-from.json"
	fi
	validate "summary --json with --cs-cost" summary "$TMP/ovh.json"
	if [ -f "$TMP/hog.json" ]; then
		validate "summary --json with a CPU_PERIODIC thread above a PERIODIC one" summary \
			"$TMP/hog.json"
	fi
	if [ -f "$TMP/hog-rta.json" ]; then
		validate "rta --json with a CPU_PERIODIC thread above a PERIODIC one" rta \
			"$TMP/hog-rta.json"
	fi
	if [ -f "$TMP/locks-none.json" ]; then
		validate "summary --json of --cs runs (none, inherit, protect)" summary \
			"$TMP/locks-none.json" "$TMP/locks-inherit.json" "$TMP/locks-protect.json"
	fi
	"$HG" export "$J/all.hgt" --format json -o "$J/export.json"
	validate "export --format json" export "$J/export.json"
	"$HG" export "$J/all.hgt" --format perfetto -o "$J/perfetto.json"
	validate "export --format perfetto" perfetto "$J/perfetto.json"
	"$HG" export "$HERE/fixtures/sched-yield.hgt" --format perfetto \
		--sched "$HERE/fixtures/sched-yield.txt" -o "$J/perfetto-sched.json"
	validate "export --format perfetto --sched" perfetto "$J/perfetto-sched.json"
	validate "explain --json" explain "$TMP/explain.json"
	[ -s "$TMP/explain-thr2.json" ] &&
		validate "explain --json with rt_throttling (a committed capture)" explain \
			"$TMP/explain-thr2.json"
	[ -f "$TMP/kernel.perfetto" ] &&
		validate "export --format perfetto with the kernel's events" perfetto "$TMP/kernel.perfetto"
	[ -f "$TMP/explain-sched.json" ] &&
		validate "explain --sched --json" explain "$TMP/explain-sched.json"
	[ -s "$TMP/explain-lat.json" ] &&
		validate "explain --json of a LAT --kernel --break run" explain "$TMP/explain-lat.json"
	[ -s "$TMP/explain-thr.json" ] && [ -s "$TMP/explain-np.json" ] &&
		validate "explain --json with the diagnosis of real runs (a throttled hog, a LAT thread)" \
			explain "$TMP/explain-thr.json" "$TMP/explain-np.json"
	validate "ctxcost --json" ctxcost "$TMP/ctxcost.json"
	"$HG" diff "$TMP/da.hgt" "$TMP/db.hgt" --json >"$J/diff1.json"
	"$HG" diff "$TMP/before" "$TMP/after" --json >"$J/diff2.json"
	validate "diff --json (two traces, two directories of summaries)" diff \
		"$J/diff1.json" "$J/diff2.json"
	[ -f "$TMP/diff-causes2.json" ] &&
		validate "diff --json with causes (--kernel traces, summaries' causes)" diff \
			"$TMP/diff-causes1.json" "$TMP/diff-causes2.json"
	validate "cachecost --json" cachecost "$TMP/cachecost.json"
	"$HG" lat "$J/all.hgt" --json >"$J/lat1.json"
	"$HG" lat "$J/all.hgt" --json --histogram 5 >"$J/lat2.json"
	"$HG" lat "$TMP/da.hgt" --json >"$J/lat3.json"
	[ -s "$TMP/tail.json" ] && validate "tail --json (a LAT run, --force)" tail "$TMP/tail.json"
	validate "lat --json (with the run's histogram, --histogram 5, none)" lat \
		"$J/lat1.json" "$J/lat2.json" "$J/lat3.json"
	validate "audit --json (this machine, a fixture tree)" audit "$TMP/audit.json" \
		"$TMP/audit-desktop.json"
	[ -s "$TMP/load.json" ] && validate "summary with --load" summary "$TMP/load.json"
	[ -s "$TMP/lf.json" ] && validate "summary with a load that ended early" summary "$TMP/lf.json"
	validate "summary with the run's audit" summary "$TMP/aud-a.json"
	validate "diff --json of differing audit verdicts" diff "$TMP/aud-diff.json"
	# the validator refuses what breaks a schema
	sed 's/"schema": 2,/"schema": "2",/' "$J/summary.json" >"$J/bad.json"
	if /usr/bin/python3 "$HERE/json-validate.py" "$SCHEMAS" summary "$J/bad.json" >/dev/null
	then fail "schema: a broken document" "accepted"
	else ok "schema: a broken document is refused"; fi
	# and two fields that contradict each other
	sed 's/"b_ns": null, "lock_blocking_ns": null, "blocking": "unbounded"/"b_ns": 0, "lock_blocking_ns": 0, "blocking": "unbounded"/' \
		"$J/rta6.json" >"$J/bad.json"
	if ! grep -q '"lock_blocking_ns": 0, "blocking": "unbounded"' "$J/bad.json"; then
		fail "schema: contradicting fields" "no unbounded blocking in rta --json"
	elif /usr/bin/python3 "$HERE/json-validate.py" "$SCHEMAS" rta "$J/bad.json" >"$TMP/valid" 2>&1
	then fail "schema: contradicting fields" "accepted"
	else grep -q '"blocking": "unbounded" with "lock_blocking_ns": 0' "$TMP/valid" &&
		ok "schema: \"blocking\": \"unbounded\" with \"lock_blocking_ns\": 0 is refused" ||
		fail "schema: contradicting fields" "$(head -2 "$TMP/valid")"; fi
fi

# every picture drawn above: no two of its texts overlap, and none is under
# a line or a bar (boxes from font size and length, as the pictures are
# laid out)
if [ -x /usr/bin/python3 ]; then
	n=$(ls "$TMP"/*.svg 2>/dev/null | wc -l)
	if [ "$n" -ge 8 ] && /usr/bin/python3 "$HERE/svg-text.py" "$TMP"/*.svg >"$TMP/overlap" 2>&1
	then ok "pictures: no two texts overlap, none under a line or bar ($n pictures)"
	else fail "pictures: texts overlap, or lie under a line or bar ($n pictures)" "$(head -3 "$TMP/overlap")"; fi
	printf '<svg><style>text{font-size:12px}</style><text x="10" y="20">median</text>'\
'<text x="14" y="22">p99</text></svg>\n' >"$TMP/overlap.svg.txt"
	if /usr/bin/python3 "$HERE/svg-text.py" "$TMP/overlap.svg.txt" >/dev/null
	then fail "pictures: the overlap check" "passed two texts drawn over each other"
	else ok "pictures: the overlap check finds two texts drawn over each other"; fi
	# a mark's line through an overflow bar's count, a bar over a label
	printf '<svg><style>text{font-size:11px}</style><text x="740" y="155" text-anchor="middle">286</text>'\
'<line class="mark p99" x1="740" y1="435" x2="740" y2="105"/>'\
'<text x="20" y="50">p99</text><rect x="25" y="30" width="10" height="100"/></svg>\n' >"$TMP/under.svg.txt"
	/usr/bin/python3 "$HERE/svg-text.py" "$TMP/under.svg.txt" >"$TMP/overlap"
	[ "$(grep -c ' is under the line ' "$TMP/overlap")" = 1 ] &&
		[ "$(grep -c ' is under the rectangle ' "$TMP/overlap")" = 1 ] &&
		ok "pictures: the overlap check finds a label under a line and under a bar" ||
		fail "pictures: the overlap check of lines and bars" "$(cat "$TMP/overlap")"
	/usr/bin/python3 "$HERE/palette.py" check "$HERE/../svg/svg.c" >"$TMP/palette" 2>&1 &&
		ok "pictures: every two colours told apart, with normal vision and three kinds of colour blindness" ||
		fail "pictures: palette" "$(head -3 "$TMP/palette")"
else
	skip "pictures: overlapping texts" "needs /usr/bin/python3"
fi

echo "smoke: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
