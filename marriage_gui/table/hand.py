"""The player's fan: the order the player chose, the selection, and Sort / Group."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.arrange import arrange, rank_key, suit_key
from engine.cards import Card, code_of
from engine.rules import RuleSet
from engine.wilds import Wilds


class HandFan:
    """A seat's hand as the player arranged it; the engine's hand is a set, this is the order."""

    def __init__(self, ids: Iterable[int] = ()) -> None:
        self.order: list[int] = list(ids)
        self.selected: list[int] = []  # in the order chosen
        self.focus = 0
        self.sort_mode = "suit"
        # Which group each card was put in by Group (-1 or absent: loose); kept through moves,
        # so a gap shows wherever two neighbours belong to different groups.
        self.group_of: dict[int, int] = {}
        self.history: list[list[int]] = []  # arrangements to go back to (Ctrl+Z)
        self.future: list[list[int]] = []  # arrangements undone (Ctrl+Y)

    def sync(self, hand: Sequence[int], insert_at: dict[int, int] | None = None) -> list[int]:
        """Follow the engine's hand: drop cards gone, add new ones at the right end (or where
        dropped); returns the new ids."""
        present = set(hand)
        self.order = [i for i in self.order if i in present]
        self.selected = [i for i in self.selected if i in present]
        known = set(self.order)
        new = [i for i in hand if i not in known]
        for i in new:
            at = (insert_at or {}).get(i)
            if at is None:
                self.order.append(i)
            else:
                self.order.insert(max(0, min(at, len(self.order))), i)
        self.focus = max(0, min(self.focus, len(self.order) - 1))
        return new

    # ------------------------------------------------------------------ saving the arrangement
    def to_dict(self, hand_no: int) -> dict[str, object]:
        """The arrangement as plain data for the save (which hand it belongs to, too)."""
        return {
            "hand": hand_no,
            "order": list(self.order),
            "groups": [[i, k] for i, k in self.group_of.items()],
            "sort": self.sort_mode,
        }

    def restore(self, data: object, hand_no: int) -> bool:
        """Take a saved arrangement of this hand back; anything damaged or stale is ignored."""
        if not isinstance(data, dict):
            return False
        mode = data.get("sort")
        if mode in ("suit", "rank"):
            self.sort_mode = mode
        order, groups = data.get("order"), data.get("groups")
        if data.get("hand") != hand_no or not isinstance(order, list):
            return False
        held = set(self.order)
        kept = [i for i in order if isinstance(i, int) and i in held]
        if len(set(kept)) != len(kept):
            return False
        self.order = kept + [i for i in self.order if i not in set(kept)]
        self.group_of = {}
        for pair in groups if isinstance(groups, list) else []:
            ok = isinstance(pair, list) and len(pair) == 2 and pair[0] in held
            if ok and isinstance(pair[1], int):
                self.group_of[pair[0]] = pair[1]
        return True

    # ------------------------------------------------------------------ undo of arrangement
    def remember(self) -> None:
        """Keep the arrangement as it is now, before the person changes it."""
        if self.history and self.history[-1] == self.order:
            return
        self.history.append(list(self.order))
        del self.history[:-100]
        self.future.clear()

    def undo(self) -> bool:
        """Go back to the arrangement before the last change; False if there is none."""
        if not self.history:
            return False
        self.future.append(list(self.order))
        self.order = self._restore(self.history.pop())
        return True

    def redo(self) -> bool:
        """Make the last undone change again; False if there is none."""
        if not self.future:
            return False
        self.history.append(list(self.order))
        self.order = self._restore(self.future.pop())
        return True

    def _restore(self, order: list[int]) -> list[int]:
        """An old arrangement of the cards still held; cards drawn since stay where they are."""
        held = set(self.order)
        kept = [i for i in order if i in held]
        known = set(kept)
        for n, i in enumerate(self.order):
            if i not in known:
                kept.insert(min(n, len(kept)), i)
        return kept

    def breaks(self) -> list[int]:
        """Positions in the order where a new group starts (a small gap is drawn before it)."""
        return self.breaks_in(self.order)

    def breaks_in(self, order: Sequence[int]) -> list[int]:
        """Where a new group starts in ``order``: this fan's cards in another arrangement (the
        hand as a drop would leave it)."""
        g = self.group_of
        return [n for n in range(1, len(order)) if g.get(order[n], -1) != g.get(order[n - 1], -1)]

    def runs(self) -> list[list[int]]:
        """The cards of each group as they lie now, neighbours only (loose cards left out)."""
        out: list[list[int]] = []
        for n, cid in enumerate(self.order):
            k = self.group_of.get(cid, -1)
            if k < 0:
                continue
            if out and n > 0 and self.group_of.get(self.order[n - 1], -1) == k:
                out[-1].append(cid)
            else:
                out.append([cid])
        return out

    # ------------------------------------------------------------------ selection
    def toggle(self, card_id: int) -> None:
        """Select or deselect a card."""
        if card_id in self.selected:
            self.selected.remove(card_id)
        else:
            self.selected.append(card_id)

    def clear(self) -> None:
        """Deselect everything."""
        self.selected.clear()

    def selected_in_order(self) -> list[int]:
        """The selection in hand order."""
        chosen = set(self.selected)
        return [i for i in self.order if i in chosen]

    def move(self, ids: Sequence[int], index: int) -> None:
        """Put ``ids`` (in this order) before the card now at ``index`` of the whole hand."""
        moving = set(ids)
        before = sum(1 for i in self.order[:index] if i in moving)
        self.place(ids, index - before)

    def place(self, ids: Sequence[int], at: int) -> None:
        """Put ``ids`` (in this order) at position ``at`` of the hand without them (a drop)."""
        moving = set(ids)
        rest = [i for i in self.order if i not in moving]
        at = max(0, min(len(rest), at))
        self.order = rest[:at] + list(ids) + rest[at:]

    # ------------------------------------------------------------------ arranging
    def sort(self, mode: str | None = None) -> None:
        """Sort by suit or by rank (``None`` flips between them)."""
        if mode is None:
            mode = "rank" if self.sort_mode == "suit" else "suit"
        self.sort_mode = mode
        key = suit_key if mode == "suit" else rank_key
        self.order.sort(key=lambda i: key(code_of(i)))
        self.group_of = {}

    def group(
        self, rules: RuleSet, wilds: Wilds | None, shown: Sequence[Sequence[Card]], players: int
    ) -> int:
        """Arrange found melds together at the left; returns how many groups were found."""
        groups = arrange(self.order, rules, wilds, shown, players)
        self.order = [i for g in groups for i in g]
        self.group_of = {i: k for k, g in enumerate(groups[:-1]) for i in g}
        return sum(1 for g in groups[:-1] if len(g) >= 2)


__all__ = ["HandFan", "arrange", "rank_key", "suit_key"]
