"""Malacca screens: the round (reveal entry, outcome, payout ledger, coins) and the ranking."""

from __future__ import annotations

from .. import inputs, theme, widgets
from ..canvas import Canvas
from ..views.malacca import CARD_KIND, Cell, MalaccaFinal, MalaccaRound, Seat, Settlement

WAIT_COLOURS = {
    "wait-attack-defend": (theme.CARD["attack"], theme.CARD["defend"]),
    "wait-defend-trade": (theme.CARD["defend"], theme.CARD["trade"]),
}
ITEM_KINDS = ("attack", "defend", "trade")


def card_name(c: Canvas, card: str) -> str:
    _ = c.lang
    return {
        "attack": _("Attack"),
        "defend": _("Defend"),
        "trade": _("Trade"),
        "attack+2": _("Attack +2"),
        "defend+2": _("Defend +2"),
        "trade-x2": _("Trade ×2"),
        "wait-attack-defend": _("Wait: attack/defend"),
        "wait-defend-trade": _("Wait: defend/trade"),
    }.get(card, card)


def party(c: Canvas, who: str) -> str:
    _ = c.lang
    return {"supply": _("supply"), "ship": _("ship")}.get(who, who)


def reason(c: Canvas, rule: str) -> str:
    """Why a coin moved, by the rule that moved it."""
    _ = c.lang
    return {
        "MAL-9": _("traders lose bets"),
        "MAL-10": _("trade pays"),
        "MAL-11": _("deck swabbing"),
        "MAL-12": _("the attackers' share"),
        "MAL-13": _("attack failed"),
        "MAL-14": _("defenders lose bets"),
        "MAL-16": _("the defenders' share"),
        "MAL-17": _("useless defence: bet back"),
        "MAL-18": _("the ship's cargo"),
        "MAL-24": _("Henry Morgan"),
        "MAL-25": _("Pierre Le Picard"),
        "MAL-27": _("Black Caesar"),
        "MAL-28": _("Zheng He"),
        "MAL-31": _("Ingrid Hammar"),
        "MAL-32": _("item bought"),
        "MAL-33": _("item bonus"),
    }.get(rule, "")


def short_card_name(c: Canvas, card: str) -> str:
    """The name on a small chip: the colour says the kind, so a special shows only its
    strength and a wait card (two colours) only "Wait"."""
    if card in WAIT_COLOURS:
        return c.lang("Wait")
    if card in ("attack+2", "defend+2"):
        return c.lang.num(2, signed=True)
    if card == "trade-x2":
        return "×" + c.lang.num(2)
    return card_name(c, card)


def card_chip(c: Canvas, rect, card: str | None, focus: bool = False, label: bool = True) -> None:
    x, y, w, h = rect
    if card is None:
        c.outline(rect, theme.MUTED, width=2, radius=6)
        c.text("?", rect, theme.BODY, theme.MUTED, "center", bold=True)
    elif card in WAIT_COLOURS:
        a, b = WAIT_COLOURS[card]
        c.box((x, y, w / 2, h), a, radius=6)
        c.box((x + w / 2, y, w / 2, h), b, radius=6)
    else:
        c.box(rect, theme.CARD[CARD_KIND[card]], radius=6)
    if card is not None and label:
        c.text(
            card_name(c, card) if w > 100 else short_card_name(c, card),
            (x + 3, y + 1, w - 6, h - 2),
            theme.SMALL,
            theme.TEXT,
            "center",
            bold=True,
            min_size=10,
        )
    if focus:
        c.outline((x - 3, y - 3, w + 6, h + 6), theme.FOCUS, width=4, radius=8)


def _seats(c: Canvas, m: MalaccaRound) -> None:
    _ = c.lang
    n = len(m.seats)
    row_h = min(56.0, 384 / n)
    cells = {cell.player: cell for cell in (m.entry.cells if m.entry else m.revealed)}
    for i, s in enumerate(m.seats):
        y = 50 + i * row_h
        x0, w = c.mirror((10, 0, 390, 0))[0], 390
        focus = m.entry is not None and m.entry.player == s.name
        c.box((x0, y, w, row_h - 4), theme.PANEL_HI if focus else theme.PANEL, radius=8)
        _seat_row(c, x0, y, row_h - 4, s, cells.get(s.name), m, focus)
        c.hit((x0, y, w, row_h - 4), inputs.player(i))


