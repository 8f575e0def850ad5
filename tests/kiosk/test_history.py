"""Players, coins and history: a season of simulated matches in every preset."""

import json
import random
import sqlite3

import pytest

from kiosk.history.coins import CoinOptions
from kiosk.errors import HistoryError, SchemaError
from kiosk.history.store import History
from kiosk.rules.options import PRESETS
from kiosk.rules.sim import simulate
from kiosk.history.stats import summarise

REGULARS = [("سارة", "Sara"), ("عمر", "Omar"), ("نورة", None), (None, "Khalid"), ("فهد", "Fahad"),
            ("ريم", "Reem")]


@pytest.fixture
def history(tmp_path):
    h = History(tmp_path / "history.sqlite3")
    yield h
    h.close()


def add_regulars(history):
    return [history.add_player(name_ar=ar, name_en=en).id for ar, en in REGULARS]


def check_ledger(history, ids):
    for player_id in ids:
        assert history.balance(player_id) == sum(e["amount"] for e in history.entries(player_id))
        assert history.balance(player_id) >= 0
    for entry in history.entries():
        assert entry["match_id"] is not None       # every entry points at the match that earned it


def test_a_season_in_every_preset(history):
    ids = add_regulars(history)
    rng = random.Random(5)
    for season_match, preset in enumerate(list(PRESETS) * 2):
        players = 4 if preset != "oono-plus" else rng.choice([2, 3, 4])
        seats = rng.sample(ids, players)
        options = {"preset": preset}
        if preset in ("official", "arabic-box"):
            options["match_target"] = 150
        journal = simulate(players, options, seed=season_match, rounds=None if "match_target" in options else 2)
        can_stake = season_match % 3 == 0 and all(history.balance(p) >= 2 for p in seats)
        coins = CoinOptions(coin_table=True, stake=2) if can_stake else CoinOptions()
        match_id = history.start_match(f"m{season_match}.jsonl", seats, options, coins)
        # The kiosk syncs after every scored round, including along the way.
        for cut in range(1, len(journal) + 1, 97):
            history.sync_match(match_id, journal[:cut])
        history.sync_match(match_id, journal)
        history.close_match(match_id)
        check_ledger(history, ids)
        summary = summarise(journal)
        for seat, player_id in enumerate(seats):
            played = [e for e in history.entries(player_id) if e["match_id"] == match_id and e["kind"] == "round_played"]
            assert len(played) == summary.seats[seat].rounds_played
    finished = [m for m in history.matches() if m["over"]]
    assert finished and all(m["winners"] for m in finished)
    assert all(not m["winners"] for m in history.matches() if not m["over"])
    board = history.leaderboard()
    assert [p.id for p, _ in board] and board[0][1]["coins"] >= board[-1][1]["coins"]
    assert sum(stats["rounds_played"] for _, stats in board) > 0


def test_undo_in_the_match_takes_back_exactly_its_coins(history):
    ids = add_regulars(history)[:3]
    journal = simulate(3, "sahrat-oona", seed=4, rounds=2)
    match_id = history.start_match("m.jsonl", ids, {"preset": "sahrat-oona"})
    first_hands = next(i for i, line in enumerate(journal) if line["event"] == "hands")
    history.sync_match(match_id, journal[:first_hands])
    before = history.entries()
    history.sync_match(match_id, journal[: first_hands + 1])     # round 1 scored
    added = [e for e in history.entries() if e not in before]
    assert {e["kind"] for e in added} >= {"round_played", "round_won"} and all(e["round"] == 1 for e in added)
    undone = journal[: first_hands + 1] + [{"t": journal[first_hands]["t"] + 1, "event": "undo"}]
    history.sync_match(match_id, undone)
    assert history.entries() == before


def test_a_coin_table_in_teams_splits_the_prize(history):
    ids = add_regulars(history)[:4]
    for player_id in ids:                         # coins come only from playing: earn some first
        warm = history.start_match(f"warm{player_id}.jsonl", [player_id, ids[(ids.index(player_id) + 1) % 4]],
                                   {"preset": "sahrat-oona"})
        history.sync_match(warm, simulate(2, "sahrat-oona", seed=player_id, rounds=3))
        history.close_match(warm)
    options = {"preset": "official", "mode": "teams", "match_target": 100}
    journal = simulate(4, options, seed=8)
    coins = CoinOptions(coin_table=True, stake=3, per_round_played=0, per_round_won=0, per_match_won=0)
    before = {p: history.balance(p) for p in ids}
    match_id = history.start_match("teams.jsonl", ids, options, coins)
    assert all(history.balance(p) == before[p] - 3 for p in ids)
    history.sync_match(match_id, journal)
    winners = summarise(journal).match_winner
    assert isinstance(winners, list) and len(winners) == 2
    prizes = {e["player_id"]: e["amount"] for e in history.entries() if e["match_id"] == match_id and e["kind"] == "prize"}
    assert sorted(prizes.values()) == [6, 6] and set(prizes) == {ids[s] for s in winners}
    assert sum(history.balance(p) for p in ids) == sum(before.values())    # the pot is only moved


