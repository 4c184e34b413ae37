// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_run.c - hourglass <options>: run an experiment and report it
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include "audit/verdicts.h"
#include "audit/tscskew.h"
#include "export/prom.h"
#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "hourglass/options.h"
#include "hourglass/runact.h"
#include "hourglass/version.h"
#include "report/labrun.h"
#include "report/summary_json.h"
#include "report/text.h"
#include "run/load.h"
#include "run/run.h"
#include "run/setupsig.h"
#include "run/status.h"
#include "trace/brk.h"
#include "trace/msg.h"
#include "util/errlen.h"
#include "util/timeval.h"

/* What the run's outputs met while it ran. */
struct outputs {
	const struct hg_config *cfg;
	bool failed;		/* a snapshot or --prom file could not be written */
	struct hg_loads *loads;	/* --load */
	struct hg_audit_result *audit;	/* the audit of the run's CPUs, or NULL */
	char prom_err[HG_ERR_LEN];	/* the last --prom error, said once */
};

/* Whether output @path is standard output. */
static bool to_stdout(const char *path)
{
	return path && !strcmp(path, "-");
}

/* An output's name as the closing line says it: '-' is standard output. */
static const char *where(const char *path)
{
	return to_stdout(path) ? "standard output" : path;
}

/*
 * One file of a snapshot or the end: 0, or 1 with the reason said. @what
 * ("trace", "summary") is said written, unless quiet; NULL: nothing said.
 */
static int write_one(struct outputs *o, const struct hg_trace *t, const char *path,
		     int (*w)(const struct hg_trace *, const char *, char *, size_t),
		     const char *what)
{
	char err[HG_ERR_LEN];

	if (w(t, path, err, sizeof(err))) {
		hg_msg("%s", err);
		return 1;
	}
	if (what && !o->cfg->quiet)
		hg_msg("%s written to %s", what, where(path));
	return 0;
}

/* SIGUSR1: the trace, the JSON summary and the .prom file as they are now. */
static int on_snapshot(void *arg, const struct hg_trace *t)
{
	struct outputs *o = arg;
	const struct hg_config *cfg = o->cfg;
	int bad = 0;

	if (!cfg->out_path && !cfg->json_path && !cfg->prom_path) {
		hg_msg("SIGUSR1: no file to write a snapshot to "
			"(give -o, --json or --prom)");
		return 0;
	}
	if (cfg->out_path)
		bad |= write_one(o, t, cfg->out_path, hg_trace_write, NULL);
	if (cfg->json_path)
		bad |= write_one(o, t, cfg->json_path, hg_json_write, NULL);
	if (cfg->prom_path)
		bad |= write_one(o, t, cfg->prom_path, hg_prom_write, NULL);
	if (bad)
		o->failed = true;
	else if (!cfg->quiet) {
		char el[32];

		hg_msg("snapshot at %s ms written",
			hg_format_ms(hg_trace_ns(t, t->stop_cycles), el, sizeof(el)));
	}
	return bad ? -EIO : 0;
}

/* --prom-interval: the .prom file; a failure is said once, and its end too. */
static int on_periodic(void *arg, const struct hg_trace *t)
{
	struct outputs *o = arg;
	char err[HG_ERR_LEN];

	if (hg_prom_write(t, o->cfg->prom_path, err, sizeof(err))) {
		o->failed = true;
		if (strcmp(err, o->prom_err)) {
			hg_msg("%s (tried again every --prom-interval)", err);
			snprintf(o->prom_err, sizeof(o->prom_err), "%s", err);
		}
		return -EIO;
	}
	if (o->prom_err[0]) {
		hg_msg("--prom %s written again", o->cfg->prom_path);
		o->prom_err[0] = '\0';
	}
	return 0;
}

/* The status line, over itself, about once a second. */
static void on_status(void *arg, uint64_t elapsed_ns, uint64_t total_ns,
		      const struct hg_status_thread *th, unsigned int n)
{
	struct winsize ws;
	unsigned int width = 80;
	char line[512];

	(void)arg;
	if (!ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) && ws.ws_col)
		width = ws.ws_col - 1u;		/* the cursor stays on the line */
	hg_status_format(line, sizeof(line), width, elapsed_ns, total_ns, th, n);
	hg_msg_status(line);
}

/*
 * Just before the threads are released: --load's loads start their work,
 * and one that ends at once (its command failed) stops the run.
 */
static int on_release(void *arg, char *err, size_t errlen)
{
	struct outputs *o = arg;

	hg_loads_go(o->loads);
	return hg_loads_settle(o->loads, &hg_load_env_real, HG_LOAD_SETTLE_NS, err, errlen);
}

/*
 * When the trace is made: the audit of the run's CPUs, and the kernel's
 * preemption model, in its snapshot
 */
