"""Table options (RULES.md §4): one frozen, validated value, and the six presets.

>>> opts = Options.from_mapping({"preset": "sahrat-plus", "turn_seconds": 0})
>>> opts.stack_d2_on_d2, opts.turn_seconds, opts.preset
('yes', 0, 'sahrat-plus')
>>> find_preset("uno").preset
'official'
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from types import MappingProxyType

from .errors import OptionError

INT = "int"
"""Marks an option whose value is a whole number (at least 0)."""

# name → allowed values (a tuple of strings, INT, or a tuple that also admits INT).
CHOICES: dict[str, tuple | str] = {
    "mode": ("solo", "teams"),
    "max_players": INT,
    "deck": (108, 112),
    "hand_size": INT,
    "initial_dealer": ("random", "high_card"),
    "initial_direction": ("right", "left"),
    "next_dealer": ("rotate", "winner", "random"),
    "first_card_policy": ("bury_until_number", "apply_effects", "redraw_non_number"),
    "first_card_wild": ("names_colour", "redraw"),
    "two_player_reverse": ("as_skip", "removed", "reverse_only"),
    "voluntary_draw": ("yes", "no"),
    "draw_mode": ("one", "until_playable"),
    "drawn_card_play": ("optional", "forced", "never"),
    "wd4_restriction": ("challenge", "none"),
    "challenge_guilty_penalty": INT,
    "challenge_fail_penalty": INT,
    "challenge_victim_plays": ("yes", "no"),
    "wd4_answer_restriction": ("waived", "applies"),
    "stack_d2_on_d2": ("no", "yes"),
    "stack_wd4_on_d2": ("no", "yes"),
    "stack_d2_on_wd4": ("no", "yes"),
    "stack_wd4_on_wd4": ("no", "yes"),
    "stack_deflect": ("none", "stop", "turn_back", "both"),
    "stack_limit": ("none", INT),
    "stack_answer_optional": ("yes", "no"),
    "final_card_penalty": ("apply", "ignore"),
    "one_call_deadline": ("with_play", "until_caught"),
    "one_call_grace_ms": INT,
    "one_call_penalty": INT,
    "false_catch_penalty": INT,
    "catch_by": ("any_opponent", "next_player", "anyone"),
    "catch_window_min_ms": INT,
    "turn_seconds": INT,
    "turn_timeout_action": ("auto", "pass", "none"),
    "stock_dry": ("draw_available", "end_round"),
    "scoring": ("rank_by_own_points", "winner_collects"),
    "winner_bonus": INT,
    "rank_tiebreak": ("seat_from_starter", "next_turn_after_winner"),
    "team_scoring": ("win_loss", "sum_opponents"),
    "match_target": ("none", INT),
    "wild_swap_mandatory": ("no", "yes"),
    "wild_custom_effect": ("plain_wild_with_text",),
}

RESERVED = ("jump_in", "seven_zero", "multiple_play", "no_wild_finish", "misplay_penalty",
            "play_to_last")
"""Option names kept for possible future rules (RULES.md §4, not in scope)."""


@dataclass(frozen=True)
class Options:
    """Every table option, defaulting to Sahrat's plain Oona table (preset ``sahrat-oona``)."""

    preset: str = "sahrat-oona"
    """The preset these options started from (information only)."""
    mode: str = "solo"
    max_players: int = 6
    deck: int = 108
    hand_size: int = 7
    initial_dealer: str = "random"
    initial_direction: str = "right"
    next_dealer: str = "rotate"
    first_card_policy: str = "bury_until_number"
    first_card_wild: str = "names_colour"
    two_player_reverse: str = "as_skip"
    voluntary_draw: str = "yes"
    draw_mode: str = "one"
    drawn_card_play: str = "optional"
    wd4_restriction: str = "challenge"
    challenge_guilty_penalty: int = 4
    challenge_fail_penalty: int = 6
    challenge_victim_plays: str = "yes"
    wd4_answer_restriction: str = "waived"
    stack_d2_on_d2: str = "no"
    stack_wd4_on_d2: str = "no"
    stack_d2_on_wd4: str = "no"
    stack_wd4_on_wd4: str = "no"
    stack_deflect: str = "none"
    stack_limit: str | int = "none"
    """``none``, or the most draw cards one stack may hold (the opener included)."""
    stack_answer_optional: str = "yes"
    final_card_penalty: str = "apply"
    one_call_deadline: str = "with_play"
    one_call_grace_ms: int = 500
    one_call_penalty: int = 2
    false_catch_penalty: int = 0
    catch_by: str = "any_opponent"
    catch_window_min_ms: int = 2000
    turn_seconds: int = 12
    turn_timeout_action: str = "auto"
    stock_dry: str = "draw_available"
    scoring: str = "rank_by_own_points"
    winner_bonus: int = 0
    rank_tiebreak: str = "seat_from_starter"
    team_scoring: str = "win_loss"
    match_target: str | int = "none"
    wild_swap_mandatory: str = "no"
    wild_custom_effect: str = "plain_wild_with_text"

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            object.__setattr__(self, name, _check(name, getattr(self, name), allowed))
        if self.max_players < 2 or self.max_players > 10:
            raise OptionError(f"option max_players: {self.max_players} is not within 2–10")
        if self.hand_size < 1:
            raise OptionError("option hand_size: a hand needs at least one card")
        if self.stack_limit != "none" and self.stack_limit < 1:
            raise OptionError("option stack_limit: a stack holds at least one card")

    @classmethod
    def from_mapping(cls, mapping: dict) -> "Options":
        """Options from the journal's ``options`` object: a ``preset`` and/or single options.

        :raises OptionError: an unknown preset, option or value, named in the message.
        """
        if not isinstance(mapping, dict):
            raise OptionError("options must be an object of option names and values")
        values = dict(mapping)
        base = find_preset(values.pop("preset", "sahrat-oona"))
        unknown = [name for name in values if name not in CHOICES]
        if unknown:
            reserved = [n for n in unknown if n in RESERVED]
            what = "is reserved and not implemented" if reserved else "is not a table option"
            raise OptionError(f"option {unknown[0]!r} {what}")
        return replace(base, **values)

    def to_mapping(self) -> dict:
        """Every option as a plain dict (preset included), for the journal or a config file."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def changes(self) -> dict:
        """The options that differ from this options' preset."""
        base = PRESETS[self.preset].to_mapping()
        return {k: v for k, v in self.to_mapping().items() if base[k] != v}

    # Derived answers the state machine asks often.
    @property
    def stacking(self) -> bool:
        """Whether any draw card may answer a pending penalty."""
        return "yes" in (self.stack_d2_on_d2, self.stack_wd4_on_d2, self.stack_d2_on_wd4,
                         self.stack_wd4_on_wd4)

    @property
    def challenges(self) -> bool:
        return self.wd4_restriction == "challenge"

    @property
    def teams(self) -> bool:
        return self.mode == "teams"


