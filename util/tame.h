/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tame.h - strings made safe to print, where they are taken in
 */
#ifndef HG_TAME_H
#define HG_TAME_H

/*
 * hg_tame - make @s safe to print, in place: each byte of a control
 * character (C0: newlines, ESC; DEL; C1: U+0080..U+009F, such as CSI, in
 * UTF-8 0xc2 0x9b) becomes '?', and so does each byte that is not part of
 * valid UTF-8 (a lone 0x9b CSI among them); valid UTF-8 text ("é") is
 * kept. @s keeps its length.
 * Every string from the kernel, a file or another program is tamed where
 * it is taken in: it goes to terminals and line-based output. Tamed text
 * is tamed again unchanged, so what a run wrote reads back the same.
 */
void hg_tame(char *s);

#endif /* HG_TAME_H */
