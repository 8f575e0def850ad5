"""The players' presenters and the history file, without Kivy: a seeded history of simulated
matches recorded through History, worded in Arabic and English."""

import json
import re

import pytest

from kiosk.history.store import History
from kiosk.history.file import export_file, import_file, read_journal
from kiosk.ui.present.players import (present_leaderboard, present_matches, present_player, present_players,
                                      same_name, seat_names)
from kiosk.ui.present.replay import event_sentence, present_replay, replay_frames
from kiosk.ui.words.text import CATALOGUE, Text, has_arabic
from kiosk.ui.words.players import PLAYERS_TEXT
from kiosk.ui.words.wording import Wording

from players_seed import seeded_history, write_journal
from uikit_plain import plain


@pytest.fixture
def seeded(tmp_path):
    history, ids, matches = seeded_history(tmp_path)
    yield history, ids, matches
    history.close()


def test_the_catalogue_has_both_languages_for_every_players_word():
    for key, (ar, en) in PLAYERS_TEXT.items():
        assert CATALOGUE[key] == (ar, en)
        assert ar and en
        words = re.sub(r"\{\w+\}", "", ar)
        assert has_arabic(words) or not any(c.isalpha() for c in words), key


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_players_list_names_coins_and_retired(seeded, lang):
    history, ids, _ = seeded
    view = present_players(history, Text(lang))
    assert [r.id for r in view.rows] == ids
    sara = view.rows[0]
    assert (sara.name, sara.other_name) == (("سارة", "Sara") if lang == "ar" else ("Sara", "سارة"))
    assert view.rows[1].name == "Omar" and view.rows[1].other_name == ""       # one name only
    assert all(r.coins == history.balance(r.id) for r in view.rows)
    history.retire(ids[4])
    assert ids[4] not in [r.id for r in present_players(history, Text(lang)).rows]
    shown = present_players(history, Text(lang), show_retired=True)
    assert shown.rows[-1].id == ids[4] and shown.rows[-1].retired
    assert shown.rows[-1].retire_text == Text(lang)("unretire_button")


def test_a_name_already_taken_is_found_in_either_script(seeded):
    history, ids, _ = seeded
    assert same_name(history, "sara").id == ids[0]
    assert same_name(history, "سارة", except_id=ids[0]) is None
    assert same_name(history, "Fahad") is None


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_leaderboard_follows_the_history(seeded, lang):
    history, _, _ = seeded
    view = present_leaderboard(history, Text(lang))
    board = history.leaderboard()
    assert [r.player_id for r in view.rows] == [p.id for p, _ in board]
    assert len(view.columns) == len(view.rows[0].cells) == 12
    for row, (player, stats) in zip(view.rows, board):
        cells = dict(zip(["rank", "name", "coins", "matches_won", "matches_played", "rounds_won", "rounds_played",
                          "average", "catches_made", "catches_suffered", "challenges_won", "challenges_lost"],
                         row.cells))
        assert cells["name"] == player.name(lang)
        assert int(cells["coins"]) == stats["coins"] and int(cells["rounds_played"]) == stats["rounds_played"]
        assert float(cells["average"]) == pytest.approx(stats["average_points_left"], abs=0.05)
        assert int(cells["catches_suffered"]) == stats["catches_suffered"]
    if lang == "ar":
        assert all(has_arabic(c.group) for c in view.columns[1:])


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_a_players_history_ledger_and_matches(seeded, lang):
    history, ids, matches = seeded
    t = Text(lang)
    view = present_player(history, t, ids[2])
    assert plain(view.stats[0]) == (t("stat_coins"), str(history.balance(ids[2])))
    assert len(view.stats) == 10
    entries = history.entries(ids[2])
    assert len(view.ledger) == len(entries)
    newest = view.ledger[0]
    assert plain(newest.balance_text) == t("balance_after", n=history.balance(ids[2]))
    assert plain(newest.what).startswith(t("kind_correction")) and "a miscount" in plain(newest.note)
    assert plain(newest.where) == t("ledger_where_round", match=matches[0], round=1)
    kinds = {e["kind"] for e in entries}
    assert {"round_played", "stake"} <= kinds
    for row in view.ledger:
        assert "_" not in row.what and "{" not in row.what
        assert lang == "en" or has_arabic(row.what)
    assert [m.id for m in view.matches] == sorted(matches, reverse=True)     # all three, newest first


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_past_matches_with_scores_per_round(seeded, lang):
    history, ids, matches = seeded
    view = present_matches(history, Text(lang), selected=matches[0])
    assert [r.id for r in view.rows] == sorted(matches, reverse=True)
    detail = view.detail
    recorded = next(m for m in history.matches() if m["id"] == matches[0])
    assert detail.names == seat_names(history, recorded["seats"], lang)
    assert len(detail.rows) == len(recorded["rounds"]) + 1
    totals = [sum(r["scores"][seat] for r in recorded["rounds"]) for seat in range(4)]
    assert detail.rows[-1].cells == tuple(str(x) for x in totals)
    assert "2026" in view.rows[0].title or "20" in view.rows[0].title
    assert present_matches(history, Text(lang)).detail is None


