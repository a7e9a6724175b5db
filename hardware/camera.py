"""Camera sources behind one interface: `read()` gives the next frame (frames.py) or None.

Four sources: the Pi camera (picamera2, imported only when used), a USB camera
(cv2.VideoCapture), a replay of an image folder or a video file, and the simulated table (any
callable that renders a frame — the companion hands in vision's synthetic renderer). `open_camera`
picks one by name, or by auto-detection (detect.py) like gpiozero's pin factory.

Exposure and white balance: a reading of dice colours is only as steady as the camera's colours,
so after calibration `lock()` freezes them; it returns the settings so the same ones can be put
back when the camera is reopened (camera.lock(settings)).
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from .errors import CameraError, CameraUnavailable
from .frames import Frame, check_frame

log = logging.getLogger(__name__)

SOURCES = ("picamera", "usb", "files", "sim")
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")


class Camera(ABC):
    """A source of BGR uint8 frames. `read()` may return None: no new picture right now."""

    kind: ClassVar[str]
    # True when identical consecutive frames are normal (a replayed still, a rendered scene);
    # for a real sensor they mean the camera froze (its noise never repeats exactly).
    still_ok: ClassVar[bool] = False
    name: str

    def read(self) -> Frame | None:
        frame = self._read()
        return None if frame is None else check_frame(frame, self.name)

    @abstractmethod
    def _read(self) -> Frame | None: ...

    def lock(self, settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Freeze exposure and white balance (at `settings`, or as they are now); returns them."""
        return {}

    def close(self) -> None:  # noqa: B027 - sources without a device have nothing to release
        """Release the device; reading after close is an error."""

    def __enter__(self) -> Camera:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


class SimulatedCamera(Camera):
    """The simulated table: every read renders the scene as it is now."""

    kind = "sim"
    still_ok = True

    def __init__(self, render: Callable[[], Frame], name: str = "simulated table"):
        self._render = render
        self.name = name

    def _read(self) -> Frame | None:
        return self._render()


class FileCamera(Camera):
    """Replays an image folder (sorted by name) or a video file, optionally looping.

    `hold` shows each image for that many reads, so a folder of stills looks like a still table
    to the stability filter. At the end (without `loop`) read() gives None and `ended` is True.
    """

    kind = "files"
    still_ok = True

    def __init__(self, path: Path | str, *, loop: bool = False, hold: int = 1):
        import cv2

        self._cv2 = cv2
        self.path = Path(path).expanduser()
        self.loop = loop
        self.hold = max(1, int(hold))
        self.ended = False
        self._capture: Any = None
        self._images: list[Path] = []
        self._index = 0
        self._shown = 0
        self._current: Frame | None = None
        if self.path.is_dir():
            self._images = sorted(
                p for p in self.path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES
            )
            if not self._images:
                raise CameraUnavailable(
                    f"folder {self.path} holds no images ({', '.join(IMAGE_SUFFIXES)})"
                )
            self.name = f"images in {self.path}"
        elif self.path.is_file():
            self._capture = cv2.VideoCapture(str(self.path))
            if not self._capture.isOpened():
                raise CameraUnavailable(f"cannot open video file {self.path}")
            self.name = f"video {self.path.name}"
        else:
            raise CameraUnavailable(f"{self.path} is neither an image folder nor a video file")

    def _read(self) -> Frame | None:
        if self.ended:
            return None
        if self._current is not None and self._shown < self.hold:
            self._shown += 1
            return self._current
        frame = self._next_image() if self._images else self._next_video_frame()
        self._current, self._shown = frame, 1
        return frame

    def _next_image(self) -> Frame | None:
        if self._index >= len(self._images):
            if not self.loop:
                self.ended = True
                return None
            self._index = 0
        path = self._images[self._index]
        self._index += 1
        frame = self._cv2.imread(str(path), self._cv2.IMREAD_COLOR)
        if frame is None:
            raise CameraError(f"cannot read image {path}")
        return frame

    def _next_video_frame(self) -> Frame | None:
        ok, frame = self._capture.read()
        if not ok and self.loop:
            self._capture.set(self._cv2.CAP_PROP_POS_FRAMES, 0)
            ok, frame = self._capture.read()
        if not ok:
            self.ended = True
            return None
        return frame

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()


