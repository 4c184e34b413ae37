// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_load_proc.c - the processes of --load's loads: released on the go,
 * stopped with their whole group and all they left (their cgroup, or
 * hourglass as subreaper), never outliving hourglass, their exits settled,
 * every wait bounded
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include "helpers.h"
#include "report/load.h"
#include "run/load.h"
#include "run/loadrate.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* How many processes carry HOURGLASS_LOAD=<@pid> in their environment. */
static int marked(pid_t pid)
{
	char want[64], path[300], env[65536];
	struct dirent *de;
	DIR *d = opendir("/proc");
	int n = 0;

	ck_assert_ptr_nonnull(d);
	snprintf(want, sizeof(want), "HOURGLASS_LOAD=%d", (int)pid);
	while ((de = readdir(d))) {
		FILE *f;
		size_t len, at;

		if (!strspn(de->d_name, "0123456789"))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/environ", de->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		len = fread(env, 1, sizeof(env) - 1, f);
		fclose(f);
		env[len] = '\0';
		for (at = 0; at < len; at += strlen(env + at) + 1)
			if (!strcmp(env + at, want)) {
				n++;
				break;
			}
	}
	closedir(d);
	return n;
}

/* Wait up to @ms for marked(@pid) to be @n; returns the last count. */
static int wait_marked(pid_t pid, int n, unsigned int ms)
{
	int got = marked(pid);

	while (got != n && ms) {
		struct timespec ts = { 0, 20000000 };

		nanosleep(&ts, NULL);
		ms = ms > 20 ? ms - 20 : 0;
		got = marked(pid);
	}
	return got;
}

static void start_cmd(struct hg_loads *ls, const char *command)
{
	struct hg_load_req req;
	unsigned int n;
	cpu_set_t cpus;
	char err[256], val[256];

	snprintf(val, sizeof(val), "cmd:%s", command);
	ck_assert_int_eq(hg_load_parse(val, &req, &n, err, sizeof(err)), 0);
	ck_assert_int_eq(sched_getaffinity(0, sizeof(cpus), &cpus), 0);
	ck_assert_msg(hg_loads_start(ls, &req, 1, &cpus, err, sizeof(err)) == 0, "%s", err);
}

/* A load with children of its own: stop ends every process of its group. */
START_TEST(test_stop_ends_the_group)
{
	struct hg_loads ls;

	start_cmd(&ls, "sleep 1000 & sleep 1000 & sleep 1000");
	hg_loads_go(&ls);
	ck_assert_int_ge(wait_marked(getpid(), 3, 10000), 3);
	hg_loads_stop(&ls);
	ck_assert_int_eq(wait_marked(getpid(), 0, 5000), 0);
	ck_assert(!ls.l[0].rate_known);
	hg_loads_stop(&ls);	/* twice: nothing more */
}
END_TEST

/* Stopped before the release: the command never ran. */
START_TEST(test_stop_before_go)
{
	struct hg_loads ls;

	start_cmd(&ls, "echo ran");
	hg_loads_stop(&ls);
	ck_assert_int_eq(wait_marked(getpid(), 0, 5000), 0);
	ck_assert_str_eq(ls.l[0].last, "");
	ck_assert(!ls.l[0].early);
}
END_TEST

/* A load that fails by itself: said early, with its last line. */
START_TEST(test_load_ends_early)
{
	struct hg_loads ls;
	struct timespec ts = { 0, 300000000 };

	start_cmd(&ls, "echo starting; echo 'tool: cannot connect' >&2; exit 3");
	hg_loads_go(&ls);
	nanosleep(&ts, NULL);
	hg_loads_stop(&ls);
	ck_assert(ls.l[0].early);
	ck_assert_str_eq(ls.l[0].last, "tool: cannot connect");
	ck_assert(ls.l[0].ended_known && WIFEXITED(ls.l[0].ended) &&
		  WEXITSTATUS(ls.l[0].ended) == 3);
}
END_TEST

