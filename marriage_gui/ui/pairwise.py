"""The score sheet's pair-by-pair view: who pays whom when a family settles each pair apart.

The sheet's own money column shows each player's net, routed through the winner; some families
settle every two players directly (each pays the other their maal difference, and a loser pays
the winner the fee). ``engine.scoring.pairwise`` works that out; this says and draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from engine.scoring import pairwise
from marriage_gui.art import fonts
from marriage_gui.language import N_, _
from marriage_gui.ui.theme import GOLD_LIGHT, TABLE_MUTED, TABLE_TEXT, panel, shrunk, wrap
from marriage_gui.ui.words import is_you

if TYPE_CHECKING:
    from engine.result import HandResult
    from engine.rules import RuleSet

HEADING = N_("Pair by pair")
EXPLAINED = N_(
    "Each two players settle their maal difference; a loser also pays the winner the fee. "
    "It adds up to the same nets."
)


def pairwise_lines(result: HandResult, rules: RuleSet, names: Sequence[str]) -> list[str]:
    """One line per pair that owes anything (``Sita pays Ram 7``); none if nothing is settled."""
    if rules.scoring != "settlement" or result.reason == "void":
        return []
    owed = pairwise(result.points, result.winner, result.seen, result.dublee_win, rules)
    lines = []
    for payer, payee, amount in owed:
        if is_you(names[payer]):
            # Translators: the person at this screen pays another player ("You pay Ram 7").
            line = _("You pay {payee} {amount}")
        elif is_you(names[payee]):
            # Translators: another player pays the person at this screen ("Sita pays you 7").
            line = _("{payer} pays you {amount}")
        else:
            # Translators: one player pays another ("Sita pays Ram 7").
            line = _("{payer} pays {payee} {amount}")
        lines.append(line.format(payer=names[payer], payee=names[payee], amount=amount))
    return lines or [_("Nobody owes anybody anything.")]


class PairwiseView:
    """Shown or not, and drawn over the cards of the sheet's rows (the nets stay in view)."""

    def __init__(self, result: HandResult | None, rules: RuleSet, names: Sequence[str]) -> None:
        self.result, self.rules, self.names = result, rules, tuple(names)
        self.shown = False
        self._offered = bool(self.lines)

    @property
    def lines(self) -> list[str]:
        """The pairs in the language in use, a line each."""
        if self.result is None:
            return []
        return pairwise_lines(self.result, self.rules, self.names)

    @property
    def totals(self) -> str:
        """Each player's net, as the pairs add up (the rows beside say the same)."""
        if self.result is None or not self._offered:
            return ""
        nets = _(", ").join(
            _("{name} {net}").format(name=n, net=f"{v:+d}")
            for n, v in zip(self.names, self.result.nets, strict=True)
        )
        # Translators: each player's net for the hand, after the pairs: "In all: Sita +7, …".
        return _("In all: {nets}").format(nets=nets)

    @property
    def offered(self) -> bool:
        """Whether this hand settles in money at all (settlement scoring, not a void hand)."""
        return self._offered

    def toggle(self) -> None:
        """Show or hide the pairs."""
        self.shown = self.offered and not self.shown

    def draw(self, surface: pygame.Surface, area: pygame.Rect, size: int) -> None:
        """The pairs in ``area``, in as many columns as they need."""
        if not self.shown:
            return
        # Opaque: the rows' cards and words underneath would only blur the pairs.
        panel(surface, area, 12, (8, 30, 22, 255), GOLD_LIGHT, edge_width=2)
        pad = max(10, size)
        x, y = area.x + pad, area.y + pad
        head = fonts.render(_(HEADING), size + 4, GOLD_LIGHT, True)
        surface.blit(head, (x, y))
        y += head.get_height() + 4
        note_size = max(12, round(size * 0.7))
        for note in wrap(_(EXPLAINED), note_size, area.w - 2 * pad):
            note_img = fonts.render(note, note_size, TABLE_MUTED)
            surface.blit(note_img, (x, y))
            y += note_img.get_height()
        totals = self.totals
        if totals:
            totals, fitted = shrunk(totals, note_size, area.w - 2 * pad, 10)
            total = fonts.render(totals, fitted, TABLE_MUTED)
            surface.blit(total, (x, area.bottom - pad - total.get_height()))
        y += pad // 2
        line_h = fonts.size_of("Ag", size)[1] + 4
        per_column = max(1, (area.bottom - 2 * pad - note_size - y) // line_h)
        lines = self.lines
        columns = -(-len(lines) // per_column)
        col_w = (area.w - 2 * pad) // max(1, columns)
        for i, line in enumerate(lines):
            col, row = divmod(i, per_column)
            words, fit = shrunk(line, size, col_w - pad, 10, bold=True)
            img = fonts.render(words, fit, TABLE_TEXT, True)
            surface.blit(img, (x + col * col_w, y + row * line_h))
