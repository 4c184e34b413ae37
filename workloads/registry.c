// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * registry.c - the list of execution models and lookup by name
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "util/errlen.h"
#include "util/lookup.h"
#include "util/timeval.h"
#include "workloads/workload.h"

extern const struct hg_workload hg_wl_cpu, hg_wl_cpu_scan, hg_wl_cpu_yield,
	hg_wl_cpu_scan_yield, hg_wl_periodic, hg_wl_periodic_table, hg_wl_cpu_periodic,
	hg_wl_lat;

const struct hg_workload *const hg_workloads[] = {
	&hg_wl_cpu,
	&hg_wl_cpu_scan,
	&hg_wl_cpu_yield,
	&hg_wl_cpu_scan_yield,
	&hg_wl_periodic,
	&hg_wl_periodic_table,
	&hg_wl_cpu_periodic,
	&hg_wl_lat,
	NULL,
};

const struct hg_workload *hg_workload_default(void)
{
	return &hg_wl_cpu;
}

static const char *wl_name(const void *ctx, size_t i)
{
	(void)ctx;
	return hg_workloads[i]->name;
}

const struct hg_workload *hg_workload_find(const char *name, char *err, size_t errlen)
{
	size_t count = 0, i;

	while (hg_workloads[count])
		count++;
	if (hg_lookup(name, "workload", wl_name, NULL, count, &i, err, errlen))
		return NULL;
	return hg_workloads[i];
}

int hg_wl_parse_time(const char *arg, const char *what, uint64_t *ns,
		     char *err, size_t errlen)
{
	char why[HG_ERR_LEN];
	int ret = hg_parse_time(arg, ns, why, sizeof(why));

	if (!ret && !*ns) {
		snprintf(why, sizeof(why), "must be greater than zero");
		ret = -EINVAL;
	}
	if (ret && err && errlen)
		snprintf(err, errlen, "%s '%s': %s", what, hg_quote(arg).s, why);
	return ret;
}

int hg_wl_parse_kb(const char *arg, const char *what, uint64_t *bytes,
		   char *err, size_t errlen)
{
	char num[32];
	const char *suffix;
	uint64_t kb;
	size_t n = strspn(arg, "0123456789");

	suffix = arg + n;
	if (!n || n >= sizeof(num) ||
	    (*suffix && strcasecmp(suffix, "k") && strcasecmp(suffix, "kb"))) {
		if (err && errlen)
			snprintf(err, errlen, "%s '%s': not a size in KB (write e.g. 256)",
				 what, hg_quote(arg).s);
		return -EINVAL;
	}
	memcpy(num, arg, n);
	num[n] = '\0';
	if (hg_parse_u64(num, &kb) || !kb || kb > 16ULL * 1024 * 1024) {
		if (err && errlen)
			snprintf(err, errlen, "%s '%s': must be 1 to 16777216 KB", what,
				 hg_quote(arg).s);
		return -ERANGE;
	}
	*bytes = kb * 1024;
	return 0;
}
