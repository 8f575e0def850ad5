"""The hand scan's plain parts (no Kivy): readings kept to the hand's size, cards put right,
colours left unread filled for the points, the challenge's verdict from a hand, vision's readings
mapped to cards, the decks enrolled here, and the demo's players spreading their hands."""

import doctest
from collections import Counter
import json
from types import SimpleNamespace

import numpy as np
import pytest

import kiosk.camera.decks
import kiosk.camera.hand_scan
from kiosk.__main__ import card_render, scan_hand_readings, scanned_cards
from kiosk.referee.clock import ManualClock
from kiosk.camera.decks import DeckChoice, Decks, enrol_faces
from kiosk.demo.table import DemoTable
from kiosk.demo.camera import LiveTable, hand_layout
from kiosk.camera.hand_scan import HandDraft, ScannedCard, best_readings, challenge_verdict, fill_colours
from kiosk.referee.journal import MatchStore
from kiosk.referee.inputs import CardLanded, Touched
from kiosk.referee.session import MatchSetup, Session
from vision.sim.table import TableSim


@pytest.mark.parametrize("module", [kiosk.camera.hand_scan, kiosk.camera.decks])
def test_doctests(module):
    failed, attempted = doctest.testmod(module)
    assert attempted and failed == 0


@pytest.fixture
def over(tmp_path):
    """A round just won by seat 0 (hands as counted: 0, 3, 2, 1)."""
    clock = ManualClock()
    session = Session(MatchStore(tmp_path / "state"), clock=clock)
    session.new_match(MatchSetup(4, {"preset": "sahrat-oona"}, ("A", "B", "C", "D")), dealer=3)
    session.submit(CardLanded("indigo-6", clock.advance(1)))
    session.table.state.hands[:] = [1, 3, 2, 1]
    assert session.submit(CardLanded("indigo-1", clock.advance(1))).accepted
    yield session
    session.close()


def test_more_readings_than_cards_keep_the_surest_in_the_order_read():
    cards = [ScannedCard("7", "indigo", 0.9), ScannedCard("1", None, 0.3), ScannedCard("2", "saffron", 0.8),
             ScannedCard("5", "saffron", 0.95)]
    kept, dropped = best_readings(cards, 3)
    assert [c.rank for c in kept] == ["7", "2", "5"] and dropped == 1
    assert best_readings(cards, 9) == (cards, 0)


def test_a_draft_is_put_right_by_touch():
    draft = HandDraft(1, 3, [ScannedCard("7", None, 0.7), ScannedCard("skip_as_read", "indigo", 0.2)])
    assert draft.scanned and draft.unknown_colours == [0]
    draft.set_colour(0, "burgundy")
    draft.replace(1, "indigo-stop")
    draft.add("colour4")
    assert [c.code for c in draft.cards] == ["burgundy-7", "indigo-stop", "colour4"]
    assert draft.complete and draft.points == 7 + 20 + 50
    with pytest.raises(ValueError):
        draft.set_colour(2, "indigo")                  # a wild card has no colour
    draft.remove(0)
    assert not draft.complete


def test_unread_colours_take_a_colour_the_deck_still_has(over):
    # indigo-6 and indigo-1 lie on the pile; the deck has one 0 of each colour
    hands = {0: [], 1: [ScannedCard("0", "saffron"), ScannedCard("0", None), ScannedCard("1", None)],
             2: [ScannedCard("0", None), ScannedCard("0", None)], 3: [ScannedCard("colour")]}
    codes = fill_colours(hands, over.table)
    zeros = [c for c in codes[1] + codes[2] if c.endswith("-0")]
    assert sorted(zeros) == ["burgundy-0", "indigo-0", "saffron-0", "turquoise-0"]
    assert codes[3] == ["colour"]
    assert over.submit(Touched.of("hands", cards={str(k): v for k, v in codes.items()})).accepted
    assert over.table.state.ranking is not None
    with pytest.raises(ValueError):                    # a fifth 0 cannot be right
        fill_colours({1: [ScannedCard("0", None)] * 5}, over.table)


