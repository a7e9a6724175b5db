"""POW records through `companion.records.replay_text`: errors carry the line and rule id."""

from __future__ import annotations

import json

import pytest

from companion.records import replay_text

from .play import BB, BO, SH, SK, aside, header, roll, steal, take


def _text(*actions, head=None):
    lines = [head or header()] + list(actions)
    return "\n".join(json.dumps(x) for x in lines) + "\n"


@pytest.mark.parametrize(
    "actions, rule, line",
    [
        ([take("heroes", 1)], "POW-7", 2),
        ([roll(SH, SK, BB, BO, SK), roll(SH, SK, BB, BO, SK)], "POW-6", 3),
        ([roll(SH, SK, BB, BO, SK), aside(SH), roll(SH, SK, BB, BO, SK)], "POW-6", 4),
        ([roll(SH, SK, BB, BO, SK), take("heroes", 2)], "POW-8", 3),
        ([roll(SH, SK, BB, BO, SK), {"type": "forced_take"}], "POW-12", 3),
    ],
)
def test_illegal_records_stop_with_the_rule(actions, rule, line):
    out = replay_text(_text(*actions))
    assert out.exit == 3
    assert (out.stderr["error"], out.stderr["line"], out.stderr["rule"]) == ("illegal", line, rule)
    assert out.stderr["message"]


@pytest.mark.parametrize(
    "head, actions, line, message",
    [
        (None, [{"type": "roll"}], 2, "'roll' needs the field 'dice'"),
        (None, [roll(SH, SK, BB, BO, "six")], 2, "unknown die face 'six'"),
        (None, [roll(BB, BB, BB, SK, SK), steal("Zed", "heroes", 1)], 3, "no such player"),
        (header(heroes=[1, "2"]), [], 1, "'heroes' must be positive integers"),
        (header(rules={"gaps": True}), [], 1, "unknown POW house rule 'gaps'"),
    ],
)
def test_malformed_records_name_the_line(head, actions, line, message):
    out = replay_text(_text(*actions, head=head))
    assert out.exit == 2
    assert out.stderr["line"] == line and message in out.stderr["message"]


def test_undo_withdraws_a_take_and_the_turn_resumes():
    out = replay_text(
        _text(roll(SH, SK, BB, BO, SK), take("villains", 2), {"type": "undo"}, take("heroes", 1))
    )
    assert out.exit == 0
    assert out.stdout["state"]["stacks"]["Ann"] == {"heroes": [3], "villains": []}
    assert out.stdout["over"] is False and out.stdout["winners"] == []
