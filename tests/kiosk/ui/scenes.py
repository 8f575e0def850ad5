"""Every screen of the kiosk in every state worth looking at, for the screenshots in docs/screens
(``screens_for_docs.py``) and the test that each fits every window (``test_fit.py``).

A scene is a generator: given the language, it builds its App (:func:`uikit.mount`), arranges a
state and yields a :class:`Shot` naming it; the caller looks (a screenshot, a fit check at each
window size) and moves the scene on with ``next()``. A shot with ``opens`` is a modal view over the
screen: the caller opens it (after resizing the window, as the kiosk would at that size) and
dismisses it before moving on.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from conftest import NAMES, ManualClock
from kiosk.camera.decks import DeckChoice, Decks
from kiosk.camera.hand_scan import ScannedCard
from kiosk.history.store import History
from kiosk.referee.inputs import CameraChanged, CardLanded, SeatPressed, Touched
from kiosk.referee.journal import MatchStore
from kiosk.referee.ports import RecordingFeedback, VisionTools
from kiosk.referee.session import MatchSetup, Session
from kiosk.ui.app import OonaApp
from uikit import frames, mount

SCANNED = [ScannedCard("7", "burgundy", 0.9), ScannedCard("stop", "indigo", 0.9), ScannedCard("4", None, 0.7),
           ScannedCard("colour4", None, 0.8)]
"""What the docs' camera reads of Omar's hand (its last card's colour not read)."""
VERDICT = [ScannedCard("2", "saffron"), ScannedCard("9", "indigo"), ScannedCard("colour"), ScannedCard("5", "burgundy"),
           ScannedCard("0", "turquoise"), ScannedCard("7", None)]
"""What it reads of the challenged hand (an indigo 9: guilty)."""
CROWD = ("سارة", "Omar", "نورة", "Khalid", "ريم", "Fatima", "عبدالرحمن", "Yousef", "منيرة", "Abdullah")


@dataclass
class Shot:
    name: str
    """The screenshot's name: ``table`` is written as ``table-ar.png`` and ``table-en.png``."""
    opens: Callable[[], object] | None = None
    """Opens the modal view this shot shows (and returns it)."""
    docs: bool = True
    """Worth a screenshot in docs/screens (every shot is checked for fit)."""


def session_with_history(root: Path, clock) -> Session:
    history = History(root / "history.sqlite3")
    return Session(MatchStore(root / "state"), clock=clock, feedback=RecordingFeedback(), history=history)


def regulars(history: History) -> list[int]:
    return [history.add_player(name_ar="سارة", name_en="Sara").id, history.add_player(name_en="Omar").id,
            history.add_player(name_ar="نورة").id, history.add_player(name_en="Khalid", name_ar="خالد").id,
            history.add_player(name_ar="ريم").id]


class DocsCamera:
    """A camera that saw the demo's table with indigo-6 turned up and indigo-3 played on it (the
    pile area found by vision's calibration), as the screens read a ``CameraCardSource``."""

    def __init__(self):
        from kiosk.__main__ import card_render
        from kiosk.camera.source import CameraCardSource
        from kiosk.demo.camera import LiveTable
        from vision.pile.calibrate import calibrate
        from vision.sim.table import TableSim

        clock = ManualClock()
        table = LiveTable(TableSim(seed=1, cards=0, width=480, height=360, card_px=120),
                          card_render("oona"), clock=clock, seed=1)
        table.throw("indigo-6")
        clock.advance(3)
        first = table.render(0)[0]
        table.throw("indigo-3")
        clock.advance(3)
        frame = table.render(1)[0]
        camera = CameraCardSource("picamera2", open_source=None, make_watcher=lambda: None)
        camera._keep(type("Frame", (), {"image": frame, "t": 0.0})())
        self.preview, self.status, self.spec = camera.preview, "ok", "picamera2"
        self.calibration = calibrate([first] * 3)

    def request_calibration(self):
        pass


_FACES: list = []


def with_faces(app: OonaApp) -> OonaApp:
    """The App with the deck art the kiosk gives it (``kiosk/__main__.py``): the card in play
    drawn from it (one cache of textures for every scene: they share the window)."""
    from kiosk.__main__ import screen_faces
    from kiosk.ui.widgets.card_face import FaceTextures
    if not _FACES:
        _FACES.append(FaceTextures(screen_faces()))
    app.card_faces = _FACES[0]
    return app


def main_scene(lang: str) -> Iterator[Shot]:
    """Setup (its keyboard and player picker), the deal, the table as it plays, paused, the
    camera lost and its card picker, the round going out on the table; the settings."""
    from kiosk.ui.widgets.keyboard import NameKeyboard
    root = Path(tempfile.mkdtemp())
    clock = ManualClock()
    session = session_with_history(root, clock)
    ids = regulars(session.history)
    app = with_faces(OonaApp(session, lang=lang))
    app.camera = DocsCamera()
    from hardware.speaker.speaker import RecordingBackend, Speaker
    app.speaker = Speaker(RecordingBackend())           # the settings' sound buttons (nothing sounds)
    mount(app)
    setup = app.screens["setup"]
    setup.draft.seat_players(ids[:4])
    setup.refresh()
    yield Shot("setup")
    yield Shot("player-picker", opens=lambda: app.pick_player(lambda pid: None), docs=False)
    yield Shot("keyboard", opens=lambda: keyboard(NameKeyboard(app, app.text("new_player_prompt"), lambda n: None)),
               docs=False)
    # A seed of its own: the first dealer, and so who plays the 3 and is caught, the same on every render
    # (without one the match draws its seed, and the shots showed one of three states).
    app.start_match(MatchSetup(4, {"preset": "sahrat-oona"}, NAMES, seed=0), players=ids[:4])
    if session.table.state.phase == "setup":
        yield Shot("deal", docs=False)
        session.submit(Touched.of("deal", dealer=3))
    app.refresh()
    yield Shot("turn-up", docs=False)
    clock.advance(1)
    session.submit(CardLanded("indigo-6", clock()))
    session.table.state.hands[0] = 2
    from kiosk.__main__ import card_render
    session.submit(CardLanded("indigo-3", clock.advance(1), card_render("oona")("indigo-3")))   # as the camera saw it
    session.submit(SeatPressed(2, "catch", clock.advance(0.5)))
    app.refresh()
    yield Shot("table")
    yield Shot("question", opens=lambda: question(app, "indigo-3", "indigo-8", "burgundy-3"), docs=False)
    app.show("settings")
    yield Shot("settings")
    app.show("table")
    session.submit(Touched("pause"))
    app.refresh()
    yield Shot("paused")
    session.submit(Touched("resume"))
    session.submit(CameraChanged("lost"))
    app.camera.status = "lost"
    app.refresh()
    yield Shot("camera-lost")
    yield Shot("camera-lost-picker", opens=lambda: app.screens["table"].pick_played())
    session.submit(CameraChanged("ok"))
    app.camera.status = "ok"
    table = session.table
    table.state.hands[table.state.turn] = 1
    session.submit(CardLanded("indigo-4", clock.advance(1)))
    app.refresh()
    frames(1)
    assert session.table.state.round_over, "the round went out"
    yield Shot("round-over")


def question(app: OonaApp, *codes: str):
    """The referee's "which card was played?" over the table, offering ``codes`` (nothing is asked
    of the session: the view alone)."""
    from kiosk.ui.widgets.card_question import CardQuestion
    from kiosk.ui.words.wording import Wording
    words = Wording(app.text, (), app.deck)
    view = CardQuestion(app, tuple((code, words.card(code)) for code in codes))
    view.open(animation=False)
    return view


def keyboard(board):
    board.open()
    return board


def crowd_scene(lang: str) -> Iterator[Shot]:
    """The table with six and with ten players."""
    for players, preset in ((6, "sahrat-oona"), (10, "official")):
        root = Path(tempfile.mkdtemp())
        clock = ManualClock()
        session = Session(MatchStore(root / "state"), clock=clock, feedback=RecordingFeedback())
        session.new_match(MatchSetup(players, {"preset": preset}, CROWD[:players]), dealer=players - 1)
        session.submit(CardLanded("indigo-6", clock.advance(1)))
        app = with_faces(OonaApp(session, lang=lang))
        mount(app)
        yield Shot(f"table-{players}", docs=players == 10)


def swap_scene(lang: str) -> Iterator[Shot]:
    """The Wild swap: whose hand to take (the 112-card deck)."""
    root = Path(tempfile.mkdtemp())
    clock = ManualClock()
    session = Session(MatchStore(root / "state"), clock=clock, feedback=RecordingFeedback())
    session.new_match(MatchSetup(4, {"preset": "arabic-box"}, NAMES), dealer=3)
    session.submit(CardLanded("indigo-5", clock.advance(1)))
    app = with_faces(OonaApp(session, lang=lang))
    mount(app)
    session.submit(CardLanded("swap", clock.advance(1)))
    session.submit(Touched.of("name_colour", colour="saffron"))
    app.refresh()
    assert app.screens["table"].view.mode == "swap", app.screens["table"].view.mode
    yield Shot("swap")


def restart_scene(lang: str) -> Iterator[Shot]:
    """Back after a restart: paused, with the note that the match was resumed."""
    root = Path(tempfile.mkdtemp())
    clock = ManualClock()
    session = Session(MatchStore(root / "state"), clock=clock, feedback=RecordingFeedback())
    session.new_match(MatchSetup(4, {"preset": "sahrat-oona"}, NAMES), dealer=3)
    session.submit(CardLanded("indigo-6", clock.advance(1)))
    session.close()
    session = Session(MatchStore(root / "state"), clock=clock, feedback=RecordingFeedback())
    assert session.resume()
    app = OonaApp(session, lang=lang)
    mount(app)
    yield Shot("restarted")


def resume_scene(lang: str) -> Iterator[Shot]:
    """A long match being resumed after a restart: its journal replayed, the bar part way."""
    root = Path(tempfile.mkdtemp())
    session = Session(MatchStore(root / "state"), clock=ManualClock(), feedback=RecordingFeedback())
    app = OonaApp(session, lang=lang)
    mount(app)
    app.resuming = True                     # the resume screen, as while a long journal replays
    app.show("resume")
    app.screens["resume"].step(1312, 4806)
    yield Shot("resume")
    session.close()


def camera_scene(lang: str) -> Iterator[Shot]:
    """The colour picker, the challenge and its reveal by the camera, the hands at round end
    (touched in, then scanned; a card put right), the round's ranking and a new deck's enrolment."""
    from kiosk.__main__ import vision_tools
    from scan_kit import still_camera
    root = Path(tempfile.mkdtemp())
    clock = ManualClock()
    table, camera, _source = still_camera("oona", seed=3, lockable=True)
    try:
        # the challenge: a Colour take four on indigo, its colour named, challenged, the hand scanned
        session = Session(MatchStore(root / "challenge"), clock=clock, feedback=RecordingFeedback())
        session.new_match(MatchSetup(4, {"preset": "sahrat-oona"}, NAMES), dealer=3)
        session.submit(CardLanded("indigo-6", clock.advance(1)))
        app = OonaApp(session, lang=lang, tools=VisionTools(scan_hand=lambda image, **_: list(VERDICT)))
        app.camera = camera
        mount(app)
        session.submit(CardLanded("colour4", clock.advance(2)))
        app.refresh()
        yield Shot("colour-picker")
        session.submit(Touched.of("name_colour", colour="turquoise"))
        session.submit(Touched("challenge"))
        app.refresh()
        yield Shot("challenge")
        table.show_hand(["saffron-2", "indigo-9", "colour", "burgundy-5", "turquoise-0", "saffron-7"])

        def verdict_scan():
            modal = app.screens["table"].scan_verdict()
            modal.scan_thread.join(120)
            frames(2)
            return modal

        yield Shot("verdict-scan", opens=verdict_scan)
        app.end_scan()
        real_scan = vision_tools(lambda: DeckChoice("oona", "oona")).scan_hand
        table.show_hand(["saffron-2", "burgundy-5"])       # a third of the hand spread: the rest missed
        missed = real_scan(camera.next_frame(3.0), expected=session.table.state.hands[0])   # read once
        app.tools = VisionTools(scan_hand=lambda image, **_: missed)
        yield Shot("verdict-missing", opens=verdict_scan, docs=False)
        app.end_scan()

        # the round's end: Sara went out; Omar's hand scanned, the others touched in
        session = Session(MatchStore(root / "round"), clock=clock, feedback=RecordingFeedback())
        session.new_match(MatchSetup(4, {"preset": "sahrat-oona"}, NAMES), dealer=3)
        session.submit(CardLanded("indigo-6", clock.advance(1)))
        session.table.state.hands[:] = [1, 4, 2, 1]
        session.submit(CardLanded("indigo-1", clock.advance(1)))
        app = OonaApp(session, lang=lang, tools=VisionTools(scan_hand=lambda image, **_: list(SCANNED)))
        app.camera = camera
        mount(app)
        app.show("round_end")
        screen = app.screens["round_end"]
        screen.select(2)
        screen.add_card("saffron-5")
        yield Shot("hands")
        screen.scanning = 1                            # Omar's hand being read: the bar under the prompt
        screen.refresh(force=True)
        screen.scan_progress(0.45)
        yield Shot("round-end-reading")
        screen.scanning = None
        app.tools = VisionTools(scan_hand=real_scan)
        table.show_hand(["burgundy-7", "indigo-stop"])  # two of Omar's four spread: two missing
        screen.scan(1).join(120)
        frames(2)
        screen.select(1)
        assert screen.looked(1), "the scan missed two of Omar's cards"
        yield Shot("round-end-missing")
        screen.entered.pop(1)
        screen.seen.pop(1)
        app.tools = VisionTools(scan_hand=lambda image, **_: list(SCANNED))
        table.show_hand(["burgundy-7", "indigo-stop", "turquoise-4", "colour4"])
        screen.scan(1).join(120)
        frames(2)
        screen.select(1)
        yield Shot("round-end-scan")
        yield Shot("chip-fixer", opens=lambda: screen.fix(1, 2), docs=False)
        screen.select(2)
        screen.add_card("turquoise-9")
        screen.select(3)
        screen.add_card("colour")
        screen.go()
        yield Shot("round-end")
        app.end_scan()

        # a new deck, its first face under the camera; then its last step (name, names, save)
        decks = Decks(root / "decks")
        (root / "decks").mkdir()
        session = Session(MatchStore(root / "enrol"), clock=clock, feedback=RecordingFeedback())
        app = OonaApp(session, lang=lang, decks=decks,
                      tools=VisionTools(scan_hand=lambda image, **_: [], card_photo=lambda image: image,
                                        enrol=lambda photos, name, path, **_: path,
                                        corrections=lambda: 3, forget_corrections=lambda: None))
        app.camera = camera
        mount(app)
        table.show_hand(["saffron-0"])              # the first face asked for
        camera.next_frame(3.0)
        camera.spec = "picamera2"
        app.show("enrol")
        enrol = app.screens["enrol"]
        enrol.ids.preview_image._shown_at = 0.0
        yield Shot("enrol")
        enrol.skipped = set(enrol.faces[:3])
        enrol.photos = {face: object() for face in enrol.faces[3:]}
        enrol.step = len(enrol.faces)
        enrol.refresh()
        yield Shot("enrol-end", docs=False)
        enrol.busy, enrol.learnt, enrol.message = True, 0.6, app.text("enrol_learning")
        enrol.refresh()
        yield Shot("enrol-learning", docs=False)
        enrol.busy, enrol.learnt, enrol.message = False, None, ""
        app.show("settings")
        name = "ورق سارة" if lang == "ar" else "Sara's deck"
        for suffix in (".json", ".npz"):        # a deck enrolled before (its profile's files)
            decks.profile_path(name).with_suffix(suffix).write_bytes(b"")
        decks.add(name, "classic")
        app.choose_deck(name)
        app.screens["settings"].toggle_exposure().join(120)
        frames(2)
        yield Shot("settings-deck")
    finally:
        camera.close()


def players_scene(lang: str) -> Iterator[Shot]:
    """The regulars, the leaderboard, a player's history, past matches and a replay (a seeded
    history: simulated matches recorded through History)."""
    from players_seed import seeded_history
    root = Path(tempfile.mkdtemp())
    history, ids, matches = seeded_history(root)
    history.retire(ids[4])
    session = Session(MatchStore(root / "state"), clock=ManualClock(), feedback=RecordingFeedback(),
                      history=history)
    app = OonaApp(session, lang=lang)
    mount(app)
    try:
        app.show("players")
        players = app.screens["players"]
        players.toggle_retired()
        yield Shot("players")
        players.go("leaderboard")
        yield Shot("leaderboard")
        app.screens["leaderboard"].open_player(ids[2])
        yield Shot("player-history")
        players.go("matches", selected=matches[0])
        yield Shot("matches")
        app.screens["matches"].replay()
        replay = app.screens["replay"]
        replay.step = next(i for i, f in enumerate(replay.frames)          # a step the table spoke up
                           if i > 10 and any(n.kind in ("caught", "penalty") for n in f.notices))
        replay.refresh()
        yield Shot("replay")
    finally:
        session.close()


SHEET_ROUNDS = (
    ("indigo-6", "indigo-1", {1: ["saffron-9", "colour"], 2: ["burgundy-2", "turquoise-take2", "indigo-7"],
                              3: ["saffron-3"]}),
    ("burgundy-5", "burgundy-8", {0: ["indigo-4", "saffron-stop"], 2: ["turquoise-1"], 3: ["colour4", "indigo-9"]}),
    ("turquoise-6", "turquoise-3", {0: ["saffron-5"], 1: ["indigo-turnback", "burgundy-6", "saffron-2"],
                                    3: ["burgundy-9"]}),
)
"""Three rounds for the score sheet: (turned up, the last card played on it, the hands left)."""
CROWD_HANDS = ({4: ["turquoise-8"], 5: ["burgundy-3", "indigo-2"], 6: ["saffron-take2"], 7: ["indigo-8"],
                8: ["turquoise-stop", "indigo-5"], 9: ["burgundy-1"]},
               {4: ["saffron-7", "turquoise-9"], 5: ["indigo-3"], 6: ["burgundy-4"], 7: ["colour"],
                8: ["saffron-1"], 9: ["turquoise-2", "burgundy-7", "indigo-6"]},
               {4: ["burgundy-2"], 5: ["saffron-8"], 6: ["indigo-take2", "turquoise-4"], 7: ["saffron-6"],
                8: ["burgundy-stop"], 9: ["turquoise-5"]})
"""The same three rounds at a table of ten: what seats 4 to 9 held."""
CROWD_ROUNDS = tuple((up, last, {**hands, **more}) for (up, last, hands), more in zip(SHEET_ROUNDS, CROWD_HANDS))
"""The three rounds of the score sheet at a table of ten (:data:`CROWD` dealt by the last seat)."""


def play_sheet_rounds(session: Session, clock, rounds=SHEET_ROUNDS) -> None:
    """Play each round to its end in one card (the seat on turn holding only it) and score it."""
    for index, (turn_up, last, hands) in enumerate(rounds):
        if index:
            session.submit(Touched("deal"))
        session.submit(CardLanded(turn_up, clock.advance(1)))
        state = session.table.state
        for seat in range(session.table.players):
            state.hands[seat] = 1 if seat == state.turn else len(hands.get(seat, []))
        assert session.submit(CardLanded(last, clock.advance(1))).accepted
        cards = {str(seat): list(cards) for seat, cards in hands.items()}
        assert session.submit(Touched.of("hands", cards=cards)).accepted
        assert session.table.state.ranking is not None, f"round {index + 1} is scored"


def sheet_scene(lang: str) -> Iterator[Shot]:
    """The score sheet after three rounds (target 150: its line on the chart), a round's hands
    opened to correct; then a team table's sheet with the teams' totals; then ten players' sheet."""
    for players, options, name in ((4, {"preset": "sahrat-oona", "match_target": 150}, "score-sheet"),
                                   (4, {"preset": "sahrat-oona", "mode": "teams", "team_scoring": "sum_opponents",
                                        "match_target": 500}, "score-sheet-teams"),
                                   (10, {"preset": "official"}, "score-sheet-10")):
        root = Path(tempfile.mkdtemp())
        clock = ManualClock()
        session = Session(MatchStore(root / "state"), clock=clock, feedback=RecordingFeedback())
        session.new_match(MatchSetup(players, options, NAMES if players == 4 else CROWD), dealer=players - 1)
        play_sheet_rounds(session, clock, SHEET_ROUNDS if players == 4 else CROWD_ROUNDS)
        app = OonaApp(session, lang=lang)
        mount(app)
        app.show("score_sheet")
        frames(2)
        yield Shot(name)
        if name == "score-sheet":
            yield Shot("score-sheet-fix", opens=lambda: app.screens["score_sheet"].open_fix(1))
        session.close()


from league_scene import league_scene  # noqa: E402  (the league screen's venue of two tables)
from round_end_scene import round_end_scene  # noqa: E402  (the round end's score sheet: 2, teams, 10, match won)

SCENES = (main_scene, crowd_scene, swap_scene, restart_scene, resume_scene, camera_scene, players_scene, sheet_scene,
          league_scene, round_end_scene)
