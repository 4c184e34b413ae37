/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * loadprof.h - the standard loads a run can start beside its threads
 * (--load), one struct hg_load_profile each in a table: the tool it runs,
 * the Debian package holding it, its command line, how its throughput is
 * read from what it printed
 */
#ifndef HG_LOADPROF_H
#define HG_LOADPROF_H

#include <stdbool.h>
#include <stddef.h>

#define HG_MAX_LOADS	8	/* profiles of one --load */
#define HG_LOAD_CMD_LEN	512	/* a load's shell command */

/*
 * struct hg_load_profile - one kind of load
 * @name:    as --load spells it ("net")
 * @tool:    the program it needs on PATH ("iperf3"); NULL for cmd:
 * @package: the Debian package holding @tool
 * @unit:    the unit of its throughput ("Mbit/s")
 * @what:    what the throughput counts, for the report
 * @command: writes the shell command of the load on @ncpus CPUs into @buf
 *           (@port: a free loopback TCP port, for net); 0 or -ENOSPC
 * @rate:    reads the throughput from the tool's output @text (its
 *           standard output and error); 0 or -ENODATA
 */
struct hg_load_profile {
	const char *name;
	const char *tool;
	const char *package;
	const char *unit;
	const char *what;
	int (*command)(unsigned int ncpus, unsigned int port, char *buf, size_t len);
	int (*rate)(const char *text, double *rate);
};

/* The profiles, NULL-terminated: sched, cpu, memory, io, net, cmd. */
extern const struct hg_load_profile *const hg_load_profiles[];

/*
 * struct hg_load_req - one load asked for
 * @prof: its profile
 * @cmd:  for cmd:<command>, the user's command (points into the option's
 *        value); NULL for the others
 */
struct hg_load_req {
	const struct hg_load_profile *prof;
	const char *cmd;
};

/*
 * hg_load_parse - @val of --load: profiles separated by commas, a
 * cmd:<command> last (it takes the rest, commas and all), each profile at
 * most once, into @req (HG_MAX_LOADS at most; *@n set), a cmd:'s command
 * shorter than HG_LOAD_CMD_LEN. On failure one line into @err naming the
 * item and the choices (or the limit). Returns 0 or -EINVAL.
 */
int hg_load_parse(const char *val, struct hg_load_req *req, unsigned int *n, char *err,
		  size_t errlen);

/*
 * hg_load_tool_missing - the first load of @req whose tool is not on PATH,
 * or NULL when every one is there
 */
const struct hg_load_req *hg_load_tool_missing(const struct hg_load_req *req, unsigned int n);

#endif /* HG_LOADPROF_H */
