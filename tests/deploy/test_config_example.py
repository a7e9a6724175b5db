"""deploy/config.example.toml: the Pi's config passes `companion config` and names every key."""

import os
import re
import subprocess
import sys
import tomllib

from companion import config
from tests.deploy.common import DATA_DIR, DEPLOY, ROOT, UNIT

EXAMPLE = DEPLOY / "config.example.toml"

# BCM GPIO number -> physical pin on the 40-pin header (every Pi since the B+).
PHYSICAL = {2: 3, 3: 5, 4: 7, 5: 29, 6: 31, 7: 26, 8: 24, 9: 21, 10: 19, 11: 23, 12: 32, 13: 33,
            14: 8, 15: 10, 16: 36, 17: 11, 18: 12, 19: 35, 20: 38, 21: 40, 22: 15, 23: 16,
            24: 18, 25: 22, 26: 37, 27: 13}  # fmt: skip
GROUND = {6, 9, 14, 20, 25, 30, 34, 39}


def test_companion_config_accepts_the_example():
    result = subprocess.run(
        [sys.executable, "-m", "companion", "--config", str(EXAMPLE), "config"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"config ok: {EXAMPLE}"


def test_the_example_names_every_key_so_people_see_what_they_can_set():
    data = tomllib.loads(EXAMPLE.read_text())
    missing = [
        f"[{section}] {key}"
        for section, keys in config.SCHEMA.items()
        for key in keys
        if key not in data.get(section, {})
    ]
    assert not missing, f"add these keys (with a comment) to {EXAMPLE.name}: {missing}"


def test_the_store_lives_in_the_services_state_directory():
    cfg = config.load(EXAMPLE)
    assert str(cfg.store_path().parent) == DATA_DIR
    assert "StateDirectory=table-companion" in UNIT.read_text().splitlines()


def test_the_button_comments_give_the_right_physical_pins():
    for line in EXAMPLE.read_text().splitlines():
        match = re.match(r"(\w+) = (\d+)\s+# physical pin (\d+)$", line)
        if match:
            name, bcm, physical = match[1], int(match[2]), int(match[3])
            assert PHYSICAL[bcm] == physical, f"{name}: GPIO {bcm} is pin {PHYSICAL[bcm]}"


def test_the_readme_wiring_table_matches_the_default_pins():
    readme = (ROOT / "README.md").read_text()
    rows = re.findall(r"^\| (\w+) \| GPIO (\d+) \| (\d+) \| (\d+) \|", readme, re.MULTILINE)
    buttons = config.defaults()["buttons"]
    assert {name for name, *_ in rows} == {"next", "previous", "select", "confirm", "undo"}
    for name, bcm, physical, ground in rows:
        assert buttons[name] == int(bcm), name
        assert PHYSICAL[int(bcm)] == int(physical), (
            f"{name}: GPIO {bcm} is pin {PHYSICAL[int(bcm)]}"
        )
        assert int(ground) in GROUND, f"{name}: pin {ground} is not a ground pin"
