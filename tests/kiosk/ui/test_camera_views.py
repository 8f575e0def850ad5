"""The camera on the screens: the table's live view beside the timer ring, the settings preview with
the pile area calibration found, and a lost camera's view cleared (cards are touched in)."""

from types import SimpleNamespace

import numpy as np
import pytest

from kiosk.camera.source import Preview
from kiosk.ui.app import OonaApp
from kiosk.referee.inputs import CameraChanged

from uikit import frames, mount, shot

pytestmark = pytest.mark.ui


def frame_with_card() -> np.ndarray:
    """A 640×480 camera frame: a blue-green table with a white card in the middle (BGR)."""
    image = np.zeros((480, 640, 3), np.uint8)
    image[:] = (90, 120, 20)
    image[160:320, 260:380] = (250, 250, 250)
    return image


class FakeCamera:
    """What the screens read from a :class:`kiosk.camera.source.CameraCardSource`."""

    def __init__(self, image=None, *, status="ok", area=None):
        image = frame_with_card() if image is None else image
        self.spec, self.status = "picamera2", status
        self.preview = Preview(image[::2, ::2].copy(), 0, 0.5, (640, 480))
        self.calibration = SimpleNamespace(pile_area=area, problems=()) if area else None
        self.asked = 0

    def request_calibration(self):
        self.asked += 1


def pixel(image, widget, fx=0.5, fy=0.5):
    """The screenshot's RGB at a fraction of ``widget``'s box (Kivy's y goes up)."""
    x = int(widget.x + widget.width * fx)
    y = int(widget.y + widget.height * fy)
    return image[image.shape[0] - 1 - y, x]


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_the_table_shows_the_camera_beside_the_ring(started, tmp_path, lang):
    app = OonaApp(started, lang=lang)
    app.camera = FakeCamera()
    mount(app)
    frames()
    screen = app.screens["table"]
    view, ring = screen.ids.camera, screen.ids.ring
    assert screen.has_camera and view.has_frame
    assert (view.center_x < ring.center_x) == (lang == "ar")       # on the panel's outer side
    image = shot(tmp_path / f"table-camera-{lang}.png")
    assert list(pixel(image, view)) == [250, 250, 250]              # the card, in the middle
    assert abs(int(pixel(image, view, 0.3, 0.5)[2]) - 90) < 8     # the table beside it (BGR 90: blue)


def test_the_view_follows_new_frames_a_few_times_a_second(started):
    app = OonaApp(started, lang="en")
    camera = app.camera = FakeCamera()
    mount(app)
    view = app.screens["table"].ids.camera
    newer = Preview(camera.preview.image, 1, 0.5, (640, 480))
    assert not view.show(newer, now=view._shown_at + 0.05)          # too soon: kept for later
    assert view.show(newer, now=view._shown_at + 0.25)
    assert not view.show(newer, now=view._shown_at + 1)             # nothing new


def test_a_lost_camera_clears_the_view_and_offers_the_picker(started, tmp_path):
    app = OonaApp(started, lang="en")
    app.camera = FakeCamera(status="lost")
    started.submit(CameraChanged("lost"))
    mount(app)
    ids = app.screens["table"].ids
    assert not ids.camera.has_frame and ids.played.opacity == 1 and ids.banner.opacity == 1


@pytest.mark.parametrize("lang", ["ar", "en"])
def test_settings_preview_marks_the_pile_area(session, tmp_path, lang):
    app = OonaApp(session, lang=lang)
    camera = app.camera = FakeCamera(area=(200, 100, 440, 380))
    mount(app)
    app.show("settings")
    frames()
    view = app.screens["settings"].ids.preview_image
    assert view.has_frame and view.area == [200, 100, 440, 380] and camera.asked == 1
    image = shot(tmp_path / f"settings-camera-{lang}.png")
    # the frame fills the view's width (4:3 into a wider box: centred, scaled by s)
    s = min(view.width / 640, view.height / 480)
    left = view.x + (view.width - 640 * s) / 2
    bottom = view.y + (view.height - 480 * s) / 2
    x = int(left + 200 * s)
    y_mid = int(bottom + (480 - 240) * s)
    edge = image[image.shape[0] - 1 - y_mid, x - 2:x + 3]
    assert any(p[0] > 200 and p[1] > 160 and p[2] < 120 for p in edge)     # the yellow outline
    assert "picamera2" in app.camera_label