def _seat_row(c: Canvas, x0, y, h, s: Seat, cell: Cell | None, m: MalaccaRound, focus: bool):
    """name (the parrot marks the captain, MAL-5), coins, specials, items, the revealed card
    and bet — in reading order (mirrored in Persian)."""

    def at(dx: float, dy: float, w: float, hh: float):
        return c.mirror_in((x0 + dx, y + dy, w, hh), x0, 390)

    def centre(dx: float, dy: float) -> tuple[float, float]:
        rx, ry, _w, _h = at(dx - 1, dy - 1, 2, 2)
        return rx + 1, ry + 1

    if s.captain:
        c.circle(*centre(16, h / 2), 10, (40, 170, 80))
        c.circle(*centre(19, h / 2 - 3), 3, theme.TEXT)
    c.text(s.name, at(30, 0, 110, h), theme.BODY, theme.TEXT, "start", bold=True)
    cx, cy = centre(162, h / 2)
    widgets.coin(c, cx, cy, min(18, h / 2 - 2), s.coins)
    if s.specials:
        c.box(at(186, h / 2 - 12, 18, 24), (120, 80, 160), radius=3)
        c.text(
            c.lang.num(s.specials),
            at(186, h / 2 - 12, 18, 24),
            theme.SMALL,
            theme.TEXT,
            "center",
            bold=True,
            min_size=9,
        )
    for k, kind in enumerate(ITEM_KINDS):
        if s.items[k]:
            box = at(208 + k * 20, h / 2 - 9, 16, 18)
            c.box(box, theme.CARD[kind], radius=3)
            c.text(
                c.lang.num(s.items[k]),
                box,
                theme.SMALL,
                theme.TEXT,
                "center",
                bold=True,
                min_size=9,
            )
    if cell is not None:
        card_focus = focus and m.entry is not None and m.entry.field == "card"
        bet_focus = focus and m.entry is not None and m.entry.field == "bet"
        card_chip(c, at(270, 4, 70, h - 8), cell.card, card_focus)
        if cell.decided:
            c.box(at(270, h - 14, 70, 10), theme.CARD[cell.decided], radius=3)
        bx, by = centre(366, h / 2)
        c.circle(bx, by, min(18, h / 2 - 2), theme.SILVER)
        c.text(
            c.lang.num(cell.bet or 0),
            (bx - 18, y, 36, h),
            theme.BODY,
            theme.DARK_TEXT,
            "center",
            bold=True,
        )
        if bet_focus:
            c.circle(bx, by, min(21, h / 2), theme.FOCUS, width=4)


def _top(c: Canvas, m: MalaccaRound) -> None:
    _ = c.lang
    c.box((0, 0, 800, 44), theme.PANEL)
    c.text(
        _("Round {n} of {total}", n=m.round, total=m.rounds),
        c.mirror((12, 2, 230, 40)),
        theme.BIG,
        theme.TEXT,
        "start",
        bold=True,
    )
    for k in range(m.rounds):  # the 12 ships: done, this one, to come
        x = c.mirror((250 + k * 22, 0, 18, 0))[0] + 9
        done = k + 1 < m.round
        colour = theme.MUTED if done else (theme.FOCUS if k + 1 == m.round else theme.PANEL_HI)
        c.circle(x, 22, 8, colour)
    ship = _("Ship: {n} silver", n=m.ship) if m.ship is not None else _("Next ship")
    c.text(ship, c.mirror((520, 2, 270, 40)), theme.BODY, theme.FOCUS, "end", bold=True)


def choice_label(c: Canvas, ch) -> str:
    _ = c.lang
    if ch.kind == "ship":
        return _("Enter the ship's cargo")
    if ch.kind == "reveal":
        return _("Enter the revealed cards and bets")
    if ch.kind == "buy":
        item = {
            "attack": _("better attack"),
            "defend": _("better defence"),
            "trade": _("better trade"),
        }[ch.value]
        return _("{who} buys {item} (5 silver)", who=ch.player, item=item)
    if ch.kind == "wait":
        return _("{who}'s wait card: {kind}", who=ch.player, kind=card_name(c, ch.value))
    return _("Settle the round")


