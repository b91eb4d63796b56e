"""Mouse and keyboard at the table: clicks, drags and keys become intents (``intents.py``).

The input keeps only its own state (a press, a drag, the last click, whether the arrows are in
use); it reads the frame's ``TablePicture`` for hit tests and changes nothing else. Positions
come only from ``event.pos``, so tests drive the table with synthetic events.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from marriage_gui.language import _

from . import intents as i
from .board import STOCK_STAND_IN
from .picture import TablePicture
from .tips import DISCARDS, STOCK

DRAG_START = 6  # pixels before a press becomes a drag
DOUBLE_CLICK = 0.4  # seconds

Intents = list[i.Intent]


def hand_card_at(p: TablePicture, pos: tuple[int, int]) -> int | None:
    """The top-most card of the bottom hand under ``pos``."""
    if not p.looking:
        return None
    board = p.board
    hits = [
        (t.order, cid)
        for cid, t in board.targets.items()
        if t.layer == 3 and cid in board.sprites and board.sprites[cid].rect.collidepoint(pos)
    ]
    return max(hits)[1] if hits else None


def top_discard_at(p: TablePicture, pos: tuple[int, int]) -> int | None:
    """The top discard, if ``pos`` is on it."""
    if not p.view.discards:
        return None
    cid = p.view.discards[-1]
    sprite = p.board.sprites.get(cid)
    return cid if sprite is not None and sprite.rect.collidepoint(pos) else None


def on_stock(p: TablePicture, pos: tuple[int, int]) -> bool:
    """Whether ``pos`` is on the stock."""
    return p.layout is not None and p.layout.stock.inflate(8, 8).collidepoint(pos)


def pile_at(p: TablePicture, pos: tuple[int, int]) -> str | None:
    """The pile under ``pos`` (the top discard, or the empty pile's place), if any."""
    L = p.layout
    if L is None:
        return None
    empty = pygame.Rect(L.discard_row.topleft, (L.tw, L.th))
    if top_discard_at(p, pos) is not None:
        return DISCARDS
    if not p.view.discards and empty.collidepoint(pos):
        return DISCARDS
    return STOCK if on_stock(p, pos) else None


def in_hand_area(p: TablePicture, pos: tuple[int, int]) -> bool:
    """Whether ``pos`` is over the bottom hand (where drops reorder or draw)."""
    L = p.layout
    return L is not None and pos[1] >= L.hand_y - L.lift - L.ch * 0.35


def _whose_turn(p: TablePicture) -> str:
    """Why the person cannot act now."""
    if p.view.hand_over:
        return _("the hand is over")
    return _("it is {name}'s turn").format(name=p.name(p.view.current_player))


_DRAW_KEYS = {pygame.K_1: False, pygame.K_KP1: False, pygame.K_2: True, pygame.K_KP2: True}


class TableInput:
    """Turns raw events into the table's intents; ``commands``: the key that means each table
    command (as the commands declare them)."""

    def __init__(self, commands: Mapping[int, str]) -> None:
        self.commands = dict(commands)
        self.press: tuple[str, int | None, tuple[int, int]] | None = None
        self.drag_ids: list[int] = []
        self.grab: dict[int, tuple[float, float]] = {}
        self.last_click: tuple[int, float] | None = None
        self.keyboard = False

    @property
    def dragging(self) -> bool:
        """Cards are held under the pointer."""
        return bool(self.drag_ids)

    def landing(self, p: TablePicture, pos: tuple[int, int]) -> int:
        """Where the held cards go in the hand without them if let go at ``pos``: between the
        two cards the first held card's centre is between, as the gap opened while dragging
        shows it (the hand as it lies now decides between places that would both fit)."""
        L, fan, ids = p.layout, p.fan, self.drag_ids
        if L is None or fan is None or not ids:
            return 0
        rest = [c for c in fan.order if c not in ids]
        lead = p.board.sprites.get(ids[0])
        centre = pos[0] - self.grab[ids[0]][0] + (lead.w / 2 if lead is not None else 0.0)
        shown = [p.board.targets.get(c) for c in rest]
        near = sum(1 for t in shown if t is not None and t.x + t.w / 2 < centre)
        return L.hand_index_at(
            centre,
            len(rest),
            len(ids),
            lambda at: fan.breaks_in(rest[:at] + ids + rest[at:]),
            near,
        )

    # ------------------------------------------------------------------ events
    def handle(self, event: pygame.event.Event, p: TablePicture, now: float) -> Intents:
        """What one event means at the table now (``now``: the table's clock)."""
        out: Intents = []
        button = getattr(event, "button", 1)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            # A pile's tooltip waits for the pointer to rest on it; a press puts it away.
            resting = event.type == pygame.MOUSEMOTION and self.press is None
            out.append(i.Hover(pile_at(p, event.pos) if resting else None))
        if event.type == pygame.MOUSEBUTTONDOWN and button == 1:
            self.keyboard = False
            out.append(i.Press())
            self.press = self._pressed(p, event.pos)
        elif event.type == pygame.MOUSEMOTION:
            out.append(i.ButtonHover(event.pos))
            out += self._moved(p, event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and button == 1:
            out += self._released(p, event.pos, now)
        elif event.type == pygame.MOUSEBUTTONDOWN and button == 3:
            out.append(i.ClearSelection())
        elif event.type == pygame.MOUSEWHEEL:
            out.append(i.Scroll(getattr(event, "y", 0)))
        elif event.type == pygame.KEYDOWN:
            out.append(i.Press())
            out += self._key(event, p)
        return out

    def _pressed(
        self, p: TablePicture, pos: tuple[int, int]
    ) -> tuple[str, int | None, tuple[int, int]] | None:
        L = p.layout
        if L is not None and L.menu_button.collidepoint(pos):
            return ("menu", None, pos)
        for key, b in p.buttons.items():
            if b.hit(pos):
                return ("button:" + key, None, pos)
        cid = hand_card_at(p, pos)
        if cid is not None:
            return ("hand", cid, pos)
        if top_discard_at(p, pos) is not None:
            return ("discard", p.view.discards[-1], pos)
        if on_stock(p, pos):
            return ("stock", None, pos)
        if L is not None and L.log_rect.collidepoint(pos) and p.log.open:
            return None
        return ("felt", None, pos)

    def _lift(self, p: TablePicture, kind: str, cid: int | None) -> i.Lift | None:
        """The cards a drag that starts on ``kind`` takes up."""
        if kind == "hand" and cid is not None and p.fan is not None:
            chosen = p.fan.selected_in_order()
            ids = chosen if cid in chosen else [cid]
        elif kind == "discard" and cid is not None:
            ids = [cid]
        elif kind == "stock" and p.layout is not None:
            ids = [STOCK_STAND_IN]
        else:
            return None
        L = p.layout
        stock = (L.stock.x, L.stock.y, L.tw) if kind == "stock" and L is not None else None
        assert self.press is not None
        start = self.press[2]
        places = {c: p.board.place_of(c, p.layout) for c in ids}
        g0 = (start[0] - places[ids[0]][0], start[1] - places[ids[0]][1])
        lead_w = p.board.width_of(ids[0], p.layout)
        # Spread a multi-card drag like a small fan under the pointer.
        self.grab = {c: (g0[0] - k * lead_w * 0.35, g0[1]) for k, c in enumerate(ids)}
        self.drag_ids = ids
        return i.Lift(tuple(ids), tuple(self.grab[c] for c in ids), stock)

    def _moved(self, p: TablePicture, pos: tuple[int, int]) -> Intents:
        if self.press is None:
            return []
        kind, cid, start = self.press
        out: Intents = []
        if not self.dragging:
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) < DRAG_START:
                return []
            lift = self._lift(p, kind, cid)
            if lift is None:
                return []
            out.append(lift)
        placed = tuple(
            (c, pos[0] - self.grab[c][0], pos[1] - self.grab[c][1]) for c in self.drag_ids
        )
        # The hand opens a gap where the cards would land.
        if p.layout is not None and p.fan is not None and in_hand_area(p, pos):
            out.append(i.Carry(placed, self.landing(p, pos), True))
        else:
            out.append(i.Carry(placed, None, p.fan is not None and kind == "hand"))
        return out

    def _released(self, p: TablePicture, pos: tuple[int, int], now: float) -> Intents:
        press, self.press = self.press, None
        if press is None:
            return []
        kind, cid, _start = press
        if self.dragging:
            return self._drop(p, kind, pos)
        if kind == "menu":
            return [i.Command("menu")]
        if kind.startswith("button:"):
            b = p.buttons[kind[7:]]
            if b.hit(pos):
                return [i.Command(kind[7:], click=True) if b.enabled else i.Explain(kind[7:])]
            return []
        if kind == "hand" and cid is not None and p.fan is not None:
            return self._hand_click(cid, now)
        if kind == "discard":
            return [i.DiscardSelected(take=True)]
        if kind == "stock":
            return [i.Draw(False)]
        if kind == "felt" and p.layout is not None and p.layout.discard_zone.collidepoint(pos):
            return [i.DiscardSelected()]
        if kind == "felt" and p.fan is not None and p.fan.selected:
            return [i.ClearSelection()]
        return []

    def _hand_click(self, cid: int, now: float) -> Intents:
        last = self.last_click
        if last is not None and last[0] == cid and now - last[1] < DOUBLE_CLICK:
            self.last_click = None
            return [i.Discard(cid)]
        self.last_click = (cid, now)
        return [i.ToggleCard(cid)]

    def _drop(self, p: TablePicture, kind: str, pos: tuple[int, int]) -> Intents:
        """Finish a drag: discard, reorder, draw, or ease back and say why."""
        ids = tuple(self.drag_ids)
        # ``index`` counts the hand without the held cards, as the gap did.
        index = self.landing(p, pos)
        self.drag_ids = []
        out: Intents = [i.Release()]
        L, fan = p.layout, p.fan
        if L is None:
            return out
        if kind == "hand" and fan is not None:
            out.append(self._hand_drop(p, ids, index, pos))
        elif kind in ("stock", "discard"):
            if in_hand_area(p, pos) and fan is not None:
                out.append(i.Draw(kind == "discard", index, ids))
            else:
                out.append(i.Back(ids, _("drop the card in your hand to draw it")))
        return out

    def _hand_drop(
        self, p: TablePicture, ids: tuple[int, ...], index: int, pos: tuple[int, int]
    ) -> i.Intent:
        assert p.layout is not None
        if p.layout.discard_zone.collidepoint(pos):
            if len(ids) != 1:
                return i.Back(ids, _("discard one card at a time"))
            if not p.my_turn:
                return i.Back(ids, _whose_turn(p))
            return i.Discard(ids[0], held=ids)
        if in_hand_area(p, pos):
            return i.Reorder(ids, index)
        return i.Back(
            ids, _("drop a card on the discard pile to discard it, or in your hand to move it")
        )

    # ------------------------------------------------------------------ keyboard
    def _key(self, event: pygame.event.Event, p: TablePicture) -> Intents:
        k = event.key
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if k in (pygame.K_z, pygame.K_y) and ctrl:
            return [i.Undo(redo=k == pygame.K_y or shift)]
        if k in self.commands:
            return [i.Command(self.commands[k])]
        fan_keys = self._fan_key(k, shift, p)
        if fan_keys is not None:
            return fan_keys
        if k == pygame.K_d:
            return [i.Discard(None, focused=p.focused)]
        if k in _DRAW_KEYS:
            return [i.Draw(_DRAW_KEYS[k])]
        return []

    def _fan_key(self, k: int, shift: bool, p: TablePicture) -> Intents | None:
        """Arrows and space move the keyboard ring and pick cards (None: not such a key)."""
        fan = p.fan
        if fan is None or not p.looking or not fan.order:
            return None
        moves: dict[int, Callable[[], i.Intent]] = {
            pygame.K_LEFT: lambda: i.Focus(-1, shift),
            pygame.K_RIGHT: lambda: i.Focus(1, shift),
            pygame.K_SPACE: lambda: i.Pick(None),
            pygame.K_UP: lambda: i.Pick(True),
            pygame.K_DOWN: lambda: i.Pick(False),
        }
        if k not in moves:
            return None
        self.keyboard = True
        return [moves[k]()]