/* A world of fake processes for hg_loads_settle(): a clock, and guards that end when told. */
struct fake {
	uint64_t now;		/* ns */
	unsigned int pauses;
	uint64_t longest;	/* the longest pause asked for over what was left */
	uint64_t end;		/* the window's end, for that */
	pid_t ends;		/* this guard ends ... */
	unsigned int after;	/* ... once this many pauses have passed */
	int st;			/* with this wait status */
};

static uint64_t fake_now(void *arg)
{
	return ((struct fake *)arg)->now;
}

static void fake_pause(void *arg, uint64_t ns)
{
	struct fake *f = arg;

	if (f->now + ns > f->end && f->now + ns - f->end > f->longest)
		f->longest = f->now + ns - f->end;
	f->now += ns < 10000000u ? ns : 10000000u;	/* as the real one: 10 ms at most */
	f->pauses++;
}

static pid_t fake_reap(void *arg, pid_t pid, int *st)
{
	struct fake *f = arg;

	if (pid != f->ends || f->pauses < f->after)
		return 0;
	*st = f->st;
	return pid;
}

/* Load @i of @ls as a fake: guard @guard, its output @out, its wait status @ws (or none: -1). */
static void fake_load(struct hg_loads *ls, unsigned int i, pid_t guard, const char *command,
		      const char *out, int ws)
{
	struct hg_load *l = &ls->l[i];
	int p[2];

	l->prof = hg_load_profiles[5];	/* cmd */
	snprintf(l->command, sizeof(l->command), "%s", command);
	l->guard = guard;
	l->go = -1;
	ck_assert_int_eq(hg_ring_open(&l->out, 4096), 0);
	ck_assert_int_eq(hg_ring_put(&l->out, out, strlen(out)), 0);
	ck_assert_int_eq(pipe(p), 0);
	if (ws >= 0)
		ck_assert_int_eq(write(p[1], &ws, sizeof(ws)), (int)sizeof(ws));
	close(p[1]);
	l->status = p[0];
	if (ls->n <= i)
		ls->n = i + 1;
}

/* Forget the fake guards, so nothing ever signals those pids. */
static void fake_done(struct hg_loads *ls)
{
	unsigned int i;

	for (i = 0; i < ls->n; i++) {
		ls->l[i].guard = 0;
		if (ls->l[i].status >= 0)
			close(ls->l[i].status);
		if (ls->l[i].out.fd >= 0)
			close(ls->l[i].out.fd);
		ls->l[i].status = ls->l[i].out.fd = -1;
	}
}

/* The second of two loads exits 3 after 30 ms: the run stops, saying which and why. */
START_TEST(test_settle_exit)
{
	struct fake f = { .now = 5000000000ull, .ends = 90002, .after = 3,
			  .st = HG_LOAD_GUARD_EARLY << 8 };
	struct hg_load_env env = { fake_now, fake_pause, fake_reap, &f };
	struct hg_loads ls;
	char err[512];

	memset(&ls, 0, sizeof(ls));
	f.end = f.now + HG_LOAD_SETTLE_NS;
	fake_load(&ls, 0, 90001, "sleep 1000", "", -1);
	fake_load(&ls, 1, 90002, "stress-ng --bogus", "info: starting\nerror: --bogus: unknown\n",
		  3 << 8);
	ck_assert_int_eq(hg_loads_settle(&ls, &env, HG_LOAD_SETTLE_NS, err, sizeof(err)), -ECHILD);
	ck_assert_str_eq(err, "--load cmd ended as it started, exit status 3: nothing was "
			 "measured; 'stress-ng --bogus' said: error: --bogus: unknown");
	ck_assert_uint_eq(f.pauses, 3);
	ck_assert(ls.l[1].early && ls.l[1].ended_known);
	ck_assert_int_eq(ls.l[1].guard, 0);	/* reaped: not waited for again */
	ck_assert_int_ne(ls.l[0].guard, 0);
	fake_done(&ls);
}
END_TEST

