"""The durable journal: append, reopen, torn lines, corrupt lines, a full disk."""

import json

import pytest

from kiosk.errors import JournalCorruptError, JournalWriteError
from kiosk.referee.journal import GameJournal, MatchStore

MATCH = {"t": 0, "event": "match", "players": 3, "options": {}}


def test_lines_survive_a_reopen(tmp_path):
    journal = GameJournal.create(tmp_path / "m.jsonl", MATCH)
    journal.append({"t": 1.0, "event": "deal", "dealer": 2})
    journal.close()
    again, recovery = GameJournal.open(tmp_path / "m.jsonl")
    assert again.lines == [MATCH, {"t": 1.0, "event": "deal", "dealer": 2}]
    assert recovery.dropped is None and recovery.lines == 2


def test_a_journal_is_never_overwritten(tmp_path):
    GameJournal.create(tmp_path / "m.jsonl", MATCH).close()
    with pytest.raises(FileExistsError):
        GameJournal.create(tmp_path / "m.jsonl", MATCH)


@pytest.mark.parametrize("tail", [b'{"t": 2.0, "event": "tu', b"\x00\x00\x00\x00", b'{"t": 2.0, "ev\n'])
def test_a_torn_last_line_is_dropped_with_a_note(tmp_path, tail):
    path = tmp_path / "m.jsonl"
    good = (json.dumps(MATCH) + "\n" + json.dumps({"t": 1.0, "event": "deal"}) + "\n").encode()
    path.write_bytes(good + tail)
    journal, recovery = GameJournal.open(path)
    assert journal.lines[-1] == {"t": 1.0, "event": "deal"} and len(journal.lines) == 2
    assert recovery.dropped and "line 3" in recovery.dropped
    assert path.read_bytes() == good          # truncated, so the next append starts cleanly
    journal.append({"t": 3.0, "event": "pause"})
    journal.close()
    assert GameJournal.open(path)[0].lines[-1] == {"t": 3.0, "event": "pause"}


def test_a_corrupt_line_before_the_last_is_an_error_naming_it(tmp_path):
    path = tmp_path / "m.jsonl"
    path.write_text(json.dumps(MATCH) + "\nnot json\n" + json.dumps({"t": 1, "event": "deal"}) + "\n")
    with pytest.raises(JournalCorruptError) as error:
        GameJournal.open(path)
    assert error.value.line == 2 and "m.jsonl, line 2" in str(error.value)


def test_a_full_disk_raises_and_keeps_what_was_recorded(tmp_path):
    journal = GameJournal(tmp_path / "x.jsonl", [MATCH])
    journal._file.close()
    journal._file = open("/dev/full", "ab", buffering=0)
    with pytest.raises(JournalWriteError) as error:
        journal.append({"t": 1.0, "event": "deal"})
    assert "No space" in str(error.value)
    assert journal.lines == [MATCH]


def test_the_store_archives_finished_matches(tmp_path):
    store = MatchStore(tmp_path)
    assert store.resume() is None
    store.start(MATCH).close()
    assert store.resume()[0].lines == [MATCH]
    store.start(MATCH).close()            # a new match: the old one is kept
    assert len(store.finished()) == 1 and store.current_path.exists()


@pytest.mark.parametrize("content", [b"", b'{"t": 0, "event": "ma', b"\x00\x00\x00"])
def test_a_match_cut_off_before_its_first_line_is_no_match_to_resume(tmp_path, content):
    # The power went between creating current.jsonl and writing its match line whole.
    store = MatchStore(tmp_path)
    store.current_path.write_bytes(content)
    assert store.resume() is None
    assert not store.current_path.exists() and store.finished() == []
    store.start(MATCH).close()
    assert store.resume()[0].lines == [MATCH]
