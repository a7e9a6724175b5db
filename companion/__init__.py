"""Table companion: CLI, app loop, config, game store and the rules engines (`games/`)."""

__version__ = "0.1.0"