/* Killed by a signal, nothing printed: the hint to run it by hand. */
START_TEST(test_settle_signal)
{
	struct fake f = { .now = 0, .ends = 90001, .after = 0, .st = HG_LOAD_GUARD_EARLY << 8 };
	struct hg_load_env env = { fake_now, fake_pause, fake_reap, &f };
	struct hg_loads ls;
	char err[512], want[512];

	memset(&ls, 0, sizeof(ls));
	f.end = HG_LOAD_SETTLE_NS;
	fake_load(&ls, 0, 90001, "my-load --fast", "", SIGKILL);
	ck_assert_int_eq(hg_loads_settle(&ls, &env, HG_LOAD_SETTLE_NS, err, sizeof(err)), -ECHILD);
	snprintf(want, sizeof(want), "--load cmd ended as it started, killed by signal %d (%s): "
		 "nothing was measured; 'my-load --fast' printed nothing (run it by hand to see "
		 "why)", SIGKILL, strsignal(SIGKILL));
	ck_assert_str_eq(err, want);
	ck_assert_uint_eq(f.pauses, 0);		/* seen before any wait */
	fake_done(&ls);
}
END_TEST

/* Every load still runs at the window's end: the run goes on, no pause past the window. */
START_TEST(test_settle_all_run)
{
	struct fake f = { .now = 1000, .ends = 0 };
	struct hg_load_env env = { fake_now, fake_pause, fake_reap, &f };
	struct hg_loads ls;
	char err[512] = "";

	memset(&ls, 0, sizeof(ls));
	f.end = 1000 + HG_LOAD_SETTLE_NS;
	fake_load(&ls, 0, 90001, "sleep 1000", "", -1);
	fake_load(&ls, 1, 90002, "sleep 1000", "", -1);
	ck_assert_int_eq(hg_loads_settle(&ls, &env, HG_LOAD_SETTLE_NS, err, sizeof(err)), 0);
	ck_assert_str_eq(err, "");
	ck_assert_uint_ge(f.now, f.end);
	ck_assert_uint_eq(f.longest, 0);
	ck_assert(!ls.l[0].early && !ls.l[1].early);
	fake_done(&ls);
}
END_TEST

/* Real processes: a command that fails is seen however long the window (no speed assumed). */
START_TEST(test_settle_real)
{
	struct hg_loads ls;
	char err[512];

	start_cmd(&ls, "echo 'no such device' >&2; exit 4");
	hg_loads_go(&ls);
	ck_assert_int_eq(hg_loads_settle(&ls, &hg_load_env_real, 60000000000ull, err, sizeof(err)),
			 -ECHILD);
	ck_assert_str_eq(err, "--load cmd ended as it started, exit status 4: nothing was "
			 "measured; 'echo 'no such device' >&2; exit 4' said: no such device");
	hg_loads_stop(&ls);
	ck_assert_int_eq(wait_marked(getpid(), 0, 5000), 0);

	start_cmd(&ls, "exec sleep 1000");
	hg_loads_go(&ls);
	ck_assert_int_eq(hg_loads_settle(&ls, &hg_load_env_real, 20000000, err, sizeof(err)), 0);
	hg_loads_stop(&ls);
	ck_assert(!ls.l[0].early);
}
END_TEST

