// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * irq.c - the checks of interrupts: which may land on the measured CPUs,
 * and whether irqbalance moves them
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/checks.h"
#include "audit/sysread.h"
#include "util/grow.h"
#include "util/tame.h"

/* Whether @name is all digits. */
static bool numeric(const char *name)
{
	return *name && strspn(name, "0123456789") == strlen(name);
}

/* An interrupt that may land on the measured CPUs. */
struct routed {
	unsigned int irq;
	bool landed;		/* its effective affinity holds a measured CPU */
	uint64_t count;		/* /proc/interrupts' count on the measured CPUs */
	char name[40];		/* its action's name there, "" when not listed */
};

/* What /proc/interrupts says of IRQ @irq: its count on @cpus and its name. */
static void count_irq(const char *text, const cpu_set_t *cpus, struct routed *r)
{
	int col[CPU_SETSIZE], ncol = 0, c;
	const char *p = text, *line;
	char key[24], *end;
	size_t klen = (size_t)snprintf(key, sizeof(key), "%u:", r->irq);

	if (!text)
		return;
	/* the header, "CPU0 CPU1 ...": which CPU each column counts */
	while (*p && *p != '\n' && ncol < CPU_SETSIZE) {
		p += strspn(p, " \t");
		if (strncmp(p, "CPU", 3))
			break;
		col[ncol++] = (int)strtol(p + 3, &end, 10);
		p = end;
	}
	for (line = strchr(text, '\n'); line; line = strchr(line, '\n')) {
		line++;
		p = line + strspn(line, " ");
		if (strncmp(p, key, klen))
			continue;
		p += klen;
		for (c = 0; c < ncol; c++) {
			unsigned long long v = strtoull(p, &end, 10);

			if (end == p)
				break;
			if (col[c] >= 0 && col[c] < CPU_SETSIZE && CPU_ISSET(col[c], cpus))
				r->count += v;
			p = end;
		}
		/* the name is the row's last word: "... 1-edge virtio1-req.0" */
		end = strchr(p, '\n') ? strchr(p, '\n') : (char *)p + strlen(p);
		while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
			end--;
		line = end;
		while (line > p && line[-1] != ' ' && line[-1] != '\t')
			line--;
		snprintf(r->name, sizeof(r->name), "%.*s", (int)(end - line), line);
		hg_tame(r->name);	/* a copied tree's name: no escape reaches a terminal */
		return;
	}
}

/* The most counted first; then by number. */
static int by_count(const void *a, const void *b)
{
	const struct routed *x = a, *y = b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return x->irq < y->irq ? -1 : x->irq > y->irq;
}

/* The interrupts routed to @cpus, most counted first, into @out (freed by the caller). */
static int routed_irqs(const struct hg_audit_ctx *ctx, const cpu_set_t *cpus,
		       struct routed **out, size_t *n, unsigned int *nirq)
{
	char path[PATH_MAX], list[1024], *text = malloc(HG_SYSREAD_MAX);
	struct routed *v = NULL;
	struct dirent *de;
	size_t cap = 0;
	cpu_set_t set;
	DIR *d;
	int ret = hg_sys_path(ctx, path, sizeof(path), "proc/irq");

	*n = 0;
	*nirq = 0;
	if (!text)
		return -ENOMEM;
	if (hg_sys_text(ctx, text, HG_SYSREAD_MAX, "proc/interrupts") < 0) {
		free(text);
		text = NULL;	/* no counts: the IRQs are named by number only */
	}
	d = ret ? NULL : opendir(path);
	if (!d) {
		free(text);
		return ret ? ret : -errno;
	}
	while ((de = readdir(d))) {
		struct routed r = { .irq = 0 };

		if (!numeric(de->d_name) || strlen(de->d_name) > 9)
			continue;
		r.landed = hg_sys_line(ctx, list, sizeof(list), "proc/irq/%s/"
				       "effective_affinity_list", de->d_name) > 0;
		if (!r.landed && hg_sys_line(ctx, list, sizeof(list), "proc/irq/%s/"
					     "smp_affinity_list", de->d_name) <= 0)
			continue;
		if (hg_sys_cpulist(list, &set))
			continue;
		(*nirq)++;
		CPU_AND(&set, &set, cpus);
		if (!CPU_COUNT(&set))
			continue;
		if (HG_GROW(v, cap, *n + 1)) {
			ret = -ENOMEM;
			break;
		}
		r.irq = (unsigned int)strtoul(de->d_name, NULL, 10);
		count_irq(text, cpus, &r);
		v[(*n)++] = r;
	}
	closedir(d);
	free(text);
	if (ret) {
		free(v);
		return ret;
	}
	if (*n)
		qsort(v, *n, sizeof(*v), by_count);
	*out = v;
	return 0;
}

/* "36 virtio1-req.0 (48151 times), 38 ..." for the first three of @v. */
static void name_irqs(const struct routed *v, size_t n, char *buf, size_t len)
{
	size_t i, at = 0;

	buf[0] = '\0';
	for (i = 0; i < n && i < 3 && at < len; i++) {
		at += (size_t)snprintf(buf + at, len - at, "%s%u%s%s", i ? ", " : "", v[i].irq,
				       v[i].name[0] ? " " : "", v[i].name);
		if (at < len && v[i].count)
			at += (size_t)snprintf(buf + at, len - at, " (%" PRIu64 " time%s)",
					       v[i].count, v[i].count == 1 ? "" : "s");
	}
	if (at < len && n > 3)
		snprintf(buf + at, len - at, ", %zu more", n - 3);
}

