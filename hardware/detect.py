"""Auto-detection: which camera and which buttons this machine has, and why.

Real hardware wins when present: the Pi camera (a Raspberry Pi with picamera2 and a camera
connected), else a USB camera (a /dev/videoN that sysfs places on USB — a Pi's own codec and
ISP nodes are /dev/video too, but not cameras), else the simulated table. Buttons are GPIO on
a Raspberry Pi (or wherever GPIOZERO_PIN_FACTORY names a factory), else the keyboard. The
choice carries its reason, which is logged and shown on screen.

Every function takes `root` so tests can give a fake /proc and /sys.
"""

from __future__ import annotations

import importlib.util
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path("/")


@dataclass(frozen=True)
class Detected:
    kind: str  # a camera source ("picamera", "usb", "sim") or buttons ("gpio", "keyboard")
    reason: str  # why, in a few words for the log and the screen
    device: int | None = None  # the /dev/videoN number of a USB camera

    def __str__(self) -> str:
        return f"{self.kind} ({self.reason})"


def pi_model(root: Path = ROOT) -> str | None:
    """The board's model string when it is a Raspberry Pi ("Raspberry Pi 4 Model B Rev 1.5")."""
    try:
        model = (root / "proc/device-tree/model").read_bytes().decode("ascii", "replace")
    except OSError:
        return None
    model = model.rstrip("\x00").strip()
    return model if model.startswith("Raspberry Pi") else None


def usb_cameras(root: Path = ROOT) -> list[int]:
    """The /dev/videoN numbers of USB cameras' capture nodes, lowest first."""
    sysfs = root / "sys/class/video4linux"
    found = []
    try:
        entries = list(sysfs.iterdir())
    except OSError:
        return []
    for entry in entries:
        match = re.fullmatch(r"video(\d+)", entry.name)
        if not match or "/usb" not in os.path.realpath(entry):
            continue
        # A UVC camera has two nodes: index 0 gives pictures, index 1 metadata.
        index = entry / "index"
        if index.exists() and index.read_text().strip() != "0":
            continue
        found.append(int(match.group(1)))
    return sorted(found)


def pi_cameras(picamera2_class: Any = None) -> list[dict[str, Any]]:
    """Cameras on the Pi's camera connectors (libcamera also lists USB ones: left out)."""
    if picamera2_class is None:
        from picamera2 import Picamera2 as picamera2_class
    return [c for c in picamera2_class.global_camera_info() if "usb" not in str(c.get("Id", ""))]


def detect_camera(
    root: Path = ROOT,
    find_spec: Callable[[str], object] = importlib.util.find_spec,
    list_pi_cameras: Callable[[], list[dict[str, Any]]] = pi_cameras,
) -> Detected:
    model = pi_model(root)
    if model and find_spec("picamera2") is not None:
        try:
            cameras = list_pi_cameras()
        except Exception as exc:  # libcamera can fail in many ways; detection must not
            cameras = []
            model = f"{model}, libcamera: {exc}"
        if cameras:
            return Detected("picamera", f"{model}, {cameras[0].get('Model', 'camera')}")
    usb = usb_cameras(root)
    if usb:
        return Detected("usb", f"USB camera at /dev/video{usb[0]}", device=usb[0])
    why = [
        "not a Raspberry Pi"
        if not model
        else "no Pi camera"
        if find_spec("picamera2") is not None
        else "picamera2 not installed",
        "no USB camera",
    ]
    return Detected("sim", "; ".join(why))


def detect_buttons(root: Path = ROOT, env: Mapping[str, str] = os.environ) -> Detected:
    if env.get("GPIOZERO_PIN_FACTORY"):
        return Detected("gpio", f"GPIOZERO_PIN_FACTORY={env['GPIOZERO_PIN_FACTORY']}")
    model = pi_model(root)
    if model:
        return Detected("gpio", model)
    return Detected("keyboard", "not a Raspberry Pi: the keyboard and screen stand in")
