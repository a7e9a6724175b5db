"""A surface seen through the 800×480 logical layout: scaling, text that fits, touch regions.

Screens draw in logical units; the canvas scales them to the real surface (1024×600,
1280×720, 1920×1080…) with the largest uniform factor that fits, centred, so text is rendered
at the real pixel size (crisp) instead of being stretched. While drawing it records what a test
or the app needs to know: the touch regions (rect -> logical input), every string drawn, any
text that could not fit its box even at the smallest size, and characters no font can draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from . import theme
from .i18n import Lang
from .text import Typesetter

Rect = tuple[float, float, float, float]  # logical x, y, w, h
_SHARED: Typesetter | None = None


def typesetter() -> Typesetter:
    """One typesetter (fonts and text cache) for the process."""
    global _SHARED
    if _SHARED is None:
        _SHARED = Typesetter()
    return _SHARED


@dataclass
class Frame:
    """What one render drew, besides pixels."""

    hits: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    overflows: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    def hit(self, pos: tuple[int, int]) -> str | None:
        """The logical input under a touch / click at real pixel `pos` (last drawn wins)."""
        for rect, inp in reversed(self.hits):
            if rect.collidepoint(pos):
                return inp
        return None


class Canvas:
    def __init__(self, surface: pygame.Surface, lang: Lang, fonts: Typesetter | None = None):
        self.surface = surface
        self.lang = lang
        self.fonts = fonts or typesetter()
        w, h = surface.get_size()
        lw, lh = theme.LOGICAL
        self.scale = min(w / lw, h / lh)
        self.ox = (w - lw * self.scale) / 2
        self.oy = (h - lh * self.scale) / 2
        self.frame = Frame()

    # geometry -----------------------------------------------------------------------------
    def px(self, rect: Rect) -> pygame.Rect:
        x, y, w, h = rect
        s = self.scale
        x0, y0 = round(self.ox + x * s), round(self.oy + y * s)
        return pygame.Rect(
            x0, y0, round(self.ox + (x + w) * s) - x0, round(self.oy + (y + h) * s) - y0
        )

    def pt(self, x: float, y: float) -> tuple[int, int]:
        return round(self.ox + x * self.scale), round(self.oy + y * self.scale)

    def mirror(self, rect: Rect) -> Rect:
        """`rect` as a right-to-left reader expects it: mirrored across the screen in Persian.

        For blocks of words (a title and its status); never for the game's own layout, which
        copies the table (rows run left to right as the tiles lie).
        """
        if not self.lang.rtl:
            return rect
        x, y, w, h = rect
        return (theme.LOGICAL[0] - x - w, y, w, h)

    def mirror_in(self, rect: Rect, outer_x: float, outer_w: float) -> Rect:
        """`rect` mirrored inside the span [outer_x, outer_x + outer_w] in Persian: the
        inner order of a row of words (name, coins, card…) follows the reading direction."""
        if not self.lang.rtl:
            return rect
        x, y, w, h = rect
        return (outer_x + outer_w - (x - outer_x) - w, y, w, h)

    def hit(self, rect: Rect, inp: str) -> None:
        self.frame.hits.append((self.px(rect), inp))

    # shapes -------------------------------------------------------------------------------
    def clear(self, colour=theme.BG) -> None:
        self.surface.fill(colour)

    def box(self, rect: Rect, colour, radius: float = 0, border: float = 0, border_colour=None):
        r = self.px(rect)
        rad = round(radius * self.scale)
        pygame.draw.rect(self.surface, colour, r, border_radius=rad)
        if border:
            pygame.draw.rect(
                self.surface,
                border_colour or theme.FOCUS,
                r,
                width=max(1, round(border * self.scale)),
                border_radius=rad,
            )

    def outline(self, rect: Rect, colour, width: float = 3, radius: float = 0) -> None:
        pygame.draw.rect(
            self.surface,
            colour,
            self.px(rect),
            width=max(1, round(width * self.scale)),
            border_radius=round(radius * self.scale),
        )

    def circle(self, x: float, y: float, r: float, colour, width: float = 0) -> None:
        pygame.draw.circle(
            self.surface,
            colour,
            self.pt(x, y),
            max(1, round(r * self.scale)),
            width=0 if not width else max(1, round(width * self.scale)),
        )

    def line(self, a: tuple[float, float], b: tuple[float, float], colour, width: float = 2):
        pygame.draw.line(
            self.surface, colour, self.pt(*a), self.pt(*b), max(1, round(width * self.scale))
        )

    def lines(self, points: list[tuple[float, float]], colour, width: float = 2) -> None:
        if len(points) >= 2:
            pygame.draw.lines(
                self.surface,
                colour,
                False,
                [self.pt(*p) for p in points],
                max(1, round(width * self.scale)),
            )

    def polygon(self, points: list[tuple[float, float]], colour) -> None:
        pygame.draw.polygon(self.surface, colour, [self.pt(*p) for p in points])

    # text ---------------------------------------------------------------------------------
    def text(
        self,
        text: str,
        rect: Rect,
        size: float = theme.BODY,
        colour=theme.TEXT,
        align: str = "start",
        valign: str = "middle",
        bold: bool = False,
        wrap: bool = False,
        min_size: float = theme.MIN_TEXT,
    ) -> None:
        """Draw `text` inside `rect`: shrink (and wrap, if asked) until it fits.

        "start" is the reading start: the left in LTR languages, the right in Persian. Text that
        does not fit even at `min_size` is cut with an ellipsis and recorded as an overflow.
        """
        if not text:
            return
        self.frame.texts.append(text)
        missing = self.fonts.missing_glyphs(text)
        if missing:
            self.frame.missing.append(missing)
        box = self.px(rect)
        s = self.scale
        px = max(1, round(size * s))
        px_min = max(1, round(min(min_size, size) * s))
        lines: list[str] = [text]
        while True:
            lines = self._wrap(text, px, bold, box.width) if wrap else [text]
            widths = [self.fonts.size(line, px, bold)[0] for line in lines]
            line_h = self.fonts.font(False, bold, px).get_linesize()
            if max(widths) <= box.width and line_h * len(lines) <= box.height + 1:
                break
            if px <= px_min:
                self.frame.overflows.append(text)
                lines = self._ellipsize(lines, px, bold, box.width, box.height, line_h)
                break
            px = max(px_min, int(px * 0.9))
        line_h = self.fonts.font(False, bold, px).get_linesize()
        total = line_h * len(lines)
        if valign == "top":
            y = box.top
        elif valign == "bottom":
            y = box.bottom - total
        else:
            y = box.top + (box.height - total) // 2
        clip = self.surface.get_clip()
        self.surface.set_clip(box.inflate(2, 2))
        for line in lines:
            surf = self.fonts.render(line, px, tuple(colour), bold)
            if line in self.fonts.tofu:
                self.frame.missing.append(line)
            side = align
            if align in ("start", "end"):
                side = "left" if (align == "start") != self.lang.rtl else "right"
            if side == "left":
                x = box.left
            elif side == "right":
                x = box.right - surf.get_width()
            else:
                x = box.left + (box.width - surf.get_width()) // 2
            self.surface.blit(surf, (x, y + (line_h - surf.get_height()) // 2))
            y += line_h
        self.surface.set_clip(clip)

    def _wrap(self, text: str, px: int, bold: bool, width: int) -> list[str]:
        lines: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            line = ""
            for word in words:
                trial = f"{line} {word}" if line else word
                if line and self.fonts.size(trial, px, bold)[0] > width:
                    lines.append(line)
                    line = word
                else:
                    line = trial
            lines.append(line)
        return lines

    def _ellipsize(self, lines, px, bold, width, height, line_h) -> list[str]:
        keep = max(1, min(len(lines), height // max(1, line_h)))
        out = lines[:keep]
        last = out[-1]
        while last and self.fonts.size(last + "…", px, bold)[0] > width:
            last = last[:-1]
        out[-1] = last + "…"
        return out