/* hourglass killed (SIGKILL): its loads go with it. */
START_TEST(test_parent_killed)
{
	int ready[2];
	pid_t child;
	char c;
	int st;

	ck_assert_int_eq(pipe(ready), 0);
	child = fork();
	ck_assert_int_ge(child, 0);
	if (!child) {
		struct hg_loads ls;

		close(ready[0]);
		start_cmd(&ls, "sleep 1000 & exec sleep 1000");
		hg_loads_go(&ls);
		if (wait_marked(getpid(), 2, 10000) == 2 && write(ready[1], "r", 1) == 1)
			raise(SIGKILL);
		_exit(1);
	}
	close(ready[1]);
	ck_assert_int_eq(read(ready[0], &c, 1), 1);
	close(ready[0]);
	ck_assert_int_eq(waitpid(child, &st, 0), child);
	ck_assert(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
	ck_assert_int_eq(wait_marked(child, 0, 10000), 0);
}
END_TEST

/* A real load whose whole output is far more than its ring: its last line is still read. */
START_TEST(test_ring_real_load)
{
	struct hg_loads ls;
	struct timespec ts = { 0, 300000000 };

	start_cmd(&ls, "head -c 40000000 /dev/zero | tr '\\0' x; echo; echo last words; "
		  "exec sleep 1000");
	hg_loads_go(&ls);
	for (;;) {	/* until all is written */
		char *text = hg_ring_read(ls.l[0].out.fd, NULL);
		bool done = text && strstr(text, "last words");

		free(text);
		if (done)
			break;
		nanosleep(&ts, NULL);
	}
	ck_assert_int_eq((int)lseek(ls.l[0].out.fd, 0, SEEK_END), (int)(HG_RING_HEAD + HG_RING_SIZE));
	hg_loads_stop(&ls);
	ck_assert_str_eq(ls.l[0].last, "last words");
}
END_TEST

/* The state letter of process @pid (/proc/<pid>/stat), or '?'. */
static char state_of(pid_t pid)
{
	char path[64], buf[512], *p;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return '?';
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : '?';
}

/* Wait up to 10 s for process @pid to be in state @st. */
static bool wait_state(pid_t pid, char st)
{
	struct timespec ts = { 0, 10000000 };
	int n;

	for (n = 0; n < 1000 && state_of(pid) != st; n++)
		nanosleep(&ts, NULL);
	return state_of(pid) == st;
}

/* Where a test's loads are held: as hourglass does (a cgroup when it can), or no cgroup. */
static const char *const jails[] = { NULL, "" };

/* Whether the run's own cgroup can be made here; else says why the test skips. */
static bool cgroup_here(const char *test)
{
	struct hg_loadjail j;
	bool yes;

	if (geteuid()) {
		printf("%s: cgroup skipped: needs root\n", test);
		return false;
	}
	ck_assert_int_eq(hg_loadjail_open(&j, NULL), 0);
	yes = j.kind == HG_LOADJAIL_CGROUP;
	if (!yes)
		printf("%s: cgroup skipped: %s\n", test, j.said);
	hg_loadjail_close(&j, false);
	return yes;
}

/*
 * Whether this kernel takes a child subreaper (qemu-user, which make
 * check-arch runs the tests under, refuses the prctl); else says why the
 * test skips
 */
static bool subreaper_here(const char *test)
{
	int was = 0;

	if (!prctl(PR_GET_CHILD_SUBREAPER, &was))
		return true;
	printf("%s: subreaper skipped: PR_GET_CHILD_SUBREAPER refused (%s): an emulator, or a "
	       "kernel before 3.4\n", test, strerror(errno));
	return false;
}

/* Whether jails[@i] can hold a test's loads here; else says why the test skips. */
static bool jail_here(int i, const char *test)
{
	return jails[i] ? subreaper_here(test) : cgroup_here(test);
}

static void start_cmd_in(struct hg_loads *ls, const char *command, const char *cgparent)
{
	struct hg_load_req req;
	unsigned int n;
	cpu_set_t cpus;
	char err[256], val[256];

	snprintf(val, sizeof(val), "cmd:%s", command);
	ck_assert_int_eq(hg_load_parse(val, &req, &n, err, sizeof(err)), 0);
	ck_assert_int_eq(sched_getaffinity(0, sizeof(cpus), &cpus), 0);
	ck_assert_msg(hg_loads_start_in(ls, &req, 1, &cpus, cgparent, err, sizeof(err)) == 0,
		      "%s", err);
	ck_assert_int_eq(ls->jail.kind, cgparent ? HG_LOADJAIL_SUBREAPER : ls->jail.kind);
}

/* A daemon of the load (a new session, out of its group): killed at the stop all the same. */
START_TEST(test_stop_ends_daemons)
{
	struct hg_loads ls;

	if (!jail_here(_i, "test_stop_ends_daemons"))
		return;
	start_cmd_in(&ls, "setsid sleep 1000 & exec sleep 1000", jails[_i]);
	hg_loads_go(&ls);
	ck_assert_int_eq(wait_marked(getpid(), 2, 10000), 2);
	hg_loads_stop(&ls);
	ck_assert_int_eq(marked(getpid()), 0);	/* gone by the stop's return */
	ck_assert(!ls.l[0].early);
}
END_TEST

/* A load that kills its guard: said, and what it runs killed at the stop. */
START_TEST(test_guard_killed)
{
	struct hg_loads ls;
	char how[96], want[96];

	if (!jail_here(_i, "test_guard_killed"))
		return;
	start_cmd_in(&ls, "setsid sleep 1000 & sleep 1000 & kill -9 $PPID; exec sleep 1000",
		     jails[_i]);
	hg_loads_go(&ls);
	ck_assert(wait_state(ls.l[0].guard, 'Z'));
	ck_assert_int_eq(wait_marked(getpid(), 3, 10000), 3);
	hg_loads_stop(&ls);
	ck_assert_int_eq(marked(getpid()), 0);
	ck_assert(ls.l[0].early);
	snprintf(want, sizeof(want), "its guard was killed by signal %d (%s)", SIGKILL,
		 strsignal(SIGKILL));
	ck_assert_str_eq(hg_load_how_ended(&ls.l[0], how, sizeof(how)), want);
}
END_TEST

/* A load that stops its guard: the stop continues it, and the load ends as it should. */
START_TEST(test_guard_stopped)
{
	struct hg_loads ls;

	if (!jail_here(_i, "test_guard_stopped"))
		return;
	start_cmd_in(&ls, "kill -STOP $PPID; exec sleep 1000", jails[_i]);
	hg_loads_go(&ls);
	ck_assert(wait_state(ls.l[0].guard, 'T'));
	hg_loads_stop(&ls);
	ck_assert_int_eq(ls.l[0].guard_stopped, SIGSTOP);
	ck_assert(!ls.l[0].guard_killed && !ls.l[0].early);
	ck_assert_int_eq(marked(getpid()), 0);
}
END_TEST

/*
 * A clock that jumps 1 s a pause while the guard of @l has not been killed,
 * then runs as the real one (the kill takes its time on a loaded machine).
 */
struct jump {
	uint64_t now;
	const struct hg_load *l;
};

static uint64_t jump_now(void *arg)
{
	return ((struct jump *)arg)->now;
}

static void jump_pause(void *arg, uint64_t ns)
{
	struct jump *j = arg;
	struct timespec ts = { 0, (long)(ns < 1000000u ? ns : 1000000u) };

	if (!j->l->guard_killed) {
		j->now += 1000000000ull;
		return;
	}
	nanosleep(&ts, NULL);
	j->now += (uint64_t)ts.tv_nsec;
}

static pid_t real_wait(void *arg, pid_t pid, int *st)
{
	(void)arg;
	return waitpid(pid, st, WNOHANG | WUNTRACED);
}

/* A guard that never ends when told: killed once HG_LOAD_GUARD_MS have passed on the clock. */
START_TEST(test_guard_hangs)
{
	struct hg_loads ls;
	struct jump clock = { 0, &ls.l[0] };
	struct hg_load_env env = { jump_now, jump_pause, real_wait, &clock };
	sigset_t all, old;
	pid_t guard;
	int st;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);	/* the child is deaf to SIGTERM from its start */
	guard = fork();
	if (!guard)
		for (;;)
			pause();
	sigprocmask(SIG_SETMASK, &old, NULL);
	ck_assert_int_ge(guard, 0);
	memset(&ls, 0, sizeof(ls));
	fake_load(&ls, 0, guard, "hang", "still here\n", -1);
	hg_loads_stop_env(&ls, &env);
	ck_assert(ls.l[0].guard_killed);
	ck_assert(!ls.l[0].early);		/* killed by hourglass: not the load's doing */
	ck_assert_int_eq(ls.l[0].guard, 0);
	ck_assert_str_eq(ls.l[0].last, "still here");
	ck_assert_uint_ge(clock.now, HG_LOAD_GUARD_MS * 1000000ull);
	ck_assert_int_eq(waitpid(guard, &st, WNOHANG), -1);	/* reaped */
}
END_TEST

