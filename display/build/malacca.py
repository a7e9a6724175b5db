"""Malacca view models from the engine's public view plus the form being entered."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games import Game
from companion.games.malacca import ENGINE

from ..views import malacca as M
from ..views.common import Notice
from . import seat_colours


def _notice(notice: Any) -> Notice | None:
    return None if notice is None else Notice(notice.rule, notice.message)


def _settlement(s: dict[str, Any], round_: int, ship: int | None, preview: bool) -> M.Settlement:
    return M.Settlement(
        round=round_,
        ship=ship,
        outcome=s["outcome"],
        attack=s["attack"],
        defence=s["defence"],
        lines=tuple(M.Line(x["from"], x["to"], x["amount"], x["rule"]) for x in s["ledger"]),
        draws=tuple(s["draws"]),
        owed=tuple(s["owed"]),
        deal_order=tuple(s["deal_order"]),
        preview=preview,
    )


def _choice(form: Any) -> M.Choice:
    """A controller form as a choice: by the action it makes, not by its (English) label."""
    if form.fields:
        kind = "reveal" if any(f.key.endswith(".card") for f in form.fields) else "ship"
        return M.Choice(kind)
    rec = form.action()
    kind = rec["type"]
    if kind == "buy_item":
        return M.Choice("buy", rec["player"], rec["item"])
    if kind == "wait":
        return M.Choice("wait", rec["player"], rec["as"])
    return M.Choice(kind)


def _entry(form: Any, field: int) -> M.Entry:
    fields = list(form.fields)
    current = fields[min(field, len(fields) - 1)]
    if not any(f.key.endswith(".card") for f in fields):
        return M.Entry("ship", value=current.value, field="value")
    cells: dict[str, dict[str, Any]] = {}
    for f in fields:
        player, _, what = f.key.rpartition(".")
        cells.setdefault(player, {})[what] = f.value
    player, _, what = current.key.rpartition(".")
    return M.Entry(
        "reveal",
        cells=tuple(M.Cell(p, v.get("card"), v.get("bet")) for p, v in cells.items()),
        player=player,
        field=what,
        choices=tuple(current.choices) if what == "card" else (),
    )


def history(game: Game) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Each player's coins at the start and after every settled round."""
    players = list(game.header["players"])
    first = ENGINE.summary(game.initial).scores
    out = {p: [first[p]] for p in players}
    for record, state in game.in_force:
        if record.get("type") == "settle":
            scores = ENGINE.summary(state).scores
            for p in players:
                out[p].append(scores[p])
    return tuple((p, tuple(v)) for p, v in out.items())


def view(
    game: Game,
    forms: Sequence[Any] = (),
    focus: int = 0,
    editing: Any = None,
    field: int = 0,
    notice: Any = None,
    banner: str | None = None,
    colours: Mapping[str, str] | None = None,
) -> M.MalaccaRound | M.MalaccaFinal:
    """The Malacca screen now. `forms`, `focus`, `editing`, `field`: the controller's state."""
    v = ENGINE.public_view(game.state)
    players = v["players"]
    if v["over"]:
        coins = v["coins"]
        ranked = sorted(players, key=lambda p: -coins[p])
        ranking, place = [], 0
        for i, p in enumerate(ranked):
            if i == 0 or coins[p] != coins[ranked[i - 1]]:
                place = i + 1
            ranking.append((place, p, coins[p]))
        winners = tuple(p for pl, p, _ in ranking if pl == 1)  # MAL-20: ties all win
        hist = history(game)
        return M.MalaccaFinal(
            tuple(ranking),
            winners,
            hist,
            _notice(notice),
            banner,
            seat_colours([p for p, _ in hist], colours),
        )
    captains = v.get("captain_cards") or {}
    seats = tuple(
        M.Seat(
            p,
            v["coins"][p],
            v["specials"][p],
            (v["items"][p]["attack"], v["items"][p]["defend"], v["items"][p]["trade"]),
            p == v["captain"],
            captains.get(p),
        )
        for p in players
    )
    revealed = ()
    if v["cards"]:
        revealed = tuple(M.Cell(p, c["card"], c["bet"], c["as"]) for p, c in v["cards"].items())
    settlement = None
    if v["preview"]:
        settlement = _settlement(v["preview"], v["round"], v["ship"], True)
    elif v["last"] and v["phase"] == "ship":
        last = v["last"]
        settlement = _settlement(last, last["round"], last["ship"], False)
    return M.MalaccaRound(
        round=v["round"],
        rounds=v["rounds"],
        phase=v["phase"],
        ship=v["ship"],
        seats=seats,
        choices=tuple(_choice(f) for f in forms),
        focus=min(focus, max(0, len(forms) - 1)),
        entry=_entry(editing, field) if editing is not None else None,
        revealed=revealed,
        pending=v["pending"],
        settlement=settlement,
        notice=_notice(notice),
        banner=banner,
    )
