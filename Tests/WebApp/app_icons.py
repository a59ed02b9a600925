#!/usr/bin/env python3
"""Draws the web app's PNG icons from the design of assets/icon.svg (phones' home screens want PNG:
iOS ignores SVG icons): icon-192.png and icon-512.png for the manifest, apple-touch-icon.png
(180x180, square corners: iOS rounds them itself and would show transparent corners black).

Pure Python (zlib for the PNG), so every machine draws the same pixels. Shapes
are the SVG's, in its 512-unit space: a rounded square (radius 96) in #1b4d6b, the house
"M256 96 96 232h48v168h88v-104h48v104h88V232h48z" in #f6f7f4 and a circle (256, 208, r 28) in
#e8a33d. Each pixel's coverage is exact across a row and sampled on 8 lines down it.

Usage: app_icons.py [--check]   (--check: fail if the committed PNGs' pixels differ from what it draws)
"""
import math
import os
import struct
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ASSETS = os.path.join(ROOT, "Sources/Homeward/WebApp/assets")
ICONS = [("icon-192.png", 192, True), ("icon-512.png", 512, True), ("apple-touch-icon.png", 180, False)]
SUBROWS = 8

BRAND = (0x1B, 0x4D, 0x6B)
PAPER = (0xF6, 0xF7, 0xF4)
SUN = (0xE8, 0xA3, 0x3D)
HOUSE = [(256, 96), (96, 232), (144, 232), (144, 400), (232, 400), (232, 296), (280, 296), (280, 400),
         (368, 400), (368, 232), (416, 232)]


def rounded_square(y, radius):
    """The x-interval of the 512-unit rounded square on the line y (radius 0: a plain square)."""
    if not 0 <= y < 512:
        return []
    inset = 0.0
    corner = radius - y if y < radius else y - (512 - radius) if y > 512 - radius else 0
    if corner > 0:
        inset = radius - math.sqrt(max(0.0, radius * radius - corner * corner))
    return [(inset, 512 - inset)]


def polygon(y, points):
    """The x-intervals inside the polygon on the line y (even-odd rule)."""
    crossings = []
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        if (y1 <= y < y2) or (y2 <= y < y1):
            crossings.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    crossings.sort()
    return list(zip(crossings[0::2], crossings[1::2]))


def circle(y, cx, cy, r):
    d = r * r - (y - cy) ** 2
    if d <= 0:
        return []
    half = math.sqrt(d)
    return [(cx - half, cx + half)]


def coverage(intervals, size, scale):
    """How much of each pixel of a line the intervals (in SVG units) cover, 0 to 1."""
    row = [0.0] * size
    for start, end in intervals:
        a, b = start * scale, end * scale
        for x in range(max(0, int(a)), min(size, int(math.ceil(b)))):
            row[x] += max(0.0, min(b, x + 1) - max(a, x))
    return row


def draw(size, rounded):
    scale = size / 512
    pixels = bytearray()
    for y in range(size):
        layers = []
        for intervals_at in (lambda v: rounded_square(v, 96 if rounded else 0), lambda v: polygon(v, HOUSE),
                             lambda v: circle(v, 256, 208, 28)):
            total = [0.0] * size
            for sub in range(SUBROWS):
                line = coverage(intervals_at((y + (sub + 0.5) / SUBROWS) / scale), size, scale)
                total = [t + c / SUBROWS for t, c in zip(total, line)]
            layers.append(total)
        pixels.append(0)  # PNG filter: none
        for x in range(size):
            alpha = min(1.0, layers[0][x])
            colour = list(BRAND)
            for paint, layer in ((PAPER, layers[1]), (SUN, layers[2])):
                a = min(1.0, layer[x])
                colour = [c * (1 - a) + p * a for c, p in zip(colour, paint)]
            pixels += bytes([round(c) for c in colour] + [round(alpha * 255)])
    return bytes(pixels)


def png(size, raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def scanlines(data):
    """The decompressed image data of a PNG this script wrote (one IDAT chunk)."""
    position, idat = 8, b""
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        if kind == b"IDAT":
            idat += data[position + 8:position + 8 + length]
        position += 12 + length
    return zlib.decompress(idat)


def main():
    check = "--check" in sys.argv[1:]
    stale = []
    for name, size, rounded in ICONS:
        path = os.path.join(ASSETS, name)
        raw = draw(size, rounded)
        if check:
            with open(path, "rb") as existing:
                if scanlines(existing.read()) != raw:
                    stale.append(name)
        else:
            data = png(size, raw)
            with open(path, "wb") as output:
                output.write(data)
            print(f"{path}: {size}x{size}, {len(data)} bytes")
    if stale:
        print("out of date (run Tests/WebApp/app_icons.py): " + ", ".join(stale))
        sys.exit(1)
    if check:
        print("the app icons match their design")


if __name__ == "__main__":
    main()
