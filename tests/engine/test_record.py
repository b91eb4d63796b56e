"""A match's record: what a save holds, read back strictly, each damage named in words."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from engine.actions import Discard
from engine.game import Game
from engine.record import MatchRecord
from engine.rules import PRESETS


def played() -> Game:
    g = Game.new(PRESETS["nepali"], ["सीता", "Ram", "Hari"], "wedding", 2)
    for _ in range(10):
        g.apply(g.legal_actions()[0])
    return g


def test_a_record_is_the_games_and_deals_it_again() -> None:
    g = played()
    record = MatchRecord.of(g)
    assert (record.names, record.seed, record.hands_total) == (g.names, g.seed, g.hands_total)
    assert record.log == tuple(g.log) and record.players == 3
    assert record.game() == g
    assert record.deal() == Game.new(g.rules, list(g.names), g.seed, g.hands_total)
    assert MatchRecord.from_json(record.to_json()) == record
    data = record.to_dict()
    assert (data["format"], data["version"], data["players"], data["hands"]) == (
        "marriage-game",
        1,
        ["सीता", "Ram", "Hari"],
        2,
    )
    # a thrown copy travels with its card id: which of the equal cards left the hand
    first = next(a for a in record.log if isinstance(a, Discard))
    thrown = Discard(first.card, 7)
    again = MatchRecord(record.rules, record.names, record.seed, 2, (record.log[0], thrown))
    assert again.to_dict()["log"] == [str(record.log[0]), [str(thrown), 7]]
    assert MatchRecord.from_dict(again.to_dict()).log == again.log
    back = MatchRecord.from_dict(again.to_dict()).log[1]
    assert isinstance(back, Discard) and back.card_id == 7


def _spoilt(change: Callable[[dict[str, Any]], Any]) -> str:
    data = MatchRecord.of(played()).to_dict()
    change(data)
    with pytest.raises(ValueError) as refused:
        MatchRecord.from_dict(copy.deepcopy(data)).game()
    return str(refused.value)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d.pop("hands"), "this save is missing 'hands'"),
        (lambda d: d.update(extra=1), "this save holds an unknown 'extra'"),
        (lambda d: d.update(seed=[1]), "the seed is damaged"),
        (lambda d: d.update(seed=True), "the seed is damaged"),
        (lambda d: d["log"].__setitem__(3, 5), "action 4 in the log is damaged"),
        (lambda d: d["log"].__setitem__(3, "discard ZZ"), "action 4 in the log is damaged: not"),
        (lambda d: d["log"].__setitem__(3, "x" * 500), "action 4 in the log is damaged: it is"),
        (lambda d: d["log"].__setitem__(3, ["discard 5H", 999]), "action 4 in the log is"),
        (lambda d: d["log"].__setitem__(0, "next hand"), "action 1 (next hand) is not legal"),
        (lambda d: d.update(players=["a"]), "2 to 5 players, not 1"),
        (lambda d: d.update(players=["a", "b", 3]), "the players are damaged"),
        (lambda d: d.update(hands=0), "the number of hands is damaged"),
        (lambda d: d["rules"].update(hand_size=99), "Hand size must be a whole number"),
        (lambda d: d.update(rules=[]), "the rules are damaged"),
        (lambda d: d.update(format="x"), "not a Marriage game save"),
        (lambda d: d.update(version=2), "another version of the game"),
    ],
)
def test_each_damage_is_named(change: Callable[[dict[str, Any]], Any], said: str) -> None:
    assert said in _spoilt(change)


def test_a_save_nested_too_deeply_or_not_json_is_refused() -> None:
    with pytest.raises(ValueError):
        MatchRecord.from_json("{" * 10)
    with pytest.raises(ValueError, match="not a Marriage game save"):
        MatchRecord.from_dict([])