def test_replay_frames_follow_the_journal_and_end_where_the_history_does(seeded):
    history, ids, matches = seeded
    match = next(m for m in history.matches() if m["id"] == matches[0])
    lines, unreadable = read_journal(match["journal"])
    frames, stop = replay_frames(lines)
    assert unreadable is None and stop is None and len(frames) == len(lines)
    last = frames[-1]
    totals = [sum(r["scores"][seat] for r in match["rounds"]) for seat in range(4)]
    assert list(last.match_scores) == totals


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_every_step_is_worded_in_the_screens_language(seeded, lang):
    history, ids, matches = seeded
    match = next(m for m in history.matches() if m["id"] == matches[2])
    lines, _ = read_journal(match["journal"])
    frames, _ = replay_frames(lines)
    t = Text(lang)
    names = seat_names(history, match["seats"], lang)
    words = Wording(t, names)
    seen = set()
    for frame in frames:
        said = event_sentence(frame.line, words, t)
        seen.add(frame.event)
        assert said and "{" not in said and "?" not in said, (frame.line, said)
        assert lang == "en" or has_arabic(said) or frame.event == "call", said
    assert {"match", "deal", "turn_up", "play", "draw", "hands"} <= seen
    view = present_replay(frames, 10_000, t, names, match_id=match["id"])
    assert view.step == len(frames) - 1 and view.can_back and not view.can_forward
    assert plain(view.title) == t("replay_title", match=match["id"], step=len(frames), total=len(frames))
    first = present_replay(frames, -3, t, names, match_id=match["id"])
    assert first.step == 0 and not first.can_back and first.seats[0].count_text
    penalties = [present_replay(frames, i, t, names, match_id=match["id"]) for i, f in enumerate(frames)
                 if any(n.kind == "penalty" for n in f.notices)]
    assert penalties and all(v.notices for v in penalties)


def test_a_broken_or_missing_journal_is_said(tmp_path):
    from kiosk.rules.sim import simulate
    lines = simulate(3, "sahrat-oona", seed=1, rounds=1)
    broken = lines[:6] + [{"t": lines[6]["t"], "event": "play", "seat": 9, "card": "indigo-1"}] + lines[7:]
    frames, stop = replay_frames(broken)
    assert len(frames) == 6 and stop == 7
    view = present_replay(frames, 99, Text("en"), ["A", "B", "C"], match_id=4, stop=stop)
    assert view.problem == "The journal stops at line 7" and view.step == 5
    path = tmp_path / "torn.jsonl"
    write_journal(path, lines[:4])
    path.write_text(path.read_text() + '{"t": 9.0, "ev', encoding="utf-8")
    assert read_journal(path) == (lines[:4], 5)
    empty = present_replay([], 0, Text("ar"), [], match_id=4)
    assert empty.problem == Text("ar")("no_journal") and not empty.can_forward


def test_export_then_import_on_a_new_kiosk(seeded, tmp_path):
    history, ids, matches = seeded
    path = export_file(history, tmp_path / "out")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(data["journals"]) == {str(m) for m in matches}
    (tmp_path / "new").mkdir()
    fresh = History(tmp_path / "new" / "history.sqlite3")
    try:
        assert import_file(fresh, path) == len(ids)
        assert [fresh.balance(p) for p in ids] == [history.balance(p) for p in ids]
        assert fresh.leaderboard()[0][0].id == history.leaderboard()[0][0].id
        for match in fresh.matches():
            assert str(tmp_path / "new" / "matches") in match["journal"]
            lines, _ = read_journal(match["journal"])
            frames, stop = replay_frames(lines)
            assert stop is None and len(frames) > 3
        with pytest.raises(Exception):
            import_file(fresh, path)                    # only into an empty history
    finally:
        fresh.close()


def test_python_m_kiosk_import_history(seeded, tmp_path, capsys):
    from kiosk.__main__ import main
    history, ids, matches = seeded
    path = export_file(history, tmp_path / "out")
    state = tmp_path / "new-kiosk"
    assert main(["--import-history", str(path), "--state-dir", str(state)]) == 0
    assert f"imported {len(ids)} players and {len(matches)} matches" in capsys.readouterr().out
    fresh = History(state / "history.sqlite3")
    try:
        assert [fresh.balance(p) for p in ids] == [history.balance(p) for p in ids]
    finally:
        fresh.close()
    assert main(["--import-history", str(path), "--state-dir", str(state)]) == 2      # not empty now
    assert "cannot import" in capsys.readouterr().err
