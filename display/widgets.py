"""Widgets drawn on a Canvas: buttons, tiles, die faces, stacks, coins, a line chart, the chrome.

Each takes a logical rect and plain values; none knows a game's rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import inputs, theme
from .canvas import Canvas, Rect


def button(
    c: Canvas,
    rect: Rect,
    label: str,
    inp: str | None,
    focused: bool = False,
    colour=theme.PANEL_HI,
    size: float = theme.BODY,
    bold: bool = True,
) -> None:
    """A touchable button; the focused one (what SELECT/CONFIRM act on) has a yellow ring."""
    c.box(rect, colour, radius=10)
    if focused:
        c.outline(rect, theme.FOCUS, width=4, radius=10)
    x, y, w, h = rect
    c.text(label, (x + 8, y + 3, w - 16, h - 6), size, theme.text_on(colour), "center", bold=bold)
    if inp:
        c.hit(rect, inp)


def tile(
    c: Canvas,
    rect: Rect,
    value: int | None,
    colour,
    ring: bool = False,
    focus: bool = False,
    dim: bool = False,
    size: float = theme.BIG,
) -> None:
    """A POW tile: value big on its colour; None is a covered tile (no value shown, POW-14)."""
    fill = theme.COVERED if value is None else colour
    if dim:
        fill = tuple(int(v * 0.45 + 20) for v in fill)
    c.box(rect, fill, radius=8)
    c.outline(rect, (255, 255, 255) if not dim else (120, 120, 120), width=2, radius=8)
    if ring or focus:
        x, y, w, h = rect
        c.outline((x - 4, y - 4, w + 8, h + 8), theme.FOCUS, width=5 if focus else 3, radius=11)
    if value is not None:
        x, y, w, h = rect
        c.text(
            c.lang.num(value, signed=value > 0),
            (x + 2, y + 2, w - 4, h - 4),
            size,
            theme.TILE_TEXT,
            "center",
            bold=True,
        )


def die(c: Canvas, rect: Rect, face: str | None, kept: bool = False) -> None:
    """A POW die showing `face` (shield, skull, bubble-blue, bubble-orange); None = unread."""
    x, y, w, h = rect
    c.box(rect, (250, 250, 245), radius=w * 0.18)
    if kept:
        c.outline(rect, theme.OK, width=4, radius=w * 0.18)
    cx, cy = x + w / 2, y + h / 2
    r = min(w, h) * 0.34
    if face == "shield":
        c.polygon(
            [
                (cx - r, cy - r * 0.9),
                (cx + r, cy - r * 0.9),
                (cx + r, cy + r * 0.05),
                (cx, cy + r * 1.1),
                (cx - r, cy + r * 0.05),
            ],
            theme.HERO,
        )
        c.polygon(
            [
                (cx - r * 0.45, cy - r * 0.5),
                (cx + r * 0.45, cy - r * 0.5),
                (cx + r * 0.45, cy),
                (cx, cy + r * 0.55),
                (cx - r * 0.45, cy),
            ],
            (255, 255, 255),
        )
    elif face == "skull":
        c.circle(cx, cy - r * 0.15, r * 0.95, theme.VILLAIN)
        c.box((cx - r * 0.55, cy + r * 0.35, r * 1.1, r * 0.6), theme.VILLAIN, radius=3)
        c.circle(cx - r * 0.38, cy - r * 0.2, r * 0.26, (250, 250, 245))
        c.circle(cx + r * 0.38, cy - r * 0.2, r * 0.26, (250, 250, 245))
    elif face in ("bubble-blue", "bubble-orange"):
        col = theme.HERO if face == "bubble-blue" else theme.VILLAIN
        c.box((cx - r * 1.05, cy - r * 0.8, r * 2.1, r * 1.3), col, radius=r * 0.6)
        c.polygon(
            [
                (cx - r * 0.5, cy + r * 0.3),
                (cx - r * 0.1, cy + r * 0.3),
                (cx - r * 0.75, cy + r * 1.05),
            ],
            col,
        )
        for dx in (-0.5, 0, 0.5):
            c.circle(cx + dx * r, cy - r * 0.15, r * 0.12, (250, 250, 245))
    else:
        c.text("?", rect, theme.BIG, theme.DARK_TEXT, "center", bold=True)


def stack(c: Canvas, rect: Rect, height: int, top: int | None, colour, label: str = "") -> None:
    """A stack seen from the side: `height` layers, only the top tile's value (POW-14)."""
    x, y, w, h = rect
    if height == 0:
        c.outline(rect, theme.MUTED, width=2, radius=8)
        c.text(c.lang.num(0), rect, theme.BODY, theme.MUTED, "center")
        return
    step = min(6.0, (h * 0.35) / max(1, height))
    top_h = h - step * (height - 1)
    edge = tuple(int(v * 0.55) for v in colour)
    for i in range(height - 1, 0, -1):  # the covered tiles: edges only, no values
        c.box((x, y + i * step, w, top_h), edge, radius=8)
        c.outline((x, y + i * step, w, top_h), theme.BG, width=1, radius=8)
    tile(c, (x, y, w, top_h), None, colour)
    c.box((x, y, w, top_h), colour, radius=8)
    c.outline((x, y, w, top_h), (255, 255, 255), width=2, radius=8)
    if top is not None:
        c.text(
            c.lang.num(top, signed=top > 0),
            (x + 2, y + 1, w * 0.62, top_h - 2),
            min(theme.BIG, top_h * 0.6),
            theme.TILE_TEXT,
            "center",
            bold=True,
        )
    c.text(
        c.lang.num(height),
        (x + w * 0.64, y + top_h * 0.45, w * 0.34, top_h * 0.52),
        theme.SMALL,
        (255, 255, 255),
        "center",
        bold=True,
        min_size=10,
    )
    c.circle(x + w * 0.81, y + top_h * 0.71, min(w * 0.17, top_h * 0.26), theme.BG, width=2)
    if label:
        c.text(label, (x, y + h + 2, w, 20), theme.SMALL, theme.MUTED, "center")


