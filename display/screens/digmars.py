"""Dig Mars screen: the 4×4 board, stations by colour, levels, the turn, and for the chosen
stack who can dig or transport there and with whose help. No player's points (DIG-6)."""

from __future__ import annotations

from .. import inputs, theme, widgets
from ..canvas import Canvas
from ..views.digmars import Choice, DigMarsBoard

CELL, GAP, BX, BY = 84, 6, 10, 52
BONUS_LETTER = {
    "extra-dig": "D+",
    "extra-transport": "T+",
    "relocate": "R",
    "extra-point": "+1",
    "inspect": "?",
}


def place_name(c: Canvas, place) -> str:
    r, col = place
    # Persian zero is a dot, so a dot cannot part the numbers there: the Arabic comma does.
    return c.lang.num(r + 1) + ("،" if c.lang.rtl else "·") + c.lang.num(col + 1)


def bonus_name(c: Canvas, bonus: str) -> str:
    _ = c.lang
    return {
        "extra-dig": _("extra dig"),
        "extra-transport": _("extra transport"),
        "relocate": _("relocate a station"),
        "extra-point": _("extra point"),
        "inspect": _("inspect soil"),
    }.get(bonus, bonus)


def choice_label(c: Canvas, ch: Choice) -> str:
    _ = c.lang
    at = place_name(c, ch.at) if ch.at else ""
    who = ch.player or ""
    if ch.type == "soil":
        return _("Enter the soil at {at}", at=at)
    if ch.type == "place":
        return _("{who}: place a station at {at}", who=who, at=at)
    if ch.type == "dig":
        return _("{who}: dig at {at}", who=who, at=at)
    if ch.type == "transport":
        return _("{who}: transport from {at}", who=who, at=at)
    if ch.type == "move":
        return _(
            "{who}: move {frm} to {to}", who=who, frm=place_name(c, ch.frm), to=place_name(c, ch.to)
        )
    if ch.type == "relocate":
        return _(
            "{who}: relocate {owner}'s station {frm} to {to}",
            who=who,
            owner=ch.owner,
            frm=place_name(c, ch.frm),
            to=place_name(c, ch.to),
        )
    if ch.type == "upgrade":
        return _("{who}: upgrade {equipment}", who=who, equipment=equipment_name(c, ch.equipment))
    if ch.type == "extra_point":
        return _("{who}: take the extra point", who=who)
    if ch.type == "inspect":
        return _("{who}: inspect the soil at {at}", who=who, at=at)
    if ch.type == "declare":
        return _("{who}: declare victory", who=who)
    return _("End the turn")


def equipment_name(c: Canvas, kind: str | None) -> str:
    _ = c.lang
    return {"dig": _("digging"), "transport": _("transport"), "fleet": _("fleet")}.get(
        kind or "", ""
    )


