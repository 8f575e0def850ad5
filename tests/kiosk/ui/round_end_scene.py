"""The round end's score sheet for ``scenes.py`` (the fit test and the screenshots): the hands
recorded and the sheet shown with the round just over as its newest row, at a table of two, at a
team table, at a table of ten, and a match won (its final sheet)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Iterator

from conftest import NAMES, ManualClock
from kiosk.referee.inputs import CardLanded, Touched
from kiosk.referee.journal import MatchStore
from kiosk.referee.ports import RecordingFeedback
from kiosk.referee.session import MatchSetup, Session
from kiosk.ui.app import OonaApp
from uikit import frames, mount

PAIR_ROUNDS = (
    ("indigo-6", "indigo-1", [["saffron-9", "colour", "burgundy-take2"]]),
    ("burgundy-5", "burgundy-8", [["indigo-4", "saffron-stop"]]),
    ("turquoise-6", "turquoise-3", [["indigo-turnback", "saffron-2"]]),
)
"""Three rounds at a table of two: (turned up, the last card played on it, the loser's hand)."""
TEAMS = {"preset": "sahrat-oona", "mode": "teams", "team_scoring": "sum_opponents", "match_target": 500}


def play_rounds(session: Session, clock, rounds) -> dict:
    """Play each round out in one card (the seat on turn holding only it); the other seats hold
    the hands given, in seat order after it. The last round is left unscored: returns its hands."""
    for index, (turn_up, last, hands) in enumerate(rounds):
        if index:
            assert session.submit(Touched("deal")).accepted
        session.submit(CardLanded(turn_up, clock.advance(1)))
        state = session.table.state
        others = [seat for seat in range(session.table.players) if seat != state.turn]
        held = dict(zip(others, hands))
        for seat in range(session.table.players):
            state.hands[seat] = 1 if seat == state.turn else len(held.get(seat, []))
        assert session.submit(CardLanded(last, clock.advance(1))).accepted
        if index < len(rounds) - 1:
            assert session.submit(Touched.of("hands", cards={str(s): c for s, c in held.items()})).accepted
    return held


def _scored(session: Session, lang: str, held: dict) -> OonaApp:
    """The App at the round's end, its hands (``held``) recorded (as the round end's "Record the
    hands" does; ``test_round_end_sheet.py`` enters them by touch)."""
    assert session.submit(Touched.of("hands", cards={str(s): c for s, c in held.items()})).accepted
    app = OonaApp(session, lang=lang)
    mount(app)
    app.show("round_end")
    frames(2)
    assert app.screens["round_end"].view.scored
    return app


def _session(players: int, options: dict, names) -> tuple[Session, ManualClock]:
    clock = ManualClock()
    session = Session(MatchStore(Path(tempfile.mkdtemp()) / "state"), clock=clock, feedback=RecordingFeedback())
    assert session.new_match(MatchSetup(players, options, names), dealer=players - 1).accepted
    return session, clock


def round_end_scene(lang: str) -> Iterator:
    """Two players after three rounds; a team table; ten players; a match won."""
    from scenes import CROWD, CROWD_ROUNDS, SHEET_ROUNDS, Shot   # (scenes.py lists this scene)
    session, clock = _session(2, {"preset": "sahrat-oona", "match_target": 150}, NAMES[:2])
    held = play_rounds(session, clock, PAIR_ROUNDS)
    _scored(session, lang, held)
    yield Shot("round-end-2")
    session.close()

    session, _app = _last_round_scored(lang, 4, TEAMS, NAMES, SHEET_ROUNDS)
    yield Shot("round-end-teams")
    session.close()

    session, _app = _last_round_scored(lang, 10, {"preset": "official"}, CROWD, CROWD_ROUNDS)
    yield Shot("round-end-10")
    session.close()

    session, app = _last_round_scored(lang, 4, {"preset": "sahrat-oona", "match_target": 80}, NAMES, SHEET_ROUNDS)
    assert session.table.state.match_over, "Omar's 87 passed the target of 80"
    assert app.screens["round_end"].view.match_over
    yield Shot("match-end")
    session.close()


def _last_round_scored(lang: str, players: int, options: dict, names, rounds):
    """A match whose ``rounds`` are played out (the earlier ones by :func:`scenes.play_sheet_rounds`,
    the last by :func:`play_rounds_one`) and its last round's hands recorded: (session, App)."""
    from scenes import play_sheet_rounds
    session, clock = _session(players, options, names)
    *earlier, (up, last, hands) = rounds
    play_sheet_rounds(session, clock, tuple(earlier))
    session.submit(Touched("deal"))
    held = play_rounds_one(session, clock, up, last, hands)
    return session, _scored(session, lang, held)


def third_round_over(session: Session, clock, target: int) -> dict:
    """Four seats, two rounds scored, the third played out: its hands (by seat) still to enter."""
    from scenes import SHEET_ROUNDS, play_sheet_rounds
    assert session.new_match(MatchSetup(4, {"preset": "sahrat-oona", "match_target": target}, NAMES),
                             dealer=3).accepted
    play_sheet_rounds(session, clock, SHEET_ROUNDS[:2])
    assert session.submit(Touched("deal")).accepted
    up, last, hands = SHEET_ROUNDS[2]
    return play_rounds_one(session, clock, up, last, hands)


def touch_in_hands(app: OonaApp, hands: dict):
    """The round-end screen shown and ``hands`` (by seat) touched in on it, not yet scored."""
    app.show("round_end")
    screen = app.screens["round_end"]
    for seat, cards in hands.items():
        screen.select(seat)
        for code in cards:
            screen.add_card(code)
    return screen


def play_rounds_one(session: Session, clock, turn_up: str, last: str, hands: dict) -> dict:
    """One round played out as :func:`scenes.play_sheet_rounds` plays it, left unscored:
    returns the hands it leaves (by seat)."""
    session.submit(CardLanded(turn_up, clock.advance(1)))
    state = session.table.state
    for seat in range(session.table.players):
        state.hands[seat] = 1 if seat == state.turn else len(hands.get(seat, []))
    assert session.submit(CardLanded(last, clock.advance(1))).accepted
    return dict(hands)
