"""Where everything sits on the table, derived from the window size alone (so it rescales)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from marriage_gui.art.cards import card_size

#: Where the other seats sit, by how many there are, as (side, x fraction, y fraction).
_SPOTS: dict[int, tuple[tuple[str, float, float], ...]] = {
    1: (("top", 0.5, 0.0),),
    2: (("top", 0.3, 0.0), ("top", 0.7, 0.0)),
    3: (("left", 0.0, 0.2), ("top", 0.5, 0.0), ("right", 1.0, 0.2)),
    4: (("left", 0.0, 0.2), ("top", 0.34, 0.0), ("top", 0.66, 0.0), ("right", 1.0, 0.2)),
}


#: The closest two discards lie, in card widths: the corner rank of each stays readable.
DISCARD_MIN_STEP = 0.26

#: The room left between two groups of the hand, in steps between neighbouring cards.
GROUP_GAP = 1.6
#: The least room between two groups, in steps, when a long hand has many groups.
GROUP_GAP_LEAST = 0.9
#: How much of each card a hand keeps showing (in card widths) before its gaps give way.
STEP_KEPT = 0.34


@dataclass
class SeatSpot:
    """One opponent's corner: the name plate, the card-back fan and the shown melds."""

    seat: int
    side: str
    plate: pygame.Rect
    fan: tuple[int, int]  # centre of the card-back fan
    melds: pygame.Rect  # where the shown melds go (wrapping inside)

    @property
    def centre(self) -> tuple[int, int]:
        """Where cards fly to when they join this seat's hand."""
        return self.fan


