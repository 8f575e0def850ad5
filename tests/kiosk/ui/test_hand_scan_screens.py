"""The camera's hand scan on the screens: a round's hands spread under a camera (a frame source
showing a synthetic table with real rendered cards), read, put right by touch and journaled; the
challenge's reveal decided from the scanned hand; the exposure lock; a new deck's enrolment from
rendered faces to a saved profile that reads a card. Rendered in Arabic and English."""

from collections import Counter
from types import SimpleNamespace

import numpy as np
import pytest

from kiosk.__main__ import recogniser_for, vision_tools
from kiosk.camera.decks import DeckChoice, Decks
from kiosk.camera.hand_scan import ScannedCard, best_readings
from kiosk.referee.ports import VisionTools
from kiosk.rules.cards import COLOURS
from kiosk.ui.app import OonaApp
from kiosk.ui.widgets.hand_chips import ChipFixer
from kiosk.ui.present.scan import chip_code
from kiosk.ui.widgets.common import AButton, CardChip
from kiosk.referee.inputs import CameraChanged, CardLanded, Touched

from scan_kit import still_camera
from uikit_plain import plain
from uikit import frames, ink_columns, mount, shot

pytestmark = pytest.mark.ui

TRUTH = {1: ["burgundy-7", "indigo-stop", "colour4"], 2: ["saffron-2", "turquoise-9"], 3: ["indigo-5"]}
"""The hands left when seat 0 goes out (indigo-6 and indigo-1 lie on the pile)."""


@pytest.fixture
def over(started, clock):
    """Seat 0 went out on indigo-1: hands of 3, 2 and 1 cards are left to show."""
    started.table.state.hands[:] = [1, 3, 2, 1]
    assert started.submit(CardLanded("indigo-1", clock.advance(1))).accepted
    return started


@pytest.fixture
def camera_table():
    table, camera, source = still_camera("classic")
    yield table, camera
    camera.close()


def round_end_app(session, clock, lang, tools, camera):
    app = OonaApp(session, lang=lang, deck="classic", tools=tools)
    app.camera = camera
    mount(app)
    app.navigate(clock())
    app.navigate(clock.advance(3))
    assert app.manager.current == "round_end"
    return app


def put_right(screen, seat, truth):
    """What a person does with the chips: keep the right cards, name an unread colour, remove the
    wrong ones (each through the chip's fix window), then touch the missing ones in on the grid."""
    left = Counter(truth)
    index = 0
    while index < len(screen.entered[seat].cards):
        card = screen.entered[seat].cards[index]
        if card.code is not None and left[card.code]:
            left[card.code] -= 1
            index += 1
            continue
        fixer = screen.fix(seat, index)
        assert isinstance(fixer, ChipFixer)
        colours = [c for c in COLOURS if left[f"{c}-{card.rank}"]]
        if card.code is None and colours:
            fixer.colour(colours[0])
        else:
            fixer.remove()
    screen.select(seat)
    for code in left.elements():
        screen.add_card(code)


@pytest.mark.slow
def test_round_end_hands_scanned_by_the_camera_then_put_right_and_journaled(over, clock, camera_table):
    table, camera = camera_table
    tools = vision_tools(lambda: DeckChoice("classic", "classic"))        # vision's own hand scan
    seen = []
    app = round_end_app(over, clock, "en", VisionTools(scan_hand=lambda image, **asked: seen.append(image)
                                                       or tools.scan_hand(image, **asked)), camera)
    screen = app.screens["round_end"]
    assert screen.ids.prompt.raw == "Omar: spread your cards under the camera, then touch Scan"
    for seat in (1, 2):
        table.show_hand(TRUTH[seat])                   # the player spreads the cards under the camera
        thread = screen.scan(seat)
        assert camera.holding                          # the pile is not watched meanwhile
        thread.join(120)
        frames(2)
        assert screen.scanning is None and screen.problem == "", screen.problem
        # the chips are what vision read in the camera's frame, at most as many as the hand holds
        read = best_readings(tools.scan_hand(seen[-1], expected=len(TRUTH[seat])), len(TRUTH[seat]))[0]
        assert [chip_code(c) for c in screen.entered[seat].cards] == [chip_code(c) for c in read]
        chips = [w for w in screen.ids.body.walk() if isinstance(w, CardChip) and w.parent is not None
                 and not hasattr(w.parent, "cols")]
        assert len(chips) >= len(read)
        put_right(screen, seat, TRUTH[seat])
    assert np.abs(seen[0].astype(int) - seen[1].astype(int)).mean() > 5      # two hands, two frames
    for code in TRUTH[3]:                              # the last hand touched in
        screen.select(3)
        screen.add_card(code)
    assert screen.view.can_record
    outcome = screen.go()
    assert outcome.accepted, outcome.refused
    line = over.referee.journal.lines[-1]
    assert line["event"] == "hands"
    assert {k: sorted(v) for k, v in line["cards"].items()} == {"0": [], **{str(k): sorted(v) for k, v in TRUTH.items()}}
    assert not camera.holding                          # the pile is watched again
    assert screen.view.scored and screen.view.rows[0].seat == 0


