"""POW screens: the turn (rows, dice, options, stacks) and the end tally as stacks of tiles."""

from __future__ import annotations

from .. import inputs, theme, widgets
from ..canvas import Canvas
from ..views.pow import DiceWhy, Option, PowTally, PowTurn

ROW_COLOUR = {"heroes": theme.HERO, "villains": theme.VILLAIN}
TILE_W, TILE_GAP = 54, 6


def option_label(c: Canvas, o: Option) -> str:
    _ = c.lang
    value = "" if o.value is None else " " + c.lang.num(o.value, signed=o.value > 0)
    if o.kind == "hero":
        return _("Take hero {n} from the left", n=o.position) + value
    if o.kind == "villain":
        return _("Take villain {n} from the left", n=o.position) + value
    if o.kind == "forced":
        word = _("hero") if o.row == "heroes" else _("villain")
        return _("Forced take: {tile}", tile=word + value)
    if o.position == 1:
        text = (
            _("Steal {who}'s top hero", who=o.victim)
            if o.row == "heroes"
            else _("Steal {who}'s top villain", who=o.victim)
        )
        return text + value
    return (
        _("Steal {who}'s hero {n} from the top", who=o.victim, n=o.position)
        if o.row == "heroes"
        else _("Steal {who}'s villain {n} from the top", who=o.victim, n=o.position)
    )


def odds_label(c: Canvas, kind: str, target: int, chance: float) -> str:
    _ = c.lang
    pct = c.lang.pct(round(chance * 100))
    if kind == "hero":
        what = _("hero {n}", n=target)
    elif kind == "villain":
        what = _("villain {n}", n=target)
    elif kind == "steal-hero":
        what = _("a hero steal")
    else:
        what = _("a villain steal")
    return _("{what}: {pct}", what=what, pct=pct)


def _row(c: Canvas, y: float, values, row: str, m: PowTurn) -> None:
    colour = ROW_COLOUR[row]
    c.box((4, y, 62, 62), colour, radius=8)
    # the die face that takes from this row (POW-8/9): readable in every language
    widgets.die(c, (17, y + 3, 36, 36), "shield" if row == "heroes" else "skull")
    c.text(
        c.lang("Heroes") if row == "heroes" else c.lang("Villains"),
        (5, y + 41, 60, 20),
        theme.SMALL,
        theme.TEXT,
        "center",
        bold=True,
        min_size=9,
    )
    focus = m.options[m.focus] if m.options and 0 <= m.focus < len(m.options) else None
    for i, v in enumerate(values):
        pos = i + 1
        if v is None:  # a gap where a tile was taken (POW-13, as laid out)
            c.outline((76 + i * (TILE_W + TILE_GAP), y + 4, TILE_W, 54), theme.PANEL_HI, 2, 8)
            continue
        offered = [
            o
            for o in m.options
            if o.kind in ("hero", "villain", "forced") and o.row == row and o.position == pos
        ]
        is_focus = focus is not None and focus in offered
        widgets.tile(
            c,
            (76 + i * (TILE_W + TILE_GAP), y + 4, TILE_W, 54),
            v,
            colour,
            ring=bool(offered),
            focus=is_focus,
            dim=bool(m.options) and not offered,
        )
        for o in offered:
            c.hit(
                (76 + i * (TILE_W + TILE_GAP), y + 4, TILE_W, 54), inputs.option(m.options.index(o))
            )
    if all(v is None for v in values):
        c.text(c.lang("Row empty"), (76, y, 700, 62), theme.BODY, theme.MUTED, "start")


