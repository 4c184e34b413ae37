// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_load.c - the loads of --load: the throughput read from each tool's
 * output, --load's parser, the default CPUs, the fields the trace keeps, the
 * ring of a load's output and the report (the processes: check_load_proc.c)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "helpers.h"
#include "report/load.h"
#include "run/load.h"
#include "run/loadrate.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const char stressng_out[] =
	"stress-ng: info:  [10236] setting to a 0 second run per stressor\n"
	"stress-ng: info:  [10236] dispatching hogs: 1 cpu\n"
	"stress-ng: metrc: [10236] stressor       bogo ops real time  usr time  sys time   "
	"bogo ops/s     bogo ops/s\n"
	"stress-ng: metrc: [10236]                           (secs)    (secs)    (secs)   "
	"(real time) (usr+sys time)\n"
	"stress-ng: metrc: [10236] cpu                1800      2.00      1.18      0.01       "
	"900.00        1500.21\n"
	"stress-ng: metrc: [10236] vm                  300      1.50      1.00      0.01       "
	"200.00        290.00\n"
	"stress-ng: info:  [10236] successful run completed in 2.00s\n";

static const char stressng_old[] =
	"stress-ng: info:  [99] stressor       bogo ops real time  usr time  sys time   "
	"bogo ops/s   bogo ops/s\n"
	"stress-ng: info:  [99] hdd                 500      5.00      0.10      2.00"
	"       100.00       238.09\n";

START_TEST(test_rate_stressng)
{
	double r = 0;

	ck_assert_int_eq(hg_rate_stressng(stressng_out, &r), 0);
	ck_assert_double_eq_tol(r, 1100.0, 1e-6);
	ck_assert_int_eq(hg_rate_stressng(stressng_old, &r), 0);
	ck_assert_double_eq_tol(r, 100.0, 1e-6);
	ck_assert_int_eq(hg_rate_stressng("", &r), -ENODATA);
	ck_assert_int_eq(hg_rate_stressng("stress-ng: info:  [1] dispatching hogs: 1 cpu\n"
					  "stress-ng: error: [1] cpu: exited\n", &r), -ENODATA);
	ck_assert_int_eq(hg_rate_stressng("stress-ng: metrc: [1] cpu 100 0.00 0 0 0 0\n", &r),
			 -ENODATA);	/* no time: no rate */
}
END_TEST

START_TEST(test_rate_hackbench)
{
	double r = 0;

	ck_assert_int_eq(hg_rate_hackbench("Running in process mode with 1 groups using 10 file "
					   "descriptors each (== 20 tasks)\nEach sender will "
					   "pass 200 messages of 100 bytes\nTime: 0.100\n"
					   "Running in process mode\nTime: 0.300\nRunning in",
					   20000, &r), 0);
	ck_assert_double_eq_tol(r, 100000.0, 1e-6);	/* 2 runs of 20000 in 0.4 s */
	ck_assert_int_eq(hg_rate_hackbench("Running in process mode\n", 20000, &r), -ENODATA);
	ck_assert_int_eq(hg_rate_hackbench("Time: 0.000\n", 20000, &r), -ENODATA);
	ck_assert_int_eq(hg_rate_hackbench("Time: x\n", 20000, &r), -ENODATA);
}
END_TEST

START_TEST(test_rate_iperf3)
{
	double r = 0;

	ck_assert_int_eq(hg_rate_iperf3(
		"Connecting to host 127.0.0.1, port 45123\n"
		"[  5] local 127.0.0.1 port 5 connected to 127.0.0.1 port 45123\n"
		"[ ID] Interval           Transfer     Bitrate         Retr  Cwnd\n"
		"[  5]   0.00-0.50   sec   320 MBytes  4000 Mbits/sec    5    895 KBytes\n"
		"[  5]   0.50-1.50   sec   346 MBytes  7000 Mbits/sec    7   1023 KBytes\n"
		"iperf3: interrupt - the client has terminated\n"
		"[  5]   0.00-1.50   sec   852 MBytes  9999 Mbits/sec   21             sender\n"
		"[  5]   0.00-1.50   sec  0.00 Bytes  0.00 Mbits/sec                  receiver\n",
		&r), 0);
	ck_assert_double_eq_tol(r, 6000.0, 1e-6);	/* (4000 * 0.5 + 7000) / 1.5 */
	ck_assert_int_eq(hg_rate_iperf3("iperf3: error - unable to connect to server\n", &r),
			 -ENODATA);
	ck_assert_int_eq(hg_rate_iperf3("[  5]   0.50-0.50   sec  1 MBytes  10 Mbits/sec\n", &r),
			 -ENODATA);
}
END_TEST

