"""What reading a card half under another costs (issue #21): the faces matched channel by channel
give the errors the pixel-by-pixel sums gave, and an outline tried once is not warped again."""

import cv2
import numpy as np
import pytest

from vision.pile import faces


def _errors_by_pixels(warped, renders, visible, focus):
    """`faces.match_errors` as it was written before the channels were split apart (issue #21)."""
    size = (renders.shape[3], renders.shape[2])
    observed = cv2.GaussianBlur(cv2.resize(warped, size, interpolation=cv2.INTER_AREA).astype(np.float32), (3, 3), 0)
    keep = (cv2.resize(visible, size, interpolation=cv2.INTER_AREA) > 200) & focus
    shown = renders.reshape(-1, size[0] * size[1], 3)[:, keep.ravel()].astype(np.float64)
    seen = observed.reshape(-1, 3)[keep.ravel()].astype(np.float64)
    gains = (shown * seen).sum(axis=1) / np.maximum((shown * shown).sum(axis=1), 1.0)
    mean = gains.mean(axis=-1, keepdims=True)
    gains = np.clip(gains, mean * (1 - faces.CAST), mean * (1 + faces.CAST))
    total = np.abs(shown * gains[:, None, :] - seen).sum(axis=(1, 2))
    return (total / (len(seen) * 3 * max(float(observed.mean()), 1.0))).reshape(renders.shape[:2])


@pytest.fixture(scope="module")
def table():
    """A covered card on a table: the frame, the card's outline, the cover and the deck's renders."""
    _, renders = faces.face_book("oona", faces.COVERED_SIZE)
    frame = np.zeros((240, 320, 3), np.uint8)
    quad = np.float32([[100, 40], [190, 50], [180, 190], [90, 180]])
    art = cv2.resize(renders[7, 0].astype(np.uint8), (96, 144))
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [96, 0], [96, 144], [0, 144]]), quad)
    cv2.warpPerspective(art, m, (320, 240), dst=frame, borderMode=cv2.BORDER_TRANSPARENT)
    cover = np.float32([[150, 20], [260, 30], [250, 150], [140, 140]])
    return frame, quad, cover, renders


def test_faces_matched_channel_by_channel_err_as_pixel_by_pixel(table):
    frame, quad, cover, renders = table
    warped, visible = faces.covered_view(frame, quad + (2, -1), cover)
    focus = np.zeros(faces.COVERED_SIZE[::-1], bool)
    focus[10:60, 5:40] = True
    found = faces.match_errors(warped, renders[:9], visible, focus=focus)
    assert found.shape == (9, 2)
    np.testing.assert_allclose(found, _errors_by_pixels(warped, renders[:9], visible, focus), rtol=1e-4)


def test_an_outline_tried_once_is_not_warped_again(table, monkeypatch):
    """The likely faces each posed on its own start at one outline and take the same first steps:
    what shows at an outline is warped once for them all."""
    frame, quad, cover, renders = table
    warped = []
    real_view = faces.covered_view
    monkeypatch.setattr(faces, "covered_view", lambda *args: warped.append(1) or real_view(*args))
    start = quad + np.float32([4, -3])
    views: dict = {}
    first = faces.climb(frame, start, cover, renders[[7]], 1.0, 4.0, faces.RESCALE / 2, 1.5, views=views)
    tried = len(warped)
    again = faces.climb(frame, start, cover, renders[[7]], 1.0, 4.0, faces.RESCALE / 2, 1.5, views=views)
    assert tried > 10 and len(warped) == tried
    np.testing.assert_array_equal(first, again)

