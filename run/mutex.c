// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mutex.c - the run's mutexes
 */
#include <stdio.h>
#include <string.h>

#include "run/mutex.h"

static const int protocols[] = {
	[HG_LOCK_INHERIT] = PTHREAD_PRIO_INHERIT,
	[HG_LOCK_NONE] = PTHREAD_PRIO_NONE,
	[HG_LOCK_PROTECT] = PTHREAD_PRIO_PROTECT,
};

int hg_run_locks_init(pthread_mutex_t *m, const struct hg_config *cfg, char *err,
		      size_t errlen)
{
	unsigned int k;
	int ret = 0;

	for (k = 0; k < cfg->nlocks && !ret; k++) {
		const struct hg_lock *l = &cfg->locks[k];
		pthread_mutexattr_t a;

		ret = pthread_mutexattr_init(&a);
		if (ret)
			break;
		ret = pthread_mutexattr_setprotocol(&a, protocols[l->protocol]);
		if (!ret && l->protocol == HG_LOCK_PROTECT)
			ret = pthread_mutexattr_setprioceiling(&a, l->ceiling);
		if (!ret)
			ret = pthread_mutex_init(&m[k], &a);
		pthread_mutexattr_destroy(&a);
		if (ret) {
			snprintf(err, errlen, "lock '%s': cannot make a %s mutex: %s", l->name,
				 hg_lock_protocol_name(l->protocol), strerror(ret));
			hg_run_locks_free(m, k);
		}
	}
	return -ret;
}

void hg_run_locks_free(pthread_mutex_t *m, unsigned int n)
{
	unsigned int k;

	for (k = 0; k < n; k++)
		pthread_mutex_destroy(&m[k]);
}
