#!/usr/bin/env python3
"""Draw the installable app's icons: a white die showing five pips on green felt.

Pure Python (zlib + struct), so it needs nothing installed and gives the same
bytes on every machine. The PNGs are committed; run this only to change the
design:

    python3 .ci/make_icons.py

Writes static/icons/app/:
  icon-192.png, icon-512.png    purpose "any": rounded felt tile, die on it
  maskable-192.png, maskable-512.png
                                purpose "maskable": full-bleed felt, the die
                                inside the central safe circle (radius 40 %)
                                so any launcher mask leaves it whole.

Shapes are signed distance functions; a pixel's coverage is its distance to
the edge clamped to one pixel, which gives clean anti-aliased edges without
supersampling.
"""
import math
import os
import struct
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "static", "icons", "app")

FELT = (14, 107, 79)     # #0e6b4f, also the manifest's theme/background colour
DIE = (250, 248, 240)    # ivory
PIP = (28, 25, 23)       # near black
SHADOW = (0, 0, 0)

# Pip centres of a five, in units of the die's half side.
FIVE = [(-0.5, -0.5), (0.5, -0.5), (0.0, 0.0), (-0.5, 0.5), (0.5, 0.5)]


def rounded_box(px, py, half, radius):
    """Signed distance from (px, py) to a rounded square centred at 0."""
    qx = abs(px) - half + radius
    qy = abs(py) - half + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    inside = min(max(qx, qy), 0.0)
    return outside + inside - radius


def coverage(distance):
    """Fraction of a pixel inside a shape whose edge is `distance` px away."""
    return min(1.0, max(0.0, 0.5 - distance))


def blend(under, over, alpha):
    return tuple(u + (o - u) * alpha for u, o in zip(under, over))


def draw(size, maskable):
    """Return rows of RGBA bytes for one icon."""
    c = size / 2.0
    # The die's half side: for "any" the die fills most of the tile; for
    # "maskable" its corners must stay inside the 40 % safe circle.
    half = size * (0.25 if maskable else 0.30)
    die_r = half * 0.22
    pip_r = half * 0.19
    tile_half = size * 0.5
    tile_r = 0.0 if maskable else size * 0.18
    shadow_dy = size * 0.02
    rows = []
    for y in range(size):
        row = bytearray()
        for x in range(size):
            px = x + 0.5 - c
            py = y + 0.5 - c
            tile = coverage(rounded_box(px, py, tile_half, tile_r)) if tile_r else 1.0
            colour = FELT
            shadow = coverage(rounded_box(px, py - shadow_dy, half, die_r) - size * 0.006)
            colour = blend(colour, SHADOW, 0.28 * shadow)
            face = coverage(rounded_box(px, py, half, die_r))
            colour = blend(colour, DIE, face)
            for fx, fy in FIVE:
                d = math.hypot(px - fx * half * 1.05, py - fy * half * 1.05) - pip_r
                pip = coverage(d)
                if pip:
                    colour = blend(colour, PIP, pip)
            row += bytes(int(round(v)) for v in colour)
            row.append(int(round(255 * tile)))
        rows.append(bytes(row))
    return rows


def png(rows, size):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    raw = b"".join(b"\x00" + r for r in rows)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, size, maskable in [("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("maskable-192.png", 192, True), ("maskable-512.png", 512, True)]:
        path = os.path.join(OUT, name)
        with open(path, "wb") as f:
            f.write(png(draw(size, maskable), size))
        print("wrote", os.path.relpath(path, ROOT))


if __name__ == "__main__":
    main()