def test_the_verdict_needs_the_colour_seen_or_every_card_known():
    draft = HandDraft(2, 3, [ScannedCard("7", "saffron"), ScannedCard("colour4")])
    assert challenge_verdict(draft, "indigo") is None          # a card is missing
    draft.add("burgundy-2")
    assert challenge_verdict(draft, "indigo") is False          # wild cards do not count
    draft.cards[0] = ScannedCard("7", None)
    assert challenge_verdict(draft, "indigo") is None           # its colour could be indigo
    draft.add("indigo-9")
    assert challenge_verdict(draft, "indigo") is True


def test_vision_readings_become_cards_with_an_unread_colour_left_open():
    readings = [SimpleNamespace(rank="skip", colour="red", confidence=0.9),
                SimpleNamespace(rank="7", colour=None, confidence=0.8),
                SimpleNamespace(rank="wild4", colour="wild", confidence=0.7),
                SimpleNamespace(rank="3", colour="wild", confidence=0.6),     # a colour it cannot have
                SimpleNamespace(rank="2", confidence=0.5),                    # a scan without colours
                SimpleNamespace(rank="nonsense", colour="red", confidence=0.9)]
    cards = scanned_cards(readings)
    assert [(c.rank, c.colour) for c in cards] == [("stop", "burgundy"), ("7", None), ("colour4", None),
                                                   ("3", None), ("2", None)]
    assert cards[0].code == "burgundy-stop" and cards[2].code == "colour4" and cards[1].code is None


def test_the_scan_is_told_the_deck_when_it_takes_one():
    seen = []
    assert scan_hand_readings(lambda image, deck="classic": seen.append(deck) or [], "img", "oona") == []
    assert scan_hand_readings(lambda image: seen.append("one deck") or [], "img", "oona") == []
    assert seen == ["oona", "one deck"]


def test_enrolled_decks_are_offered_remembered_and_a_damaged_index_ignored(tmp_path):
    decks = Decks(tmp_path / "decks", default="classic")
    assert [c.name for c in decks.choices()] == ["oona", "classic"] and decks.selected.name == "classic"
    name = decks.unused_name("Deck")
    base = decks.profile_path(name)
    base.parent.mkdir(parents=True)
    for suffix in (".json", ".npz"):
        base.with_suffix(suffix).write_bytes(b"x")
    added = decks.add(name, "classic")
    assert added.enrolled and added.style == "classic" and name == "Deck 1"
    assert decks.following("classic").name == name and decks.following(name).name == "oona"
    decks.choose(name)
    again = Decks(tmp_path / "decks")
    assert again.selected == DeckChoice(name, "classic", base)
    assert again.unused_name("Deck") == "Deck 2"
    base.with_suffix(".npz").unlink()                  # its profile gone: not offered
    assert [c.name for c in Decks(tmp_path / "decks").choices()] == ["oona", "classic"]
    (tmp_path / "decks" / "decks.json").write_text("{not json")
    assert Decks(tmp_path / "decks").selected.name == "oona"
    with pytest.raises(ValueError):
        decks.add("Oona", "oona")
    assert len(enrol_faces()) == 54 and json.loads(json.dumps(enrol_faces())) == enrol_faces()


def test_a_hand_is_laid_out_in_the_frame_without_piling_up():
    poses = hand_layout(18, (480, 360), 120, np.random.default_rng(1))
    xs, ys = np.array([p[0] for p in poses]), np.array([p[1] for p in poses])
    assert xs.min() > 40 and xs.max() < 440 and ys.min() > 55 and ys.max() < 305
    assert len({(round(x / 10), round(y / 10)) for x, y in zip(xs, ys)}) == 18     # no two on one spot


