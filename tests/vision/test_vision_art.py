"""The Oona deck's art: faces render, the PDF is well formed, the CLI writes both."""

import re
import zlib

import cv2
import numpy as np

from vision.__main__ import main
from vision.decks import OONA
from vision.art.oona import RGB, card_png


def test_faces_are_readable_upside_down_and_show_their_colour():
    face = card_png("burgundy", "7", px_per_mm=4)
    h, w = face.shape[:2]
    assert (h, w) == (352, 252)
    # The layout is symmetric under a half turn, except the glyphs' own shapes.
    turned = face[::-1, ::-1]
    assert np.mean(np.abs(face.astype(int) - turned.astype(int)) < 40) > 0.85
    # The field is burgundy, the border white.
    assert np.abs(face[h // 2, 20].astype(int) - RGB["burgundy"][::-1]).max() < 10
    assert face[h // 2, 5].min() > 240


def test_every_face_differs_from_every_other():
    faces = OONA.faces(extras=True)
    small = [cv2.resize(card_png(c, r, px_per_mm=2), (32, 44), interpolation=cv2.INTER_AREA)
             for c, r in faces]
    for i in range(len(small)):
        for j in range(i + 1, len(small)):
            assert np.abs(small[i].astype(int) - small[j].astype(int)).mean() > 1.5, (faces[i], faces[j])


def _pdf_objects(data: bytes) -> tuple[int, list[bytes]]:
    start = data.rindex(b"startxref")
    xref = int(data[start:].split()[1])
    assert data[xref:xref + 4] == b"xref"
    count = int(data[xref:].split()[2])
    offsets = [int(line.split()[0]) for line in data[xref:].split(b"\n")[3:3 + count - 1]]
    for number, offset in enumerate(offsets, start=1):
        assert data[offset:].startswith(b"%d 0 obj" % number)
    return count, offsets


def test_deck_command_writes_a_well_formed_pdf_and_pngs(tmp_path):
    pdf, png = tmp_path / "oona.pdf", tmp_path / "faces"
    assert main(["deck", "--pdf", str(pdf), "--png", str(png), "--extras", "--px-per-mm", "3"]) == 0
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-1.4") and data.rstrip().endswith(b"%%EOF")
    _pdf_objects(data)
    assert re.search(rb"/Count 13\b", data), "112 cards at 9 per A4 sheet is 13 pages"
    streams = re.findall(rb"stream\n(.*?)\nendstream", data, re.S)
    first = zlib.decompress(streams[0]).decode("ascii")
    assert first.count(" f") > 9 * 20 and " S" in first  # vector fills, strokes and cut marks
    names = sorted(p.name for p in png.iterdir())
    assert len(names) == 56 and "colour4.png" in names and "indigo-turnback.png" in names
    assert cv2.imread(str(png / "saffron-7.png")).shape[:2] == (264, 189)