class FakeScan:
    """The hand scan as vision would answer: readings for the hand under the camera."""

    def __init__(self, cards):
        self.cards, self.images, self.expected = cards, [], []

    def __call__(self, image, expected=None, progress=None):
        self.images.append(image)
        self.expected.append(expected)
        return list(self.cards)


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_scan_with_unread_colours_and_false_finds_scores_all_the_same(over, clock, camera_table, tmp_path, lang):
    table, camera = camera_table
    scan = FakeScan([ScannedCard("7", None, 0.9), ScannedCard("stop", "indigo", 0.95), ScannedCard("3", "saffron", 0.2),
                     ScannedCard("colour4", None, 0.8)])
    app = round_end_app(over, clock, lang, VisionTools(scan_hand=scan), camera)
    screen = app.screens["round_end"]
    screen.scan(1).join(120)
    frames(2)
    assert [chip_code(c) for c in screen.entered[1].cards] == ["?-7", "indigo-stop", "colour4"]   # 3 surest
    assert scan.images and scan.images[0].shape == (360, 480, 3)
    assert screen.selected == 2                        # read whole: on to the next player
    screen.select(1)
    assert screen.ids.prompt.raw == app.text("scan_points_colour")
    frames(2)
    image = shot(tmp_path / f"round-end-scan-{lang}.png")
    assert image.std() > 20
    title = ink_columns(image, 5, 70)
    width = image.shape[1]
    words = title[(title > width * 0.2) & (title < width * 0.8)] if len(title) else title
    if lang == "ar":
        assert title.max() > width * 0.9 and words.min() > width * 0.5
    else:
        assert title.min() < width * 0.1 and words.max() < width * 0.5
    unknown = [w for w in screen.ids.body.walk() if isinstance(w, CardChip) and w.code == "?-7"]
    assert unknown and unknown[0].label == "7?"
    for seat in (2, 3):
        for code in TRUTH[seat]:
            screen.select(seat)
            screen.add_card(code)
    outcome = screen.go()
    assert outcome.accepted, outcome.refused
    shown = over.referee.journal.lines[-1]["cards"]["1"]
    assert shown[1:] == ["indigo-stop", "colour4"] and shown[0].endswith("-7")      # any colour: same points
    assert over.table.state.points[1] == 77


def test_a_silent_camera_is_said_and_the_hands_can_still_be_touched_in(over, clock):
    table, camera, source = still_camera("classic")
    app = round_end_app(over, clock, "en", VisionTools(scan_hand=FakeScan([])), camera)
    source.close()                                     # no frame will come
    screen = app.screens["round_end"]
    screen.scan(1).join(120)
    frames(2)
    assert screen.ids.prompt.raw == "The hand was not read: the camera sent no picture"
    camera.close()


