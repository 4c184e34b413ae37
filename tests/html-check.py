# Check a page of hourglass report: it parses as HTML5 without an error
# (html5lib, the WHATWG parser), holds itself whole (no script, nothing
# fetched: no src, no link, no url() but its own fragments), holds <n>
# pictures, each an inline <svg> with a title whose style sheet names no
# other picture; and each picture, its style sheet as the picture had it,
# passes tests/svg-text.py (no text over text, under a line or across a
# box). With --png <file> also the headless browser's screenshot: a PNG
# 1280 px wide, not blank, with the pictures' first colour drawn (they
# are there, not a broken image).
# usage: python3 tests/html-check.py <page.html> <n> [--png <shot.png>]
import os
import re
import struct
import subprocess
import sys
import tempfile
import zlib

import html5lib

HERE = os.path.dirname(os.path.abspath(__file__))
SVG = re.compile(r'<svg id="pic(\d+)"[^>]*>(.*?)</svg>', re.S)
COLOURS = ((0x00, 0x66, 0xcc),)	# svg/svg.c's palette, the first colour


def parse(doc):
    p = html5lib.HTMLParser(strict=False)
    p.parse(doc)
    return ['line %d col %d: %s %s' % (pos[0], pos[1], err, args or '')
            for pos, err, args in p.errors]


def whole(doc):
    bad = []
    for what, pat in (('a script', r'<script'), ('a linked file', r'<link\b'),
                      ('a src', r'\bsrc='), ('an @import', r'@import'),
                      ('a url()', r'url\((?!#)'), ('an href', r'href="(?!#)')):
        if re.search(pat, doc):
            bad.append('holds %s' % what)
    return bad


def pictures(doc, n, tmp):
    bad, files = [], []
    found = SVG.findall(doc)
    if len(found) != n:
        bad.append('%d pictures, not %d' % (len(found), n))
    for k, body in found:
        if '<title>' not in body:
            bad.append('picture %s has no title' % k)
        style = re.search(r'<style>(.*?)</style>', body, re.S)
        for sel in re.findall(r'(#pic\d+)', style.group(1) if style else ''):
            if sel != '#pic' + k:
                bad.append('picture %s: its style sheet names %s' % (k, sel))
        path = os.path.join(tmp, 'pic%s.svg' % k)
        with open(path, 'w') as f:
            f.write('<svg>' + body.replace('#pic%s ' % k, '') + '</svg>\n')
        files.append(path)
    if files:
        r = subprocess.run([sys.executable, os.path.join(HERE, 'svg-text.py')] + files,
                           capture_output=True, text=True)
        if r.returncode:
            bad.append('text over text:\n' + r.stdout + r.stderr)
    return bad


def png_rows(path):
    d = open(path, 'rb').read()
    if d[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('not a PNG')
    pos, idat = 8, b''
    while pos < len(d):
        n, = struct.unpack('>I', d[pos:pos + 4])
        t, c = d[pos + 4:pos + 8], d[pos + 8:pos + 8 + n]
        pos += 12 + n
        if t == b'IHDR':
            w, h, depth, ct = struct.unpack('>IIBB', c[:10])
        elif t == b'IDAT':
            idat += c
    bpp = {2: 3, 6: 4}[ct]
    raw, stride, prev, i = zlib.decompress(idat), w * bpp, bytearray(w * bpp), 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], (prev[x - bpp] if x >= bpp else 0)
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + ((a + b) >> 1)) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        prev = line
        yield w, bpp, line


def screenshot(path):
    seen, inked, width = set(), 0, 0
    for w, bpp, line in png_rows(path):
        width = w
        for x in range(0, len(line), bpp):
            px = tuple(line[x:x + 3])
            if px != (255, 255, 255):
                inked += 1
            if px in COLOURS:
                seen.add(px)
    bad = []
    if width != 1280:
        bad.append('screenshot %d px wide, not 1280' % width)
    if inked < 10000:
        bad.append('screenshot nearly blank (%d pixels inked)' % inked)
    for c in COLOURS:
        if c not in seen:
            bad.append('screenshot: no pixel of the pictures\' colour #%02x%02x%02x' % c)
    return bad


def main():
    args = sys.argv[1:]
    if len(args) not in (2, 4) or (len(args) == 4 and args[2] != '--png'):
        print('usage: html-check.py <page.html> <n> [--png <shot.png>]', file=sys.stderr)
        return 2
    doc = open(args[0], encoding='utf-8').read()
    bad = ['html5: ' + e for e in parse(doc)] + whole(doc)
    with tempfile.TemporaryDirectory() as tmp:
        bad += pictures(doc, int(args[1]), tmp)
    if len(args) == 4:
        bad += screenshot(args[3])
    for b in bad:
        print('%s: %s' % (args[0], b))
    return 1 if bad else 0


sys.exit(main())
