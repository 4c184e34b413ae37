/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * mutex.h - the run's locks (--cs): one POSIX mutex each, with its
 * protocol and ceiling (trace/locks.h)
 */
#ifndef HG_RUN_MUTEX_H
#define HG_RUN_MUTEX_H

#include <pthread.h>
#include <stddef.h>

#include "run/config.h"

/*
 * hg_run_locks_init - a mutex for each of @cfg's locks into @m (room for
 * HG_MAX_LOCKS): PTHREAD_PRIO_NONE, _INHERIT, or _PROTECT with the lock's
 * ceiling. Returns 0, or -errno with a one-line reason in @err (none made).
 */
int hg_run_locks_init(pthread_mutex_t *m, const struct hg_config *cfg, char *err,
		      size_t errlen);

/* hg_run_locks_free - destroy the @n mutexes of @m. */
void hg_run_locks_free(pthread_mutex_t *m, unsigned int n);

#endif /* HG_RUN_MUTEX_H */
