"""Frame sources: one threaded producer of timestamped BGR frames, chosen by a config string.

`open_source(spec)` takes `picamera2`, `opencv:N`, `file:VIDEO`, `folder:DIR` or `synthetic[:k=v,...]`.
Every source reads on its own thread; `read()` hands over the next frame (live sources keep only
the newest, recorded ones hand over every frame) and returns `None` once the source has stopped;
`stopped` is set (and `on_stop` called) when it stops delivering, `error` says why, if it failed.

Exposure and white balance: `lock_exposure()` freezes them at their current values (so a hand or a
white card filling the view does not make the camera re-expose the pile), `unlock_exposure()` hands
them back to the camera, `exposure_locked` says which holds. Both may be called from any thread (the
kiosk's settings screen): the change is made on the source's own thread between two frames. Sources
that cannot lock (files, folders, the simulated table) say so by returning False.
"""

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.errors import CameraUnavailableError, VisionError

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp")


@dataclass(frozen=True)
class Frame:
    """One frame from a source."""

    image: np.ndarray
    """(H, W, 3) uint8 BGR, owned by the reader (sources never reuse it)."""
    t: float
    """Monotonic seconds: `time.monotonic()` for live sources, media time for recorded ones."""
    index: int
    """0, 1, 2... in the order the source produced frames (gaps show dropped frames)."""
    grey: np.ndarray | None = None
    """A small grey version (the camera's lores Y plane) when the source has one for free."""


