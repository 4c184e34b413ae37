#!/bin/sh
# Benchmark: rta --tasks on large task sets at a total utilisation of 0.9
# on one CPU: 5,000 and 50,000 tasks of random periods from 10 ms to 1 s
# (rate-monotonic), and 50,000 tasks of periods from 1 ms to 9 s with
# release jitter up to 3 us and blocking up to 5 us (the shape of the set
# that once took minutes). Prints the seconds (wall clock, and CPU time of
# the process: the machine may be shared) and tasks per second of each;
# the time per task of the 50,000 against the 5,000 shows whether the
# analysis grows faster than n log n (a quadratic one is 10 times slower
# per task). With HG_BENCH_BASE=<another hourglass>, the same sets on it
# beside, and the ratio of its CPU time to this one's.
# usage: tests/bench/rta.sh build/hourglass
set -u
HG=${1:-build/hourglass}
BASE=${HG_BENCH_BASE:-}
TMP=$(mktemp -d /tmp/hgbench.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

# run BINARY SET [LIMIT]: "<wall s> <cpu s>" of rta --tasks SET, or fails;
# past LIMIT seconds, "><LIMIT> ><LIMIT>"
run() {
	/usr/bin/time -f '%e %U %S' -o "$TMP/time" timeout "${3:-600}" "$1" rta --tasks "$2" \
		>"$TMP/out" 2>&1
	case $? in
	0) awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$TMP/time" ;;
	124) echo ">${3:-600} >${3:-600}" ;;
	*) echo "failed: $(head -1 "$TMP/out")" >&2; return 1 ;;
	esac
}

echo "rta --tasks on random sets (U = 0.9, one CPU)"
for n in 5000 50000; do
	awk -v n="$n" 'BEGIN { srand(1); for (i = 0; i < n; i++) {
		t = int(10 + rand() * 990) * 1000; c = int(t * 900 / n); if (c < 1) c = 1;
		printf "C=%dns T=%dus\n", c, t } }' >"$TMP/set$n"
done
awk 'BEGIN { srand(3); split("1 2 5 10 20 50 100 200 500 1000", m, " ");
	for (i = 0; i < 50000; i++) {
		t = m[1 + int(rand() * 10)] * 1000 * (1 + int(rand() * 9));
		c = int(t * 1000 * 0.9 / 50000); if (c < 1) c = 1;
		printf "C=%dns T=%dus J=%dus B=%dus\n", c, t, int(rand() * 4), int(rand() * 6) } }' \
	>"$TMP/setJB"
printf '%-34s %8s %8s %10s' "set" "wall_s" "cpu_s" "tasks/s"
[ -n "$BASE" ] && printf ' %12s %8s' "base_cpu_s" "ratio"
echo
per5=
for s in 5000 50000 JB; do
	case $s in
	JB) name="50000, 1 ms-9 s, J <= 3 us, B <= 5 us"; n=50000 ;;
	*) name="$s, 10 ms-1 s"; n=$s ;;
	esac
	t=$(run "$HG" "$TMP/set$s") || exit 1
	cp "$TMP/out" "$TMP/out.hg"
	printf '%-34s %8s %8s %10.0f' "$name" "${t% *}" "${t#* }" \
		"$(awk -v n="$n" -v c="${t#* }" 'BEGIN { print n / (c > 0 ? c : 0.001) }')"
	if [ -n "$BASE" ]; then
		b=$(run "$BASE" "$TMP/set$s" 60) || b="- -"
		printf ' %12s %8s' "${b#* }" "$(awk -v b="${b#* }" -v c="${t#* }" 'BEGIN {
			if (b == "-") print "-"
			else printf "%s%.1fx", b ~ /^>/ ? ">" : "",
				(b ~ /^>/ ? substr(b, 2) : b) / (c > 0 ? c : 0.001) }')"
	fi
	echo
	[ "$s" = 5000 ] && per5=$(awk -v c="${t#* }" 'BEGIN { print c / 5000 }')
	[ "$s" = 50000 ] && awk -v p5="$per5" -v c="${t#* }" 'BEGIN {
		printf "  CPU time per task, 50000 against 5000: %.2f (1: linear; 10: quadratic)\n",
			(c / 50000) / (p5 > 0 ? p5 : 1e-9) }'
	grep '^# edf: processor demand' "$TMP/out.hg" | sed 's/^/  /'
done
echo "  (target: 50,000 tasks in under 1 s)"
