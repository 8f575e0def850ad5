"""The round-end screen keeps its hands' widgets from one scan's result to the next (issue #21):
rows made anew at each refresh were left to Python's cycle collector, Kivy's widgets being
reference cycles, and a collection on the UI thread is too slow to run there."""

import gc

import pytest
from kivy.core.window import Window
from kivy.uix.widget import Widget

from kiosk.camera.hand_scan import ScannedCard
from kiosk.referee.inputs import CardLanded
from kiosk.referee.ports import ScannedHand, VisionTools
from kiosk.ui.app import OonaApp
from kiosk.ui.present.scan import chip_code
from kiosk.ui.widgets.common import CardChip
from kiosk.ui.widgets.hand_chips import ChipFixer

from scan_kit import still_camera
from uikit import SIZE, frames, mount, set_size

pytestmark = pytest.mark.ui

READS = {1: [("7", "burgundy"), ("stop", "indigo"), ("4", None)],
         2: [("2", "saffron"), ("9", "turquoise")],
         3: [("5", "indigo")]}
"""Each hand read whole (seat: (rank, colour) of each card; one colour unread)."""
OTHER = {1: [("8", "indigo"), ("take2", "saffron"), ("1", "turquoise")],
         2: [("3", "burgundy"), ("turnback", None)],
         3: [("0", "saffron")]}
"""The same hands read again with other cards (as many)."""


def widgets() -> int:
    """Widgets Python holds now, alive or left for the cycle collector."""
    return sum(1 for o in gc.get_objects() if issubclass(type(o), Widget))


def scanned(reads: dict, seat: int) -> ScannedHand:
    return ScannedHand([ScannedCard(rank, colour, 0.9) for rank, colour in reads[seat]],
                       expected=len(reads[seat]))


@pytest.fixture(params=["1280x720", "800x480"])
def screen(request, started, clock):
    """The round end of a four-seat match (hands of 3, 2 and 1 left), the camera able to scan: at
    1280x720 the card grid beside the hands, at 800x480 the hands one under another."""
    started.table.state.hands[:] = [1, 3, 2, 1]
    assert started.submit(CardLanded("indigo-1", clock.advance(1))).accepted
    table, camera, _source = still_camera("classic")
    size = list(SIZE)
    set_size(*map(int, request.param.split("x")))
    try:
        app = OonaApp(started, lang="ar", deck="classic", tools=VisionTools(scan_hand=lambda image, **_: []))
        app.camera = camera
        mount(app)
        app.show("round_end")
        frames(2)
        yield app.screens["round_end"]
    finally:
        set_size(*size)
        camera.close()


def test_each_scan_s_result_leaves_no_widget_to_the_cycle_collector(screen):
    for seat in READS:                          # each hand shown once: every row has its chips
        screen.scanning = seat
        screen.scanned(seat, scanned(READS, seat), None)
        frames(2)
    gc.collect()
    gc.disable()
    try:
        before = widgets()
        for _ in range(2):
            for reads in (OTHER, READS):
                for seat in reads:
                    screen.scanning = seat
                    screen.scanned(seat, scanned(reads, seat), None)
                    frames(2)
        left = widgets()
    finally:
        gc.enable()
    assert left == before                       # HEAD b7c46ce: 39-42 more at each result
    for seat, reads in READS.items():           # and each row shows its hand's last reading
        chips = [w for w in screen.hands[seat].chips.children if isinstance(w, CardChip)]
        assert sorted(chip.code for chip in chips) == sorted(chip_code(ScannedCard(r, c)) for r, c in reads)


def test_a_chip_kept_from_an_earlier_reading_opens_its_own_card(screen):
    for seat in READS:
        screen.scanned(seat, scanned(OTHER, seat), None)
        frames(2)
    screen.scanned(1, ScannedHand([ScannedCard("6", "saffron", 0.9)], expected=3), None)   # fewer cards
    screen.scanned(1, scanned(READS, 1), None)                                              # then more again
    frames(2)
    row = screen.hands[1].chips
    chips = [w for w in reversed(row.children) if isinstance(w, CardChip)]
    if screen.app.rtl:
        chips.reverse()                         # the row's first card is on the right in Arabic
    assert [chip.code for chip in chips] == ["burgundy-7", "indigo-stop", "?-4"]
    chips[2].dispatch("on_press")
    fixers = [w for w in Window.children if isinstance(w, ChipFixer)]
    assert len(fixers) == 1 and fixers[0].draft.seat == 1 and fixers[0].index == 2
    fixers[0].dismiss(animation=False)
    frames(1)


def test_a_scan_is_kept_with_only_the_part_of_its_frame_the_snapshot_shows(screen):
    import numpy as np
    frame = np.zeros((360, 480, 3), np.uint8)
    frame[100:120, 100:120] = 200                                       # the one card found
    hand = ScannedHand([ScannedCard("7", "burgundy", 0.9)], expected=3, found=[(100, 100, 120, 120)], frame=frame)
    screen.scanned(1, hand, None)
    frames(2)
    kept = screen.seen[1]
    assert kept.frame.shape == (140, 186, 3) and kept.frame.base is None    # around(): x 16-202, y 40-180
    assert kept.found == ((84, 60, 104, 80),) and kept.missing == 2 and screen.looked(1)
    assert (kept.frame[60:80, 84:104] == 200).all()
    box, snapshot = screen._shown_scan[:2]                              # the snapshot shows that part
    assert snapshot.found == kept.found and np.array_equal(snapshot.snapshot, kept.frame)
    assert box.get_root_window() is not None
    name = screen.hands[1].name
    screen.entered[1].cards += [ScannedCard("2", "saffron"), ScannedCard("3", "indigo")]   # put right by touch
    screen.refresh(force=True)
    frames(2)
    assert not screen.looked(1) and box.parent is None                 # the snapshot off the screen,
    assert screen.hands[1].name is name                                 # the hands' widgets the same
