"""«باقي وحدة!» and «صدتك!»: the one-card duty, its catch window, calls and catches (RULES.md §3.8).

Mixed into :class:`~kiosk.rules.engine.Engine`; every method works on ``self.s`` (the state)
and ``self.options``, and runs only after the engine has checked the seat and the moment.
"""

from __future__ import annotations

from dataclasses import replace

from .scoring import partner
from .state import Obligation


class CallsMixin:
    """The calls and catches of a round."""

    # -- windows -------------------------------------------------------------------------
    def window_open(self, ob: Obligation, now: float) -> bool:
        """Whether the «صدتك!» window of ``ob`` is open at game time ``now`` (RULES.md §3.8 (5))."""
        if ob.caught or self.s.round_over:
            return False
        return ob.t_act is None or now <= ob.landing + self.options.catch_window_min_ms / 1000

    def catchable(self, ob: Obligation, now: float) -> bool:
        """Whether ``ob``'s seat can be caught at game time ``now``: no valid call, window open,
        not caught yet (RULES.md §3.8 (2))."""
        return not ob.protected and self.window_open(ob, now)

    def exposed_at(self, now: float) -> int | None:
        """The seat that can be caught at game time ``now``: the latest uncalled open window."""
        for ob in reversed(self.s.obligations):
            if self.catchable(ob, now):
                return ob.seat
        return None

    def aim(self, catcher: int, now: float) -> int | None:
        """Index in ``s.obligations`` of the window a «صدتك!» from ``catcher`` without a target hits.

        The latest window whose seat can be caught now *and* that ``catcher`` may catch under
        ``catch_by`` and the teams (RULES.md §3.8 (4)); ``None`` when there is none (a miss).
        For a catcher who may catch it, this is the seat :meth:`exposed_at` shows.
        """
        obs = self.s.obligations
        for i in range(len(obs) - 1, -1, -1):
            ob = obs[i]
            if self.catchable(ob, now) and self.may_catch(catcher, ob.seat, ob.actor):
                return i
        return None

    def prune_windows(self, now: float) -> None:
        """Forget windows that can never open again (keeps snapshots small)."""
        obs = self.s.obligations
        if obs and any(not self.window_open(ob, now) for ob in obs):
            self.s.obligations = [ob for ob in obs if self.window_open(ob, now)]

    def open_duty(self, seat: int, now: float) -> None:
        """A play just left ``seat`` on one card: open its window, protected by an earlier call."""
        # A new list: an empty one is shared with the snapshot (State.copy copies only non-empty).
        self.s.obligations = self.s.obligations + [Obligation(seat, now, protected=self.s.called)]

    def hand_over(self, seat: int) -> None:
        """The turn passed to ``seat`` after a card's effect: it is the actor of new windows."""
        obs = self.s.obligations
        if not obs:
            return
        for i, ob in enumerate(obs):
            if ob.actor is None:
                obs[i] = replace(ob, actor=seat)

    def acted(self, seat: int, now: float) -> None:
        """``seat`` made a deliberate action: it closes the windows it was the actor of."""
        obs = self.s.obligations
        if not obs:
            return
        for i, ob in enumerate(obs):
            if ob.actor == seat and ob.t_act is None:
                obs[i] = replace(ob, t_act=now)

    def drop_duty(self, seat: int) -> None:
        """A Wild Swap left ``seat`` with more than one card: the duty is gone."""
        self.s.obligations = [ob for ob in self.s.obligations if ob.seat != seat or ob.caught]

    # -- presses -------------------------------------------------------------------------
    def do_call(self, seat: int, now: float) -> None:
        """«باقي وحدة!» from ``seat``: arms the coming play, or protects the play just made."""
        s = self.s
        mine = [i for i, ob in enumerate(s.obligations)
                if ob.seat == seat and not ob.protected and self.window_open(ob, now)]
        if mine:
            i = mine[-1]
            ob = s.obligations[i]
            late = now - ob.landing > self.options.one_call_grace_ms / 1000
            if self.options.one_call_deadline == "until_caught" or not late:
                s.obligations[i] = replace(ob, protected=True)
                self.notice("called", seat, 0, f"seat {seat} called «باقي وحدة!»")
                return
            self.notice("ignored", seat, 0,
                        f"seat {seat}'s call came {now - ob.landing:.1f} s after the card landed: too late")
            return
        if seat == s.turn and s.phase == "turn" and s.hands[seat] == 2:
            s.called = True
            self.notice("called", seat, 0, f"seat {seat} called «باقي وحدة!»")
            return
        self.notice("ignored", seat, 0, f"seat {seat}'s call is not due now and changes nothing")

    def may_catch(self, catcher: int, target: int, actor: int | None) -> bool:
        """Whether ``catcher`` may press «صدتك!» against ``target`` under ``catch_by``."""
        if catcher == target:
            return False
        if self.options.teams and partner(catcher) == target:
            return False
        if self.options.catch_by == "next_player":
            return catcher == (actor if actor is not None else self.s.turn)
        return True

    def do_catch(self, catcher: int, target: int | None, now: float) -> None:
        """«صدتك!» by ``catcher`` (at ``target``, or at whoever ``catcher`` can catch now).

        A press without a target hits the window :meth:`aim` picks, or else it is a miss; it is
        never "ignored" (RULES.md §3.8 (4)). A press at a ``target`` the catcher may not catch is
        ignored (§3.8 (2)); at any other target it hits if that seat can be caught, else misses.
        """
        s = self.s
        if target is None:
            index = self.aim(catcher, now)
        else:
            mine = [i for i, ob in enumerate(s.obligations) if ob.seat == target and self.window_open(ob, now)]
            uncalled = [i for i in mine if not s.obligations[i].protected]
            index = (uncalled or mine or [None])[-1]
            actor = s.obligations[index].actor if index is not None else None
            if not self.may_catch(catcher, target, actor):
                self.notice("ignored", catcher, 0, f"seat {catcher} may not catch seat {target}")
                return
        ob = s.obligations[index] if index is not None else None
        if ob is not None and not ob.protected:
            s.obligations[index] = replace(ob, caught=True)
            penalty = self.options.one_call_penalty
            self.notice("caught", ob.seat, penalty,
                        f"seat {catcher} caught seat {ob.seat}: no «باقي وحدة!»; seat {ob.seat} draws {penalty}")
            self.charge(ob.seat, penalty, "missed call", "missed_call", by=catcher)
            return
        fine = self.options.false_catch_penalty
        who = f"seat {target}" if target is not None else "nobody"
        self.notice("missed", catcher, fine,
                    f"seat {catcher}'s «صدتك!» at {who} missed" + (f"; seat {catcher} draws {fine}" if fine else ""))
        if fine:
            self.give(catcher, fine, "false catch", "false_catch")
