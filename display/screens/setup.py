"""Setup (game, players, language, house rules) and the first-time wizards, with pictures."""

from __future__ import annotations

import pygame

from .. import inputs, theme, widgets
from ..canvas import Canvas
from ..i18n import LANG_NAMES, LANGS
from ..views.setup import PLAYER_FIELDS, SETUP_STEPS, Setup, Wizard

GAMES = ("pow", "malacca", "digmars")


def step_name(c: Canvas, step: str) -> str:
    _ = c.lang
    return {
        "game": _("Game"),
        "players": _("Players"),
        "language": _("Language"),
        "rules": _("House rules"),
        "start": _("Start"),
    }[step]


def game_name(c: Canvas, game: str | None) -> str:
    return {"pow": "POW", "malacca": "Malacca", "digmars": c.lang("Dig Mars")}.get(game or "", "")


def rule_text(c: Canvas, key: str) -> str:
    _ = c.lang
    return {
        "row_positions": _("Taken tiles leave a gap in the row (POW-13)"),
        "beyond_row": _("Dice point past the last tile (POW-13)"),
        "steal_without_target": _("A steal with nothing to steal (POW-13)"),
        "attack_penalty": _("Failed attack penalty counted (MAL-13)"),
        "defence_remainder": _("Defenders' odd coins (MAL-16)"),
        "wait_order": _("Wait cards decide (MAL-23)"),
    }.get(key, key)


def value_text(c: Canvas, value: str) -> str:
    _ = c.lang
    return {
        "remaining": _("no gap"),
        "as_laid_out": _("gap stays"),
        "unavailable": _("no option"),
        "last_tile": _("last tile"),
        "first_in_row": _("first in row"),
        "after_bet": _("after the bet"),
        "before_bet": _("before the bet"),
        "deal": _("dealt from the captain"),
        "supply": _("to the supply"),
        "clockwise": _("clockwise"),
        "any": _("any order"),
    }.get(value, value)


def colour_name(c: Canvas, key: str) -> str:
    _ = c.lang
    return {
        "red": _("red"),
        "blue": _("blue"),
        "green": _("green"),
        "yellow": _("yellow"),
        "purple": _("purple"),
        "white": _("white"),
        "orange": _("orange"),
        "black": _("black"),
    }.get(key, key)


def wizard_title(c: Canvas, kind: str) -> str:
    _ = c.lang
    return {
        "dice": _("Teach the dice"),
        "rows": _("Lay out the POW rows"),
        "buttons": _("Map the buttons"),
    }[kind]


def starts_text(c: Canvas, game: str | None) -> str:
    # Malacca's starter is the first captain, who bets first (MAL-7).
    return c.lang("captain") if game == "malacca" else c.lang("starts")


def _steps(c: Canvas, m: Setup) -> None:
    for k, step in enumerate(SETUP_STEPS):
        r = c.mirror((10, 54 + k * 54, 170, 46))
        current = step == m.step or (m.step == "table" and step == "game")
        c.box(r, theme.FOCUS if current else theme.PANEL, radius=8)
        c.text(
            f"{c.lang.num(k + 1)}. {step_name(c, step)}",
            (r[0] + 8, r[1], r[2] - 16, r[3]),
            theme.BODY,
            theme.DARK_TEXT if current else theme.MUTED,
            "start",
            bold=current,
        )


def _card(c: Canvas, r, title: str, line: str, inp: str, focused: bool, colour, line_colour):
    """A two-line option: a title and a line under it, the whole card one touch target."""
    x, y, w, h = r
    widgets.button(c, r, "", inp, focused=focused, colour=colour)
    c.text(title, (x + 16, y + 4, w - 32, h * 0.5), theme.BIG, theme.TEXT, "start", bold=True)
    c.text(line, (x + 16, y + h * 0.52, w - 32, h * 0.44), theme.BODY, line_colour, "start")


