# The pictures' palette (svg/svg.c): every two colours told apart by a
# reader with normal colour vision and by one with protanopia,
# deuteranopia or tritanopia, simulated as Machado, Oliveira and Fernandes
# (IEEE TVCG 2009) give it at full severity, in linear sRGB. Two colours
# differ by their smallest CIEDE2000 difference over the four.
# usage: python3 tests/palette.py check <svg.c> [<least difference>]
#        python3 tests/palette.py choose <n>
# check: exits 1 when two colours differ by less (default 8), naming them.
# choose: the palette as svg.c holds it: a greedy choice from the sRGB cube
# in steps of 17 (lightness 30 to 66 for text on white, chroma 35 and up),
# each colour the farthest from those before it, from #0066cc; the first k
# of it are the best spread for k threads.
import itertools
import math
import re
import sys

SIM = [
    None,
    [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
     [-0.003882, -0.048116, 1.051998]],		# protanopia
    [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
     [-0.011820, 0.042940, 0.968881]],		# deuteranopia
    [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
     [0.004733, 0.691367, 0.303900]],		# tritanopia
]


def linear(c):
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(rgb, m):
    r, g, b = [linear(c) for c in rgb]
    if m:
        r, g, b = [min(1, max(0, m[i][0] * r + m[i][1] * g + m[i][2] * b)) for i in range(3)]
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def ciede2000(p, q):
    (l1, a1, b1), (l2, a2, b2) = p, q
    cb = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cb ** 7 / (cb ** 7 + 25 ** 7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1, h2 = math.degrees(math.atan2(b1, a1)) % 360, math.degrees(math.atan2(b2, a2)) % 360
    dh = 0 if c1 * c2 == 0 else (h2 - h1 + 180) % 360 - 180
    dhh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    lm, cm = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        hm = h1 + h2
    elif abs(h1 - h2) <= 180:
        hm = (h1 + h2) / 2
    else:
        hm = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hm - 30)) + 0.24 * math.cos(math.radians(2 * hm)) +
         0.32 * math.cos(math.radians(3 * hm + 6)) - 0.20 * math.cos(math.radians(4 * hm - 63)))
    rc = 2 * math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc, sh = 1 + 0.045 * cm, 1 + 0.015 * cm * t
    rt = -math.sin(math.radians(60 * math.exp(-((hm - 275) / 25) ** 2))) * rc
    dl, dc = (l2 - l1) / sl, (c2 - c1) / sc
    return math.sqrt(dl ** 2 + dc ** 2 + (dhh / sh) ** 2 + rt * dc * (dhh / sh))


def views(rgb):
    return [lab(rgb, m) for m in SIM]


def differ(p, q):
    return min(ciede2000(a, b) for a, b in zip(p, q))


def rgb_of(h):
    return tuple(int(h[i:i + 2], 16) for i in (1, 3, 5))


def check(path, least):
    with open(path) as f:
        text = f.read()
    m = re.search(r'palette\[[^]]*\] = \{(.*?)\};', text, re.S)
    colours = re.findall(r'"(#[0-9a-fA-F]{6})"', m.group(1) if m else '')
    if len(colours) < 2:
        print('%s: no palette' % path)
        return 1
    v = [views(rgb_of(c)) for c in colours]
    bad = 0
    for i, j in itertools.combinations(range(len(colours)), 2):
        d = differ(v[i], v[j])
        if d < least:
            print('%s: colours %d %s and %d %s differ by %.1f (at least %g)' %
                  (path, i, colours[i], j, colours[j], d, least))
            bad += 1
    return 1 if bad else 0


def choose(n):
    cands = []
    for rgb in itertools.product(range(0, 256, 17), repeat=3):
        l, a, b = lab(rgb, None)
        if 30 <= l <= 66 and math.hypot(a, b) >= 35:
            cands.append(rgb)
    v = {c: views(c) for c in cands}
    chosen = [(0x00, 0x66, 0xcc)]
    near = {c: differ(v[c], v[chosen[0]]) for c in cands}
    while len(chosen) < n:
        best = max(cands, key=lambda c: near[c])
        chosen.append(best)
        for c in cands:
            near[c] = min(near[c], differ(v[c], v[best]))
    print(', '.join('"#%02x%02x%02x"' % c for c in chosen))
    return 0


def main():
    if len(sys.argv) >= 3 and sys.argv[1] == 'check':
        return check(sys.argv[2], float(sys.argv[3]) if len(sys.argv) > 3 else 8)
    if len(sys.argv) == 3 and sys.argv[1] == 'choose':
        return choose(int(sys.argv[2]))
    print('usage: palette.py check <svg.c> [<least difference>] | choose <n>', file=sys.stderr)
    return 2


if __name__ == '__main__':
    sys.exit(main())
