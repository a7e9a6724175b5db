"""Errors the vision package raises on purpose; each is also a builtin, messages name the file."""


class VisionError(Exception):
    """Root of the vision errors."""


class BadImage(VisionError, ValueError):
    """An image file that is missing, unreadable, empty or too large."""


class BadProfile(VisionError, ValueError):
    """A teach profile file that is missing or not a profile, or a teach set that cannot teach."""


class BadConfig(VisionError, KeyError):
    """A vision config key that does not exist (a typo is an error, not silence)."""

    def __str__(self) -> str:  # KeyError quotes its message; we want it plain
        return str(self.args[0])