def render_turn(c: Canvas, m: PowTurn) -> None:
    _ = c.lang
    c.clear()
    me = m.seats[m.current].name
    c.box((0, 0, 800, 44), theme.PANEL)
    c.text(
        _("{name}'s turn", name=me),
        c.mirror((12, 2, 470, 40)),
        theme.TITLE,
        theme.TEXT,
        "start",
        bold=True,
    )
    if m.rolled or m.kept:
        status = c.lang.n_("{n} roll left", "{n} rolls left", m.rolls_left)
    else:
        status = _("Roll all 5 dice")
    c.text(status, c.mirror((490, 2, 300, 40)), theme.BODY, theme.FOCUS, "end", bold=True)
    _row(c, 50, m.heroes, "heroes", m)
    _row(c, 118, m.villains, "villains", m)

    # dice: as read, the set-aside ones apart (POW-6)
    c.text(_("Rolled"), (10, 186, 380, 22), theme.SMALL, theme.MUTED, "start")
    for i, face in enumerate(m.rolled):
        widgets.die(c, (10 + i * 62, 210, 54, 54), face)
    c.box((10, 270, 380, 64), theme.PANEL, radius=8)
    c.text(_("Set aside"), (16, 270, 120, 64), theme.SMALL, theme.MUTED, "start", wrap=True)
    for i, face in enumerate(m.kept):
        widgets.die(c, (140 + i * 50, 276, 46, 46), face, kept=True)

    # options the dice allow, the focused one ringed; odds of the next option below
    ox, ow = 402, 382
    if m.manual is not None:
        _manual(c, m)
    elif m.options:
        visible = 3
        first = min(max(0, m.focus - 1), max(0, len(m.options) - visible))
        for k, o in enumerate(m.options[first : first + visible]):
            idx = first + k
            colour = ROW_COLOUR.get(o.row, theme.PANEL_HI)
            if o.kind in ("steal", "forced"):
                colour = tuple(int(v * 0.7) for v in colour)
            widgets.button(
                c,
                (ox, 186 + k * 38, ow, 34),
                option_label(c, o),
                inputs.option(idx),
                focused=idx == m.focus,
                colour=colour,
                size=theme.SMALL,
            )
        if len(m.options) > visible:  # a scroll bar: where the three shown sit in the list
            c.box((ox + ow + 2, 186, 4, 110), theme.PANEL)
            c.box(
                (
                    ox + ow + 2,
                    186 + 110 * first / len(m.options),
                    4,
                    110 * visible / len(m.options),
                ),
                theme.MUTED,
            )
    elif m.rolled:
        c.text(_("No tile can be taken"), (ox, 186, ow, 60), theme.BODY, theme.MUTED, "center")
    if m.odds and m.rolls_left > 0 and m.manual is None:
        text = (
            _("Re-roll the others")
            + " — "
            + c.lang.sep.join(odds_label(c, o.kind, o.target, o.chance) for o in m.odds)
        )
        c.text(text, (ox, 302, ow, 46), theme.SMALL, theme.TEXT, "start", wrap=True)

    # everyone's stacks: height and top tile only (POW-14)
    n = len(m.seats)
    each = 780 / n
    focus = m.options[m.focus] if m.options and 0 <= m.focus < len(m.options) else None
    for i, seat in enumerate(m.seats):
        x = 10 + i * each
        c.box((x, 350, each - 8, 88), theme.PANEL_HI if i == m.current else theme.PANEL, radius=8)
        if i == m.current:
            c.outline((x, 350, each - 8, 88), theme.FOCUS, width=3, radius=8)
        c.text(seat.name, (x + 4, 350, each - 16, 24), theme.SMALL, theme.TEXT, "center", bold=True)
        sw = min(80, (each - 30) / 2)
        for j, (row, st) in enumerate((("heroes", seat.heroes), ("villains", seat.villains))):
            sx = x + (each - 8) / 2 - sw - 4 + j * (sw + 8)
            widgets.stack(c, (sx, 376, sw, 58), st.height, st.top, ROW_COLOUR[row])
            if focus and focus.kind == "steal" and focus.victim == seat.name and focus.row == row:
                c.outline((sx - 4, 372, sw + 8, 66), theme.FOCUS, width=4, radius=10)
        c.hit((x, 350, each - 8, 88), inputs.player(i))

    if m.dice_why is not None:  # the table is rolling: what the camera asks beats old news
        _dice_why(c, m.dice_why)
    elif m.event:
        e = m.event
        word = (_("hero") if e.row == "heroes" else _("villain")) + (
            "" if e.value is None else " " + c.lang.num(e.value, signed=e.value > 0)
        )
        if e.kind == "steal":
            text = _(
                "{thief} steals {tile} from {victim}!", thief=e.actor, tile=word, victim=e.victim
            )
        elif e.kind == "forced":
            text = _("{who} must take {tile} (POW-12)", who=e.actor, tile=word)
        else:
            text = _("{who} takes {tile}", who=e.actor, tile=word)
        c.box(
            (10, 190, 780, 150), theme.ERROR_BG if e.kind != "take" else theme.PANEL_HI, radius=14
        )
        c.outline((10, 190, 780, 150), theme.FOCUS, width=4, radius=14)
        c.text(text, (24, 196, 752, 92), theme.TITLE, theme.TEXT, "center", bold=True, wrap=True)
        c.text(_("Roll all 5 dice"), (24, 290, 752, 44), theme.BODY, theme.FOCUS, "center")
    widgets.status_bars(c, m.banner, m.notice)
    if m.manual is not None:
        hints = [
            (_("Previous"), inputs.PREVIOUS),
            (_("Next"), inputs.NEXT),
            (_("Turn die"), inputs.SELECT),
            (_("Enter dice"), inputs.CONFIRM),
        ]
    else:
        hints = [
            (_("Previous"), inputs.PREVIOUS),
            (_("Next"), inputs.NEXT),
            (_("Confirm"), inputs.CONFIRM),
            (_("Dice by hand"), inputs.SELECT),
        ]
    widgets.footer(c, hints)