class UsbCamera(Camera):
    """A camera through cv2.VideoCapture: a /dev/videoN number (or a stream/file path)."""

    kind = "usb"

    def __init__(self, device: int | str = 0, *, width: int = 1280, height: int = 720):
        import cv2

        self._cv2 = cv2
        self.device = device
        self.name = f"USB camera {device}" if isinstance(device, int) else f"camera {device}"
        self._capture = cv2.VideoCapture(device)
        if not self._capture.isOpened():
            self._capture.release()
            where = f"/dev/video{device}" if isinstance(device, int) else str(device)
            raise CameraUnavailable(f"no camera answers at {where}")
        if isinstance(device, int):
            self._capture.set(cv2.CAP_PROP_FRAME_WIDTH, width)
            self._capture.set(cv2.CAP_PROP_FRAME_HEIGHT, height)

    def _read(self) -> Frame | None:
        ok, frame = self._capture.read()
        if not ok:
            # A UVC camera pulled from its socket fails every read from then on.
            raise CameraError(f"{self.name} gave no picture (unplugged?)")
        return frame

    def lock(self, settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
        cv2 = self._cv2
        cap = self._capture
        if settings is None:
            settings = {
                "exposure": cap.get(cv2.CAP_PROP_EXPOSURE),
                "wb_temperature": cap.get(cv2.CAP_PROP_WB_TEMPERATURE),
            }
        # V4L2 through OpenCV: auto exposure 0.25 is "manual", 0.75 "aperture priority".
        cap.set(cv2.CAP_PROP_AUTO_EXPOSURE, 0.25)
        cap.set(cv2.CAP_PROP_AUTO_WB, 0)
        cap.set(cv2.CAP_PROP_EXPOSURE, settings["exposure"])
        cap.set(cv2.CAP_PROP_WB_TEMPERATURE, settings["wb_temperature"])
        log.info("%s: exposure and white balance locked at %s", self.name, dict(settings))
        return dict(settings)

    def close(self) -> None:
        self._capture.release()


def full_view_raw(properties: Mapping[str, Any], width: int, height: int) -> dict[str, Any] | None:
    """The raw stream that makes libcamera choose a sensor mode seeing the whole sensor.

    The raw stream's size picks the sensor mode. The Pi cameras' 2x2-binned mode, half the pixel
    array each way, covers the whole sensor (imx708 2304x1296, imx219 1640x1232, imx477
    2028x1520, ov5647 1296x972) and the ISP scales it to the output; when the output is larger
    than that, the full array. None when the camera does not say its pixel array size.
    """
    size = properties.get("PixelArraySize")
    if not size:
        return None
    full_w, full_h = int(size[0]), int(size[1])
    half = (full_w // 2, full_h // 2)
    return {"size": half if half[0] >= width and half[1] >= height else (full_w, full_h)}


class PiCamera(Camera):
    """The Pi camera through picamera2, "RGB888" frames (BGR in memory: frames.py).

    `picamera2_class` is the Picamera2 class to use; by default it is imported here, so
    picamera2 is only needed on a Pi that uses this source.
    """

    kind = "picamera"
    LOCK_CONTROLS = ("ExposureTime", "AnalogueGain", "ColourGains")

    def __init__(
        self,
        index: int = 0,
        *,
        width: int = 1280,
        height: int = 720,
        picamera2_class: Any = None,
    ):
        if picamera2_class is None:
            try:
                from picamera2 import Picamera2 as picamera2_class
            except ImportError as exc:
                raise CameraUnavailable(
                    "picamera2 is not installed (on the Pi: sudo apt install python3-picamera2)"
                ) from exc
        cameras = [
            c for c in picamera2_class.global_camera_info() if "usb" not in str(c.get("Id", ""))
        ]
        if len(cameras) <= index:
            raise CameraUnavailable(f"no Pi camera {index} is connected")
        self.name = f"Pi camera {index} ({cameras[index].get('Model', 'unknown model')})"
        self._cam = picamera2_class(index)
        # The whole field of view. Left alone, libcamera picks the sensor mode nearest the
        # output size: on a Camera Module 3 (imx708) at 1280x720 that is its cropped 1536x864
        # mode, two thirds of the view the README's mounting heights are worked out for.
        raw = full_view_raw(getattr(self._cam, "camera_properties", None) or {}, width, height)
        config = self._cam.create_video_configuration(
            main={"size": (width, height), "format": "RGB888"}, **({"raw": raw} if raw else {})
        )
        self._cam.configure(config)
        self._cam.start()

    def _read(self) -> Frame | None:
        return self._cam.capture_array("main")

    def lock(self, settings: Mapping[str, Any] | None = None) -> dict[str, Any]:
        if settings is None:
            metadata = self._cam.capture_metadata()
            settings = {name: metadata[name] for name in self.LOCK_CONTROLS}
        unknown = set(settings) - set(self.LOCK_CONTROLS)
        if unknown:
            raise CameraError(f"{self.name}: unknown locked setting(s) {sorted(unknown)}")
        self._cam.set_controls({"AeEnable": False, "AwbEnable": False, **settings})
        log.info("%s: exposure and white balance locked at %s", self.name, dict(settings))
        return dict(settings)

    def close(self) -> None:
        try:
            self._cam.stop()
        finally:
            self._cam.close()


def open_camera(
    source: str = "auto",
    *,
    device: int = 0,
    path: Path | str | None = None,
    width: int = 1280,
    height: int = 720,
    render: Callable[[], Frame] | None = None,
    loop: bool = True,
    hold: int = 1,
) -> Camera:
    """The camera named by `source` ("auto" asks detect.detect_camera()).

    `render` is the simulated table's scene renderer; "sim" (and "auto" without a camera)
    needs it. `path` is the image folder or video for "files".
    """
    if source == "auto":
        from .detect import detect_camera

        choice = detect_camera()
        log.info("camera: %s (%s)", choice.kind, choice.reason)
        source = choice.kind
        if choice.device is not None:
            device = choice.device
    if source == "picamera":
        return PiCamera(width=width, height=height)
    if source == "usb":
        return UsbCamera(device, width=width, height=height)
    if source == "files":
        if not path:
            raise CameraUnavailable("the 'files' camera needs a folder or video path")
        return FileCamera(path, loop=loop, hold=hold)
    if source == "sim":
        if render is None:
            raise CameraUnavailable("the simulated table needs a scene renderer")
        return SimulatedCamera(render)
    raise CameraUnavailable(f"unknown camera source {source!r}; sources: {', '.join(SOURCES)}")