/* The containment itself: a cgroup made, joined, killed whole and removed; else a subreaper. */
START_TEST(test_jail_subreaper)
{
	struct hg_loadjail j;
	int on = 0;

	if (!subreaper_here("test_jail_subreaper"))
		return;
	ck_assert_int_eq(hg_loadjail_open(&j, "/nonexistent"), 0);
	ck_assert_int_eq(j.kind, HG_LOADJAIL_SUBREAPER);
	ck_assert_msg(strstr(j.said, "by hourglass as child subreaper (no cgroup: cannot make "
			     "/nonexistent/hourglass-"), "%s", j.said);
	ck_assert_int_eq(prctl(PR_GET_CHILD_SUBREAPER, &on), 0);
	ck_assert_int_eq(on, 1);
	ck_assert_int_eq(hg_loadjail_enter(&j), 0);
	hg_loadjail_close(&j, false);
	ck_assert_int_eq(prctl(PR_GET_CHILD_SUBREAPER, &on), 0);
	ck_assert_int_eq(on, 0);
	ck_assert_int_eq(hg_loadjail_open(&j, ""), 0);
	ck_assert_str_eq(j.said, "by hourglass as child subreaper (no cgroup: none asked for)");
	hg_loadjail_close(&j, false);
	hg_loadjail_close(&j, false);	/* twice: nothing more */
}
END_TEST

