"""A rule option declared once, beside its default: its name for people, its help, and the values
it may take.

Each field of ``RuleSet`` is made by one of ``flag``, ``choice``, ``whole``, ``points`` or
``text`` (in the manner of ``engine.wire.travels``): the default, the option's label and help
(sentences of the engine's, worded by each screen in its reader's language), and its choices
with their labels, or its range. From those lines come the New game screen's pickers, the Rules
screen's names for every option and value, the engine's own checks with the sentences they
refuse in (naming the option by its label), and the table of options in the rule choices
document (``build/rules_doc.py``): a new option is its field and its effect, nothing else.

``declared(cls)`` lists a class's options, each with its field's name and default (the score
keeper's rules picker reads the same list).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from engine.words import Said, commas, say

#: Points a table entry, a fee or a bonus may be at most.
MAX_POINTS = 1000
#: Entries a points table may have at most.
MAX_TABLE = 12

#: What kind of value an option holds, which says how it is picked: a switch, one of a few
#: words, a whole number in a range, a table of points, or free words (the preset's name).
Kind = Literal["flag", "choice", "whole", "points", "text"]


@dataclass(frozen=True)
class Option:
    """One rule option as a person meets it."""

    kind: Kind
    #: The option's name on every screen ("Unseen maal").
    label: Said
    #: One line on what it does.
    help: Said
    #: Choices: each value the option may take and its label.
    choices: tuple[tuple[str, Said], ...] = ()
    #: Whole numbers, texts' lengths and points: the least and the most the engine accepts.
    low: int = 0
    high: int = 0
    #: Whole numbers: the lowest, highest and step the New game screen offers (within the range:
    #: a fee may be 1000, but a picker of 1001 values helps nobody).
    offered: tuple[int, int, int] = (0, 0, 1)
    #: Whole numbers said in words rather than digits (0 dublee players: "no minimum").
    words: tuple[tuple[int, Said], ...] = ()
    #: The field's name and default (filled in by ``declared``).
    name: str = ""
    default: Any = None

    @property
    def picked(self) -> bool:
        """Whether a person picks it among the options (the name is the preset's, chosen apart)."""
        return self.kind != "text"

    def choice_label(self, value: str) -> Said:
        """The label of one of the option's choices."""
        return dict(self.choices)[value]

    def said(self, value: int) -> Said | None:
        """The words a whole number is said in instead of digits (None: said as digits)."""
        return dict(self.words).get(value)

    def values(self, current: int) -> list[int]:
        """The whole numbers a picker offers, with the current one among them."""
        low, high, step = self.offered
        return sorted(set(range(low, high + 1, step)) | {current})

    def problem(self, value: Any) -> Said | None:
        """Why ``value`` cannot be this option's, as a sentence naming it (None: it can)."""
        if self.kind == "flag":
            if isinstance(value, bool):
                return None
            # Translators: {option} is a rule's name as the New game screen labels it.
            return say("{option} must be on or off", option=self.label)
        if self.kind == "choice":
            if isinstance(value, str) and value in dict(self.choices):
                return None
            # Translators: {option} is a rule's name; {choices} its values, comma apart.
            return say(
                "{option} must be one of {choices}",
                option=self.label,
                choices=commas([label for _value, label in self.choices]),
            )
        if self.kind == "text":
            if isinstance(value, str) and self.low <= len(value) <= self.high:
                return None
            return say(
                "{option} must be {low} to {high} characters",
                option=self.label,
                low=self.low,
                high=self.high,
            )
        if self.kind == "points":
            if (
                isinstance(value, tuple)
                and len(value) <= self.high
                and all(_number(v) and 0 <= v <= MAX_POINTS for v in value)
            ):
                return None
            # Translators: {option} is a rule's name; {most} how many points it may list.
            return say(
                "{option} must be a list of at most {most} points, each 0 to {high}",
                option=self.label,
                most=self.high,
                high=MAX_POINTS,
            )
        if _number(value) and self.low <= value <= self.high:
            return None
        return say(
            "{option} must be a whole number from {low} to {high}",
            option=self.label,
            low=self.low,
            high=self.high,
        )


def _number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _field(default: Any, option: Option) -> Any:
    return field(default=default, metadata={"option": option})


def flag(default: bool, label: Said, help: Said) -> Any:
    """A rule that is on or off."""
    return _field(default, Option("flag", label, help))


def choice(default: str, label: Said, help: Said, **choices: Said) -> Any:
    """A rule that is one of a few words, each with its label (``clockwise=say("clockwise")``)."""
    return _field(default, Option("choice", label, help, choices=tuple(choices.items())))


def whole(
    default: int,
    label: Said,
    help: Said,
    low: int,
    high: int,
    offered: tuple[int, int, int] | None = None,
    words: dict[int, Said] | None = None,
) -> Any:
    """A whole number from ``low`` to ``high``; the New game screen offers ``offered`` (lowest,
    highest, step; the whole range by ones if not given); ``words`` says some values in words."""
    return _field(
        default,
        Option(
            "whole",
            label,
            help,
            low=low,
            high=high,
            offered=offered or (low, high, 1),
            words=tuple((words or {}).items()),
        ),
    )


def points(default: tuple[int, ...], label: Said, help: Said) -> Any:
    """A table of points by how many are held (one, two, three…)."""
    return _field(default, Option("points", label, help, high=MAX_TABLE))


def text(default: str, label: Said, help: Said, longest: int) -> Any:
    """Free words of 1 to ``longest`` characters."""
    return _field(default, Option("text", label, help, low=1, high=longest))


#: Each class's options, worked out once (a rule set checks itself against them when made).
_DECLARED: dict[type, tuple[Option, ...]] = {}


def declared(cls: type) -> tuple[Option, ...]:
    """Every option of a dataclass of rules, in field order, each with its name and default."""
    known = _DECLARED.get(cls)
    if known is not None:
        return known
    out = []
    for f in fields(cls):
        option = f.metadata.get("option")
        if not isinstance(option, Option):
            raise TypeError(f"{cls.__name__}.{f.name} is not declared as a rule option")
        out.append(replace(option, name=f.name, default=f.default))
    _DECLARED[cls] = made = tuple(out)
    return made
