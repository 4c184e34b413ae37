// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kstat.c - per-CPU kernel counters from /proc/stat, /proc/interrupts and
 * /proc/softirqs
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/kstat.h"
#include "util/grow.h"

#define NS_PER_S 1000000000ULL

/* @p skipped past blanks (not newlines). */
static const char *blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* The start of the line after @p's, or the end of the text. */
static const char *next_line(const char *p)
{
	const char *nl = strchr(p, '\n');

	return nl ? nl + 1 : p + strlen(p);
}

/* A decimal number at *@p (after blanks); 1 when there was one. */
static int number(const char **p, uint64_t *v)
{
	const char *s = blanks(*p);
	uint64_t x = 0;

	if (*s < '0' || *s > '9')
		return 0;
	for (; *s >= '0' && *s <= '9'; s++)
		x = x * 10 + (uint64_t)(*s - '0');
	*p = s;
	*v = x;
	return 1;
}

static uint64_t ticks_ns(uint64_t ticks, long ticks_per_s)
{
	return (uint64_t)((unsigned __int128)ticks * NS_PER_S / (uint64_t)ticks_per_s);
}

int hg_kstat_parse_stat(const char *text, long ticks_per_s, struct hg_kstat *k)
{
	const char *p;
	uint32_t n = 0;
	size_t cap = 0;

	k->n = 0;
	k->cpu = NULL;
	if (ticks_per_s <= 0)
		return -EINVAL;
	for (p = text; *p; p = next_line(p)) {
		/* user nice system idle iowait irq softirq steal */
		uint64_t f[8], cpu;
		const char *q = p + 3;
		int i;

		if (strncmp(p, "cpu", 3) || *q < '0' || *q > '9')
			continue;
		if (!number(&q, &cpu) || cpu > UINT32_MAX)
			goto bad;
		for (i = 0; i < 8; i++)
			if (!number(&q, &f[i]))
				goto bad;
		if (n >= HG_MAX_NOISE_CPUS || HG_GROW(k->cpu, cap, (size_t)n + 1)) {
			hg_kstat_free(k);
			return n >= HG_MAX_NOISE_CPUS ? -E2BIG : -ENOMEM;
		}
		k->cpu[n] = (struct hg_cpu_noise){
			.cpu = (uint32_t)cpu,
			.busy_ns = ticks_ns(f[0] + f[1] + f[2] + f[5] + f[6], ticks_per_s),
			.steal_ns = ticks_ns(f[7], ticks_per_s),
			.idle_ns = ticks_ns(f[3] + f[4], ticks_per_s),
		};
		k->n = ++n;
	}
	if (n)
		return 0;
bad:
	hg_kstat_free(k);
	return -EINVAL;
}

static struct hg_cpu_noise *find_cpu(struct hg_kstat *k, uint64_t cpu)
{
	uint32_t i;

	for (i = 0; i < k->n; i++)
		if (k->cpu[i].cpu == cpu)
			return &k->cpu[i];
	return NULL;
}

int hg_kstat_parse_counts(const char *text, struct hg_kstat *k, int softirqs)
{
	struct hg_cpu_noise **col = NULL;
	const char *p = blanks(text), *body = next_line(text);
	size_t ncol = 0, capcol = 0, i;

	/* the header: "CPU0 CPU1 ..." up to the end of the first line */
	while (!strncmp(p, "CPU", 3)) {
		uint64_t cpu;

		p += 3;
		if (!number(&p, &cpu))
			break;
		if (HG_GROW(col, capcol, ncol + 1)) {
			free(col);
			return -ENOMEM;
		}
		col[ncol++] = find_cpu(k, cpu);
		p = blanks(p);
	}
	if (!ncol) {
		free(col);
		return -EINVAL;
	}
	for (p = body; *p; p = next_line(p)) {
		const char *q = p, *nl = strchr(p, '\n');
		const char *colon = strchr(p, ':');

		if (!colon || (nl && colon > nl))
			continue;
		q = colon + 1;
		for (i = 0; i < ncol; i++) {
			uint64_t v;

			if (!number(&q, &v))
				break;
			if (!col[i])
				continue;
			if (softirqs)
				col[i]->softirqs += v;
			else
				col[i]->irqs += v;
		}
	}
	free(col);
	return 0;
}

/* The whole of @path (a /proc file: its size is unknown) as a string. */
static int slurp(const char *path, char **out)
{
	size_t len = 0, cap = 65536;
	char *buf = malloc(cap);
	int fd, ret = 0;

	*out = NULL;
	if (!buf)
		return -ENOMEM;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = errno ? -errno : -EIO;
		free(buf);
		return ret;
	}
	for (;;) {
		ssize_t r;

		if (cap - len < 2) {
			char *b = cap > 64 * 1024 * 1024 ? NULL : realloc(buf, 2 * cap);

			if (!b) {
				ret = -ENOMEM;
				break;
			}
			buf = b;
			cap *= 2;
		}
		r = read(fd, buf + len, cap - len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			ret = errno ? -errno : -EIO;
			break;
		}
		if (!r)
			break;
		len += (size_t)r;
	}
	close(fd);
	if (ret) {
		free(buf);
		return ret;
	}
	buf[len] = '\0';
	*out = buf;
	return 0;
}

int hg_kstat_read(struct hg_kstat *k)
{
	static const char *const counts[] = { "/proc/interrupts", "/proc/softirqs" };
	char *text = NULL;
	int ret, i;

	k->n = 0;
	k->cpu = NULL;
	ret = slurp("/proc/stat", &text);
	if (ret || !text)
		return ret ? ret : -EIO;
	ret = hg_kstat_parse_stat(text, sysconf(_SC_CLK_TCK), k);
	free(text);
	if (ret)
		return ret;
	for (i = 0; i < 2; i++) {
		text = NULL;
		if (slurp(counts[i], &text) || !text)
			continue;
		hg_kstat_parse_counts(text, k, i);
		free(text);
	}
	return 0;
}

static uint64_t since(uint64_t before, uint64_t after)
{
	return after > before ? after - before : 0;
}

int hg_kstat_delta(const struct hg_kstat *before, const struct hg_kstat *after,
		   struct hg_cpu_noise **out, uint32_t *n)
{
	struct hg_cpu_noise *d = calloc(after->n ? after->n : 1, sizeof(*d));
	uint32_t i, j, m = 0;

	if (!d)
		return -ENOMEM;
	for (i = 0; i < after->n; i++) {
		const struct hg_cpu_noise *a = &after->cpu[i];

		for (j = 0; j < before->n && before->cpu[j].cpu != a->cpu; j++)
			;
		if (j == before->n)
			continue;
		d[m++] = (struct hg_cpu_noise){
			.cpu = a->cpu,
			.busy_ns = since(before->cpu[j].busy_ns, a->busy_ns),
			.steal_ns = since(before->cpu[j].steal_ns, a->steal_ns),
			.idle_ns = since(before->cpu[j].idle_ns, a->idle_ns),
			.irqs = since(before->cpu[j].irqs, a->irqs),
			.softirqs = since(before->cpu[j].softirqs, a->softirqs),
		};
	}
	*out = d;
	*n = m;
	return 0;
}

void hg_kstat_free(struct hg_kstat *k)
{
	free(k->cpu);
	k->cpu = NULL;
	k->n = 0;
}
