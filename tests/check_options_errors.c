// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_options_errors.c - the run's command line refused: every message
 * hg_parse_args() can produce, in a buffer too short and cleared; the
 * suggestions for a misspelt option, the units h and d, the warnings
 */
#include "optstest.h"

/* ======== errors: every message the parser can produce ======== */

#define CHOICES_WL "(choose from CPU, CPU_SCAN, CPU_YIELD, CPU_SCAN_YIELD, PERIODIC, " \
		   "PERIODIC_TABLE, CPU_PERIODIC, LAT)"
#define CHOICES_TIMER "(choose from NATIVE, HR, TIMERFD, POSIX, SPIN, RTC, MM)"
#define CHOICES_PRIO "(choose from IDLE, LOW, NORMAL, HIGH, HIGHEST, RTLOW, RTMED, " \
		     "RTHIGH, FIFO:<1-98>, RR:<1-98>, OTHER:<nice>, BATCH)"
#define UNITS "(use d, h, m, s, ms, us or ns)"

static const struct {
	words_t w;
	int ret;
	const char *msg;
} errors[] = {
	/* -n */
	{ { "-d", "1s" }, -EINVAL, "-n <threads> is required (e.g. -n 3)" },
	{ { "-n", "0" }, -ERANGE, "-n 0: must be 1 to 1024" },
	{ { "-n", "1025" }, -ERANGE, "-n 1025: must be 1 to 1024" },
	{ { "-n", "99999999999999999999" }, -ERANGE, "-n 99999999999999999999: must be 1 to 1024" },
	{ { "-n", "three" }, -EINVAL, "-n three: not a number" },
	{ { "-n", "-1" }, -EINVAL, "-n -1: not a number" },
	{ { "-n", "2.5" }, -EINVAL, "-n 2.5: not a number" },
	{ { "-n" }, -EINVAL, "-n: missing value" },
	{ { "--threads" }, -EINVAL, "--threads: missing value" },
	/* -d and time values */
	{ { "-n", "1", "-d", "5parsecs" }, -EINVAL, "-d 5parsecs: unknown time unit 'parsecs' " UNITS },
	{ { "-n", "1", "-d", "5" }, -EINVAL, "-d 5: missing time unit (e.g. 5s; use d, h, m, s, ms, us or ns)" },
	/* rounds to no time: refused, never taken for -d 0 (--forever) */
	{ { "-n", "1", "-d", "0.0000000001ms" }, -ERANGE,
	  "-d 0.0000000001ms: rounds to 0ns (the resolution is 1ns)" },
	{ { "-n", "1", "-g", "0.1ns" }, -ERANGE, "-g 0.1ns: rounds to 0ns (the resolution is 1ns)" },
	{ { "-n", "1", "-d", "abc" }, -EINVAL, "-d abc: not a time value (write e.g. 1.5ms)" },
	{ { "-n", "1", "-d", "" }, -EINVAL, "-d : empty time value" },
	{ { "-n", "1", "-d", "99999999999m" }, -ERANGE, "-d 99999999999m: time value too large" },
	{ { "-n", "1", "-d" }, -EINVAL, "-d: missing value" },
	{ { "-n", "1", "--duration", "5parsecs" }, -EINVAL,
	  "--duration 5parsecs: unknown time unit 'parsecs' " UNITS },
	/* -e -g -o --json */
	{ { "-n", "1", "-e", "0" }, -ERANGE, "-e 0: must be 1 to 268435456" },
	{ { "-n", "1", "-e", "268435457" }, -ERANGE, "-e 268435457: must be 1 to 268435456" },
	{ { "-n", "1", "-e", "lots" }, -EINVAL, "-e lots: not a number" },
	{ { "-n", "1", "-e", "5MB" }, -EINVAL, "-e 5MB: not a number" },
	{ { "-n", "1", "-g", "0ns" }, -EINVAL, "-g 0ns: must be greater than zero" },
	{ { "-n", "1", "-g", "1" }, -EINVAL, "-g 1: missing time unit (e.g. 1s; use d, h, m, s, ms, us or ns)" },
	{ { "-n", "1", "-o" }, -EINVAL, "-o: missing value" },
	{ { "-n", "1", "--json" }, -EINVAL, "--json: missing value" },
	{ { "-n", "1", "-o", "x.out", "--json", "x.out" }, -EINVAL,
	  "-o x.out: the same file as --json" },
	{ { "-n", "1", "-o", "-", "--json", "-" }, -EINVAL,
	  "-o -: standard output is --json's already; write one of them to a file" },
	/* two names of one file: compared as files */
	{ { "-n", "1", "-o", "x.out", "--json", "./x.out" }, -EINVAL,
	  "-o x.out: the same file as --json" },
	/* -t -a */
	{ { "-n", "3", "-t", "5", "-p", "HIGH" }, -EINVAL,
	  "-t 5: no such thread (-n 3 gives threads 0 to 2)" },
	{ { "-n", "1", "-t", "1", "-w", "CPU" }, -EINVAL,
	  "-t 1: no such thread (-n 1 gives threads 0 to 0)" },
	{ { "-n", "1", "-t", "1024" }, -ERANGE, "-t 1024: must be 0 to 1023" },
	{ { "-n", "1", "-t", "x" }, -EINVAL, "-t x: not a number" },
	{ { "-n", "1", "-t", "-a" }, -EINVAL, "-t -a: not a number" },
	{ { "-n", "1", "-t" }, -EINVAL, "-t: missing value" },
	{ { "-n", "1", "-a=1" }, -EINVAL, "unknown option '-a' (see hourglass --help)" },
	{ { "-n", "1", "--all=1" }, -EINVAL, "--all takes no value" },
	/* -p */
	{ { "-n", "1", "-p", "SUPERHIGH" }, -EINVAL, "-p: unknown priority 'SUPERHIGH' " CHOICES_PRIO },
	{ { "-n", "1", "-p", "RT" }, -EINVAL, "-p: ambiguous priority 'RT' " CHOICES_PRIO },
	{ { "-n", "1", "-p", "FIFO" }, -EINVAL, "-p: priority 'FIFO': write FIFO:<n>, n from 1 to 98 (99 is the run's clock thread's)" },
	{ { "-n", "1", "-p", "FIFO:100" }, -EINVAL, "-p: priority 'FIFO:100': FIFO takes 1 to 98 (99 is the run's clock thread's)" },
	{ { "-n", "1", "-p", "RTHIGH:5" }, -EINVAL,
	  "-p: priority 'RTHIGH:5': RTHIGH takes no number" },
	{ { "-n", "1", "-p" }, -EINVAL, "-p: missing value" },
	/* -w: the model */
	{ { "-n", "1", "-w", "NOPE" }, -EINVAL, "-w: unknown workload 'NOPE' " CHOICES_WL },
	{ { "-n", "1", "-w", "" }, -EINVAL, "-w: unknown workload '' " CHOICES_WL },
	{ { "-n", "1", "-w", "CPU_S" }, -EINVAL, "-w: ambiguous workload 'CPU_S' " CHOICES_WL },
	{ { "-n", "1", "-w", "C" }, -EINVAL, "-w: ambiguous workload 'C' " CHOICES_WL },
	{ { "-n", "1", "-w", "p", "1ms", "2ms" }, -EINVAL,
	  "-w: ambiguous workload 'p' " CHOICES_WL },
	{ { "-n", "1", "-w", "PERIODIC_", "/no/such/file", "1ms" }, -EINVAL,
	  "-w PERIODIC_TABLE: file '/no/such/file': No such file or directory" },
	{ { "-n", "1", "-w" }, -EINVAL, "-w: missing value" },
	{ { "-n", "1", "--workload", "NOPE" }, -EINVAL,
	  "--workload: unknown workload 'NOPE' " CHOICES_WL },
	{ { "-n", "1", "-w", "CPU", "extra" }, -EINVAL,
	  "unexpected argument 'extra' (see hourglass --help)" },
	/* -w: missing arguments */
	{ { "-n", "1", "-w", "CPU_SCAN" }, -EINVAL,
	  "-w CPU_SCAN: missing argument (usage: -w CPU_SCAN <size KB>)" },
	{ { "-n", "1", "-w", "cpu_scan" }, -EINVAL,
	  "-w CPU_SCAN: missing argument (usage: -w CPU_SCAN <size KB>)" },
	{ { "-n", "1", "-w", "CPU_YIELD" }, -EINVAL,
	  "-w CPU_YIELD: missing argument (usage: -w CPU_YIELD <amount>)" },
	{ { "-n", "1", "-w", "CPU_SCAN_YIELD", "64" }, -EINVAL,
	  "-w CPU_SCAN_YIELD: missing argument (usage: -w CPU_SCAN_YIELD <size KB> <amount>)" },
	{ { "-n", "1", "-w", "PERIODIC", "4ms" }, -EINVAL,
	  "-w PERIODIC: missing argument (usage: -w PERIODIC <amount> <period> [<deadline>])" },
	{ { "-n", "1", "-w", "CPU_PERIODIC", "1ms" }, -EINVAL,
	  "-w CPU_PERIODIC: missing argument (usage: -w CPU_PERIODIC <amount> <period>)" },
	{ { "-n", "1", "-w", "LAT" }, -EINVAL,
	  "-w LAT: missing argument (usage: -w LAT <period> [GRID])" },
	{ { "-n", "1", "-w", "LAT", "1ms", "FIXED" }, -EINVAL, "-w LAT: 'FIXED': not GRID (write "
	  "-w LAT 1ms GRID for wake-ups on a fixed grid, as cyclictest's)" },
	{ { "-n", "1", "-w", "PERIODIC_TABLE" }, -EINVAL,
	  "-w PERIODIC_TABLE: missing argument (usage: -w PERIODIC_TABLE <file> <period>)" },
	{ { "-n", "1", "-w", "PERIODIC_TABLE", "costs.txt" }, -EINVAL,
	  "-w PERIODIC_TABLE: missing argument (usage: -w PERIODIC_TABLE <file> <period>)" },
	/* -w: bad arguments */
	{ { "-n", "1", "-w", "CPU_SCAN", "big" }, -EINVAL,
	  "-w CPU_SCAN: size 'big': not a size in KB (write e.g. 256)" },
	{ { "-n", "1", "-w", "CPU_SCAN", "256MB" }, -EINVAL,
	  "-w CPU_SCAN: size '256MB': not a size in KB (write e.g. 256)" },
	{ { "-n", "1", "-w", "CPU_SCAN", "0" }, -EINVAL,
	  "-w CPU_SCAN: size '0': must be 1 to 16777216 KB" },
	{ { "-n", "1", "-w", "CPU_SCAN", "16777217" }, -EINVAL,
	  "-w CPU_SCAN: size '16777217': must be 1 to 16777216 KB" },
	{ { "-n", "1", "-w", "CPU_SCAN", "99999999999999999999K" }, -EINVAL,
	  "-w CPU_SCAN: size '99999999999999999999K': must be 1 to 16777216 KB" },
	{ { "-n", "1", "-w", "CPU_YIELD", "0ms" }, -EINVAL,
	  "-w CPU_YIELD: amount '0ms': must be greater than zero" },
	{ { "-n", "1", "-w", "CPU_YIELD", "1" }, -EINVAL,
	  "-w CPU_YIELD: amount '1': missing time unit (e.g. 1s; use d, h, m, s, ms, us or ns)" },
	{ { "-n", "1", "-w", "CPU_SCAN_YIELD", "64", "0s" }, -EINVAL,
	  "-w CPU_SCAN_YIELD: amount '0s': must be greater than zero" },
	{ { "-n", "1", "-w", "CPU_SCAN_YIELD", "x", "1ms" }, -EINVAL,
	  "-w CPU_SCAN_YIELD: size 'x': not a size in KB (write e.g. 256)" },
	{ { "-n", "1", "-w", "PERIODIC", "4ms", "5" }, -EINVAL,
	  "-w PERIODIC: period '5': missing time unit (e.g. 5s; use d, h, m, s, ms, us or ns)" },
	{ { "-n", "1", "-w", "PERIODIC", "4ms", "5ms", "0ms" }, -EINVAL,
	  "-w PERIODIC: deadline '0ms': must be greater than zero" },
	{ { "-n", "1", "-w", "PERIODIC", "4ms", "5ms", "HR" }, -EINVAL,
	  "-w PERIODIC: deadline 'HR': not a time value (write e.g. 1.5ms)" },
	{ { "-n", "1", "-w", "CPU_PERIODIC", "x", "5ms" }, -EINVAL,
	  "-w CPU_PERIODIC: amount 'x': not a time value (write e.g. 1.5ms)" },
	{ { "-n", "1", "-w", "LAT", "5.3parsecs" }, -EINVAL,
	  "-w LAT: period '5.3parsecs': unknown time unit 'parsecs' " UNITS },
	{ { "-n", "1", "-w", "LAT", "99999999999m" }, -EINVAL,
	  "-w LAT: period '99999999999m': time value too large" },
	{ { "-n", "1", "-w", "LAT", "0us" }, -EINVAL,
	  "-w LAT: period '0us': must be greater than zero" },
	{ { "-n", "1", "-w", "CPU_PERIODIC", "1ms", "0ms" }, -EINVAL,
	  "-w CPU_PERIODIC: period '0ms': must be greater than zero" },
	/* the period is checked before the file is read */
	{ { "-n", "1", "-w", "PERIODIC_TABLE", "/no/such/file", "0ms" }, -EINVAL,
	  "-w PERIODIC_TABLE: period '0ms': must be greater than zero" },
	{ { "-n", "1", "-w", "PERIODIC_TABLE", "/no/such/file", "10" }, -EINVAL,
	  "-w PERIODIC_TABLE: period '10': missing time unit (e.g. 10s; use d, h, m, s, ms, us or ns)" },
	/* -i */
	{ { "-n", "1", "-i", "X" }, -EINVAL, "-i: unknown timer 'X' " CHOICES_TIMER },
	{ { "-n", "1", "-i", "" }, -EINVAL, "-i: unknown timer '' " CHOICES_TIMER },
	{ { "-n", "1", "-i", "HRT" }, -EINVAL, "-i: unknown timer 'HRT' (did you mean HR?)" },
	/* cyclictest's habits: its -i is the interval in us, its -p a FIFO priority */
	{ { "-n", "1", "-w", "LAT", "1ms", "-i", "1000" }, -EINVAL, "-i: unknown timer '1000' "
	  "(-i picks the timer, e.g. HR; the period is LAT's argument: -w LAT 1000us)" },
	{ { "-n", "1", "-w", "LAT", "1000" }, -EINVAL, "-w LAT: period '1000': missing time "
	  "unit (cyclictest's -i is in us: write 1000us)" },
	{ { "-n", "1", "-p", "90" }, -EINVAL, "-p: unknown priority '90' (a bare number is "
	  "cyclictest's -p: write FIFO:90)" },
	{ { "-n", "1", "-i", "QQQ" }, -EINVAL, "-i: unknown timer 'QQQ' " CHOICES_TIMER },
	/* one suggestion rule for workloads, timers and priorities too */
	{ { "-n", "1", "-w", "cpu_yeild", "1ms" }, -EINVAL,
	  "-w: unknown workload 'cpu_yeild' (did you mean CPU_YIELD?)" },
	{ { "-n", "1", "-p", "rthihg" }, -EINVAL, "-p: unknown priority 'rthihg' (did you mean RTHIGH?)" },
	{ { "-n", "1", "-p", "FIFI:90" }, -EINVAL, "-p: unknown priority 'FIFI:90' (did you mean FIFO:90?)" },
	{ { "-n", "1", "--timer", "cyclic" }, -EINVAL,
	  "--timer: unknown timer 'cyclic' " CHOICES_TIMER },
	{ { "-n", "1", "-i" }, -EINVAL, "-i: missing value" },
	/* --histogram <max us> */
	{ { "-n", "1", "--histogram", "0" }, -ERANGE, "--histogram 0: must be 1 to 1000000" },
	{ { "-n", "1", "--histogram", "1000001" }, -ERANGE,
	  "--histogram 1000001: must be 1 to 1000000" },
	{ { "-n", "1", "--histogram", "99999999999999999999" }, -ERANGE,
	  "--histogram 99999999999999999999: must be 1 to 1000000" },
	{ { "-n", "1", "--histogram", "abc" }, -EINVAL, "--histogram abc: not a number" },
	{ { "-n", "1", "--histogram", "100us" }, -EINVAL, "--histogram 100us: not a number" },
	{ { "-n", "1", "--histogram", "-5" }, -EINVAL, "--histogram -5: not a number" },
	{ { "-n", "1", "--histogram", "1.5" }, -EINVAL, "--histogram 1.5: not a number" },
	{ { "-n", "1", "--histogram=" }, -EINVAL, "--histogram : not a number" },
	{ { "-n", "1", "--histogram=0" }, -ERANGE, "--histogram 0: must be 1 to 1000000" },
	{ { "-n", "1", "--histogram" }, -EINVAL, "--histogram: missing value" },
	/* --lat-thresholds <t>[,<t>...] */
	{ { "-n", "1", "--lat-thresholds", "" }, -EINVAL,
	  "--lat-thresholds: empty list (write e.g. 100us,1ms)" },
	{ { "-n", "1", "--lat-thresholds", "," }, -EINVAL,
	  "--lat-thresholds ,: empty item in the list (write e.g. 100us,1ms)" },
	/* an empty item is refused, as --cpu refuses 0,,1 */
	{ { "-n", "1", "--lat-thresholds", "1ms,,2ms" }, -EINVAL,
	  "--lat-thresholds 1ms,,2ms: empty item in the list (write e.g. 100us,1ms)" },
	{ { "-n", "1", "--lat-thresholds", "1ms," }, -EINVAL,
	  "--lat-thresholds 1ms,: empty item in the list (write e.g. 100us,1ms)" },
	{ { "-n", "1", "--lat-thresholds=" }, -EINVAL,
	  "--lat-thresholds: empty list (write e.g. 100us,1ms)" },
	{ { "-n", "1", "--lat-thresholds" }, -EINVAL, "--lat-thresholds: missing value" },
	{ { "-n", "1", "--lat-thresholds", "abc" }, -EINVAL,
	  "--lat-thresholds abc: not a time value (write e.g. 1.5ms)" },
	{ { "-n", "1", "--lat-thresholds", "1ms,5parsecs" }, -EINVAL,
	  "--lat-thresholds 5parsecs: unknown time unit 'parsecs' " UNITS },
	{ { "-n", "1", "--lat-thresholds", "1ms,5" }, -EINVAL,
	  "--lat-thresholds 5: missing time unit (e.g. 5s; use d, h, m, s, ms, us or ns)" },
	{ { "-n", "1", "--lat-thresholds", "0us,1ms" }, -EINVAL,
	  "--lat-thresholds 0us: must be greater than zero" },
	{ { "-n", "1", "--lat-thresholds", "1ms, 2ms" }, -EINVAL,
	  "--lat-thresholds  2ms: not a time value (write e.g. 1.5ms)" },
	{ { "-n", "1", "--lat-thresholds", "1ms,1ms" }, -EINVAL,
	  "--lat-thresholds 1ms,1ms: thresholds must increase" },
	{ { "-n", "1", "--lat-thresholds", "1ms,1000us" }, -EINVAL,
	  "--lat-thresholds 1ms,1000us: thresholds must increase" },
	{ { "-n", "1", "--lat-thresholds", "10us,50us,20us" }, -EINVAL,
	  "--lat-thresholds 10us,50us,20us: thresholds must increase" },
	{ { "-n", "1", "--lat-thresholds",
	    "1us,2us,3us,4us,5us,6us,7us,8us,9us,10us,11us,12us,13us,14us,15us,16us,17us" },
	  -EINVAL, "--lat-thresholds 1us,2us,3us,4us,5us,6us,7us,8us,9us,10us,11us,12us,13us,"
	  "14us,15us,16us,17us: at most 16 thresholds" },
	/* -s -f */
	{ { "-n", "1", "-s", "1" }, -EINVAL, "-s 1: missing time unit (e.g. 1s; use d, h, m, s, ms, us or ns)" },
	{ { "-n", "1", "-f", "0s" }, -EINVAL, "-f 0s: must be greater than zero" },
	{ { "-n", "1", "-d", "5s", "-f", "6s" }, -EINVAL,
	  "thread 0: -f 6s is after the end of the run (-d 5s)" },
	{ { "-n", "1", "-f", "6s", "-d", "5s" }, -EINVAL,
	  "thread 0: -f 6s is after the end of the run (-d 5s)" },
	{ { "-n", "2", "-t", "1", "-f", "10.5s" }, -EINVAL,
	  "thread 1: -f 10.5s is after the end of the run (-d 10s)" },
	{ { "-n", "1", "-s", "10s" }, -EINVAL, "thread 0: -s 10s is not before its end (10s)" },
	{ { "-n", "1", "-s", "2s", "-f", "1s" }, -EINVAL,
	  "thread 0: -s 2s is not before its end (1s)" },
	{ { "-n", "1", "-s", "1.5s", "-f", "1500ms" }, -EINVAL,
	  "thread 0: -s 1.5s is not before its end (1.5s)" },
	/* --cpu */
	{ { "-n", "1", "--cpu", "x" }, -EINVAL, "--cpu: bad CPU list 'x' (write e.g. 0-3,5)" },
	{ { "-n", "1", "--cpu", "3-1" }, -EINVAL, "--cpu: bad CPU list '3-1' (write e.g. 0-3,5)" },
	{ { "-n", "1", "--cpu", "4096" }, -EINVAL,
	  "--cpu: CPU list '4096': CPU numbers go up to 1023" },
	{ { "-n", "1", "--cpu" }, -EINVAL, "--cpu: missing value" },
	/* -rh -rs */
	{ { "-n", "1", "-rh", "5ms", "3ms" }, -EINVAL, "-rh 5ms 3ms: the budget exceeds the period" },
	{ { "-n", "1", "-rs", "5ms", "3ms" }, -EINVAL, "-rs 5ms 3ms: the budget exceeds the period" },
	{ { "-n", "1", "-rh", "0ms", "8ms" }, -EINVAL, "-rh 0ms: must be greater than zero" },
	{ { "-n", "1", "-rh", "3ms", "0ms" }, -EINVAL, "-rh 0ms: must be greater than zero" },
	{ { "-n", "1", "-rh", "3ms", "8" }, -EINVAL, "-rh 8: missing time unit (e.g. 8s; use d, h, m, s, ms, us or ns)" },
	{ { "-n", "1", "-rs", "3x", "8ms" }, -EINVAL, "-rs 3x: unknown time unit 'x' " UNITS },
	{ { "-n", "1", "-rh", "3ms" }, -EINVAL, "-rh: missing values (write e.g. 3ms 8ms)" },
	{ { "-n", "1", "-rh" }, -EINVAL, "-rh: missing values (write e.g. 3ms 8ms)" },
	{ { "-n", "1", "--reserve-soft", "3ms" }, -EINVAL,
	  "--reserve-soft: missing values (write e.g. 3ms 8ms)" },
	{ { "-n", "1", "--reserve-soft=3ms", "8ms" }, -EINVAL,
	  "--reserve-soft takes two values, not =<value>" },
	/* options that take no value */
	{ { "-n", "1", "--cycles=1" }, -EINVAL, "--cycles takes no value" },
	{ { "-n", "1", "--no-intervals=1" }, -EINVAL, "--no-intervals takes no value" },
	{ { "-n", "1", "--quiet=" }, -EINVAL, "--quiet takes no value" },
	/* unknown options and stray words */
	{ { "-n", "1", "-z" }, -EINVAL, "unknown option '-z' (see hourglass --help)" },
	{ { "-n3" }, -EINVAL, "unknown option '-n3' (see hourglass --help)" },
	{ { "-n", "1", "-r", "3ms", "8ms" }, -EINVAL, "unknown option '-r' (see hourglass --help)" },
	{ { "-n", "1", "-rx" }, -EINVAL, "unknown option '-rx' (see hourglass --help)" },
	{ { "-n", "1", "-threads" }, -EINVAL, "unknown option '-threads' (did you mean --threads?)" },
	{ { "-n", "1", "--bogus" }, -EINVAL, "unknown option '--bogus' (see hourglass --help)" },
	{ { "-n", "1", "--bogus=1" }, -EINVAL, "unknown option '--bogus' (see hourglass --help)" },
	{ { "-n", "1", "--" }, -EINVAL, "unknown option '--' (see hourglass --help)" },
	{ { "-n", "1", "-" }, -EINVAL, "unknown option '-' (see hourglass --help)" },
	{ { "-n", "1", "foo" }, -EINVAL, "unexpected argument 'foo' (see hourglass --help)" },
	{ { "-n", "1", "-d", "1s", "2s" }, -EINVAL, "unexpected argument '2s' (see hourglass --help)" },
	{ { "-n", "1", "" }, -EINVAL, "unexpected argument '' (see hourglass --help)" },
	/* cyclictest's -a <cpu>: -a takes no value, --cpu pins */
	{ { "-n", "1", "-a", "1" }, -EINVAL, "unexpected argument '1': -a takes no value, it "
	  "applies what follows to all threads (--cpu 1 pins them)" },
	{ { "-n", "1", "--all", "0-1" }, -EINVAL, "unexpected argument '0-1': --all takes no "
	  "value, it applies what follows to all threads (--cpu 0-1 pins them)" },
	{ { "-n", "1", "-x", "3" }, -EINVAL,
	  "unexpected argument '3': -x takes no value (see hourglass --help)" },
	/* an error before help is still an error */
	{ { "-z", "-h" }, -EINVAL, "unknown option '-z' (see hourglass --help)" },
};

