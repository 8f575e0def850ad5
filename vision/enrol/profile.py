"""Deck enrolment: teach the recogniser a deck from one photo of each face, saved as a deck profile.

A profile is two files at a path the user chooses: `NAME.json` (name, version, faces) and
`NAME.npz` (per face, features of its enrolment photo in both half-turns and a few jitters: the
glyph HOG the shipped recogniser uses, plus the hue of the field). `EnrolledRecogniser` reads a
photo by its nearest enrolled face and behaves like `Recogniser` (`read`, `read_warped`).
"""

import json
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.card.detect import find_card
from vision.errors import CardNotFoundError, DeckProfileError, ImageReadError
from vision.card.features import rank_features, white_reference
from vision.readings import WILD, Reading, oona_colour, oona_rank

VERSION = 1
HUE_BINS = 12
#: Weight of the field's hue against the glyph shape in the distance between faces.
HUE_WEIGHT = 0.8
UNSURE_BELOW = 0.55


def parse_face(name: str) -> tuple[str, str]:
    """Oona colour and rank of a face named like `burgundy-7`, `red-skip`, `colour4` or `wild4`.

    :raises UnknownNameError: for names neither deck uses.
    """
    if "-" in name:
        colour, rank = name.split("-", 1)
        return oona_colour(colour), oona_rank(rank)
    return WILD, oona_rank(name)


def _hue_histogram(warped: np.ndarray, white: np.ndarray) -> np.ndarray:
    h, w = warped.shape[:2]
    inner = warped[h // 12: -h // 12, w // 12: -w // 12].astype(np.float32) / white
    hsv = cv2.cvtColor(np.clip(inner * 200, 0, 255).astype(np.uint8), cv2.COLOR_BGR2HSV_FULL).reshape(-1, 3)
    weight = (hsv[:, 1].astype(np.float32) / 255) * (hsv[:, 2] > 45)
    hist = np.bincount(hsv[:, 0].astype(int) * HUE_BINS // 256, weights=weight, minlength=HUE_BINS)
    return (hist / len(hsv)).astype(np.float32)


def face_features(warped: np.ndarray) -> np.ndarray:
    """The features of a warped card for nearest-face matching (unit glyph HOG, then hue shares)."""
    white = white_reference(warped)
    shape = rank_features(warped, white)
    shape = shape / (np.linalg.norm(shape) + 1e-6)
    return np.concatenate([shape, HUE_WEIGHT * _hue_histogram(warped, white)]).astype(np.float32)


def _jitters(photo: np.ndarray, quad: np.ndarray, rng: np.random.Generator, n: int = 6):
    from vision.card.detect import warp

    size = float(np.linalg.norm(quad[0] - quad[2]))
    yield warp(photo, quad)
    for _ in range(n - 1):
        moved = quad + rng.normal(0, 0.012 * size, quad.shape).astype(np.float32)
        out = warp(photo, moved)
        if rng.random() < 0.5:
            out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.4, 1.0))
        yield cv2.convertScaleAbs(out, alpha=rng.uniform(0.75, 1.2))


