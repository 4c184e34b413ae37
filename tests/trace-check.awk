# Check the structure of hourglass's text output (run with -c).
# Reads the output on stdin; prints one line per problem and exits 1 if any.
#
# - every trace line parses: tid start end duration gap start_cycles end_cycles
# - times are ms with six decimals; duration = end - start exactly
# - each thread's intervals lie inside [0, duration of the run] and do not overlap
# - every gap (but a thread's last, which is 0) is larger than the threshold
#   in cycles, and equals the next start minus this end
# - received time plus gaps equals the thread's span, exactly (in ns)
# - the summary's received_ms (within 1 ns a line) and counts agree with the lines
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
/^# thread  +workload/ { table = 1; next }
table && !/^# [0-9]+ / { table = 0 }
table {	# summary row: thread id, ..., received_ms, share, intervals, gaps
	for (i = 1; i <= NF; i++) if ($i ~ /%$/) break
	srecv[$2] = $(i - 1); sint[$2] = $(i + 1); sgaps[$2] = $(i + 2)
	next
}
/^#/ { next }
/^$/ { next }
/^latlate: [0-9]+\.[0-9]+$/ { next }
/^thread [0-9]+: missed [0-9]+ deadlines, hit [0-9]+$/ { next }
{
	if (NF != 7 || $1 !~ /^[0-9]+$/) { bad("not a trace line: " $0); next }
	t = $1; s = ns($2); e = ns($3); d = ns($4); g = ns($5)
	if (e - s != d) bad("duration is not end - start")
	if (s < 0 || e < s) bad("interval runs backwards")
	if (t in lastend) {
		if (s < lastend[t]) bad("thread " t " overlaps its previous interval")
		if (s - lastend[t] != lastgap[t]) bad("thread " t ": gap " lastgap[t] " ns is not next start - end")
		if ($6 - lastendc[t] <= thr) bad("thread " t ": gap of " ($6 - lastendc[t]) " cycles is not above the threshold " thr)
	} else {
		first[t] = s
	}
	n[t]++; recv[t] += d; gaps[t] += g
	if (g > 0) ngaps[t]++
	lastend[t] = e; lastendc[t] = $7; lastgap[t] = g
	if ($7 - $6 < 0) bad("cycle values run backwards")
	maxend = e > maxend ? e : maxend
}
END {
	if (!thr) bad("no gap threshold in the summary")
	for (t in n) {
		if (lastgap[t] != 0) bad("thread " t ": last interval has a gap")
		if (recv[t] + gaps[t] != lastend[t] - first[t])
			bad("thread " t ": received " recv[t] " + gaps " gaps[t] " != span " (lastend[t] - first[t]))
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
