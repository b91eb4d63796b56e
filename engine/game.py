"""The game: a match of hands as a state machine. Actions in, events out, per-seat views.

A game is exactly its rules, its players, its seed and its action log: ``Game.replay`` rebuilds
any position, and saves are just that log.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import is_
from typing import Any

from engine import offers, turns
from engine.actions import Action, GoOut, See, malformed, parse_action
from engine.cards import SHOE_SIZE
from engine.events import Event
from engine.rules import MAX_SEED, RuleSet
from engine.speed import holding, legal_cache, seat_history, view_build
from engine.state import GameState
from engine.view import PlayerView
from engine.words import Said, words

_OWN = turns.OWN_ACTIONS
#: How the legal actions' searches are made: memoised by position.
_SEARCH = legal_cache.options
#: The kinds of action a search finds (the memo answers their checks).
_SEARCHED = frozenset((See, GoOut))
#: What stands in a view's why-nots until read, by whether the seat has drawn (one of each:
#: it only says that, and the view puts the answers in its place when they are worked out).
_PENDING = {False: offers.Pending(False), True: offers.Pending(True)}

#: Bounds that keep every match one the game can play (and every save one it can load).
MAX_HANDS = 100
MAX_SEED_TEXT = 100
MAX_NAME = 40


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reason`` is a sentence a player can read."""

    def __init__(self, reason: Said) -> None:
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return self.reason.english  # for a log: a screen words ``reason``


class GameLog(list[Action]):
    """The actions of a game in order, remembering the players and match length they need."""

    def __init__(
        self, actions: Iterable[Action] = (), players: Sequence[str] = (), hands: int = 0
    ) -> None:
        super().__init__(actions)
        self.players: tuple[str, ...] = tuple(players)
        self.hands = hands

    def copy(self) -> GameLog:
        """A copy that keeps the players and match length."""
        return GameLog(self, self.players, self.hands)

    def __getstate__(self) -> dict[str, Any]:
        # A copy or a pickle carries the players and match length, not the texts kept.
        return {k: v for k, v in self.__dict__.items() if k != "_texts"}

    def texts(self) -> tuple[str, ...]:
        """``str`` of every action, in order.

        Made once per action: the texts are kept with the very actions they were made from
        (actions are immutable values), and used for as long as the log still begins with
        those same objects (the engine only appends to it)."""
        made: tuple[list[Action], list[str]] | None = self.__dict__.get("_texts")
        if made is not None:
            actions, texts = made
            done = len(actions)
            if done <= len(self) and all(map(is_, actions, self)):
                if done < len(self):
                    new = self[done:]
                    actions += new
                    texts += map(str, new)
                return tuple(texts)
        self.__dict__["_texts"] = (list(self), list(map(str, self)))
        return tuple(self.__dict__["_texts"][1])


def _texts(log: list[Action]) -> tuple[str, ...]:
    """``str`` of each action of a log, in order."""
    return log.texts() if isinstance(log, GameLog) else tuple(map(str, log))


