#!/bin/sh
# Write the seed corpora of the fuzz targets into tests/fuzz/corpus/: small
# traces of short runs of each model (a few dozen records each), command
# lines, time values, task files, PERIODIC_TABLE files and perf script text
# for ctx --sched. Run from the top of the tree after make; the result is
# committed, so this runs only when the formats change.
# usage: tests/fuzz/make-seeds.sh [build/hourglass]
set -eu
HG=${1:-build/hourglass}
C=tests/fuzz/corpus
mkdir -p "$C/trace" "$C/options" "$C/timeval" "$C/taskfile" "$C/table" "$C/sched" "$C/summary"

# trace: one short run per model and output mode, 40 records at most
trace() {
	name=$1
	shift
	"$HG" -q -e 40 -o "$C/trace/$name" "$@"
}
trace cpu -n 2 -d 20ms
trace cycles -n 2 -d 20ms -c -gh
trace nointervals -n 1 -d 20ms -x
trace periodic -n 2 -d 30ms -t 0 -w PERIODIC 1ms 5ms -t 1 -w PERIODIC 2ms 10ms 8ms
trace rt -n 2 -d 30ms -t 0 -p RTHIGH -w PERIODIC 1ms 5ms -t 1 -p RTLOW -w PERIODIC 2ms 10ms \
	--jitter 100us --blocking 200us
trace lat -n 1 -d 30ms -w LAT 1ms --histogram 50 --lat-thresholds 10us,100us
trace cpuperiodic -n 1 -d 30ms -w CPU_PERIODIC 1ms 5ms
trace yield -n 2 -d 20ms -a -w CPU_YIELD 1ms --cpu 0
trace scan -n 1 -d 20ms -w CPU_SCAN 64
trace window -n 2 -d 30ms -t 1 -s 5ms -f 20ms
trace reserve -n 1 -d 30ms -w PERIODIC 1ms 5ms -rh 2ms 5ms || true
# the kernel's events section (root): a few hundred events at most
trace kernel -n 1 -d 20ms --cpu 0 --kernel || true

# options: argv words, one a line
w() { printf '%s\n' "$@" >"$C/options/$name"; }
name=paper; w -n 3 -d 1s -t 0 -p LOW -t 1 -p NORMAL -t 2 -p HIGH
name=periodic; w -n 2 -d 100ms -t 0 -p RTHIGH -w PERIODIC 1ms 5ms -t 1 -w PERIODIC 2ms 10ms 8ms
name=lat; w -n 1 -w LAT 1ms -i HR --histogram 100 --lat-thresholds 10us,1ms -q
name=scan; w -n 2 -a -w CPU_SCAN_YIELD 64 1ms --cpu 0-1 -g 2us -x -c
name=reserve; w -n 1 -w PERIODIC 1ms 5ms -rh 2ms 5ms --wcet 1ms --jitter 1us --blocking 2us
name=timers; w -n 3 -t 0 -w LAT 1ms -i TIMERFD -t 1 -w LAT 2ms -i POSIX -t 2 -w CPU_PERIODIC 1ms 4ms -i SPIN
name=long; w --threads 2 --duration 2s --records 1000 -o x.hgt --json x.json -gh -f 1s -s 100ms
name=prio; w -n 2 -t 0 -p FIFO:20 -t 1 -p RR:30 -e 100
name=locks; w -n 3 -a -w PERIODIC 2ms 10ms -t 0 -p FIFO:30 --cs L 0.5ms --cs Q 1us -t 2 -p FIFO:10 --cs L 1ms --protocol L=protect --protocol Q=none

# time values
for v in 1.5ms 3m 87.0us 500ns 1020ms 18446744073.709551615s 0s 1 .5us 0.000000001s; do
	printf '%s' "$v" >"$C/timeval/$(printf '%s' "$v" | tr -c 'a-z0-9' _)"
done

# task files
printf 'C=1ms T=4ms P=RTHIGH\nC=2ms T=6ms\nC=3ms T=13ms D=12ms J=1us B=10us\n' >"$C/taskfile/three"
printf '# the paper\nC=3ms T=8ms P=RTHIGH\nC=3ms T=30ms P=RTMED  # comment\n\nC=10ms T=33ms P=RTLOW\n' \
	>"$C/taskfile/paper"
