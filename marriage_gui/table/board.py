"""The table's cards: where each physical card should be, the sprites that get it there, and
drawing the felt, the piles, the seats and the hand.

The board never changes the match: it looks at the bottom seat's ``PlayerView`` and moves
sprites toward it. Every animation is "ease from where the card was
to where the state says it is now".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from engine.cards import CARDS, Card, code_of
from engine.view import PlayerView
from engine.wilds import Role, Wilds
from marriage_gui.art.cards import CardArt

from .layout import Layout
from .sprites import CardSprite
from .tween import Tween, ease_out_back

if TYPE_CHECKING:
    from .hand import HandFan


#: The id of the face-down card that follows the pointer when the stock is dragged.
STOCK_STAND_IN = -3


@dataclass(frozen=True)
class Target:
    """Where a card belongs: top-left, width, face up or down, and its drawing layer."""

    x: float
    y: float
    w: int
    face_up: bool
    layer: int  # 0 discards, 1 melds, 2 tiplu, 3 hand
    order: int


class Board:
    """Sprites for every card on view, plus ghost backs flying to and from hidden hands."""

    def __init__(self, art: CardArt) -> None:
        self.art = art
        self.sprites: dict[int, CardSprite] = {}
        self.targets: dict[int, Target] = {}
        self.ghosts: list[CardSprite] = []
        self.dragging: list[int] = []
        self.sequences: dict[int, list[tuple[tuple[float, float], int, bool, float, float]]] = {}
        self.origins: dict[int, tuple[float, float, int, bool]] = {}
        #: Cards that left view into another seat's hidden hand (from ``event.player``).
        self.destinations: dict[int, int] = {}
        self._rot_back: tuple[int, pygame.Surface] | None = None

    # ------------------------------------------------------------------ state → targets
    def compute(
        self,
        view: PlayerView,
        layout: Layout,
        bottom: int,
        viewer: int | None,
        fan: HandFan | None,
        gap_at: int | None = None,
        lifted: frozenset[int] = frozenset(),
    ) -> dict[int, Target]:
        """Where every visible card belongs now."""
        t: dict[int, Target] = {}
        L = layout
        for i, (x, y) in enumerate(L.discard_slots(len(view.discards))):
            t[view.discards[i]] = Target(x, y, L.tw, True, 0, i)
        # The tiplu shows at the bottom seat's corner once the person there has seen.
        tiplu_here = viewer == bottom and view.seen[bottom] and view.tiplu_id is not None
        for seat in range(view.players):
            melds = view.shown[seat]
            if not melds:
                continue
            groups = [len(ids) for _k, ids in melds]
            ids = [i for _k, m in melds for i in m]
            if seat == bottom:
                area = L.my_melds.copy()
                if tiplu_here:
                    area.x += L.mw + round(L.mw * 0.6)
            else:
                spot = L.seats.get(seat)
                if spot is None:
                    continue
                area = spot.melds
            tight = seat != bottom and L.seats[seat].side != "top"
            for k, (x, y) in enumerate(L.meld_slots(area, groups, L.mw, tight)):
                t[ids[k]] = Target(x, y, L.mw, True, 1, k)
        if tiplu_here and view.tiplu_id is not None:
            t[view.tiplu_id] = Target(L.my_melds.x, L.my_melds.y, L.mw, True, 2, 0)
        if not view.hand_over:
            held = set(view.hand)
            if fan is not None and viewer == bottom:
                order = [i for i in fan.order if i in held]
            else:
                order = list(view.hand)
            still = [i for i in order if i not in self.dragging]
            # While a drag is over the hand, the hand lies as the drop would leave it: the held
            # cards' room opened at ``gap_at``, every group's gap where it would then be.
            shown = list(still)
            if gap_at is not None:
                shown[gap_at:gap_at] = self.dragging
            breaks = fan.breaks_in(shown) if fan is not None and viewer == bottom else []
            # A lifted card shows whole: the hand opens after it (its neighbour's corner shows).
            opened = [
                n + 1
                for n, cid in enumerate(shown[:-1])
                if cid in lifted and shown[n + 1] not in lifted and not self.dragging
            ]
            breaks = sorted(set(breaks) | set(opened))
            for n, ((x, y), cid) in enumerate(
                zip(L.hand_slots_grouped(len(shown), breaks), shown, strict=True)
            ):
                if cid in self.dragging:
                    continue
                if cid in lifted:
                    y -= L.lift
                t[cid] = Target(x, y, L.cw, viewer == bottom, 3, n)
            for cid in self.dragging:
                if cid in self.sprites:
                    s = self.sprites[cid]
                    t[cid] = Target(s.x, s.y, L.cw, True, 4, 0)
        self.targets = t
        return t

    def sync(self, layout: Layout, duration: float, stagger: float = 0.0) -> None:
        """Move every sprite toward its target; spawn new cards where they came from; send the
        cards that left view to where they went."""
        L = layout
        n = 0
        for cid, tg in self.targets.items():
            if cid in self.dragging or cid in self.sequences:
                continue
            s = self.sprites.get(cid)
            if s is None:
                ox, oy, ow, oface = self.origins.pop(cid, None) or (
                    L.stock.x,
                    L.stock.y,
                    L.tw,
                    False,
                )
                s = self.sprites[cid] = CardSprite(cid, code_of(cid), (ox, oy), ow, oface)
                delay = stagger * n
                n += 1
                s.move_to((tg.x, tg.y), tg.w, tg.face_up, duration * 1.25, delay, long=True)
            elif (
                (s.tween.end if s.tween else (s.x, s.y, s.w)) != (tg.x, tg.y, tg.w)
                or s.face_up != tg.face_up
                or s.leaving
            ):
                s.leaving = False
                far = abs(s.x - tg.x) + abs(s.y - tg.y) > L.cw * 3
                s.move_to(
                    (tg.x, tg.y), tg.w, tg.face_up, duration * (1.25 if far else 0.8), long=far
                )
        for cid, s in list(self.sprites.items()):
            if cid in self.targets or cid in self.sequences or cid in self.dragging:
                continue
            if s.leaving:
                continue
            dest = self._hidden_place(L, cid)
            s.leaving = True
            s.move_to(dest[:2], dest[2], False, duration * 1.2, long=True)
            if duration <= 0:
                del self.sprites[cid]

    def _hidden_place(self, L: Layout, cid: int) -> tuple[float, float, int]:
        """Where a card that left view went: the fan of the seat that took it, else the stock."""
        seat = self.destinations.pop(cid, None)
        if seat is not None and seat in L.seats:
            fx, fy = L.seats[seat].fan
            return (fx - L.bw / 2, fy - L.bh / 2, L.bw)
        return (float(L.stock.x), float(L.stock.y), L.tw)

    def seat_origin(self, L: Layout, seat: int | None) -> tuple[float, float, int, bool]:
        """Where a card held by ``seat`` comes from (its card-back fan), face down."""
        if seat is not None and seat in L.seats:
            fx, fy = L.seats[seat].fan
            return (fx - L.bw / 2, fy - L.bh / 2, L.bw, False)
        return (float(L.stock.x), float(L.stock.y), L.tw, False)

    def ghost(self, L: Layout, seat: int, delay: float, duration: float) -> None:
        """A face-down card flying from the stock to ``seat`` (the deal to an opponent)."""
        g = CardSprite(-1, 0, (L.stock.x, L.stock.y), L.tw, False)
        fx, fy = L.seats[seat].fan
        g.move_to((fx - L.bw / 2, fy - L.bh / 2), L.bw, False, duration, delay, long=True)
        if duration > 0:
            self.ghosts.append(g)

    def play(
        self, cid: int, steps: list[tuple[tuple[float, float], int, bool, float, float]]
    ) -> None:
        """Run a scripted path for one card (the tiplu being chosen), then rejoin the layout."""
        if not steps:
            return
        if cid not in self.sprites:
            return
        self.sequences[cid] = list(steps)

    # ------------------------------------------------------------------ time
    @property
    def busy(self) -> bool:
        """Whether any card is still moving."""
        return (
            bool(self.sequences)
            or bool(self.ghosts)
            or any(s.moving for s in self.sprites.values() if s.card_id not in self.dragging)
        )

    def update(self, dt: float) -> None:
        """Advance every movement; retire cards that reached a hidden place."""
        for cid, s in list(self.sprites.items()):
            if cid in self.dragging:
                continue
            s.update(dt)
            if s.leaving and not s.moving and cid not in self.sequences:
                del self.sprites[cid]
        for g in self.ghosts:
            g.update(dt)
        self.ghosts = [g for g in self.ghosts if g.moving]
        for cid, steps in list(self.sequences.items()):
            seq = self.sprites.get(cid)
            if seq is None:
                del self.sequences[cid]
                continue
            if seq.moving:
                continue
            if not steps:
                del self.sequences[cid]
                continue
            pos, w, face, dur, delay = steps.pop(0)
            s.move_to(pos, w, face, dur, delay, long=True)
            if dur <= 0 and delay <= 0 and not steps:
                del self.sequences[cid]

    def finish(self) -> None:
        """Every movement jumps to its end (a click or a new action interrupts animation)."""
        for cid, steps in list(self.sequences.items()):
            s = self.sprites.get(cid)
            if s is not None:
                s.snap()
                for pos, w, face, _d, _l in steps:
                    s.move_to(pos, w, face, 0)
        self.sequences.clear()
        for cid, s in list(self.sprites.items()):
            if cid in self.dragging:
                continue
            s.snap()
            if s.leaving:
                del self.sprites[cid]
        self.ghosts.clear()

    # ------------------------------------------------------------------ held cards
    def place_of(self, cid: int, layout: Layout | None) -> tuple[float, float]:
        """Where card ``cid`` lies now (a card not on view: the stock's place)."""
        s = self.sprites.get(cid)
        if s is not None:
            return (s.x, s.y)
        return (layout.stock.x, layout.stock.y) if layout is not None else (0.0, 0.0)

    def width_of(self, cid: int, layout: Layout | None) -> float:
        """How wide card ``cid`` is drawn now."""
        s = self.sprites.get(cid)
        if s is not None:
            return s.w
        return float(layout.tw) if layout is not None else 0.0

    def lift(self, ids: Sequence[int], stock: tuple[float, float, int] | None = None) -> None:
        """A drag takes ``ids`` up (``stock``: the stock's top-left and card width, where a
        face-down stand-in rises; the real card is drawn on the drop)."""
        if stock is not None:
            x, y, w = stock
            self.sprites[STOCK_STAND_IN] = CardSprite(STOCK_STAND_IN, 0, (x, y), w, False)
        self.dragging = list(ids)
        for cid in ids:
            sp = self.sprites.get(cid)
            if sp is not None:
                sp.tween = None

    def carry(self, positions: Sequence[tuple[int, float, float]]) -> None:
        """The held cards follow the pointer."""
        for cid, x, y in positions:
            held = self.sprites.get(cid)
            if held is not None:
                held.x, held.y = x, y

    def release(self) -> None:
        """The drag is over: nothing is held, and the stock's stand-in goes."""
        self.dragging = []
        self.sprites.pop(STOCK_STAND_IN, None)

    def ease_back(self, ids: list[int], duration: float) -> None:
        """Dragged cards that found no home return with a small overshoot."""
        for cid in ids:
            s, tg = self.sprites.get(cid), self.targets.get(cid)
            if s is None or tg is None:
                continue
            if duration <= 0:
                s.move_to((tg.x, tg.y), tg.w, tg.face_up, 0)
            else:
                s.tween = Tween((s.x, s.y, s.w), (tg.x, tg.y, tg.w), duration, ease_out_back)

    # ------------------------------------------------------------------ drawing
    def draw_cards(
        self,
        surface: pygame.Surface,
        marks_for: dict[int, frozenset[str]],
        four_colour: bool,
        layers: tuple[int, ...],
    ) -> None:
        """Draw the resting cards of ``layers``, in order."""
        # A card lifted from the hand lies over its neighbours, whole.
        still = [
            (tg.layer, tg.layer == 3 and "selected" in marks_for.get(cid, ()), tg.order, cid)
            for cid, tg in self.targets.items()
            if tg.layer in layers
            and cid in self.sprites
            and not self.sprites[cid].moving
            and cid not in self.dragging
        ]
        still.sort()
        # A card lying exactly under a later one is hidden whole: its shadow alone would show
        # (the oldest discards slide under the first slot), so it is not drawn.
        top: dict[tuple[int, float, float, int], int] = {}
        for _layer, _lifted, _order, cid in still:
            tg = self.targets[cid]
            top[(tg.layer, tg.x, tg.y, tg.w)] = cid
        for _layer, _lifted, _order, cid in still:
            s = self.sprites[cid]
            tg = self.targets[cid]
            if top[(tg.layer, tg.x, tg.y, tg.w)] != cid:
                continue
            s.draw(
                surface,
                self.art,
                tg.w,
                marks_for.get(cid, frozenset()),
                four_colour,
            )

    def draw_moving(
        self, surface: pygame.Surface, marks_for: dict[int, frozenset[str]], four_colour: bool
    ) -> None:
        """Cards in flight (and ghosts), above everything resting, then the dragged cards."""
        for g in self.ghosts:
            if g.tween is not None and g.tween.elapsed >= g.tween.delay:
                g.draw(surface, self.art, round(g.tween.end[2]), shadow=False)
        moving = [
            s
            for s in self.sprites.values()
            if (s.moving or s.leaving) and s.card_id not in self.dragging
        ]
        for s in moving:
            if s.tween is not None and s.tween.elapsed < s.tween.delay:
                continue
            w = round(s.tween.end[2]) if s.tween is not None else round(s.w)
            s.draw(
                surface,
                self.art,
                w,
                marks_for.get(s.card_id, frozenset()),
                four_colour,
            )
        for cid in self.dragging:
            held = self.sprites.get(cid)
            if held is not None:
                held.draw(
                    surface, self.art, round(held.w), marks_for.get(cid, frozenset()), four_colour
                )

    def rotated_back(self, w: int) -> pygame.Surface:
        """A back turned sideways: the hidden tiplu peeking out under the stock."""
        if self._rot_back is None or self._rot_back[0] != w:
            self._rot_back = (w, pygame.transform.rotate(self.art.back(w), 90))
        return self._rot_back[1]


def badges(wilds: Wilds | None, card: Card) -> set[str]:
    """The badge a card wears: "tiplu" or "wild" (none before the seat has seen)."""
    role = None if wilds is None else wilds.role(card)
    if role is Role.TIPLU:
        return {"tiplu"}
    return set() if role is None else {"wild"}


def card_marks(view: PlayerView, cid: int) -> set[str]:
    """The badges a card wears for the seat of ``view`` (its wilds only once it has seen)."""
    return badges(view.wilds, CARDS[code_of(cid)])