def _names(players: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(players, bool):
        raise ValueError("players must be a count or a list of names")
    if isinstance(players, int):
        names = tuple(f"Player {i + 1}" for i in range(players))
    else:
        if isinstance(players, str) or not all(isinstance(p, str) for p in players):
            raise ValueError("players must be a count or a list of names")
        names = tuple(players)
        if any(not 1 <= len(p) <= MAX_NAME for p in names):
            raise ValueError(f"a player's name must be 1 to {MAX_NAME} characters")
    if not 2 <= len(names) <= 5:
        raise ValueError(f"Marriage is played by 2 to 5 players, not {len(names)}")
    return names


class Game(GameState):
    """A match of Marriage; see the module docstring."""

    # Everything that is state; clone() and equality go through this list.
    _LIST_FIELDS = ("stock", "discards", "seen", "seen_by_dublees", "drawn", "totals")

    log: GameLog

    # ------------------------------------------------------------------ creation
    @classmethod
    def new(
        cls,
        rules: RuleSet,
        players: int | Sequence[str] = 4,
        seed: int | str = 0,
        hands: int | None = None,
    ) -> Game:
        """A new match: ``players`` is a count or a list of names; the first hand is dealt."""
        if not isinstance(rules, RuleSet):
            raise ValueError("rules must be a RuleSet (see engine.PRESETS)")
        names = _names(players)
        n = len(names)
        if n * rules.hand_size + 2 > SHOE_SIZE + rules.printed_jokers:
            raise ValueError(f"{n} hands of {rules.hand_size} cards do not fit in the shoe")
        if not isinstance(seed, int | str) or isinstance(seed, bool):
            raise ValueError("the seed must be a whole number or a word")
        if isinstance(seed, int) and not -MAX_SEED < seed < MAX_SEED:
            raise ValueError("the seed is too large")
        if isinstance(seed, str) and len(seed) > MAX_SEED_TEXT:
            raise ValueError(f"the seed may be at most {MAX_SEED_TEXT} characters")
        if hands is None:
            hands = rules.match_hands or n
        if not isinstance(hands, int) or isinstance(hands, bool):
            raise ValueError("the number of hands must be a whole number")
        if not 1 <= hands <= MAX_HANDS:
            raise ValueError(f"a match has 1 to {MAX_HANDS} hands")
        g = cls.__new__(cls)
        g.rules, g.names, g.seed, g.hands_total = rules, names, seed, hands
        g.totals = [0] * n
        g.results = []
        g.log = GameLog((), names, hands)
        g.hand_no = 0
        # The first dealer sits so that seat 0 plays first.
        g.dealer = turns.previous_seat(0, n, rules)
        g.events = []
        turns.deal(g)
        return g

    @classmethod
    def replay(
        cls,
        rules: RuleSet,
        seed: int | str,
        log: Iterable[Action | str],
        players: int | Sequence[str] | None = None,
        hands: int | None = None,
    ) -> Game:
        """Rebuild a game from its rules, seed and action log (players taken from the log)."""
        if players is None:
            players = getattr(log, "players", None) or 4
        if hands is None:
            hands = getattr(log, "hands", None) or None
        g = cls.new(rules, players, seed, hands)
        for i, a in enumerate(log):
            action = parse_action(a) if isinstance(a, str) else a
            try:
                g.apply(action)
            except IllegalAction as exc:
                raise ValueError(
                    f"action {i + 1} ({action}) is not legal: {exc.reason.english}"
                ) from None
        return g

    # ------------------------------------------------------------------ the rules
    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a fixed order (one canonical arrangement per choice)."""
        return turns.legal_actions(self, _SEARCH)  # legal_cache.legal_actions, one call less

    def is_legal(self, action: Action) -> bool:
        """Whether ``apply(action)`` would succeed."""
        return malformed(action) is None and legal_cache.check(self, action) is None

    def apply(self, action: Action | str) -> list[Event]:
        """Play an action for the current player; return the events it caused.

        Raises IllegalAction (with a reason a player can read) and leaves the state untouched.
        """
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ValueError as exc:
                raise IllegalAction(words(str(exc))) from None
        # The engine's own actions (what ``legal_actions`` lists most) are well formed.
        if _OWN.get(id(action)) is not action:
            bad = malformed(action)
            if bad is not None:
                raise IllegalAction(words(bad))
        # legal_cache.check, one call less where no search can answer (the action's type is
        # one of the actions' own, no subclass, once it is well formed)
        if type(action) in _SEARCHED:
            reason = legal_cache.check(self, action)
        else:
            reason = turns.check(self, action)
        if reason is not None:
            raise IllegalAction(reason)
        events = turns.perform(self, action)
        self.log.append(action)
        self.events.extend(events)
        return events

    # ------------------------------------------------------------------ views and copies
    def view(self, seat: int, history: bool = True) -> PlayerView:
        """What ``seat`` may know now; ``history=False`` leaves the event history empty (cheap)."""
        if not 0 <= seat < len(self.names):
            raise ValueError(f"no seat {seat}")
        over = self.phase == "hand_over" or self.phase == "match_over"
        hands = self.hands
        mover = seat == self.current_player
        legal = tuple(turns.legal_actions(self, _SEARCH)) if mover else ()
        playing = mover and (self.phase == "draw" or self.phase == "play")
        advice = offers.ASK if mover and self.phase == "play" else None
        return view_build.build(
            {
                "seat": seat,
                "names": self.names,
                "rules": self.rules,
                "phase": self.phase,
                "current_player": self.current_player,
                "dealer": self.dealer,
                "hand_no": self.hand_no,
                "hands_total": self.hands_total,
                "turn": self.turn,
                "hand": tuple(hands[seat]),
                "hand_counts": tuple(map(len, hands)),
                "shown": tuple(map(tuple, self.shown)),
                "discards": tuple(self.discards),
                "stock_count": len(self.stock),
                "seen": tuple(self.seen),
                "seen_by_dublees": tuple(self.seen_by_dublees),
                "tiplu_id": self.tiplu_id if over or self.seen[seat] else None,
                "taken": self.taken,
                "must_go_out": self.must_go_out,
                "legal": legal,
                "history": seat_history.history(self, seat) if history else (),
                "totals": tuple(self.totals),
                "result": self.results[-1] if over and self.results else None,
                "revealed_hands": tuple(map(tuple, hands)) if over else None,
                # These three are worked out from the view itself when first read (what the
                # seat knows is all they may use); until then the view only says there may be
                # some.
                "why_not": _PENDING[self.drawn[seat]] if playing else offers.NOTHING,
                "best_see": advice,
                "best_go_out": advice,
                # For a screen that cannot run the engine (the phone page): worked out from the
                # view itself, when first read (a bot or a laptop never asks).
                "groups": offers.ASK,
                "maal": offers.ASK,
                "wild_roles": offers.ASK,
            }
        )

    def clone(self) -> Game:
        """An independent copy (cheap: lists copied, immutable parts shared)."""
        g = Game.__new__(Game)
        d = self.__dict__.copy()
        d.pop(seat_history.ATTR, None)  # the copy's events are a new list: its own cache
        d.pop(holding.ATTR, None)  # and its hands are new lists: its own counts
        for name in self._LIST_FIELDS:
            d[name] = d[name].copy()
        d["hands"] = [h.copy() for h in self.hands]
        d["shown"] = [s.copy() for s in self.shown]
        d["results"] = self.results.copy()
        d["events"] = self.events.copy()
        d["log"] = self.log.copy()
        # Attribute by attribute, in the original's order: a dict handed over whole would make
        # every attribute of the copy slower to read (the class's shared key table is lost).
        for name, value in d.items():
            setattr(g, name, value)
        return g

    def state_key(self) -> tuple[Any, ...]:
        """Everything that makes this position what it is (for equality and tests)."""
        return (
            self.rules,
            self.names,
            self.seed,
            self.hands_total,
            self.hand_no,
            self.dealer,
            self.current_player,
            self.phase,
            tuple(tuple(h) for h in self.hands),
            tuple(tuple(s) for s in self.shown),
            tuple(self.stock),
            tuple(self.discards),
            self.tiplu_id,
            tuple(self.seen),
            tuple(self.seen_by_dublees),
            tuple(self.drawn),
            self.taken,
            self.must_go_out,
            self.turn,
            self.exhaustions,
            self.reshuffles,
            tuple(self.totals),
            tuple(self.results),
            tuple(self.events),
            _texts(self.log),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.state_key() == other.state_key()

    __hash__ = None  # type: ignore[assignment]


__all__ = ["Game", "GameLog", "IllegalAction"]
