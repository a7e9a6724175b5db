"""Text on the screen: the shipped OFL fonts, Persian shaped right-to-left, cached surfaces.

SDL_ttf (through pygame-ce) shapes Arabic script with HarfBuzz when a font is told its script
and direction, but it does no bidi: a Persian sentence holding a Latin name or a number must be
cut into runs, each run shaped in its own direction and font, and the runs laid right to left.
That is what `Typesetter.render` does; left-to-right text takes one plain render.

Every rendered surface is cached by (text, size, colour, weight): a screen redrawn 30 times a
second renders each string once.
"""

from __future__ import annotations

import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import pygame
import pygame.freetype

FONT_DIR = Path(__file__).parent / "fonts"
LATIN = {False: FONT_DIR / "NotoSans-Regular.ttf", True: FONT_DIR / "NotoSans-Bold.ttf"}
ARABIC = {
    False: FONT_DIR / "NotoSansArabic-Regular.ttf",
    True: FONT_DIR / "NotoSansArabic-Bold.ttf",
}

# Brackets swap their look in a right-to-left run drawn by the Latin font (HarfBuzz mirrors
# only the glyphs it shapes itself).
_MIRROR = str.maketrans("()[]{}<>«»", ")(][}{><»«")

PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def is_arabic(ch: str) -> bool:
    o = ord(ch)
    return (
        0x0600 <= o <= 0x06FF
        and not 0x06F0 <= o <= 0x06F9
        and not 0x0660 <= o <= 0x0669
        or 0x0750 <= o <= 0x077F
        or 0xFB50 <= o <= 0xFDFF
        or 0xFE70 <= o <= 0xFEFF
        or o == 0x200C
    )


def _kind(ch: str) -> str:
    """The character's Unicode bidi class, folded to what our screens need: R (Arabic or Hebrew
    letter), L (other letter), D (a digit of any script, or an Arabic number separator), T (a
    number's terminator: % ٪ ‰ ° and currency), M (a mark or joiner: takes its neighbour's
    kind), N (neutral: spaces, punctuation — the Arabic comma is one)."""
    cls = unicodedata.bidirectional(ch)
    if cls in ("R", "AL"):
        return "R"
    if cls in ("EN", "AN"):
        return "D"
    if cls == "L":
        return "L"
    if cls == "ET":
        return "T"
    if cls in ("NSM", "BN"):  # ٔ of شمارهٔ, the ZWNJ of می‌خرد
        return "M"
    return "N"


@dataclass(frozen=True)
class Run:
    text: str
    rtl: bool  # shaped right to left (Arabic script)
    arabic_font: bool


