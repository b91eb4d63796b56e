"""What a match is set up with: the seats (human or bot, with names), the rules, the length."""

from __future__ import annotations

import secrets
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.match import DRIVERS, LocalMatch
from engine.rules import MAX_HANDS, PRESETS, RuleSet, length_option
from marriage_gui.language import N_

SEAT_KINDS = DRIVERS
MAX_NAME = 40

#: Bits of a new match's seed: far beyond a brute-force search from one's own 21 cards.
SEED_BITS = 128

#: The match lengths offered on screen (the New game screen, the host's lobby): the range the
#: rule of a match's length declares, so the rule and its one picker agree.
MATCH_LENGTHS = range(length_option().offered[0], length_option().offered[1] + 1)

#: How the presets are named on screen (English: word them with ``_`` where shown).
PRESET_LABELS = {
    "nepali": N_("Nepali (standard)"),
    "house": N_("House rules"),
    "contract": N_("Contract (points race)"),
    "indian": N_("Indian (deadwood)"),
}
#: The presets' short names, for a sentence that names a few ("Nepali, Contract").
PRESET_NAMES = {
    "nepali": N_("Nepali"),
    "house": N_("House rules"),
    "contract": N_("Contract"),
    "indian": N_("Indian"),
}


def new_seed() -> int:
    """A seed nobody can work out from the cards they were dealt."""
    return secrets.randbits(SEED_BITS)


@dataclass(frozen=True)
class SeatSetup:
    """One seat: a name and who plays it (a human, or a bot of some level)."""

    name: str
    kind: str = "human"
    #: The name the game proposed, if the person left it so (``ui.words.Proposal``: a key
    #: and a number): it follows the language, even mid-match. None: a name a person typed.
    proposed: tuple[str, int] | None = None

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"a seat is one of {', '.join(SEAT_KINDS)}")
        if not self.name.strip():
            raise ValueError("every seat needs a name")
        if len(self.name) > MAX_NAME:
            raise ValueError(f"a name has at most {MAX_NAME} characters")

    @property
    def is_bot(self) -> bool:
        """Whether the computer plays this seat."""
        return self.kind != "human"


@dataclass(frozen=True)
class MatchSetup:
    """Everything chosen on the new-game screen."""

    seats: tuple[SeatSetup, ...] = (
        SeatSetup("You", "human"),
        SeatSetup("Sita", "medium"),
        SeatSetup("Ram", "medium"),
        SeatSetup("Hari", "medium"),
    )
    rules: RuleSet = field(default_factory=lambda: PRESETS["nepali"])
    hands: int = 4
    seed: int | str | None = None

    def __post_init__(self) -> None:
        if not 2 <= len(self.seats) <= 5:
            raise ValueError("a table has 2 to 5 seats")
        if not 1 <= self.hands <= MAX_HANDS:
            raise ValueError(f"a match has at least one hand and at most {MAX_HANDS}")

    @property
    def humans(self) -> list[int]:
        """Seats played by people."""
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    @property
    def hot_seat(self) -> bool:
        """More than one person shares this screen: hands must be hidden between turns."""
        return len(self.humans) > 1

    @property
    def drivers(self) -> tuple[str, ...]:
        """Who plays each seat, as the match wants it."""
        return tuple(s.kind for s in self.seats)

    def start(
        self, on_change: Callable[[LocalMatch], None] | None = None, worker: str = "process"
    ) -> LocalMatch:
        """A new match for this set-up: the typed seed, else a fresh unguessable one."""
        seed = self.seed if self.seed is not None else new_seed()
        return LocalMatch.new(
            self.rules,
            [s.name for s in self.seats],
            self.drivers,
            seed=seed,
            hands=self.hands,
            bot_seed=bot_seed(seed),
            worker=worker,
            on_change=on_change,
        )

    def resume(
        self, data: Any, on_change: Callable[[LocalMatch], None] | None = None
    ) -> LocalMatch:
        """The match saved as ``data`` (ValueError with a reason if it does not fit this set-up)."""
        match = LocalMatch.from_save(data, self.drivers, on_change=on_change)
        match.bot_seed = bot_seed(match.seed)
        return match

    def to_dict(self) -> dict[str, Any]:
        """Plain data for saves."""
        return {
            "seats": [_seat_out(s) for s in self.seats],
            "rules": self.rules.to_dict(),
            "hands": self.hands,
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, data: Any) -> MatchSetup:
        """Inverse of ``to_dict``; damaged data raises ValueError."""
        if not isinstance(data, dict):
            raise ValueError("the match set-up is damaged")
        try:
            raw = data["seats"]
            if not isinstance(raw, list) or not all(
                isinstance(s, dict) and isinstance(s.get("name"), str) for s in raw
            ):
                raise ValueError("the seats are damaged")
            seats = tuple(
                SeatSetup(s["name"], str(s["kind"]), _proposal_back(s.get("proposed"))) for s in raw
            )
            seed = data.get("seed")
            if seed is not None and (not isinstance(seed, int | str) or isinstance(seed, bool)):
                raise ValueError("the seed is damaged")
            hands = data["hands"]
            if not isinstance(hands, int) or isinstance(hands, bool):
                raise ValueError("the number of hands is damaged")
            return cls(seats, RuleSet.from_dict(data["rules"]), hands, seed)
        except KeyError as exc:
            raise ValueError(f"the match set-up is missing {exc.args[0]!r}") from None
        except (TypeError, AttributeError):
            raise ValueError("the match set-up is damaged") from None


def _seat_out(seat: SeatSetup) -> dict[str, Any]:
    out: dict[str, Any] = {"name": seat.name, "kind": seat.kind}
    if seat.proposed is not None:
        out["proposed"] = list(seat.proposed)
    return out


def _proposal_back(data: Any) -> tuple[str, int] | None:
    """A kept proposal, or None (none kept, or a damaged one: the name then stays as it is)."""
    if (
        isinstance(data, list)
        and len(data) == 2
        and isinstance(data[0], str)
        and isinstance(data[1], int)
        and not isinstance(data[1], bool)
        and 0 <= data[1] <= 9
    ):
        return (data[0], data[1])
    return None


def bot_seed(seed: int | str) -> int:
    """The bots' own seed, fixed by the deal seed so a replayed match plays the same."""
    return zlib.crc32(str(seed).encode()) & 0xFFFF


def remembered_setup(data: dict[str, Any] | None, log: Callable[[str], None]) -> MatchSetup | None:
    """The set-up last started from the New game screen (``data``, as the settings keep it), if
    it is a sound one; what is wrong with a damaged one goes to ``log``."""
    if data is None:
        return None
    try:
        return MatchSetup.from_dict(data)
    except ValueError as exc:
        # A damaged memory only costs the defaults; the settings file stays as it is.
        log(f"last set-up unreadable, using defaults: {exc}")
        return None