START_TEST(test_errors)
{
	struct hg_config cfg;
	char err[ERR_LEN] = "", line[256];
	int ret = parse_words(errors[_i].w, &cfg, err, sizeof(err));

	join(errors[_i].w, line, sizeof(line));
	ck_assert_msg(ret == errors[_i].ret, "%s: returned %d, want %d (%s)", line, ret,
		      errors[_i].ret, err);
	ck_assert_msg(!strcmp(err, errors[_i].msg), "%s:\n got '%s'\nwant '%s'", line, err,
		      errors[_i].msg);
	ck_assert_ptr_null(cfg.threads);
}
END_TEST

/* a short buffer gets a truncated, terminated message */
START_TEST(test_errors_short_buffer)
{
	static const char *const w[] = { "-n", "0", NULL };
	struct hg_config cfg;
	char err[8];

	memset(err, 'X', sizeof(err));
	ck_assert_int_eq(parse_words(w, &cfg, err, sizeof(err)), -ERANGE);
	ck_assert_str_eq(err, "-n 0: m");
}
END_TEST

/* the message is cleared on success */
START_TEST(test_errors_cleared)
{
	static const char *const w[] = { "-n", "1", NULL };
	struct hg_config cfg;
	char err[ERR_LEN] = "stale";

	ck_assert_int_eq(parse_words(w, &cfg, err, sizeof(err)), HG_ARGS_RUN);
	ck_assert_str_eq(err, "");
	hg_config_free(&cfg);
}
END_TEST

