"""The match port: what one screen needs from a match, seat by seat, and the local match behind it.

A table never holds a ``Game``. It asks a ``Match`` for a seat's ``view``, ``submit``s that seat's
actions, and ``poll``s the seat's updates: each one the match's version, the events of one applied
action already filtered for the seat, and the seat's new view (or a refusal with the engine's
reason). ``LocalMatch`` is the match on this computer: it owns the ``Game``, the seat drivers
(a person, or a bot that thinks in a worker process on its seat's view only) and the autosave hook.
A networked match implements the same protocol, so the table cannot tell them apart.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

from engine import wire
from engine.actions import Action, ExposeTunnela, parse_action
from engine.events import Event
from engine.game import Game, IllegalAction
from engine.record import MatchRecord
from engine.replay import HandReplay, replay_hand
from engine.rules import RuleSet
from engine.view import PlayerView
from engine.wire import travels
from engine.words import CODE_LIMIT, Said, from_code, say, to_code, words
from engine.worker import BotWorker, decide

#: Who plays a seat: a person at a screen, or a bot of a level.
HUMAN = "human"
BOT_LEVELS = ("easy", "medium", "hard")
DRIVERS = (HUMAN, *BOT_LEVELS)

#: Updates kept per seat that nobody polls (a bot seat); a reader that finds a gap in the
#: versions asks for ``view`` again, so dropping the oldest loses nothing.
MAX_PENDING = 256


def _refusal_out(refused: Said | None) -> str | None:
    return None if refused is None else to_code(refused)


def _refusal_back(code: str | None) -> Said | None:
    return None if code is None else from_code(code)


@dataclass(frozen=True)
class Update:
    """One thing a seat learns: the events of an applied action (filtered) and its new view.

    ``refused`` is set, with no events, when that seat's own submitted action was refused.
    The view carries no history (the events are the news); ask ``Match.view`` for the story.
    """

    seat: int = field(metadata=travels(wire.Seat, wire.same))
    version: int = field(metadata=travels(wire.Count, wire.same))
    events: tuple[Event, ...] = field(
        metadata=travels(
            wire.many(Event.wire_type()),
            lambda events: [e.to_dict() for e in events],
            lambda items: tuple(map(Event.from_wire, items)),
        )
    )
    view: PlayerView = field(
        metadata=travels(PlayerView.wire_type(), PlayerView.to_dict, PlayerView.from_wire)
    )
    refused: Said | None = field(
        default=None,
        metadata=travels(wire.text(CODE_LIMIT) | None, _refusal_out, _refusal_back),
    )

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the network."""
        return _UPDATE.to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Update:
        """Inverse of ``to_dict``; damaged data raises ValueError with a reason."""
        update: Update = cls(**_UPDATE.read(data, "an update"))
        seat, view = update.seat, update.view
        if seat != view.seat:
            raise ValueError(f"an update for seat {seat} carries the view of seat {view.seat}")
        if not all(e.visible_to(seat) for e in update.events):
            raise ValueError("an update carries an event meant for another seat")
        if update.refused is not None and update.events:
            raise ValueError("a refusal carries no events")
        return update


_UPDATE = wire.form(Update)