class Layout:
    """Every rectangle of the table for one window size, seat count and card scale."""

    def __init__(
        self,
        size: tuple[int, int],
        players: int,
        bottom: int,
        clockwise: bool = True,
        card_scale: float = 1.0,
        log_open: bool = False,
    ) -> None:
        w, h = size
        self.size = size
        self.players = players
        self.bottom = bottom
        #: The card size asked for (the settings' ``card_scale``).
        self.card_scale = card_scale
        scale = max(0.7, min(1.4, card_scale))
        # The hand: as large as fits 22 overlapping cards, legible first.
        cw = round(min(h * 0.16 * scale, w / 9.5, 190))
        self.cw, self.ch = card_size(cw)
        self.margin = max(12, round(w * 0.012))
        self.lift = round(self.ch * 0.17)
        self.hand_y = h - self.ch - round(self.margin * 0.8)
        self.hand_left = self.margin
        self.hand_right = w - self.margin
        self.hand_rect = pygame.Rect(
            0, self.hand_y - self.lift - 8, w, h - self.hand_y + self.lift + 8
        )
        # Table cards (stock, discards) and small cards (shown melds, backs).
        self.tw, self.th = card_size(round(cw * 0.7))
        self.mw, self.mh = card_size(max(30, round(cw * 0.46)))
        self.bw, self.bh = card_size(max(24, round(cw * 0.36)))
        # The band over the hand: my shown melds on the left, the buttons on the right.
        self.button_h = max(34, round(h * 0.05))
        band_bottom = self.hand_y - self.lift - 8
        self.band = pygame.Rect(
            self.margin,
            band_bottom - max(self.mh, self.button_h),
            w - 2 * self.margin,
            max(self.mh, self.button_h),
        )
        # My name plate sits at the left of the band, my shown melds after it.
        self.my_plate = pygame.Rect(
            self.margin, self.band.bottom - self.button_h, round(max(120, w * 0.1)), self.button_h
        )
        self.my_melds = pygame.Rect(self.my_plate.right + 12, self.band.y, round(w * 0.42), self.mh)
        self.buttons = pygame.Rect(
            round(w * 0.42),
            band_bottom - self.button_h,
            round(w * 0.58) - self.margin,
            self.button_h,
        )
        # Opponents.
        others = [(bottom + k) % players for k in range(1, players)]
        if not clockwise:
            others.reverse()
        spots = _SPOTS[len(others)]
        self.plate_w = round(max(190, w * 0.15))
        self.plate_h = round(max(62, h * 0.085))
        self.seats: dict[int, SeatSpot] = {}
        side_used = False
        for seat, (side, fx, fy) in zip(others, spots, strict=True):
            self.seats[seat] = self._spot(seat, side, fx, fy)
            side_used = side_used or side != "top"
        if side_used:
            # Melds of the top seats stay clear of the side plates.
            lo, hi = self.margin + self.plate_w + 12, w - self.margin - self.plate_w - 12
            for spot in self.seats.values():
                if spot.side == "top":
                    spot.melds.x = max(spot.melds.x, lo)
                    spot.melds.width = min(spot.melds.right, hi) - spot.melds.x
        # The centre: the stock and the discard row.
        top_band = self.margin + self.plate_h + self.mh + 18
        side_w = self.plate_w + 2 * self.margin if side_used else self.margin * 3
        mid_y = round((top_band + self.band.y) / 2 - self.th / 2) - 10
        # Under the piles the maal panel needs room for its head and four items (more go in two
        # columns): the piles rise for it, never over the top seats' melds.
        self.maal_size = max(12, h // 58)
        maal_h = round(self.maal_size * 1.35) * 5 + self.maal_size // 2
        count_h = max(12, self.th // 9) + 12  # the stock's count, under it
        mid_y = max(top_band, min(mid_y, self.band.y - 16 - maal_h - count_h - self.th))
        self.stock = pygame.Rect(side_w + 10, mid_y, self.tw, self.th)
        left = self.stock.right + round(self.tw * 0.55)
        right = w - side_w - 10
        # The open log takes the right of the middle: under the top seats' melds, over the band
        # and its buttons, short of a right-hand seat; the discard row then ends before it.
        log_w = round(w * 0.24)
        self.log_rect = pygame.Rect(right - log_w, top_band, log_w, self.band.y - 8 - top_band)
        if log_open:
            right = self.log_rect.x - round(self.tw * 0.3)
        self.discard_row = pygame.Rect(left, mid_y, right - left, self.th)
        self.discard_zone = self.discard_row.inflate(round(self.tw * 0.4), round(self.th * 0.5))
        # The announcement (and the toasts under it) stand in the middle of the felt left open:
        # with the log open, left of it.
        centre_x = (self.stock.x + right) // 2 if log_open else w // 2
        self.banner = (centre_x, self.discard_row.bottom + round(self.th * 0.28))
        self.menu_button = pygame.Rect(self.margin, self.margin, 44, 36)
        # The maal panel's room: under the piles, right of a left-hand seat, left of the buttons
        # and of the log.
        x0 = max(
            [self.margin] + [s.melds.right + 12 for s in self.seats.values() if s.side == "left"]
        )
        top = max(self.stock.bottom + count_h, self.discard_row.bottom) + 8
        right = min(round(w * 0.42), self.log_rect.x - 12)
        self.maal_area = pygame.Rect(x0, top, right - x0, self.band.y - 8 - top)

    def end_log_at(self, bottom: int) -> None:
        """The open log ends above ``bottom``: something of the table's own (the guide's box)
        stands under it, across the felt."""
        self.log_rect.height = max(0, min(self.log_rect.height, bottom - self.log_rect.y))

    def _spot(self, seat: int, side: str, fx: float, fy: float) -> SeatSpot:
        w, h = self.size
        pw, ph, m = self.plate_w, self.plate_h, self.margin
        if side == "top":
            plate = pygame.Rect(round(w * fx - pw / 2), m, pw, ph)
            melds = pygame.Rect(
                plate.centerx - round(pw * 1.1), plate.bottom + 6, round(pw * 2.2), self.mh
            )
        elif side == "left":
            plate = pygame.Rect(m, round(h * fy), pw, ph)
            melds = pygame.Rect(m, plate.bottom + 6, pw, self.mh * 2 + 6)
        else:
            plate = pygame.Rect(w - m - pw, round(h * fy), pw, ph)
            melds = pygame.Rect(plate.x, plate.bottom + 6, pw, self.mh * 2 + 6)
        # The card backs sit beside the plate, toward the middle of the table.
        fan_w = self.bw * 2.6
        if side == "top":
            fan = (round(plate.right + 10 + fan_w / 2), plate.centery)
        else:
            fan = (plate.centerx, plate.bottom + 8 + self.bh // 2)
            melds.y += self.bh + 14
        return SeatSpot(seat, side, plate, fan, melds)

    # ------------------------------------------------------------------ the hand
    def hand_step(self, count: int) -> float:
        """Horizontal distance between neighbouring cards in a hand of ``count``."""
        if count <= 1:
            return 0.0
        room = self.hand_right - self.hand_left - self.cw
        return min(self.cw * 0.62, room / (count - 1))

    def hand_slots(self, count: int) -> list[tuple[float, float]]:
        """Top-left corner of each card of a hand of ``count``, centred along the bottom."""
        step = self.hand_step(count)
        width = self.cw + step * max(0, count - 1)
        x0 = (self.size[0] - width) / 2
        return [(x0 + i * step, float(self.hand_y)) for i in range(count)]

    def hand_gaps(self, count: int, groups: int) -> tuple[float, float]:
        """The step between cards, and the room left before each of ``groups`` new groups, for
        a hand of ``count``: ``GROUP_GAP`` steps, so that in a hand of ordinary length a
        group's last card shows whole with felt after it, as on a real table."""
        if count <= 1 or groups == 0:
            return self.hand_step(count), 0.0
        room = self.hand_right - self.hand_left - self.cw
        # The full gap while the cards keep enough of themselves showing; in a long hand with
        # many groups the gaps give way first, down to ``GROUP_GAP_LEAST`` steps.
        gap = GROUP_GAP
        step = min(self.cw * 0.62, room / (count - 1 + groups * gap))
        if step < self.cw * STEP_KEPT:
            gap = max(GROUP_GAP_LEAST, (room / (self.cw * STEP_KEPT) - (count - 1)) / groups)
            step = min(self.cw * 0.62, room / (count - 1 + groups * gap))
        return step, step * gap

    def hand_slots_grouped(self, count: int, breaks: list[int]) -> list[tuple[float, float]]:
        """Like ``hand_slots``, with felt before each of ``breaks`` (see ``hand_gaps``)."""
        if not breaks:
            return self.hand_slots(count)
        step, gap = self.hand_gaps(count, len(breaks))
        width = self.cw + step * max(0, count - 1) + gap * len(breaks)
        x0 = (self.size[0] - width) / 2
        out = []
        extra = 0.0
        cut = set(breaks)
        for i in range(count):
            if i in cut:
                extra += gap
            out.append((x0 + i * step + extra, float(self.hand_y)))
        return out

    def hand_index_at(
        self, x: float, count: int, held: int, breaks_at: Callable[[int], list[int]], near: int
    ) -> int:
        """Where ``held`` cards, the first one's centre at ``x``, go among the ``count`` other
        cards of the hand (0..count). ``breaks_at(place)`` gives the groups' breaks of the hand
        with them at ``place``; ``near`` is how many of the other cards lie left of ``x`` as the
        hand is shown now.

        A place fits when, the hand opened there (its groups' gaps included), ``x`` lies between
        the centres of the two cards either side of the gap. Of the places that fit, the one
        nearest ``near``: a gap shown stays until the card passes a neighbour's centre, so the
        hand never flickers, and a card brought over the hand opens it between the cards it is
        between."""
        half = self.cw / 2

        def rank(at: int) -> tuple[int, int, float]:
            slots = self.hand_slots_grouped(count + held, breaks_at(at))
            centres = [sx + half for sx, _y in slots[:at] + slots[at + held :]]
            left = sum(1 for c in centres if c < x)
            return (abs(left - at), abs(at - near), abs(slots[at][0] + half - x))

        # The places in order of their distance from ``near``: the first distance at which one
        # fits gives the place (a drag asks every frame; a hand of 22 need not be opened 23
        # times). The same place as the least rank of all: fitting first, then nearest.
        for step in range(count + 1):
            ranked = [
                (rank(at), at) for at in sorted({near - step, near + step}) if 0 <= at <= count
            ]
            fitting = [(r, at) for r, at in ranked if r[0] == 0]
            if fitting:
                return min(fitting)[1]
        return min(range(count + 1), key=rank)

    # ------------------------------------------------------------------ the discard row
    def discard_slots(self, count: int) -> list[tuple[float, float]]:
        """Top-left of each discard, oldest first: a row that compresses as the pile grows."""
        if count <= 0:
            return []
        row = self.discard_row
        room = row.width - self.tw
        step = min(self.tw * 0.5, room / max(1, count - 1))
        # Never closer than a rank index is wide ("10" included), so every rank stays legible.
        min_step = self.tw * DISCARD_MIN_STEP
        if step < min_step:
            # Too many to show even compressed: the oldest slide under the first slot.
            fit = int(room / min_step) + 1
            hidden = count - fit
            return [(row.x + max(0, i - hidden) * min_step, float(row.y)) for i in range(count)]
        return [(row.x + i * step, float(row.y)) for i in range(count)]

    def meld_slots(
        self, area: pygame.Rect, groups: list[int], w: int, tight: bool = False
    ) -> list[tuple[float, float]]:
        """Top-left of each card of melds (sizes ``groups``) flowing in ``area`` with width ``w``."""
        step = w * (0.3 if tight else 0.42)
        gap = w * (0.12 if tight else 0.25)
        h = round(w / 0.7)
        out = []
        x, y = float(area.x), float(area.y)
        for n in groups:
            span = w + step * (n - 1)
            if x + span > area.right and x > area.x:
                x = float(area.x)
                y += h * 0.55
            for i in range(n):
                out.append((x + i * step, y))
            x += span + gap
        return out
