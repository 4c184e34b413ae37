# Check the structure of hourglass's text output (run with -c).
# Reads the output on stdin; prints one line per problem and exits 1 if any.
#
# - every trace line parses: tid start end duration gap start_cycles end_cycles
# - times are ms with six decimals; duration = end - start exactly
# - each thread's intervals lie inside [0, duration of the run] and do not overlap
# - the time between a thread's intervals is larger than the threshold in cycles
# - the gap column is the paper's: this start minus the end of an earlier line
#   (the previous one on the same CPU), or this start for a CPU's first, or 0
#   for an overlap; when every thread's cpus column is the same one CPU,
#   exactly this start minus the previous line's end (minus 0 for the first)
# - received time plus the time between intervals equals the thread's span
# - the summary's received_ms (within 1 ns a line) and counts agree with the lines,
#   but for a flight recorder's thread that overwrote records (--forever): its
#   summary counts the whole run, its lines the newest part
function ns(v,   p) {	# "442.323192" -> 442323192, exactly
	p = index(v, ".")
	if (p == 0 || length(v) - p != 6) { bad("not a 6-decimal time: " v); return 0 }
	return substr(v, 1, p - 1) * 1000000 + substr(v, p + 1) + 0
}
function bad(msg) { print "trace-check: line " NR ": " msg; errors++ }
/^# gap threshold: / { thr = $4 + 0 }
/^# hourglass: / {
	for (i = 1; i <= NF; i++) if ($i == "-d") dur = $(i + 1)
}
/^# thread [0-9]+: trace complete since [0-9.]+ ms / { partial[$3 + 0] = 1 }
/^# thread  +workload/ { table = 1; next }
table && !/^# [0-9]+ / { table = 0 }
table {	# summary row: thread id, ..., cpus, received_ms, share, intervals, gaps
	for (i = 1; i <= NF; i++) if ($i ~ /%$/) break
	if (i > NF) next	# a LAT thread: no received time, no intervals
	cpus[$(i - 2)] = 1
	srecv[$2] = $(i - 1); sint[$2] = $(i + 1); sgaps[$2] = $(i + 2)
	next
}
/^#/ { next }
/^$/ { next }
/^latlate: [0-9]+\.[0-9]+$/ { next }
/^thread [0-9]+: missed [0-9]+ deadlines, hit [0-9]+$/ { next }
/^chain [^ ]+ [0-9]+(>[0-9]+)+ \((event|sampled)[,)]/ { next }
{
	if (NF != 7 || $1 !~ /^[0-9]+$/) { bad("not a trace line: " $0); next }
	t = $1; s = ns($2); e = ns($3); d = ns($4); g = ns($5)
	if (e - s != d) bad("duration is not end - start")
	if (s < 0 || e < s) bad("interval runs backwards")
	if (t in lastend) {
		if (s < lastend[t]) bad("thread " t " overlaps its previous interval")
		if ($6 - lastendc[t] <= thr) bad("thread " t ": gap of " ($6 - lastendc[t]) " cycles is not above the threshold " thr)
		gaps[t] += s - lastend[t]
	} else {
		first[t] = s
	}
	if (g != s - prevend)	# checked at the end, when the cpus are known
		notprev[NR] = "gap " g " ns is not this start - the previous line's end " prevend
	if (g != 0 && g != s && !((s - g) in ends))
		bad("gap " g " ns is not this start - the end of an earlier line")
	n[t]++; recv[t] += d
	lastend[t] = e; lastendc[t] = $7
	ends[e] = 1; prevend = e
	if ($7 - $6 < 0) bad("cycle values run backwards")
	maxend = e > maxend ? e : maxend
}
END {
	if (!thr) bad("no gap threshold in the summary")
	if (length(cpus) == 1)
		for (c in cpus) if (c ~ /^[0-9]+$/)
			for (l in notprev) { print "trace-check: line " l ": " notprev[l]; errors++ }
	for (t in n) {
		if (recv[t] + gaps[t] != lastend[t] - first[t])
			bad("thread " t ": received " recv[t] " + gaps " gaps[t] " != span " (lastend[t] - first[t]))
		if (t in partial) continue
		# each line's times are rounded to the ns: allow 1 ns per line
		diff = ns(srecv[t]) - recv[t]
		if ((t in srecv) && (diff > n[t] || -diff > n[t]))
			bad("thread " t ": summary received " srecv[t] " != sum of durations")
		if ((t in sint) && sint[t] != n[t])
			bad("thread " t ": summary intervals " sint[t] " != " n[t] " lines")
		if ((t in sgaps) && sgaps[t] != n[t] - 1)
			bad("thread " t ": summary gaps " sgaps[t] " != " n[t] - 1)
	}
	if (length(n) == 0) bad("no trace lines")
	exit errors ? 1 : 0
}
