"""Errors the tile reader raises on purpose; each is also a builtin, messages name the file."""


class TilesError(Exception):
    """Root of the tile-reader errors."""


class BadImage(TilesError, ValueError):
    """An image file that is missing, unreadable or empty."""


class BadProfile(TilesError, ValueError):
    """A tile profile that is missing or not a profile, or a teach image that cannot teach."""


class BadConfig(TilesError, KeyError):
    """A tile-reader setting that does not exist (a typo is an error, not silence)."""

    def __str__(self) -> str:  # KeyError quotes its message; we want it plain
        return str(self.args[0])
