/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * errlen.h - the size of the buffer an error line is formatted in
 */
#ifndef HG_ERRLEN_H
#define HG_ERRLEN_H

/*
 * HG_ERR_LEN - room for one error line: what failed, the value or file it
 * names (quoted in a bounded part, HG_QUOTE_MAX) and the reason
 */
#define HG_ERR_LEN 512

#endif /* HG_ERRLEN_H */