/* ======== suggestions, units h and d, warnings ======== */

static const struct {
	const char *words[4];
	const char *err;
} suggest_cases[] = {
	{ { "--duraton", "1s" }, "unknown option '--duraton' (did you mean --duration?)" },
	{ { "--threds", "2" }, "unknown option '--threds' (did you mean --threads?)" },
	{ { "--lat-treshold", "1ms" },
	  "unknown option '--lat-treshold' (did you mean --lat-thresholds?)" },
	{ { "--jsno", "x.json" }, "unknown option '--jsno' (did you mean --json?)" },
	{ { "--histogramm=5" }, "unknown option '--histogramm' (did you mean --histogram?)" },
	{ { "-z" }, "unknown option '-z' (see hourglass --help)" },
	{ { "--frobnicate" }, "unknown option '--frobnicate' (see hourglass --help)" },
};

START_TEST(test_suggest)
{
	const char *w[8] = { "-n", "1" };
	struct hg_config cfg;
	char err[ERR_LEN];
	size_t i;

	for (i = 0; i < 4 && suggest_cases[_i].words[i]; i++)
		w[2 + i] = suggest_cases[_i].words[i];
	ck_assert_int_eq(parse_words(w, &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, suggest_cases[_i].err);
}
END_TEST

START_TEST(test_hours_days)
{
	PARSE_OK("-n", "1", "-d", "12h", "-t", "0", "-p", "RTHIGH", "-w", "LAT", "1ms", "-i",
		 "HR", "-x");
	ck_assert_uint_eq(cfg.duration_ns, 12ULL * 3600 * S);
	hg_config_free(&cfg);
	{
		PARSE_OK("-n", "1", "-d", "2d", "-f", "1.5d");
		ck_assert_uint_eq(cfg.duration_ns, 2ULL * 86400 * S);
		ck_assert_uint_eq(cfg.threads[0].finish_ns, 129600ULL * S);
		hg_config_free(&cfg);
	}
	{
		PARSE_FAILS("-d 367d: at most a year", "-n", "1", "-d", "367d");
	}
}
END_TEST

/* hg_config_warn(): the lines a set of options gives; "" for none */
static const struct {
	const char *words[16];
	const char *out;
} warn_cases[] = {
	{ { "-n", "1", "-w", "LAT", "1ms", "-i", "HR", "--histogram", "50" }, "" },
	{ { "-n", "2", "-i", "HR", "-t", "1", "-w", "PERIODIC", "1ms", "10ms" }, "" },
	{ { "-n", "1", "-w", "PERIODIC", "5ms", "10ms", "5ms" }, "" },
	{ { "-n", "1", "-i", "HR" },
	  "hourglass: warning: -i HR has no effect: thread 0 (CPU) never sleeps; the timer "
	  "is what PERIODIC, PERIODIC_TABLE and LAT sleep on\n" },
	{ { "-n", "3", "-i", "RTC", "-t", "2", "-w", "CPU_YIELD", "1ms" },
	  "hourglass: warning: -i RTC has no effect: thread 0 (CPU) and 2 more never sleep; "
	  "the timer is what PERIODIC, PERIODIC_TABLE and LAT sleep on\n" },
	{ { "-n", "1", "--histogram", "50" },
	  "hourglass: warning: --histogram 50 has no effect: no thread runs LAT "
	  "(-w LAT <period>)\n" },
	/* cyclictest's -q prints a summary; ours nothing: say where to look */
	{ { "-n", "1", "-q" },
	  "hourglass: warning: -q with no -o, --json or --prom: the results go nowhere "
	  "(-x prints the report without the interval lines)\n" },
	{ { "-n", "1", "-q", "-o", "r.hgt" }, "" },
	{ { "-n", "1", "-q", "--json", "r.json" }, "" },
	{ { "-n", "1", "-q", "--prom", "r.prom" }, "" },
	{ { "-n", "1", "-q", "--fail-on-miss" }, "" },
	{ { "-n", "1", "-q", "--ktap" }, "" },
	{ { "-n", "1", "-q", "--junit", "r.xml" }, "" },
	/* cyclictest's -q prints a summary; ours nothing: say where to look */
	{ { "-n", "1", "-q" },
	  "hourglass: warning: -q with no -o, --json or --prom: the results go nowhere "
	  "(-x prints the report without the interval lines)\n" },
	{ { "-n", "1", "-q", "-o", "r.hgt" }, "" },
	{ { "-n", "1", "-q", "--json", "r.json" }, "" },
	{ { "-n", "1", "-q", "--prom", "r.prom" }, "" },
	{ { "-n", "1", "-q", "--fail-on-miss" }, "" },
	/* -v prints more, -q nothing: -q wins, and says so */
	{ { "-n", "1", "-q", "-v", "-o", "r.hgt" },
	  "hourglass: warning: -v has no effect with -q: nothing is printed on standard "
	  "output (hourglass dump prints everything from -o's trace)\n" },
	{ { "-n", "1", "-v" }, "" },
	{ { "-n", "1", "--lat-thresholds", "1ms" },
	  "hourglass: warning: --lat-thresholds has no effect: no thread runs LAT "
	  "(-w LAT <period>)\n" },
	{ { "-n", "1", "-w", "PERIODIC", "10ms", "5ms" },
	  "hourglass: warning: thread 0: -w PERIODIC 10ms 5ms: the amount C (10ms) exceeds "
	  "the period T (5ms): every job misses its deadline\n" },
	{ { "-n", "1", "-w", "PERIODIC", "3ms", "10ms", "2ms" },
	  "hourglass: warning: thread 0: -w PERIODIC 3ms 10ms 2ms: the amount C (3ms) "
	  "exceeds the deadline D (2ms): every job misses its deadline\n" },
	{ { "-n", "1", "-w", "CPU_PERIODIC", "3ms", "2ms" },
	  "hourglass: warning: thread 0: -w CPU_PERIODIC 3ms 2ms: the amount C (3ms) exceeds "
	  "the period T (2ms): every job misses its deadline\n" },
};

START_TEST(test_warnings)
{
	struct hg_config cfg;
	char err[ERR_LEN], *out;
	unsigned int n, lines = 0;
	const char *p;

	ck_assert_msg(parse_words(warn_cases[_i].words, &cfg, err, sizeof(err)) == HG_ARGS_RUN,
		      "%s", err);
	hg_test_msg_open();
	n = hg_config_warn(&cfg);
	out = hg_test_msg_close();
	hg_config_free(&cfg);
	ck_assert_str_eq(out, warn_cases[_i].out);
	for (p = out; *p; p++)
		lines += *p == '\n';
	ck_assert_uint_eq(n, lines);
	free(out);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("options_errors");
	TCase *tc;

	tc = tcase_create("suggest_units_warn");
	tcase_add_loop_test(tc, test_suggest, 0, ARRAY_SIZE(suggest_cases));
	tcase_add_test(tc, test_hours_days);
	tcase_add_loop_test(tc, test_warnings, 0, ARRAY_SIZE(warn_cases));
	suite_add_tcase(s, tc);

	tc = tcase_create("errors");
	tcase_add_loop_test(tc, test_errors, 0, ARRAY_SIZE(errors));
	tcase_add_test(tc, test_errors_short_buffer);
	tcase_add_test(tc, test_errors_cleared);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
