"""The league over real Syncthing: each kiosk its own state directory and its own Syncthing (own
home, own ports on 127.0.0.1, every discovery, relay, NAT and STUN off, peers by loopback
address), configured through Syncthing's REST API. Nothing is sent anywhere but 127.0.0.1. Two
kiosks are joined as a person joins them (the id typed on one, accepted on the other) and play
their matches in processes of their own (``python -m kiosk.league play``)."""

import json
import os
import shutil
import subprocess
import sys
import time

import pytest

from kiosk.league.folder import append_durably
from kiosk.league.loopback import LoopbackInstance, wait_for
from kiosk.league.qr import encode
from kiosk.league.sync import check_device_id
from kiosk.ui.present.league import present_league
from kiosk.ui.words.text import Text

from league_kit import Kiosk, cache_rows, fresh_rebuild, shown

pytestmark = pytest.mark.slow
CONVERGE_S = 180
"""Bound on every wait (a loaded machine is slow; an idle one converges in a few seconds)."""


@pytest.fixture(scope="module")
def syncthing():
    """The syncthing binary: the Makefile's Debian packages bring it; as root it is installed here if missing."""
    found = shutil.which("syncthing")
    if found is None and os.geteuid() == 0:
        subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "syncthing"],
                       env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"}, check=False, timeout=600,
                       capture_output=True)
        found = shutil.which("syncthing")
    assert found is not None, "syncthing is not installed (Debian package syncthing; `sudo make deb-deps`)"
    return found


@pytest.fixture
def venue(tmp_path, syncthing):
    """make(name) → (kiosk, its Syncthing), all stopped at the end. The Syncthings find each
    other by device id on the loopback (as local discovery would on the LAN)."""
    made = []
    directory = {}

    def make(name):
        kiosk = Kiosk(tmp_path / name)
        instance = LoopbackInstance(tmp_path / f"{name}-syncthing", kiosk.folder, name=kiosk.kiosk, binary=syncthing,
                                    directory=directory)
        instance.start()
        made.append((kiosk, instance))
        return kiosk, instance

    yield make
    for kiosk, instance in made:
        instance.stop()
        kiosk.close()
    for _, instance in made:
        log = (instance.home / "syncthing.log").read_text(encoding="utf-8", errors="replace")
        assert "relay" not in log.lower() and "global discovery" not in log.lower()


def converged(*kiosks):
    views = [shown(k.history) for k in kiosks]
    return all(v == views[0] for v in views[1:]) and views[0]


def has_rounds(kiosk, matches: int) -> bool:
    """The kiosk's rebuilt standings include ``matches`` matches, each with its scored rounds."""
    kiosk.history.refresh()
    found = kiosk.history.matches()
    return len(found) >= matches and all(m["rounds"] for m in found)


def no_conflicts(*kiosks):
    for k in kiosks:
        assert k.history.folder.conflicts() == [], k.history.folder.conflicts()


def league_screen(kiosk, instance):
    """What the kiosk's league screen shows (its presenter), in English."""
    return present_league(kiosk.history, Text("en"), period_name="all", sync=instance.engine.status())


def join(newcomer, its_sync, host, host_sync):
    """A second kiosk joined as the README tells a person to: read the id under the QR code on
    the host's league screen, type it on the newcomer ("Add a table by its id": the screen checks
    it, then adds it), then touch Accept under "Tables asking to join" on the host."""
    shown_id = league_screen(host, host_sync).device
    assert shown_id == host_sync.device and league_screen(host, host_sync).qr == tuple(map(tuple, encode(shown_id)))
    typed = shown_id.replace("-", " ").lower()                  # as a person types it
    its_sync.engine.add_peer(check_device_id(typed))
    asking = wait_for(lambda: league_screen(host, host_sync).pending, timeout=CONVERGE_S,
                      what="the newcomer under 'Tables asking to join'")
    assert [(row.device, row.text) for row in asking] == [(its_sync.device, newcomer.kiosk)]
    host_sync.engine.add_peer(asking[0].device, asking[0].text)           # Accept
    def connected():
        status = host_sync.engine.status()
        return not status.pending and status.peers and all(p.connected for p in status.peers)
    wait_for(connected, timeout=CONVERGE_S, what="the two kiosks connected")
    tables = league_screen(host, host_sync).tables          # in the venue before it has played at all
    assert tables[0].kiosk == host.kiosk
    assert (newcomer.kiosk, "Connected now") in [(t.kiosk, t.sync_text) for t in tables]


