"""Learning from corrections: a misread card put right keeps its snapshot with its right name beside
the deck's profile, and the deck's memory reads that card right from then on (the kiosk's listener
keeps the snapshot of the card the camera read and learns it off the UI thread)."""

from types import SimpleNamespace

import numpy as np

from kiosk.__main__ import DeckCorrections, recogniser_for
from kiosk.camera.decks import DeckChoice, Decks
from kiosk.referee.inputs import CardLanded
from kiosk.referee.referee import Outcome
from kiosk.rules.cards import Card
from kiosk.rules.events import Correct, Undo
from vision.card.detect import WARP_H, WARP_W, warp
from vision.enrol.corrections import Corrected, Corrections, Memory
from vision.enrol.unseen import unseen_face
from vision.sim.synth import render_photo


def _snapshot(colour, rank, seed):
    photo, quad = render_photo(unseen_face(colour, rank), np.random.default_rng(seed), min_card_px=120)
    return warp(photo, quad, (2 * WARP_W, 2 * WARP_H))


def test_corrections_are_kept_named_and_forgotten(tmp_path):
    path = tmp_path / "deck.corrections.npz"
    kept = Corrections.load(path)
    assert kept.count == 0
    kept.add(_snapshot("red", "7", 1), "burgundy-7")
    again = Corrections.load(path)
    assert again.codes == ["burgundy-7"] and again.snapshots[0].shape == (WARP_H, WARP_W, 3)
    again.forget()
    assert not path.exists() and Corrections.load(path).count == 0


def test_the_memory_recalls_the_corrected_card_and_not_another():
    corrections = Corrections(path=None, snapshots=[], codes=[])
    corrections.snapshots.append(_snapshot("blue", "skip", 2)[::2, ::2].copy())
    corrections.codes.append("indigo-stop")
    memory = Memory()
    memory.learn(corrections)
    assert memory.recall(_snapshot("blue", "skip", 3)[::2, ::2].copy()) == "indigo-stop"
    assert memory.recall(_snapshot("green", "4", 4)[::2, ::2].copy()) is None


def test_a_correct_of_a_card_read_by_the_camera_is_learnt_and_can_be_forgotten(tmp_path):
    decks = Decks(tmp_path / "decks", default="classic")
    session = SimpleNamespace(last_reading=CardLanded("indigo-7", 1.0, _snapshot("blue", "skip", 5)))
    corrections = DeckCorrections(decks, session)
    reader = recogniser_for(DeckChoice("classic", "classic"), corrections)
    assert isinstance(reader, Corrected) and reader.memory.count == 0
    corrections.on_outcome(Outcome(Undo(2.0)))                  # not a correction: nothing kept
    assert corrections.count() == 0
    corrections.on_outcome(Outcome(Correct(3.0, Card.parse("indigo-stop"))))
    corrections.work.join(60)
    assert corrections.count() == 1 and reader.memory.count == 1
    assert decks.corrections_path(decks.selected).exists()
    seen_again = _snapshot("blue", "skip", 6)[::2, ::2].copy()
    assert reader.read_warped(seen_again).code == "indigo-stop"
    corrections.forget()
    assert corrections.count() == 0 and reader.memory.count == 0
