"""A headless kiosk of the league: a simulated match played through the referee's session into
a state directory's history and league folder, as the camera and buttons would feed it (for the
league tests, which run it as a process of its own, and for trying a venue without tables):

    python -m kiosk.league play --state-dir DIR --seed N NAME NAME... [--rounds R] [--stop-after L]

The players are the regulars of that name (added at any table of the venue; a name not known
there is refused). The match is closed at its end (the table moves on), or left open after
``--stop-after`` lines, to be resumed as after a power cut.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kiosk.league.errors import LeagueError


class UnknownPlayerError(LeagueError, LookupError):
    """A name no table of the venue has added (or one taken twice, so not knowing whom)."""


@dataclass
class ScriptedMatch:
    """What to play: the seats' regulars by name, the simulator's seed, rounds and options."""

    names: list[str]
    seed: int
    rounds: int | None = 2
    options: dict = field(default_factory=lambda: {"preset": "sahrat-oona"})
    coins: object = None
    """A :class:`~kiosk.history.coins.CoinOptions`, or ``None``."""


def player_ids(history, names: list[str]) -> list[int]:
    """The venue's regulars by their English (or Arabic) name, seat by seat.

    :raises UnknownPlayerError: a name no table added, or one name at two tables not yet merged.
    """
    by_name: dict[str, list[int]] = {}
    for player in history.players():
        for name in {player.name("en"), player.name("ar")}:
            by_name.setdefault(name, []).append(player.id)
    ids = []
    for name in names:
        found = by_name.get(name, [])
        if len(found) != 1:
            why = "no table of the venue added" if not found else "two tables added (merge them first)"
            raise UnknownPlayerError(f"player {name!r}: {why}")
        ids.append(found[0])
    return ids


def play(session, match: ScriptedMatch, players: list[int], *, stop_after: int | None = None) -> list[dict]:
    """Start ``match`` in ``session`` with these regulars (history ids, seat by seat) and feed it
    the simulator's journal from the first deal on (``stop_after``: only that many lines).
    Returns the simulated journal.

    :raises HistoryError: a seat or stake refused.
    :raises RuntimeError: the referee refused a line (the simulator and the rules disagree).
    """
    from kiosk.referee.session import MatchSetup
    from kiosk.rules.sim import simulate
    journal = simulate(len(match.names), match.options, seed=match.seed, rounds=match.rounds)
    setup = MatchSetup(len(match.names), dict(match.options), tuple(match.names), seed=journal[0]["seed"])
    outcome = session.new_match(setup, dealer=journal[1].get("dealer"), players=players,
                                coins=match.coins)
    if not outcome.accepted:
        raise RuntimeError(f"the match was refused: {outcome.refused.reason}")
    feed(session, journal, 2, stop_after)
    return journal


def feed(session, journal: list[dict], start: int, stop: int | None = None) -> None:
    """Lines ``start:stop`` of a simulated journal through the session's referee, at their times
    (the session's clock is a :class:`~kiosk.referee.clock.ManualClock`).

    :raises RuntimeError: a line refused, named by its number.
    """
    referee, clock = session.referee, session.clock
    for number, line in enumerate(journal[start:stop], start + 1):
        clock.now = max(clock.now, referee.t0 + line["t"])
        outcome = referee.record_line({k: v for k, v in line.items() if k != "t"}, clock.now)
        if not outcome.accepted:
            raise RuntimeError(f"journal line {number} refused: {outcome.refused.reason}")


def run(state_dir, match: ScriptedMatch, *, stop_after: int | None = None) -> dict:
    """Open the kiosk in ``state_dir`` (its history, any open match resumed and closed), play
    ``match``, close it unless stopped early, shut down. Returns what it played.

    :raises UnknownPlayerError: :raises HistoryError: :raises RuntimeError: as :func:`play`.
    """
    from pathlib import Path

    from kiosk.history.store import History
    from kiosk.referee.clock import ManualClock
    from kiosk.referee.journal import MatchStore
    from kiosk.referee.session import Session
    state = Path(state_dir)
    history = History(state / "history.sqlite3", auto_refresh=False)
    session = Session(MatchStore(state), clock=ManualClock(), history=history)
    try:
        if session.resume():
            session.close_match()               # the table moves on from a match left open
        journal = play(session, match, player_ids(history, match.names), stop_after=stop_after)
        played = {"kiosk": history.kiosk, "match": session.match_id, "lines": len(journal[:stop_after]),
                  "closed": stop_after is None}
        if stop_after is None:
            session.close_match()
        return played
    finally:
        session.close()
        history.close()
