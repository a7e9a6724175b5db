"""The table's language: gettext catalogues (en, et, fr, fa), numbers in the reader's digits.

Message ids are the English texts; `display/locale/<lang>/LC_MESSAGES/companion.po` holds the
translations, taken from the vocabulary of the rulebooks in shared/rules/originals, and the
compiled `.mo` beside it is what runs (`python -m display.i18n_build` recompiles; a test fails
when a `.mo` is stale). Errors from the rules are translated by rule id (`rule_message`).
"""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .text import PERSIAN_DIGITS

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "companion"
LANGS = ("en", "et", "fr", "fa")
RTL = frozenset({"fa"})
# Each language's name in itself, for the language switch.
LANG_NAMES = {"en": "English", "et": "Eesti", "fr": "Français", "fa": "فارسی"}


_RULE_ID = re.compile(r"[A-Z]+-[0-9A-Z]+")


class UnknownLanguage(ValueError):
    pass


@cache
def _translations(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    mo = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with mo.open("rb") as fh:
        return gettext.GNUTranslations(fh)


@dataclass(frozen=True)
class Lang:
    """One language: translate with `lang(msgid)`, numbers with `lang.num(n)`."""

    code: str
    _t: gettext.NullTranslations = field(repr=False, compare=False, default=None)  # type: ignore[assignment]

    @classmethod
    def get(cls, code: str) -> Lang:
        if code not in LANGS:
            raise UnknownLanguage(f"unknown language {code!r}; languages: {', '.join(LANGS)}")
        return cls(code, _translations(code))

    @property
    def rtl(self) -> bool:
        return self.code in RTL

    def pct(self, n: int) -> str:
        """A percentage: Persian digits and the Persian percent sign (٪) in Persian."""
        return self.num(n) + ("٪" if self.code == "fa" else "%")

    @property
    def sep(self) -> str:
        """Between items on one line: a middle dot, but in Persian the Arabic semicolon — a
        middle dot there looks like the Persian zero (۰)."""
        return "؛ " if self.code == "fa" else " · "

    def __call__(self, msgid: str, **kw: object) -> str:
        text = self._t.gettext(msgid)
        if kw:
            text = text.format(**{k: self.fmt(v) for k, v in kw.items()})
        return text

    def n_(self, singular: str, plural: str, n: int, **kw: object) -> str:
        text = self._t.ngettext(singular, plural, n)
        return text.format(n=self.num(n), **{k: self.fmt(v) for k, v in kw.items()})

    def num(self, n: int | float | str, signed: bool = False) -> str:
        """A number as this table reads it (Persian digits for fa); '+' shown when signed."""
        text = f"{n:+d}" if signed and isinstance(n, int) else str(n)
        if self.code == "fa":
            text = text.translate(PERSIAN_DIGITS).replace(".", "٫")
        return text

    def fmt(self, v: object) -> str:
        if isinstance(v, bool):
            return str(v)
        if isinstance(v, int | float):
            return self.num(v)
        return str(v)

    def rule_message(self, rule: str, message: str) -> str:
        """A rule error in plain words in this language, with its rule id.

        The catalogues know the errors by rule id (msgid `error:POW-6`); English, and a rule
        a catalogue lacks, show the engine's own (English) words, still with the id.
        """
        key = f"error:{rule}"
        text = self._t.gettext(key)
        if self.code == "en" or text == key:
            text = message  # English: the engine's own, more specific words
        if not _RULE_ID.fullmatch(rule):  # a notice that is no rule ("UNDO", "?")
            return text
        return f"{text} ({rule})"
