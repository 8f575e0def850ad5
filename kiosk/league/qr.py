"""A small QR code encoder (byte mode, error correction level M, versions 1 to 10): enough for a
Syncthing device id (63 characters, version 5), drawn by the league screen. Standard library
only; follows ISO/IEC 18004 as Nayuki's public-domain-style reference generators lay it out.

>>> code = encode("OONA")
>>> len(code), len(code[0])                    # version 1: 21 × 21 modules
(21, 21)
>>> print(text_art(encode("A"))[:14])          # the top-left finder, two characters a module
██████████████
"""

from __future__ import annotations

# (ec codewords per block, blocks of the first group, their data codewords, blocks of the second, theirs)
ECC_M = {1: (10, 1, 16, 0, 0), 2: (16, 1, 28, 0, 0), 3: (26, 1, 44, 0, 0), 4: (18, 2, 32, 0, 0),
         5: (24, 2, 43, 0, 0), 6: (16, 4, 27, 0, 0), 7: (18, 4, 31, 0, 0), 8: (22, 2, 38, 2, 39),
         9: (22, 3, 36, 2, 37), 10: (26, 4, 43, 1, 44)}
ALIGNMENT = {1: [], 2: [6, 18], 3: [6, 22], 4: [6, 26], 5: [6, 30], 6: [6, 34], 7: [6, 22, 38],
             8: [6, 24, 42], 9: [6, 26, 46], 10: [6, 28, 50]}
REMAINDER_BITS = {1: 0, 2: 7, 3: 7, 4: 7, 5: 7, 6: 7, 7: 0, 8: 0, 9: 0, 10: 0}
FORMAT_M = 0


def _gf_mul(x: int, y: int) -> int:
    z = 0
    for i in range(7, -1, -1):
        z = (z << 1) ^ ((z >> 7) * 0x11D)
        z ^= ((y >> i) & 1) * x
    return z


def _rs_divisor(degree: int) -> list[int]:
    result = [0] * (degree - 1) + [1]
    root = 1
    for _ in range(degree):
        for j in range(degree):
            result[j] = _gf_mul(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = _gf_mul(root, 0x02)
    return result


def _rs_remainder(data: list[int], divisor: list[int]) -> list[int]:
    result = [0] * len(divisor)
    for b in data:
        factor = b ^ result.pop(0)
        result.append(0)
        for i, coef in enumerate(divisor):
            result[i] ^= _gf_mul(coef, factor)
    return result


def _codewords(data: bytes, version: int) -> list[int]:
    ec, n1, d1, n2, d2 = ECC_M[version]
    capacity = n1 * d1 + n2 * d2
    bits = [0, 1, 0, 0] + [(len(data) >> i) & 1 for i in range(7 if version < 10 else 15, -1, -1)]
    for byte in data:
        bits += [(byte >> i) & 1 for i in range(7, -1, -1)]
    bits += [0] * min(4, capacity * 8 - len(bits))
    bits += [0] * (-len(bits) % 8)
    words = [int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8)]
    pad = 0xEC
    while len(words) < capacity:
        words.append(pad)
        pad ^= 0xEC ^ 0x11
    blocks, at = [], 0
    for count, size in ((n1, d1), (n2, d2)):
        for _ in range(count):
            blocks.append(words[at:at + size])
            at += size
    divisor = _rs_divisor(ec)
    eccs = [_rs_remainder(block, divisor) for block in blocks]
    out = []
    for i in range(max(len(b) for b in blocks)):
        out += [b[i] for b in blocks if i < len(b)]
    for i in range(ec):
        out += [e[i] for e in eccs]
    return out


