"""What the table screen says when something is wrong but play goes on (no Kivy)."""

import sqlite3

from kiosk.referee.inputs import ButtonFreed, ButtonStuck, CardLanded, SeatPressed, Touched
from kiosk.ui.present.table import present_table
from kiosk.ui.words.text import Text


def plain(text: str) -> str:
    return text.replace("\u2068", "").replace("\u2069", "")


def test_a_held_down_button_names_its_seat_and_the_seat_is_ignored_until_freed(started, clock):
    started.submit(ButtonStuck(1, "catch"))
    assert plain(present_table(started, Text("en")).banner) == "Omar's button is held down: ignored until released"
    assert "Omar" in plain(present_table(started, Text("ar")).banner)
    started.table.state.hands[0] = 2
    assert started.submit(CardLanded("indigo-3", clock.advance(1))).accepted     # seat 0 on one card, no call
    assert not started.submit(SeatPressed(1, "catch", clock.advance(0.5))).accepted   # ignored: stuck
    assert started.table.state.hands[0] == 1
    started.submit(ButtonFreed(1, "catch"))
    assert present_table(started, Text("en")).banner == ""
    assert started.submit(SeatPressed(1, "catch", clock.advance(0.2))).accepted
    assert started.table.state.hands[0] == 3


def test_a_history_that_cannot_be_written_is_said_with_what_failed(started, clock):
    class BrokenHistory:
        def sync_match(self, match_id, lines):
            raise sqlite3.OperationalError("database is locked")

    started.history, started.match_id = BrokenHistory(), 7
    assert started.submit(Touched("undo")).accepted                     # the match goes on
    banner = plain(present_table(started, Text("en")).banner)
    assert banner == "The history was not saved (OperationalError: database is locked)"
