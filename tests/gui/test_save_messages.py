"""Every message a damaged save gives the player is plain words: no Python types or reprs."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.game import Game
from engine.match import LocalMatch
from engine.record import MatchRecord
from engine.rules import RuleSet
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.storage import SaveError, Storage

SETUP = MatchSetup((SeatSetup("Asha", "human"), SeatSetup("Ram", "easy")), hands=2, seed=4)
ODD_VALUES: list[Any] = ["x", [], {}, None, 1.5, True, -1, 10**30, [["a"]], "", [1, 2, 3]]
# Words and marks that only a programmer reads: type names, reprs of lists, dicts and None.
INTERNALS = re.compile(
    r"\b(a|an) (int|str|bool|tuple|dict|float|NoneType)\b|\bNone\b|\bTrue\b|\bFalse\b"
    r"|[\[\]{}]|Error\b|Traceback|__"
)


def _as_match(game: Game) -> LocalMatch:
    """The match a table would save for ``game`` (storage takes a LocalMatch)."""
    return LocalMatch.from_save(MatchRecord.of(game).to_dict(), ("human",) * game.players)


def _leaves(obj: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield (*path, k)
            yield from _leaves(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:2]):
            yield (*path, i)
            yield from _leaves(v, (*path, i))


def _good(tmp_path: Path) -> dict[str, Any]:
    storage = Storage(tmp_path / "good")
    game = Game.new(SETUP.rules, [s.name for s in SETUP.seats], 4, 2)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    assert storage.save_game(SETUP, _as_match(game))
    data = json.loads((tmp_path / "good" / "savegame.json").read_text(encoding="utf-8"))
    data["game"] = json.loads(data["game"])
    return data


def test_every_damaged_field_of_a_save_gives_a_plain_message(tmp_path: Path) -> None:
    good = _good(tmp_path)
    messages: dict[str, tuple[Any, ...]] = {}
    for n, path in enumerate(_leaves(good)):
        for k, value in enumerate(ODD_VALUES):
            data = copy.deepcopy(good)
            holder = data
            for key in path[:-1]:
                holder = holder[key]
            holder[path[-1]] = value
            data["game"] = json.dumps(data["game"])
            folder = tmp_path / f"{n}-{k}"
            folder.mkdir()
            (folder / "savegame.json").write_text(json.dumps(data), encoding="utf-8")
            try:
                Storage(folder).load_game()
            except SaveError as exc:
                messages.setdefault(exc.message, path)
    assert len(messages) > 30  # the mutations really reach many different checks
    english = {m.english: p for m, p in messages.items()}
    bad = {m: p for m, p in english.items() if INTERNALS.search(m) or len(m) > 300}
    assert not bad, bad


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("hand_size", "x", "Hand size must be a whole number from 9 to 21"),
        ("alter", 3, "Alter must be on or off"),
        ("poplu_points", 5, "Poplu points must be a list of at most 12 points"),
        ("direction", [], "Direction must be one of clockwise, anticlockwise"),
    ],
)
def test_rules_say_what_kind_of_value_they_need(field: str, value: Any, words: str) -> None:
    data = RuleSet().to_dict()
    data[field] = value
    with pytest.raises(ValueError) as err:
        RuleSet.from_dict(data)
    assert str(err.value).startswith(words)
    assert not INTERNALS.search(str(err.value))


def test_statistics_that_cannot_be_mended_say_so_once_in_plain_words(tmp_path: Path) -> None:
    """A damaged database that cannot even be moved aside: one message, no SQLite or Python."""
    (tmp_path / "stats.sqlite3").write_bytes(b"this is not a database at all" * 100)
    storage = Storage(tmp_path)
    storage.statsdb._keep_aside = lambda name: None  # the folder refuses the rename
    game = Game.new(SETUP.rules, [s.name for s in SETUP.seats], 4, 2)
    while not game.hand_over:
        game.apply(game.legal_actions()[0])
    for _ in range(2):
        storage.record_hand(SETUP, _as_match(game), game.view(0))
    assert storage.flush()
    stats = storage.stats()
    told = [m for m in storage.take_notices() if "tatistics" in m.english]
    assert len(told) == 1, told
    for said in [*told, stats.problem]:
        message = said.english
        assert message and not INTERNALS.search(message), message
        assert "database" not in message.lower() and "sqlite" not in message.lower(), message
    # Nothing was lost: the damaged file is still there, untouched.
    assert (tmp_path / "stats.sqlite3").read_bytes() == b"this is not a database at all" * 100