def _mask(k: int, x: int, y: int) -> bool:
    return [(x + y) % 2 == 0, y % 2 == 0, x % 3 == 0, (x + y) % 3 == 0, (x // 3 + y // 2) % 2 == 0,
            x * y % 2 + x * y % 3 == 0, (x * y % 2 + x * y % 3) % 2 == 0, ((x + y) % 2 + x * y % 3) % 2 == 0][k]


class _Grid:
    def __init__(self, version: int):
        self.version = version
        self.size = version * 4 + 17
        self.dark = [[False] * self.size for _ in range(self.size)]
        self.fixed = [[False] * self.size for _ in range(self.size)]

    def put(self, x: int, y: int, dark: bool) -> None:
        self.dark[y][x] = dark
        self.fixed[y][x] = True

    def functions(self) -> None:
        size = self.size
        for i in range(size):
            self.put(6, i, i % 2 == 0)
            self.put(i, 6, i % 2 == 0)
        for cx, cy in ((3, 3), (size - 4, 3), (3, size - 4)):
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    if 0 <= cx + dx < size and 0 <= cy + dy < size:
                        self.put(cx + dx, cy + dy, max(abs(dx), abs(dy)) not in (2, 4))
        places = ALIGNMENT[self.version]
        for i, ax in enumerate(places):
            for j, ay in enumerate(places):
                if (i, j) in ((0, 0), (0, len(places) - 1), (len(places) - 1, 0)):
                    continue
                for dy in range(-2, 3):
                    for dx in range(-2, 3):
                        self.put(ax + dx, ay + dy, max(abs(dx), abs(dy)) != 1)
        self.format_bits(0)
        if self.version >= 7:
            rem = self.version
            for _ in range(12):
                rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
            bits = self.version << 12 | rem
            for i in range(18):
                bit = (bits >> i) & 1 == 1
                a, b = size - 11 + i % 3, i // 3
                self.put(a, b, bit)
                self.put(b, a, bit)

    def format_bits(self, mask: int) -> None:
        data = FORMAT_M << 3 | mask
        rem = data
        for _ in range(10):
            rem = (rem << 1) ^ ((rem >> 9) * 0x537)
        bits = (data << 10 | rem) ^ 0x5412
        bit = [(bits >> i) & 1 == 1 for i in range(15)]
        size = self.size
        for i in range(6):
            self.put(8, i, bit[i])
        self.put(8, 7, bit[6])
        self.put(8, 8, bit[7])
        self.put(7, 8, bit[8])
        for i in range(9, 15):
            self.put(14 - i, 8, bit[i])
        for i in range(8):
            self.put(size - 1 - i, 8, bit[i])
        for i in range(8, 15):
            self.put(8, size - 15 + i, bit[i])
        self.put(8, size - 8, True)

    def place(self, words: list[int]) -> None:
        size, i, total = self.size, 0, len(words) * 8
        right = size - 1
        while right >= 1:
            if right == 6:
                right = 5
            for vert in range(size):
                for j in range(2):
                    x = right - j
                    upward = ((right + 1) & 2) == 0
                    y = size - 1 - vert if upward else vert
                    if not self.fixed[y][x] and i < total:
                        self.dark[y][x] = (words[i >> 3] >> (7 - (i & 7))) & 1 == 1
                        i += 1
            right -= 2

    def masked(self, k: int) -> list[list[bool]]:
        self.format_bits(k)
        return [[self.dark[y][x] ^ (not self.fixed[y][x] and _mask(k, x, y)) for x in range(self.size)]
                for y in range(self.size)]


def _penalty(m: list[list[bool]]) -> int:
    """Runs of five or more alike (rows and columns), 2 × 2 blocks alike, what looks like a finder
    (1:1:3:1:1 beside four light), and dark/light balance."""
    n, score = len(m), 0
    finder = "10111010000"
    for lines in (m, [list(col) for col in zip(*m)]):
        for line in lines:
            text = "0000" + "".join("1" if d else "0" for d in line) + "0000"
            score += 40 * sum(text.count(f) for f in (finder, finder[::-1]))
            run = 1
            for a, b in zip(line, line[1:]):
                run = run + 1 if a == b else 1
                if run == 5:
                    score += 3
                elif run > 5:
                    score += 1
    for y in range(n - 1):
        for x in range(n - 1):
            if m[y][x] == m[y][x + 1] == m[y + 1][x] == m[y + 1][x + 1]:
                score += 3
    dark = sum(map(sum, m))
    score += 10 * (abs(dark * 20 - n * n * 10) // (n * n))
    return score


def encode(text: str) -> list[list[bool]]:
    """The QR code of ``text`` (UTF-8), as rows of modules (``True`` is dark), without the quiet zone.

    :raises ValueError: too long for version 10 (213 bytes).
    """
    data = text.encode("utf-8")
    for version in range(1, 11):
        ec, n1, d1, n2, d2 = ECC_M[version]
        header = 4 + (8 if version < 10 else 16)
        if header + 8 * len(data) <= 8 * (n1 * d1 + n2 * d2):
            break
    else:
        raise ValueError(f"{len(data)} bytes do not fit a version 10 QR code")
    grid = _Grid(version)
    grid.functions()
    grid.place(_codewords(data, version))
    return min((grid.masked(k) for k in range(8)), key=_penalty)


def text_art(modules: list[list[bool]]) -> str:
    """The code as text, two characters a module (for a terminal, with a light background)."""
    return "\n".join("".join("██" if dark else "  " for dark in row) for row in modules)
