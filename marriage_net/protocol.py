"""The table's messages: JSON text frames, each an object with a ``type``, decoded strictly.

Both ends decode into the typed structs below and nothing else: an unknown field, a wrong type,
a missing field, bad UTF-8 or absurd nesting is a ``ProtocolError`` with a reason, never a crash.
Actions travel as the engine's own action text (``"discard QS"``), views and events as the plain
data of their ``to_dict``.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any

import msgspec

from engine import result, wire
from engine.events import Event
from engine.result import HandResult
from engine.view import PlayerView
from engine.words import Said, from_code, say

#: Bumped whenever a message changes shape; a client of another version is told so by name.
PROTO = 7
#: The largest message a host accepts from a client (the design's limit).
MAX_CLIENT_MESSAGE = 16 * 1024
#: The largest message a client accepts from a host: a snapshot carries the hand's whole log.
MAX_HOST_MESSAGE = 1024 * 1024
#: The emotes a player may send: a fixed list, so no free text reaches other screens.
EMOTES = ("hello", "nice", "oops", "hurry", "thanks", "well_played")
#: What a seat can be in the lobby: waiting for a laptop, a person at the host's screen, a bot.
SEAT_KINDS = ("open", "here", "easy", "medium", "hard")
#: Longest player name accepted.
MAX_NAME = 24
#: The turn clocks a table may have, in seconds (0: no clock); network tables start with 60.
TURN_CLOCKS = (0, 30, 60, 90)
DEFAULT_CLOCK = 60
#: What a seat is, as every screen shows it (``SeatStatus.state``).
CONNECTED, RECONNECTING, COMPUTER, LEFT = "connected", "reconnecting", "computer", "left"
SEAT_STATES = (CONNECTED, RECONNECTING, COMPUTER, LEFT)
#: Why a computer plays a person's seat (``SeatStatus.why``): its person is away, their turn
#: clock ran out, the host handed the seat over, or a new match was dealt while its person still
#: looked at the standings of the last (late: they never left, so nobody welcomes them back).
WHY_AWAY, WHY_CLOCK, WHY_HOST, WHY_LATE = "away", "clock", "host", "late"
#: The close code of a connection the host lets go because it held no seat for a while: the
#: client rests, and comes back when its person picks a seat (not an error, not a refusal).
CLOSE_IDLE = 4000
#: The close code of a connection the host had no room to hear (try again in a moment).
CLOSE_BUSY = 1013


class Refusal(enum.StrEnum):
    """Why the host turned a request down. Clients act on this code alone: the words beside it
    are for people, and may be reworded at any time."""

    BAD_MESSAGE = "bad_message"  # unreadable, malformed, or of an unknown kind
    HELLO_FIRST = "hello_first"  # the first message must be a hello
    ALREADY_HELLO = "already_hello"
    OTHER_VERSION = "other_version"  # the two games speak different protocol versions
    LOCKED_OUT = "locked_out"  # too many wrong codes from this address: try later
    WRONG_CODE = "wrong_code"
    NOT_OWNER = "not_owner"  # an owner secret that is not this table's
    UNKNOWN_TOKEN = "unknown_token"  # a seat token this table never gave
    NO_FREE_SEAT = "no_free_seat"
    NO_SUCH_SEAT = "no_such_seat"
    SEAT_TAKEN = "seat_taken"
    BAD_NAME = "bad_name"
    SEAT_MOVED = "seat_moved"  # the seat's token was shown on a newer connection
    SEAT_GIVEN = "seat_given"  # the host gave the seat to someone else
    STALE = "stale"  # an action for a position the table has left: look again
    NOT_STARTED = "not_started"
    STARTED = "started"  # the match has been dealt: seats and rules stay as they are
    SEAT_OPEN = "seat_open"  # cannot deal while a seat waits for its player
    NOT_YOUR_SEAT = "not_your_seat"
    BAD_ACTION = "bad_action"  # not an action the engine can read
    ILLEGAL = "illegal"  # the engine's own reason why not now
    HOST_ONLY = "host_only"  # only the host's own screen may do that
    NO_SUCH_EMOTE = "no_such_emote"
    BAD_SEATS = "bad_seats"  # a change of seats the table cannot make
    BAD_RULES = "bad_rules"  # rules, a length or a clock that cannot be played
    FLOOD = "flood"  # too many messages
    NOT_OVER = "not_over"  # a new match at the table only once this one is over


def refusal_words(code: str, reason: str) -> Said:
    """The words a person is shown for a refusal, made on this laptop from its ``code`` alone
    (the host's words may be in another language, or reworded at any time). The engine's own
    refusals (``ILLEGAL``) travel as the engine's sentence code and are read back from it."""
    if code == Refusal.ILLEGAL:
        return from_code(reason)
    if code == Refusal.BAD_ACTION:
        return say("that is not an action of this game")
    made = _REFUSAL_WORDS.get(code)
    if made is None:
        return say("the table turned that down")
    return made


#: The words of each refusal but the engine's own.
_REFUSAL_WORDS: dict[str, Said] = {
    Refusal.BAD_MESSAGE: say("the table could not read this game's message"),
    Refusal.HELLO_FIRST: say("say hello first"),
    Refusal.ALREADY_HELLO: say("you have already said hello"),
    Refusal.OTHER_VERSION: say("this table runs another version of Marriage: update both games"),
    Refusal.LOCKED_OUT: say("too many wrong codes: try again later"),
    Refusal.WRONG_CODE: say("wrong table code"),
    Refusal.NOT_OWNER: say("this is not your table"),
    Refusal.UNKNOWN_TOKEN: say("that seat token is not for this table: join as a new player"),
    Refusal.NO_FREE_SEAT: say("there is no free seat at this table"),
    Refusal.NO_SUCH_SEAT: say("there is no such seat at this table"),
    Refusal.SEAT_TAKEN: say("that seat is taken"),
    Refusal.BAD_NAME: say("that name cannot be used: type a name of printable letters"),
    Refusal.SEAT_MOVED: say("this seat was taken up on another connection"),
    Refusal.SEAT_GIVEN: say("the host gave your seat to someone else"),
    Refusal.STALE: say("the table has moved on: look again"),
    Refusal.NOT_STARTED: say("the match has not started"),
    Refusal.STARTED: say("the match has already started"),
    Refusal.SEAT_OPEN: say(
        "a seat is still open: wait for its player or make it a computer player"
    ),
    Refusal.NOT_YOUR_SEAT: say("that is not your seat"),
    Refusal.HOST_ONLY: say("only the host's screen may do that"),
    Refusal.NO_SUCH_EMOTE: say("no such emote"),
    Refusal.BAD_SEATS: say("the table cannot make that change of seats"),
    Refusal.BAD_RULES: say("those rules cannot be played at this table"),
    Refusal.FLOOD: say("too many messages"),
    Refusal.NOT_OVER: say("the match is not over yet"),
}


def english(reason: Said | str) -> str:
    """A refusal's reason as the host's English words (its log, the wire's ``reason``)."""
    return reason.english if isinstance(reason, Said) else reason


class ProtocolError(ValueError):
    """A message that breaks the protocol; ``reason`` says how, in words, ``code`` as a code."""

    def __init__(self, reason: Said | str, code: Refusal = Refusal.BAD_MESSAGE) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code

    def __str__(self) -> str:
        # For a log: a screen words ``reason``.
        return self.reason.english if isinstance(self.reason, Said) else self.reason


class _Msg(msgspec.Struct, forbid_unknown_fields=True, tag_field="type"):
    """Base of every message: unknown fields are an error, the tag names the kind."""


# ---------------------------------------------------------------- client to host
class Hello(_Msg, tag="hello"):
    """The first message of a connection: the table code and a seat to sit in (or return to)."""

    proto: int
    code: str
    name: str
    token: str | None = None
    seat: int | None = None
    owner: str | None = None


class Sit(_Msg, tag="sit"):
    """Take one more seat on this connection (a second person at the same laptop)."""

    name: str
    token: str | None = None
    seat: int | None = None


class Act(_Msg, tag="act"):
    """Play ``action`` (the engine's action text) for ``seat``, at match version ``v``."""

    seat: int
    v: int
    action: str


class Resync(_Msg, tag="resync"):
    """Send me a fresh snapshot of ``seat``, or of every seat I hold."""

    seat: int | None = None


class Ready(_Msg, tag="ready"):
    """``seat``'s player is ready to start."""

    seat: int


class Emote(_Msg, tag="emote"):
    """A fixed emote from ``seat`` (one of ``EMOTES``); the host passes it to everyone."""

    seat: int
    id: str


class SetSeat(_Msg, tag="seat"):
    """The host's own screen sets what a seat is (``SEAT_KINDS``) and its name."""

    seat: int
    kind: str
    name: str = ""


class SetRules(_Msg, tag="rules"):
    """The host's own screen chooses the rules (a ``RuleSet.to_dict``), the match length (0:
    one hand per player, however many sit down), or both; what is left out stays as it is."""

    rules: dict[str, Any] | None = None
    hands: int | None = None
    clock: int | None = None  # seconds per turn, one of ``TURN_CLOCKS``


class Start(_Msg, tag="start"):
    """The host's own screen starts the match."""


class Kick(_Msg, tag="kick"):
    """The host's own screen opens a seat again, sending its player away."""

    seat: int


class Close(_Msg, tag="close"):
    """The host's own screen saves the table and closes it (everyone rejoins when it reopens)."""


class Back(_Msg, tag="back"):
    """``seat``'s person plays again: a computer that kept the seat gives it back."""

    seat: int


class Again(_Msg, tag="again"):
    """Play again: a new match at this table, same seats, everyone invited (back to the lobby).

    From the host's own screen; at a table without one (``marriage --serve``), from any seated
    player. Only once the match is over."""


class Handover(_Msg, tag="handover"):
    """The host's own screen hands ``seat`` to a computer player (``computer=False``: back to
    its person)."""

    seat: int
    computer: bool = True


ClientMessage = (
    Hello
    | Sit
    | Act
    | Resync
    | Ready
    | Emote
    | SetSeat
    | SetRules
    | Start
    | Kick
    | Close
    | Back
    | Handover
    | Again
)


# ---------------------------------------------------------------- views and events on the wire
# Declared once, in the engine: each field of a view, an event and a hand result says how it
# travels, and these are the struct types that come from those declarations (a field added
# there travels at once). Decoding a message checks them; the engine then only ties the
# fields together (``PlayerView.from_wire``). For a type checker they are plain structs.
if TYPE_CHECKING:
    EventData = Any
    ResultData = Any
    ViewData = Any
else:
    EventData = Event.wire_type()
    ResultData = HandResult.wire_type()
    ViewData = PlayerView.wire_type()
BreakdownData = result.BreakdownData
DeadwoodData = result.DeadwoodData
RuleValue = wire.RuleValue


# ---------------------------------------------------------------- host to client
class Welcome(_Msg, tag="welcome"):
    """You hold ``seat``; keep ``token`` to come back to it."""

    seat: int
    token: str
    name: str


class SeatInfo(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One seat as everybody sees it in the lobby and at the table."""

    seat: int
    kind: str
    name: str
    connected: bool
    ready: bool
    bot_playing: bool


class Lobby(_Msg, tag="lobby"):
    """The table before (and while) it plays: its seats and whether it has started."""

    table: str
    seats: list[SeatInfo]
    started: bool
    rules: str  # the preset the rules started from
    hands: int
    rule_set: dict[str, Any]  # the rules themselves (``RuleSet.to_dict``), to read before sitting
    clock: int = 0  # seconds per turn (0: no clock)
    # Whether a person hosts at the table's own screen (False: ``marriage --serve``, which deals
    # by itself, and where any player at the table may ask for a new match).
    host_screen: bool = True


class Snapshot(_Msg, tag="snapshot"):
    """Everything ``seat`` may know at version ``v`` (sent on joining and after a resync)."""

    seat: int
    v: int
    view: ViewData


class Updated(_Msg, tag="update"):
    """What happened to ``seat`` at version ``v``: its filtered events and its new view."""

    seat: int
    v: int
    events: list[EventData]
    view: ViewData


class Refused(_Msg, tag="refused"):
    """A request the host turned down: ``code`` for the client to act on and to word.

    ``reason`` is the host's English words (logs, older games), except for ``ILLEGAL``, where it
    is the engine's sentence code; the words a player sees are made by ``refusal_words`` on the
    player's own laptop, in its own language."""

    v: int
    code: Refusal
    reason: str
    seat: int | None = None


class SeatStatus(_Msg, tag="seat_status"):
    """A seat's player left, came back, or a computer took over their turns.

    ``state`` is one of ``SEAT_STATES``; ``seconds`` (while reconnecting) is how long, from when
    the message was sent, before a computer plays for them; ``why`` says why a computer plays;
    ``at`` is when it was sent, on the host's own clock (see ``Clock.at``).
    """

    seat: int
    connected: bool
    bot_playing: bool
    name: str
    state: str = CONNECTED
    seconds: float | None = None
    why: str | None = None
    at: float | None = None


class Clock(_Msg, tag="clock"):
    """The turn clock: ``seat`` must act within ``seconds`` (from when this was sent) of a
    ``total``-second clock, or its computer player makes the move; ``seat`` None: no clock runs.

    ``at`` is when it was sent, in seconds on the host's own monotonic clock: the laptops'
    clocks never agree, but the differences between ``at`` and the arrival times tell a client
    how much longer one message took than the quickest, so a clock held up on a slow line is not
    shown with time the player no longer has."""

    seat: int | None
    seconds: float
    total: int
    at: float | None = None


class Covered(_Msg, tag="covered"):
    """What a computer played for ``seat`` while its person was away (the seat's own events);
    ``why`` it played (``WHY_*``: away, the turn clock ran out, the host handed it over, the
    match was dealt before its person said Play again)."""

    seat: int
    events: list[EventData]
    why: str | None = None


class Emoted(_Msg, tag="emoted"):
    """``seat`` sent emote ``id``."""

    seat: int
    id: str


class Closing(_Msg, tag="closing"):
    """The host is closing the table; ``why`` is a sentence's code (``engine.words``), worded
    by each laptop in its own language."""

    why: str
    saved: bool = False


HostMessage = (
    Welcome | Lobby | Snapshot | Updated | Refused | SeatStatus | Clock | Covered | Emoted | Closing
)

_client_decoder = msgspec.json.Decoder(ClientMessage)
_host_decoder = msgspec.json.Decoder(HostMessage)


def _words(value: Any) -> Any:
    """An engine sentence that reaches a message as it is goes as its English words (for logs
    and older games): the words a person sees travel as codes, put there on purpose."""
    if isinstance(value, Said):
        return value.english
    raise NotImplementedError(f"a {type(value).__name__} cannot be sent")


_encoder = msgspec.json.Encoder(enc_hook=_words)


def _decode(decoder: msgspec.json.Decoder[Any], data: str | bytes, limit: int) -> Any:
    if len(data) > limit:
        raise ProtocolError(f"message too large ({len(data)} bytes; the limit is {limit})")
    try:
        return decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise ProtocolError(f"bad message: {exc}") from None
    except msgspec.DecodeError as exc:
        raise ProtocolError(f"not a readable message: {exc}") from None
    except RecursionError:
        raise ProtocolError("bad message: nested too deeply") from None


def decode_client(data: str | bytes) -> ClientMessage:
    """A message from a client, checked strictly; ProtocolError says what is wrong."""
    message: ClientMessage = _decode(_client_decoder, data, MAX_CLIENT_MESSAGE)
    return message


def decode_host(data: str | bytes) -> HostMessage:
    """A message from a host, checked as strictly as the host checks clients."""
    message: HostMessage = _decode(_host_decoder, data, MAX_HOST_MESSAGE)
    return message


def encode(message: Any) -> str:
    """A message (a struct or a plain dict with a ``type``) as JSON text."""
    return _encoder.encode(message).decode("utf-8")


def encode_raw(kind: str, **fields: Any) -> str:
    """A message built from plain data (views as ``to_dict`` gives them) as JSON text.

    The host sends views this way: encoding the dicts directly costs less than building structs.
    """
    return encode({"type": kind, **fields})


def check_name(name: str) -> str:
    """A player's name, trimmed; ProtocolError when empty, too long or not printable."""
    clean = " ".join(name.split())
    if not clean:
        raise ProtocolError(say("type a name"), Refusal.BAD_NAME)
    if len(clean) > MAX_NAME:
        raise ProtocolError(
            say("a name has at most {count} letters", count=MAX_NAME), Refusal.BAD_NAME
        )
    if not clean.isprintable():
        raise ProtocolError(say("a name may hold only printable letters"), Refusal.BAD_NAME)
    return clean


def plain(data: Any) -> Any:
    """A decoded struct (or list of them) as the plain data ``from_dict`` reads (lists, dicts)."""
    return _lists(msgspec.to_builtins(data))


def _lists(x: Any) -> Any:
    # to_builtins keeps tuples; the engine's from_dict reads JSON's shapes, where all are lists.
    if isinstance(x, list | tuple):
        return [_lists(i) for i in x]
    if isinstance(x, dict):
        return {k: _lists(v) for k, v in x.items()}
    return x


__all__ = [
    "COMPUTER",
    "CONNECTED",
    "DEFAULT_CLOCK",
    "EMOTES",
    "LEFT",
    "MAX_CLIENT_MESSAGE",
    "MAX_HOST_MESSAGE",
    "MAX_NAME",
    "PROTO",
    "RECONNECTING",
    "SEAT_KINDS",
    "SEAT_STATES",
    "TURN_CLOCKS",
    "WHY_AWAY",
    "WHY_CLOCK",
    "WHY_HOST",
    "WHY_LATE",
    "CLOSE_BUSY",
    "CLOSE_IDLE",
    "Act",
    "Again",
    "Back",
    "ClientMessage",
    "Clock",
    "Close",
    "Closing",
    "Covered",
    "Emote",
    "Emoted",
    "EventData",
    "Handover",
    "Hello",
    "HostMessage",
    "Kick",
    "Lobby",
    "ProtocolError",
    "Ready",
    "Refusal",
    "Refused",
    "Resync",
    "ResultData",
    "SeatInfo",
    "SeatStatus",
    "SetSeat",
    "Sit",
    "Snapshot",
    "SetRules",
    "Start",
    "Updated",
    "ViewData",
    "Welcome",
    "check_name",
    "decode_client",
    "decode_host",
    "encode",
    "encode_raw",
    "plain",
]
