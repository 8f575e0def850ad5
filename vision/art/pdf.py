"""A minimal PDF writer for vector shapes, and the print-and-play sheet of a deck."""

import zlib

import numpy as np

from vision.art.paths import Fill, Shape

MM = 72 / 25.4
A4_MM = (210.0, 297.0)


def _rgb(rgb) -> str:
    return " ".join(f"{c / 255:.3f}" for c in rgb)


class PdfPage:
    """One page being drawn, in millimetres from the top-left corner."""

    def __init__(self, size_mm=A4_MM):
        self.size_mm = size_mm
        self.ops: list[str] = []

    def _xy(self, points: np.ndarray, dx: float, dy: float) -> list[tuple[float, float]]:
        return [((x + dx) * MM, (self.size_mm[1] - (y + dy)) * MM) for x, y in points]

    def shapes(self, shapes: list[Shape], *, dx: float = 0.0, dy: float = 0.0) -> None:
        """Draw shapes given in mm, moved by `dx`, `dy`."""
        for shape in shapes:
            pts = self._xy(shape.points, dx, dy)
            path = [f"{pts[0][0]:.2f} {pts[0][1]:.2f} m"]
            path += [f"{x:.2f} {y:.2f} l" for x, y in pts[1:]]
            if isinstance(shape, Fill):
                self.ops.append(f"{_rgb(shape.rgb)} rg " + " ".join(path) + " h f")
            else:
                end = " h S" if shape.closed else " S"
                self.ops.append(f"{_rgb(shape.rgb)} RG {shape.width * MM:.2f} w 1 J 1 j "
                                + " ".join(path) + end)

    def line(self, x0: float, y0: float, x1: float, y1: float, width_mm: float = 0.2) -> None:
        """A thin black line (cut marks)."""
        (a, b), (c, d) = self._xy(np.array([[x0, y0], [x1, y1]]), 0, 0)
        self.ops.append(f"0 0 0 RG {width_mm * MM:.2f} w 0 J {a:.2f} {b:.2f} m {c:.2f} {d:.2f} l S")

    def text(self, x: float, y: float, text: str, size_pt: float = 7) -> None:
        """A line of ASCII text in Helvetica, baseline at `x`, `y` mm."""
        safe = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        (a, b), = self._xy(np.array([[x, y]]), 0, 0)
        self.ops.append(f"0 0 0 rg BT /F1 {size_pt} Tf {a:.2f} {b:.2f} Td ({safe}) Tj ET")


def write_pdf(pages: list[PdfPage], path) -> None:
    """Write the pages as one PDF file (content streams deflated)."""
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    add(b"")  # 1: catalog, filled in below
    add(b"")  # 2: page tree
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    kids = []
    for page in pages:
        data = zlib.compress("\n".join(page.ops).encode("ascii"))
        stream = add(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data
                     + b"\nendstream")
        w, h = page.size_mm[0] * MM, page.size_mm[1] * MM
        kids.append(add(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w:.2f} {h:.2f}] "
                        f"/Resources << /Font << /F1 {font} 0 R >> >> /Contents {stream} 0 R >>"
                        .encode("ascii")))
    objects[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = (f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] "
                  f"/Count {len(kids)} >>").encode("ascii")
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    with open(path, "wb") as f:
        f.write(bytes(out))


def deck_sheets(cards: list[list[Shape]], card_mm=(63.0, 88.0), title: str = "") -> list[PdfPage]:
    """Pages of A4 holding the cards 3 × 3, edge to edge, with cut marks around the grid."""
    cols, rows = 3, 3
    cw, ch = card_mm
    x0 = (A4_MM[0] - cols * cw) / 2
    y0 = (A4_MM[1] - rows * ch) / 2
    pages = []
    for start in range(0, len(cards), cols * rows):
        page = PdfPage()
        for i, shapes in enumerate(cards[start:start + cols * rows]):
            page.shapes(shapes, dx=x0 + (i % cols) * cw, dy=y0 + (i // cols) * ch)
        for k in range(cols + 1):
            x = x0 + k * cw
            page.line(x, y0 - 8, x, y0 - 2)
            page.line(x, y0 + rows * ch + 2, x, y0 + rows * ch + 8)
        for k in range(rows + 1):
            y = y0 + k * ch
            page.line(x0 - 8, y, x0 - 2, y)
            page.line(x0 + cols * cw + 2, y, x0 + cols * cw + 8, y)
        number = start // (cols * rows) + 1
        page.text(x0, A4_MM[1] - 5, f"{title} - sheet {number} - cut on the marks, 63 x 88 mm")
        pages.append(page)
    return pages
