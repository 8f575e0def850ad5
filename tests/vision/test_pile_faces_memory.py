"""The face books' memory (issue #21, the kiosk's peak): renders kept as the uint8 the blur gives,
matched as float32, with the errors and masks the float32 renders gave."""

import numpy as np

from vision.pile import faces


def test_a_face_book_is_kept_as_uint8():
    _, renders = faces.face_book("oona", faces.COVERED_SIZE)
    assert renders.dtype == np.uint8
    assert renders.nbytes < 1.5e6                      # 4.6 MB as float32


def test_uint8_renders_match_as_their_float32_values():
    rng = np.random.default_rng(21)
    renders = rng.integers(0, 256, (4, 2, 12, 8, 3), np.uint8)
    warped = rng.integers(0, 256, (24, 16, 3), np.uint8)
    visible = np.where(rng.random((24, 16)) < 0.6, 255, 0).astype(np.uint8)
    planes = faces.as_planes(renders)
    assert planes.dtype == np.float32
    np.testing.assert_array_equal(planes, faces.as_planes(renders.astype(np.float32)))
    np.testing.assert_array_equal(faces.match_errors(warped, renders, visible),
                                  faces.match_errors(warped, renders.astype(np.float32), visible))


def test_where_uint8_faces_differ_does_not_wrap_round():
    """A face darker than the other (uint8 10 - 200 wraps to 66 if subtracted as uint8)."""
    renders = np.zeros((2, 2, 6, 4, 3), np.uint8)
    renders[0, :, 1, 1] = 10
    renders[1, :, 1, 1] = 200                          # differ by 190, both ways
    renders[1, :, 3, 2] = 30                           # by 30: not where they differ
    expected = np.zeros((6, 4), bool)
    expected[1, 1] = True
    np.testing.assert_array_equal(faces.where_differ(renders, 0, 1), expected)
    np.testing.assert_array_equal(faces.where_differ(renders, 1, 0), expected)
    np.testing.assert_array_equal(faces.where_differ(renders.astype(np.float32), 0, 1), expected)
