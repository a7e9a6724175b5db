"""How many button presses a Malacca reveal takes (MAL-7), with the five buttons only.

The input model is the app's form controller (companion/controllers/forms.py) drawn by the
Malacca screen: the reveal form lists each player's card then bet, captain first; next and
previous step a value (both wrap), select goes to the player's bet, confirm means "as shown,
next player" and enters the reveal on the last player. `fewest_presses` plans the shortest
sequence (previous when it is shorter, no visit to a bet already right); the test drives the real controller with it and
checks the action it enters is the record's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.controllers import malacca
from companion.games import Game, engine_for

RECORDS = Path(__file__).resolve().parents[1] / "records"


def _value(target: dict, path: tuple[str, ...]):
    for step in path:
        target = target.get(step) if isinstance(target, dict) else None
    return target


def fewest_presses(controller, game: Game, target: dict) -> list[str]:
    """The shortest button sequence that makes the controller enter reveal `target`."""
    forms = controller.forms(game)
    i = next(k for k, f in enumerate(forms) if f.fields and f.fields[0].key.endswith(".card"))
    n = len(forms)
    down, up = (i - controller.focus) % n, (controller.focus - i) % n
    presses = ["next"] * down if down <= up else ["previous"] * up
    presses.append("confirm")  # opens the form
    form = forms[i]
    # Per player (captain first): step the card; select and step the bet only when it is not
    # the one shown; confirm = "as shown, next player" (the last player's confirm enters).
    by_player: dict[str, list[str]] = {}
    for f in form.fields:
        k = f.choices.index(_value(target, f.path))
        fwd, back = (k - f.index) % len(f.choices), (f.index - k) % len(f.choices)
        steps = ["next"] * fwd if fwd <= back else ["previous"] * back
        mine = by_player.setdefault(f.player, [])
        mine += (["select", *steps] if steps else []) if f.key.endswith(".bet") else steps
    for steps in by_player.values():
        presses += [*steps, "confirm"]
    return presses


def reveals(record: str):
    """(game before the reveal, the reveal record) for every round of a record."""
    lines = [json.loads(x) for x in (RECORDS / record).read_text().splitlines() if x.strip()]
    game = Game.start(engine_for("malacca"), lines[0])
    for action in lines[1:]:
        if action["type"] == "reveal":
            yield game, action
        game.play(action)


def enter(game: Game, target: dict) -> int:
    controller = malacca.controller()
    keys = fewest_presses(controller, game, target)
    entered = []
    for key in keys:
        entered += controller.on_input(key, game)
    assert entered == [target], (target, keys, entered)
    return len(keys)


def test_mal_7_first_round_of_the_example_takes_14_presses():
    # Captain Jon, then Kai, Hal, Dee: all trade — one press back from attack for Jon, Kai
    # and Hal (3 cards), two forward for Dee (Laskarina holds a special: 8 cards, MAL-30);
    # bets 0, 5 (Kai holds 5: select, one press back from 0 wraps to 5), 0, 1 (select, next);
    # a confirm per player: open 1 + Jon 2 + Kai 4 + Hal 2 + Dee 5 = 14 (16 when confirm
    # entered the whole reveal and select walked every field).
    game, target = next(reveals("malacca-legal-000.jsonl"))
    assert enter(game, target) == 14


@pytest.mark.parametrize("record", ["malacca-legal-000.jsonl", "malacca-legal-001.jsonl"])
def test_mal_7_every_reveal_of_the_examples_enters_with_few_presses(record):
    counts = [enter(game, target) for game, target in reveals(record)]
    assert len(counts) >= 12  # twelve rounds, and reveals later undone
    players = len(next(reveals(record))[0].header["players"])
    # at most: open + confirm, a select between fields, and half of each cyclic list
    assert max(counts) <= 2 + (2 * players - 1) + players * (1 + 4) + players * 6
    print(
        f"{record}: {players} players, presses per reveal {counts}, "
        f"mean {sum(counts) / len(counts):.1f}"
    )


def test_mal_7_a_round_where_everyone_plays_attack_without_a_bet_is_a_confirm_each():
    # open, then one confirm per player ("as shown, next player"; the last one enters)
    game, target = next(reveals("malacca-legal-000.jsonl"))
    cards = {p: {"card": "attack", "bet": 0} for p in target["cards"]}
    assert enter(game, {"type": "reveal", "cards": cards}) == 1 + 4


def test_mal_7_confirm_on_a_card_keeps_the_bet_shown_and_moves_to_the_next_player():
    game, target = next(reveals("malacca-legal-000.jsonl"))
    c = malacca.controller()
    c.on_input("confirm", game)  # open the reveal
    first = c.editing.fields[c.field].player
    assert c.on_input("confirm", game) == []
    assert c.editing.fields[c.field].player != first
    assert c.editing.fields[c.field].key.endswith(".card")
    assert c.editing.fields[1].value == 0  # the first player's bet stayed as shown
