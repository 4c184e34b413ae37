#!/bin/bash
# Two builds of hourglass given the same deterministic commands over
# tests/fixtures: dump, render, export in every format, explain, lat, ctx,
# tail (of a trace and of cyclictest's histograms), diff, rta on the task
# files of tests/fuzz/corpus/taskfile, audit of the fixture trees, every
# subcommand's help and bad input. Each command runs
# in a work directory of its own (a copy of the fixtures) under a temporary
# directory, once per build (the two at once), with the binary found as
# "hourglass" on PATH so that both print the same name; a trace of LAT and
# PERIODIC threads is made first by the old build and given to both. Reports each command whose standard output,
# standard error, exit status or written files differ; writes nothing
# outside the temporary directory. Exits 1 when one differs, 2 on bad use.
# usage: scripts/same-output.sh OLD_BIN NEW_BIN
set -u
if [ $# -ne 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
	echo "usage: scripts/same-output.sh OLD_BIN NEW_BIN (two executables)" >&2
	exit 2
fi
HERE=$(cd "$(dirname "$0")/.." && pwd)
FIX=$HERE/tests/fixtures
TASKS=$HERE/tests/fuzz/corpus/taskfile
TMP=$(mktemp -d /tmp/hgsame.XXXXXX) || exit 2
trap 'rm -rf "$TMP"' EXIT
for side in old new; do
	mkdir -p "$TMP/$side/bin"
done
cp "$1" "$TMP/old/bin/hourglass"
cp "$2" "$TMP/new/bin/hourglass"

# a trace of LAT and PERIODIC threads, made once by the old build (a run is
# not deterministic, the file given to both is)
if ! "$TMP/old/bin/hourglass" -n 2 -d 300ms -t 0 -w LAT 1ms -t 1 -w PERIODIC 1ms 5ms -q \
	-o "$TMP/lat.hgt" >/dev/null 2>"$TMP/lat.err"; then
	echo "same-output: cannot make a LAT trace with $1: $(head -1 "$TMP/lat.err")" >&2
	exit 2
fi

# the commands, one a line, run by bash in the work directory
cmds=$TMP/cmds
{
	traces="kernel.hgt knonpreempt.hgt kthrottle.hgt sched-yield.hgt lat.hgt"
	for t in $traces; do
		echo "hourglass dump $t"
		echo "hourglass dump $t --brief"
		echo "hourglass dump $t --json"
		echo "hourglass render $t -o out.svg"
		echo "hourglass render $t -o out.svg --per-cpu"
		echo "hourglass render $t -o out.svg --from 1ms --to 20ms --width 600"
		for f in csv json perfetto prom; do
			echo "hourglass export $t --format $f -o out.$f"
		done
		echo "hourglass explain $t"
		echo "hourglass explain $t --json"
		echo "hourglass explain $t --worst 3"
		echo "hourglass lat $t"
		echo "hourglass lat $t --json"
		echo "hourglass lat $t --histogram 100"
		echo "hourglass lat $t --svg lat.svg"
		echo "hourglass ctx $t"
		echo "hourglass ctx $t --json"
		echo "hourglass ctx $t --svg ctx.svg --log-y"
		echo "hourglass tail $t"
		echo "hourglass tail $t --json"
		echo "hourglass tail $t --of gap --threshold 1us"
	done
	echo "hourglass tail lat.hgt --of latency --at 1s,1h --json"
	echo "hourglass tail lat.hgt --thread 1 --of response"
	echo "hourglass lat lat.hgt --max 100us"
	# a histogram in cyclictest's layout, read back as cyclictest's
	echo "hourglass lat lat.hgt --histogram 100000 >lat.hist && hourglass tail --cyclictest lat.hist --interval 1ms --force"
	echo "hourglass lat lat.hgt --histogram 100000 >lat.hist && hourglass tail --cyclictest lat.hist --interval 1ms --thread 0 --json --force"
	ct="awk 'BEGIN { for (b = 0; b < 400; b++) printf \"%06d %06d %06d\\n\", b, int(1e5 * exp(-b / 20)), int(5e4 * exp(-b / 30)) }' >ct.hist"
	echo "$ct && hourglass tail --cyclictest ct.hist --interval 1ms"
	echo "$ct && hourglass tail --cyclictest ct.hist --interval 1ms --thread 1 --at 100us --json"
	echo "hourglass diff lat.hgt kernel.hgt"
	echo "hourglass ctx sched-yield.hgt --sched sched-yield.txt"
	echo "hourglass ctx sched-yield.hgt --sched sched-yield.txt --json"
	echo "hourglass render sched-yield.hgt -o out.svg --sched sched-yield.txt"
	echo "hourglass export sched-yield.hgt --format perfetto -o out.pf --sched sched-yield.txt"
	echo "hourglass explain sched-yield.hgt --sched sched-yield.txt"
	echo "hourglass explain sched-yield.hgt --sched sched-yield.txt --json"
	echo "hourglass diff kernel.hgt knonpreempt.hgt"
	echo "hourglass diff kernel.hgt knonpreempt.hgt --json"
	echo "hourglass diff kthrottle.hgt kthrottle.hgt"
	echo "hourglass diff sched-yield.hgt kernel.hgt --json"
	echo "hourglass diff before after"
	echo "hourglass diff before after --json"
	echo "hourglass diff before after --fail-if-worse thread0.gap.median:10%"
	echo "hourglass diff before after --fail-if-worse thread0.gap.medain:10%"
	echo "hourglass diff before/t1.json after/t1.json"
	echo "hourglass diff before bad"
	for f in "$TASKS"/*; do
		n=$(basename "$f")
		echo "hourglass rta --tasks tasks/$n"
		echo "hourglass rta --tasks tasks/$n --json"
		echo "hourglass rta --tasks tasks/$n --margin"
	done
	echo "hourglass rta --tasks tasks/paper --overheads ctxcost.json"
	echo "hourglass rta --tasks tasks/paper --overheads ctxcost.json,cachecost.json --json"
	echo "hourglass rta -n 2 -a --cpu 0 -t 0 -p RTMED -w PERIODIC 3ms 8ms -t 1 -p RTLOW -w PERIODIC 17ms 33ms --jitter 8ms --wcet 19ms"
	echo "hourglass rta --strict -n 2 -a --cpu 0 -t 0 -p RTMED -w PERIODIC 3ms 8ms -t 1 -p RTLOW -w PERIODIC 17ms 33ms --jitter 8ms --wcet 19ms --json"
	for tree in desktop rt vm; do
		echo "hourglass audit --sysroot audit/$tree"
		echo "hourglass audit --sysroot audit/$tree --json"
		echo "hourglass audit --sysroot audit/$tree --cpu 0"
		echo "hourglass audit --sysroot audit/$tree --strict"
	done
	echo "hourglass --help"
	echo "hourglass --version"
	echo "hourglass help"
	for sub in $("$TMP/old/bin/hourglass" --help | sed -n '/^Subcommands/,/^$/p' |
		     awk '/^  [a-z]/ { print $1 }'); do
		echo "hourglass $sub --help"
		echo "hourglass help $sub"
	done
	# bad input: one line, exit status 2
	echo "hourglass dump"
	echo "hourglass dump nosuch.hgt"
	echo "hourglass dump sched-yield.txt"
	echo "hourglass dump kernel.hgt --nosuch"
	echo "hourglass render kernel.hgt"
	echo "hourglass render kernel.hgt -o out.svg --width 0"
	echo "hourglass export kernel.hgt --format xml -o out.xml"
	echo "hourglass explain kernel.hgt --thread 99"
	echo "hourglass lat kernel.hgt --histogram abc"
	echo "hourglass ctx kernel.hgt --bucket 0ns"
	echo "hourglass ctx sched-yield.hgt --sched nosuch.txt"
	echo "hourglass tail kernel.hgt --of nothing"
	echo "hourglass rta --tasks nosuch.tasks"
	echo "hourglass rta --tasks ctxcost.json"
	echo "hourglass rta --tasks tasks/paper --overheads sched-yield.txt"
	echo "hourglass audit --sysroot nosuch"
	echo "hourglass audit --cpu abc --sysroot audit/rt"
	echo "hourglass calibrate --repeat 0"
	echo "hourglass ctxcost --trials 0"
	echo "hourglass cachecost --sizes abc"
	echo "hourglass nosuch"
	echo "hourglass -n 0"
	echo "hourglass diff kernel.hgt"
	echo "hourglass diff kernel.hgt nosuch.hgt"
} >"$cmds"

# one work directory: the fixtures, the task files, two directories of
# summaries with a known difference and one holding a bad summary
setup() {
	mkdir -p "$1/tasks" "$1/before" "$1/after" "$1/bad"
	cp -r "$FIX"/. "$1/"
	cp "$TASKS"/* "$1/tasks/"
	for v in 1000:1 1100:2 900:3; do
		printf '{"threads": [{"id": 0, "gaps": {"count": 9, "median_ns": %s, "p99_ns": 9000, "p999_ns": 9000, "max_ns": 9000}}]}\n' \
			"${v%%:*}" >"$1/before/t${v##*:}.json"
		printf '{"threads": [{"id": 0, "gaps": {"count": 9, "median_ns": %s, "p99_ns": 9000, "p999_ns": 9000, "max_ns": 9000}}]}\n' \
			"$((${v%%:*} * 5))" >"$1/after/t${v##*:}.json"
	done
	printf '{"threads": [{"id": "x"}]}\n' >"$1/bad/t1.json"
}

mkdir "$TMP/template"
setup "$TMP/template"
cp "$TMP/lat.hgt" "$TMP/template/"
ls -R "$TMP/template" >"$TMP/before.ls"

# run command $2 with build $1; what it did goes to $3
run() {
	local w=$TMP/$1/work
	rm -rf "$w" && cp -r "$TMP/template" "$w"
	(cd "$w" && PATH=$TMP/$1/bin:$PATH timeout 60 bash -c "$2" \
		>"$TMP/$1/stdout" 2>"$TMP/$1/stderr" </dev/null
	 echo "exit $?" >"$TMP/$1/status")
	{
		cat "$TMP/$1/status"
		echo "--- stdout"; cat "$TMP/$1/stdout"
		echo "--- stderr"; cat "$TMP/$1/stderr"
		echo "--- files"
		ls -R "$w" | sed "s,^$w,$TMP/template," | diff "$TMP/before.ls" - |
			sed -n 's/^> //p'
		for f in "$w"/out.* "$w"/*.svg; do
			[ -f "$f" ] && { echo "--- ${f#"$w"/}"; cat "$f"; }
		done
	} >"$3"
}

n=0
differ=0
while IFS= read -r c; do
	n=$((n + 1))
	run old "$c" "$TMP/old.out" &
	run new "$c" "$TMP/new.out"
	wait
	if ! cmp -s "$TMP/old.out" "$TMP/new.out"; then
		differ=$((differ + 1))
		what=""
		cmp -s "$TMP/old/status" "$TMP/new/status" || what="$what exit-status"
		cmp -s "$TMP/old/stdout" "$TMP/new/stdout" || what="$what stdout"
		cmp -s "$TMP/old/stderr" "$TMP/new/stderr" || what="$what stderr"
		[ -z "$what" ] && what=" files"
		echo "DIFFERS ($what ): $c"
		diff "$TMP/old.out" "$TMP/new.out" | head -6 | sed 's/^/    /'
	fi
done <"$cmds"
echo "same-output: $n commands, $differ differ"
[ "$differ" -eq 0 ]