def _ledger(c: Canvas, s: Settlement, rect) -> None:
    _ = c.lang
    x, y, w, h = rect
    captured = s.outcome == "captured"
    colour = theme.CARD["attack"] if captured else theme.CARD["defend"]
    c.box((x, y, w, 46), colour, radius=10)
    title = _("Ship captured!") if captured else _("Ship defended")
    c.text(
        title, c.mirror_in((x + 8, y, w * 0.6, 46), x, w), theme.BIG, theme.TEXT, "start", bold=True
    )
    c.text(
        _("attack {a} : defence {d}", a=s.attack, d=s.defence),
        c.mirror_in((x + w * 0.6, y, w * 0.4 - 8, 46), x, w),
        theme.SMALL,
        theme.TEXT,
        "end",
        bold=True,
    )
    ly = y + 52
    line_h = 28.0
    footer = (28 if (s.draws or s.owed) else 0) + (28 if s.deal_order else 0)
    room = int((h - 52 - footer) // line_h)
    lines = list(s.lines)
    shown = lines[:room] if len(lines) <= room else lines[: room - 1]
    for line in shown:
        why = reason(c, line.rule)
        # payer, an arrow the way the coins go (the way the table reads), payee
        a, b = (x + 2, x + w * 0.2) if not c.lang.rtl else (x + w * 0.85 - 2, x + w * 0.65)
        c.text(
            party(c, line.src),
            (a, ly, w * 0.15, line_h),
            theme.SMALL,
            theme.TEXT,
            "center",
            bold=True,
        )
        c.text(
            party(c, line.dst),
            (b, ly, w * 0.15, line_h),
            theme.SMALL,
            theme.TEXT,
            "center",
            bold=True,
        )
        ax, ay = (x + w * 0.175 if not c.lang.rtl else x + w * 0.825), ly + line_h / 2
        d = -1 if c.lang.rtl else 1
        c.line((ax - 9 * d, ay), (ax + 5 * d, ay), theme.FOCUS, 3)
        c.polygon([(ax + 9 * d, ay), (ax + 2 * d, ay - 6), (ax + 2 * d, ay + 6)], theme.FOCUS)
        c.text(
            c.lang.num(line.amount),
            c.mirror_in((x + w * 0.36, ly, 32, line_h), x, w),
            theme.BODY,
            theme.FOCUS,
            "center",
            bold=True,
        )
        c.text(
            f"{why} ({line.rule})" if why else line.rule,
            c.mirror_in((x + w * 0.36 + 34, ly, w * 0.64 - 36, line_h), x, w),
            theme.SMALL,
            theme.MUTED,
            "start",
            min_size=10,
            wrap=True,
        )
        ly += line_h
    if len(shown) < len(lines):
        c.text(
            _("… and {n} more", n=len(lines) - len(shown)),
            (x + 4, ly, w - 8, line_h),
            theme.SMALL,
            theme.MUTED,
            "start",
        )
        ly += line_h
    if s.deal_order:  # MAL-12/34: shared coins go one at a time, in this order
        order = ", ".join(s.deal_order)
        c.text(
            _("Dealt coin by coin: {names}", names=order),
            (x + 4, y + h - footer, w - 8, 28),
            theme.SMALL,
            theme.TEXT,
            "start",
            bold=True,
            wrap=True,
            min_size=10,
        )
    if s.draws or s.owed:
        text = ""
        if s.draws:
            text = _("Special card for: {names}", names=", ".join(s.draws))
        if s.owed:
            text += ("  " if text else "") + _("Owed, deck empty: {names}", names=", ".join(s.owed))
        c.text(
            text,
            (x + 4, y + h - 28, w - 8, 28),
            theme.SMALL,
            (200, 160, 255),
            "start",
            bold=True,
            wrap=True,
            min_size=10,
        )


def render_round(c: Canvas, m: MalaccaRound) -> None:
    _ = c.lang
    c.clear()
    _top(c, m)
    _seats(c, m)
    px, pw = c.mirror((408, 0, 382, 0))[0], 382
    if m.entry is not None:
        _entry(c, m, px, pw)
    else:
        y = 50
        captain = next((seat for seat in m.seats if seat.captain), None)
        if captain is not None and not m.pending:
            who = captain.name
            if captain.captain_card:
                who += f" ({captain.captain_card})"
            c.text(
                _("Captain: {name}", name=who),
                (px, y, pw, 30),
                theme.BODY,
                theme.TEXT,
                "center",
                bold=True,
            )
            y += 32
        if m.pending:
            c.text(
                _("{who} decides the wait card", who=m.pending),
                (px, y, pw, 30),
                theme.BODY,
                theme.FOCUS,
                "center",
                bold=True,
            )
            y += 32
        for i, ch in enumerate(m.choices[:4]):
            widgets.button(
                c,
                (px, y, pw, 40),
                choice_label(c, ch),
                inputs.option(i),
                focused=i == m.focus,
                size=theme.BODY,
            )
            y += 46
        if m.settlement:
            _ledger(c, m.settlement, (px, y + 4, pw, 436 - y - 8))
    widgets.status_bars(c, m.banner, m.notice)
    widgets.form_footer(c, filling=m.entry is not None)


def _entry(c: Canvas, m: MalaccaRound, px: float, pw: float) -> None:
    _ = c.lang
    e = m.entry
    assert e is not None
    if e.kind == "ship":
        c.text(_("The ship's cargo"), (px, 60, pw, 40), theme.BIG, theme.TEXT, "center", bold=True)
        widgets.button(c, (px, 120, 80, 80), "-", inputs.PREVIOUS, size=theme.HUGE)
        c.text(
            c.lang.num(e.value or 0),
            (px + 90, 110, pw - 180, 100),
            theme.HUGE,
            theme.FOCUS,
            "center",
            bold=True,
        )
        widgets.button(c, (px + pw - 80, 120, 80, 80), "+", inputs.NEXT, size=theme.HUGE)
        c.text(_("silver"), (px, 210, pw, 30), theme.BODY, theme.MUTED, "center")
        return
    if e.field == "card":
        prompt = _("{who}: which card?", who=e.player)
    else:
        prompt = _("{who}: how much was bet?", who=e.player)
    c.text(prompt, (px, 50, pw, 40), theme.BIG, theme.FOCUS, "center", bold=True)
    cell = next((x for x in e.cells if x.player == e.player), None)
    if e.field == "card" and cell is not None:
        cols = 2
        for k, card in enumerate(e.choices):
            cx = px + (k % cols) * (pw / cols)
            cy = 100 + (k // cols) * 52
            card_chip(c, (cx + 6, cy, pw / cols - 12, 44), card, focus=card == cell.card)
        c.hit((px, 100, pw, 52 * ((len(e.choices) + 1) // 2)), inputs.NEXT)
    elif cell is not None:
        widgets.button(c, (px, 110, 90, 90), "-", inputs.PREVIOUS, size=theme.HUGE)
        widgets.coin(c, px + pw / 2, 155, 46, cell.bet or 0)
        widgets.button(c, (px + pw - 90, 110, 90, 90), "+", inputs.NEXT, size=theme.HUGE)
        c.text(_("silver"), (px, 206, pw, 30), theme.BODY, theme.MUTED, "center")
    c.text(
        _("Select: next field · Confirm: enter all"),
        (px, 380, pw, 30),
        theme.SMALL,
        theme.MUTED,
        "center",
    )


def render_final(c: Canvas, m: MalaccaFinal) -> None:
    _ = c.lang
    c.clear()
    c.box((0, 0, 800, 50), theme.PANEL)
    names = ", ".join(m.winners)
    title = (
        _("{name} wins!", name=names)
        if len(m.winners) == 1
        else _("Shared win: {names}", names=names)
    )
    c.text(title, (12, 2, 776, 46), theme.TITLE, theme.FOCUS, "center", bold=True)
    n = len(m.ranking)
    best = max((coins for _, _, coins in m.ranking), default=1) or 1
    row_h = min(40.0, 170 / n)
    for i, (place, name, coins) in enumerate(m.ranking):
        y = 58 + i * row_h
        c.text(
            c.lang.num(place) + ".",
            c.mirror((10, y, 40, row_h)),
            theme.BODY,
            theme.MUTED,
            "end",
            bold=True,
        )
        c.text(name, c.mirror((56, y, 140, row_h)), theme.BODY, theme.TEXT, "start", bold=True)
        bar = (coins / best) * 500
        bx = c.mirror((204, y + 4, bar, row_h - 8))
        c.box(bx, theme.FOCUS if name in m.winners else theme.SILVER, radius=5)
        c.text(
            c.lang.num(coins),
            c.mirror((204 + bar + 6, y, 80, row_h)),
            theme.BODY,
            theme.TEXT,
            "start",
            bold=True,
        )
    colours = [theme.seat_colour(i, m.colours) for i in range(len(m.history))]
    widgets.chart(
        c,
        (10, 236, 780, 200),
        [(p, v, colours[i]) for i, (p, v) in enumerate(m.history)],
        _("Coins over the game"),
    )
    widgets.status_bars(c, m.banner, m.notice)
    widgets.footer(c, [(_("New game"), inputs.CONFIRM)])
