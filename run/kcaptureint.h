/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kcaptureint.h - the state of a capture, shared by kcapture.c (the
 * instance) and kread.c (reading it, after the run and at snapshots) only
 */
#ifndef HG_KCAPTUREINT_H
#define HG_KCAPTUREINT_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>
#include <tracefs.h>

#include "trace/kevents.h"

struct hg_kread;

struct hg_kcapture {
	struct tracefs_instance *inst;
	int lock_fd;		/* its file held, locked: the run goes on (kinstance.h) */
	cpu_set_t cpus;
	bool mono;		/* the trace clock is mono, not the counter */
	bool overwrite;		/* a flight recorder: the oldest events go */
	uint64_t start_cycles, end_cycles;
	struct hg_kevents *kev;	/* the events to come, with the tracepoints
				 * enabled ("system:event") named already;
				 * kread.c takes it when it starts reading */
	struct hg_kread *rd;	/* kread.c's: the formats, the events read so far */
};

/* hg_kread_free - free what kread.c keeps for a capture; NULL is fine. */
void hg_kread_free(struct hg_kread *rd);

#endif /* HG_KCAPTUREINT_H */