class FrameSource:
    """Base of every backend: runs `_frames()` on a thread and hands frames to `read()`.

    Subclasses implement `_open()`, `_frames()` (a generator of `(image, t, grey)`) and `_close()`.
    """

    name = "source"
    #: Live sources drop stale frames; recorded ones make the producer wait for the reader.
    keep_every_frame = False
    #: Whether the backend has exposure and white balance to lock (cameras).
    can_lock_exposure = False

    def __init__(self, *, on_stop: Callable[["FrameSource"], None] | None = None):
        self.on_stop = on_stop
        self.stopped = threading.Event()
        """Set once the source delivers no more frames (end of file, closed, or failed)."""
        self.error: BaseException | None = None
        """Why the source stopped, if it failed."""
        self.frames_produced = 0
        self.frames_dropped = 0
        self._cond = threading.Condition()
        self._slot: Frame | None = None
        self._closing = False
        self._thread: threading.Thread | None = None
        self._last_frame_at: float | None = None
        self._exposure_locked = False
        self._requests: list[tuple[Callable[[], bool], list, threading.Event]] = []

    # -- exposure and white balance ------------------------------------------------------------

    @property
    def exposure_locked(self) -> bool:
        """Whether exposure and white balance are held fixed (False for sources that cannot)."""
        return self._exposure_locked

    def lock_exposure(self, timeout: float = 2.0) -> bool:
        """Freeze exposure and white balance at their current values; whether they now are.

        Any thread; waits up to `timeout` seconds for the source's thread to make the change.
        """
        return self._on_thread(self._lock_exposure, timeout)

    def unlock_exposure(self, timeout: float = 2.0) -> bool:
        """Give exposure and white balance back to the camera's automatic control; whether it could."""
        return self._on_thread(self._unlock_exposure, timeout)

    def _on_thread(self, change: Callable[[], bool], timeout: float) -> bool:
        """Run `change` on the source's thread between two frames (or here when it is not running)."""
        if not self.can_lock_exposure:
            return False
        with self._cond:
            running = self._thread is not None and not self.stopped.is_set() and not self._closing
            if running and self._thread is not threading.current_thread():
                result: list = []
                done = threading.Event()
                self._requests.append((change, result, done))
                self._cond.notify_all()
            else:
                done = None
        if done is None:
            return bool(change()) if not self.stopped.is_set() else False
        if not done.wait(timeout):
            with self._cond:
                self._requests = [r for r in self._requests if r[2] is not done]
            return False
        return bool(result and result[0])

    def _serve_requests(self) -> None:
        """Make the changes asked for from other threads (on the source's thread, between frames)."""
        with self._cond:
            requests, self._requests = self._requests, []
        for change, result, done in requests:
            try:
                result.append(change())
            except Exception:  # a driver refusing a control: the change simply did not happen
                result.append(False)
            finally:
                done.set()

    def _drop_requests(self) -> None:
        with self._cond:
            requests, self._requests = self._requests, []
        for _, result, done in requests:
            result.append(False)
            done.set()

    # -- lifecycle --------------------------------------------------------------------------

    def start(self) -> "FrameSource":
        """Open the device or file and start the reading thread (idempotent).

        :raises CameraUnavailableError: when the device or file cannot be opened.
        """
        if self._thread is None:
            self._open()
            self._thread = threading.Thread(target=self._run, name=f"frames-{self.name}", daemon=True)
            self._thread.start()
        return self

    def close(self) -> None:
        """Stop the thread and release the device; idempotent."""
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
        if not self.stopped.is_set():
            self._finish()

    def __enter__(self) -> "FrameSource":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.close()

    # -- reading ----------------------------------------------------------------------------

    def read(self, timeout: float | None = None) -> Frame | None:
        """The next frame not yet read; `None` when the source has stopped (or on timeout).

        :raises VisionError: the error that stopped the source, once the frames before it are read.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self._slot is None:
                if self.stopped.is_set():
                    if self.error is not None:
                        error, self.error = self.error, None
                        raise error
                    return None
                remaining = None if deadline is None else deadline - time.monotonic()
                if remaining is not None and remaining <= 0:
                    return None
                self._cond.wait(remaining)
            frame, self._slot = self._slot, None
            self._cond.notify_all()
            return frame

    def frames(self) -> Iterator[Frame]:
        """Every frame until the source stops (starting it if needed)."""
        self.start()
        while (frame := self.read()) is not None:
            yield frame

    def seconds_since_frame(self) -> float | None:
        """How long ago (monotonic seconds) the thread last produced a frame; None before the first."""
        return None if self._last_frame_at is None else time.monotonic() - self._last_frame_at

    # -- the thread -------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            for index, (image, t, grey) in enumerate(self._frames()):
                if self._requests:
                    self._serve_requests()
                frame = Frame(image, t, index, grey)
                with self._cond:
                    if self.keep_every_frame:
                        while self._slot is not None and not self._closing:
                            self._cond.wait()
                    elif self._slot is not None:
                        self.frames_dropped += 1
                    if self._closing:
                        break
                    self._slot = frame
                    self.frames_produced += 1
                    self._last_frame_at = time.monotonic()
                    self._cond.notify_all()
                if self._closing:
                    break
        except VisionError as error:
            self.error = error
        except Exception as error:  # a device failing mid-stream is reported, not swallowed
            self.error = CameraUnavailableError(self.name, str(error))
            self.error.__cause__ = error
        finally:
            self._finish()

    def _finish(self) -> None:
        with self._cond:
            already = self.stopped.is_set()
            self.stopped.set()
            self._cond.notify_all()
        self._drop_requests()
        if not already:
            try:
                self._close()
            finally:
                if self.on_stop is not None:
                    self.on_stop(self)

    def _is_closing(self) -> bool:
        return self._closing

    # -- backends implement -----------------------------------------------------------------

    def _lock_exposure(self) -> bool:
        return False

    def _unlock_exposure(self) -> bool:
        return False

    def _open(self) -> None:
        pass

    def _frames(self) -> Iterator[tuple[np.ndarray, float, np.ndarray | None]]:
        raise NotImplementedError

    def _close(self) -> None:
        pass


class OpenCvSource(FrameSource):
    """A USB webcam (`opencv:N`) through `cv2.VideoCapture`; live, newest frame only.

    `lock_exposure` asks the driver for manual exposure and white balance through
    `CAP_PROP_AUTO_EXPOSURE` / `CAP_PROP_AUTO_WB` and returns whether the driver took both.
    """

    can_lock_exposure = True

    def __init__(self, device: int = 0, *, size: tuple[int, int] = (640, 480), **kwargs):
        super().__init__(**kwargs)
        self.name = f"opencv:{device}"
        self.device = device
        self.size = size
        self._capture = None

    def _open(self) -> None:
        capture = cv2.VideoCapture(self.device)
        if not capture.isOpened():
            raise CameraUnavailableError(self.name, "cv2.VideoCapture could not open it")
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])
        self._capture = capture

    def _frames(self):
        failures = 0
        while not self._is_closing():
            ok, image = self._capture.read()
            if not ok:
                failures += 1
                if failures >= 10:
                    raise CameraUnavailableError(self.name, "the camera stopped delivering frames")
                continue
            failures = 0
            yield image, time.monotonic(), None

    def _close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None

    def _auto_values(self) -> tuple[float, float]:
        """CAP_PROP_AUTO_EXPOSURE's (manual, automatic) values for this capture's backend.

        V4L2 takes the driver's own menu values (1 manual, 3 aperture priority); DirectShow and
        others take OpenCV's old normalised 0.25 / 0.75.
        """
        try:
            backend = self._capture.getBackendName()
        except cv2.error:
            backend = ""
        return (1.0, 3.0) if backend == "V4L2" else (0.25, 0.75)

    def _lock_exposure(self) -> bool:
        """Manual exposure and white balance where the driver lets OpenCV say so (many do not)."""
        if self._capture is None:
            return False
        manual, _ = self._auto_values()
        exposure = self._capture.get(cv2.CAP_PROP_EXPOSURE)
        ok = bool(self._capture.set(cv2.CAP_PROP_AUTO_EXPOSURE, manual))
        if ok and exposure:
            self._capture.set(cv2.CAP_PROP_EXPOSURE, exposure)  # hold the value auto had reached
        ok &= bool(self._capture.set(cv2.CAP_PROP_AUTO_WB, 0))
        self._exposure_locked = ok
        return ok

    def _unlock_exposure(self) -> bool:
        if self._capture is None:
            return False
        _, automatic = self._auto_values()
        ok = bool(self._capture.set(cv2.CAP_PROP_AUTO_EXPOSURE, automatic))
        ok &= bool(self._capture.set(cv2.CAP_PROP_AUTO_WB, 1))
        if ok:
            self._exposure_locked = False
        return ok


class FileSource(FrameSource):
    """A video file (`file:VIDEO`); every frame, stamped with its media time."""

    keep_every_frame = True

    def __init__(self, path, **kwargs):
        super().__init__(**kwargs)
        self.path = Path(path)
        self.name = f"file:{self.path}"
        self._capture = None

    def _open(self) -> None:
        capture = cv2.VideoCapture(str(self.path))
        if not self.path.is_file() or not capture.isOpened():
            capture.release()
            raise CameraUnavailableError(self.name, "cannot open the video file")
        self._capture = capture

    def _frames(self):
        fps = self._capture.get(cv2.CAP_PROP_FPS) or 0.0
        fps = fps if 1.0 <= fps <= 240.0 else 30.0
        index = 0
        while not self._is_closing():
            ok, image = self._capture.read()
            if not ok:
                return
            yield image, index / fps, None
            index += 1

    def _close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None


class FolderSource(FrameSource):
    """A folder of images (`folder:DIR`), read in name order, `fps` apart in time."""

    keep_every_frame = True

    def __init__(self, folder, *, fps: float = 15.0, **kwargs):
        super().__init__(**kwargs)
        self.folder = Path(folder)
        self.name = f"folder:{self.folder}"
        self.fps = fps
        self.paths: list[Path] = []

    def _open(self) -> None:
        if not self.folder.is_dir():
            raise CameraUnavailableError(self.name, "no such folder")
        self.paths = sorted(p for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)

    def _frames(self):
        for index, path in enumerate(self.paths):
            if self._is_closing():
                return
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is None:
                continue
            yield image, index / self.fps, None


class SyntheticSource(FrameSource):
    """The simulated table (`synthetic`): a `TableSim`'s frames, stamped with simulated time.

    With `realtime=True` the thread paces frames to the clock and the reader gets the newest.
    """

    def __init__(self, sim=None, *, realtime: bool = False, **kwargs):
        super().__init__(**kwargs)
        from vision.sim.table import TableSim

        self.sim = sim if sim is not None else TableSim()
        self.name = "synthetic"
        self.realtime = realtime
        self.keep_every_frame = not realtime

    def _frames(self):
        started = time.monotonic()
        for t, image in self.sim.frames():
            if self._is_closing():
                return
            if self.realtime:
                wait = started + t - time.monotonic()
                if wait > 0 and self._cond_wait(wait):
                    return
                yield image, time.monotonic(), None
            else:
                yield image, t, None

    def _cond_wait(self, seconds: float) -> bool:
        """Wait (interruptibly by close) for `seconds`; True if closing."""
        with self._cond:
            if not self._closing:
                self._cond.wait(seconds)
            return self._closing


class Picamera2Source(FrameSource):
    """The Raspberry Pi camera through picamera2 (imported here only): main BGR + lores YUV420,
    exposure and white balance locked after a warm-up; live, newest frame only.

    The lock sets `AeEnable` and `AwbEnable` off with the newest frame's `ExposureTime`,
    `AnalogueGain` and `ColourGains` (picamera2's `set_controls`); the unlock turns both back on.
    """

    can_lock_exposure = True

    def __init__(self, *, size: tuple[int, int] = (640, 480), lores: tuple[int, int] = (320, 240),
                 fps: int = 30, warmup_seconds: float = 1.0, lock_after_warmup: bool = True, **kwargs):
        super().__init__(**kwargs)
        self.name = "picamera2"
        self.size, self.lores, self.fps = size, lores, fps
        self.warmup_seconds = warmup_seconds
        self.lock_after_warmup = lock_after_warmup
        """Lock exposure and white balance once the warm-up is over (until `unlock_exposure`)."""
        self.locked_controls: dict | None = None
        """The controls last set to lock exposure and white balance (None while automatic)."""
        self._camera = None
        self._metadata: dict = {}

    def _open(self) -> None:
        try:
            from picamera2 import Picamera2  # only here: it fails where libcamera is missing
        except ImportError as error:
            raise CameraUnavailableError(self.name, f"picamera2 is not installed ({error})") from error
        try:
            camera = Picamera2()
            config = camera.create_video_configuration(
                main={"size": self.size, "format": "RGB888"},  # arrives B, G, R: OpenCV's order
                lores={"size": self.lores, "format": "YUV420"},  # the Y plane is the grey image
                buffer_count=4,
                controls={"FrameDurationLimits": (1_000_000 // self.fps,) * 2})
            camera.configure(config)
            camera.start()
        except Exception as error:
            raise CameraUnavailableError(self.name, str(error)) from error
        self._camera = camera

    def _frames(self):
        camera = self._camera
        warm_until = time.monotonic() + self.warmup_seconds
        while not self._is_closing():
            (main, lores), metadata = camera.capture_arrays(["main", "lores"])
            self._metadata = metadata or {}
            t = time.monotonic()
            if self.lock_after_warmup and t >= warm_until:
                self.lock_after_warmup = False
                self._lock_exposure()
            grey = np.ascontiguousarray(lores[: self.lores[1], : self.lores[0]])
            yield np.ascontiguousarray(main[..., :3]), t, grey

    def _lock_exposure(self) -> bool:
        """Freeze automatic exposure and white balance at the values of the newest frame."""
        if self._camera is None:
            self.lock_after_warmup = True  # not running yet: lock once it has warmed up
            return False
        metadata = self._metadata
        if not all(key in metadata for key in ("ExposureTime", "AnalogueGain", "ColourGains")):
            metadata = self._camera.capture_metadata()
        controls = {"AeEnable": False, "AwbEnable": False}
        for key in ("ExposureTime", "AnalogueGain", "ColourGains"):
            if key in metadata:
                controls[key] = metadata[key]
        self._camera.set_controls(controls)
        self.locked_controls = controls
        self._exposure_locked = True
        return True

    def _unlock_exposure(self) -> bool:
        """Automatic exposure and white balance again (and no lock after the warm-up)."""
        self.lock_after_warmup = False
        if self._camera is None:
            return True
        self._camera.set_controls({"AeEnable": True, "AwbEnable": True})
        self.locked_controls = None
        self._exposure_locked = False
        return True

    def _close(self) -> None:
        camera, self._camera = self._camera, None
        if camera is not None:
            try:
                camera.stop()
            finally:
                camera.close()


def _options(text: str) -> dict[str, str]:
    out = {}
    for part in filter(None, text.split(",")):
        key, _, value = part.partition("=")
        out[key.strip()] = value.strip()
    return out


def open_source(spec: str, **kwargs) -> FrameSource:
    """The frame source a config string names (not started: use `with` or `.start()`).

    `picamera2` | `opencv:N` | `file:VIDEO` | `folder:DIR` |
    `synthetic[:seed=S,cards=N,deck=D,doubles=N,off_pile=0.2,lingering=N,weather=N,realtime=1]`.

    :raises UnknownNameError: for any other kind of source.
    """
    from vision.errors import UnknownNameError

    kind, _, rest = spec.partition(":")
    if kind == "picamera2":
        return Picamera2Source(**kwargs)
    if kind == "opencv":
        return OpenCvSource(int(rest or 0), **kwargs)
    if kind == "file" and rest:
        return FileSource(rest, **kwargs)
    if kind == "folder" and rest:
        return FolderSource(rest, **kwargs)
    if kind == "synthetic":
        from vision.sim.table import TableSim

        options = _options(rest)
        realtime = options.pop("realtime", "0") not in ("0", "", "false", "no")
        sim = TableSim(**{key: (value if key == "deck" else float(value) if "." in value else int(value))
                          for key, value in options.items()})
        return SyntheticSource(sim, realtime=realtime, **kwargs)
    raise UnknownNameError("frame source", spec)