def _board(c: Canvas, m: DigMarsBoard) -> None:
    _ = c.lang
    targets = {}
    for i, ch in enumerate(m.choices):
        for p in (ch.at, ch.frm):
            if p is not None and p not in targets:
                targets[p] = i
    for r in range(4):
        for col in range(4):
            cell = m.board[r][col]
            x, y = BX + col * (CELL + GAP), BY + r * (CELL + GAP)
            if cell.explored is None:
                c.box((x, y, CELL, CELL), theme.EMPTY_PLACE, radius=8)
            else:
                fill = theme.EXPLORED if cell.explored else theme.UNEXPLORED
                for k in range(cell.height - 1, 0, -1):  # the tiles under the top: edges
                    c.box(
                        (x + k * 3, y + k * 3, CELL - 9, CELL - 9), tuple(v // 2 for v in fill), 6
                    )
                c.box((x, y, CELL - 6, CELL - 6), fill, radius=8)
                ink = theme.DARK_TEXT
                if cell.explored:
                    c.text(
                        _("T{n}", n=cell.transport),
                        (x + 4, y + 2, 40, 26),
                        theme.BODY,
                        ink,
                        "left",
                        bold=True,
                    )
                    c.text(
                        _("{n} pt", n=cell.points),
                        (x + 4, y + 26, 70, 22),
                        theme.SMALL,
                        ink,
                        "left",
                    )
                    if cell.bonus:
                        c.box((x + CELL - 38, y + 4, 28, 24), (120, 80, 160), radius=5)
                        c.text(
                            BONUS_LETTER.get(cell.bonus, "?"),
                            (x + CELL - 38, y + 4, 28, 24),
                            theme.SMALL,
                            theme.TEXT,
                            "center",
                            bold=True,
                        )
                else:
                    dig = "?" if cell.dig is None else c.lang.num(cell.dig)
                    c.text(
                        _("D{n}", n=dig),
                        (x + 4, y + 2, 60, 30),
                        theme.BIG,
                        theme.TEXT,
                        "left",
                        bold=True,
                    )
                c.text(
                    c.lang.num(cell.height),
                    (x + CELL - 30, y + CELL - 34, 22, 24),
                    theme.SMALL,
                    ink if cell.explored else theme.TEXT,
                    "center",
                    bold=True,
                )
            here = [i for i, place in m.stations if place == (r, col)]
            for k, i in enumerate(here[:6]):
                sx = x + 12 + (k % 3) * 18
                sy = y + CELL - 14 - (k // 3) * 18
                c.circle(sx, sy, 8, theme.colour_of(m.players[i].colour))
                c.circle(sx, sy, 8, theme.BG, width=2)
            if m.cursor == (r, col):
                c.outline((x - 4, y - 4, CELL + 2, CELL + 2), theme.FOCUS, width=4, radius=10)
            if (r, col) in targets:
                c.hit((x, y, CELL, CELL), inputs.option(targets[(r, col)]))
        c.text(
            c.lang.num(r + 1),
            (BX + 4 * (CELL + GAP) - 4, BY + r * (CELL + GAP), 14, CELL),
            theme.SMALL,
            theme.MUTED,
            "center",
        )
        c.text(
            c.lang.num(r + 1),
            (BX + r * (CELL + GAP), BY + 4 * (CELL + GAP) - 4, CELL, 22),
            theme.SMALL,
            theme.MUTED,
            "center",
        )


def _panel(c: Canvas, m: DigMarsBoard) -> None:
    _ = c.lang
    px, pw = 390, 400
    y = 48
    for k, word in enumerate((_("dig"), _("transport"), _("fleet"))):  # equipment levels
        c.text(
            word, (px + 150 + k * 82, y, 80, 20), theme.SMALL, theme.MUTED, "center", min_size=10
        )
    y += 20
    for i, p in enumerate(m.players):  # levels, whose turn
        row = (px, y, pw, 28)
        active = i == m.to_act
        c.box(row, theme.PANEL_HI if active else theme.PANEL, radius=6)
        c.circle(px + 14, y + 14, 9, theme.colour_of(p.colour))
        c.text(p.name, (px + 28, y, 120, 28), theme.SMALL, theme.TEXT, "left", bold=True)
        for k, lvl in enumerate(p.levels):
            lx = px + 150 + k * 82
            for pip in range(4):
                c.circle(
                    lx + 20 + pip * 13,
                    y + 14,
                    5,
                    theme.colour_of(p.colour) if pip < lvl else theme.BG,
                )
        c.hit(row, inputs.player(i))
        y += 30
    y += 2
    if m.phase == "over":
        text = _("{name} wins!", name=", ".join(m.winners)) if m.winners else _("Game over")
        c.text(text, (px, y, pw, 36), theme.BIG, theme.FOCUS, "center", bold=True)
        y += 40
    elif m.to_act is not None:
        me = m.players[m.to_act]
        if m.pending_place:
            status = _("{who}: place the new station", who=m.pending_place)
        elif m.phase == "setup":
            status = _("{who}: place a first station", who=me.name)
        else:
            left = max(0, m.ACTIONS - m.actions_used)
            status = _("{who}: {n} of 3 actions left", who=me.name, n=left)
        c.box((px, y, pw, 34), theme.colour_of(me.colour), radius=8)
        c.text(
            status,
            (px + 8, y, pw - 16, 34),
            theme.BODY,
            theme.text_on(theme.colour_of(me.colour)),
            "center",
            bold=True,
        )
        y += 38
        if m.bonuses:
            c.text(
                _("Bonus: {list}", list=", ".join(bonus_name(c, b) for b in m.bonuses)),
                (px, y, pw, 22),
                theme.SMALL,
                (200, 160, 255),
                "start",
                bold=True,
            )
            y += 24
    if m.cursor is not None and m.answers:
        c.text(
            _("Stack {at}:", at=place_name(c, m.cursor)),
            (px, y, pw, 22),
            theme.SMALL,
            theme.FOCUS,
            "start",
            bold=True,
        )
        y += 22
        for p in m.players:
            dig = next((a for a in m.answers if a.player == p.name and a.kind == "dig"), None)
            trn = next((a for a in m.answers if a.player == p.name and a.kind == "transport"), None)
            parts = []
            for a, word in ((dig, _("dig")), (trn, _("transport"))):
                if a is not None and a.possible:
                    text = f"{word} {c.lang.num(a.level)}"
                    if a.helpers:
                        text += " " + _("with {names}", names=", ".join(a.helpers))
                    parts.append(text)
            if parts:
                c.circle(px + 8, y + 11, 6, theme.colour_of(p.colour))
                c.text(
                    p.name + ": " + "; ".join(parts),
                    (px + 18, y, pw - 18, 22),
                    theme.SMALL,
                    theme.TEXT,
                    "start",
                    min_size=11,
                )
                y += 22
        if all(not a.possible for a in m.answers):
            c.text(
                _("Nobody can dig or transport here now"),
                (px, y, pw, 22),
                theme.SMALL,
                theme.MUTED,
                "start",
            )
            y += 22
    y += 4
    if m.entry:
        _entry(c, m, px, y, pw)
    else:
        room = max(1, int((436 - y) // 36))
        first = min(max(0, m.focus - room // 2), max(0, len(m.choices) - room))
        for k, ch in enumerate(m.choices[first : first + room]):
            i = first + k
            widgets.button(
                c,
                (px, y, pw, 32),
                choice_label(c, ch),
                inputs.option(i),
                focused=i == m.focus,
                size=theme.SMALL,
            )
            y += 36
    if m.private is not None:
        _private(c, m)


def _entry(c: Canvas, m: DigMarsBoard, px: float, y: float, pw: float) -> None:
    _ = c.lang
    if m.entry_for is not None:
        c.text(
            choice_label(c, m.entry_for),
            (px, y, pw, 26),
            theme.BODY,
            theme.FOCUS,
            "center",
            bold=True,
        )
        y += 30
    names = {
        "dig": _("dig difficulty"),
        "transport": _("transport difficulty"),
        "points": _("points"),
        "bonus": _("bonus"),
    }
    each = pw / max(1, len(m.entry))
    for k, f in enumerate(m.entry):
        x = px + k * each
        c.box((x + 3, y, each - 6, 84), theme.PANEL_HI if f.focused else theme.PANEL, radius=8)
        if f.focused:
            c.outline((x + 3, y, each - 6, 84), theme.FOCUS, width=4, radius=8)
        c.text(
            names.get(f.key, f.key),
            (x + 6, y + 2, each - 12, 24),
            theme.SMALL,
            theme.MUTED,
            "center",
            min_size=10,
        )
        if f.key == "bonus":
            value = bonus_name(c, f.value) if f.value else _("none")
            size = theme.SMALL
        else:
            value, size = c.lang.num(f.value), theme.TITLE
        c.text(
            value,
            (x + 6, y + 28, each - 12, 52),
            size,
            theme.TEXT,
            "center",
            bold=True,
            wrap=True,
            min_size=10,
        )
    c.hit((px, y, pw, 84), inputs.NEXT)


def _private(c: Canvas, m: DigMarsBoard) -> None:
    """Only for the player who asked: their own points (DIG-6), may they declare (DIG-16)."""
    _ = c.lang
    p = m.private
    assert p is not None
    c.box((200, 120, 400, 200), theme.PANEL, radius=16)
    c.outline((200, 120, 400, 200), theme.FOCUS, width=4, radius=16)
    c.text(
        _("Only for {who}:", who=p.player),
        (210, 126, 380, 36),
        theme.BODY,
        theme.MUTED,
        "center",
        bold=True,
    )
    c.text(
        _("{n} points", n=p.points),
        (210, 166, 380, 70),
        theme.HUGE,
        theme.TEXT,
        "center",
        bold=True,
    )
    text = _("You may declare victory now") if p.can_declare else _("Not enough to declare yet")
    c.text(
        text,
        (210, 246, 380, 60),
        theme.BODY,
        theme.FOCUS if p.can_declare else theme.MUTED,
        "center",
        wrap=True,
    )


def render_board(c: Canvas, m: DigMarsBoard) -> None:
    _ = c.lang
    c.clear()
    c.box((0, 0, 800, 44), theme.PANEL)
    c.text(_("Dig Mars"), c.mirror((12, 2, 300, 40)), theme.TITLE, theme.TEXT, "start", bold=True)
    c.text(
        _("Victory at {n} points", n=m.victory_at),
        c.mirror((320, 2, 470, 40)),
        theme.BODY,
        theme.MUTED,
        "end",
    )
    _board(c, m)
    _panel(c, m)
    widgets.status_bars(c, m.banner, m.notice)
    widgets.form_footer(c, filling=bool(m.entry))
