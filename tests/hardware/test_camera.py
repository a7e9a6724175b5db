"""Camera sources: every source that can load here meets one contract (BGR uint8 frames)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from hardware.camera import (
    Camera,
    FileCamera,
    PiCamera,
    SimulatedCamera,
    UsbCamera,
    open_camera,
)
from hardware.errors import CameraError, CameraUnavailable, FrameFormatError
from hardware.frames import check_frame

H, W = 48, 64


def scene(i: int) -> np.ndarray:
    """A frame whose blue, green and red planes hold different, known values."""
    frame = np.zeros((H, W, 3), np.uint8)
    frame[:, :, 0] = 200  # blue
    frame[:, :, 1] = 20 + i  # green (changes per frame)
    frame[:, :, 2] = 90  # red
    return frame


class FakePicamera2:
    """Records what the Pi camera source asks of picamera2; "RGB888" is BGR in memory."""

    cameras = [{"Model": "imx708", "Num": 0, "Id": "/base/soc/i2c0mux/i2c@1/imx708@1a"}]

    def __init__(self, index=0):
        self.index = index
        self.controls: list[dict] = []
        self.config = None
        self.started = self.closed = False

    @classmethod
    def global_camera_info(cls):
        return cls.cameras

    def create_video_configuration(self, main):
        return {"main": main}

    def configure(self, config):
        self.config = config

    def start(self):
        self.started = True

    def capture_array(self, stream="main"):
        w, h = self.config["main"]["size"]
        assert self.config["main"]["format"] == "RGB888"
        frame = np.zeros((h, w, 3), np.uint8)
        frame[:, :, 0], frame[:, :, 1], frame[:, :, 2] = 200, 20, 90  # B, G, R in memory
        return frame

    def capture_metadata(self):
        return {"ExposureTime": 12000, "AnalogueGain": 1.5, "ColourGains": (1.8, 1.4), "Lux": 300}

    def set_controls(self, controls):
        self.controls.append(dict(controls))

    def stop(self):
        self.started = False

    def close(self):
        self.closed = True


@pytest.fixture
def image_folder(tmp_path):
    folder = tmp_path / "stills"
    folder.mkdir()
    for i in range(3):
        cv2.imwrite(str(folder / f"{i:03d}.png"), scene(i))
    (folder / "notes.txt").write_text("not an image")
    return folder


@pytest.fixture
def video_file(tmp_path):
    path = tmp_path / "table.avi"
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), 10, (W, H))
    if not writer.isOpened():
        pytest.skip("this OpenCV build cannot write MJPG video")
    for i in range(5):
        writer.write(scene(10 * i))
    writer.release()
    return path


def _sources(request) -> Camera:
    kind = request.param
    if kind == "sim":
        counter = iter(range(1000))
        return SimulatedCamera(lambda: scene(next(counter)))
    if kind == "files-folder":
        return FileCamera(request.getfixturevalue("image_folder"), loop=True)
    if kind == "files-video":
        return FileCamera(request.getfixturevalue("video_file"), loop=True)
    if kind == "usb":  # cv2.VideoCapture on a file is the same code path as on /dev/videoN
        return UsbCamera(str(request.getfixturevalue("video_file")))
    if kind == "picamera":
        return PiCamera(width=W, height=H, picamera2_class=FakePicamera2)
    raise AssertionError(kind)


@pytest.fixture(params=["sim", "files-folder", "files-video", "usb", "picamera"])
def camera(request):
    cam = _sources(request)
    yield cam
    cam.close()


def test_every_source_yields_bgr_uint8_frames(camera):
    for _ in range(3):
        frame = camera.read()
        assert frame.dtype == np.uint8 and frame.shape == (H, W, 3)
        # Blue plane first: the scene's blue is 200, its red 90 (MJPG blurs by a few levels).
        b, g, r = (float(frame[:, :, c].mean()) for c in range(3))
        assert abs(b - 200) < 8 and abs(r - 90) < 8, (b, g, r)
    assert camera.name and camera.kind in ("sim", "files", "usb", "picamera")


def test_check_frame_names_the_source():
    assert check_frame(scene(0), "x") is not None
    with pytest.raises(FrameFormatError, match="cam A gave a frame of shape \\(4, 4\\)"):
        check_frame(np.zeros((4, 4), np.uint8), "cam A")
    with pytest.raises(FrameFormatError, match="float64"):
        check_frame(np.zeros((4, 4, 3)), "cam A")
    with pytest.raises(FrameFormatError, match="shape \\(4, 4, 4\\)"):
        check_frame(np.zeros((4, 4, 4), np.uint8), "cam A")  # XRGB8888 would be 4 channels


def test_a_source_giving_a_wrong_frame_is_an_error():
    cam = SimulatedCamera(lambda: np.zeros((H, W, 4), np.uint8), name="bad renderer")
    with pytest.raises(FrameFormatError, match="bad renderer"):
        cam.read()


def test_folder_replay_holds_each_image_and_ends(image_folder):
    cam = FileCamera(image_folder, hold=2)
    greens = [int(cam.read()[0, 0, 1]) for _ in range(6)]
    assert greens == [20, 20, 21, 21, 22, 22]
    assert cam.read() is None and cam.ended


def test_folder_replay_loops(image_folder):
    cam = FileCamera(image_folder, loop=True)
    assert [int(cam.read()[0, 0, 1]) for _ in range(4)] == [20, 21, 22, 20]


def test_video_replay_ends_without_loop(video_file):
    cam = FileCamera(video_file)
    assert sum(cam.read() is not None for _ in range(7)) == 5
    assert cam.ended


def test_missing_files_are_clear_errors(tmp_path):
    with pytest.raises(CameraUnavailable, match="neither an image folder nor a video"):
        FileCamera(tmp_path / "nope")
    with pytest.raises(CameraUnavailable, match="holds no images"):
        FileCamera(tmp_path)
    (tmp_path / "broken.png").write_bytes(b"not a png")
    cam = FileCamera(tmp_path)
    with pytest.raises(CameraError, match="cannot read image .*broken.png"):
        cam.read()


def test_usb_camera_absent_is_unavailable():
    with pytest.raises(CameraUnavailable, match="/dev/video63"):
        UsbCamera(63)


def test_picamera_asks_for_rgb888_and_locks_exposure_and_white_balance():
    cam = PiCamera(width=W, height=H, picamera2_class=FakePicamera2)
    assert cam._cam.config == {"main": {"size": (W, H), "format": "RGB888"}}
    assert cam._cam.started
    settings = cam.lock()
    assert settings == {"ExposureTime": 12000, "AnalogueGain": 1.5, "ColourGains": (1.8, 1.4)}
    assert cam._cam.controls[-1] == {"AeEnable": False, "AwbEnable": False, **settings}
    # Reopened later: the same settings go back, without measuring again.
    again = PiCamera(width=W, height=H, picamera2_class=FakePicamera2)
    again.lock(settings)
    assert again._cam.controls == [{"AeEnable": False, "AwbEnable": False, **settings}]
    with pytest.raises(CameraError, match="Brightness"):
        again.lock({"Brightness": 0.5})
    cam.close()
    assert cam._cam.closed and not cam._cam.started


def test_picamera_without_a_camera_is_unavailable():
    class NoCamera(FakePicamera2):
        cameras = [{"Model": "uvcvideo", "Id": "/base/axi/pcie@120000/rp1/usb@200000-1:1.0"}]

    with pytest.raises(CameraUnavailable, match="no Pi camera 0"):
        PiCamera(picamera2_class=NoCamera)


def test_picamera2_is_imported_only_when_used():
    import sys

    import hardware.camera  # noqa: F401

    assert "picamera2" not in sys.modules
    try:
        import picamera2  # noqa: F401
    except ImportError:
        with pytest.raises(CameraUnavailable, match="apt install python3-picamera2"):
            PiCamera()


def test_open_camera_by_name(image_folder):
    with open_camera("files", path=image_folder) as cam:
        assert isinstance(cam, FileCamera) and cam.loop
    with open_camera("sim", render=lambda: scene(0)) as cam:
        assert cam.read().shape == (H, W, 3)
    with pytest.raises(CameraUnavailable, match="needs a scene renderer"):
        open_camera("sim")
    with pytest.raises(CameraUnavailable, match="needs a folder or video"):
        open_camera("files")
    with pytest.raises(CameraUnavailable, match="unknown camera source 'webcam'"):
        open_camera("webcam")


class FakeImx708(FakePicamera2):
    """A Camera Module 3 as picamera2 describes it: its pixel array, and the raw stream asked."""

    camera_properties = {"Model": "imx708", "PixelArraySize": (4608, 2592)}

    def create_video_configuration(self, main, raw=None):
        return {"main": main, "raw": raw}


def test_the_pi_camera_asks_for_the_full_view_sensor_mode_not_the_cropped_one():
    # At 1280x720 libcamera would pick the imx708's cropped 1536x864 mode; the binned
    # 2304x1296 mode sees the whole sensor (the README's mounting heights assume it).
    cam = PiCamera(width=1280, height=720, picamera2_class=FakeImx708)
    assert cam._cam.config["raw"] == {"size": (2304, 1296)}
    assert cam._cam.config["main"] == {"size": (1280, 720), "format": "RGB888"}


@pytest.mark.parametrize(
    "array, size, raw",
    [
        ((4608, 2592), (1280, 720), (2304, 1296)),  # Camera Module 3
        ((3280, 2464), (1280, 720), (1640, 1232)),  # Camera Module 2 (imx219)
        ((4056, 3040), (1920, 1080), (2028, 1520)),  # HQ camera (imx477)
        ((4608, 2592), (3840, 2160), (4608, 2592)),  # larger than the binned mode: full array
    ],
)
def test_full_view_raw_is_the_binned_whole_sensor_when_it_is_big_enough(array, size, raw):
    from hardware.camera import full_view_raw

    assert full_view_raw({"PixelArraySize": array}, *size) == {"size": raw}
    assert full_view_raw({}, *size) is None
