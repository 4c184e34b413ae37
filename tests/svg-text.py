# Check that no two text elements of an SVG picture overlap. Each text's box
# is estimated from its font size (from the picture's own CSS: the classes
# it has, else the document's default) and its length in characters at 0.6
# of the font size per character (the estimate the pictures lay out with),
# from the baseline up 0.8 of the size and down 0.2, placed by text-anchor.
# Rotated texts (a transform) are left out. No text may lie under a line
# either (a segment through its box; the faint rules of a grid, drawn
# first, are left out), nor meet a rectangle, but for a label written on
# its own box (wholly inside it, drawn after it); the picture's background
# is left out. Prints each overlapping pair; exits 1
# if there is one, 2 on bad usage.
# usage: python3 tests/svg-text.py <file.svg>...
import html
import re
import sys

TEXT = re.compile(r'<text([^>]*)>(.*?)</text>', re.S)
SHAPE = re.compile(r'<(text|line|rect)\b([^>]*)>')
ATTR = re.compile(r'([a-z][a-z0-9-]*)="([^"]*)"')
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
    for k, (attrs, body) in enumerate(TEXT.findall(doc)):
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
        out.append((x0, y - 0.8 * size, x0 + w, y + 0.2 * size, text, k))
    return out


def shapes(doc):
    """Lines and rectangles in the order drawn, each with its place among
    the texts (how many texts come before it)."""
    out = []
    texts = 0
    for kind, attrs in SHAPE.findall(doc):
        if kind == 'text':
            texts += 1
            continue
        a = dict(ATTR.findall(attrs))
        try:
            if kind == 'line' and 'grid' in a.get('class', '').split():
                continue
            if kind == 'line':
                out.append(('line', texts, float(a['x1']), float(a['y1']), float(a['x2']),
                            float(a['y2']), a.get('class', '')))
            elif a.get('width', '').endswith('%') or 'transform' in a:
                continue	# the background
            else:
                x, y = float(a.get('x', 0)), float(a.get('y', 0))
                out.append(('rect', texts, x, y, x + float(a['width']),
                            y + float(a['height']), a.get('class', '')))
        except (KeyError, ValueError):
            continue
    return out


def crosses(b, x1, y1, x2, y2):
    """Whether the segment passes through box @b (a pixel inside its edges)."""
    bx0, by0, bx1, by1 = b[0] + 1, b[1] + 1, b[2] - 1, b[3] - 1
    if bx0 >= bx1 or by0 >= by1:
        return False
    t0, t1 = 0.0, 1.0
    dx, dy = x2 - x1, y2 - y1
    for p, q in ((-dx, x1 - bx0), (dx, bx1 - x1), (-dy, y1 - by0), (dy, by1 - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return False
    return True


def under(path, doc, b):
    """Each text of @b under a line or meeting a rectangle."""
    bad = 0
    for kind, before, x0, y0, x1, y1, cls in shapes(doc):
        for p in b:
            if kind == 'line' and crosses(p, x0, y0, x1, y1):
                what = 'the line (%.1f, %.1f)-(%.1f, %.1f)' % (x0, y0, x1, y1)
            elif kind == 'rect' and p[0] < x1 - 1 and x0 < p[2] - 1 and \
                    p[1] < y1 - 1 and y0 < p[3] - 1:
                inside = x0 <= p[0] and p[2] <= x1 and y0 <= p[1] and p[3] <= y1
                # its index among the texts: drawn after the box or not
                if inside and p[5] >= before:
                    continue
                what = 'the rectangle (%.1f, %.1f)-(%.1f, %.1f)' % (x0, y0, x1, y1)
            else:
                continue
            print('%s: "%s" at (%.1f, %.1f) is under %s%s' %
                  (path, p[4], p[0], p[3] - 0.2 * (p[3] - p[1]), what,
                   ' (class %s)' % cls if cls else ''))
            bad += 1
    return bad


def main():
    if len(sys.argv) < 2:
        print('usage: svg-text.py <file.svg>...', file=sys.stderr)
        return 2
    bad = 0
    for path in sys.argv[1:]:
        with open(path, encoding='utf-8') as f:
            doc = f.read()
        b = boxes(doc)
        bad += under(path, doc, b)
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
