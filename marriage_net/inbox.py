"""Messages in: a player's action, a seat asked for, ready, back, an emote; what only the
host's screen may ask goes on to ``HostsScreen``. Every request is refused with a code (each
laptop words it itself) and leaves the table as it was.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from engine.actions import parse_action
from marriage_net import protocol as p
from marriage_net.table_parts import Conn, Refuse, TableParts, log

if TYPE_CHECKING:
    pass


class Inbox(TableParts):
    """The messages of a connection that has said hello (a mixin of ``TableHost``)."""

    def _receive(self, conn: Conn, raw: str | bytes) -> bool:
        """Handle one message; False closes the connection."""
        limit = self.settings.outbox_limit
        try:
            if not isinstance(raw, str):
                raise p.ProtocolError("messages are JSON text")
            msg = p.decode_client(raw)
        except p.ProtocolError as exc:
            return self._refused(conn, exc.code, p.english(exc.reason), None, charge=True)
        if isinstance(msg, p.Act):
            start = time.perf_counter()
            try:
                accepted = self._act(conn, msg)
            except Refuse as exc:
                return self._refused(conn, exc.code, p.english(exc.reason), msg.seat, charge=True)
            if accepted:
                self.work_ms.append((time.perf_counter() - start) * 1000)
                return True
            # The engine said no (its reason is on its way): that costs like any other refusal.
            return conn.charge(self.settings.flood_rate, self.settings.flood_burst) or (
                self._flooded(conn)
            )
        if not conn.charge(self.settings.flood_rate, self.settings.flood_burst):
            return self._flooded(conn)
        try:
            self._dispatch(conn, msg)
        except Refuse as exc:
            conn.send(p.encode(p.Refused(self._version(), exc.code, p.english(exc.reason))), limit)
            return not exc.close
        except p.ProtocolError as exc:
            conn.send(p.encode(p.Refused(self._version(), exc.code, p.english(exc.reason))), limit)
        return True

    def _refused(
        self, conn: Conn, why: p.Refusal, reason: str, seat: int | None, charge: bool
    ) -> bool:
        if charge and not conn.charge(self.settings.flood_rate, self.settings.flood_burst):
            return self._flooded(conn)
        message = p.Refused(self._version(), why, reason, seat)
        conn.send(p.encode(message), self.settings.outbox_limit)
        return True

    def _flooded(self, conn: Conn) -> bool:
        log.info("closing a flooding connection from %s", conn.address)
        conn.send(
            p.encode(p.Refused(self._version(), p.Refusal.FLOOD, "too many messages")),
            self.settings.outbox_limit,
        )
        conn.close_code, conn.close_reason = 1008, "too many messages"
        return False

    def _act(self, conn: Conn, msg: p.Act) -> bool:
        """Play an action; True if the engine took it (False: it sent the seat its reason)."""
        if self.match is None:
            raise Refuse(p.Refusal.NOT_STARTED, "the match has not started")
        if msg.seat not in conn.seats:
            raise Refuse(p.Refusal.NOT_YOUR_SEAT, "that is not your seat")
        # Any move of theirs, even one too late, shows the person is there: a computer covering
        # for them lets go first.
        self._person_acts(msg.seat)
        if msg.v != self.match.version:
            raise Refuse(
                p.Refusal.STALE,
                f"the table has moved on (it is at {self.match.version}): look again",
            )
        try:
            action = parse_action(msg.action)
        except ValueError as exc:
            raise Refuse(p.Refusal.BAD_ACTION, str(exc)) from None
        before = self.match.version
        self.match.submit(msg.seat, action)
        accepted = self.match.version != before
        self._pump()
        return accepted

    def _pump(self) -> None:
        """Give the bots their turn and pass on what happened; a failure is logged, not fatal."""
        assert self.match is not None
        try:
            self.match.pump()
        except Exception:  # a broken bot worker must not drop the player who just acted
            log.exception("the bots could not move")
        self._flush()

    def _dispatch(self, conn: Conn, msg: p.ClientMessage) -> None:
        """One message of a connection that has said hello: a player's, or the host screen's."""
        match msg:
            case p.Hello():
                raise Refuse(p.Refusal.ALREADY_HELLO, "you have already said hello")
            case p.Resync():
                self._resync(conn, msg.seat)
            case p.Sit():
                self._claim(conn, msg.name, msg.token, msg.seat)
            case p.Ready():
                self._ready(self._own(conn, msg.seat))
            case p.Back():
                self._person_acts(self._own(conn, msg.seat))
            case p.Emote():
                self._emote(self._own(conn, msg.seat), msg.id)
            case p.Again() if conn.seats and self.settings.auto_start:
                for seat in sorted(conn.seats):  # no host screen here: a player asks for it
                    self.play_again(seat)
            case _:
                if not conn.owner:
                    raise Refuse(p.Refusal.HOST_ONLY, "only the host's screen may do that")
                self._host_says(conn, msg)

    @staticmethod
    def _own(conn: Conn, seat: int) -> int:
        """``seat``, when it is one of this connection's (else the message is refused)."""
        if seat not in conn.seats:
            raise Refuse(p.Refusal.NOT_YOUR_SEAT, "that is not your seat")
        return seat

    def _resync(self, conn: Conn, wanted: int | None) -> None:
        """The lobby again, or a snapshot of each of the connection's seats asked for."""
        if self.match is None:
            conn.send(p.encode(self._lobby()), self.settings.outbox_limit)
            return
        for seat in sorted(conn.seats):
            if wanted in (None, seat):
                self._send_snapshot(conn, seat)

    def _ready(self, seat: int) -> None:
        """A person is back: from the standings after the deal, for the new match the table
        gathers for, or ready in the lobby."""
        if self.match is not None and not self.match.is_over:
            self._person_acts(seat)
        elif self.settings.auto_start and self.match is None and self._seated():
            self.play_again(seat)
        else:
            self.seats[seat].ready = True
            self._request_save()
            self._broadcast_lobby()

    def _emote(self, seat: int, emote: str) -> None:
        if emote not in p.EMOTES:
            raise Refuse(p.Refusal.NO_SUCH_EMOTE, "no such emote")
        text = p.encode(p.Emoted(seat, emote))
        for other in self.conns:
            other.send(text, self.settings.outbox_limit)


__all__ = ["Inbox"]