@runtime_checkable
class Match(Protocol):
    """What one screen needs from a match, whatever plays it (this computer or a host)."""

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        ...

    @property
    def version(self) -> int:
        """How many actions have been applied."""
        ...

    def view(self, seat: int) -> PlayerView:
        """Everything ``seat`` may know now (with its history of events)."""
        ...

    def submit(self, seat: int, action: Action) -> None:
        """Ask to play ``action`` for ``seat``; the outcome arrives through ``poll``."""
        ...

    def poll(self, seat: int) -> list[Update]:
        """Drain ``seat``'s pending updates, oldest first."""
        ...

    def close(self) -> None:
        """Stop whatever works for this match (bot workers, connections)."""
        ...

    def advance(self, dt: float, move: bool) -> bool:
        """``dt`` seconds have passed: the computer's seats get on (a bot's move is worked out,
        and played when ``move``, the table's pace allowing a move now), and whatever waits on
        time is done (a save). True when an action was applied. A match played elsewhere
        moves its bots by itself: False."""
        ...

    @property
    def thinking(self) -> int | None:
        """The seat whose computer player is working out a move here, if any."""
        ...

    @property
    def worker(self) -> BotWorker | None:
        """Where engine work for this screen may run (hints); None: bring your own."""
        ...

    @property
    def can_replay(self) -> bool:
        """Whether finished hands can be replayed here (only where the deal is known)."""
        ...

    def replay(self, hand_no: int) -> HandReplay | None:
        """Every move of finished hand ``hand_no``; None where the deal is not known here.
        ValueError with a reason a player can read for a hand not finished."""
        ...

    def record(self) -> MatchRecord | None:
        """The match's record (rules, players, seed, action log) where the deal is known here,
        for looking back at it (the coach); None for a match played elsewhere."""
        ...

    def arrangement(self, seat: int) -> dict[str, Any] | None:
        """How ``seat``'s person last arranged their hand, as kept with the match (plain data)."""
        ...

    def keep_arrangement(self, seat: int, arranged: dict[str, Any]) -> None:
        """Keep how ``seat``'s person arranged their hand (a saved match saves it)."""
        ...

    def notices(self) -> list[Said]:
        """Drain what the person at this screen should be told (a save that failed)."""
        ...

    def due(self) -> float | None:
        """Seconds until the match wants time again by itself (news may arrive, a save waits);
        None: only input or its own moves change it."""
        ...


#: How often a screen showing a match played elsewhere looks for its news (seconds).
NEWS_POLL = 0.1


class Unshared:
    """The port's answers for a match whose deal and bots are not on this computer: no bot
    moves here, no replay, arrangements kept only as long as the object lives."""

    def advance(self, dt: float, move: bool) -> bool:
        """Nothing moves here: the news comes by ``poll``."""
        return False

    @property
    def thinking(self) -> int | None:
        """No bot thinks on this computer."""
        return None

    @property
    def worker(self) -> BotWorker | None:
        """No worker of the match's own."""
        return None

    @property
    def can_replay(self) -> bool:
        """Only the host knows the deal."""
        return False

    def replay(self, hand_no: int) -> HandReplay | None:
        """Only the host knows the deal."""
        return None

    def record(self) -> MatchRecord | None:
        """Only the host knows the deal."""
        return None

    def _arrangements(self) -> dict[int, dict[str, Any]]:
        kept: dict[int, dict[str, Any]] = self.__dict__.setdefault("_unshared_kept", {})
        return kept

    def arrangement(self, seat: int) -> dict[str, Any] | None:
        """The arrangement kept by ``keep_arrangement`` while this object lives."""
        return self._arrangements().get(seat)

    def keep_arrangement(self, seat: int, arranged: dict[str, Any]) -> None:
        """Kept in memory only (nothing is saved on a joining laptop)."""
        self._arrangements()[seat] = arranged

    def notices(self) -> list[Said]:
        """Nothing to tell."""
        return []

    def due(self) -> float | None:
        """News from the host may arrive at any moment: look often."""
        return NEWS_POLL


# ---------------------------------------------------------------------- the local match


