/* SPDX-License-Identifier: GPL-2.0-or-later */
/* version.h - the program's version */
#ifndef HG_VERSION_H
#define HG_VERSION_H

#define HG_VERSION "0.1.0"

#endif /* HG_VERSION_H */
