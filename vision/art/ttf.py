"""A small TrueType reader: glyph outlines as polygons, to print classic numerals in real fonts.

Only what numerals need: `cmap` format 4, `glyf` simple and composite glyphs, `hmtx` advances.
No hinting, no kerning. The fonts come from Debian packages (see the Makefile's DEB_PACKAGES);
when none is installed, `available_fonts()` is empty and the renders use OpenCV's Hershey fonts.
"""

import struct
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

FONT_DIRS = (Path("/usr/share/fonts/truetype"),)
#: Bold, plain sans (and a few other) faces whose numerals look like the ones printed on cards.
FONT_NAMES = ("DejaVuSans-Bold.ttf", "DejaVuSansCondensed-Bold.ttf", "DejaVuSerif-Bold.ttf",
              "LiberationSans-Bold.ttf", "LiberationSans-BoldItalic.ttf", "LiberationSerif-Bold.ttf",
              "LiberationSansNarrow-Bold.ttf", "FreeSansBold.ttf", "FreeSansBoldOblique.ttf",
              "FreeSerifBold.ttf", "Lato-Black.ttf", "Lato-Bold.ttf", "Lato-Heavy.ttf",
              "OpenSans-ExtraBold.ttf", "OpenSans-Bold.ttf", "Roboto-Black.ttf", "Roboto-Bold.ttf",
              "RobotoCondensed-Bold.ttf", "ComicNeue-Bold.ttf", "ComicNeue_Bold.ttf")


@lru_cache(maxsize=1)
def available_fonts() -> tuple[Path, ...]:
    """The installed fonts of FONT_NAMES, in a fixed order."""
    found = {}
    for folder in FONT_DIRS:
        if folder.is_dir():
            for path in folder.rglob("*.ttf"):
                found.setdefault(path.name, path)
    return tuple(found[name] for name in FONT_NAMES if name in found)


class Font:
    """One TrueType font's glyph outlines, in font units (y up)."""

    def __init__(self, path):
        self.data = data = Path(path).read_bytes()
        count = struct.unpack_from(">H", data, 4)[0]
        self.tables = {}
        for i in range(count):
            tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
            self.tables[tag.decode("latin-1")] = (offset, length)
        head = self.tables["head"][0]
        self.units = struct.unpack_from(">H", data, head + 18)[0]
        long_loca = struct.unpack_from(">h", data, head + 50)[0] == 1
        glyphs = struct.unpack_from(">H", data, self.tables["maxp"][0] + 4)[0]
        loca = self.tables["loca"][0]
        if long_loca:
            self.loca = struct.unpack_from(f">{glyphs + 1}I", data, loca)
        else:
            self.loca = tuple(2 * v for v in struct.unpack_from(f">{glyphs + 1}H", data, loca))
        metrics = struct.unpack_from(">H", data, self.tables["hhea"][0] + 34)[0]
        hmtx = self.tables["hmtx"][0]
        self.advances = [struct.unpack_from(">H", data, hmtx + 4 * i)[0] for i in range(metrics)]
        self.cmap = self._cmap()

    def _cmap(self) -> dict[int, int]:
        data = self.data
        base = self.tables["cmap"][0]
        count = struct.unpack_from(">H", data, base + 2)[0]
        for i in range(count):
            platform, encoding, offset = struct.unpack_from(">HHI", data, base + 4 + 8 * i)
            sub = base + offset
            if (platform, encoding) in ((3, 1), (0, 3), (0, 4)) and struct.unpack_from(">H", data, sub)[0] == 4:
                segs = struct.unpack_from(">H", data, sub + 6)[0] // 2
                ends = struct.unpack_from(f">{segs}H", data, sub + 14)
                starts = struct.unpack_from(f">{segs}H", data, sub + 16 + 2 * segs)
                deltas = struct.unpack_from(f">{segs}h", data, sub + 16 + 4 * segs)
                range_at = sub + 16 + 6 * segs
                ranges = struct.unpack_from(f">{segs}H", data, range_at)
                table = {}
                for s, (start, end, delta, rng) in enumerate(zip(starts, ends, deltas, ranges)):
                    for code in range(start, min(end, 0x7F) + 1):
                        if rng == 0:
                            table[code] = (code + delta) & 0xFFFF
                        else:
                            at = range_at + 2 * s + rng + 2 * (code - start)
                            glyph = struct.unpack_from(">H", data, at)[0]
                            table[code] = (glyph + delta) & 0xFFFF if glyph else 0
                return table
        return {}

    def advance(self, glyph: int) -> int:
        """Horizontal advance of a glyph, font units."""
        return self.advances[min(glyph, len(self.advances) - 1)]

    def outline(self, glyph: int, depth: int = 0) -> list[np.ndarray]:
        """The closed contours of a glyph as float arrays of points (font units, y up)."""
        start, end = self.loca[glyph], self.loca[glyph + 1]
        if end <= start or depth > 4:
            return []
        data, at = self.data, self.tables["glyf"][0] + start
        contours = struct.unpack_from(">h", data, at)[0]
        at += 10
        if contours < 0:
            return self._composite(at, depth)
        ends = struct.unpack_from(f">{contours}H", data, at)
        at += 2 * contours
        at += 2 + struct.unpack_from(">H", data, at)[0]
        n = ends[-1] + 1 if contours else 0
        flags = []
        while len(flags) < n:
            flag = data[at]
            at += 1
            flags.append(flag)
            if flag & 8:
                flags += [flag] * data[at]
                at += 1
        coords = []
        for short, same in ((2, 16), (4, 32)):
            value, values = 0, []
            for flag in flags:
                if flag & short:
                    step = data[at]
                    at += 1
                    value += step if flag & same else -step
                elif not flag & same:
                    value += struct.unpack_from(">h", data, at)[0]
                    at += 2
                values.append(value)
            coords.append(values)
        points = np.array(coords, np.float32).T
        on = np.array([f & 1 for f in flags], bool)
        result, first = [], 0
        for last in ends:
            result.append(_flatten(points[first:last + 1], on[first:last + 1]))
            first = last + 1
        return result

    def _composite(self, at: int, depth: int) -> list[np.ndarray]:
        data, result = self.data, []
        while True:
            flags, glyph = struct.unpack_from(">HH", data, at)
            at += 4
            if flags & 1:
                dx, dy = struct.unpack_from(">hh", data, at)
                at += 4
            else:
                dx, dy = struct.unpack_from(">bb", data, at)
                at += 2
            m = np.eye(2, dtype=np.float32)
            if flags & 8:
                m *= struct.unpack_from(">h", data, at)[0] / 16384
                at += 2
            elif flags & 0x40:
                m = np.diag(np.array(struct.unpack_from(">hh", data, at), np.float32) / 16384)
                at += 4
            elif flags & 0x80:
                m = np.array(struct.unpack_from(">hhhh", data, at), np.float32).reshape(2, 2) / 16384
                at += 8
            offset = np.array([dx, dy], np.float32) if flags & 2 else np.zeros(2, np.float32)
            result += [c @ m + offset for c in self.outline(glyph, depth + 1)]
            if not flags & 0x20:
                return result


