"""A clean face from an enrolment photo: the card found, warped upright and balanced on its white border;
a deck's outlines checked against the layout its faces share (`clean_faces`)."""

import cv2
import numpy as np

from vision.card.detect import WARP_H, WARP_W, border_ring, find_card, warp
from vision.card.features import white_reference, whiteness
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
#: A coloured face's layout (`layout`) is compared with the deck's (the median of its coloured faces')
#: at this size (width, height): the border, the field and the middle's white, not the glyph.
LAYOUT_SIZE = (8, 12)
#: An enrolment photo's outline whose layout is less like the deck's than this is searched for again
#: (`clean_faces`). Issue #19: on six development enrolments of the unseen edition (editions 1, 4, 5,
#: 324 photos, `vision.sim.synth.render_photo` on felt, another card often beside or under it), the
#: outline `clean_face` takes missed the card in 12 (under 0.85 of its area shared with the card's:
#: a yellow numeral on the white diamond, the card beneath, a half of the card; 5 of the 54 faces of
#: `benchmarks/bench_enrol.py`'s development print), their likeness -0.22 to 0.49 but one (0.76,
#: a yellow 3's half); through the true corners every coloured face's was 0.63 or more, and the skips'
#: (a ring on the diamond) 0.72-0.78. Searched again from 0.8, the outline missed the card in 1.
LAYOUT_LEAST = 0.8
#: The least coloured faces an enrolment has for their median to be the deck's layout.
LAYOUT_FACES_LEAST = 6


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


def layout(warped: np.ndarray) -> np.ndarray:
    """A warp's (WARP_W × WARP_H) layout: its whiteness shrunk to `LAYOUT_SIZE`, averaged with its
    half turn (a face is enrolled either way up), centred, of unit length (float32)."""
    small = cv2.resize(whiteness(warped), LAYOUT_SIZE, interpolation=cv2.INTER_AREA)
    small = (small + small[::-1, ::-1]) / 2 - small.mean()
    return (small / max(float(np.linalg.norm(small)), 1e-6)).ravel()


def _outline(photo: np.ndarray, name: str) -> tuple[np.ndarray, bool]:
    """The card's outline in an enrolment photo (`clean_face`) and whether it is the whole photo.

    :raises CardNotFoundError: naming `name` when the photo shows no card.
    """
    found = whole_photo_card(photo)
    if found is not None:
        return found.quad, True
    try:
        return find_card(photo, verify=white_border).quad, False
    except CardNotFoundError as error:
        raise CardNotFoundError(f"no card in {name}") from error


def clean_faces(photos: dict[str, np.ndarray], step=None) -> dict[str, np.ndarray]:
    """The clean faces (`clean_face`) of a deck's enrolment photos, keyed by face name; the outline
    of a coloured face whose layout is less like the deck's (the median of its coloured faces'
    `layout`, from `LAYOUT_FACES_LEAST` of them) than `LAYOUT_LEAST` is searched for again, each
    outline weighed by its white border times its likeness, and the likelier of the two kept.
    `step()` hears each photo's first outline found.

    :raises CardNotFoundError: naming the face whose photo shows no card.
    """
    outlines = {}
    for key, photo in photos.items():
        outlines[key] = _outline(photo, f"the photo of {key}")
        if step is not None:
            step()
    coloured = [key for key in photos if parse_face(key)[0] != WILD]
    looks = {key: layout(warp(photos[key], outlines[key][0])) for key in coloured}
    if len(looks) >= LAYOUT_FACES_LEAST:
        deck = np.median(np.array(list(looks.values())), axis=0)
        deck /= max(float(np.linalg.norm(deck)), 1e-6)

        def verify(warped: np.ndarray) -> float:
            return white_border(warped) * likeness(layout(warped), deck)

        for key in coloured:
            if outlines[key][1] or likeness(looks[key], deck) >= LAYOUT_LEAST:
                continue
            try:
                again = find_card(photos[key], verify=verify).quad
            except CardNotFoundError:
                continue
            if likeness(layout(warp(photos[key], again)), deck) > likeness(looks[key], deck):
                outlines[key] = (again, False)
    return {key: balanced(warp(photos[key], quad, FACE_SIZE)) for key, (quad, _) in outlines.items()}


def likeness(look: np.ndarray, deck: np.ndarray) -> float:
    """How like a deck's layout (`clean_faces`) a face's `layout` is: their correlation, at least 0."""
    return max(float(look @ deck), 0.0)


def clean_face(photo: np.ndarray, name: str = "the photo") -> np.ndarray:
    """The card in an enrolment photo, found by the shipped detector (the outline whose border is
    the card's white, `white_border`), warped upright to `FACE_SIZE` and white-balanced on it; a
    photo cropped to the card is the card (`vision.card.recogniser.whole_photo_card`).

    :raises CardNotFoundError: naming `name` when the photo shows no card.
    """
    return balanced(warp(photo, _outline(photo, name)[0], FACE_SIZE))


def face_from_warp(warped: np.ndarray) -> np.ndarray:
    """A clean face from a card already warped upright (a pile snapshot): resized and balanced."""
    return balanced(cv2.resize(warped, FACE_SIZE, interpolation=cv2.INTER_LINEAR))
