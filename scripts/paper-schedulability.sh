#!/bin/sh
# The paper's sections 5.5 and 5.6 on this machine: the two-task set
# (3 ms every 8 ms at RTMED, 17 ms every 33 ms at RTLOW), predicted by the
# response-time analysis and measured, with HR and NATIVE timers, with
# C1 = 12 ms, and under SCHED_DEADLINE reservations exactly at the need and
# 0.1 ms above it, hard and soft. Prints predicted and measured side by side.
# usage: scripts/paper-schedulability.sh build/hourglass [<seconds per run>]
set -u
HG=${1:-build/hourglass}
SECS=${2:-10}
TMP=$(mktemp -d /tmp/hgpaper.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

T0="-t 0 -p RTMED -w PERIODIC 3ms 8ms"
if [ "$(id -u)" != 0 ]; then
	echo "skipped: the paper's runs need SCHED_FIFO and SCHED_DEADLINE (run as root)"
	exit 0
fi

echo "== 5.5 analysis (rta): the paper predicts 3 ms and 29 ms; with 8 ms jitter and a"
echo "   19 ms WCET, 39 ms > 33 ms; with C1 = 12 ms, schedulable"
"$HG" rta -n 2 -a --cpu 0 $T0 -t 1 -p RTLOW -w PERIODIC 17ms 33ms | grep '^rta:'
"$HG" rta -n 2 -a --cpu 0 $T0 -t 1 -p RTLOW -w PERIODIC 17ms 33ms --jitter 8ms --wcet 19ms | grep '^rta:'
"$HG" rta -n 2 -a --cpu 0 $T0 -t 1 -p RTLOW -w PERIODIC 12ms 33ms --jitter 8ms | grep '^rta:'

# run NAME ARGS: one run of $SECS s; prints per thread predicted, measured, misses
run() {
	name=$1
	shift
	"$HG" -d ${SECS}s -n 2 "$@" -x >"$TMP/out" 2>"$TMP/err" || {
		printf '%-26s %s\n' "$name" "failed: $(head -1 "$TMP/err")"
		return
	}
	awk -v name="$name" '
		/^thread [0-9]+: missed / { m[$2 + 0] = $4; h[$2 + 0] = $7 }
		# the predicted-vs-measured table: # id PERIODIC C T  C T D J predicted ...
		/^# [0-9]+ +PERIODIC [0-9.]+m?s [0-9.]+m?s +[0-9]/ { p[$2] = $10 }
		/^# thread [0-9]+: PERIODIC .*response ms/ {
			id = $3; sub(":", "", id)
			for (i = 1; i <= NF; i++) if ($i == "max") { mx[id] = $(i + 1); break }
			sub(";", "", mx[id])
		}
		END {
			for (t = 0; t < 2; t++)
				printf "%-26s thread %d  predicted %8s ms  measured max %8s ms  missed %4s of %4d\n",
					name, t, (t in p) ? p[t] : "-", mx[t], m[t], m[t] + h[t]
		}' "$TMP/out"
}

echo
echo "== 5.5 runs, both threads on CPU 1 (the paper's machine had one CPU), ${SECS}s each"
run "HR + HR" $T0 -i HR -t 1 -p RTLOW -w PERIODIC 17ms 33ms -i HR -a --cpu 1
run "HR + NATIVE" $T0 -i HR -t 1 -p RTLOW -w PERIODIC 17ms 33ms -i NATIVE -a --cpu 1
run "HR + NATIVE, C1 = 12 ms" $T0 -i HR -t 1 -p RTLOW -w PERIODIC 12ms 33ms -i NATIVE -a --cpu 1

echo
echo "== 5.6 reservations (SCHED_DEADLINE: all CPUs of the root domain; no fixed-priority"
echo "   prediction applies), ${SECS}s each; the audit lines follow each run"
R0="-t 0 -w PERIODIC 3ms 8ms"
R1="-t 1 -w PERIODIC 17ms 33ms"
for r in "-rh exactly the need|-rh 3ms 8ms|-rh 17ms 33ms" \
	 "-rh 0.1 ms above|-rh 3.1ms 8ms|-rh 17.1ms 33ms" \
	 "-rs exactly the need|-rs 3ms 8ms|-rs 17ms 33ms"; do
	IFS='|' read -r name a b <<EOT
$r
EOT
	run "$name" $R0 $a $R1 $b
	grep '^# reservation' "$TMP/out" | sed 's/^# /    /'
done
