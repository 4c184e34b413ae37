/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fuzz.h - what the fuzz targets share
 *
 * Each target is one file, fuzz_<name>.c, defining the libFuzzer entry
 * point LLVMFuzzerTestOneInput(). The same file builds three ways: with
 * libFuzzer (make fuzz, clang), with AFL++ (make fuzz-afl), and with the
 * plain compiler for make check, which replays the seed corpus and every
 * input that once crashed (tests/fuzz/regress/<name>/). The last two link
 * driver.c, a main() that feeds the entry point files.
 *
 * A target aborts on a broken promise it can check (a value that does not
 * parse back, output that is not what it should be): the fuzzer reports an
 * abort as it reports a crash.
 */
#ifndef HG_FUZZ_H
#define HG_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* LLVMFuzzerTestOneInput - run one input; always returns 0. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* hg_fuzz_sink - a stream to /dev/null for output nobody reads (opened once). */
FILE *hg_fuzz_sink(void);

/*
 * hg_fuzz_file - @data as the contents of a regular file in memory (a
 * memfd, reused from call to call); its name goes to @path
 * Returns 0 or -errno.
 */
int hg_fuzz_file(const uint8_t *data, size_t size, char *path, size_t pathlen);

/*
 * hg_fuzz_words - split @data at NUL bytes and newlines into at most
 * @max words after @argv0; *@argv is malloc'd, one block with the strings,
 * NULL-terminated, free with free()
 * Returns the number of words including @argv0, or -ENOMEM.
 */
int hg_fuzz_words(const uint8_t *data, size_t size, const char *argv0, int max,
		  char ***argv);

/* The sections of a trace file, as far as their headers hold together. */
struct hg_fuzz_section {
	uint32_t type;
	size_t at;		/* offset of its header */
	size_t payload;		/* offset of its payload */
	size_t len;		/* payload length */
};

#define HG_FUZZ_SEC_RECORDS 4
#define HG_FUZZ_SEC_END 5
#define HG_FUZZ_MAX_SECTIONS 256

/*
 * hg_fuzz_sections - walk the section headers of the trace file in @buf
 * Returns how many of @max were filled (0 when the header is too short).
 */
size_t hg_fuzz_sections(const uint8_t *buf, size_t size, struct hg_fuzz_section *sec,
			size_t max);

/*
 * hg_fuzz_fix_crc - write the right checksum into the END section of the
 * trace file in @buf, if it has one, so that mutations of what it guards
 * reach the readers behind the check
 */
void hg_fuzz_fix_crc(uint8_t *buf, size_t size);

#endif /* HG_FUZZ_H */
