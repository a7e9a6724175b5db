"""Keep the catalogues true: extract the screen texts, merge them into each .po, compile .mo.

    python -m display.i18n_build            # compile every .po to its .mo
    python -m display.i18n_build --update   # also add new message ids to every .po

Needs Babel (the `i18n` extra); the running companion only reads the compiled .mo files.
tests/display/test_i18n.py fails when a .mo differs from a fresh compile of its .po, or when a
screen text has no translation, so a stale catalogue cannot land.
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .i18n import DOMAIN, LANGS, LOCALE_DIR

PACKAGE = Path(__file__).parent
KEYWORDS = {"_": None, "lang": None, "n_": (1, 2)}


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> dict[str, str | None]:
    """Message id -> plural id (or None) of every text the screens translate."""
    found: dict[str, str | None] = {}
    for _file, _line, message, _comments, _ctx in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        if isinstance(message, tuple):
            found[message[0]] = message[1]
        elif message:
            found[message] = None
    return found


def read(lang: str) -> Catalog:
    with po_path(lang).open("rb") as fh:
        return read_po(fh, locale=lang, domain=DOMAIN)


def compiled(lang: str) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, read(lang), use_fuzzy=False)
    return buf.getvalue()


def compile_all() -> list[Path]:
    out = []
    for lang in LANGS:
        if lang == "en" or not po_path(lang).exists():
            continue
        mo = po_path(lang).with_suffix(".mo")
        mo.write_bytes(compiled(lang))
        out.append(mo)
    return out


def update() -> None:
    """Add every extracted id missing from a .po (empty translation, to be filled in)."""
    ids = extract()
    for lang in LANGS:
        if lang == "en":
            continue
        path = po_path(lang)
        catalog = read(lang) if path.exists() else Catalog(locale=lang, domain=DOMAIN)
        for msgid, plural in ids.items():
            key = (msgid, plural) if plural else msgid
            if msgid not in catalog:
                catalog.add(key, ("", "") if plural else "")
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as fh:
            write_po(fh, catalog, width=100, omit_header=False, sort_output=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="merge new message ids first")
    args = parser.parse_args()
    if args.update:
        update()
    for mo in compile_all():
        print(mo)


if __name__ == "__main__":
    main()
