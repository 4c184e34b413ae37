#!/bin/sh
# Run each libFuzzer target built by make fuzz for SECONDS, two at a time,
# starting from its seed corpus (new inputs go to BUILD/corpus/<name>/,
# never to the tree). Prints one line per target: executions, coverage
# (cov: edges, ft: features), corpus size; on a crash, a timeout or a leak
# the target's log and the input (BUILD/artifacts/<name>/), to be added to
# tests/fuzz/regress/<name>/ with its fix. Exits 1 on any finding.
#
# With SECONDS given as seed:N the run is bounded by work, not time:
# libFuzzer's seed N, the number of runs tests/fuzz/runs gives each target
# (about 30 s under load on two cores), and a fresh corpus that starts from
# the tree's alone, so a slow machine does the same work as a fast one and
# two runs of one tree mutate from the same start. They are close, not
# bit-identical: which inputs are kept follows coverage, and coverage can
# differ by a few edges between two runs. CI runs this way.
# usage: tests/fuzz/run.sh BUILD SECONDS|seed:N NAME...
set -u
build=$1
secs=$2
shift 2
here=$(dirname "$0")
seed=
case $secs in
seed:*)
	seed=${secs#seed:}
	case $seed in
	''|*[!0-9]*) echo "fuzz: bad seed '$seed' (seed:N, N a number)" >&2; exit 2 ;;
	esac ;;
''|*[!0-9]*)
	echo "fuzz: bad time '$secs' (seconds, or seed:N for a reproducible run)" >&2; exit 2 ;;
esac

# how many runs a reproducible run gives target $1 (tests/fuzz/runs)
runs_for() {
	n=$(sed -n "s/^$1[[:space:]]\{1,\}\([0-9]\{1,\}\)\$/\1/p" "$here/runs")
	if [ -z "$n" ]; then
		echo "fuzz: no run count for target '$1' in $here/runs" >&2
		return 1
	fi
	echo "$n"
}

run_one() {
	name=$1
	work=$build/corpus/$name
	art=$build/artifacts/$name
	log=$build/fuzz-$name.log
	if [ -n "$seed" ]; then
		work=$build/corpus-seed/$name
		rm -rf "$work"
		limit=$(runs_for "$name") || return 1
		how="-seed=$seed -runs=$limit"
		what="seed $seed"
	else
		how="-max_total_time=$secs"
		what="${secs}s"
	fi
	mkdir -p "$work" "$art"
	set -- "$work"
	[ -d "$here/corpus/$name" ] && set -- "$@" "$here/corpus/$name"
	[ -d "$here/regress/$name" ] && set -- "$@" "$here/regress/$name"
	# shellcheck disable=SC2086 # $how is two options
	"$build/fuzz/$name" $how -timeout=10 -rss_limit_mb=2048 \
		-max_len=65536 -print_final_stats=1 -artifact_prefix="$art/" "$@" >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	last=$(grep -E '^#[0-9]+' "$log" | tail -1)
	cov=$(printf '%s' "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
	ft=$(printf '%s' "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
	corp=$(printf '%s' "$last" | sed -n 's/.* corp: \([0-9]*\).*/\1/p')
	if [ "$rc" -eq 0 ]; then
		echo "ok      fuzz $name: ${execs:-?} runs (${what}), cov ${cov:-?} ft ${ft:-?}, corpus ${corp:-?}"
		return 0
	fi
	echo "FAILED  fuzz $name: exit status $rc after ${execs:-?} runs (log $log)"
	grep -E 'ERROR|SUMMARY|runtime error|Test unit written|^    #[0-9]' "$log" | head -30
	return 1
}

status=0
pids=""
set -- "$@"
while [ $# -gt 0 ]; do
	run_one "$1" >"$build/fuzz-$1.result" &
	pids="$pids $!:$1"
	shift
	if [ $# -gt 0 ]; then
		run_one "$1" >"$build/fuzz-$1.result" &
		pids="$pids $!:$1"
		shift
	fi
	for p in $pids; do
		wait "${p%%:*}" || status=1
		cat "$build/fuzz-${p#*:}.result"
	done
	pids=""
done
echo "fuzz: $( [ $status = 0 ] && echo no finding || echo FINDINGS)"
exit $status