/* --load values and what the parser makes of them: NULL error means it parses */
static const struct {
	const char *val;
	unsigned int n;
	const char *err;	/* a part of the message */
} parses[] = {
	{ "cpu", 1, NULL },
	{ "sched,memory,io", 3, NULL },
	{ "net,cmd:echo a,b", 2, NULL },
	{ "cmd:x", 1, NULL },
	{ "cpu,cpu", 0, "cpu given twice" },
	{ "cpus", 0, "'cpus' is not one; choose from sched, cpu, memory, io, net" },
	{ "", 0, "empty item" },
	{ "cpu,", 0, "empty item" },
	{ "cmd:", 0, "cmd: needs a command" },
	{ "cmd:a\nb", 1, NULL },
	{ "cpu,cmd:" "0123456789012345678901234567890123456789012345678901234567890123"
	  "0123456789012345678901234567890123456789012345678901234567890123"
	  "0123456789012345678901234567890123456789012345678901234567890123"
	  "0123456789012345678901234567890123456789012345678901234567890123"
	  "0123456789012345678901234567890123456789012345678901234567890123"
	  "0123456789012345678901234567890123456789012345678901234567890123"
	  "0123456789012345678901234567890123456789012345678901234567890123"
	  "012345678901234567890123456789012345678901234567890123456789012", 2, NULL },
	{ "cmd:" "0123456789012345678901234567890123456789012345678901234567890123"
	  "0123456789012345678901234567890123456789012345678901234567890123"
	  "0123456789012345678901234567890123456789012345678901234567890123"
	  "0123456789012345678901234567890123456789012345678901234567890123"
	  "0123456789012345678901234567890123456789012345678901234567890123"
	  "0123456789012345678901234567890123456789012345678901234567890123"
	  "0123456789012345678901234567890123456789012345678901234567890123"
	  "0123456789012345678901234567890123456789012345678901234567890123", 0,
	  "--load cmd:012345678901234567890123...: the command is 512 bytes, at most 511 "
	  "(put it in a script and give cmd:'sh <script>')" },
	{ "cpu,\ncpu", 0, "'?cpu' is not one" },	/* one line, whatever the value */
};

START_TEST(test_parse)
{
	struct hg_load_req req[HG_MAX_LOADS];
	unsigned int n = 99;
	char err[256] = "";
	int ret = hg_load_parse(parses[_i].val, req, &n, err, sizeof(err));

	if (!parses[_i].err) {
		ck_assert_msg(ret == 0, "%s: %s", parses[_i].val, err);
		ck_assert_uint_eq(n, parses[_i].n);
		return;
	}
	ck_assert_int_eq(ret, -EINVAL);
	ck_assert_msg(strstr(err, parses[_i].err), "%s: '%s'", parses[_i].val, err);
	ck_assert_msg(!strncmp(err, "--load ", 7), "%s", err);
}
END_TEST

START_TEST(test_parse_cmd_takes_the_rest)
{
	struct hg_load_req req[HG_MAX_LOADS];
	unsigned int n;
	char err[256];

	ck_assert_int_eq(hg_load_parse("net,cmd:echo a,b", req, &n, err, sizeof(err)), 0);
	ck_assert_str_eq(req[0].prof->name, "net");
	ck_assert_ptr_null(req[0].cmd);
	ck_assert_str_eq(req[1].prof->name, "cmd");
	ck_assert_str_eq(req[1].cmd, "echo a,b");
}
END_TEST

START_TEST(test_default_cpus)
{
	cpu_set_t online, pinned, out;

	CPU_ZERO(&online);
	CPU_SET(0, &online);
	CPU_SET(1, &online);
	CPU_SET(2, &online);
	CPU_ZERO(&pinned);
	CPU_SET(1, &pinned);
	hg_loads_default_cpus(&online, &pinned, true, &out);
	ck_assert_int_eq(CPU_COUNT(&out), 2);
	ck_assert(!CPU_ISSET(1, &out));
	hg_loads_default_cpus(&online, &pinned, false, &out);
	ck_assert(CPU_EQUAL(&out, &online));
	hg_loads_default_cpus(&online, &online, true, &out);	/* none left: all */
	ck_assert(CPU_EQUAL(&out, &online));
}
END_TEST

/* The trace keeps each load's fields. */
START_TEST(test_record)
{
	struct hg_loads ls;
	struct hg_trace *t = hg_trace_alloc(1);

	ck_assert_ptr_nonnull(t);
	memset(&ls, 0, sizeof(ls));
	ls.n = 1;
	ls.l[0].prof = hg_load_profiles[4];	/* net */
	snprintf(ls.l[0].command, sizeof(ls.l[0].command), "iperf3 -c 127.0.0.1");
	CPU_ZERO(&ls.l[0].cpus);
	CPU_SET(0, &ls.l[0].cpus);
	ls.l[0].rate_known = true;
	ls.l[0].rate = 5447.25;
	ls.l[0].start_ns = 1000000000;
	ls.l[0].stop_ns = 3500000000;
	ck_assert_int_eq(hg_loads_record(&ls, t), 0);
	ck_assert_str_eq(hg_trace_sys(t, "load_0_profile"), "net");
	ck_assert_str_eq(hg_trace_sys(t, "load_0_throughput"), "5447.2");
	ck_assert_str_eq(hg_trace_sys(t, "load_0_unit"), "Mbit/s");
	ck_assert_str_eq(hg_trace_sys(t, "load_0_cpus"), "0");
	ck_assert_str_eq(hg_trace_sys(t, "load_0_seconds"), "2.500");
	ck_assert_ptr_null(hg_trace_sys(t, "load_1_profile"));
	ck_assert_ptr_null(hg_trace_sys(t, "load_0_ended"));	/* ran to its stop */
	hg_trace_free(t);
	/* one that ended by itself, killed: how, in the trace */
	t = hg_trace_alloc(1);
	ck_assert_ptr_nonnull(t);
	ls.l[0].early = true;
	ls.l[0].ended_known = true;
	ls.l[0].ended = SIGSEGV;
	ck_assert_int_eq(hg_loads_record(&ls, t), 0);
	ck_assert(!strncmp(hg_trace_sys(t, "load_0_ended"), "killed by signal 11 (", 21));
	ls.l[0].ended = 4 << 8;
	hg_trace_free(t);
	t = hg_trace_alloc(1);
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(hg_loads_record(&ls, t), 0);
	ck_assert_str_eq(hg_trace_sys(t, "load_0_ended"), "exit status 4");
	hg_trace_free(t);
}
END_TEST