class LocalMatch:
    """A match played on this computer: the ``Game``, the seat drivers, the bot worker, autosave.

    ``on_change(match)`` is called after every applied action (the autosave hook). Bot seats move
    only when ``pump()`` is called, so the table decides the pace (it pumps when its animations
    are done). A bot never presses "next hand" while a person sits at the table.
    """

    def __init__(
        self,
        game: Game,
        drivers: Sequence[str] | None = None,
        *,
        bot_seed: int = 0,
        worker: str = "process",
        on_change: Callable[[LocalMatch], None] | None = None,
    ) -> None:
        if not isinstance(game, Game):
            raise ValueError("a LocalMatch plays a Game")
        n = game.players
        kinds = list(drivers) if drivers is not None else [HUMAN] * n
        if len(kinds) != n:
            raise ValueError(f"{len(kinds)} drivers for {n} seats")
        for kind in kinds:
            _check_driver(kind)
        self._game = game
        self._drivers = kinds
        #: Seats a computer plays for their person (see ``set_driver``).
        self._stand_ins: set[int] = set()
        self.bot_seed = bot_seed
        self.on_change = on_change
        self._worker = BotWorker(worker)
        self._pending: list[deque[Update]] = [deque(maxlen=MAX_PENDING) for _ in range(n)]
        self._job: Future[Action] | None = None
        self._job_key: tuple[int, int, str] | None = None
        self._warm = False
        #: Bot answers that were not legal (a bot bug); the first legal action was played instead.
        self.bot_errors: list[str] = []
        #: Per seat, how its person arranged the hand (plain data the table reads and writes;
        #: kept in the save beside the game, never used by a rule).
        self.arrangements: dict[int, dict[str, Any]] = {}

    # ------------------------------------------------------------------ creation and saves
    @classmethod
    def new(
        cls,
        rules: RuleSet,
        names: Sequence[str],
        drivers: Sequence[str] | None = None,
        seed: int | str = 0,
        hands: int | None = None,
        **options: Any,
    ) -> LocalMatch:
        """A new match dealt from ``seed`` (ValueError with a reason if it cannot be played)."""
        return cls(Game.new(rules, list(names), seed, hands), drivers, **options)

    @classmethod
    def from_save(
        cls, data: Any, drivers: Sequence[str] | None = None, **options: Any
    ) -> LocalMatch:
        """A match resumed from ``save_dict()`` data (ValueError with a reason if damaged)."""
        kept: Any = None
        if isinstance(data, dict) and "arrangements" in data:
            data = dict(data)
            kept = data.pop("arrangements")
        match = cls(MatchRecord.from_dict(data).game(), drivers, **options)
        # A damaged arrangement only costs the order of the cards: the hand comes back sorted.
        if isinstance(kept, dict):
            for seat, arranged in kept.items():
                if str(seat).isdigit() and int(seat) < match.players and isinstance(arranged, dict):
                    match.arrangements[int(seat)] = arranged
        return match

    def save_dict(self) -> dict[str, Any]:
        """What a save file holds: the game's rules, players, seed and action log (and how
        each person arranged their hand)."""
        data = MatchRecord.of(self._game).to_dict()
        if self.arrangements:
            data["arrangements"] = {str(s): a for s, a in sorted(self.arrangements.items())}
        return data

    # ------------------------------------------------------------------ the port
    @property
    def names(self) -> tuple[str, ...]:
        """The players' names, by seat."""
        return self._game.names

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._game.players

    @property
    def version(self) -> int:
        """How many actions have been applied."""
        return len(self._game.log)

    @property
    def rules(self) -> RuleSet:
        """The rules this match is played by."""
        return self._game.rules

    @property
    def seed(self) -> int | str:
        """The deal seed (for the player's own records; never sent to another laptop)."""
        return self._game.seed

    @property
    def is_over(self) -> bool:
        """The match is finished."""
        return self._game.is_over

    @property
    def hand_no(self) -> int:
        """The hand being played, counting from 0."""
        return self._game.hand_no

    @property
    def hands_total(self) -> int:
        """How many hands the match lasts."""
        return self._game.hands_total

    def view(self, seat: int) -> PlayerView:
        """Everything ``seat`` may know now, with its filtered history."""
        return self._game.view(self._seat(seat))

    def submit(self, seat: int, action: Action | str) -> None:
        """Play ``action`` for a person's ``seat``; a refusal (state unchanged) goes to ``poll``."""
        seat = self._seat(seat)
        reason = self._refusal(seat, action)
        if reason is None:
            try:
                self._apply(action if isinstance(action, Action) else parse_action(action))
                return
            except IllegalAction as exc:
                reason = exc.reason
            except ValueError as exc:
                said = exc.args[0] if exc.args else None
                reason = said if isinstance(said, Said) else words(str(exc))
        self._pending[seat].append(
            Update(seat, self.version, (), self._game.view(seat, history=False), reason)
        )

    def poll(self, seat: int) -> list[Update]:
        """Drain ``seat``'s pending updates, oldest first."""
        queue = self._pending[self._seat(seat)]
        out = list(queue)
        queue.clear()
        return out

    def close(self) -> None:
        """Stop the bot worker."""
        self._cancel()
        self._worker.shutdown()

    def notices(self) -> list[Said]:
        """Nothing to tell: a match that saves itself says when it cannot."""
        return []

    def due(self) -> float | None:
        """A match on this computer changes only when asked."""
        return None

    def arrangement(self, seat: int) -> dict[str, Any] | None:
        """How ``seat``'s person arranged their hand, as kept in the save."""
        return self.arrangements.get(self._seat(seat))

    def keep_arrangement(self, seat: int, arranged: dict[str, Any]) -> None:
        """Keep ``seat``'s arrangement beside the game (the next save writes it)."""
        self.arrangements[self._seat(seat)] = arranged

    # ------------------------------------------------------------------ looking back
    @property
    def can_replay(self) -> bool:
        """The deal is known here: every finished hand can be replayed."""
        return True

    def replay(self, hand_no: int) -> HandReplay | None:
        """Every move of finished hand ``hand_no`` (see ``hand_replay``)."""
        return self.hand_replay(hand_no)

    def record(self) -> MatchRecord | None:
        """The match's rules, players, seed and action log."""
        return MatchRecord.of(self._game)

    def hand_replay(self, hand_no: int) -> HandReplay:
        """Every move of finished hand ``hand_no`` (from 0), every hand revealed.

        ValueError with a reason a player can read for a hand not played, or still in play.
        """
        g = self._game
        if not isinstance(hand_no, int) or isinstance(hand_no, bool) or hand_no < 0:
            raise ValueError(f"no hand {hand_no!r} in this match")
        if hand_no > g.hand_no:
            raise ValueError(f"hand {hand_no + 1} has not been dealt yet")
        if hand_no == g.hand_no and not g.hand_over:
            raise ValueError(
                f"hand {hand_no + 1} is still being played: it can be replayed once it ends"
            )
        return replay_hand(MatchRecord.of(g), hand_no)

    # ------------------------------------------------------------------ drivers and bots
    def driver(self, seat: int) -> str:
        """Who plays ``seat``: "human" or a bot level."""
        return self._drivers[self._seat(seat)]

    @property
    def drivers(self) -> tuple[str, ...]:
        """Who plays each seat."""
        return tuple(self._drivers)

    def set_driver(self, seat: int, kind: str, stand_in: bool = False) -> None:
        """Hand ``seat`` to a person or a bot (a host covering for a player who left).

        ``stand_in``: the bot plays the seat *for its person*, who may come back at any moment;
        it makes none of the choices that are the person's own to make: it never lays a dealt
        tunnela face up (the person may be keeping it hidden; only they show it)."""
        _check_driver(kind)
        seat = self._seat(seat)
        if self._job_key is not None and self._job_key[1] == seat:
            self._cancel()
        self._drivers[seat] = kind
        if stand_in and kind != HUMAN:
            self._stand_ins.add(seat)
        else:
            self._stand_ins.discard(seat)

    def stands_in(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` for its person (``set_driver(..., stand_in=True)``)."""
        return seat in self._stand_ins

    def _bot_view(self, seat: int) -> PlayerView:
        """What the bot deciding for ``seat`` is given: the seat's view, without the moves
        that are its person's own when it stands in for them."""
        view = self._game.view(seat)
        if seat not in self._stand_ins:
            return view
        return replace(view, legal=tuple(a for a in view.legal if self._bot_may(seat, a)))

    def _bot_may(self, seat: int, action: Action) -> bool:
        """Whether the bot that plays ``seat`` may play ``action`` (a stand-in never shows a
        dealt tunnela)."""
        return not (seat in self._stand_ins and isinstance(action, ExposeTunnela))

    @property
    def thinking(self) -> int | None:
        """The bot seat whose decision is being worked out, if any."""
        return None if self._job_key is None else self._job_key[1]

    @property
    def worker(self) -> BotWorker:
        """The worker bots think on (a table may run hints there too)."""
        return self._worker

    def warm(self) -> None:
        """Start the bot worker early when any seat is a bot."""
        self._warm = True
        if any(d != HUMAN for d in self._drivers):
            self._worker.warm()

    def advance(self, dt: float, move: bool) -> bool:
        """Start a bot's decision; when ``move``, play a finished one (True when applied)."""
        if not self._warm:
            self.warm()
        if move:
            return self.pump()
        if self.thinking is None and self.bot_to_move() is not None:
            self._think()
        return False

    def bot_to_move(self) -> int | None:
        """The bot seat that must act now, or None (a person's turn, or the match is over)."""
        g = self._game
        if g.is_over:
            return None
        if g.phase == "hand_over":
            # "Next hand" waits for a person when one sits at the table.
            return None if HUMAN in self._drivers else g.current_player
        seat = g.current_player
        return seat if self._drivers[seat] != HUMAN else None

    def pump(self) -> bool:
        """Advance the bots without blocking: start a decision, or apply a finished one.

        Returns True when an action was applied.
        """
        seat = self.bot_to_move()
        if seat is None:
            self._cancel()
            return False
        self._think()
        job = self._job
        if job is None or not job.done():
            return False
        self._cancel()
        action: Any
        try:
            action = job.result()
        except Exception as exc:  # noqa: BLE001 - a crashed bot must not stop the match
            self.bot_errors.append(f"seat {seat}: {type(exc).__name__}: {exc}")
            action = None
        if (
            not isinstance(action, Action)
            or not self._game.is_legal(action)
            or not self._bot_may(seat, action)
        ):
            self.bot_errors.append(f"seat {seat}: played {action} which is not legal")
            action = next(a for a in self._game.legal_actions() if self._bot_may(seat, a))
        self._apply(action)
        return True

    def run_bots(self, limit: int = 100_000) -> int:
        """Pump until a person must act or the match ends, waiting for each bot (tests, tools)."""
        applied = 0
        while applied < limit and self.bot_to_move() is not None:
            if self.pump():
                applied += 1
            elif self._job is not None:
                self._job.exception()  # wait for the worker; pump reports a failure
        return applied

    # ------------------------------------------------------------------ internals
    def _think(self) -> None:
        """Have the worker decide for the bot to move now, unless it already is."""
        seat = self.bot_to_move()
        if seat is None:
            return
        key = (self.version, seat, self._drivers[seat])
        if self._job_key != key:
            self._cancel()
            self._job_key = key
            self._job = self._worker.submit(
                decide, seat, key[2], self.bot_seed, self._bot_view(seat)
            )

    def _seat(self, seat: int) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r} at this table")
        return seat

    def _refusal(self, seat: int, action: object) -> Said | None:
        """Why ``seat`` may not submit ``action`` now, before the engine looks at it."""
        if not isinstance(action, Action | str):
            return words(f"not an action: {type(action).__name__}")
        if self._drivers[seat] != HUMAN:
            return say("this seat is played by the computer")
        g = self._game
        if g.is_over:
            return say("the match is over")
        if g.phase == "hand_over":
            return None  # any person at the table may deal the next hand
        if seat != g.current_player:
            return say("it is {name}'s turn", name=g.names[g.current_player])
        return None

    def _apply(self, action: Action) -> None:
        g = self._game
        events = g.apply(action)
        self._cancel()
        version = self.version
        for seat in range(g.players):
            self._pending[seat].append(
                Update(
                    seat,
                    version,
                    tuple(e.for_seat(seat) for e in events),
                    g.view(seat, history=False),
                )
            )
        if self.on_change is not None:
            self.on_change(self)

    def _cancel(self) -> None:
        if self._job is not None:
            self._job.cancel()
        self._job = None
        self._job_key = None


def _check_driver(kind: str) -> None:
    if kind not in DRIVERS:
        raise ValueError(f"no seat driver {kind!r} (choose from {', '.join(DRIVERS)})")


__all__ = [
    "DRIVERS",
    "HUMAN",
    "NEWS_POLL",
    "BotWorker",
    "LocalMatch",
    "Match",
    "Unshared",
    "Update",
    "decide",
]
