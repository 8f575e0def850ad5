"""«أتحداك!»: challenging a Colour take four, and the verdict on the offender's hand (RULES.md §3.6).

Mixed into :class:`~kiosk.rules.engine.Engine`.
"""

from __future__ import annotations

from dataclasses import replace

from .errors import ChallengeError


class ChallengeMixin:
    """The challenge and its verdict."""

    def do_challenge(self, seat: int, now: float) -> None:
        s, o = self.s, self.options
        self.check_seat(seat)
        self.need_live_round("a challenge")
        p = s.pending
        if not o.challenges:
            raise ChallengeError("this table plays without the challenge «أتحداك!»", seat=seat)
        if s.phase == "verdict":
            raise ChallengeError("a challenge is already waiting for its verdict", seat=seat)
        if p is None or not p.challengeable:
            raise ChallengeError("no Colour take four can be challenged now", seat=seat)
        if seat != p.victim:
            raise ChallengeError(f"only seat {p.victim}, hit by the Colour take four, may challenge it",
                                 seat=seat)
        self.check_timer(seat, now)
        self.acted(seat, now)
        s.phase = "verdict"
        s.turn_started = None
        s.pending = replace(p, challengeable=False)
        self.notice("challenge", seat, 0, f"seat {seat} challenges seat {p.offender}: show the hand")

    def do_reveal(self, seat: int, held: bool, now: float) -> None:
        s, o = self.s, self.options
        self.check_seat(seat)
        self.need_live_round("a verdict")
        p = s.pending
        if s.phase != "verdict" or p is None:
            raise ChallengeError("no challenge is waiting for a verdict", seat=seat)
        if seat != p.offender:
            raise ChallengeError(f"the verdict is on seat {p.offender}'s hand, not seat {seat}'s", seat=seat)
        victim = p.victim
        s.pending = None
        if held:
            self.notice("guilty", seat, o.challenge_guilty_penalty,
                        f"seat {seat} held the colour: guilty, draws {o.challenge_guilty_penalty}")
            self.give(seat, o.challenge_guilty_penalty, "lost the challenge (guilty)", "challenge_guilty",
                      by=victim)
            self.release_held()
            if o.challenge_victim_plays == "yes":
                self.begin_turn(victim, now)
            else:
                self.pass_turn(victim, now)
            return
        drawn = p.total - 4 + o.challenge_fail_penalty
        self.notice("innocent", victim, drawn, f"seat {seat} did not hold the colour: seat {victim} draws {drawn}")
        self.give(victim, drawn, "lost the challenge", "challenge_lost", by=seat)
        self.release_held()
        self.pass_turn(victim, now)