def _check(name: str, value, allowed):
    """Validate one option value, turning numeric strings into ints where ints are allowed."""
    admits_int = allowed == INT or (isinstance(allowed, tuple) and INT in allowed)
    words = () if allowed == INT else tuple(a for a in allowed if a != INT)
    if value in words and not isinstance(value, bool):
        return value
    if admits_int:
        if isinstance(value, str) and value.isdigit():
            value = int(value)
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
    if isinstance(value, str) and value.isdigit() and int(value) in words:
        return int(value)
    shown = ", ".join(str(w) for w in words) + (", or a whole number" if admits_int else "")
    raise OptionError(f"option {name}: {value!r} is not allowed (allowed: {shown})")


def _preset(name: str, **values) -> Options:
    return Options(preset=name, **values)


PRESETS = MappingProxyType({
    "sahrat-oona": _preset("sahrat-oona"),
    "sahrat-plus": _preset("sahrat-plus", stack_d2_on_d2="yes", stack_wd4_on_d2="yes",
                           stack_wd4_on_wd4="yes"),
    "official": _preset("official", max_players=10, initial_dealer="high_card",
                        initial_direction="left", first_card_policy="apply_effects",
                        one_call_deadline="until_caught", catch_by="anyone",
                        catch_window_min_ms=0, team_scoring="sum_opponents", turn_seconds=0,
                        scoring="winner_collects", match_target=500),
    "oono-plus": _preset("oono-plus", max_players=4, initial_direction="left",
                         wd4_restriction="none", stack_d2_on_d2="yes", stack_wd4_on_wd4="yes",
                         catch_by="anyone", catch_window_min_ms=0, turn_seconds=0),
    "arabic-box": _preset("arabic-box", max_players=10, deck=112, initial_dealer="high_card",
                          initial_direction="left", first_card_policy="apply_effects",
                          catch_by="anyone", catch_window_min_ms=0, turn_seconds=0,
                          scoring="winner_collects", match_target=500),
    "una-app": _preset("una-app", first_card_policy="apply_effects", two_player_reverse="removed",
                       wd4_restriction="none", stack_d2_on_d2="yes", stack_wd4_on_d2="yes",
                       stack_wd4_on_wd4="yes", one_call_deadline="until_caught",
                       catch_by="next_player", catch_window_min_ms=0, turn_seconds=0,
                       scoring="winner_collects", winner_bonus=50),
})
"""The six presets of RULES.md §4, by name."""

ALIASES = MappingProxyType({
    "default": "sahrat-oona", "sahrat": "sahrat-oona", "oona": "sahrat-oona",
    "plus": "sahrat-plus", "oona-plus": "sahrat-plus", "sahrat-oona-plus": "sahrat-plus",
    "uno": "official", "mattel": "official", "oono": "oono-plus", "arabic": "arabic-box",
    "una": "una-app",
})
"""Other names people use for the presets."""


def find_preset(name: str) -> Options:
    """The preset called ``name`` (or one of its aliases, any case, ``_`` or ``-``).

    :raises OptionError: no preset has that name.
    """
    key = str(name).strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    if key not in PRESETS:
        raise OptionError(f"unknown preset {name!r} (presets: {', '.join(PRESETS)})")
    return PRESETS[key]
