"""companion/lifecycle.py: SIGTERM (systemctl stop) becomes a clean exit that closes the store."""

import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion import lifecycle

ROOT = Path(__file__).resolve().parents[2]


class Thing:
    def __init__(self, name: str, closed: list[str], fail: bool = False, then=None):
        self.name, self.closed, self.fail, self.then = name, closed, fail, then

    def close(self) -> None:
        self.closed.append(self.name)
        if self.then:
            self.then()
        if self.fail:
            raise OSError(f"{self.name} would not close")


def test_sigterm_raises_terminated_with_status_0_and_closes_last_opened_first():
    closed: list[str] = []
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(lifecycle.Terminated) as info:
        with lifecycle.stop_on_sigterm(Thing("store", closed), Thing("camera", closed)):
            signal.raise_signal(signal.SIGTERM)
            pytest.fail("the signal did not interrupt the block")
    assert info.value.code == 0
    assert str(info.value) == "stopped by SIGTERM"
    assert closed == ["camera", "store"]
    assert signal.getsignal(signal.SIGTERM) is before


def test_sighup_stops_cleanly_too():
    closed: list[str] = []
    with pytest.raises(lifecycle.Terminated) as info:
        with lifecycle.stop_on_sigterm(Thing("store", closed)):
            signal.raise_signal(signal.SIGHUP)
    assert info.value.signum == signal.SIGHUP
    assert closed == ["store"]


def test_closers_are_closed_on_a_normal_end_and_on_an_error():
    closed: list[str] = []
    with lifecycle.stop_on_sigterm(Thing("a", closed)):
        pass
    with pytest.raises(ValueError):
        with lifecycle.stop_on_sigterm(Thing("b", closed)):
            raise ValueError("a bug")
    assert closed == ["a", "b"]


def test_a_closer_that_fails_is_logged_and_the_rest_still_close(caplog):
    closed: list[str] = []
    with pytest.raises(lifecycle.Terminated):
        with lifecycle.stop_on_sigterm(Thing("store", closed), Thing("camera", closed, fail=True)):
            signal.raise_signal(signal.SIGTERM)
    assert closed == ["camera", "store"]
    assert "camera would not close" in caplog.text


def test_a_second_sigterm_while_closing_does_not_cut_the_closing_short():
    closed: list[str] = []
    again = Thing("camera", closed, then=lambda: signal.raise_signal(signal.SIGTERM))
    with pytest.raises(lifecycle.Terminated):
        with lifecycle.stop_on_sigterm(Thing("store", closed), again):
            signal.raise_signal(signal.SIGTERM)
    assert closed == ["camera", "store"]


def test_entering_outside_the_main_thread_is_refused():
    errors: list[BaseException] = []

    def enter() -> None:
        try:
            with lifecycle.stop_on_sigterm():
                pass
        except RuntimeError as exc:
            errors.append(exc)

    worker = threading.Thread(target=enter)
    worker.start()
    worker.join()
    assert errors and "main thread" in str(errors[0])


def _stop_child(tmp_path: Path, mode: str) -> tuple[int, Path]:
    path = tmp_path / "games.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.companion.lifecycle_child", str(path), mode],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "ready"
        assert Path(f"{path}-wal").exists(), "an open WAL-mode store keeps a -wal file"
        child.send_signal(signal.SIGTERM)
        return child.wait(timeout=30), path
    finally:
        child.kill()
        child.wait()


def _actions(path: Path) -> list[str]:
    db = sqlite3.connect(path)
    try:
        return [body for (body,) in db.execute("SELECT body FROM actions ORDER BY seq")]
    finally:
        db.close()


def test_sigterm_exits_0_and_closes_the_store_so_its_wal_is_folded_in(tmp_path):
    status, path = _stop_child(tmp_path, "guarded")
    assert status == 0
    assert not Path(f"{path}-wal").exists(), "the store was not closed"
    assert len(_actions(path)) == 3


def test_without_the_guard_sigterm_kills_python_and_leaves_the_store_open(tmp_path):
    # The control: Python's default dies by the signal with the -wal file still there, which
    # is what the guard above changes. The committed actions survive either way (WAL, FULL).
    status, path = _stop_child(tmp_path, "unguarded")
    assert status == -signal.SIGTERM
    assert Path(f"{path}-wal").exists()
    assert len(_actions(path)) == 3
