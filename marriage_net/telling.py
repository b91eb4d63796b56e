"""News out: the lobby, each seat's news, a seat's snapshot of the match (or of the finished
match's standings), and what discovery answers. A phone page is sent what it cannot work out
itself (``plain_view``).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from marriage_net import protocol as p
from marriage_net.table_parts import Conn, TableParts

if TYPE_CHECKING:
    from engine.view import PlayerView


def plain_view(view: PlayerView, conn: Conn) -> dict[str, Any]:
    """A seat's view as ``conn`` reads it. A phone page cannot run the engine, so what it asks
    of the seat's cards (the hand grouped, the maal, the wild cards) travels worked out; a
    laptop's game works that out itself from the view, so it is not worked out for it. The
    page's browser names its origin on the websocket's handshake, a laptop's game sends none
    (``marriage_net.page``)."""
    request = getattr(conn.ws, "request", None)
    if request is not None and request.headers.get("Origin") is not None:
        view.worked_out()
    return view.to_dict()


class Telling(TableParts):
    """What the host tells the connections (a mixin of ``TableHost``)."""

    def match_hands(self) -> int:
        """How many hands the match lasts (or will, dealt now)."""
        if self.match is not None:
            return self.match.hands_total
        return self.hands or self.rules.match_hands or len(self.seats)

    def _lobby(self) -> p.Lobby:
        return p.Lobby(
            self.table,
            [
                s.info(i, i in self.holder or s.is_bot, self.cover.computer(i))
                for i, s in enumerate(self.seats)
            ],
            self.started,
            self.rules.name,
            self.match_hands(),
            self.rules.to_dict(),
            self.cover.clock,
            not self.settings.auto_start,
        )

    def _broadcast_lobby(self) -> None:
        text = p.encode(self._lobby())
        for conn in self.conns:
            conn.send(text, self.settings.outbox_limit)

    def _seat_status(self, seat: int) -> p.SeatStatus:
        s = self.seats[seat]
        if s.is_bot:
            return p.SeatStatus(seat, True, True, s.name, p.COMPUTER)
        return self.cover.status(seat, s.name, seat in self.holder, time.monotonic())

    def _broadcast_status(self, seat: int) -> None:
        text = p.encode(self._seat_status(seat))
        for conn in self.conns:
            conn.send(text, self.settings.outbox_limit)
        if self.match is None:  # before the deal the screens read who is here off the lobby
            self._broadcast_lobby()

    def _send_snapshot(self, conn: Conn, seat: int) -> None:
        assert self.match is not None
        self.match.poll(seat)  # what the snapshot covers need not follow it as updates
        view = self.match.view(seat)
        msg = p.encode_raw("snapshot", seat=seat, v=self.match.version, view=plain_view(view, conn))
        conn.send(msg, self.settings.outbox_limit)

    def _send_standings(self, conn: Conn, seat: int) -> None:
        """Between two matches, to a person back who has not said Play again: their last view
        of the finished match, so their screen shows its standings as the others' do (the
        lobby that follows says a new match is called)."""
        view = None if self.seats[seat].ready else self.standings.view(seat)
        if view is None:
            return
        v = self.standings.version
        msg = p.encode_raw("snapshot", seat=seat, v=v, view=plain_view(view, conn))
        conn.send(msg, self.settings.outbox_limit)

    def describe(self) -> dict[str, object]:
        """What discovery answers: the table's name, port, open seats and whether it plays."""
        free = sum(1 for s in self.seats if s.free)
        return {"table": self.table, "port": self.port, "open": free, "started": self.started}


__all__ = ["Telling", "plain_view"]