def challenged(session, clock):
    """Seat 0 plays a Colour take four on indigo, names turquoise; seat 1 challenges."""
    assert session.submit(CardLanded("colour4", clock.advance(1))).accepted
    assert session.submit(Touched.of("name_colour", colour="turquoise")).accepted
    assert session.submit(Touched("challenge")).accepted
    assert session.table.state.phase == "verdict"


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_challenge_reveal_by_the_camera_says_guilty(started, clock, camera_table, tmp_path, lang):
    table, camera = camera_table
    challenged(started, clock)
    hand = [ScannedCard("2", "saffron"), ScannedCard("9", "indigo"), ScannedCard("colour"), ScannedCard("5", "burgundy"),
            ScannedCard("0", "turquoise"), ScannedCard("7", "saffron")]
    app = OonaApp(started, lang=lang, tools=VisionTools(scan_hand=FakeScan(hand)))
    app.camera = camera
    mount(app)
    screen = app.screens["table"]
    scan_buttons = [w for w in screen.ids.overlay.walk() if isinstance(w, AButton) and w.raw == app.t("verdict_scan_button")]
    assert scan_buttons
    scan_buttons[0].dispatch("on_press")
    modal = screen.verdict_scan
    modal.scan_thread.join(120)
    frames(3)
    assert modal.view.held is True and not modal.confirm.disabled
    chips = sorted((w for w in modal.chips.walk() if isinstance(w, CardChip)), key=lambda w: w.x,
                   reverse=lang == "ar")                           # in the language's reading order
    assert [c.code for c in chips] == ["saffron-2", "indigo-9", "colour", "burgundy-5", "turquoise-0", "saffron-7"]
    assert modal.status.raw == app.text("verdict_held", colour=app.text("colour_indigo") + " · " + app.text("shape_crescent"))
    image = shot(tmp_path / f"verdict-scan-{lang}.png")
    assert image.std() > 20
    modal.confirm.dispatch("on_press")
    line = started.referee.journal.lines[-1]
    assert line["event"] == "reveal" and line["held"] is True and line["seat"] == 0
    assert started.table.state.phase != "verdict" and not camera.holding


def test_an_unread_colour_is_touched_in_before_an_innocent_verdict(started, clock, camera_table):
    table, camera = camera_table
    challenged(started, clock)
    hand = [ScannedCard("2", "saffron"), ScannedCard("9", None), ScannedCard("colour"), ScannedCard("5", "burgundy"),
            ScannedCard("0", "turquoise"), ScannedCard("7", "saffron"), ScannedCard("4", "saffron", 0.1)]
    app = OonaApp(started, lang="en", tools=VisionTools(scan_hand=FakeScan(hand)))
    app.camera = camera
    mount(app)
    modal = app.screens["table"].scan_verdict()
    modal.scan_thread.join(120)
    frames(2)
    assert len(modal.draft.cards) == 6                 # the least sure of 7 readings left out
    assert modal.view.held is None and modal.confirm.disabled
    assert modal.status.raw == "Touch the cards marked ? and give their colour"
    modal.fix(1).colour("burgundy")
    assert modal.view.held is False and not modal.confirm.disabled
    assert modal.confirm.raw == "Confirm: innocent"
    modal.decide()
    line = started.referee.journal.lines[-1]
    assert line["event"] == "reveal" and line["held"] is False


