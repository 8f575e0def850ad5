"""The league without a network: kiosks whose folders are copied to each other (the shipped fake
engine, a USB stick), players and coins derived from every table's files."""

import json
from datetime import date

import pytest

from kiosk.errors import HistoryError
from kiosk.history.coins import CoinOptions
from kiosk.history.stats import summarise
from kiosk.history.standings import overdrawn, period, standings, venue_tables
from kiosk.history.store import History
from kiosk.league.fake import FolderSync, fake_device_id
from kiosk.league.folder import read_lines
from kiosk.league.stick import export_to_stick, import_from_stick

from kiosk.ui.present.league import present_league
from kiosk.ui.present.players import signed
from kiosk.ui.words.text import Text, strip_isolates

from league_kit import Kiosk, cache_rows, fresh_rebuild, shown

NAMES = ["Sara", "Omar", "Noura", "Khalid", "Reem", "Fahad"]


@pytest.fixture
def kiosks(tmp_path):
    made = []

    def make(name):
        k = Kiosk(tmp_path / name)
        made.append(k)
        return k

    yield make
    for k in made:
        k.close()


def sync(*kiosks):
    """Every kiosk's folder copied to every other (what Syncthing does), through the fake engine."""
    engines = {k: FolderSync(k.history.folder, fake_device_id(k.kiosk)) for k in kiosks}
    for k, engine in engines.items():
        for other in kiosks:
            if other is not k:
                engine.connect(fake_device_id(other.kiosk), other.kiosk, other.history.folder)
    for engine in engines.values():
        engine.scan()
    for engine in engines.values():
        engine.scan()
    for k in kiosks:
        k.history.refresh()


def test_two_tables_show_what_one_table_playing_everything_shows(kiosks, tmp_path):
    a, b, single = kiosks("a"), kiosks("b"), kiosks("single")
    a.add(*NAMES[:3])
    b.add(*NAMES[3:])
    single.add(*NAMES)
    sync(a, b)
    games = [(a, ["Sara", "Omar", "Khalid"], 1), (b, ["Reem", "Fahad", "Sara"], 2), (a, ["Noura", "Reem"], 3),
             (b, ["Khalid", "Omar", "Noura", "Fahad"], 4)]
    for k, names, seed in games:
        k.play(names, seed=seed)
        k.finish()
        single.play(names, seed=seed)
        single.finish()
    sync(a, b)
    assert shown(a.history) == shown(b.history) == shown(single.history)
    assert len(a.history.matches()) == 4 and not a.history.problems()
    assert cache_rows(a.history) == fresh_rebuild(a.history, tmp_path)
    assert cache_rows(b.history) == fresh_rebuild(b.history, tmp_path)
    tables = venue_tables(a.history)
    assert [t.kiosk for t in tables] == [a.kiosk, b.kiosk] and [t.matches for t in tables] == [2, 2]


def test_the_league_journal_is_the_sessions_journal(kiosks):
    a = kiosks("a")
    a.add("Sara", "Omar", "Noura")
    journal = a.play(["Sara", "Omar", "Noura"], seed=7)
    current = a.session.referee.journal.lines
    a.finish()
    (league_file,) = a.history.folder.match_files(a.kiosk)
    copy = read_lines(league_file).lines
    assert [{k: v for k, v in line.items() if k != "league"} for line in copy] == current
    assert copy[0]["league"]["seats"] == [p.gid for p in a.history.players()]
    assert len(current) == len(journal)
    events = [json.loads(x) for x in a.history.folder.players_path(a.kiosk).read_text().splitlines()]
    assert [e["event"] for e in events] == ["add", "add", "add", "close"]


def test_a_kiosk_stopped_mid_match_carries_on_and_loses_nothing(kiosks, tmp_path):
    a, b = kiosks("a"), kiosks("b")
    a.add("Sara", "Omar", "Noura")
    journal = a.play(["Sara", "Omar", "Noura"], seed=11, stop_after=40)
    sync(a, b)
    a.close()                                   # the power goes mid-match
    a.open()
    assert a.session.match_id == a.history.open_match() is not None
    a.session.referee.record_line({"event": "resume"})
    a.feed(journal, 40)
    a.finish()
    sync(a, b)
    (only,) = a.history.matches()
    assert only["closed"] and len(only["rounds"]) == len(summarise(journal).rounds) == 2
    assert shown(a.history) == shown(b.history)
    assert len(a.history.folder.match_files(a.kiosk)) == 1
    assert cache_rows(b.history) == fresh_rebuild(b.history, tmp_path)


def test_renamed_on_one_table_retired_on_another_while_apart(kiosks):
    a, b = kiosks("a"), kiosks("b")
    (sara,) = a.add("Sara")
    sync(a, b)
    a.history.rename(sara, name_en="Sarah", name_ar="سارة")
    b.history.retire(b.ids("Sara")[0])
    sync(a, b)
    for k in (a, b):
        (player,) = k.history.players(retired=True)
        assert (player.name_en, player.name_ar, player.retired) == ("Sarah", "سارة", True)
    assert shown(a.history) == shown(b.history)


