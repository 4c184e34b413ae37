/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * workload.h - execution models: one ops table each
 *
 * A workload parses its own arguments into struct hg_wl_params, may set up
 * memory before the run starts, and runs on the thread's tracer until the
 * tracer says stop. Its ops are called once per run, never per iteration of
 * the gap loop.
 */
#ifndef HG_WORKLOAD_H
#define HG_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "../trace/tracer.h"

#define HG_WL_PATH_LEN 256

/* Parameters of every model; each uses the fields it needs. */
struct hg_wl_params {
	uint64_t scan_bytes;	/* CPU_SCAN*: size of the array */
	uint64_t amount_ns;	/* CPU_YIELD*: CPU time between yields; PERIODIC: C */
	uint64_t period_ns;	/* PERIODIC, CPU_PERIODIC, LAT: T */
	uint64_t deadline_ns;	/* PERIODIC: D (default T) */
	char path[HG_WL_PATH_LEN];
};

/* What a workload runs with. */
struct hg_wl_ctx {
	struct hg_tracer *tr;
	const struct hg_wl_params *p;
	uint64_t tsc_hz;
	void *priv;		/* the workload's own state, from setup */
};

struct hg_workload {
	const char *name;
	const char *args;	/* usage of its arguments, e.g. "<size KB> <amount>" */
	const char *help;	/* one line */
	unsigned int min_args;
	unsigned int max_args;
	const char *unit;	/* what tstats.units counts, or NULL */
	/*
	 * parse - fill @p from @n arguments; on error write a one-line reason
	 * naming the argument to @err and return -EINVAL or -ERANGE
	 */
	int (*parse)(struct hg_wl_params *p, char *const *args, unsigned int n,
		     char *err, size_t errlen);
	/* describe - the workload with its arguments, as a user writes it */
	void (*describe)(const struct hg_wl_params *p, char *buf, size_t len);
	/* setup - allocate and touch memory before the start (may be NULL) */
	int (*setup)(struct hg_wl_ctx *ctx);
	/*
	 * run - the model, until hg_tracer_* returns HG_LOOP_STOP; NULL while
	 * the model is not supported. Returns 0 or -errno.
	 */
	int (*run)(struct hg_wl_ctx *ctx);
	/* teardown - release what setup took (may be NULL) */
	void (*teardown)(struct hg_wl_ctx *ctx);
};

/* hg_workloads - every model, NULL-terminated. */
extern const struct hg_workload *const hg_workloads[];

/*
 * hg_workload_find - look a model up by name: case-insensitive, a unique
 * prefix is enough. On failure writes a reason listing the choices to @err.
 * Returns the model or NULL.
 */
const struct hg_workload *hg_workload_find(const char *name, char *err, size_t errlen);

/* hg_workload_default - the CPU model. */
const struct hg_workload *hg_workload_default(void);

/*
 * hg_wl_parse_time - parse argument @what of a workload as a time value
 * greater than zero; on error writes "<what> '<arg>': reason" to @err.
 */
int hg_wl_parse_time(const char *arg, const char *what, uint64_t *ns,
		     char *err, size_t errlen);

/*
 * hg_wl_parse_kb - parse a size in KB ("256", "256K", "256KB"), 1 KB to
 * 16 GB, into bytes; on error writes "<what> '<arg>': reason" to @err.
 */
int hg_wl_parse_kb(const char *arg, const char *what, uint64_t *bytes,
		   char *err, size_t errlen);

#endif /* HG_WORKLOAD_H */
