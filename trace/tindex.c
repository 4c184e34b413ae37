// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tindex.c - the index of a trace file's records: the checksum's pieces
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "trace/tindex.h"

int hg_tindex_add_piece(struct hg_tindex *ix, uint32_t thread, uint32_t crc, uint64_t len)
{
	if (ix->npieces == ix->cappieces) {
		size_t cap = ix->cappieces ? 2 * ix->cappieces : 16;
		struct hg_tindex_piece *p = realloc(ix->piece, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		ix->piece = p;
		ix->cappieces = cap;
	}
	ix->piece[ix->npieces++] = (struct hg_tindex_piece){ len, crc, thread };
	return 0;
}

void hg_tindex_free(struct hg_tindex *ix)
{
	free(ix->off);
	free(ix->piece);
	memset(ix, 0, sizeof(*ix));
}