START_TEST(test_jail_cgroup)
{
	struct hg_loadjail j;
	char dir[sizeof(j.dir)];
	pid_t child;
	int st;

	if (!cgroup_here("test_jail_cgroup"))
		return;
	ck_assert_int_eq(hg_loadjail_open(&j, NULL), 0);
	ck_assert_int_eq(j.kind, HG_LOADJAIL_CGROUP);
	ck_assert_msg(!strncmp(j.said, "in cgroup /", 11), "%s", j.said);
	snprintf(dir, sizeof(dir), "%s", j.dir);
	child = fork();
	ck_assert_int_ge(child, 0);
	if (!child) {	/* joins, then leaves an orphan in the cgroup, in a session of its own */
		pid_t orphan;

		if (hg_loadjail_enter(&j))
			_exit(1);
		orphan = fork();
		if (orphan)
			_exit(orphan < 0);
		setsid();
		for (;;)
			pause();
	}
	ck_assert_int_eq(waitpid(child, &st, 0), child);	/* the first of the two */
	ck_assert(WIFEXITED(st) && !WEXITSTATUS(st));
	hg_loadjail_close(&j, false);
	ck_assert_int_eq(access(dir, F_OK), -1);	/* removed: nothing was left in it */
	ck_assert_int_eq(j.kind, HG_LOADJAIL_NONE);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("load_proc");
	TCase *tc;

	tc = tcase_create("settle");
	tcase_add_test(tc, test_settle_exit);
	tcase_add_test(tc, test_settle_signal);
	tcase_add_test(tc, test_settle_all_run);
	suite_add_tcase(s, tc);

	tc = tcase_create("processes");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_stop_ends_the_group);
	tcase_add_test(tc, test_stop_before_go);
	tcase_add_test(tc, test_load_ends_early);
	tcase_add_test(tc, test_settle_real);
	tcase_add_test(tc, test_parent_killed);
	tcase_add_test(tc, test_ring_real_load);
	tcase_add_loop_test(tc, test_stop_ends_daemons, 0, ARRAY_SIZE(jails));
	tcase_add_loop_test(tc, test_guard_killed, 0, ARRAY_SIZE(jails));
	tcase_add_loop_test(tc, test_guard_stopped, 0, ARRAY_SIZE(jails));
	tcase_add_test(tc, test_guard_hangs);
	tcase_add_test(tc, test_jail_subreaper);
	tcase_add_test(tc, test_jail_cgroup);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