printf 'C=500ns T=1000ns\nC=10s T=20s D=19999999us\n' >"$C/taskfile/edf"
# CPU=: pinned, global and overlapping sets; then the edges of the lists
printf '# pinned, global, overlapping\nC=3ms T=8ms P=RTMED CPU=0\nC=7ms T=8ms P=RTLOW CPU=1\nC=4ms T=10ms CPU=2-3\nC=4ms T=10ms CPU=2-3\nC=4ms T=10ms CPU=2-3\nC=1ms T=5ms CPU=4\nC=1ms T=5ms CPU=4-5\n' \
	>"$C/taskfile/cpus"
printf 'C=1ms T=4ms CPU=0-1023\nC=1ms T=4ms CPU=1,1,1\nC=2ms T=9ms CPU=1023\nC=1ms T=3ms P=FIFO:98 CPU=0,2-3,7\nC=1ms T=3ms CPU=3-3 B=1us J=1us D=2ms\n' \
	>"$C/taskfile/cpusedge"
printf '# H and L share L, M between\nlock L inherit\nlock Q protect # ceiling\nC=1ms T=10ms P=FIFO:80 CPU=1 CS=L:0.5ms CS=Q:1us\nC=4ms T=10ms P=FIFO:50 CPU=1\nC=2ms T=20ms P=FIFO:10 CPU=1 CS=L:1.5ms CS=Q:2us\n' \
	>"$C/taskfile/locks"

# PERIODIC_TABLE files
printf '1ms\n2ms\n# comment\n\n500us\n' >"$C/table/three"
printf '9ms\n' >"$C/table/one"
printf '100ns\n1.5ms\n10ms\n' >"$C/table/wide"

# perf script text for ctx --sched: pieces of the fixture whose events name
# the threads of tests/fixtures/sched-yield.hgt, and the forms of lines
sed -n 340,380p tests/fixtures/sched-yield.txt >"$C/sched/yield"
sed -n 600,615p tests/fixtures/sched-yield.txt >"$C/sched/late"
printf '%s\n' '# comment' '' \
	'  swapper     0 [001] 1650.050000: sched:sched_switch: prev_comm=swapper/1 prev_pid=0 prev_prio=120 prev_state=R ==> next_comm=hg/2 next_pid=11982 next_prio=120' \
	' hg/2 x 11982/11982 [001] 1650.050001234: sched:sched_switch: prev_comm=hg/2 x prev_pid=11982 prev_prio=120 prev_state=R+ ==> next_comm=swapper/1 next_pid=0 next_prio=120' \
	'  perf 1 [000] 1650.0: cycles: ffff' >"$C/sched/forms"

# summaries (--json) for diff's reader: one per model, the machine's own
# strings (command lines, the boot command line, the CPU) left out; and the
# shapes the reader must refuse or take: ids at the edges, nulls, a minimal one
summary() {
	name=$1
	shift
	"$HG" -q -e 40 -x --json "$C/summary/$name" "$@"
	sed -i -E 's/"(command|cmdline|cpu_model|cpu_flags|hostname|kernel_version)": "[^"]*"/"\1": "x"/' \
		"$C/summary/$name"
}
summary cpu -n 2 -d 20ms
summary periodic -n 2 -d 30ms -t 0 -w PERIODIC 1ms 5ms -t 1 -w PERIODIC 2ms 10ms 8ms
summary lat -n 1 -d 30ms -w LAT 1ms --histogram 50 --lat-thresholds 10us,100us
summary cpuperiodic -n 1 -d 30ms -w CPU_PERIODIC 1ms 5ms
printf '%s\n' '{"threads": [{"id": 0, "share": 0.5, "gaps": {"count": 7, "median_ns": 1500, "p99_ns": 9000, "p999_ns": 9500, "max_ns": 12000}, "model": {"hits": 9, "misses": 1}}]}' \
	>"$C/summary/minimal"
printf '%s\n' '{"calibration": {"gap_threshold_ns": 9007199254740992}, "threads": [{"id": 1023, "share": 0, "gaps": {"count": 0, "median_ns": null, "p99_ns": null, "p999_ns": null, "max_ns": null}}, {"id": 0}]}' \
	>"$C/summary/edges"
printf '%s\n' '{"system": {"kernel_release": "6.1"}, "threads": [{"id": -1}, {"id": 1e300}, {"id": NaN}, {"share": Infinity}]}' \
	>"$C/summary/hostile"