def dice_why_text(c: Canvas, why: DiceWhy) -> str:
    """What the table should do so that the camera can take the dice (issue #6)."""
    _ = c.lang
    n, expected = why.seen, why.expected
    if why.reason in ("count", "missing") and expected is not None and n != expected:
        if n < expected:
            return c.lang.n_(
                "{n} die seen, {expected} expected — put every die flat in view",
                "{n} dice seen, {expected} expected — put every die flat in view",
                n,
                expected=expected,
            )
        return c.lang.n_(
            "{n} die seen, {expected} expected — take the other dice away",
            "{n} dice seen, {expected} expected — take the other dice away",
            n,
            expected=expected,
        )
    if why.reason == "cocked":
        return _("A die is cocked on another — lay it flat")
    if why.reason == "cut":
        return _("A die is cut by the edge of the picture — move it in")
    if why.reason == "blurred":
        return _("A die looks blurred — let the dice come to rest")
    if why.reason == "too-many":
        return _("More dice than in play — take the other dice away")
    if why.reason == "no-dice":
        return _("No dice seen — roll them where the camera sees them")
    return _("A die cannot be read — nudge it, or enter the dice by hand")


def _dice_why(c: Canvas, why: DiceWhy) -> None:
    """Over the last roll (the table is rolling again): an unread die and what to do."""
    c.box((10, 186, 380, 80), theme.FOCUS, radius=10)
    widgets.die(c, c.mirror_in((20, 198, 56, 56), 10, 380), None)
    c.text(
        dice_why_text(c, why),
        c.mirror_in((86, 188, 296, 76), 10, 380),
        theme.BODY,
        theme.text_on(theme.FOCUS),
        "start",
        bold=True,
        wrap=True,
    )


def _manual(c: Canvas, m: PowTurn) -> None:
    """Dice entered by hand (camera down): each die's face and whether it is set aside."""
    _ = c.lang
    ox, ow = 402, 382
    c.box((ox, 186, ow, 160), theme.PANEL, radius=10)
    c.text(
        _("Enter the dice by hand"),
        (ox + 8, 188, ow - 16, 28),
        theme.BODY,
        theme.FOCUS,
        "center",
        bold=True,
    )
    for i, (face, aside) in enumerate(m.manual or ()):
        x = ox + 12 + i * 73
        widgets.die(c, (x, 222, 62, 62), face, kept=aside)
        if i == m.manual_focus:
            c.outline((x - 5, 217, 72, 72), theme.FOCUS, width=4, radius=12)
        c.text(
            _("aside") if aside else _("in play"),
            (x - 6, 290, 74, 22),
            theme.SMALL,
            theme.OK if aside else theme.MUTED,
            "center",
            min_size=10,
        )
        c.hit((x, 222, 62, 62), inputs.SELECT if i == m.manual_focus else inputs.NEXT)
    c.text(
        _("Select turns the die; Confirm enters the roll"),
        (ox + 8, 314, ow - 16, 30),
        theme.SMALL,
        theme.TEXT,
        "center",
        wrap=True,
    )