static int on_prepare(void *arg, struct hg_trace *t)
{
	static const struct hg_audit_ctx root = { .root = "/" };
	struct outputs *o = arg;

	if (!o->audit)
		return 0;
	return hg_audit_record(o->audit, t) ?: hg_audit_record_preempt(&root, t);
}

/*
 * --load: stop the loads, and keep their throughput in @t (NULL when the
 * run failed); a load that ended before the run is said, with its last line.
 */
static int stop_loads(struct hg_loads *ls, struct hg_trace *t)
{
	unsigned int i;

	hg_loads_stop(ls);
	for (i = 0; i < ls->n; i++) {
		char how[96];

		if (ls->l[i].early && t)
			hg_warn("--load %s ended before the run did "
				"(%s)%s%s", ls->l[i].prof->name,
				hg_load_how_ended(&ls->l[i], how, sizeof(how)),
				ls->l[i].last[0] ? ": " : "", ls->l[i].last);
	}
	if (t && hg_loads_record(ls, t)) {
		hg_msg("out of memory");
		return 1;
	}
	return 0;
}

/*
 * The audit of the run's CPUs (those its threads may use), before the
 * measurement; NULL when out of memory (the run goes on without it).
 * It is part of the set-up: it creates threads (the counters compared
 * across CPUs), so SIGINT, SIGTERM and SIGHUP are taken as the run's
 * set-up takes them (run/setupsig.h). One that came stays pending and
 * blocked: the run then ends as soon as it starts.
 */
static struct hg_audit_result *audit_cpus(const struct hg_config *cfg)
{
	struct hg_audit_result *res = calloc(hg_audit_count(), sizeof(*res));
	struct hg_audit_ctx ctx = { .root = "/", .run_holds_dma = true, .skew = hg_tsc_skew };
	struct hg_setup_signals setup;
	sigset_t set, old;

	if (!res)
		return NULL;
	ctx.cpus_given = hg_config_thread_cpus(cfg, &ctx.cpus) && CPU_COUNT(&ctx.cpus);
	hg_run_signals(&set);
	pthread_sigmask(SIG_BLOCK, &set, &old);
	if (hg_setup_signals_open(&setup, &old, HG_SETUP_GRACE_S))
		memset(&setup, 0, sizeof(setup));
	hg_audit_run_all(&ctx, res);
	if (!hg_setup_signals_close(&setup))
		pthread_sigmask(SIG_SETMASK, &old, NULL);
	return res;
}

/* --fail-on-miss: the deadlines missed in the whole run, by every thread. */
static uint64_t missed(const struct hg_trace *t)
{
	uint64_t n = 0;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		n += t->threads[i].stats.misses;
	return n;
}

/* --junit's writer: the tests of @arg (a struct hg_lab) as JUnit XML. */
static int write_junit(FILE *f, const void *arg)
{
	return hg_lab_junit(f, arg);
}

/* --ktap and --junit: the run's tests (report/labrun.h); 0, or 1 when one failed (said). */
static int lab_results(const struct hg_config *cfg, const struct hg_trace *t)
{
	const struct hg_labrun_opts lo = { .break_ns = cfg->break_ns,
					   .thresholds_set = cfg->thresholds_set };
	struct hg_lab l;
	int ret;

	hg_lab_init(&l, "run");
	ret = hg_labrun(&l, t, &lo);
	if (ret)
		hg_msg("--ktap, --junit: %s", strerror(-ret));
	if (!ret && cfg->ktap)
		ret = hg_cmd_flush(NULL, hg_lab_ktap(stdout, &l) ? 1 : 0);
	if (!ret && cfg->junit_path)
		ret = hg_cmd_write("--junit", cfg->junit_path, write_junit, &l);
	hg_lab_free(&l);
	return ret ? 1 : 0;
}

/*
 * The text report (the answer first; with -v everything, as dump prints
 * it), the trace (-o), the summary (--json) and --prom. A data
 * output on standard output has it to itself: the text report is left out
 * then (the options never put both data outputs there).
 */