def _flatten(points: np.ndarray, on: np.ndarray, steps: int = 5) -> np.ndarray:
    """A TrueType contour (quadratic B-splines with implied on-curve points) as a polygon."""
    if len(points) == 0:
        return points
    if not on.any():
        points = np.concatenate([(points + np.roll(points, -1, axis=0)) / 2])
        on = np.ones(len(points), bool)
    start = int(np.argmax(on))
    points, on = np.roll(points, -start, axis=0), np.roll(on, -start)
    out = [points[0]]
    n = len(points)
    i = 1
    current = points[0]
    t = np.linspace(0, 1, steps + 1, dtype=np.float32)[1:, None]
    while i <= n:
        p, p_on = points[i % n], on[i % n]
        if p_on:
            out.append(p)
            current = p
            i += 1
            continue
        nxt, nxt_on = points[(i + 1) % n], on[(i + 1) % n]
        end = nxt if nxt_on else (p + nxt) / 2
        curve = (1 - t) ** 2 * current + 2 * (1 - t) * t * p + t ** 2 * end
        out.extend(curve)
        current = end
        i += 2 if nxt_on else 1
    return np.array(out, np.float32)


@lru_cache(maxsize=32)
def load_font(path) -> Font:
    """A parsed font, cached."""
    return Font(path)


def text_mask(text: str, font: Font, height: int) -> np.ndarray:
    """A white-on-black uint8 mask of `text` whose digits are about `height` px tall, tightly cut."""
    contours, pen = [], 0.0
    for char in text:
        glyph = font.cmap.get(ord(char), 0)
        contours += [c + (pen, 0) for c in font.outline(glyph)]
        pen += font.advance(glyph)
    contours = [c for c in contours if len(c) >= 3]
    if not contours:
        return np.zeros((height, height), np.uint8)
    allpts = np.concatenate(contours)
    lo, hi = allpts.min(axis=0), allpts.max(axis=0)
    scale = height / max(hi[1] - lo[1], 1)
    pad = 2
    size = (int((hi[0] - lo[0]) * scale) + 2 * pad + 1, int((hi[1] - lo[1]) * scale) + 2 * pad + 1)
    mask = np.zeros((size[1], size[0]), np.uint8)
    polys = [np.round(((c - lo) * scale * (1, -1) + (pad, size[1] - pad)) * 16).astype(np.int32)
             for c in contours]
    cv2.fillPoly(mask, polys, 255, cv2.LINE_AA, shift=4)
    return mask
