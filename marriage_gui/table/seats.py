"""What this screen knows of the match: each local seat's latest view, its own log and its
person's hand as they arranged it (the fan).

The table never sees a ``Game``. It watches the seats played at this screen (one, several in
hot-seat, or seat 0 face down when only bots play) through the ``Match`` port: a view per seat,
and per seat a log written only from that seat's own filtered events, so in hot-seat nobody
reads a line meant for another chair.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.actions import Action
from engine.events import Event
from engine.match import Match
from engine.view import PlayerView
from engine.words import Said, say, words
from marriage_gui.language import _, word
from marriage_gui.ui.words import PLAYER_N, PROPOSED_NAMES, YOU, is_you

from .hand import HandFan
from .log import Log


@dataclass
class News:
    """What one poll brought for the seat at the bottom: events to animate, refusals to say,
    and how many of the match's actions it moved on (``moves``)."""

    events: list[Event] = field(default_factory=list)
    refusals: list[Said] = field(default_factory=list)
    changed: bool = False
    moves: int = 0


def renamed(line: Said, real: str, said: Said | str) -> Said:
    """``line`` (the game's words, which start with the acting seat's name) naming that seat
    ``said`` instead of ``real`` (a sentence keeps its template: the name is its field)."""
    if said == real and not isinstance(said, Said):
        return line
    if not isinstance(line, Said):  # plain words handed in by hand
        line = words(line)
    if line.verbatim:  # plain words of an older file
        text = line.template
        if not text.startswith(real + " "):
            return line
        # Not a template to translate: the name (worded when drawn) before the plain words.
        return Said("{name}{rest}", {"name": said, "rest": text[len(real) :]})
    if line.fields.get("name") != real:
        return line
    fields = {**line.fields, "name": said}
    return Said(line.template, fields, line.plural, line.number)


