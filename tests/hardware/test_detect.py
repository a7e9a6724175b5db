"""Auto-detection over fake /proc and /sys trees: real hardware first, with the reason."""

from __future__ import annotations

import os

import pytest

from hardware.detect import detect_buttons, detect_camera, pi_model, usb_cameras

PI4 = b"Raspberry Pi 4 Model B Rev 1.5\x00"


def machine(root, model=None, video=()):
    """A fake root: /proc/device-tree/model and /sys/class/video4linux entries.

    `video` holds (n, bus, index): bus "usb" or "platform"; index None = no index file.
    """
    if model is not None:
        (root / "proc/device-tree").mkdir(parents=True)
        (root / "proc/device-tree/model").write_bytes(model)
    sysfs = root / "sys/class/video4linux"
    sysfs.mkdir(parents=True)
    for n, bus, index in video:
        device = root / "sys/devices" / bus / f"dev{n}" / "video4linux" / f"video{n}"
        device.mkdir(parents=True)
        if index is not None:
            (device / "index").write_text(f"{index}\n")
        os.symlink(device, sysfs / f"video{n}")
    return root


def no_picamera2(name):
    return None


def has_picamera2(name):
    return object()


def test_pi_model(tmp_path):
    assert pi_model(machine(tmp_path, PI4)) == "Raspberry Pi 4 Model B Rev 1.5"
    assert pi_model(tmp_path / "elsewhere") is None


def test_a_desktop_gets_the_simulated_table_and_the_keyboard(tmp_path):
    root = machine(tmp_path)
    cam = detect_camera(root, find_spec=no_picamera2)
    assert cam.kind == "sim" and "not a Raspberry Pi" in cam.reason
    keys = detect_buttons(root, env={})
    assert keys.kind == "keyboard"


def test_usb_camera_capture_node_is_found_and_pi_codec_nodes_are_not(tmp_path):
    root = machine(
        tmp_path,
        video=[(10, "platform", None), (11, "platform", None), (2, "usb", 1), (1, "usb", 0)],
    )
    assert usb_cameras(root) == [1]
    cam = detect_camera(root, find_spec=no_picamera2)
    assert (cam.kind, cam.device) == ("usb", 1) and "/dev/video1" in cam.reason


def test_pi_with_camera_prefers_the_pi_camera(tmp_path):
    root = machine(tmp_path, PI4, video=[(0, "usb", 0)])
    cam = detect_camera(
        root, find_spec=has_picamera2, list_pi_cameras=lambda: [{"Model": "imx708"}]
    )
    assert cam.kind == "picamera" and "imx708" in cam.reason
    assert detect_buttons(root, env={}).kind == "gpio"


@pytest.mark.parametrize(
    ("spec", "cameras", "why"),
    [(has_picamera2, lambda: [], "no Pi camera"), (no_picamera2, None, "picamera2 not installed")],
)
def test_pi_without_camera_says_why(tmp_path, spec, cameras, why):
    root = machine(tmp_path, PI4, video=[(10, "platform", None)])
    kwargs = {"list_pi_cameras": cameras} if cameras else {}
    cam = detect_camera(root, find_spec=spec, **kwargs)
    assert cam.kind == "sim" and why in cam.reason


def test_libcamera_failure_does_not_break_detection(tmp_path):
    def broken():
        raise RuntimeError("camera __init__ sequence did not complete")

    cam = detect_camera(machine(tmp_path, PI4), find_spec=has_picamera2, list_pi_cameras=broken)
    assert cam.kind == "sim"


def test_pin_factory_environment_means_gpio(tmp_path):
    choice = detect_buttons(machine(tmp_path), env={"GPIOZERO_PIN_FACTORY": "mock"})
    assert choice.kind == "gpio" and "mock" in choice.reason