def test_the_demo_players_spread_their_hands_under_its_camera(tmp_path):
    clock = ManualClock()
    session = Session(MatchStore(tmp_path / "state"), clock=clock)
    table = LiveTable(TableSim(seed=2, cards=0, width=480, height=360, card_px=120), card_render("oona"),
                      clock=clock, seed=2)
    demo = DemoTable(session, players=3, seed=2, thrower=table, pace=0)
    demo.start()
    pile = table.render(0)[0]
    assert demo.show_hand(1)
    assert table.hand == tuple(demo.hand(1)) and len(table.hand) == 7
    spread = table.render(1)[0]
    assert np.abs(spread.astype(int) - pile.astype(int)).mean() > 20             # the cards, not the pile
    demo.show_face("burgundy-7")
    assert table.hand == ("burgundy-7",)
    demo.show_hand(None)
    assert table.hand is None and np.abs(table.render(0)[0].astype(int) - pile.astype(int)).mean() < 2
    session.close()


def test_an_enrolled_deck_chosen_before_is_read_at_the_next_start(tmp_path):
    from kiosk.__main__ import build, build_parser
    from vision.enrol.profile import EnrolledRecogniser
    from vision.art.oona import card_png
    from vision.sim.synth import render_photo

    state = tmp_path / "state"
    decks = Decks(state / "decks")
    rng = np.random.default_rng(3)
    photos = {code: render_photo(card_png(*code.split("-"), 5.0), rng)[0] for code in ("burgundy-7", "indigo-stop")}
    path = decks.profile_path("Majlis deck")
    path.parent.mkdir(parents=True)
    EnrolledRecogniser.enrol(photos, "Majlis deck").save(path)
    decks.add("Majlis deck", "oona")
    decks.choose("Majlis deck")
    (tmp_path / "frames").mkdir()
    args = build_parser().parse_args(["--camera", f"folder:{tmp_path / 'frames'}", "--state-dir", str(state)])
    kiosk = build(args)
    try:
        assert kiosk.decks.selected.name == "Majlis deck" and kiosk.tools.scan_hand is not None
        watcher = kiosk.camera.make_watcher()
        assert isinstance(watcher.recogniser, EnrolledRecogniser) and watcher.recogniser.name == "Majlis deck"
    finally:
        kiosk.close()
    args = build_parser().parse_args(["--camera", f"folder:{tmp_path / 'frames'}", "--state-dir", str(state),
                                      "--deck", "classic"])
    kiosk = build(args)
    try:
        assert kiosk.decks.selected == DeckChoice("classic", "classic")          # --deck for this run
        assert not isinstance(kiosk.camera.make_watcher().recogniser, EnrolledRecogniser)
    finally:
        kiosk.close()


def test_the_demo_players_show_their_hands_through_the_screen_or_touch_them_in(tmp_path):
    clock = ManualClock()
    session = Session(MatchStore(tmp_path / "state"), clock=clock)
    demo = DemoTable(session, players=3, seed=5, pace=0)
    asked = []
    answer = {"value": "busy"}
    demo.hands_shown = lambda: asked.append(session.table.state.round) or answer["value"]
    demo.start()
    demo.play(5000, clock, until=lambda: session.table.state.round_over)
    assert session.table.state.round_over and session.table.state.ranking is None
    demo.beat()
    demo.beat()
    assert len(asked) == 2 and session.table.state.ranking is None          # the screen is at it
    answer["value"] = "no"                                                   # no camera scan: by touch
    demo.beat()
    assert session.referee.journal.lines[-1]["event"] == "hands" and session.table.state.ranking is not None
    session.close()


