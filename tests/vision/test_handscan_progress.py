"""The hand scan tells how far it is (`progress=`), for the kiosk's bar while a hand is read
(issue 22), and reads the same with it as without."""

import itertools

from vision.hand.scanner import HandScanner
from vision.train.fanned import load_fanned


def test_progress_rises_to_the_end_and_changes_nothing_read():
    image, _ = next(itertools.islice(load_fanned(part="held_out"), 0, None))
    scanner = HandScanner()
    heard = []
    read = scanner.scan(image, expected=4, progress=heard.append)
    assert heard == sorted(heard) and heard[-1] == 1.0 and 0 < heard[0] < 0.5
    assert len(heard) >= 5
    plain = scanner.scan(image, expected=4)
    assert [(r.rank, r.colour, r.cx, r.cy) for r in read] == [(r.rank, r.colour, r.cx, r.cy) for r in plain]
    assert read.missing == plain.missing
