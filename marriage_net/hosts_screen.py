"""What only the host's own screen may ask: the seats, the rules and the turn clock, the
start, a seat given to someone else or to a computer, a new match, and the table's end.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING

from engine.rules import MAX_HANDS, RuleSet
from engine.words import words
from marriage_net import protocol as p
from marriage_net.seats import BOT_LEVELS, BOT_NAMES, Seat, new_token
from marriage_net.table_parts import Conn, Refuse, TableParts, log

if TYPE_CHECKING:
    pass


class HostsScreen(TableParts):
    """The host's screen's requests (a mixin of ``TableHost``)."""

    def _host_says(self, conn: Conn, msg: p.ClientMessage) -> None:
        """What only the host's screen may ask: seats, rules, the start, and the table's end."""
        match msg:
            case p.SetSeat():
                self._set_seat(conn, msg)
            case p.SetRules():
                self._set_rules(msg)
            case p.Start():
                if self.match is not None:
                    raise Refuse(p.Refusal.STARTED, "the match has already started")
                late = self._not_back(lambda s: s.kind == "open") if self.rematch else []
                self._deal_gathered(late)
            case p.Kick():
                self._kick(msg.seat)
            case p.Handover():
                self._hand_over(msg.seat, msg.computer)
            case p.Again():
                self.play_again()
            case p.Close():
                asyncio.ensure_future(
                    self.close(
                        words(
                            "The host saved the table and closed it: "
                            "it comes back when they open it again."
                        ),
                        saved=True,
                    )
                )

    def _set_seat(self, conn: Conn, msg: p.SetSeat) -> None:
        if self.match is not None:
            raise Refuse(p.Refusal.STARTED, "the match has started: seats can no longer change")
        if msg.kind == "none":  # the last seat goes: one player fewer
            if msg.seat != len(self.seats) - 1 or len(self.seats) <= 2:
                raise Refuse(
                    p.Refusal.BAD_SEATS,
                    "only the last seat can go, and a table keeps at least two",
                )
            if msg.seat in self.holder:
                self._kick(msg.seat)
            self.seats.pop()
            self.cover.forget(msg.seat)
            self.standings.forget(msg.seat)
            self._request_save()
            self._broadcast_lobby()
            return
        if msg.seat == len(self.seats) < 5 and msg.kind in p.SEAT_KINDS:
            self.seats.append(Seat("open", ""))  # one player more; set up just below
            self.cover.gone(msg.seat, time.monotonic())
        if not 0 <= msg.seat < len(self.seats):
            raise Refuse(p.Refusal.NO_SUCH_SEAT, f"there is no seat {msg.seat + 1}")
        if msg.kind not in p.SEAT_KINDS:
            raise Refuse(p.Refusal.BAD_SEATS, f"a seat is one of {', '.join(p.SEAT_KINDS)}")
        if self.holder.get(msg.seat) not in (None, conn):
            self._kick(msg.seat)
        seat = self.seats[msg.seat]
        self.standings.forget(msg.seat)  # the host set the seat up again
        name = p.check_name(msg.name) if msg.name.strip() else ""
        if msg.kind in BOT_LEVELS:
            name = name or BOT_NAMES[msg.seat]
        elif msg.kind == "here":
            name = name or f"Player {msg.seat + 1}"
        self.seats[msg.seat] = Seat(
            msg.kind, name, seat.token if msg.kind == "here" else new_token()
        )
        if msg.kind == "here":
            self._attach(conn, msg.seat)
        elif self.holder.get(msg.seat) is conn:
            del self.holder[msg.seat]
            conn.seats.discard(msg.seat)
        self._request_save()
        self._broadcast_lobby()

    def _set_rules(self, msg: p.SetRules) -> None:
        if msg.clock is not None:
            if msg.clock not in p.TURN_CLOCKS:
                clocks = ", ".join(str(c) for c in p.TURN_CLOCKS)
                raise Refuse(p.Refusal.BAD_RULES, f"a turn clock is one of {clocks} seconds")
            if msg.rules is None and msg.hands is None:  # the clock may change at any time
                self.cover.set_clock(msg.clock, time.monotonic())
                log.info("the turn clock is now %s", f"{msg.clock} s" if msg.clock else "off")
                self._request_save()
                self._broadcast_lobby()
                if self.match is not None:
                    self._broadcast_clock()
                return
        if self.match is not None:
            raise Refuse(p.Refusal.STARTED, "the match has started: the rules can no longer change")
        hands = self.hands if msg.hands is None else msg.hands
        if not 0 <= hands <= MAX_HANDS:
            raise Refuse(
                p.Refusal.BAD_RULES,
                f"a match lasts 1 to {MAX_HANDS} hands (0: one hand per player)",
            )
        rules = self.rules
        if msg.rules is not None:
            try:
                rules = RuleSet.from_dict(msg.rules)
            except ValueError as exc:
                raise Refuse(p.Refusal.BAD_RULES, f"those rules cannot be played: {exc}") from None
        self.rules, self.hands = rules, hands
        if msg.clock is not None:
            self.cover.set_clock(msg.clock, time.monotonic())
        self._request_save()
        self._broadcast_lobby()

    def _kick(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise Refuse(p.Refusal.NO_SUCH_SEAT, f"there is no seat {seat + 1}")
        s = self.seats[seat]
        old = self.holder.pop(seat, None)
        if old is not None:
            self._let_seat_go(
                old, seat, p.Refusal.SEAT_GIVEN, "the host gave your seat to someone else"
            )
        if s.kind == "open":
            s.taken, s.token, s.ready = False, new_token(), False
            self._sat.discard(seat)
        log.info("the host opens seat %d again", seat + 1)
        self.cover.forget(seat)
        self.standings.forget(seat)
        self.cover.gone(seat, time.monotonic(), on_purpose=True)  # a computer plays it at once
        self._request_save()
        self._broadcast_lobby()

    def _hand_over(self, seat: int, computer: bool) -> None:
        """The host hands a person's seat to a computer player, or back to its person."""
        if self.match is None:
            raise Refuse(p.Refusal.NOT_STARTED, "the match has not started")
        if not 0 <= seat < len(self.seats):
            raise Refuse(p.Refusal.NO_SUCH_SEAT, f"there is no seat {seat + 1}")
        if self.seats[seat].is_bot:
            raise Refuse(p.Refusal.BAD_SEATS, f"seat {seat + 1} is a computer player already")
        if not self.cover.hand_over(seat, computer, time.monotonic()):
            return
        log.info(
            "the host hands %s (seat %d) %s",
            self._who(seat),
            seat + 1,
            "to a computer player" if computer else "back to them",
        )
        self._drive(seat)
        self._broadcast_status(seat)
        self._broadcast_clock()
        if not computer:
            self._tell_covered(seat)


__all__ = ["HostsScreen"]
