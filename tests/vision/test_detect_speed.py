"""The card reader's quicker steps (issues #18, #21) give the same values as the steps they replace."""

import cv2
import numpy as np
import pytest

from vision.card import detect
from vision.card.colour import MIDDLE, box_hsv, field_kind, hue_shares, neutral_share
from vision.card.detect import WARP_H, WARP_W, border_ring, grown_quad, warp
from vision.card.evidence import white_steps
from vision.card.features import _FIELD_BAND, dark_field, rank_features, rank_features_turns, white_reference
from vision.card.recogniser import Recogniser
from vision.pile.reading import _median_rows, has_white_border
from vision.sim.synth import face_image, render_photo


@pytest.fixture(scope="module")
def warps() -> list[np.ndarray]:
    """Warps of card outlines, a little off and far off, in synthetic photos of both decks."""
    rng = np.random.default_rng(5)
    found = []
    for deck, colour, rank in (("classic", "red", "7"), ("classic", "wild", "wild"), ("oona", "indigo", "2")):
        photo, quad = render_photo(face_image(deck, colour, rank, rng), rng)
        quad = np.asarray(quad, np.float32).reshape(4, 2)
        for spread in (0, 3, 30):
            for _ in range(4):
                found.append(warp(photo, quad + rng.normal(0, spread, (4, 2)).astype(np.float32)))
    return found


def test_half_rounds_as_multiply_does():
    values = np.tile(np.arange(256, dtype=np.uint8), 37).reshape(37, 256)[:, 3:]   # every value, every lane
    assert np.array_equal(detect._half(values), cv2.multiply(values, 0.5))