/*
 * The fix: every routed IRQ moved to @others (NULL: not known), most
 * counted first, as one loop; as many as fit the fix (a cut command would
 * not run).
 */
static void move_irqs(struct hg_audit_result *res, const struct routed *v, size_t n,
		      const cpu_set_t *others)
{
	char list[HG_AUDIT_TEXT / 2], to[128];
	size_t i, at = 0;
	int w;

	if (others && !CPU_COUNT(others)) {
		hg_audit_fix(res, "no online CPU is left to take them: measure on fewer CPUs "
			     "(hourglass audit --cpu 1 gives the commands for CPU 1)");
		return;
	}
	list[0] = '\0';
	for (i = 0; i < n; i++) {
		w = snprintf(list + at, sizeof(list) - at, "%s%u", i ? " " : "", v[i].irq);
		if (w < 0 || (size_t)w >= sizeof(list) - at) {
			list[at] = '\0';	/* the rest left out whole */
			break;
		}
		at += (size_t)w;
	}
	if (!others) {
		hg_audit_fix(res, "move IRQs %s to CPUs that are not measured (the online CPUs "
			     "could not be read)", list);
		return;
	}
	hg_sys_list(others, to, sizeof(to));
	if (n == 1)
		hg_audit_fix(res, "echo %s > /proc/irq/%u/smp_affinity_list (and add "
			     "irqaffinity=%s to the kernel command line)", to, v[0].irq, to);
	else
		hg_audit_fix(res, "for i in %s; do echo %s > /proc/irq/$i/smp_affinity_list; "
			     "done (and add irqaffinity=%s to the kernel command line)", list, to,
			     to);
}

static int irq_affinity(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	char want[256], named[256];
	unsigned int nirq, landed = 0;
	cpu_set_t cpus, others;
	struct routed *v = NULL;
	size_t n, i;
	bool where = true;	/* the online CPUs were read: where to move them is known */
	int ret = hg_sys_cpus(ctx, &cpus);

	if (!ret && hg_sys_others(ctx, &others))
		where = false;
	if (!ret)
		ret = routed_irqs(ctx, &cpus, &v, &n, &nirq);
	if (ret)
		return ret;
	hg_sys_list(&cpus, want, sizeof(want));
	for (i = 0; i < n; i++)
		landed += v[i].landed || v[i].count;
	name_irqs(v, n, named, sizeof(named));
	if (n)
		move_irqs(res, v, n, where ? &others : NULL);
	free(v);
	if (!nirq)
		return hg_audit_say(res, HG_AUDIT_SKIP, "no interrupt's affinity readable");
	if (!n)
		return hg_audit_say(res, HG_AUDIT_PASS, "none of %u interrupts is routed to %s %s",
				    nirq, hg_sys_cpus_word(&cpus), want);
	if (landed)
		return hg_audit_say(res, HG_AUDIT_FAIL, "%u of %u interrupts are handled on %s "
				    "%s, by their count there: %s", landed, nirq,
				    hg_sys_cpus_word(&cpus), want, named);
	return hg_audit_say(res, HG_AUDIT_WARN, "%zu of %u interrupts may be routed to %s %s: "
			    "%s", n, nirq, hg_sys_cpus_word(&cpus), want, named);
}

const struct hg_audit_check hg_audit_irq_affinity = {
	.id = "irq-affinity",
	.why = "a device interrupt handled on the measured CPU preempts the test for the "
	       "handler's time",
	.judge = irq_affinity,
};

/*
 * hg_audit_find_task - the first process under @ctx's proc/ whose comm is
 * @comm: its pid, 0 when there is none, or -errno
 */
int hg_audit_find_task(const struct hg_audit_ctx *ctx, const char *comm)
{
	char path[PATH_MAX], name[64];
	struct dirent *de;
	int pid = 0;
	DIR *d;

	if (hg_sys_path(ctx, path, sizeof(path), "proc"))
		return -ENAMETOOLONG;
	d = opendir(path);
	if (!d)
		return -errno;
	while (!pid && (de = readdir(d))) {
		if (!numeric(de->d_name) ||
		    hg_sys_line(ctx, name, sizeof(name), "proc/%s/comm", de->d_name) <= 0)
			continue;
		hg_tame(name);	/* a copied tree's name, tamed as every comm read */
		if (!strcmp(name, comm))
			pid = (int)strtol(de->d_name, NULL, 10);	/* all digits */
	}
	closedir(d);
	return pid;
}

static int irqbalance(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	char want[256];
	cpu_set_t cpus;
	int pid = hg_audit_find_task(ctx, "irqbalance");

	if (pid < 0)
		return pid;
	if (!pid)
		return hg_audit_say(res, HG_AUDIT_PASS, "irqbalance is not running");
	if (!hg_sys_cpus(ctx, &cpus))
		hg_audit_fix(res, "systemctl disable --now irqbalance (or keep it off the "
			     "measured CPUs: IRQBALANCE_BANNED_CPULIST=%s in its "
			     "/etc/default/irqbalance)", hg_sys_list(&cpus, want, sizeof(want)));
	return hg_audit_say(res, HG_AUDIT_WARN, "irqbalance is running (pid %d)", pid);
}

const struct hg_audit_check hg_audit_irqbalance = {
	.id = "irqbalance",
	.why = "irqbalance moves interrupts between CPUs as their load changes, onto the "
	       "measured CPUs too unless told not to",
	.judge = irqbalance,
};
