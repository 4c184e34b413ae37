# Check that no two text elements of an SVG picture overlap. Each text's box
# is estimated from its font size (from the picture's own CSS: the classes
# it has, else the document's default) and its length in characters at 0.6
# of the font size per character (the estimate the pictures lay out with),
# from the baseline up 0.8 of the size and down 0.2, placed by text-anchor.
# Rotated texts (a transform) are left out. Prints each overlapping pair;
# exits 1 if there is one, 2 on bad usage.
# usage: python3 tests/svg-text.py <file.svg>...
import html
import re
import sys

TEXT = re.compile(r'<text([^>]*)>(.*?)</text>', re.S)
ATTR = re.compile(r'([a-z-]+)="([^"]*)"')
RULE = re.compile(r'([^{}]+)\{([^}]*)\}')


def font_sizes(doc):
    sizes = {}
    default = 12.0
    style = re.search(r'<style[^>]*>(.*?)</style>', doc, re.S)
    for sel, body in RULE.findall(style.group(1) if style else ''):
        m = re.search(r'font-size:\s*([0-9.]+)px', body)
        if not m:
            continue
        for s in sel.split(','):
            s = s.strip()
            if s in ('text', 'svg'):
                default = float(m.group(1))
            elif re.fullmatch(r'\.[A-Za-z0-9_-]+', s):
                sizes[s[1:]] = float(m.group(1))
    return sizes, default


def boxes(doc):
    sizes, default = font_sizes(doc)
    out = []
    for attrs, body in TEXT.findall(doc):
        a = dict(ATTR.findall(attrs))
        if 'transform' in a or 'x' not in a or 'y' not in a:
            continue
        size = default
        if 'font-size' in a:
            size = float(a['font-size'].rstrip('px'))
        for c in a.get('class', '').split():
            size = sizes.get(c, size)
        text = html.unescape(re.sub(r'<[^>]*>', '', body))
        if not text.strip():
            continue
        w = len(text) * size * 0.6
        x, y = float(a['x']), float(a['y'])
        anchor = a.get('text-anchor', 'start')
        x0 = x - w if anchor == 'end' else x - w / 2 if anchor == 'middle' else x
        out.append((x0, y - 0.8 * size, x0 + w, y + 0.2 * size, text))
    return out


def main():
    if len(sys.argv) < 2:
        print('usage: svg-text.py <file.svg>...', file=sys.stderr)
        return 2
    bad = 0
    for path in sys.argv[1:]:
        with open(path, encoding='utf-8') as f:
            b = boxes(f.read())
        for i in range(len(b)):
            for j in range(i + 1, len(b)):
                p, q = b[i], b[j]
                # a pixel of slack: boxes that touch do not overlap
                if p[0] < q[2] - 1 and q[0] < p[2] - 1 and p[1] < q[3] - 1 and q[1] < p[3] - 1:
                    print('%s: "%s" at (%.1f, %.1f) overlaps "%s" at (%.1f, %.1f)' %
                          (path, p[4], p[0], p[3] - 0.2 * (p[3] - p[1]), q[4], q[0],
                           q[3] - 0.2 * (q[3] - q[1])))
                    bad += 1
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
