"""A clean face from an enrolment photo: the card found, warped upright and balanced on its white border."""

import cv2
import numpy as np

from vision.card.detect import WARP_H, WARP_W, border_ring, find_card, warp
from vision.card.features import white_reference
from vision.card.recogniser import plain, whole_photo_card
from vision.errors import CardNotFoundError
from vision.readings import WILD, oona_colour, oona_rank

#: The size (width, height) clean faces are kept at: three times a warp, enough detail for the
#: synthetic photos of it (cards there are at most about 170 pixels tall).
FACE_SIZE = (3 * WARP_W, 3 * WARP_H)
#: The level a clean face's white border is balanced to (of 255): a printed white, not a glare.
WHITE_LEVEL = 235.0
#: A border pixel is the card's white when its least channel is over this share of its greatest.
NEUTRAL = 0.5


def parse_face(name: str) -> tuple[str, str]:
    """Oona colour and rank of a face named like `burgundy-7`, `red-skip`, `colour4` or `wild4`.

    :raises UnknownNameError: for names neither deck uses.
    """
    if "-" in name:
        colour, rank = name.split("-", 1)
        return oona_colour(colour), oona_rank(rank)
    return WILD, oona_rank(name)


def balanced(face: np.ndarray) -> np.ndarray:
    """A face (any size) with its white border brought to `WHITE_LEVEL` in every channel."""
    small = cv2.resize(face, (WARP_W, WARP_H), interpolation=cv2.INTER_AREA)
    white = white_reference(small)
    return np.clip(face.astype(np.float32) * (WHITE_LEVEL / white), 0, 255).astype(np.uint8)


def white_border(warped: np.ndarray) -> float:
    """How much a warp (WARP_W × WARP_H) looks like a whole card: the share of its border band
    that is a white or grey under any light's cast (least channel over `NEUTRAL` of the greatest),
    from 0.5 (none: an outline round a symbol has the field's colour there) to 1; 0 for a plain warp
    (a white patch)."""
    if plain(warped):
        return 0.0
    ring = border_ring(warped)
    return 0.5 + 0.5 * float(np.mean(ring.min(axis=1) > NEUTRAL * ring.max(axis=1)))


def clean_face(photo: np.ndarray, name: str = "the photo") -> np.ndarray:
    """The card in an enrolment photo, found by the shipped detector (the outline whose border is
    the card's white, `white_border`), warped upright to `FACE_SIZE` and white-balanced on it; a
    photo cropped to the card is the card (`vision.card.recogniser.whole_photo_card`).

    :raises CardNotFoundError: naming `name` when the photo shows no card.
    """
    found = whole_photo_card(photo)
    if found is None:
        try:
            found = find_card(photo, verify=white_border)
        except CardNotFoundError as error:
            raise CardNotFoundError(f"no card in {name}") from error
    return balanced(warp(photo, found.quad, FACE_SIZE))


def face_from_warp(warped: np.ndarray) -> np.ndarray:
    """A clean face from a card already warped upright (a pile snapshot): resized and balanced."""
    return balanced(cv2.resize(warped, FACE_SIZE, interpolation=cv2.INTER_LINEAR))
