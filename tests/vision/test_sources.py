"""Frame sources: every backend yields BGR frames with rising timestamps on its own thread and
reports when it stops; picamera2 is faked through sys.modules."""

import sys
import threading
import types

import cv2
import numpy as np
import pytest

from vision.errors import CameraUnavailableError, UnknownNameError
from vision.sources import FileSource, FolderSource, Picamera2Source, SyntheticSource, open_source
from vision.sim.table import TableSim, read_truth


def _frames(n: int) -> list[np.ndarray]:
    out = []
    for i in range(n):
        image = np.full((120, 160, 3), 40, np.uint8)
        cv2.rectangle(image, (10 + 10 * i, 20), (40 + 10 * i, 60), (0, 200, 255), -1)
        out.append(image)
    return out


def _read_all(source) -> list:
    with source:
        return list(source.frames())


def test_folder_source_reads_every_image_in_name_order(tmp_path):
    for i, image in enumerate(_frames(5)):
        cv2.imwrite(str(tmp_path / f"{i:03d}.png"), image)
    stops = []
    source = open_source(f"folder:{tmp_path}", on_stop=stops.append)
    frames = _read_all(source)
    assert [f.index for f in frames] == list(range(5))
    assert np.array_equal(frames[2].image, _frames(5)[2])
    assert [f.t for f in frames] == sorted(f.t for f in frames) and frames[1].t > frames[0].t
    assert source.stopped.is_set() and stops == [source] and source.read() is None
    assert not any(t.name.startswith("frames-") for t in threading.enumerate())


def test_file_source_reads_a_written_video(tmp_path):
    path = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10.0, (160, 120))
    for image in _frames(8):
        writer.write(image)
    writer.release()
    frames = _read_all(open_source(f"file:{path}"))
    assert len(frames) == 8
    assert frames[0].image.shape == (120, 160, 3) and frames[0].image.dtype == np.uint8
    assert frames[3].t == pytest.approx(0.3)


def test_missing_file_folder_and_camera_are_reported(tmp_path):
    for spec in (f"file:{tmp_path / 'none.avi'}", f"folder:{tmp_path / 'none'}", "opencv:97"):
        with pytest.raises(CameraUnavailableError):
            open_source(spec).start()
    with pytest.raises(UnknownNameError):
        open_source("webcam")


def test_close_stops_the_thread_and_is_idempotent():
    source = SyntheticSource(TableSim(seed=3, cards=2))
    source.start()
    assert source.read(timeout=30) is not None
    source.close()
    source.close()
    assert source.stopped.is_set()
    assert source.read() is None


def test_synthetic_source_is_the_simulated_table():
    sim = TableSim(seed=4, cards=1, take_backs=0, distractors=0)
    frames = _read_all(open_source("synthetic:seed=4,cards=1,take_backs=0,distractors=0"))
    assert len(frames) == int(np.ceil(sim.duration * sim.fps))
    assert np.array_equal(frames[40].image, sim.render(frames[40].t, 40))
    assert [e.event for e in sim.truth] == ["landed"]


def test_table_sim_writes_a_video_and_its_truth(tmp_path):
    sim = TableSim(seed=5, cards=2, take_backs=1, distractors=0, width=320, height=240, card_px=80)
    video, labels = sim.write_video(tmp_path / "t.avi")
    assert [e.event for e in read_truth(labels)] == ["landed", "landed", "taken_back"]
    frames = _read_all(FileSource(video))
    assert len(frames) == int(np.ceil(sim.duration * sim.fps))