class SeatViews:
    """The seats this screen watches, who sits at the bottom, who is looking, and each
    person's fan."""

    def __init__(
        self,
        match: Match,
        local: Sequence[int],
        proposals: Sequence[tuple[str, int] | None] = (),
    ) -> None:
        self.match = match
        self.local = tuple(local)
        #: Per seat, the name the game proposed (it follows the language) or None (a name a
        #: person typed, said as it is).
        self.proposals = tuple(proposals)
        watched = self.local or (0,)
        self.views: dict[int, PlayerView] = {s: match.view(s) for s in watched}
        self.versions: dict[int, int] = {s: match.version for s in watched}
        self.bottom = watched[0]
        self.logs: dict[int, Log] = {s: Log(self.names()) for s in watched}
        #: Per seat, what it has heard since its own last discard: the curtain's summary.
        self.since: dict[int, list[Said]] = {s: [] for s in watched}
        #: The seats that have ended a turn this hand (before that, the summary is the hand so far).
        self.played: set[int] = set()
        for seat, view in self.views.items():
            for e in view.history:
                self.logs[seat].add(self.words(e))
                self._heard(seat, e)
        #: The seat whose cards are face up now (None: nobody looks, hands face down).
        self.viewer: int | None = self.local[0] if len(self.local) == 1 else None
        #: The curtain is down between two people's turns: nobody looks at a hand.
        self.curtained = False
        #: Each person's hand as they arranged it, sorted or as the match kept it.
        self.fans = {s: self._dealt(s) for s in self.local}
        #: The arrangements last handed to the match (a saved match writes them).
        self.kept = self.arrangements()

    def _dealt(self, seat: int) -> HandFan:
        """``seat``'s hand, sorted, or arranged as the match kept it."""
        view = self.views[seat]
        fan = HandFan(view.hand)
        fan.sort("suit")
        kept = self.match.arrangement(seat)
        if kept is not None:
            if kept.get("sort") == "rank":
                fan.sort("rank")
            fan.restore(kept, view.hand_no)
        return fan

    def new_hands(self) -> None:
        """A new deal: each person's hand comes sorted the way they sorted the last one."""
        for seat, fan in self.fans.items():
            fan.order = list(self.views[seat].hand)
            fan.selected = []
            fan.history.clear()
            fan.future.clear()
            fan.sort(fan.sort_mode)

    def arrangements(self) -> dict[int, dict[str, object]]:
        """Each person's arrangement (order, groups, sort) as plain data."""
        return {s: fan.to_dict(self.views[s].hand_no) for s, fan in self.fans.items()}

    def keep_arrangements(self) -> None:
        """Hand each arrangement that changed since the last one kept to the match."""
        for seat, arranged in self.arrangements().items():
            if self.kept.get(seat) != arranged:
                self.kept[seat] = arranged
                self.match.keep_arrangement(seat, arranged)

    @property
    def fan(self) -> HandFan | None:
        """The fan of the seat at the bottom, when a person sits there."""
        return self.fans.get(self.bottom)

    @property
    def hot_seat(self) -> bool:
        """More than one person shares this screen: hands hide between turns."""
        return len(self.local) > 1

    @property
    def state(self) -> PlayerView:
        """The view the table draws: the bottom seat's."""
        return self.views[self.bottom]

    @property
    def log(self) -> Log:
        """The bottom seat's own log."""
        return self.logs[self.bottom]

    @property
    def version(self) -> int:
        """The newest match version this screen has heard of."""
        return max(self.versions.values())

    def is_local(self, seat: int) -> bool:
        """Whether a person at this screen plays ``seat``."""
        return seat in self.local

    @property
    def looking(self) -> bool:
        """Whether a person looks at the bottom seat's cards now (behind the curtain, and while
        hands are hidden between two people's turns, nobody does)."""
        return self.viewer is not None and self.viewer == self.bottom and not self.curtained

    def my_turn(self) -> bool:
        """Whether the person looking at the table may act now."""
        v = self.state
        return (
            self.looking and not v.hand_over and v.current_player == self.viewer and bool(v.legal)
        )

    def legal_now(self) -> tuple[Action, ...]:
        """What the person looking may do now (nothing when it is not their turn)."""
        return self.state.legal if self.my_turn() else ()

    def whose_turn(self) -> str:
        """Why the person cannot act now: whose turn it is, or that the hand is over."""
        v = self.state
        if v.hand_over:
            return _("the hand is over")
        return _("it is {name}'s turn").format(name=self.name(v.current_player))

    def poll(self) -> News:
        """Take every seat's updates; the bottom seat's events and refusals come back."""
        news = News()
        for seat in self.views:
            for up in self.match.poll(seat):
                if up.refused is not None:
                    if seat == self.bottom:
                        news.refusals.append(up.refused)
                    continue
                before = self.versions[seat]
                if up.version <= before:
                    continue  # news older than the view this screen already has
                if up.version != self.versions[seat] + 1:
                    # A gap (updates dropped): take the whole view again; the log says so.
                    self.views[seat] = self.match.view(seat)
                    self.logs[seat].add(say("(the table caught up with missed moves)"))
                else:
                    self.views[seat] = up.view
                self.versions[seat] = up.version
                for e in up.events:
                    self.logs[seat].add(self.words(e))
                    self._heard(seat, e)
                if seat == self.bottom:
                    news.events.extend(up.events)
                    news.moves += up.version - before
                news.changed = True
        return news

    def _heard(self, seat: int, e: Event) -> None:
        """Keep the seat's own event lines since its last turn ended (or the hand began)."""
        if e.kind == "deal" or (e.player == seat and e.kind in ("discard", "go_out")):
            self.since[seat] = []
            if e.kind != "deal":
                self.played.add(seat)
                return
            self.played.discard(seat)
        if e.text:
            self.since[seat].append(self.words(e))
            del self.since[seat][:-40]

    def words(self, e: Event) -> Said:
        """An event's line, naming its seat as this screen names it (see ``name``): a proposed
        name in the language in use when the line is drawn, "Player N" for "You" in hot-seat."""
        if e.player is None:
            return e.text
        return renamed(e.text, self.state.names[e.player], self._said_name(e.player))

    def name(self, seat: int) -> str:
        """A seat's name as this screen says it, in the language in use: a name the game
        proposed follows the language (Sita, सीता); in hot-seat, the default "You" would name
        whoever holds the screen, so it reads "Player N" instead."""
        return word(self._said_name(seat))

    def _said_name(self, seat: int) -> Said | str:
        """``name``, kept as a sentence where it follows the language (worded when drawn)."""
        name = self.state.names[seat]
        proposal = self.proposals[seat] if seat < len(self.proposals) else None
        if self.hot_seat and (is_you(name) or (proposal is not None and proposal[0] == YOU)):
            # Translators: a seat's name in place of "You" when friends share one screen.
            return say("Player {number}", number=seat + 1)
        if proposal is not None and proposal[0] in (YOU, *PROPOSED_NAMES, PLAYER_N):
            key, number = proposal
            return say(key, number=number) if key == PLAYER_N else say(key)
        return name

    def names(self) -> tuple[str, ...]:
        """Every seat's name, as the match has it and as this screen says it."""
        real = self.state.names
        return tuple(dict.fromkeys([*real, *(self.name(s) for s in range(len(real)))]))

    def look_away(self) -> bool:
        """Hot-seat: every hand hides the moment the turn leaves the person who was looking
        (True: it just did)."""
        v = self.state
        if not self.hot_seat or self.viewer is None:
            return False
        if v.hand_over or v.current_player != self.viewer:
            self.viewer = None
            return True
        return False

    def sit(self, seat: int) -> None:
        """``seat``'s person sits down at the bottom and looks at their cards."""
        self.bottom = seat
        self.viewer = seat