def test_white_steps_as_multiply_gives_them(warps):
    photo = np.concatenate([np.concatenate(warps[i:i + 6], axis=1) for i in range(0, 36, 6)])
    b, g, r = cv2.split(cv2.resize(photo, (320, 320 * photo.shape[0] // photo.shape[1])))
    hi = cv2.max(cv2.max(b, g), r)
    assert np.array_equal(cv2.convertScaleAbs(hi, alpha=0.5), cv2.multiply(hi, 0.5))
    assert white_steps(photo).any()


def _lines_meet_crossings(start, direction):
    before = [3, 0, 1, 2]
    d1, d2, p1 = direction[before], direction, start[before]
    det = d1[:, 0] * d2[:, 1] - d1[:, 1] * d2[:, 0]
    gap = start - p1
    s = (gap[:, 0] * d2[:, 1] - gap[:, 1] * d2[:, 0]) / np.where(np.abs(det) < 1e-6, np.nan, det)
    corners = p1 + s[:, None] * d1
    return corners.astype(np.float32) if np.isfinite(corners).all() else None


def test_crossings_as_numpy_works_them():
    rng = np.random.default_rng(2)
    for _ in range(500):
        start = rng.uniform(0, 600, (4, 2))
        theta = rng.uniform(0, np.pi, 4)
        direction = np.stack([np.cos(theta), np.sin(theta)], axis=1)
        if rng.random() < 0.1:
            direction[1] = direction[0]           # parallel sides: no corner
        expected, got = _lines_meet_crossings(start, direction), detect._crossings(start, direction)
        assert (expected is None and got is None) or np.array_equal(expected, got)


def test_refine_as_step_by_step():
    rng = np.random.default_rng(3)
    for _ in range(200):
        w, h = rng.uniform(40, 200, 2)
        box = ((rng.uniform(200, 400), rng.uniform(200, 300)), (w, h), rng.uniform(0, 90))
        mask = np.zeros((600, 700), np.uint8)
        cv2.fillConvexPoly(mask, cv2.boxPoints(box).astype(np.int32), 255)
        contour = max(cv2.findContours(mask, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)[0], key=len)
        quad = detect.order_quad(cv2.boxPoints(box) + rng.normal(0, 2, (4, 2)).astype(np.float32))
        assert np.array_equal(detect._refine(quad, contour), _refine_step_by_step(quad, contour))


def _refine_step_by_step(quad, contour):
    points = contour.reshape(-1, 2).astype(np.float32)
    points = points[::max(1, len(points) // 160)]
    edge = quad[[1, 2, 3, 0]] - quad
    length = np.sqrt((edge ** 2).sum(axis=1))
    if length.min() < 1:
        return quad
    u = edge / length[:, None]
    x, y = points[None, :, 0], points[None, :, 1]
    rel_x, rel_y = x - quad[:, 0:1], y - quad[:, 1:2]
    along = rel_x * u[:, 0:1] + rel_y * u[:, 1:2]
    across = np.abs(rel_x * u[:, 1:2] - rel_y * u[:, 0:1])
    keep = (along > 0.15 * length[:, None]) & (along < 0.85 * length[:, None]) & (across < 0.06 * length[:, None] + 2)
    n = np.count_nonzero(keep, axis=1)
    if n.min() < 4:
        return quad

    def lines(keep, n):
        w = keep.astype(np.float32)
        cx, cy = (w @ x[0]) / n, (w @ y[0]) / n
        dx, dy = x - cx[:, None], y - cy[:, None]
        sxx, syy, sxy = (w * dx * dx).sum(axis=1), (w * dy * dy).sum(axis=1), (w * dx * dy).sum(axis=1)
        theta = 0.5 * np.arctan2(2 * sxy, sxx - syy)
        return np.stack([cx, cy], axis=1), np.stack([np.cos(theta), np.sin(theta)], axis=1), dx, dy
    _, direction, dx, dy = lines(keep, n)
    distance = np.abs(dx * direction[:, 1:2] - dy * direction[:, 0:1])
    median = np.sort(np.where(keep, distance, np.inf), axis=1)[np.arange(4), n // 2]
    keep = keep & (distance <= np.maximum(1.5, 3 * median)[:, None])
    n = np.count_nonzero(keep, axis=1)
    if n.min() < 4:
        return quad
    centre, direction, _, _ = lines(keep, n)
    refined = _lines_meet_crossings(centre, direction)
    if refined is None or np.abs(refined - quad).max() > 0.15 * np.linalg.norm(quad[0] - quad[2]):
        return quad
    return refined


def _card_score_step_by_step(warped):
    pixels = np.take(warped.reshape(-1, 3), detect._SCORED, axis=0).T.astype(np.float32, order="C")
    ring, inner = pixels[:, detect._RING_PART], pixels[:, detect._INNER_PART]
    half, most = len(detect._RING_AT) // 2, len(detect._RING_AT) * 17 // 20
    ordered = np.partition(ring, (half, most), axis=1)
    white, high = ordered[:, half], ordered[:, most]
    brightness = float(white.max())
    if brightness < 35 or (brightness - white.min()) / (brightness + 1) > 0.55:
        return 0.0
    apart = np.abs(pixels * (1 / (white + 1))[:, None] - 1).max(axis=0)
    even = np.count_nonzero(apart[detect._RING_PART] < 0.22) / len(detect._RING_AT)
    if even < 0.2:
        return 0.0
    field_diff = np.count_nonzero(apart[detect._INNER_PART] > 0.25) / len(detect._INNER_AT)
    brighter = np.count_nonzero((inner * (1 / (high + 1))[:, None]).min(axis=0) > 1.15) / len(detect._INNER_AT)
    step = np.count_nonzero(apart[detect._STEP_PART] > 0.25) / len(detect._STEP_AT)
    return float(even * min(1.0, field_diff * 2.5) * max(0.0, 1 - 5 * brighter) * min(1.0, step / 0.6))


def test_card_score_as_step_by_step(warps):
    scores = [detect._card_score(w) for w in warps]
    assert scores == [_card_score_step_by_step(w) for w in warps]
    assert max(scores) > 0.5 and min(scores) < max(scores)


def test_read_features_as_each_turn_alone(warps):
    for w in warps:
        white = white_reference(w)
        both = rank_features_turns(w, white)
        assert np.array_equal(both[0], rank_features(w, white))
        assert np.array_equal(both[1], rank_features(w[::-1, ::-1], white))
        band = w[_FIELD_BAND].astype(np.float32) / white
        assert dark_field(w, white) == float(np.count_nonzero(band.max(axis=1) < 0.5)) / len(band)
        middle = box_hsv(w, white, MIDDLE)
        shares = hue_shares(w, white, "classic", MIDDLE)
        assert hue_shares(w, white, "classic", MIDDLE, middle) == shares
        assert neutral_share(w, white, MIDDLE, middle) == neutral_share(w, white)
        read = ("red", 0.9)
        assert field_kind(w, white, "classic", read, 0.1, shares) == field_kind(w, white, "classic", read, 0.1)


def test_hue_shares_count_each_colours_near_hues(warps):
    from vision.card.colour import _balanced_hue, _near
    for w in warps[:6]:
        white = white_reference(w)
        h, wd = w.shape[:2]
        hue, saturated, _ = _balanced_hue(w[int(0.2 * h):int(0.8 * h), int(0.2 * wd):int(0.8 * wd)], white)
        near = _near("classic")[:, hue[saturated]]
        expected = [float(np.count_nonzero(row)) / len(hue) for row in near]
        assert list(hue_shares(w, white, "classic", MIDDLE).values()) == expected


def test_white_border_medians_as_numpy_takes_them(warps):
    for w in warps:
        ring = border_ring(w)
        assert np.array_equal(_median_rows(ring.T.copy()), np.median(ring, axis=0))
        assert np.array_equal(_median_rows(ring[1:].T.copy()), np.median(ring[1:], axis=0))
        pixels = w.reshape(-1, 3)
        assert np.array_equal(_median_rows(pixels.T.copy()), np.median(pixels, axis=0))
        assert _median_rows(pixels.T.copy()).dtype == np.median(pixels, axis=0).dtype
    assert any(has_white_border(w) for w in warps) and not all(has_white_border(w) for w in warps)


def test_network_turns_as_stacked(warps):
    recogniser = Recogniser.for_deck("classic")
    assert recogniser.cnn is not None, "the classic face network (vision/models/classic_cnn.onnx) did not load"
    from vision.card.cnn import face_input
    for w in warps[:8]:
        x = face_input(w)
        expected = recogniser.cnn._forward(np.stack([x, x[::-1, ::-1]]))
        assert np.array_equal(recogniser.cnn.turns(w), expected)
    assert (WARP_W, WARP_H) == (64, 96)


def _continues_step_by_step(photo, quad):
    grown = warp(photo, grown_quad(quad, detect._AROUND, detect._AROUND), (52, 78)).astype(np.float32)
    h, w = grown.shape[:2]
    inset_y, inset_x = int(round(h * (1 - 1 / detect._AROUND) / 2)), int(round(w * (1 - 1 / detect._AROUND) / 2))
    inside = grown[inset_y + 2:h - inset_y - 2, inset_x + 2:w - inset_x - 2].reshape(-1, 3)
    band = np.concatenate([grown[:inset_y - 1].reshape(-1, 3), grown[h - inset_y + 1:].reshape(-1, 3),
                           grown[:, :inset_x - 1].reshape(-1, 3), grown[:, w - inset_x + 1:].reshape(-1, 3)])
    brightness = inside.sum(axis=1)
    white = inside[brightness >= np.percentile(brightness, 90)].mean(axis=0)
    quantised = (inside // 32).astype(int)
    codes = quantised[:, 0] * 64 + quantised[:, 1] * 8 + quantised[:, 2]
    common = inside[codes == np.bincount(codes).argmax()].mean(axis=0)
    scale = max(float(white.max()), 1.0)
    near = np.zeros(len(band), bool)
    for colour in (white, common):
        near |= np.abs(band - colour).max(axis=1) < 0.15 * scale
    near |= (band.min(axis=1) > 0.8 * band.max(axis=1)) & (band.min(axis=1) > float(white.min()))
    even = np.median(band, axis=0)
    if float(even.sum()) > detect.AROUND_BRIGHTER * float(white.sum()):
        near |= np.abs(band - even).max(axis=1) < 0.1 * float(even.max())
    return float(near.mean()) > 0.5


def test_continues_as_step_by_step():
    rng = np.random.default_rng(4)
    answers = []
    for colour, rank in (("red", "7"), ("blue", "draw2"), ("green", "skip")):
        photo, quad = render_photo(face_image("classic", colour, rank, rng), rng)
        quad = np.asarray(quad, np.float32).reshape(4, 2)
        centre = quad.mean(axis=0)
        for shrink in (1.0, 0.6, 0.4, 0.3):          # the card, and parts of it (its oval, a symbol)
            for _ in range(5):
                part = (centre + (quad - centre) * shrink + rng.normal(0, 3, (4, 2))).astype(np.float32)
                answers.append(detect._continues(photo, part))
                assert answers[-1] == _continues_step_by_step(photo, part)
    assert any(answers) and not all(answers)
