#!/bin/sh
# Benchmark: does hourglass tail predict what it has not seen? A LAT run of
# HG_TAILHELD_S (180) seconds at 1 ms; the tail fitted to the first 10 %
# of its wake-ups predicts how many of the other 90 % exceed each of four
# values (the first part's 99.9th percentile, its largest, 1.5 and 2 times
# its largest): P(X > x) per sample times their number, and the 95 %
# interval of the count (from the 2.5th percentile of a Poisson count of
# the interval's lower mean to the 97.5th of its upper one), beside the
# count found. The fit is printed even when a check
# refused it (--force), and the refusal said. HG_TAILHELD_OPTS adds options
# to the run (e.g. "-p FIFO:90").
# usage: tests/bench/tailheld.sh build/hourglass
set -u
HG=${1:-build/hourglass}
S=${HG_TAILHELD_S:-180}
TMP=$(mktemp -d /tmp/hgheld.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

# shellcheck disable=SC2086	# the options are words
if ! "$HG" -n 1 -d "${S}s" ${HG_TAILHELD_OPTS:-} -w LAT 1ms -x -q -o "$TMP/held.hgt" \
	>/dev/null 2>"$TMP/err"; then
	echo "skipped: the LAT run failed: $(head -1 "$TMP/err")"
	exit 0
fi
# the lateness of each wake-up in ns, in time order
"$HG" export "$TMP/held.hgt" --format csv -o - |
	awk -F, '$2 == "lat" { print $5 "ns" }' >"$TMP/all"
n=$(wc -l <"$TMP/all")
n1=$((n / 10))
n2=$((n - n1))
head -n "$n1" "$TMP/all" >"$TMP/first"
tail -n "$n2" "$TMP/all" >"$TMP/rest"
xs=$(sed 's/ns$//' "$TMP/first" | sort -n | awk -v n="$n1" '
	{ v[NR] = $1 } END { p = v[int(n * 0.999)]; m = v[n]
	printf "%dns,%dns,%dns,%dns", p, m, 1.5 * m, 2 * m }')
"$HG" tail --values "$TMP/first" --at "$xs" --force >"$TMP/fit" 2>"$TMP/err" || {
	echo "failed: $(head -1 "$TMP/err")"
	exit 1
}
echo "held-out prediction: LAT 1ms${HG_TAILHELD_OPTS:+ ($HG_TAILHELD_OPTS)} for $S s, $n wake-ups; fitted to the first $n1, predicting the other $n2"
grep -m1 '^  threshold' "$TMP/fit"
grep '^    [a-z]* *\(passed\|FAILED\|not made\)' "$TMP/fit" | sed 's/^  //'
grep -q '\[forced\]' "$TMP/fit" && echo "  (a check failed: the estimates are forced)"
printf '  %12s %14s %26s %10s\n' "x (us)" "predicted" "95% interval" "found"
grep 'P(X > .* us) per sample' "$TMP/fit" | sed 's/\[forced\] //; s/[][,:()]/ /g' |
	awk '{ print $4, $8, $10, $11 }' |
while read -r x p lo hi; do
	found=$(sed 's/ns$//' "$TMP/rest" | awk -v x="$x" '$1 / 1000 > x { c++ } END { print c + 0 }')
	awk -v x="$x" -v p="$p" -v lo="$lo" -v hi="$hi" -v n="$n2" -v f="$found" '
	function quantile(m, q,   k, t, c) {	# of a Poisson count of mean m
		if (m > 500)	# normal, within a count of the exact one there
			return int(m + (q < 0.5 ? -1.96 : 1.96) * sqrt(m) + 0.5)
		t = exp(-m); c = t
		for (k = 0; c < q && k < 1e7; c += t) { k++; t *= m / k }
		return k
	}
	BEGIN {
		a = quantile(lo * n, 0.025); b = quantile(hi * n, 0.975)
		printf "  %12.2f %14.1f   [%10d, %10d] %10d %s\n", x, p * n, a, b, f,
		(f >= a && f <= b) ? "held" : "MISSED" }'
done