def test_the_kiosk_scan_reads_an_oona_hand_spread_on_the_demo_table():
    """The default deck end to end: the demo's table spreads real Oona faces, the kiosk's scan
    (vision's Oona hand-scan model) names them as cards of the rules core."""
    from kiosk.__main__ import card_render, vision_tools
    from kiosk.referee.clock import ManualClock
    from kiosk.camera.decks import DeckChoice
    from kiosk.demo.camera import LiveTable
    from vision.sim.table import TableSim

    table = LiveTable(TableSim(seed=5, cards=0, width=480, height=360, card_px=120, deck="oona"),
                      card_render("oona"), clock=ManualClock(), seed=5)
    scan = vision_tools(lambda: DeckChoice("oona", "oona")).scan_hand
    hands = [["burgundy-7", "indigo-stop", "saffron-2"], ["turquoise-9", "colour4", "indigo-5", "saffron-take2"]]
    right = total = extra = 0
    for hand in hands:
        table.show_hand(hand)
        read = scan(table.render(1)[0])
        codes = Counter(card.code or f"?-{card.rank}" for card in read)
        truth = Counter(hand)
        right += sum((codes & truth).values())
        total += len(hand)
        extra += max(0, len(read) - len(hand))
    assert right >= total - 1 and extra <= 1, (right, total, extra)


def test_the_kiosk_scan_is_told_the_hand_s_count_and_says_how_many_it_missed():
    """A hand of three on the demo table: told three, the kiosk's scan keeps three and says where
    each index is; told five (two still in the player's hand), it says two are missing. Its
    progress rises to the end."""
    from kiosk.__main__ import card_render, vision_tools
    from kiosk.camera.decks import DeckChoice
    from kiosk.referee.ports import ScannedHand

    table = LiveTable(TableSim(seed=5, cards=0, width=480, height=360, card_px=120, deck="oona"),
                      card_render("oona"), clock=ManualClock(), seed=5)
    scan = vision_tools(lambda: DeckChoice("oona", "oona")).scan_hand
    hand = ["burgundy-7", "indigo-stop", "saffron-2"]
    table.show_hand(hand)
    frame = table.render(1)[0]
    said = []
    read = scan(frame, expected=3, progress=said.append)
    assert isinstance(read, ScannedHand) and read.expected == 3 and read.missing == 0
    assert sorted(card.code for card in read) == sorted(hand)
    assert said == sorted(said) and said[-1] == 1.0 and len(said) >= 5
    h, w = frame.shape[:2]
    assert len(read.found) == 3
    for (x0, y0, x1, y1), card in zip(read.found, read):
        assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h
    assert [box[0] for box in read.found] == sorted(box[0] for box in read.found)     # left to right
    short = scan(frame, expected=5)
    assert short.expected == 5 and len(short) <= 5 and short.missing == 5 - len(short) >= 2
    assert all(len(box) == 4 for box in short.looked)


def test_a_hand_spread_short_is_not_filled_from_the_rug():
    """Two of a hand of four spread on the majlis table: the rug's fringe above them, read as an
    Oona 1 at 0.65 to 0.83 on some frames' noise, once filled the hand's missing two; a reading
    below the threshold fills a hand only with its card's white border beside it. Frames 92 and 93
    (of the still camera's noise) each filled it before."""
    from kiosk.__main__ import vision_tools
    from vision.hand.outline import border_seen
    from vision.hand.scanner import whiteness

    table = LiveTable(TableSim(seed=3, cards=0, width=480, height=360, card_px=120, deck="oona"),
                      card_render("oona"), clock=ManualClock(), seed=3)
    table.show_hand(["burgundy-7", "indigo-stop"])
    scan = vision_tools(lambda: DeckChoice("oona", "oona")).scan_hand
    for index in (92, 93, 1):
        image = table.render(index)[0]
        cards = scan(image, expected=4)
        assert sorted(f"{c.colour}-{c.rank}" for c in cards) == ["burgundy-7", "indigo-stop"], index
        assert cards.missing == 2
    plane = whiteness(table.render(92)[0])
    on_fringe = border_seen(plane, 265.4, 62.2, 90.0, 120 * 63 / 88, (9.5 / 63, 11 / 88))
    assert on_fringe[1] < 0.5                            # the fringe's one edge, and wood where its other side would be
    with pytest.raises(ValueError, match="uint8 whiteness plane"):
        border_seen(plane.astype(np.float32), 10, 10, 0, 50)
