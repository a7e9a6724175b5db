"""vision.images.load_bgr on the files real cameras and phones write (the bad-file errors are
tested through the CLI in tests/companion/commands/test_dice.py)."""

import struct

import cv2
import numpy as np

from vision.images import load_bgr


def _with_exif_orientation(jpeg: bytes, orientation: int) -> bytes:
    # A minimal EXIF APP1 segment: one IFD0 entry, Orientation (0x0112), a SHORT.
    tiff = (
        b"MM\x00\x2a"
        + struct.pack(">I", 8)
        + struct.pack(">H", 1)
        + struct.pack(">HHIHH", 0x0112, 3, 1, orientation, 0)
        + struct.pack(">I", 0)
    )
    app1 = b"Exif\x00\x00" + tiff
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + jpeg[2:]


def test_a_phone_photo_stored_sideways_is_loaded_the_way_it_was_taken(tmp_path):
    # Phones store a portrait photo as landscape pixels plus an EXIF turn; the dice teach
    # folders and the kept zone (fractions of the frame) need the photo as the player saw it.
    stored = np.zeros((60, 100, 3), np.uint8)
    stored[:, :50] = 255  # left half white as stored
    ok, jpeg = cv2.imencode(".jpg", stored)
    assert ok
    path = tmp_path / "portrait.jpg"
    path.write_bytes(_with_exif_orientation(jpeg.tobytes(), 6))  # 6: turn 90° clockwise

    img = load_bgr(path)

    assert img.shape == (100, 60, 3)
    assert img[:40].mean() > 200 and img[60:].mean() < 50  # the white half is now on top


def test_grey_and_transparent_pictures_load_as_three_channel_bgr(tmp_path):
    grey = np.full((20, 30), 90, np.uint8)
    rgba = np.zeros((20, 30, 4), np.uint8)
    rgba[..., 2] = 200  # red in BGR order
    rgba[..., 3] = 128
    cv2.imwrite(str(tmp_path / "grey.png"), grey)
    cv2.imwrite(str(tmp_path / "rgba.png"), rgba)

    g = load_bgr(tmp_path / "grey.png")
    c = load_bgr(tmp_path / "rgba.png")

    assert g.shape == (20, 30, 3) and g.dtype == np.uint8 and int(g[5, 5, 0]) == 90
    assert c.shape == (20, 30, 3) and tuple(int(v) for v in c[5, 5]) == (0, 0, 200)