@dataclass
class EnrolledRecogniser:
    """Reads cards of an enrolled deck by their nearest enrolled face."""

    name: str
    """The profile's name (a table's own deck, an edition)."""
    faces: list[tuple[str, str]]
    """Oona colour and rank of each enrolled face."""
    features: np.ndarray
    """Enrolled feature rows (float32)."""
    labels: np.ndarray
    """For each row, the index of its face."""
    unsure_below: float = UNSURE_BELOW

    @classmethod
    def enrol(cls, photos: dict[str, np.ndarray], name: str, *, seed: int = 0) -> "EnrolledRecogniser":
        """Learn a deck from one photo per face, keyed by face name (`burgundy-7`, `red-skip`, `wild4`).

        :raises CardNotFoundError: naming the face whose photo shows no card.
        :raises UnknownNameError: for a face name no deck uses.
        """
        rng = np.random.default_rng(seed)
        faces, rows, labels = [], [], []
        for key, photo in photos.items():
            face = parse_face(key)
            try:
                found = find_card(photo)
            except CardNotFoundError as error:
                raise CardNotFoundError(f"no card in the photo of {key}") from error
            faces.append(face)
            for warped in _jitters(photo, found.quad, rng):
                for turn in (warped, warped[::-1, ::-1]):
                    rows.append(face_features(turn))
                    labels.append(len(faces) - 1)
        return cls(name, faces, np.array(rows, np.float32), np.array(labels))

    @classmethod
    def enrol_folder(cls, folder, name: str | None = None) -> "EnrolledRecogniser":
        """Learn a deck from a folder of photos named by face (`burgundy-7.jpg`, `wild4.png`...).

        :raises ImageReadError: for a photo that cannot be read.
        """
        photos = {}
        for path in sorted(Path(folder).iterdir()):
            if path.suffix.lower() not in (".jpg", ".jpeg", ".png", ".bmp"):
                continue
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is None:
                raise ImageReadError(str(path))
            photos[path.stem] = image
        return cls.enrol(photos, name or Path(folder).name)

    def save(self, path) -> tuple[Path, Path]:
        """Write the profile as `path` with `.json` and `.npz` suffixes; returns both paths."""
        base = Path(path).with_suffix("")
        meta = {"kind": "oona-deck-profile", "version": VERSION, "name": self.name,
                "faces": [list(face) for face in self.faces], "features": "hog-whiteness+hue12"}
        base.with_suffix(".json").write_text(json.dumps(meta, indent=1))
        np.savez_compressed(base.with_suffix(".npz"), features=self.features.astype(np.float16),
                            labels=self.labels.astype(np.int16))
        return base.with_suffix(".json"), base.with_suffix(".npz")

    @classmethod
    def load(cls, path) -> "EnrolledRecogniser":
        """A profile written by `save` (either file's path, or the path without suffix).

        :raises DeckProfileError: when the files are missing, malformed or of another version.
        """
        base = Path(path).with_suffix("")
        try:
            meta = json.loads(base.with_suffix(".json").read_text())
            data = np.load(base.with_suffix(".npz"), allow_pickle=False)
            features, labels = data["features"].astype(np.float32), data["labels"].astype(int)
        except (OSError, ValueError, KeyError) as error:
            raise DeckProfileError(f"cannot read deck profile {base}: {error}") from error
        if meta.get("kind") != "oona-deck-profile" or meta.get("version") != VERSION:
            raise DeckProfileError(f"{base} is not a version {VERSION} deck profile")
        faces = [tuple(face) for face in meta["faces"]]
        if len(features) != len(labels) or labels.max(initial=-1) >= len(faces):
            raise DeckProfileError(f"{base}: features and faces disagree")
        return cls(meta["name"], faces, features, labels)

    def read_warped(self, warped: np.ndarray, card_score: float = 1.0) -> Reading:
        """The nearest enrolled face of a card warped upright (either way up)."""
        x = face_features(warped)
        d = np.linalg.norm(self.features - x, axis=1)
        per_face = np.full(len(self.faces), np.inf)
        np.minimum.at(per_face, self.labels, d)
        order = np.argsort(per_face)
        best, second = per_face[order[0]], per_face[order[1]] if len(order) > 1 else np.inf
        # Sure when the best face is much nearer than the runner-up, and near in absolute terms.
        margin = 1.0 - best / max(second, 1e-6)
        confidence = float(np.clip(margin * 4, 0, 1) * np.clip(1.6 - best, 0, 1) / 1.0)
        confidence = min(confidence, 0.5 + card_score)
        colour, rank = self.faces[order[0]]
        return Reading(colour, rank, confidence, unsure=confidence < self.unsure_below, deck=self.name)

    def read(self, photo: np.ndarray) -> Reading:
        """Read the one card in a BGR photo; an unfound card gives an unsure reading."""
        try:
            found = find_card(photo, verify=lambda w: self.read_warped(w).confidence)
        except CardNotFoundError:
            return Reading(WILD, "unknown", 0.0, unsure=True, deck=self.name)
        return self.read_warped(found.warped, found.score)