def test_a_name_clash_is_shown_and_merged_whichever_way(kiosks, tmp_path):
    a, b = kiosks("a"), kiosks("b")
    a.add("Sara", "Omar")
    b.add("Sara", "Noura")
    a.play(["Sara", "Omar"], seed=2)
    a.finish()
    b.play(["Sara", "Noura"], seed=3)
    b.finish()
    sync(a, b)
    (clash,) = a.history.clashes()
    assert [p.kiosk for p in clash] == [a.kiosk, b.kiosk]
    coins = sum(a.history.balance(p.id) for p in clash)
    # both tables merge, in opposite directions, while apart: they agree all the same
    a.history.merge(clash[1].id, clash[0].id)
    b_clash = b.history.clashes()[0]
    b.history.merge(b_clash[0].id, b_clash[1].id)
    sync(a, b)
    kept = min(clash, key=lambda p: (a.history.db.execute("SELECT created FROM players WHERE id = ?",
                                                          (p.id,)).fetchone()[0], p.gid)).gid
    for k in (a, b):
        assert not k.history.clashes()
        sara = [p for p in k.history.players() if p.name_en == "Sara"]
        assert len(sara) == 1 and sara[0].gid == kept              # the older one stays, on both
        assert k.history.balance(sara[0].id) == coins
        assert k.history.stats(sara[0].id)["matches_played"] == 2
    assert shown(a.history) == shown(b.history)
    assert cache_rows(a.history) == fresh_rebuild(a.history, tmp_path)


def test_a_corrupt_or_torn_file_from_another_kiosk_is_named_and_nothing_else_lost(kiosks):
    a, b = kiosks("a"), kiosks("b")
    a.add("Sara", "Omar", "Noura")
    for seed in (1, 2):
        a.play(["Sara", "Omar", "Noura"], seed=seed)
        a.finish()
    sync(a, b)
    before = shown(b.history)
    first, second = b.history.folder.match_files(a.kiosk)
    lines = first.read_text(encoding="utf-8").splitlines(keepends=True)
    first.write_text("".join(lines[:5]) + "{not json\n" + "".join(lines[6:]), encoding="utf-8")
    bad = json.loads(lines[7])
    bad.update(event="play", seat=7, card="indigo-1")
    second_lines = second.read_text(encoding="utf-8").splitlines(keepends=True)
    second.write_text("".join(second_lines[:7]) + json.dumps(bad) + "\n" + "".join(second_lines[8:]), encoding="utf-8")
    players = b.history.folder.players_path(a.kiosk)
    whole = players.read_text(encoding="utf-8")
    players.write_text(whole + '{"event": "add", "at": "2025-0', encoding="utf-8")
    b.history.refresh()
    problems = b.history.problems()
    assert any(p.startswith(f"league/{a.kiosk}/matches/{first.name} line 6: not a JSON line") for p in problems)
    assert any(p.startswith(f"league/{a.kiosk}/matches/{second.name} line 8:") and "seat" in p for p in problems)
    torn = whole.count("\n") + 1
    assert b.history.notes() == [f"league/{a.kiosk}/players.jsonl line {torn}: still being written"]
    assert b.history.matches() == [] and len(b.history.players()) == 3      # the players are still there
    assert before["players"] == shown(b.history)["players"]
    assert shown(a.history) == before                                      # a's own files are whole


def test_a_player_torn_line_and_an_unknown_event_are_left_out(kiosks):
    a, b = kiosks("a"), kiosks("b")
    a.add("Sara", "Omar")
    sync(a, b)
    path = b.history.folder.players_path(a.kiosk)
    text = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text(text[0] + '{"event": "steal", "at": "2025-06-01T20:00:00"}\n' + text[1], encoding="utf-8")
    b.history.refresh()
    assert [p.name_en for p in b.history.players()] == ["Sara", "Omar"]
    assert b.history.problems() == [f"league/{a.kiosk}/players.jsonl line 2: unknown event 'steal'"]