@pytest.mark.parametrize("lockable", [True, False])
def test_the_exposure_lock_on_the_settings_screen(session, tmp_path, lockable):
    table, camera, source = still_camera("classic", lockable=lockable)
    try:
        app = OonaApp(session, lang="en")
        app.camera = camera
        mount(app)
        app.show("settings")
        screen = app.screens["settings"]
        assert screen.ids.exposure.raw == "Exposure lock: off"
        screen.toggle_exposure().join(120)
        frames(2)
        if lockable:
            assert source.exposure_locked and screen.ids.exposure_result.raw == "Exposure and white balance locked"
            assert screen.ids.exposure.raw == "Exposure lock: on"
            screen.toggle_exposure().join(120)
            frames(2)
            assert not source.exposure_locked and screen.ids.exposure_result.raw.endswith("automatic")
        else:
            assert screen.ids.exposure_result.raw == "Not supported by this camera"
    finally:
        camera.close()


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_new_deck_enrolled_face_by_face_is_saved_chosen_and_reads_a_card(session, tmp_path, lang):
    """The whole enrolment in Arabic; in English, up to its first screen (the prompt on the
    English side): the rest is the same in either language, and an enrolment costs seconds."""
    from vision.enrol.profile import EnrolledRecogniser
    from vision.sim.synth import render_photo

    table, camera, source = still_camera("oona", seed=3)
    decks = Decks(tmp_path / "decks")
    shown = []

    def show_face(code):
        shown.append(code)
        table.show_hand([code] if code else None)

    try:
        app = OonaApp(session, lang=lang, decks=decks, tools=vision_tools(lambda: decks.selected),
                      demo_table=SimpleNamespace(show_face=show_face, show_hand=lambda seat: None))
        app.camera = camera
        mount(app)
        app.show("settings")
        assert not app.screens["settings"].ids.enrol.disabled
        screen = app.screens["enrol"]
        screen.faces = ["burgundy-7", "indigo-stop", "saffron-2", "colour4"]
        app.screens["settings"].enrol()
        frames(2)
        assert app.manager.current == "enrol" and shown[-1] == "burgundy-7" and camera.holding
        assert screen.ids.progress.raw == app.text("enrol_progress", n=1, total=4)
        image = shot(tmp_path / f"enrol-{lang}.png")
        assert image.std() > 20
        width = image.shape[1]
        prompt = ink_columns(image, 100, 150)               # «ضع هذه الورقة…» on the reading side
        assert (prompt.min() > width * 0.5) if lang == "ar" else (prompt.max() < width * 0.5)
        if lang == "en":
            return
        table.show_hand(None)                          # nothing under the camera yet
        screen.take().join(120)
        frames(2)
        assert screen.step == 0 and screen.ids.message.raw == app.text("enrol_no_card")
        table.show_hand(["burgundy-7"])
        screen.take().join(120)
        frames(2)
        assert screen.step == 1 and shown[-1] == "indigo-stop"
        screen.take().join(120)
        frames(2)
        screen.skip()                                  # this deck lost its saffron 2
        screen.take().join(120)
        frames(2)
        assert set(screen.photos) == {"burgundy-7", "indigo-stop", "colour4"} and screen.skipped == {"saffron-2"}
        assert screen.view().face is None and screen.ids.summary.raw == app.text("enrol_summary", taken=3, skipped=1)
        assert screen.ids.message.raw == app.text("enrol_skipped_note")
        screen.save().join(120)
        frames(2)
        name = app.text("enrol_default_name") + " 1"
        assert screen.saved == name, screen.message
        assert app.deck_name == name and decks.selected.enrolled and decks.selected.style == "oona"
        assert Decks(tmp_path / "decks").selected.name == name            # remembered for the next start
        assert plain(app.deck_text("en")) == f"Deck: {name} (Oona)"
        recogniser = recogniser_for(decks.selected)
        assert isinstance(recogniser, EnrolledRecogniser)
        from vision.art.oona import card_png
        photo, _ = render_photo(card_png("indigo", "stop", 5.0), np.random.default_rng(8))
        assert recogniser.read(photo).code == "indigo-stop"
        app.show("settings")
        frames(1)
        assert not camera.holding and app.screens["settings"].ids.deck.raw == app.deck_text()
    finally:
        camera.close()


def test_the_demo_player_spreads_their_hand_for_the_scan(session):
    """``make run``'s path: the demo's camera table shows the simulated player's own cards and the
    scan reads the frame the demo's camera delivers."""
    from kiosk.__main__ import card_render, demo_camera
    from kiosk.demo.table import DemoTable

    faces = card_render("classic")
    table, camera = demo_camera("classic", 4, faces)
    demo = DemoTable(session, players=3, seed=4, render=faces, thrower=table)
    demo.start()
    scan = FakeScan([ScannedCard("7", "indigo")])
    app = OonaApp(session, lang="en", deck="classic", demo_table=demo, tools=VisionTools(scan_hand=scan))
    app.camera = camera
    camera.start(app.hop(demo.reading), app.hop(lambda s: session.submit(CameraChanged(s))))
    try:
        mount(app)
        got = []
        app.scan_hand(2, lambda cards, error: got.append((cards, error))).join(120)
        frames(2)
        assert got == [([ScannedCard("7", "indigo")], None)]
        assert table.hand == tuple(demo.hand(2)) and len(table.hand) == 7 and camera.holding
        spread, pile = scan.images[0], table.sim.background
        assert np.abs(spread.astype(int) - pile.astype(int)).mean() > 20      # the cards, not the table
        app.end_scan()
        assert table.hand is None and not camera.holding
    finally:
        camera.close()


