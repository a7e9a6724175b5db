"""The hardware package's exception hierarchy: each leaf is also a builtin, messages name the thing.

`hardware` imports nothing of `companion`, so it has its own root; the app shows these to the
developer at start (a wrong pin) or turns them into a banner (a camera that went away).
"""


class HardwareError(Exception):
    """Root of the errors this package raises on purpose."""


class CameraError(HardwareError, RuntimeError):
    """A camera source cannot be opened or stopped giving pictures."""


class CameraUnavailable(CameraError):
    """The asked-for camera is not here (no picamera2, no /dev/video0, no such folder)."""


class FrameFormatError(HardwareError, ValueError):
    """A frame that is not (height, width, 3) uint8 BGR; names the source that gave it."""


class BadPin(HardwareError, ValueError):
    """A pin that does not exist on this board, or a pin given twice."""


class PinInUse(BadPin):
    """A pin already used by another button of ours, or busy in another device or program."""


class GpioUnavailable(HardwareError, RuntimeError):
    """Buttons on GPIO were asked for, but this machine has no usable GPIO."""


class UnknownInput(HardwareError, ValueError):
    """A button mapped to a logical input that does not exist."""
