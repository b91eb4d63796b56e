"""What the table offers the person looking at it: the See, Go out and Expose that match their
selection, the ``Moment`` the commands' rules read, and why a greyed button does nothing. Every
answer comes from the seat's view: its legal actions, the engine's recommended See and Go out,
and its words for what is not offered.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import Action, ExposeTunnela, GoOut, See
from engine.cards import code_of
from engine.view import PlayerView
from marriage_gui.language import _, word
from marriage_gui.ui.card_names import readable


def see_action(
    view: PlayerView, legal: Sequence[Action], selected: Sequence[int], hinted: Action | None
) -> See | None:
    """The legal See that shows exactly the selection (nothing selected: the hint's, else the
    engine's choice)."""
    sees = [a for a in legal if isinstance(a, See)]
    if not sees:
        return None
    if See(()) in sees:
        return See(())
    chosen = sorted(code_of(i) for i in selected)
    if not chosen:
        if isinstance(hinted, See) and hinted in sees:
            return hinted
        return view.best_see if view.best_see in sees else sees[0]
    for see in sees:
        if sorted(c.code for m in see.melds for c in m) == chosen:
            return see
    return None


def go_out_action(
    view: PlayerView, legal: Sequence[Action], selected: Sequence[int], hinted: Action | None
) -> GoOut | None:
    """A legal way out, preferring the one selected card as the discard, then the hint's, then
    the engine's choice."""
    outs = [a for a in legal if isinstance(a, GoOut)]
    if not outs:
        return None
    if len(selected) == 1:
        code = code_of(selected[0])
        for a in outs:
            if a.discard.code == code:
                return a
    if isinstance(hinted, GoOut) and hinted in outs:
        return hinted
    return view.best_go_out if view.best_go_out in outs else outs[0]


def expose_action(legal: Sequence[Action]) -> ExposeTunnela | None:
    """A dealt tunnela that may be exposed now."""
    return next((a for a in legal if isinstance(a, ExposeTunnela)), None)


def why_no_see(view: PlayerView) -> str:
    """Why the greyed See does nothing now."""
    if view.why_not.see:
        return readable(view.why_not.see)
    # Translators: {need} is what must be shown, e.g. "3 pure sequences".
    need = word(view.seeing_requirement())
    return _("after drawing, select {need} to see").format(need=need)


def why_no_go_out(view: PlayerView) -> str:
    """Why the greyed Go out does nothing now."""
    if view.why_not.go_out:
        return readable(view.why_not.go_out)
    return _("you cannot go out with these cards yet")


@dataclass(frozen=True)
class Moment:
    """The table as the commands' rules read it: the bottom seat's view, whether a person looks
    at its hand in a hand still played (``person``) and may act (``my_turn``), what they may do
    (``legal``), the cards they picked (``chosen``: None when no hand of theirs is at the
    bottom) and what the hint advised."""

    view: PlayerView
    person: bool
    my_turn: bool
    legal: tuple[Action, ...]
    chosen: tuple[int, ...] | None
    hinted: Action | None

    @property
    def seen(self) -> bool:
        """The person looking has seen (Go out takes See's place)."""
        return self.person and self.view.seen[self.view.seat]

    @property
    def see(self) -> See | None:
        """The See the selection means now (None: none is offered)."""
        if self.chosen is None:
            return None
        return see_action(self.view, self.legal, self.chosen, self.hinted)

    @property
    def go_out(self) -> GoOut | None:
        """The way out the selection means now (None: none is offered)."""
        return go_out_action(self.view, self.legal, self.chosen or (), self.hinted)


__all__ = [
    "Moment",
    "expose_action",
    "go_out_action",
    "see_action",
    "why_no_go_out",
    "why_no_see",
]