def bidi_runs(text: str) -> list[Run]:
    """Runs of a right-to-left paragraph, in VISUAL order from right to left.

    A simplified Unicode bidi (UBA, UAX #9) for what our screens hold — one paragraph, one
    line, no embeddings: Persian words (R), Latin names (L) and numbers (D, always left to
    right, keeping separators between digits and a % after them). Neutrals between two runs of
    one kind join them; other neutrals follow the paragraph (right to left). Checked against
    the full UBA (python-bidi, tests/display/test_text.py) on every Persian screen text, with
    one deliberate difference: a sign in front of a number stays in front of it ("-۴", "+۲",
    as in Iranian school maths and on the tiles and cards), where the UBA would draw it on
    the number's right ("۴-").
    """
    kinds = [_kind(c) for c in text]
    n = len(text)
    # W1: a mark or joiner takes the kind of what it follows (a paragraph-initial one: R).
    for k, kind in enumerate(kinds):
        if kind == "M":
            kinds[k] = kinds[k - 1] if k else "R"
    # W2: a number after a Persian word is an Arabic number ("AN"); one after a Latin word or
    # at the start is a European one. W5: terminators next to a European number belong to it
    # ("۱۰۰٪" alone, "Ann 25%"); next to an Arabic number they are neutral, so "… ۵۶%" shows
    # the sign on the number's left, where Persian readers read it after the number.
    strong: list[str | None] = []
    last = None
    for kind in kinds:
        strong.append(last)
        if kind in ("L", "R"):
            last = kind
    for k, kind in enumerate(kinds):
        if kind == "T":
            j = k
            while j < n and kinds[j] == "T":
                j += 1
            near = (k > 0 and kinds[k - 1] == "D" and strong[k - 1] != "R") or (
                j < n and kinds[j] == "D" and strong[j] != "R"
            )
            for m in range(k, j):
                kinds[m] = "D" if near else "N"
    # W7: a number whose nearest strong letter before it is Latin reads as Latin ("MAL-18").
    last_strong = None
    for k, kind in enumerate(kinds):
        if kind in ("L", "R"):
            last_strong = kind
        elif kind == "D" and last_strong == "L":
            kinds[k] = "L"
    # N0 (bracket pairs), simplified: brackets around Latin text that follows Latin text
    # belong to it ("Kai (Henry Morgan)"); other brackets follow the paragraph.
    stack: list[int] = []
    for k, ch in enumerate(text):
        if ch in "([":
            stack.append(k)
        elif ch in ")]" and stack:
            open_at = stack.pop()
            inside = kinds[open_at + 1 : k]
            before = next((x for x in reversed(kinds[:open_at]) if x in ("L", "R")), None)
            if "L" in inside and "R" not in inside and before == "L":
                kinds[open_at] = kinds[k] = "L"
    resolved = list(kinds)
    i = 0
    while i < n:
        if kinds[i] != "N":
            i += 1
            continue
        j = i
        while j < n and kinds[j] == "N":
            j += 1
        before = kinds[i - 1] if i > 0 else None
        after = kinds[j] if j < n else None
        seg = text[i:j]
        if before == after == "L" or (before == after == "D" and seg in {".", ",", "،", "/", ":"}):
            fill = before
        elif after == "D" and seg[-1:] in "-+" and (before is None or seg[:-1].strip() == ""):
            # a sign in front of a number belongs to the number
            for k in range(i, j - 1):
                resolved[k] = "R"
            resolved[j - 1] = "D"
            i = j
            continue
        else:
            fill = "R"
        for k in range(i, j):
            resolved[k] = fill
        i = j
    runs: list[Run] = []
    start = 0
    for k in range(1, n + 1):
        if k == n or resolved[k] != resolved[start]:
            seg = text[start:k]
            kind = resolved[start]
            if kind == "R":
                runs.append(Run(seg, True, True))
            elif kind == "D":
                runs.append(Run(seg, False, any(is_arabic(c) or c in "۰۱۲۳۴۵۶۷۸۹" for c in seg)))
            else:
                runs.append(Run(seg, False, False))
            start = k
    return runs


