"""A match's record: its rules, its players, its seed, its length and its action log.

A game is exactly its seed and its action log, so the record is what a save holds, and all that
looking back at a finished hand needs (the replay, the coach): the match is dealt again from
its seed and the log played to the moment asked for. Declared once (``engine.wire``): the save's
dict and its strict reader both come from the fields below.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Annotated, Any

import msgspec

from engine import safe_json, wire
from engine.actions import Action, Discard, parse_action
from engine.game import MAX_HANDS, MAX_SEED_TEXT, Game
from engine.rules import RuleSet
from engine.wire import travels

#: What marks a file as a game save, and the version of its shape.
SAVE_FORMAT = "marriage-game"
SAVE_VERSION = 1
#: The longest action's words (a go-out naming every card of the hand is a fraction of it).
ACTION_TEXT = 400
#: The most actions a saved log may hold.
MAX_LOG = 1_000_000

#: One action of the log: its words, or a discard's words with the card id of the copy thrown.
#: The bare words' length is checked as they are read: msgspec (0.22) mixes up a limit on a
#: string with the length of a fixed tuple beside it in one union, and may crash.
_ENTRY: Any = str | tuple[wire.text(ACTION_TEXT), wire.CardId]  # type: ignore[misc]


def _log_out(log: tuple[Action, ...]) -> list[Any]:
    return [
        [str(a), a.card_id] if isinstance(a, Discard) and a.card_id is not None else str(a)
        for a in log
    ]


def _log_back(entries: tuple[Any, ...]) -> tuple[Action, ...]:
    actions = []
    for i, entry in enumerate(entries):
        text, card_id = entry if isinstance(entry, tuple) else (entry, None)
        try:
            if len(text) > ACTION_TEXT:
                raise ValueError(f"it is too long ({len(text)} characters)")
            action = parse_action(text)
        except ValueError as exc:
            raise ValueError(f"action {i + 1} in the log is damaged: {exc}") from None
        if card_id is not None and isinstance(action, Discard):
            action = Discard(action.card, card_id)
        actions.append(action)
    return tuple(actions)


@dataclass(frozen=True)
class MatchRecord:
    """Everything that makes a match what it is: ``rules``, the players' ``names`` by seat, the
    deal ``seed``, ``hands_total`` (how many hands it lasts) and every action played, in order."""

    # Each rule's value is checked by the rules themselves, which name the option in a
    # refusal ("Hand size must be a whole number from 9 to 21").
    rules: RuleSet = field(metadata=travels(dict[str, Any], RuleSet.to_dict, RuleSet.from_dict))
    names: tuple[str, ...] = field(
        metadata=travels(wire.many(wire.Name, 5), list, tuple, key="players")
    )
    seed: int | str = field(metadata=travels(int | wire.text(MAX_SEED_TEXT), wire.same))
    hands_total: int = field(
        metadata=travels(Annotated[int, msgspec.Meta(ge=1, le=MAX_HANDS)], wire.same, key="hands")
    )
    log: tuple[Action, ...] = field(
        metadata=travels(wire.many(_ENTRY, MAX_LOG), _log_out, _log_back)
    )

    @classmethod
    def of(cls, game: Game) -> MatchRecord:
        """The record of ``game`` as it stands."""
        return cls(game.rules, game.names, game.seed, game.hands_total, tuple(game.log))

    def deal(self) -> Game:
        """The match as it was first dealt, before any action."""
        return Game.new(self.rules, list(self.names), self.seed, self.hands_total)

    def game(self) -> Game:
        """The match dealt again and played to the end of the log (ValueError with a reason
        when the record cannot be played: an action that is not legal where it stands)."""
        return Game.replay(self.rules, self.seed, self.log, self.names, self.hands_total)

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.names)

    def to_dict(self) -> dict[str, Any]:
        """Plain data: what a save file holds (marked as a game save of this version)."""
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, **_FORM.to_dict(self)}

    def to_json(self) -> str:
        """The save's plain data as JSON text (see ``to_dict``)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> MatchRecord:
        """Inverse of ``to_json``; damaged text raises ValueError with a reason."""
        return cls.from_dict(safe_json.loads(text, "save"))

    @classmethod
    def from_dict(cls, data: Any) -> MatchRecord:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise ValueError("this is not a Marriage game save")
        if data.get("version") != SAVE_VERSION:
            raise ValueError("this save is from another version of the game")
        body = {k: v for k, v in data.items() if k not in ("format", "version")}
        try:
            checked = msgspec.convert(body, _FORM.struct)
        except msgspec.ValidationError as exc:
            raise ValueError(_damaged(str(exc))) from None
        except RecursionError:
            raise ValueError("this save is nested too deeply") from None
        # What the fields mean together (the players' count, each action's legality) is the
        # game's to check, as it deals the record again.
        return cls(**_FORM.unpack(checked))


_FORM = wire.form(MatchRecord)

#: Each part of a save, as a message about it names it.
_PARTS = {
    "rules": "the rules are",
    "players": "the players are",
    "seed": "the seed is",
    "hands": "the number of hands is",
    "log": "the action log is",
}


def _damaged(problem: str) -> str:
    """What is wrong with a save, in a player's words, from the checker's ``problem``."""
    found = re.match(r"Object (missing required|contains unknown) field `(\w+)`", problem)
    if found is not None:
        missing, key = found.group(1) == "missing required", found.group(2)
        return f"this save is missing {key!r}" if missing else f"this save holds an unknown {key!r}"
    action = re.search(r"\$\.log\[(\d+)\]", problem)
    if action is not None:
        return f"action {int(action.group(1)) + 1} in the log is damaged"
    part = re.search(r"\$\.(\w+)", problem)
    if part is not None and part.group(1) in _PARTS:
        return f"{_PARTS[part.group(1)]} damaged"
    return "this save is damaged"


__all__ = ["MatchRecord"]
