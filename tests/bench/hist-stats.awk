# Median, p99 and max (us) of a latency histogram in cyclictest's -h layout
# (first column of counts), as printed by cyclictest -h and hourglass
# --histogram. Prints "median p99 max count".
/^[0-9]+ [0-9]+/ { n[$1 + 0] = $2 + 0; total += $2; if ($1 + 0 > top) top = $1 + 0 }
/^# Max Latencies:/ { max = $4 + 0 }
END {
	seen = 0; med = -1; p99 = -1
	for (i = 0; i <= top; i++) {
		seen += n[i]
		if (med < 0 && seen * 2 >= total) med = i
		if (p99 < 0 && seen * 100 >= total * 99) p99 = i
	}
	printf "%d %d %d %d\n", med, p99, max, total
}