static int report(struct outputs *o, const struct hg_trace *t)
{
	const struct hg_config *cfg = o->cfg;
	bool text = !cfg->quiet && !to_stdout(cfg->out_path) && !to_stdout(cfg->json_path) &&
		    !to_stdout(cfg->prom_path) && !cfg->ktap;
	sigset_t set, old;
	int status = 0, sig;

	hg_run_signals(&set);
	pthread_sigmask(SIG_BLOCK, &set, &old);
	if (text && (cfg->verbose ? hg_print_trace(stdout, t) : hg_print_brief(stdout, t)))
		status = 1;
	status = hg_cmd_flush(NULL, status);
	if (cfg->out_path && write_one(o, t, cfg->out_path, hg_trace_write, "trace"))
		status = 1;
	if (cfg->json_path && write_one(o, t, cfg->json_path, hg_json_write, "summary"))
		status = 1;
	if (cfg->prom_path && write_one(o, t, cfg->prom_path, hg_prom_write, NULL))
		status = 1;
	if ((cfg->ktap || cfg->junit_path) && lab_results(cfg, t))
		status = 1;
	if (hg_runact_trace(cfg, t))
		status = 1;
	if (o->failed) {
		hg_msg("a file could not be written during the run (see "
			"above)");
		status = 1;
	}
	sig = hg_run_take_signals();
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (sig)
		hg_msg("%s came while the results were written: they "
			"were finished first", strsignal(sig));
	hg_runact_end(cfg, t);	/* a failure is said; the run's status stays its own */
	if (t->flags & HG_TRACE_FAILED)
		status = 1;
	if (!status && (t->flags & HG_TRACE_BREAK)) {
		if (cfg->quiet)	/* the report says more */
			hg_msg("--break: thread %u: a %s beyond the threshold "
				"stopped the run", t->break_thread,
				t->break_kind == HG_BREAK_GAP ? "gap" :
				t->break_kind == HG_BREAK_LAT ? "late wake-up" : "deadline miss");
		status = 3;
	}
	if (!status && cfg->fail_on_miss && missed(t)) {
		hg_msg("%llu deadline%s missed (--fail-on-miss)",
			(unsigned long long)missed(t), missed(t) == 1 ? "" : "s");
		status = 3;
	}
	return status;
}

/*
 * The command line read and checked against the machine into @cfg, and
 * @online set: 0, or -1 with *@status what the program returns (the help
 * or the version printed: 0; bad input said: 2)
 */
static int configure(int argc, char **argv, struct hg_config *cfg, cpu_set_t *online,
		     int *status)
{
	char err[HG_ERR_LEN];
	int ret = hg_parse_args(argc, argv, "hourglass --help", cfg, err, sizeof(err));

	*status = 0;
	if (ret < 0) {
		hg_msg("%s", err);
		*status = 2;
		return -1;
	}
	if (ret == HG_ARGS_HELP) {
		hg_usage(stdout);
		return -1;
	}
	if (ret == HG_ARGS_VERSION) {
		printf("hourglass %s\n", HG_VERSION);
		return -1;
	}
	if (sched_getaffinity(0, sizeof(*online), online))
		CPU_ZERO(online);
	if (hg_config_check(cfg, online, err, sizeof(err))) {
		hg_msg("%s", err);
		hg_config_free(cfg);
		*status = 2;
		return -1;
	}
	hg_config_warn(cfg);
	return 0;
}

/* What the run calls back: snapshots, --prom, the status line, the audit. */
static void monitor(struct hg_run_monitor *mon, struct outputs *o)
{
	const struct hg_config *cfg = o->cfg;

	memset(mon, 0, sizeof(*mon));
	mon->arg = o;
	mon->snapshot = on_snapshot;
	if (cfg->prom_path) {
		mon->periodic = on_periodic;
		mon->periodic_ns = cfg->prom_interval_ns;
	}
	if (!cfg->quiet && isatty(STDERR_FILENO))
		mon->status = on_status;
	mon->prepare = on_prepare;
}

int hg_run_main(int argc, char **argv)
{
	struct hg_config cfg;
	struct hg_trace *t = NULL;
	struct hg_run_monitor mon;
	struct hg_audit_result *audit;
	struct hg_loads loads;
	struct outputs o;
	cpu_set_t online;
	char err[HG_ERR_LEN], *cmdline;
	int ret;

	if (configure(argc, argv, &cfg, &online, &ret))
		return ret;
	cmdline = hg_join_args(argc, argv);
	if (!cmdline) {
		hg_msg("out of memory");
		hg_config_free(&cfg);
		return 1;
	}
	memset(&o, 0, sizeof(o));
	o.cfg = &cfg;
	monitor(&mon, &o);
	audit = audit_cpus(&cfg);
	o.audit = audit;
	memset(&loads, 0, sizeof(loads));
	if (cfg.nloads) {
		cpu_set_t cpus;

		hg_config_load_cpus(&cfg, &online, &cpus);
		if (hg_loads_start(&loads, cfg.loads, cfg.nloads, &cpus, err, sizeof(err))) {
			hg_msg("%s", err);
			free(audit);
			free(cmdline);
			hg_config_free(&cfg);
			return 1;
		}
		o.loads = &loads;
		mon.release = on_release;
	}
	ret = hg_run(&cfg, &mon, cmdline, &t, err, sizeof(err));
	hg_msg_status(NULL);	/* the run is over: its status line too */
	free(cmdline);
	free(audit);
	if (ret != HG_RUN_OK) {
		stop_loads(&loads, NULL);
		hg_msg("%s", err);
		hg_config_free(&cfg);
		return ret == HG_RUN_REFUSED ? 2 : 1;
	}
	if (stop_loads(&loads, t)) {
		hg_trace_free(t);
		hg_config_free(&cfg);
		return 1;
	}
	ret = report(&o, t);
	hg_trace_free(t);
	hg_config_free(&cfg);
	return ret;
}
