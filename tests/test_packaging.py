"""pyproject.toml's build metadata in the form current setuptools reads without a warning."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_license_is_an_spdx_expression_not_the_deprecated_table():
    # setuptools warns that `license = { text = ... }` is deprecated and stops building it after
    # 2027-02-18; the PEP 639 form is a plain SPDX string.
    assert PYPROJECT["project"]["license"] == "MIT"


def test_the_build_asks_for_a_setuptools_that_reads_that_form():
    (setuptools,) = [r for r in PYPROJECT["build-system"]["requires"] if r.startswith("setuptools")]
    match = re.fullmatch(r"setuptools>=(\d+)(\.\d+)*", setuptools)
    assert match is not None and int(match.group(1)) >= 77, setuptools
