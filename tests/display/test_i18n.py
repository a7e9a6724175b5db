"""Catalogues: every screen text translated in et/fr/fa, placeholders kept, no stale .mo."""

from __future__ import annotations

import gettext
import io
import re

import pytest

from display.i18n import LANGS, Lang, UnknownLanguage

build = pytest.importorskip("display.i18n_build", reason="Babel (the i18n extra) compiles .po")

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _messages(mo_bytes: bytes) -> dict:
    """A .mo's messages as gettext reads them, without the header's Generated-By line: Babel
    writes its own version there (2.19 differs from 2.18 in that line alone), and the fresh
    venv that CI builds takes whatever Babel PyPI has that day."""
    catalog = dict(gettext.GNUTranslations(io.BytesIO(mo_bytes))._catalog)
    catalog[""] = "\n".join(
        line for line in catalog.get("", "").splitlines() if not line.startswith("Generated-By:")
    )
    return catalog


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_mo_is_the_compile_of_its_po(lang):
    mo = build.po_path(lang).with_suffix(".mo")
    assert _messages(mo.read_bytes()) == _messages(build.compiled(lang)), (
        f"{mo} is stale: run python -m display.i18n_build"
    )


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_every_screen_text_is_translated_with_its_placeholders(lang):
    catalog = build.read(lang)
    for msgid, plural in build.extract().items():
        msg = catalog.get(msgid)
        assert msg is not None, f"{lang}: no entry for {msgid!r}"
        forms = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        for form in forms:
            assert form, f"{lang}: {msgid!r} is not translated"
            assert set(PLACEHOLDER.findall(form)) <= set(
                PLACEHOLDER.findall(msgid + (plural or ""))
            ), f"{lang}: {msgid!r} -> {form!r} has an unknown placeholder"
            assert set(PLACEHOLDER.findall(msgid)) <= set(PLACEHOLDER.findall(form)), (
                f"{lang}: {msgid!r} -> {form!r} lost a placeholder"
            )


def test_language_switch_changes_the_words():
    assert Lang.get("en")("Undo") == "Undo"
    assert Lang.get("et")("Undo") == "Võta tagasi"
    assert Lang.get("fr")("Confirm") == "Valider"
    assert Lang.get("fa")("{name}'s turn", name="Ann") == "نوبت Ann"


def test_rule_errors_keep_the_rule_id_in_every_language():
    for code in LANGS:
        text = Lang.get(code).rule_message("POW-6", "set aside at least one die")
        assert text.endswith("(POW-6)")
    assert "kõrvale" in Lang.get("et").rule_message("POW-6", "x")
    # a rule the catalogue lacks falls back to the engine's words, with the id
    assert Lang.get("fr").rule_message("XYZ-1", "odd") == "odd (XYZ-1)"


def test_unknown_language_is_a_clear_error():
    with pytest.raises(UnknownLanguage, match="languages: en, et, fr, fa"):
        Lang.get("de")


def _raised_rule_ids() -> set[str]:
    """Rule ids the engines and controllers raise: RuleError("X-n", …), Ask("X-n", …), and
    the rule argument of the Dig Mars helpers that raise for a caller (`"DIG-13", "relocate"`)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "companion"
    direct = re.compile(r'(?:RuleError|Ask)\(\s*"([A-Z]+-[0-9A-Z]+)"')
    helper = re.compile(r'"((?:DIG|POW|MAL)-\d+)",\s*"[a-z_]+"\)')
    found: set[str] = set()
    for path in [*root.glob("games/**/*.py"), *root.glob("controllers/*.py")]:
        text = path.read_text(encoding="utf-8")
        found |= set(direct.findall(text)) | set(helper.findall(text))
    return found


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_every_rule_error_has_plain_words_in_the_language(lang):
    ids = _raised_rule_ids()
    assert {"POW-6", "MAL-7", "DIG-5", "REC-UNDO"} <= ids
    catalog = build.read(lang)
    missing = sorted(rule for rule in ids if not (catalog.get(f"error:{rule}") or None))
    assert missing == [], f"{lang}: no plain words for {missing}"


def test_a_notice_that_is_no_rule_shows_no_id():
    assert Lang.get("et").rule_message("UNDO", "press undo again").startswith("See võtab")
    assert "(UNDO)" not in Lang.get("fa").rule_message("UNDO", "press undo again")
    assert Lang.get("en").rule_message("?", "store busy") == "store busy"
