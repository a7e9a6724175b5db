"""`python -m companion.benchmarks.measured PEAKFILE ARGS…`: `companion ARGS…` in this process,
and at exit its own peak resident memory (VmHWM, in kB) written to PEAKFILE.

Why not the parent's wait4: Linux carries the parent's high-water mark across fork and exec into
the child's ru_maxrss, so a demo started by a bench process that already holds 90 MB never
reports less than that (measured: a child with a 10 MB VmHWM showed 318 MB of ru_maxrss under a
300 MB parent). VmHWM belongs to the memory map exec made: the demo's own.
"""

from __future__ import annotations

import atexit
import sys
from pathlib import Path


def vm_hwm_kb() -> int:
    """This process's peak resident memory in kB (Linux /proc)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise RuntimeError("no VmHWM in /proc/self/status: the memory figure needs Linux")


def main(argv: list[str]) -> int:
    peak_file = Path(argv[0])
    atexit.register(lambda: peak_file.write_text(str(vm_hwm_kb())))
    from companion.cli import main as companion

    return companion(argv[1:])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