def render_tally(c: Canvas, m: PowTally) -> None:
    """The end: each player's tiles as stacks, removed heroes set apart, score big (POW-16/17)."""
    _ = c.lang
    c.clear()
    c.box((0, 0, 800, 50), theme.PANEL)
    winners = ", ".join(m.winners)
    title = (
        _("{name} wins!", name=winners)
        if len(m.winners) == 1
        else _("Shared win: {names}", names=winners)
    )
    c.text(title, (12, 2, 776, 46), theme.TITLE, theme.FOCUS, "center", bold=True)
    n = len(m.seats)
    chart_h = 120 if m.history else 0
    each = 780 / n
    top, bottom = 58, 432 - chart_h
    tallest = max([max(len(s.heroes) + len(s.removed), len(s.villains)) for s in m.seats] + [1])
    step = min(24.0, (bottom - top - 70) / tallest)
    for i, s in enumerate(m.seats):
        x = 10 + i * each
        win = s.name in m.winners
        c.box((x, top, each - 8, bottom - top), theme.PANEL_HI if win else theme.PANEL, radius=10)
        if win:
            c.outline((x, top, each - 8, bottom - top), theme.FOCUS, width=4, radius=10)
        c.text(s.name, (x + 4, top + 2, each - 16, 26), theme.BODY, theme.TEXT, "center", bold=True)
        c.text(
            c.lang.num(s.score),
            (x + 4, bottom - 40, each - 16, 38),
            theme.TITLE,
            theme.FOCUS if win else theme.TEXT,
            "center",
            bold=True,
        )
        tw = min(52.0, (each - 30) / 2)
        base = bottom - 46
        cols = (
            (x + (each - 8) / 2 - tw - 4, list(s.heroes), list(s.removed), theme.HERO),
            (x + (each - 8) / 2 + 4, list(s.villains), [], theme.VILLAIN),
        )
        for cx, kept, removed, colour in cols:
            for k, v in enumerate(kept):
                ty = base - (k + 1) * step
                c.box((cx, ty, tw, step - 2), colour, radius=4)
                c.text(
                    c.lang.num(v, signed=v > 0),
                    (cx, ty, tw, step - 2),
                    min(theme.SMALL, step),
                    theme.TEXT,
                    "center",
                    bold=True,
                    min_size=9,
                )
            for k, v in enumerate(removed):  # POW-16: crossed out above the kept heroes
                ty = base - (len(kept) + k + 1) * step
                c.box((cx, ty, tw, step - 2), theme.COVERED, radius=4)
                c.outline((cx, ty, tw, step - 2), theme.ERROR_BG, width=2, radius=4)
                c.text(
                    c.lang.num(v, signed=v > 0),
                    (cx, ty, tw, step - 2),
                    min(theme.SMALL, step),
                    theme.TEXT,
                    "center",
                    min_size=9,
                )
                c.line(
                    (cx + 3, ty + (step - 2) / 2),
                    (cx + tw - 3, ty + (step - 2) / 2),
                    theme.ERROR_BG,
                    2,
                )
            if removed:
                top_y = base - (len(kept) + len(removed) + 1) * step
                c.text(
                    _("removed"),
                    (cx - 6, top_y, tw + 12, step),
                    theme.SMALL,
                    theme.ERROR_BG,
                    "center",
                    bold=True,
                    min_size=9,
                )
    if m.history:
        colours = [theme.seat_colour(i, m.colours) for i in range(len(m.history))]
        widgets.chart(
            c,
            (10, 436 - chart_h, 780, chart_h - 2),
            [(name, vs, colours[i]) for i, (name, vs) in enumerate(m.history)],
        )
    widgets.status_bars(c, m.banner, m.notice)
    widgets.footer(c, [(_("New game"), inputs.CONFIRM)])