def test_the_odd_coin_goes_as_the_options_say():
    from kiosk.history.coins import split
    assert split(7, 2, "first_partner") == [4, 3] and split(7, 2, "house") == [3, 3]


def test_no_negative_stake_and_no_stake_beyond_the_balance(history):
    ids = add_regulars(history)[:2]
    with pytest.raises(HistoryError, match="coins.stake"):
        CoinOptions(coin_table=True, stake=-5)
    with pytest.raises(HistoryError, match="not the stake"):
        history.start_match("m.jsonl", ids, {}, CoinOptions(coin_table=True, stake=1))
    with pytest.raises(HistoryError, match="coins.buy_in is not a coin option"):
        CoinOptions.from_mapping({"buy_in": 5})


def test_an_unfinished_coin_table_gives_the_stakes_back(history):
    ids = add_regulars(history)[:2]
    warm = history.start_match("warm.jsonl", ids, {})
    history.sync_match(warm, simulate(2, "sahrat-oona", seed=1, rounds=2))
    balances = {p: history.balance(p) for p in ids}
    match_id = history.start_match("m.jsonl", ids, {"match_target": 500}, CoinOptions(coin_table=True, stake=1))
    history.close_match(match_id)
    assert {p: history.balance(p) for p in ids} == balances
    with pytest.raises(HistoryError, match="closed"):
        history.sync_match(match_id, simulate(2, "sahrat-oona", seed=1, rounds=1))


def test_corrections_are_new_entries_with_a_reason(history):
    ids = add_regulars(history)[:2]
    match_id = history.start_match("m.jsonl", ids, {})
    history.sync_match(match_id, simulate(2, "sahrat-oona", seed=2, rounds=1))
    balance = history.balance(ids[0])
    history.correct(ids[0], 3, match_id=match_id, round=1, reason="a round scored by hand")
    assert history.balance(ids[0]) == balance + 3 and history.entries(ids[0])[-1]["kind"] == "correction"
    with pytest.raises(HistoryError, match="below 0"):
        history.correct(ids[1], -10_000, match_id=match_id, round=1, reason="oops")
    with pytest.raises(HistoryError, match="reason"):
        history.correct(ids[1], 1, match_id=match_id, round=1, reason=" ")


def test_profiles_rename_retire_and_the_last_seating(history):
    sara = history.add_player(name_ar="سارة")
    omar = history.add_player(name_en="Omar")
    with pytest.raises(HistoryError):
        history.add_player(name_ar="  ")
    assert history.rename(omar.id, name_ar="عمر").name("ar") == "عمر"
    history.start_match("m.jsonl", [omar.id, sara.id], {})
    assert history.last_seating() == [omar.id, sara.id]
    history.retire(sara.id)
    assert [p.id for p in history.players()] == [omar.id]
    with pytest.raises(HistoryError, match="retired"):
        history.start_match("n.jsonl", [omar.id, sara.id], {})


def test_export_and_import_on_a_new_kiosk(history, tmp_path):
    ids = add_regulars(history)[:3]
    match_id = history.start_match("m.jsonl", ids, {})
    journal = simulate(3, "sahrat-oona", seed=3, rounds=2)
    history.sync_match(match_id, journal)
    history.correct(ids[1], 2, match_id=match_id, round=1, reason="by hand")
    data = json.loads(json.dumps(history.export(), ensure_ascii=False))
    data["journals"] = {str(match_id): journal}
    new = History(tmp_path / "new" / "history.sqlite3")          # another kiosk: its own state directory
    new.import_(data)
    assert new.kiosk != history.kiosk
    assert [new.balance(p) for p in ids] == [history.balance(p) for p in ids]
    assert sorted((e["kind"], e["amount"]) for e in new.entries()) == sorted((e["kind"], e["amount"]) for e in history.entries())
    with pytest.raises(HistoryError, match="empty"):
        new.import_(data)
    new.close()


def test_schema_version_and_a_newer_database(tmp_path):
    path = tmp_path / "h.sqlite3"
    h = History(path)
    assert h.schema_version == 2
    h.close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(SchemaError, match="newer"):
        History(path)
