"""A clean stop on SIGTERM: `systemctl stop`, a reboot or a shutdown becomes a normal exit.

Python's default for SIGTERM is to die on the spot: no `finally`, no `with` exit, so the game
store is never closed. Nothing committed is lost (every action is committed before it is shown),
but the WAL file is only folded back into the database when the last connection closes, and a
camera or a GPIO pin left open can make the next start wait. `stop_on_sigterm()` turns SIGTERM
(and SIGHUP, a hung-up terminal) into `Terminated`, a `SystemExit` with status 0, so every
`with` block unwinds and the things handed to it are closed, last opened first.

The app loop (companion/app.py) wraps its run in it:

    with lifecycle.stop_on_sigterm(store, camera):
        loop()

systemd then sees exit status 0 after its SIGTERM: a clean stop, not a failure to restart.
Python runs the handler between bytecodes of the main thread: a loop that blocks inside C with
no timeout (`pygame.event.wait()` alone) sees the signal only when that call returns, so the
loop should tick (`clock.tick(30)`, or `event.wait(timeout)`); systemd kills it after
TimeoutStopSec otherwise.
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Protocol

log = logging.getLogger(__name__)

# SIGHUP too: the service owns tty1 and a hang-up of that terminal should also stop cleanly.
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


class Closeable(Protocol):
    def close(self) -> None: ...


class Terminated(SystemExit):
    """Raised in the main thread when a stop signal arrives; exits with status 0."""

    def __init__(self, signum: int):
        super().__init__(0)
        self.signum = signum

    def __str__(self) -> str:
        return f"stopped by {signal.Signals(self.signum).name}"


@contextmanager
def stop_on_sigterm(
    *closers: Closeable, signals: tuple[signal.Signals, ...] = STOP_SIGNALS
) -> Iterator[None]:
    """Within the block a stop signal raises `Terminated`; on leaving, close `closers`.

    The closers are closed however the block is left (normal end, error, signal), last first,
    each on its own: one that fails is logged and the rest are still closed. A second signal
    while closing is ignored, so it cannot cut the closing short. The previous handlers are put
    back on leaving. Python delivers signals to the main thread only, so this must be entered
    there.
    """
    if threading.current_thread() is not threading.main_thread():
        raise RuntimeError("stop_on_sigterm() must be entered in the main thread")
    stopping = False

    def handler(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        if stopping:
            log.info("%s again while stopping: still closing", signal.Signals(signum).name)
            return
        stopping = True
        log.info("%s: stopping cleanly", signal.Signals(signum).name)
        raise Terminated(signum)

    previous = {sig: signal.signal(sig, handler) for sig in signals}
    try:
        yield
    finally:
        stopping = True  # from here on a signal must not interrupt the closing
        try:
            for thing in reversed(closers):
                try:
                    thing.close()
                except Exception:
                    log.exception("closing %r failed while stopping", thing)
        finally:
            for sig, old in previous.items():
                signal.signal(sig, old)
