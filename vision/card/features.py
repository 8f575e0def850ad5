"""Features of a warped card for the rank model, and the white reference from its border."""

import cv2
import numpy as np

from vision.card.detect import band_mask, border_ring

_HOG = cv2.HOGDescriptor((32, 48), (8, 8), (4, 4), (4, 4), 9)


def white_reference(warped: np.ndarray) -> np.ndarray:
    """The card's own white (BGR float) as seen in this photo: the median of its border band."""
    ring = border_ring(warped)
    # The band has an even number of pixels: its median is the mean of the middle two.
    half = len(ring) // 2
    low, high = np.partition(ring, (half - 1, half), axis=0)[half - 1:half + 1]
    return np.maximum((low + high) / 2, 1.0)


#: The band of a WARP_W × WARP_H warp just inside the white border, where the field begins.
_FIELD_BAND = band_mask(6, 11, 10)
#: ... as indices into a WARP_H × WARP_W warp's pixels.
_FIELD_AT = np.flatnonzero(_FIELD_BAND)


def dark_field(warped: np.ndarray, white: np.ndarray | None = None) -> float:
    """The share of the band just inside a warp's border that is dark against its white (every
    channel under half of it): most of it on an Oona wild card's dark field, about none on a
    coloured field or on a patch of table."""
    white = np.asarray(white_reference(warped) if white is None else white)
    if warped.shape[:2] != _FIELD_BAND.shape:  # as the band's mask would not fit it
        raise IndexError(f"a {_FIELD_BAND.shape[1]} x {_FIELD_BAND.shape[0]} warp expected, got {warped.shape[:2]}")
    # One row per channel: numpy's reductions across a last axis of three are slow.
    band = np.take(warped.reshape(-1, 3), _FIELD_AT, axis=0).T.astype(np.float32)
    dark = band[0] / white[0] < 0.5
    dark &= band[1] / white[1] < 0.5
    dark &= band[2] / white[2] < 0.5
    return float(np.count_nonzero(dark)) / len(_FIELD_AT)


def whiteness(warped: np.ndarray, white: np.ndarray | None = None) -> np.ndarray:
    """The card balanced against its white border, as the least of its channels (0 dark/colour, 1 white)."""
    white = white_reference(warped) if white is None else white
    # Channel by channel: numpy's reductions across a last axis of three are slow.
    channels = warped.astype(np.float32)
    least = channels[..., 0] / white[0]
    np.minimum(least, channels[..., 1] / white[1], out=least)
    np.minimum(least, channels[..., 2] / white[2], out=least)
    return np.clip(least, 0, 1.2, out=least)


def rank_features(warped: np.ndarray, white: np.ndarray | None = None) -> np.ndarray:
    """A float32 vector describing the glyphs of a warped card (HOG of its whiteness map)."""
    return _plane_features(whiteness(warped, white))


def rank_features_turns(warped: np.ndarray, white: np.ndarray | None = None) -> np.ndarray:
    """`rank_features` of a warp as it is and turned 180° (2 × features), its whiteness made once
    (a pixel's whiteness is its own: the turned warp's is the same plane turned)."""
    plane = whiteness(warped, white)
    return np.stack([_plane_features(plane), _plane_features(np.ascontiguousarray(plane[::-1, ::-1]))])


def _plane_features(plane: np.ndarray) -> np.ndarray:
    """`rank_features` of a warp's whiteness plane."""
    small = cv2.resize(plane, (32, 48), interpolation=cv2.INTER_AREA)
    image = (np.clip(small / 1.2, 0, 1) * 255).astype(np.uint8)
    return _HOG.compute(image).ravel()


def oval_white(warped: np.ndarray) -> np.ndarray:
    """The card's white (BGR float) as its middle shows it: the median of the tenth of the pixels
    of its middle three fifths whose least channel is highest (the white oval both decks print
    there). A second opinion when the border band may be partly table (an outline a few percent off)."""
    h, w = warped.shape[:2]
    middle = warped[h // 5: -h // 5, w // 5: -w // 5].reshape(-1, 3)
    least = middle.min(axis=1)
    brightest = middle[least >= np.partition(least, len(least) * 9 // 10)[len(least) * 9 // 10]]
    return np.maximum(np.median(brightest.astype(np.float32), axis=0), 1.0)


#: A border band whose colour differs this much from the middle's whites (`tint_distance`) while
#: being more chromatic (`chroma`) is no white border: the photo is cropped inside it or a hand
#: covers it, and its median is the field's colour. On uno-real-mit's development photos the two
#: differ by 0.004 (median), 0.03 (95th percentile), and by 0.16-0.17 on the two cropped yellow
#: cards whose field was taken for the white (and read blue); a light cast tints both alike.
BORDER_NOT_WHITE = 0.08


#: ... or, tinted otherwise, darker than the middle's whites by this factor (their channels' sums):
#: an outline a little too big, its border band taking in the table or the cards beneath (the pile
#: watcher's development table wood 4103: a teal 2 on yellow and red cards, its band 181, 215, 213
#: (BGR) against the oval's 255, 253, 196, 1.16 times as bright; its field read as a sure blue). On
#: uno-real-mit's photos it changes no white: 2 of 122 bands are tinted otherwise (cropped yellows,
#: more chromatic, taken already), and the wild faces' middles show whites as their borders do.
BORDER_DARKER = 1.1


def brightness(bgr: np.ndarray) -> float:
    """A colour's brightness: the sum of its channels."""
    return float(np.sum(bgr))


def chroma(bgr: np.ndarray) -> float:
    """How far from grey a colour is: (largest − smallest channel) / largest (0 grey, 1 pure)."""
    return float((bgr.max() - bgr.min()) / max(float(bgr.max()), 1.0))


def tint_distance(a: np.ndarray, b: np.ndarray) -> float:
    """How far apart two colours' tints are, brightness aside (distance of their channel shares)."""
    return float(np.linalg.norm(a / max(float(a.sum()), 1.0) - b / max(float(b.sum()), 1.0)))


def card_white(warped: np.ndarray) -> np.ndarray:
    """The card's white (BGR float): its border band's (`white_reference`), unless that band is
    plainly tinted otherwise than the middle's whites (`BORDER_NOT_WHITE`) and either more
    chromatic or darker than they are (`brightness`): then theirs (`oval_white`)."""
    border = white_reference(warped)
    if chroma(border) < BORDER_NOT_WHITE:  # this near grey, no less chromatic white is that far off
        return border
    middle = oval_white(warped)
    if tint_distance(border, middle) > BORDER_NOT_WHITE and (
            chroma(middle) < chroma(border) or brightness(middle) > brightness(border) * BORDER_DARKER):
        return middle
    return border
