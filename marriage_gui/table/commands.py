"""The table's commands, each declared once.

A table command (Hint, Sort, Group, See, Go out, Enter, the menu, the log, Expose again) is one
``TableCommand`` in ``COMMANDS``: its button, its keys, the rules that show and enable it, why
it does nothing when greyed, and what it does, through the ``Doers`` it is handed (the turn,
the showing of melds, the hand's arrangement). Adding a command adds one entry here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from engine.view import PlayerView
from marriage_gui.language import N_, _

from . import offers
from .arranging import Arranging
from .effects import Effects, Pause, ToggleLog
from .offers import Moment
from .showing import Showing
from .turn import Turn


class Doers(NamedTuple):
    """What a command acts through."""

    turn: Turn
    showing: Showing
    arranging: Arranging


def _always(_now: Moment) -> bool:
    return True


def _not_now(_view: PlayerView) -> str:
    return _("not now")


@dataclass(frozen=True)
class TableCommand:
    """One table command, declared once: its ``button`` (label, hotkey shown, ``primary``;
    none when empty), the ``keys`` that mean it, when its button is ``shown`` and
    ``enabled``, why a greyed button does nothing (``why_not``), and what it does (``run``)."""

    key: str
    run: Callable[[Doers], Effects]
    button: str = ""
    hotkey: str = ""
    primary: bool = False
    keys: tuple[int, ...] = ()
    shown: Callable[[Moment], bool] = _always
    enabled: Callable[[Moment], bool] = _always
    why_not: Callable[[PlayerView], str] = _not_now


def _person(now: Moment) -> bool:
    return now.person


def _my_turn(now: Moment) -> bool:
    return now.my_turn


def _unseen(now: Moment) -> bool:
    return now.person and not now.seen


def _can_see(now: Moment) -> bool:
    return _unseen(now) and now.see is not None


def _seen(now: Moment) -> bool:
    return now.seen


def _can_go_out(now: Moment) -> bool:
    return now.seen and now.go_out is not None


def _own_turn_only(_view: PlayerView) -> str:
    return _("hints are for your own turn")


def _enter(do: Doers) -> Effects:
    """What Enter means now: Go out when it is offered, else See (by their declared rules)."""
    now = do.turn.moment()
    out, see = COMMANDS["out"], COMMANDS["see"]
    if out.shown(now) and out.enabled(now):
        return do.showing.go_out()
    return do.showing.see() if see.shown(now) else []


def _commands(*commands: TableCommand) -> dict[str, TableCommand]:
    return {c.key: c for c in commands}


#: Every table command by its key; the buttons over the hand come in this order.
COMMANDS = _commands(
    TableCommand(
        "hint",
        lambda do: do.turn.ask_hint(),
        # Translators: a button: ask the computer for advice on this turn.
        N_("Hint"),
        "H",
        keys=(pygame.K_h,),
        shown=_person,
        enabled=_my_turn,
        why_not=_own_turn_only,
    ),
    TableCommand(
        "sort",
        lambda do: do.arranging.sort(),
        # Translators: a button: sort the cards of the hand.
        N_("Sort"),
        "S",
        keys=(pygame.K_s,),
        shown=_person,
    ),
    TableCommand(
        "group",
        lambda do: do.arranging.group(),
        # Translators: a button: put the melds found in the hand together.
        N_("Group"),
        "G",
        keys=(pygame.K_g,),
        shown=_person,
    ),
    TableCommand(
        "see",
        lambda do: do.showing.see(),
        # Translators: a button: show the melds needed to see the maal.
        N_("See"),
        "Enter",
        primary=True,
        shown=_unseen,
        enabled=_can_see,
        why_not=offers.why_no_see,
    ),
    TableCommand(
        "out",
        lambda do: do.showing.go_out(),
        # Translators: a button: finish the hand.
        N_("Go out"),
        "Enter",
        primary=True,
        shown=_seen,
        enabled=_can_go_out,
        why_not=offers.why_no_go_out,
    ),
    TableCommand("enter", _enter, keys=(pygame.K_RETURN, pygame.K_KP_ENTER)),
    TableCommand("menu", lambda _do: [Pause()], keys=(pygame.K_ESCAPE,)),
    TableCommand("log", lambda _do: [ToggleLog()], keys=(pygame.K_l,)),
    TableCommand("expose_again", lambda do: do.showing.allow_expose(), keys=(pygame.K_e,)),
)

#: The key that means each command.
COMMAND_KEYS = {k: c.key for c in COMMANDS.values() for k in c.keys}

__all__ = ["COMMANDS", "COMMAND_KEYS", "Doers", "TableCommand"]