class FakePicamera2:
    """A documented test double for picamera2.Picamera2, put in `sys.modules["picamera2"]`:
    records the configuration, every `set_controls` call, stop and close; each frame's metadata
    carries the exposure the automatic control has reached (it rises with each frame)."""

    instances: list["FakePicamera2"] = []

    def __init__(self):
        self.config = None
        self.controls = {}
        self.calls: list[dict] = []
        self.started = self.stopped = self.closed = False
        self.frames = 0
        FakePicamera2.instances.append(self)

    def create_video_configuration(self, main, lores, **kwargs):
        return {"main": main, "lores": lores, **kwargs}

    def configure(self, config):
        self.config = config

    def start(self):
        self.started = True

    def capture_arrays(self, names):
        assert names == ["main", "lores"]
        w, h = self.config["main"]["size"]
        lw, lh = self.config["lores"]["size"]
        self.frames += 1
        main = np.full((h, w, 3), (10, 20, 30), np.uint8)
        yuv = np.full((lh * 3 // 2, lw), 77, np.uint8)
        return [main, yuv], {"SensorTimestamp": self.frames, **self._exposure()}

    def _exposure(self):
        return {"ExposureTime": 12000 + self.frames, "AnalogueGain": 2.0, "ColourGains": (1.8, 1.5)}

    def capture_metadata(self):
        return self._exposure()

    def set_controls(self, controls):
        self.calls.append(dict(controls))
        self.controls.update(controls)

    def stop(self):
        self.stopped = True

    def close(self):
        self.closed = True


def test_picamera2_source_configures_bgr_and_yuv_locks_the_light_and_closes(monkeypatch):
    fake = types.ModuleType("picamera2")
    fake.Picamera2 = FakePicamera2
    FakePicamera2.instances.clear()
    monkeypatch.setitem(sys.modules, "picamera2", fake)
    source = open_source("picamera2", warmup_seconds=0.0)
    assert isinstance(source, Picamera2Source)
    with source:
        frames = [source.read(timeout=30) for _ in range(3)]
    camera = FakePicamera2.instances[0]
    assert camera.config["main"] == {"size": (640, 480), "format": "RGB888"}
    assert camera.config["lores"] == {"size": (320, 240), "format": "YUV420"}
    assert camera.controls["AeEnable"] is False and camera.controls["AwbEnable"] is False
    assert 12000 < camera.controls["ExposureTime"] < 12010 and camera.controls["ColourGains"] == (1.8, 1.5)
    assert camera.controls["AnalogueGain"] == 2.0 and source.locked_controls == camera.calls[0]
    assert camera.stopped and camera.closed
    assert frames[0].image.shape == (480, 640, 3) and tuple(frames[0].image[0, 0]) == (10, 20, 30)
    assert frames[0].grey.shape == (240, 320) and frames[0].grey[0, 0] == 77
    assert frames[1].t >= frames[0].t
    source.close()  # idempotent
    assert source.stopped.is_set()


def test_picamera2_missing_is_a_camera_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)
    with pytest.raises(CameraUnavailableError):
        open_source("picamera2").start()


@pytest.fixture
def fake_picamera2(monkeypatch):
    fake = types.ModuleType("picamera2")
    fake.Picamera2 = FakePicamera2
    FakePicamera2.instances.clear()
    monkeypatch.setitem(sys.modules, "picamera2", fake)
    return FakePicamera2


def test_picamera2_lock_and_unlock_from_another_thread(fake_picamera2):
    source = open_source("picamera2", warmup_seconds=3600.0)  # no lock after warm-up in this test
    assert source.exposure_locked is False
    with source:
        assert source.read(timeout=30) is not None
        camera = fake_picamera2.instances[0]
        assert camera.calls == [] and not source.exposure_locked
        results = []
        caller = threading.Thread(target=lambda: results.append(source.lock_exposure(timeout=30)))
        caller.start()
        while caller.is_alive():
            source.read(timeout=1)  # the reader keeps reading, as the kiosk's camera thread does
        assert results == [True] and source.exposure_locked
        lock = camera.calls[-1]
        assert lock["AeEnable"] is False and lock["AwbEnable"] is False
        # The values the automatic control had reached on the newest frame.
        assert 12000 < lock["ExposureTime"] <= 12000 + camera.frames
        assert lock["AnalogueGain"] == 2.0 and lock["ColourGains"] == (1.8, 1.5)
        assert source.unlock_exposure(timeout=30) is True
        assert camera.calls[-1] == {"AeEnable": True, "AwbEnable": True}
        assert not source.exposure_locked and source.locked_controls is None
    assert source.lock_exposure() is False  # stopped: nothing to lock


def test_picamera2_unlocked_before_start_stays_automatic(fake_picamera2):
    source = open_source("picamera2", warmup_seconds=0.0)
    assert source.unlock_exposure() is True
    with source:
        for _ in range(3):
            source.read(timeout=30)
        assert fake_picamera2.instances[0].calls == [] and not source.exposure_locked


def test_sources_without_a_camera_cannot_lock(tmp_path):
    cv2.imwrite(str(tmp_path / "0.png"), _frames(1)[0])
    for source in (open_source(f"folder:{tmp_path}"), SyntheticSource(TableSim(seed=3, cards=1))):
        assert source.lock_exposure() is False and source.unlock_exposure() is False
        with source:
            assert source.lock_exposure(timeout=0.5) is False
            assert source.exposure_locked is False


class FakeCapture:
    """Stands in for cv2.VideoCapture on a V4L2 webcam whose driver takes (or refuses) the controls."""

    def __init__(self, device, *, accepts=True):
        self.props = {cv2.CAP_PROP_AUTO_EXPOSURE: 3.0, cv2.CAP_PROP_AUTO_WB: 1.0, cv2.CAP_PROP_EXPOSURE: 156.0}
        self.accepts = accepts
        self.set_calls = []

    def isOpened(self):
        return True

    def getBackendName(self):
        return "V4L2"

    def set(self, prop, value):
        self.set_calls.append((prop, value))
        if self.accepts or prop in (cv2.CAP_PROP_FRAME_WIDTH, cv2.CAP_PROP_FRAME_HEIGHT):
            self.props[prop] = value
            return True
        return False

    def get(self, prop):
        return self.props.get(prop, 0.0)

    def read(self):
        return True, np.zeros((48, 64, 3), np.uint8)

    def release(self):
        pass


@pytest.mark.parametrize("accepts", [True, False])
def test_opencv_source_asks_the_driver_and_says_whether_it_could(monkeypatch, accepts):
    captures = []

    def make(device):
        captures.append(FakeCapture(device, accepts=accepts))
        return captures[-1]

    monkeypatch.setattr(cv2, "VideoCapture", make)
    source = open_source("opencv:0")
    with source:
        assert source.read(timeout=30) is not None
        assert source.lock_exposure(timeout=30) is accepts
        assert source.exposure_locked is accepts
        capture = captures[0]
        if accepts:
            assert capture.props[cv2.CAP_PROP_AUTO_EXPOSURE] == 1.0  # V4L2's manual mode
            assert capture.props[cv2.CAP_PROP_AUTO_WB] == 0
            assert capture.props[cv2.CAP_PROP_EXPOSURE] == 156.0
            assert source.unlock_exposure(timeout=30) is True
            assert capture.props[cv2.CAP_PROP_AUTO_EXPOSURE] == 3.0 and not source.exposure_locked
        else:
            assert (cv2.CAP_PROP_AUTO_EXPOSURE, 1.0) in capture.set_calls
