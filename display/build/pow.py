"""POW view models from the engine's public view (POW-14: covered tiles never reach them)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games import Game
from companion.games.pow import ENGINE, forced_tile
from companion.games.pow.odds import chances_for
from companion.games.pow.rules import row_position

from ..views import pow as P
from ..views.common import Notice
from . import seat_colours

DICE = 5
TURN_ENDS = ("take", "steal", "forced_take")


def _notice(notice: Any) -> Notice | None:
    return None if notice is None else Notice(notice.rule, notice.message)


def _dice_why(why: Any) -> P.DiceWhy | None:
    """The eye's why (vision's `Why`, read by its fields so display never imports vision)."""
    if why is None:
        return None
    return P.DiceWhy(str(why.reason), int(why.seen), why.expected)


def _option(view: dict[str, Any], rec: dict[str, Any], forced: tuple[str, int] | None) -> P.Option:
    kind = rec["type"]
    items = tuple(sorted(rec.items()))
    if kind == "take":
        row, pos = rec["row"], rec["position"]
        return P.Option(
            "hero" if row == "heroes" else "villain",
            row,
            pos,
            view["rows"][row][pos - 1],
            action=items,
        )
    if kind == "steal":
        stack, pos = rec["stack"], rec["position"]
        top = view["stacks"][rec["from"]][stack]["top"] if pos == 1 else None  # POW-14
        return P.Option("steal", stack, pos, top, victim=rec["from"], action=items)
    row, pos = forced if forced else ("villains", 1)
    return P.Option("forced", row, pos, view["rows"][row][pos - 1], action=items)


def _odds(state: Any, view: dict[str, Any]) -> tuple[P.Odds, ...]:
    """The chance of reaching the NEXT option of each kind (one more shield, one more skull,
    a steal), when re-rolls are left."""
    if view["last_roll"] is None or not view["rolls_left"]:
        return ()
    result = Counter(view["result"] or {})
    want = {
        ("shield", result["shield"] + 1): "hero",
        ("skull", result["skull"] + 1): "villain",
    }
    for face, kind in (("bubble-blue", "steal-hero"), ("bubble-orange", "steal-villain")):
        want[(face, 3 if result[face] < 3 else 4)] = kind
    # Only targets that would give an option: a tile there (POW-8/9 with the POW-13 house
    # rules, answered by the engine), an opponent with a tile of that colour (POW-10/11).
    me = view["to_play"]

    def reachable(kind: str, count: int) -> bool:
        if kind in ("hero", "villain"):
            return (
                row_position(state, "heroes" if kind == "hero" else "villains", count) is not None
            )
        stack = "heroes" if kind == "steal-hero" else "villains"
        return any(view["stacks"][p][stack]["height"] for p in view["players"] if p != me)

    out = []
    for ch in chances_for(state):
        kind = want.get((ch.target.face, ch.target.count))
        if kind and 0 < ch.probability < 1 and reachable(kind, ch.target.count):
            out.append(P.Odds(kind, ch.target.count, float(ch.probability)))
    out.sort(key=lambda o: -o.chance)
    return tuple(out[:3])


def turn(
    state: Any,
    focus: int = 0,
    notice: Any = None,
    manual: Sequence[tuple[str, bool]] | None = None,
    manual_focus: int = 0,
    banner: str | None = None,
    dice_why: Any = None,
) -> P.PowTurn:
    view = ENGINE.public_view(state)
    players = view["players"]
    seats = tuple(
        P.Seat(
            name,
            P.StackTop(**view["stacks"][name]["heroes"]),
            P.StackTop(**view["stacks"][name]["villains"]),
        )
        for name in players
    )
    last = view["last_roll"]
    aside = list(view["set_aside"])
    kept_n = DICE - len(last) if last is not None else 0
    pending = Counter(aside[kept_n:])
    rolled_list: list[str] = []
    for face in last or ():  # the last roll less the dice set aside since, in the order read
        if pending[face] > 0:
            pending[face] -= 1
        else:
            rolled_list.append(face)
    rolled = tuple(rolled_list)
    recs = view["options"]
    forced = forced_tile(state) if any(r["type"] == "forced_take" for r in recs) else None
    options = tuple(_option(view, r, forced) for r in recs)
    event = None
    ev = view["last_event"]
    if ev is not None and last is None:  # shown until the next player rolls
        kind = {"steal": "steal", "forced_take": "forced"}.get(ev["action"]["type"], "take")
        event = P.Event(kind, ev["player"], ev["row"], ev["value"], victim=ev["from"])
    return P.PowTurn(
        seats=seats,
        current=players.index(view["to_play"]),
        heroes=tuple(view["rows"]["heroes"]),
        villains=tuple(view["rows"]["villains"]),
        kept=tuple(aside),
        rolled=rolled,
        rolls_left=view["rolls_left"],
        options=options,
        focus=min(focus, max(0, len(options) - 1)),
        odds=_odds(state, view),
        event=event,
        notice=_notice(notice),
        manual=tuple(manual) if manual is not None else None,
        manual_focus=manual_focus,
        banner=banner,
        dice_why=_dice_why(dice_why),
    )


def tally(
    game: Game,
    notice: Any = None,
    banner: str | None = None,
    colours: Mapping[str, str] | None = None,
) -> P.PowTally:
    """The end: every tile (the game is over, POW-15), removed heroes (POW-16), the scores
    after every turn for the chart."""
    view = ENGINE.public_view(game.state)
    players = view["players"]
    history: dict[str, list[int]] = {p: [0] for p in players}
    for record, state in game.in_force:
        if record.get("type") in TURN_ENDS:
            scores = ENGINE.summary(state).scores
            for p in players:
                history[p].append(scores[p])
    seats = []
    for p in players:
        heroes, removed = view["stacks"][p]["heroes"], view["removed"][p]
        kept = heroes[: len(heroes) - len(removed)] if removed else heroes
        seats.append(
            P.TallySeat(
                p,
                tuple(kept),
                tuple(removed),
                tuple(view["stacks"][p]["villains"]),
                view["scores"][p],
            )
        )
    winners = tuple(view["places"][0]["players"]) if view["places"] else ()
    return P.PowTally(
        tuple(seats),
        winners,
        tuple((p, tuple(h)) for p, h in history.items()),
        notice=_notice(notice),
        banner=banner,
        colours=seat_colours(players, colours),
    )


def view(game: Game, focus: int = 0, notice: Any = None, **ui: Any) -> P.PowTurn | P.PowTally:
    """The screen for a POW game now: the tally once over, else the turn."""
    colours = ui.pop("colours", None)
    if game.state.over:
        return tally(game, notice, ui.get("banner"), colours)
    return turn(game.state, focus, notice, **ui)
