// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * driver.c - main() for a fuzz target without libFuzzer: feeds the entry
 * point each file named (the files of a directory, in name order), or
 * standard input when none is. make check replays the corpora with it;
 * AFL++ runs it on each input it makes (afl-fuzz ... -- <target> @@).
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

#define INPUT_MAX_BYTES (16u << 20)

static int run_stream(FILE *in, const char *name)
{
	uint8_t *buf = malloc(INPUT_MAX_BYTES);
	size_t n;

	if (!buf)
		return -ENOMEM;
	n = fread(buf, 1, INPUT_MAX_BYTES, in);
	if (ferror(in)) {
		fprintf(stderr, "%s: read error\n", name);
		free(buf);
		return -EIO;
	}
	LLVMFuzzerTestOneInput(buf, n);
	free(buf);
	return 0;
}

static int run_file(const char *path, unsigned int *count)
{
	FILE *in = fopen(path, "rb");
	int ret;

	if (!in) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -errno;
	}
	ret = run_stream(in, path);
	fclose(in);
	if (!ret)
		(*count)++;
	return ret;
}

static int run_path(const char *path, unsigned int *count)
{
	struct dirent **names;
	struct stat sb;
	int n, i, ret = 0;

	if (stat(path, &sb)) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -errno;
	}
	if (!S_ISDIR(sb.st_mode))
		return run_file(path, count);
	n = scandir(path, &names, NULL, alphasort);
	if (n < 0) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -errno;
	}
	for (i = 0; i < n; i++) {
		char sub[4096];

		if (names[i]->d_name[0] != '.' && !ret) {
			snprintf(sub, sizeof(sub), "%s/%s", path, names[i]->d_name);
			ret = run_path(sub, count);
		}
		free(names[i]);
	}
	free(names);
	return ret;
}

int main(int argc, char **argv)
{
	unsigned int count = 0;
	int i;

	if (argc < 2)
		return run_stream(stdin, "standard input") ? 1 : 0;
	for (i = 1; i < argc; i++)
		if (run_path(argv[i], &count))
			return 1;
	printf("%s: %u inputs\n", argv[0], count);
	return 0;
}
