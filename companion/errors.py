"""The companion's exception hierarchy: each leaf is also a builtin, messages name the object."""


class CompanionError(Exception):
    """Root of the errors this package raises on purpose."""


class ConfigError(CompanionError, ValueError):
    """A config file value that is wrong; the message names the key and what is allowed."""