/* Ring sizes and what is put, in pieces: the ring holds the last bytes, in order. */
static const struct {
	uint64_t size;
	size_t pieces[6];	/* lengths put, 0 ends */
} rings[] = {
	{ 16, { 0 } },			/* nothing put: empty */
	{ 16, { 5, 0 } },
	{ 16, { 16, 0 } },		/* exactly full */
	{ 16, { 10, 10, 0 } },		/* wraps */
	{ 16, { 40, 0 } },		/* more than it holds at once */
	{ 16, { 15, 1, 16, 3, 31, 0 } },
	{ 7, { 3, 3, 3, 3, 3, 0 } },
};

START_TEST(test_ring)
{
	char all[256], want[256];
	struct hg_ring r;
	size_t n = 0, len = 99, i, k;
	char *got;

	ck_assert_int_eq(hg_ring_open(&r, rings[_i].size), 0);
	for (i = 0; rings[_i].pieces[i]; i++) {
		for (k = 0; k < rings[_i].pieces[i]; k++)
			all[n + k] = (char)('a' + (n + k) % 26);
		ck_assert_int_eq(hg_ring_put(&r, all + n, rings[_i].pieces[i]), 0);
		n += rings[_i].pieces[i];
	}
	k = n < rings[_i].size ? n : (size_t)rings[_i].size;
	memcpy(want, all + n - k, k);
	want[k] = '\0';
	got = hg_ring_read(r.fd, &len);
	ck_assert_ptr_nonnull(got);
	ck_assert_uint_eq(len, k);
	ck_assert_str_eq(got, want);
	ck_assert_uint_eq(r.total, n);
	free(got);
	/* the file keeps its size, however much was put */
	ck_assert_int_eq((int)lseek(r.fd, 0, SEEK_END), (int)(HG_RING_HEAD + rings[_i].size));
	close(r.fd);
}
END_TEST

START_TEST(test_ring_bad)
{
	struct hg_ring r;
	FILE *f = tmpfile();

	ck_assert_int_eq(hg_ring_open(&r, 0), -EINVAL);
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_null(hg_ring_read(fileno(f), NULL));	/* no header */
	fclose(f);
}
END_TEST

/* The report says what held the loads, once, after their lines; the JSON has it too. */
START_TEST(test_report_contained)
{
	struct hg_test_text out;
	struct hg_trace *t = hg_trace_alloc(1);
	struct hg_loads ls;
	char *text;

	ck_assert_ptr_nonnull(t);
	memset(&ls, 0, sizeof(ls));
	ls.n = 2;
	ls.l[0].prof = ls.l[1].prof = hg_load_profiles[5];
	snprintf(ls.jail.said, sizeof(ls.jail.said), "in cgroup /cg/hourglass-7 (killed whole "
		 "at the end)");
	ck_assert_int_eq(hg_loads_record(&ls, t), 0);
	ck_assert_str_eq(hg_trace_sys(t, "load_1_contained"), ls.jail.said);
	hg_print_loads(hg_test_text_open(&out), t);
	text = hg_test_text_close(&out);
	ck_assert_msg(strstr(text, "): \n# load cmd on CPUs none: unknown over 0.000 s (the user's "
			     "command (no throughput measured)): \n# loads contained in cgroup "
			     "/cg/hourglass-7 (killed whole at the end)\n"), "%s", text);
	free(text);
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("load");
	TCase *tc;

	tc = tcase_create("rate");
	tcase_add_test(tc, test_rate_stressng);
	tcase_add_test(tc, test_rate_hackbench);
	tcase_add_test(tc, test_rate_iperf3);
	suite_add_tcase(s, tc);

	tc = tcase_create("options");
	tcase_add_loop_test(tc, test_parse, 0, ARRAY_SIZE(parses));
	tcase_add_test(tc, test_parse_cmd_takes_the_rest);
	tcase_add_test(tc, test_default_cpus);
	tcase_add_test(tc, test_record);
	suite_add_tcase(s, tc);

	tc = tcase_create("ring");
	tcase_add_loop_test(tc, test_ring, 0, ARRAY_SIZE(rings));
	tcase_add_test(tc, test_ring_bad);
	tcase_add_test(tc, test_report_contained);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
