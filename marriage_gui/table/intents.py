"""What a person means at the table, as small values: the input's only output.

``TableInput`` turns clicks, drags and keys into these (and a question's buttons answer with
them); ``TableActions.dispatch`` is the one place that acts on them (submits an action to the
match, moves cards, says why not). Nothing here knows about pygame events or the scene.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action


@dataclass(frozen=True)
class Discard:
    """Throw card ``cid`` (None: the one selected, hinted or ``focused``); ``held`` cards were
    dragged and go back to the hand if the discard is refused. ``focused``: the card the
    keyboard ring is on (None: the arrows were not used, so no card is thrown unseen)."""

    cid: int | None = None
    held: tuple[int, ...] = ()
    focused: int | None = None


@dataclass(frozen=True)
class DiscardSelected:
    """A click on the discard pile: with one card selected after drawing, throw it; else
    take the top discard (``take``)."""

    take: bool = False


@dataclass(frozen=True)
class Draw:
    """Draw from the stock, or take the top discard; ``at`` is where in the hand it goes."""

    from_discard: bool
    at: int | None = None
    held: tuple[int, ...] = ()


@dataclass(frozen=True)
class Reorder:
    """Put the held cards at ``index`` of the hand without them."""

    ids: tuple[int, ...]
    index: int


@dataclass(frozen=True)
class ToggleCard:
    """Select or unselect a card of the hand (``focus``: the keyboard ring moves to it)."""

    cid: int


@dataclass(frozen=True)
class ClearSelection:
    """Put every selected card down."""


@dataclass(frozen=True)
class Focus:
    """Move the keyboard ring ``step`` cards; ``carry``: take the focused card along."""

    step: int
    carry: bool = False


@dataclass(frozen=True)
class Pick:
    """Space/Up/Down on the focused card: toggle it (``up`` None), or lift/lower it."""

    up: bool | None = None


@dataclass(frozen=True)
class Command:
    """A table command by its key (``commands.COMMANDS``: ``hint``, ``sort``, ``group``,
    ``see``, ``out``, ``enter``, ``menu``, ``log``, ``expose_again``); ``click``: its button
    was clicked."""

    key: str
    click: bool = False


@dataclass(frozen=True)
class Play:
    """Submit ``action``, one the view offered (a confirmed Go out, an exposed tunnela)."""

    action: Action


@dataclass(frozen=True)
class KeepHidden:
    """The tunnela dealt to ``seat`` in hand ``hand_no`` stays hidden: not asked again (the
    E key offers it again)."""

    hand_no: int
    seat: int


@dataclass(frozen=True)
class DealNext:
    """Deal the next hand (the score sheet's button)."""


@dataclass(frozen=True)
class Explain:
    """A greyed button was clicked: say why it does nothing now."""

    key: str


@dataclass(frozen=True)
class Undo:
    """Step back (or forward, ``redo``) through the person's arrangements."""

    redo: bool = False


@dataclass(frozen=True)
class Lift:
    """A drag begins: ``ids`` leave their places, held at ``grab`` offsets from the pointer;
    ``stock``: a face-down stand-in rises from the stock, whose top-left and card width these
    are (None: the cards are on view)."""

    ids: tuple[int, ...]
    grab: tuple[tuple[float, float], ...]
    stock: tuple[float, float, int] | None = None


@dataclass(frozen=True)
class Carry:
    """The held cards follow the pointer; the hand opens a gap at ``gap_at`` (None: closes)."""

    positions: tuple[tuple[int, float, float], ...]
    gap_at: int | None
    reflow: bool


@dataclass(frozen=True)
class Back:
    """A drop that means nothing: the held cards ease back, and the person is told ``why``."""

    ids: tuple[int, ...]
    why: str


@dataclass(frozen=True)
class Release:
    """The drag is over (whatever it meant)."""


@dataclass(frozen=True)
class Hover:
    """The pointer rests on a pile (its tooltip comes), or on none."""

    pile: str | None


@dataclass(frozen=True)
class Press:
    """A press or a key: moving cards land at once, so what is clicked is where it shows."""


@dataclass(frozen=True)
class Scroll:
    """The wheel over the table: the open log scrolls."""

    lines: int


@dataclass(frozen=True)
class ButtonHover:
    """The pointer moved: the buttons light up under it."""

    pos: tuple[int, int]


Intent = (
    Discard
    | DiscardSelected
    | Draw
    | Reorder
    | ToggleCard
    | ClearSelection
    | Focus
    | Pick
    | Command
    | Play
    | KeepHidden
    | DealNext
    | Explain
    | Undo
    | Lift
    | Carry
    | Back
    | Release
    | Hover
    | Press
    | Scroll
    | ButtonHover
)