def play_in_a_process(kiosk, names, seed):
    """``python -m kiosk.league play``: a headless kiosk process plays the match in the kiosk's
    state directory (its history and league files), closes it and exits."""
    done = subprocess.run([sys.executable, "-m", "kiosk.league", "play", "--state-dir", str(kiosk.state),
                           "--seed", str(seed), *names], capture_output=True, text=True, timeout=CONVERGE_S)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_two_kiosks_joined_by_id_show_what_one_kiosk_playing_everything_shows(venue, tmp_path):
    (a, sa), (b, sb) = venue("a"), venue("b")
    joined = time.monotonic()
    join(b, sb, a, sa)
    joined = time.monotonic() - joined
    single = Kiosk(tmp_path / "single")
    try:
        a.add("Sara", "Omar", "Noura")
        b.add("Khalid", "Reem")
        single.add("Sara", "Omar", "Noura", "Khalid", "Reem")
        wait_for(lambda: converged(a, b) and len(a.history.players()) == 5, timeout=CONVERGE_S,
                 what="the players synced")
        latencies = []
        for k, names, seed in [(a, ["Sara", "Khalid", "Omar"], 1), (b, ["Reem", "Noura"], 2),
                               (b, ["Omar", "Reem", "Sara", "Khalid"], 3)]:
            other = b if k is a else a
            before = len(other.history.matches())
            played = play_in_a_process(k, names, seed)
            assert played["closed"] and played["kiosk"] == k.kiosk
            finished = time.monotonic()
            wait_for(lambda: has_rounds(other, before + 1), timeout=CONVERGE_S, every=0.05,
                     what="the match on the other kiosk")
            latencies.append(time.monotonic() - finished)
            single.play(names, seed=seed)
            single.finish()
        wait_for(lambda: converged(a, b) == shown(single.history), timeout=CONVERGE_S, what="the same standings")
        assert sa.engine.in_sync_with(sb.device) and sb.engine.in_sync_with(sa.device)
        status = sa.engine.status()
        assert status.device == sa.device and [p.name for p in status.peers] == [b.kiosk]
        no_conflicts(a, b)
        assert cache_rows(a.history) == fresh_rebuild(a.history, tmp_path)
        print(f"joined by id (typed on B, accepted on A) and connected in {joined:.1f} s; "
              f"sync latency on loopback (match finished on one kiosk → in the other's standings): "
              f"{', '.join(f'{s:.2f}' for s in latencies)} s")
        assert max(latencies) < CONVERGE_S
    finally:
        single.close()


def test_a_third_kiosk_joined_at_one_table_is_introduced_to_the_others(venue):
    """C types A's id and A accepts it: B, which only ever joined A, is introduced to C by A and
    syncs with it directly (a player added on C reaches B, and B's reaches C)."""
    (a, sa), (b, sb), (c, sc) = venue("a"), venue("b"), venue("c")
    join(b, sb, a, sa)
    join(c, sc, a, sa)
    wait_for(lambda: any(p.device == sc.device and p.connected for p in sb.engine.status().peers),
             timeout=CONVERGE_S, what="B connected to C, introduced by A")
    c.add("Khalid")
    b.add("Reem")
    wait_for(lambda: converged(a, b, c) and len(b.history.players()) == 2, timeout=CONVERGE_S,
             what="every kiosk with both players")
    assert sorted(t.kiosk for t in league_screen(b, sb).tables) == sorted([a.kiosk, b.kiosk, c.kiosk])
    no_conflicts(a, b, c)


def test_three_kiosks_apart_stopped_renamed_retired_and_torn(venue, tmp_path):
    (a, sa), (b, sb), (c, sc) = venue("a"), venue("b"), venue("c")
    sa.introduce(sb)
    sb.introduce(sc)
    sa.introduce(sc)
    a.add("Sara", "Omar", "Noura")
    c.add("Khalid")
    wait_for(lambda: converged(a, b, c) and len(c.history.players()) == 4, timeout=CONVERGE_S, what="the players")
    a.play(["Sara", "Omar", "Khalid"], seed=21)
    a.finish()
    wait_for(lambda: converged(a, b, c) and len(c.history.matches()) == 1, timeout=CONVERGE_S, what="match 1")

    sc.stop()                                   # c is away for a while (its network is down)
    c.history.retire(c.ids("Noura")[0])
    c.play(["Khalid", "Omar"], seed=22)
    c.finish()
    b.history.rename(b.ids("Noura")[0], name_en="Nora")
    journal = a.play(["Sara", "Omar", "Khalid"], seed=23, stop_after=30)
    a.close()                                   # a is stopped mid-match, its Syncthing killed
    sa.kill()
    # a torn line reaches the others from b (the power went while b wrote it)
    with open(b.history.folder.players_path(b.kiosk), "ab") as handle:
        handle.write(b'{"event": "rename", "at": "2025-0')
    sa.start()
    a.open()
    a.session.referee.record_line({"event": "resume"})
    a.feed(journal, 30)
    a.finish()
    wait_for(lambda: converged(a, b) and any(a.history.notes()), timeout=CONVERGE_S, what="a and b, the torn line seen")
    torn = b.history.folder.players_path(b.kiosk).read_bytes().count(b"\n") + 1
    assert a.history.notes() == [f"league/{b.kiosk}/players.jsonl line {torn}: still being written"]
    append_durably(b.history.folder.players_path(b.kiosk), [])          # b writes on: its torn tail goes
    b.history.refresh()
    sc.start()                                  # c is back
    try:
        wait_for(lambda: converged(a, b, c) and len(c.history.matches()) == 3 and not c.history.notes(),
                 timeout=CONVERGE_S, what="all three kiosks agreeing")
    except TimeoutError:                        # say what each kiosk has, for the bug report
        for k in (a, b, c):
            print(k.kiosk, shown(k.history)["players"], len(k.history.matches()), k.history.notes(),
                  sorted(f"{p.relative_to(k.folder)} {p.stat().st_size}" for p in k.folder.rglob("*.jsonl")))
        raise
    view = shown(c.history)
    assert ("Nora", True) in view["players"] and ("Noura", True) not in view["players"]
    assert [m["closed"] for m in c.history.matches()] == [True, True, True]
    for k in (a, b, c):
        assert not k.history.problems()
        assert sorted(m["gid"] for m in k.history.matches()) == sorted(m["gid"] for m in a.history.matches())
        assert cache_rows(k.history) == fresh_rebuild(k.history, tmp_path)
        assert len(k.history.folder.match_files(a.kiosk)) == 2 and len(k.history.folder.match_files(c.kiosk)) == 1
    no_conflicts(a, b, c)