def _game_step(c: Canvas, m: Setup, x0: float, w: float) -> None:
    _ = c.lang
    for k, g in enumerate(GAMES):
        blurb = {
            "pow": _("dice and hero tiles, 2–5 players"),
            "malacca": _("pirate bets with cards and coins, 2–8 players"),
            "digmars": _("a 4×4 board of tile stacks, 2–4 players"),
        }[g]
        colour = theme.PANEL_HI if g != m.game else (60, 90, 60)
        r = (x0, 54 + k * 92, w, 84)
        _card(c, r, game_name(c, g), blurb, inputs.option(k), k == m.focus, colour, theme.MUTED)
    n = len(GAMES)
    _card(
        c,
        (x0, 54 + n * 92, w, 84),
        _("Table setup"),
        _("map the buttons, teach the dice, lay out the POW rows"),
        inputs.option(n),
        m.focus == n,
        theme.PANEL,
        theme.MUTED,
    )


def _table_step(c: Canvas, m: Setup, x0: float, w: float) -> None:
    _ = c.lang
    for k, item in enumerate(m.table):
        if m.saved == item.kind:
            line, colour = _("Saved to the config file"), theme.OK
        elif item.detail:
            line, colour = _("Done: {what}", what=item.detail), theme.OK
        else:
            line, colour = _("Not done yet"), theme.FOCUS
        r = (x0, 54 + k * 92, w, 84)
        _card(
            c,
            r,
            wizard_title(c, item.kind),
            line,
            inputs.option(k),
            k == m.focus,
            theme.PANEL_HI,
            colour,
        )
    n = len(m.table)
    widgets.button(c, (x0, 54 + n * 92, w, 60), _("Back"), inputs.option(n), focused=m.focus == n)


def _players_step(c: Canvas, m: Setup, x0: float, w: float) -> None:
    _ = c.lang
    n = len(m.players)
    bottom = 372 if m.editing is not None else 396
    h = min(46.0, (bottom - 54) / (n + 1))
    for k, p in enumerate(m.players):
        r = (x0, 54 + k * h, w, h - 4)
        focused = k == m.focus if m.editing is None else k == m.editing
        c.box(r, theme.PANEL_HI if focused else theme.PANEL, radius=8)
        if focused:
            c.outline(r, theme.FOCUS, width=3, radius=8)
        c.text(
            c.lang.num(k + 1),
            c.mirror_in((x0 + 4, r[1], 30, r[3]), x0, w),
            theme.BODY,
            theme.MUTED,
            "center",
        )
        cx = c.mirror_in((x0 + 40, r[1] + r[3] / 2 - 14, 28, 28), x0, w)
        c.circle(cx[0] + 14, cx[1] + 14, min(13, r[3] / 2 - 2), theme.colour_of(p.colour))
        c.text(
            p.name,
            c.mirror_in((x0 + 80, r[1], w - 250, r[3]), x0, w),
            theme.BODY,
            theme.TEXT,
            "start",
            bold=True,
        )
        if p.starts:
            badge = c.mirror_in((x0 + w - 160, r[1] + 3, 150, r[3] - 6), x0, w)
            c.box(badge, theme.FOCUS, radius=6)
            c.text(starts_text(c, m.game), badge, theme.SMALL, theme.DARK_TEXT, "center", bold=True)
        c.hit(r, inputs.option(k))
    if m.editing is None:
        widgets.button(
            c, (x0, 54 + n * h, w, h - 4), _("Add a player"), inputs.option(n), focused=m.focus == n
        )
        c.text(
            _("Select: name, colour, seat, who starts · Confirm: done"),
            (x0, 400, w, 34),
            theme.SMALL,
            theme.MUTED,
            "center",
            wrap=True,
        )
        return
    p = m.players[m.editing]
    values = (
        p.name,
        colour_name(c, p.colour),
        c.lang.num(m.editing + 1),
        _("yes") if p.starts else _("no"),
    )
    starts = _("Captain") if m.game == "malacca" else _("Starts")
    labels = (_("Name"), _("Colour"), _("Seat"), starts)
    each = w / len(PLAYER_FIELDS)
    for i in range(len(PLAYER_FIELDS)):
        r = c.mirror_in((x0 + i * each, 376, each - 6, 58), x0, w)
        current = i == m.field
        c.box(r, theme.PANEL_HI, radius=8)
        if current:
            c.outline(r, theme.FOCUS, width=3, radius=8)
        c.text(labels[i], (r[0] + 4, r[1] + 2, r[2] - 8, 22), theme.SMALL, theme.MUTED, "center")
        c.text(
            values[i],
            (r[0] + 4, r[1] + 24, r[2] - 8, 32),
            theme.BODY,
            theme.FOCUS if current else theme.TEXT,
            "center",
            bold=True,
        )
        c.hit(r, inputs.option(i))


