"""Dig Mars view models from the engine's public view, its `ability` answers and the form
being entered. Points are read only through `private_view`, and only for the player who asks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.digmars import ENGINE

from ..views import digmars as D
from ..views.common import Notice
from . import seat_colours

EQUIPMENT = ("dig", "transport", "fleet")


def _notice(notice: Any) -> Notice | None:
    return None if notice is None else Notice(notice.rule, notice.message)


def _cell(c: Mapping[str, Any]) -> D.Cell:
    top = c["top"]
    if top is None:
        return D.Cell(c["height"], None)
    if not top["explored"]:
        return D.Cell(c["height"], False, dig=top["dig"])
    return D.Cell(
        c["height"], True, transport=top["transport"], points=top["points"], bonus=top["bonus"]
    )


def _choice(form: Any) -> D.Choice:
    rec = form.action()
    place = rec.get("at")
    frm, to = rec.get("from"), rec.get("to")
    return D.Choice(
        rec["type"],
        rec.get("player"),
        tuple(place) if place else None,
        tuple(frm) if frm else None,
        tuple(to) if to else None,
        rec.get("owner"),
        rec.get("equipment"),
    )


def view(
    game: Any,
    forms: Sequence[Any] = (),
    focus: int = 0,
    editing: Any = None,
    field: int = 0,
    notice: Any = None,
    banner: str | None = None,
    cursor: tuple[int, int] | None = None,
    asking: str | None = None,
    colours: Mapping[str, str] | None = None,
) -> D.DigMarsBoard:
    """The board now. `cursor`: the stack asked about (default: the focused option's place);
    `asking`: the player who asked to see their own points (DIG-6), else nobody's show."""
    state = game.state
    v = ENGINE.public_view(state)
    names = v["players"]
    players = tuple(
        D.Player(p, c, tuple(v["levels"][p][k] for k in EQUIPMENT))
        for p, c in zip(names, seat_colours(names, colours), strict=True)
    )
    stations = tuple((i, (r, c)) for i, p in enumerate(names) for r, c in v["stations"][p])
    choices = tuple(_choice(f) for f in forms)
    focus = min(focus, max(0, len(choices) - 1))
    if cursor is None and choices:
        ch = editing and _choice(editing) or choices[focus]
        cursor = ch.at or ch.frm
    answers: list[D.Answer] = []
    if cursor is not None and v["phase"] == "play":
        for p in names:
            for kind in ("dig", "transport"):
                a = ENGINE.ability(state, p, cursor, kind)
                answers.append(
                    D.Answer(p, kind, a.possible, a.level, a.difficulty, tuple(a.helpers), a.rule)
                )
    entry: tuple[D.Field, ...] = ()
    if editing is not None:
        entry = tuple(D.Field(f.key, f.value, k == field) for k, f in enumerate(editing.fields))
    private = None
    if asking is not None:
        pv = ENGINE.private_view(state, asking)
        private = D.Private(asking, pv["points"], pv["can_declare"])
    to_act = v["to_act"]
    return D.DigMarsBoard(
        board=tuple(tuple(_cell(c) for c in row) for row in v["board"]),
        players=players,
        stations=stations,
        phase=v["phase"],
        to_act=names.index(to_act) if to_act is not None else None,
        actions_used=v["actions_used"],
        bonuses=tuple(b for b, n in sorted(v["bonuses"].items()) for _ in range(n)),
        pending_place=v["pending_place"],
        cursor=cursor,
        answers=tuple(answers),
        choices=choices,
        focus=focus,
        entry=entry,
        entry_for=_choice(editing) if editing is not None else None,
        private=private,
        winners=tuple(v["winners"]),
        declared=v["declared"],
        victory_at=v["victory_at"],
        notice=_notice(notice),
        banner=banner,
    )