class Typesetter:
    """Fonts by (script, weight, pixel size) and a bounded cache of rendered lines."""

    def __init__(self, cache_size: int = 2048) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        self._fonts: dict[tuple, pygame.font.Font] = {}
        self._probe: dict[tuple, pygame.freetype.Font] = {}
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._sizes: OrderedDict[tuple, tuple[int, int]] = OrderedDict()
        self._missing: dict[str, str] = {}
        self.tofu: set[str] = set()  # texts drawn with a glyph their chosen font lacks
        self._cache_size = cache_size
        self.hits = 0
        self.misses = 0

    def font(self, arabic: bool, bold: bool, px: int, rtl: bool = False) -> pygame.font.Font:
        key = (arabic, bold, px, rtl)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(ARABIC[bold] if arabic else LATIN[bold], px)
            if arabic:
                font.set_script("Arab")
                font.set_direction(pygame.DIRECTION_RTL if rtl else pygame.DIRECTION_LTR)
            self._fonts[key] = font
        return font

    def missing_glyphs(self, text: str) -> str:
        """The characters of `text` that neither shipped font can draw (tofu on screen)."""
        got = self._missing.get(text)
        if got is None:
            got = self._missing[text] = self._find_missing(text)
            if len(self._missing) > self._cache_size:
                self._missing.clear()
        return got

    def _find_missing(self, text: str) -> str:
        missing = []
        for arabic in (False, True):
            key = (arabic,)
            if key not in self._probe:
                self._probe[key] = pygame.freetype.Font(ARABIC[False] if arabic else LATIN[False])
        lat = self._probe[(False,)].get_metrics(text, size=16)
        ara = self._probe[(True,)].get_metrics(text, size=16)
        for ch, a, b in zip(text, lat, ara, strict=True):
            if a is None and b is None and ch not in "\n\t\u200c":
                missing.append(ch)
        return "".join(missing)

    def _covered(self, ch: str) -> bool:
        if (True,) not in self._probe:
            self.missing_glyphs("")
        return self._probe[(True,)].get_metrics(ch, size=16)[0] is not None

    def size(self, text: str, px: int, bold: bool = False) -> tuple[int, int]:
        key = (text, px, bold)
        got = self._sizes.get(key)
        if got is None:
            got = self.render(text, px, (255, 255, 255), bold).get_size()
            self._sizes[key] = got
            if len(self._sizes) > self._cache_size * 2:
                self._sizes.popitem(last=False)
        return got

    def render(
        self, text: str, px: int, color: tuple[int, int, int], bold: bool = False
    ) -> pygame.Surface:
        key = (text, px, tuple(color), bold)
        surf = self._cache.get(key)
        if surf is not None:
            self.hits += 1
            self._cache.move_to_end(key)
            return surf
        self.misses += 1
        surf = self._render(text, px, color, bold)
        self._cache[key] = surf
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return surf

    def _lacks(self, seg: str, arabic: bool) -> bool:
        """Does the font chosen for `seg` lack one of its glyphs (it would draw tofu)?"""
        if (arabic,) not in self._probe:
            self._find_missing("")
        metrics = self._probe[(arabic,)].get_metrics(seg, size=16)
        return any(m is None and ch not in "\n\t\u200c" for ch, m in zip(seg, metrics, strict=True))

    def _render(self, text: str, px: int, color, bold: bool) -> pygame.Surface:
        self._current = text
        if not any(is_arabic(c) for c in text):
            if any(c in "۰۱۲۳۴۵۶۷۸۹" for c in text):
                return self._compose(list(reversed(bidi_runs(text))), px, color, bold)
            if self._lacks(text, False):
                self.tofu.add(text)
            return self.font(False, bold, px).render(text, True, color)
        return self._compose(bidi_runs(text), px, color, bold)

    def _compose(self, runs: list[Run], px: int, color, bold: bool) -> pygame.Surface:
        """Lay `runs` (visual order, right to left) on one surface on a common baseline."""
        pieces: list[tuple[pygame.Surface, int]] = []  # (surface, ascent)
        for run in runs:
            if not run.arabic_font and not any(c in "۰۱۲۳۴۵۶۷۸۹" for c in run.text):
                # Latin text; a character only the Arabic font has (the Arabic comma between
                # two names) comes from that font, in place.
                parts: list[tuple[str, bool]] = []
                for ch in run.text:
                    ar = self._lacks(ch, False) and self._covered(ch)
                    if parts and parts[-1][1] == ar:
                        parts[-1] = (parts[-1][0] + ch, ar)
                    else:
                        parts.append((ch, ar))
                for seg, ar in reversed(parts):  # laid right to left, read left to right
                    if not ar and self._lacks(seg, False):
                        self.tofu.add(self._current)
                    font = self.font(ar, bold, px)
                    pieces.append((font.render(seg, True, color), font.get_ascent()))
                continue
            # Split by coverage: characters the Arabic font lacks come from the Latin font.
            sub: list[tuple[str, bool]] = []
            for ch in run.text:
                ar = self._covered(ch)
                if sub and sub[-1][1] == ar:
                    sub[-1] = (sub[-1][0] + ch, ar)
                else:
                    sub.append((ch, ar))
            if not run.rtl:  # a number: its pieces go left to right, we lay right to left
                sub.reverse()
            for seg, ar in sub:
                if ar:
                    font = self.font(True, bold, px, rtl=run.rtl)
                    pieces.append((font.render(seg, True, color), font.get_ascent()))
                else:
                    if self._lacks(seg, False):
                        self.tofu.add(self._current)
                    font = self.font(False, bold, px)
                    shown = seg.translate(_MIRROR)[::-1] if run.rtl else seg
                    pieces.append((font.render(shown, True, color), font.get_ascent()))
        ascent = max((a for _, a in pieces), default=0)
        height = max((ascent - a + s.get_height() for s, a in pieces), default=0)
        width = sum(s.get_width() for s, _ in pieces)
        out = pygame.Surface((max(width, 1), max(height, 1)), pygame.SRCALPHA)
        x = width
        for surf, a in pieces:
            x -= surf.get_width()
            out.blit(surf, (x, ascent - a))
        return out