def _start_players(c: Canvas, m: Setup, x0: float, w: float) -> None:
    """The players in seating order as chips of their colour, and who starts."""
    each = w / 4
    for k, p in enumerate(m.players):
        r = c.mirror_in((x0 + (k % 4) * each, 118 + (k // 4) * 44, each - 6, 40), x0, w)
        c.box(r, theme.PANEL, radius=8)
        if p.starts:
            c.outline(r, theme.FOCUS, width=3, radius=8)
        dot = c.mirror_in((r[0] + 6, r[1] + 8, 24, 24), r[0], r[2])
        c.circle(dot[0] + 12, dot[1] + 12, 10, theme.colour_of(p.colour))
        name = c.mirror_in((r[0] + 36, r[1], r[2] - 42, 40), r[0], r[2])
        c.text(p.name, name, theme.BODY, theme.TEXT, "start", bold=True)
    first = next((p.name for p in m.players if p.starts), None)
    if first is not None:
        line = (
            c.lang("{name} is the first captain", name=first)
            if m.game == "malacca"
            else c.lang("{name} starts", name=first)
        )
        c.text(line, (x0, 196, w, 30), theme.BODY, theme.FOCUS, "center", bold=True)


def render_setup(c: Canvas, m: Setup) -> None:
    _ = c.lang
    c.clear()
    c.box((0, 0, 800, 44), theme.PANEL)
    title = _("Table setup") if m.step == "table" else _("New game")
    c.text(title, c.mirror((12, 2, 400, 40)), theme.TITLE, theme.TEXT, "start", bold=True)
    _steps(c, m)
    x0, w = c.mirror((196, 0, 594, 0))[0], 594
    if m.step == "game":
        _game_step(c, m, x0, w)
    elif m.step == "table":
        _table_step(c, m, x0, w)
    elif m.step == "players":
        _players_step(c, m, x0, w)
    elif m.step == "language":
        for k, code in enumerate(LANGS):
            widgets.button(
                c,
                (x0, 56 + k * 78, w, 68),
                LANG_NAMES[code],
                inputs.option(k),
                focused=k == m.focus,
                colour=(60, 90, 60) if code == m.lang else theme.PANEL_HI,
                size=theme.TITLE,
            )
    elif m.step == "rules":
        if not m.rules:
            c.text(
                _("This game has no house rules."),
                (x0, 60, w, 50),
                theme.BODY,
                theme.MUTED,
                "center",
            )
        for k, row in enumerate(m.rules):
            r = (x0, 56 + k * 84, w, 76)
            c.box(r, theme.PANEL_HI if k == m.focus else theme.PANEL, radius=8)
            if k == m.focus:
                c.outline(r, theme.FOCUS, width=3, radius=8)
            c.text(
                rule_text(c, row.key),
                (x0 + 10, r[1] + 2, w - 20, 34),
                theme.BODY,
                theme.TEXT,
                "start",
                bold=True,
            )
            default = row.value == row.allowed[0]
            label = value_text(c, row.value) + ("" if not default else c.lang.sep + _("default"))
            c.text(
                label,
                (x0 + 10, r[1] + 38, w - 20, 34),
                theme.BODY,
                theme.MUTED if default else theme.FOCUS,
                "start",
            )
            c.hit(r, inputs.option(k))
    else:
        c.text(game_name(c, m.game), (x0, 56, w, 60), theme.HUGE, theme.TEXT, "center", bold=True)
        _start_players(c, m, x0, w)
        changed = [r for r in m.rules if r.value != r.allowed[0]]
        if changed:
            c.text(
                "; ".join(f"{rule_text(c, r.key)}: {value_text(c, r.value)}" for r in changed),
                (x0, 226, w, 70),
                theme.SMALL,
                theme.FOCUS,
                "center",
                wrap=True,
            )
        widgets.button(
            c,
            (x0 + w / 4, 300, w / 2, 80),
            _("Start"),
            inputs.CONFIRM,
            focused=True,
            colour=(40, 140, 70),
            size=theme.TITLE,
        )
    widgets.status_bars(c, m.banner, m.notice)
    widgets.footer(
        c,
        [
            (_("Previous"), inputs.PREVIOUS),
            (_("Next"), inputs.NEXT),
            (_("Select"), inputs.SELECT),
            (_("Confirm"), inputs.CONFIRM),
        ],
    )


def _camera(c: Canvas, m: Wizard, rect) -> None:
    """The live camera view with what it sees drawn over it (a ring per die, its face)."""
    x, y, w, h = rect
    c.box(rect, (0, 0, 0), radius=6)
    if m.camera is not None and m.camera_size[0] > 0:
        img = pygame.image.frombuffer(m.camera, m.camera_size, "RGB")
        r = c.px(rect)
        c.surface.blit(pygame.transform.smoothscale(img, r.size), r.topleft)
    else:
        c.text(c.lang("No camera picture"), rect, theme.BODY, theme.MUTED, "center")
    for d in m.seen:
        cx, cy = x + d.x * w, y + d.y * h
        ok = d.confidence >= 0.9  # found for sure (the teach step finds dice, reads no face)
        c.circle(cx, cy, 22, theme.OK if ok else theme.ERROR_BG, width=4)
        if d.face:
            widgets.die(c, (cx + 16, cy - 40, 26, 26), d.face)
        c.text(
            c.lang.pct(round(d.confidence * 100)),
            (cx - 30, cy + 22, 60, 20),
            theme.SMALL,
            theme.TEXT,
            "center",
            bold=True,
        )


def face_name(c: Canvas, face: str | None) -> str:
    _ = c.lang
    return {
        "shield": _("blue shield"),
        "skull": _("orange skull"),
        "bubble-blue": _("blue bubble"),
        "bubble-orange": _("orange bubble"),
    }.get(face or "", "")


def render_wizard(c: Canvas, m: Wizard) -> None:
    _ = c.lang
    c.clear()
    c.box((0, 0, 800, 44), theme.PANEL)
    title = wizard_title(c, m.kind)
    c.text(title, c.mirror((12, 2, 560, 40)), theme.TITLE, theme.TEXT, "start", bold=True)
    c.text(
        _("Step {i} of {n}", i=m.step + 1, n=m.steps),
        c.mirror((580, 2, 210, 40)),
        theme.BODY,
        theme.FOCUS,
        "end",
        bold=True,
    )
    for k in range(m.steps):  # progress dots
        c.circle(
            400 + (m.steps - 1 - 2 * k) * 12 * (1 if c.lang.rtl else -1),
            56,
            7,
            theme.FOCUS if k == m.step else (theme.MUTED if k < m.step else theme.PANEL_HI),
        )
    if m.kind == "dice":
        # the picture: five dice, all showing the face to teach
        for k in range(5):
            widgets.die(c, c.mirror((20 + k * 70, 80, 60, 60)), m.face)
        c.text(
            _("Put all 5 dice with the {face} up, then press Confirm.", face=face_name(c, m.face)),
            c.mirror((10, 150, 370, 120)),
            theme.BIG,
            theme.TEXT,
            "start",
            wrap=True,
            bold=True,
        )
        done = ", ".join(face_name(c, f) for f in m.captured)
        if done:
            c.text(
                _("Learned: {faces}", faces=done),
                c.mirror((10, 280, 370, 60)),
                theme.SMALL,
                theme.OK,
                "start",
                wrap=True,
            )
        _camera(c, m, c.mirror((392, 72, 398, 300)))
        ok = sum(1 for d in m.seen if d.confidence >= 0.9)
        c.text(
            _("I see {n} of 5 dice", n=ok),
            c.mirror((392, 376, 398, 30)),
            theme.BODY,
            theme.OK if ok == 5 else theme.FOCUS,
            "center",
            bold=True,
        )
    elif m.kind == "rows":
        c.text(
            _("Lay the 12 heroes and 12 villains in two rows, then check each value."),
            (10, 70, 780, 60),
            theme.BODY,
            theme.TEXT,
            "center",
            wrap=True,
        )
        for ri, (row, values) in enumerate((("heroes", m.heroes), ("villains", m.villains))):
            colour = theme.HERO if row == "heroes" else theme.VILLAIN
            for k, v in enumerate(values):
                focus = m.row_focus == (row, k)
                widgets.tile(c, (20 + k * 64, 140 + ri * 84, 56, 64), v, colour, focus=focus)
                if v is None:
                    c.text(
                        "?",
                        (20 + k * 64, 140 + ri * 84, 56, 64),
                        theme.BIG,
                        theme.TEXT,
                        "center",
                        bold=True,
                    )
        c.text(
            _("Next/Previous: change the value · Select: next tile · Confirm: the rows are right"),
            (10, 320, 780, 50),
            theme.BODY,
            theme.MUTED,
            "center",
            wrap=True,
        )
    else:
        target = {
            inputs.NEXT: _("Next"),
            inputs.PREVIOUS: _("Previous"),
            inputs.SELECT: _("Select"),
            inputs.CONFIRM: _("Confirm"),
            inputs.UNDO: _("Undo"),
        }.get(m.target or "", m.target or "")
        c.text(
            _("Press the button you want as {name}", name=target.upper()),
            (10, 80, 780, 110),
            theme.TITLE,
            theme.TEXT,
            "center",
            wrap=True,
            bold=True,
        )
        for k, (inp, where) in enumerate(m.mapped):
            label = {
                inputs.NEXT: _("Next"),
                inputs.PREVIOUS: _("Previous"),
                inputs.SELECT: _("Select"),
                inputs.CONFIRM: _("Confirm"),
                inputs.UNDO: _("Undo"),
            }.get(inp, inp)
            r = c.mirror((100 + (k % 2) * 310, 210 + (k // 2) * 50, 290, 42))
            c.box(r, theme.PANEL, radius=8)
            c.text(
                f"{label}: {where}",
                (r[0] + 10, r[1], r[2] - 20, r[3]),
                theme.BODY,
                theme.OK,
                "center",
                bold=True,
            )
    if m.kind == "buttons":
        c.text(
            _("Undo takes back the last button; with none chosen yet it leaves."),
            (10, 380, 780, 50),
            theme.BODY,
            theme.MUTED,
            "center",
            wrap=True,
        )
    widgets.status_bars(c, m.banner, m.notice)
    if m.kind == "buttons":
        # Undo takes back the last button; with none chosen yet it leaves the wizard.
        widgets.footer(c, [])
    else:
        widgets.footer(
            c,
            [
                (_("Previous"), inputs.PREVIOUS),
                (_("Next"), inputs.NEXT),
                (_("Confirm"), inputs.CONFIRM),
            ],
        )