def coin(c: Canvas, x: float, y: float, r: float, amount: int) -> None:
    c.circle(x, y, r, theme.SILVER)
    c.circle(x, y, r, (120, 120, 130), width=2)
    c.text(
        c.lang.num(amount),
        (x - r, y - r, 2 * r, 2 * r),
        max(theme.SMALL, min(theme.HUGE, r * 1.1)),
        theme.DARK_TEXT,
        "center",
        bold=True,
    )


def chart(
    c: Canvas,
    rect: Rect,
    series: Sequence[tuple[str, Sequence[int], tuple[int, int, int]]],
    title: str = "",
) -> None:
    """Each player's score or coins over the game: one coloured line per player, name at its end."""
    x, y, w, h = rect
    c.box(rect, theme.PANEL, radius=10)
    if title:
        c.text(title, (x + 10, y + 4, w - 20, 28), theme.BODY, theme.TEXT, "center", bold=True)
        y, h = y + 32, h - 32
    values = [v for _, vs, _ in series for v in vs] or [0]
    lo, hi = min(0, min(values)), max(1, max(values))
    n = max((len(vs) for _, vs, _ in series), default=1)
    left, right, top, bottom = x + 44, x + w - 110, y + 8, y + h - 26

    # zero line and the axis numbers
    def ypos(v: float) -> float:
        return bottom - (v - lo) / (hi - lo) * (bottom - top)

    c.line((left, ypos(0)), (right, ypos(0)), theme.MUTED, 1)
    for v in (lo, hi):
        c.text(c.lang.num(v), (x + 4, ypos(v) - 10, 36, 20), theme.SMALL, theme.MUTED, "center")
    label_y: list[float] = []
    ends = sorted(series, key=lambda t: -(t[1][-1] if t[1] else 0))
    for _, vs, _ in ends:  # names at the line ends, pushed apart so none overlaps
        y0 = ypos(vs[-1] if vs else 0) - 12
        if label_y and y0 < label_y[-1] + 22:
            y0 = label_y[-1] + 22
        label_y.append(y0)
    places = {id(t): ly for t, ly in zip(ends, label_y, strict=True)}
    for item in series:
        name, vs, colour = item
        pts = [(left + (i / max(1, n - 1)) * (right - left), ypos(v)) for i, v in enumerate(vs)]
        c.lines(pts, colour, 4)
        if pts:
            c.circle(*pts[-1], 6, colour)
            c.text(
                f"{name} {c.lang.num(vs[-1])}",
                (right + 10, places[id(item)], 100, 24),
                theme.SMALL,
                colour,
                "left",
                bold=True,
            )


def notice_bar(c: Canvas, text: str) -> None:
    """An error from the rules, in the table's language with the rule id, over everything."""
    c.box((10, 392, 780, 42), theme.ERROR_BG, radius=8)
    c.text(text, (20, 394, 760, 38), theme.BODY, theme.TEXT, "center", bold=True, wrap=True)


def footer(c: Canvas, hints: Sequence[tuple[str, str]], undo: bool = True) -> None:
    """The bottom bar: what each button does here, and Undo, always reachable (touch too)."""
    c.box((0, 440, 800, 40), theme.PANEL)
    slots = list(hints)
    width = 780 - (130 if undo else 0)
    each = width / max(1, len(slots))
    for i, (label, inp) in enumerate(slots):
        rx = (
            10 + i * each
            if not c.lang.rtl
            else 10 + (130 if undo else 0) + (len(slots) - 1 - i) * each
        )
        button(c, (rx, 444, each - 6, 32), label, inp, colour=theme.PANEL_HI, size=theme.SMALL)
    if undo:
        ux = 664 if not c.lang.rtl else 10
        button(
            c,
            (ux, 444, 126, 32),
            c.lang("Undo"),
            inputs.UNDO,
            colour=(110, 60, 60),
            size=theme.SMALL,
        )


def form_footer(c: Canvas, filling: bool) -> None:
    """The footer of a game entered by forms (Malacca, Dig Mars): Previous/Next pick an option
    and Confirm enters it; while a form is `filling`, Select moves to its next field."""
    _ = c.lang
    hints = [(_("Previous"), inputs.PREVIOUS), (_("Next"), inputs.NEXT)]
    if filling:
        hints.append((_("Next field"), inputs.SELECT))
    footer(c, [*hints, (_("Confirm"), inputs.CONFIRM)])


def banner_bar(c: Canvas, text: str) -> None:
    """A hardware fault (camera lost…) across the top, over the title."""
    c.box((0, 0, 800, 44), theme.ERROR_BG)
    c.text(text, (10, 2, 780, 40), theme.BODY, theme.TEXT, "center", bold=True)


def status_bars(c: Canvas, banner, notice) -> None:
    """The bars every screen may carry: what the companion is using (banner), then a rule
    error or notice in the table's language with its rule id."""
    if banner:
        banner_bar(c, banner)
    if notice:
        notice_bar(c, c.lang.rule_message(notice.rule, notice.message))