def test_two_tables_apart_stake_the_same_coins(kiosks):
    """Sara's every coin staked at A and, while apart, at B too (each kiosk checks what it
    knows): once synced her balance is below 0 at both, said on the league screen, and the
    ledger keeps both stakes (no coin invented or lost)."""
    a, b = kiosks("a"), kiosks("b")
    a.add("Sara", "Omar", "Noura")
    a.play(["Sara", "Omar", "Noura"], seed=5, rounds=3)
    a.finish()
    first = a.history.matches()[0]["id"]
    for name in ("Omar", "Noura"):            # enough coins to match any stake of Sara's
        a.history.correct(a.ids(name)[0], 100, match_id=first, round=None, reason="the café's opening prize")
    sync(a, b)
    balance = a.history.balance(a.ids("Sara")[0])
    assert balance > 0 and b.history.balance(b.ids("Sara")[0]) == balance
    stake = CoinOptions(coin_table=True, stake=balance)
    coin_game = {"preset": "sahrat-oona", "match_target": 50}
    a.play(["Sara", "Omar"], seed=6, rounds=None, options=coin_game, coins=stake, stop_after=3)
    b.play(["Sara", "Noura"], seed=7, rounds=None, options=coin_game, coins=stake, stop_after=3)
    with pytest.raises(HistoryError, match="stake"):           # B still checks what it knows
        b.history.start_match("x.jsonl", b.ids("Omar", "Noura"), {}, CoinOptions(coin_table=True, stake=101))
    sync(a, b)
    for k in (a, b):
        sara = k.ids("Sara")[0]
        assert k.history.balance(sara) == -balance
        assert [(p.name_en, n) for p, n in overdrawn(k.history)] == [("Sara", -balance)]
        stakes = [e for e in k.history.entries(sara) if e["kind"] == "stake"]
        assert sorted(e["amount"] for e in stakes) == [-balance, -balance]
        assert len({e["match_id"] for e in stakes}) == 2              # one at each table
        said = present_league(k.history, Text("en"), period_name="all").warnings
        assert strip_isolates(said[0]) == f"Sara's balance is {signed(-balance)}:\ntwo tables took the same coins"
        row = next(r for r in present_league(k.history, Text("en"), period_name="all").rows if r.cells[1] == "Sara")
        assert row.overdrawn and row.cells[7] == signed(-balance)
    total = sum(e["amount"] for e in a.history.entries())
    assert total == sum(e["amount"] for e in b.history.entries())     # the same ledger at both


def test_a_usb_stick_carries_the_league_between_tables(kiosks, tmp_path):
    a, b = kiosks("a"), kiosks("b")
    a.add("Sara", "Omar")
    a.play(["Sara", "Omar"], seed=9)
    a.finish()
    stick = tmp_path / "stick"
    assert export_to_stick([a.history.folder], stick).copied
    merged = import_from_stick(stick, b.history.stick.root, me=b.kiosk)
    assert len(merged.copied) == 2 and not merged.diverged
    b.history.refresh()
    assert shown(b.history) == shown(a.history)
    b.history.rename(b.ids("Sara")[0], name_en="Sarah")
    export_to_stick([b.history.folder, b.history.stick], stick)
    import_from_stick(stick, a.history.stick.root, me=a.kiosk)
    a.history.refresh()
    assert [p.name_en for p in a.history.players()] == ["Sarah", "Omar"]
    again = import_from_stick(stick, a.history.stick.root, me=a.kiosk)
    assert not again.copied and again.same


def test_standings_for_a_week_a_month_and_all_time(kiosks):
    a = kiosks("a")
    a.add("Sara", "Omar", "Noura")
    a.play(["Sara", "Omar", "Noura"], seed=12)
    a.finish()
    today = date.today()
    week = standings(a.history, **dict(zip(("since", "until"), period("week", today))))
    every = standings(a.history)
    assert [s.player.name_en for s in week] == [s.player.name_en for s in every]
    assert sum(s.figures["rounds_won"] for s in every) == 2
    assert sum(s.figures["matches_played"] for s in every) == 3
    old = standings(a.history, since="2001-01-01T00:00:00", until="2001-02-01T00:00:00")
    assert old == []


def test_a_schema_1_history_comes_into_the_league(tmp_path):
    import sqlite3
    from kiosk.history.legacy import SCHEMA_1
    from kiosk.rules.sim import simulate
    state = tmp_path / "old-kiosk"
    state.mkdir()
    db = sqlite3.connect(state / "history.sqlite3")
    db.executescript(SCHEMA_1)
    db.execute("PRAGMA user_version = 1")
    db.executemany("INSERT INTO players (id, name_ar, name_en, retired, created) VALUES (?, ?, ?, ?, ?)",
                   [(1, "سارة", "Sara", 0, "2025-01-02T20:00:00"), (2, None, "Omar", 1, "2025-01-02T20:01:00")])
    journal = simulate(2, "sahrat-oona", seed=3, rounds=2)
    path = state / "matches" / "old.jsonl"
    path.parent.mkdir()
    path.write_text("".join(json.dumps(x) + "\n" for x in journal), encoding="utf-8")
    db.execute("INSERT INTO matches VALUES (1, ?, '2025-01-03T21:00:00', '{}', ?, 1, 1)",
               (str(path), json.dumps(CoinOptions().to_mapping())))
    db.executemany("INSERT INTO match_seats (match_id, seat, player_id) VALUES (1, ?, ?)", [(0, 1), (1, 2)])
    db.execute("INSERT INTO ledger (player_id, match_id, round, kind, amount, note, created) "
               "VALUES (1, 1, 1, 'correction', 4, 'by hand', '2025-01-03T22:00:00')")
    db.commit()
    db.close()
    history = History(state / "history.sqlite3", auto_refresh=False)
    try:
        assert history.schema_version == 2 and (state / "history-schema1.sqlite3").exists()
        assert [(p.name_en, p.retired) for p in history.players(retired=True)] == [("Sara", False), ("Omar", True)]
        (match,) = history.matches()
        assert match["journal"] == str(path) and match["closed"] and len(match["rounds"]) == 2
        kinds = [e["kind"] for e in history.entries(1)]
        assert "correction" in kinds and "round_played" in kinds
    finally:
        history.close()