@pytest.mark.parametrize("module", ["kiosk.ui.present.scan", "kiosk.ui.widgets.scan_snapshot"])
def test_present_scan_doctests(module):
    import doctest
    import importlib
    failed, attempted = doctest.testmod(importlib.import_module(module))
    assert attempted and failed == 0


def test_the_demo_players_scan_put_right_and_score_their_hands_on_the_screen(over, clock, camera_table):
    table, camera = camera_table
    scan = FakeScan([ScannedCard("7", "burgundy", 0.9), ScannedCard("5", None, 0.8)])
    app = round_end_app(over, clock, "en", VisionTools(scan_hand=scan), camera)
    screen = app.screens["round_end"]
    steps = []
    for _ in range(12):
        answer = screen.demo_step(TRUTH.get)
        steps.append(answer)
        if screen.scan_thread is not None:
            screen.scan_thread.join(120)
        frames(2)
        if over.table.state.ranking is not None:
            break
    assert len(scan.images) == 3                        # each hand shown to the camera in turn
    line = over.referee.journal.lines[-1]
    assert line["event"] == "hands" and set(steps) == {"busy"}
    assert {k: sorted(v) for k, v in line["cards"].items()} == {"0": [], **{str(k): sorted(v) for k, v in TRUTH.items()}}


def test_the_demo_players_leave_a_person_s_hands_alone_and_touch_in_after_a_failed_scan(over, clock, camera_table):
    table, camera = camera_table
    app = round_end_app(over, clock, "en", VisionTools(scan_hand=FakeScan([])), camera)
    screen = app.screens["round_end"]
    screen.select(2)                                   # a person is entering the hands
    assert screen.demo_step(TRUTH.get) == "busy" and screen.scan_thread is None
    screen._round = None                               # a new round's screen
    screen.refresh()

    def failing(image, **_):
        raise RuntimeError("no model")

    app.tools = VisionTools(scan_hand=failing)
    assert screen.demo_step(TRUTH.get) == "busy"
    screen.scan_thread.join(120)
    frames(2)
    assert screen.demo_step(TRUTH.get) == "no"
    assert screen.ids.prompt.raw == "The hand was not read: the scan failed"


def short_scan(frame_boxes=((100, 120, 124, 144),), looked=((300, 120, 324, 144),)):
    """A scan that finds one card of the hand (its index box given) and says where it looked."""
    from kiosk.referee.ports import ScannedHand

    def scan(image, expected=None, progress=None):
        scan.images.append(image)
        scan.expected.append(expected)
        return ScannedHand([ScannedCard("7", "burgundy", 0.9)], expected=expected, found=frame_boxes, looked=looked)

    scan.expected, scan.images = [], []
    return scan


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_scan_told_the_count_says_how_many_it_missed_and_shows_where_it_looked(over, clock, camera_table,
                                                                                 tmp_path, lang):
    from kiosk.ui.widgets.scan_snapshot import ScanSnapshot, around
    table, camera = camera_table
    scan = short_scan()
    app = round_end_app(over, clock, lang, VisionTools(scan_hand=scan), camera)
    screen = app.screens["round_end"]
    table.show_hand(TRUTH[1])
    screen.scan(1).join(120)
    frames(2)
    assert scan.expected == [3]                        # the rules' count for Omar's hand
    assert screen.ids.prompt.raw == app.text("scan_missing", missing=2, need=3)
    if lang == "en":
        assert screen.ids.prompt.raw == "2 of 3 cards not found: spread them so each corner shows"
    else:
        assert "ناقص 2 من 3" in screen.ids.prompt.raw and "زاوية" in screen.ids.prompt.raw
    snapshots = [w for w in screen.ids.body.walk() if isinstance(w, ScanSnapshot)]
    assert len(snapshots) == 1
    snapshot, frame = snapshots[0], scan.images[0]
    assert frame.shape == (360, 480, 3)                          # the camera's own frame, cut about the boxes
    x0, y0, x1, y1 = around(((100, 120, 124, 144), (300, 120, 324, 144)), 480, 360)
    assert np.array_equal(snapshot.snapshot, frame[y0:y1, x0:x1]) and 0 < x1 - x0 < 480
    assert np.array_equal(screen.seen[1].frame, frame[y0:y1, x0:x1])     # only that part kept (issue #21)
    assert snapshot.found == ((100 - x0, 120 - y0, 124 - x0, 144 - y0),)
    assert snapshot.looked == ((300 - x0, 120 - y0, 324 - x0, 144 - y0),)
    image = shot(tmp_path / f"round-end-missing-{lang}.png")
    assert image.std() > 20
    for code in ("indigo-stop", "colour4"):            # touched in: nothing missing any more
        screen.select(1)
        screen.add_card(code)
    screen.select(1)
    assert not [w for w in screen.ids.body.walk() if isinstance(w, ScanSnapshot)]
    assert "not found" not in screen.ids.prompt.raw


def test_the_round_end_shows_the_scan_s_progress_while_it_reads(over, clock, camera_table):
    import threading
    table, camera = camera_table
    going, release = threading.Event(), threading.Event()

    def slow_scan(image, expected=None, progress=None):
        progress(0.4)
        going.set()
        assert release.wait(60)
        progress(1.0)
        return [ScannedCard("7", "burgundy", 0.9)]

    app = round_end_app(over, clock, "en", VisionTools(scan_hand=slow_scan), camera)
    screen = app.screens["round_end"]
    assert screen.ids.progress.opacity == 0
    thread = screen.scan(1)
    assert going.wait(60)
    frames(2)
    bar = screen.ids.progress
    assert bar.opacity == 1 and bar.height > 0 and bar.value == pytest.approx(0.4)
    assert screen.ids.prompt.raw == "Reading Omar's cards…"
    release.set()
    thread.join(120)
    frames(2)
    assert screen.scanning is None and bar.opacity == 0 and bar.height == 0
    assert screen.ids.prompt.raw == app.text("scan_missing", missing=2, need=3)


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_challenge_reveal_says_how_many_cards_the_scan_missed(started, clock, camera_table, lang):
    from kiosk.ui.widgets.scan_snapshot import ScanSnapshot
    table, camera = camera_table
    challenged(started, clock)
    need = started.table.state.hands[0]
    scan = short_scan()
    app = OonaApp(started, lang=lang, tools=VisionTools(scan_hand=scan))
    app.camera = camera
    mount(app)
    modal = app.screens["table"].scan_verdict()
    modal.scan_thread.join(120)
    frames(2)
    assert scan.expected == [need] and need > 1
    assert modal.status.raw == app.text("scan_missing", missing=need - 1, need=need)
    assert modal.view.held is None and modal.confirm.disabled
    assert [w for w in modal.chips.walk() if isinstance(w, ScanSnapshot)]
    assert modal.progress.opacity == 0
    modal.close()


def test_the_challenge_reveal_shows_the_scan_s_progress_while_it_reads(started, clock, camera_table):
    import threading
    table, camera = camera_table
    challenged(started, clock)
    going, release = threading.Event(), threading.Event()

    def slow_scan(image, expected=None, progress=None):
        progress(0.7)
        going.set()
        assert release.wait(60)
        return [ScannedCard("9", "indigo", 0.9)]

    app = OonaApp(started, lang="ar", tools=VisionTools(scan_hand=slow_scan))
    app.camera = camera
    mount(app)
    modal = app.screens["table"].scan_verdict()
    assert going.wait(60)
    frames(2)
    assert modal.progress.opacity == 1 and modal.progress.value == pytest.approx(0.7) and modal.progress.rtl
    assert modal.status.raw == app.text("scanning", name=app.wording().name(0))
    release.set()
    modal.scan_thread.join(120)
    frames(2)
    assert modal.progress.opacity == 0 and modal.view.held is True
    modal.close()
