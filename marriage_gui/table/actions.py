"""The table's actions: what the person's intents do, and the table's commands, each declared once.

``TableActions`` is built with exactly what it acts on: the match, the seats' views (and the fans
in them), the board, the toasts, the hint, the question asked, the command buttons and the piles'
tooltips. ``dispatch`` is the one place that submits an action to the match, moves cards or
says why not. It never calls back into the scene: it returns what the scene must do next
(``effects.py``), and a question's buttons answer with intents the scene's loop brings back.

A table command (Hint, Sort, Group, See, Go out, Enter, the menu, the log, Expose again) is one
``TableCommand`` in ``COMMANDS`` at the end of this module: its button, its keys, the rules
that show and enable it, why it does nothing when greyed, and what it does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import assert_never

import pygame

from engine.actions import Action, Discard, DrawStock, NextHand, TakeDiscard
from engine.cards import CARDS, code_of
from engine.match import Match
from engine.view import PlayerView
from marriage_gui.art.sounds import SoundBoard
from marriage_gui.language import N_, _, word
from marriage_gui.settings import Settings
from marriage_gui.ui.button import Button
from marriage_gui.ui.card_names import said
from marriage_gui.ui.theme import TABLE_BUTTON
from marriage_gui.ui.toast import Toasts

from . import dialogs, offers
from . import intents as i
from .arranging import Arranging
from .asking import Ask
from .board import Board
from .effects import EaseBack, Effects, Hear, Pause, Relayout, Sent, ToggleLog
from .hand import HandFan
from .hinting import HintAsk
from .offers import Moment
from .seats import SeatViews
from .tips import PileTips

#: The answer to a discard before the draw.
DRAW_FIRST = N_("draw a card first: click the stock or the discard pile (keys 1 and 2)")

#: Intents of the pointer's things: the drag's cards, the tooltips, the log, the buttons' light.
Pointing = i.Lift | i.Carry | i.Release | i.Hover | i.Press | i.Scroll | i.ButtonHover


class TableActions:
    """What the person's intents do at the table; ``dispatch`` says what the scene does next."""

    def __init__(
        self,
        match: Match,
        seats: SeatViews,
        board: Board,
        toast: Toasts,
        hint: HintAsk,
        ask: Ask,
        sounds: SoundBoard,
        settings: Settings,
        tips: PileTips,
    ) -> None:
        self.match, self.seats, self.board = match, seats, board
        self.toast, self.hint, self.ask, self.tips = toast, hint, ask, tips
        self.sounds, self.settings = sounds, settings
        self.arranging = Arranging(seats, toast, sounds, settings)
        #: The buttons over the hand, one for each command that has one (labels in English,
        #: shown in the language in use).
        self.buttons = {
            c.key: Button(c.button, None, c.primary, hotkey=c.hotkey, look=TABLE_BUTTON)
            for c in COMMANDS.values()
            if c.button
        }
        #: The version at which this screen's last action left (None: nothing on its way).
        self.sent: int | None = None
        #: A "not your turn" said to the person, to take away when their turn comes.
        self.turn_note: str | None = None
        #: A dealt tunnela the person chose to keep hidden, by (hand, seat): not asked again.
        self.expose_declined: tuple[int, int] | None = None

    @property
    def fan(self) -> HandFan | None:
        """The fan of the seat at the bottom, when a person sits there."""
        return self.seats.fan

    def moment(self) -> Moment:
        """The table as the commands' rules read it now."""
        seats, fan = self.seats, self.fan
        v = seats.state
        chosen = tuple(fan.selected) if fan is not None else None
        person = seats.looking and not v.hand_over
        return Moment(v, person, seats.my_turn(), seats.legal_now(), chosen, self.hint.action)

    # ------------------------------------------------------------------ the one place that acts
    def dispatch(self, intent: i.Intent) -> Effects:
        """Act on what the person means: the only place that submits, moves cards or refuses."""
        match intent:
            case i.Discard():
                return self.discard(intent)
            case i.DiscardSelected(take=take):
                return self.discard_selected(take)
            case i.Draw():
                return self.draw(intent)
            case i.Play(action=action):
                self.ask.close()
                return self.act(action)[1]
            case i.DealNext():
                return self.act(NextHand())[1] if self.seats.local else []
            case i.KeepHidden(hand_no=hand_no, seat=seat):
                self.expose_declined = (hand_no, seat)
                return []
            case i.Command() | i.Explain():
                return self.command(intent)
            case i.Back(ids=ids, why=why):
                return self.back(ids, why)
            case i.Reorder() | i.ToggleCard() | i.ClearSelection() | i.Focus() | i.Pick():
                return self.arranging.arrange(intent)
            case i.Undo():
                return self.arranging.arrange(intent)
            case i.Lift() | i.Carry() | i.Release() | i.Hover() | i.Press() | i.Scroll():
                return self.point(intent)
            case i.ButtonHover():
                return self.point(intent)
            case _:
                assert_never(intent)

    def command(self, intent: i.Command | i.Explain) -> Effects:
        """A command by its key (a click on its button sounds); a greyed button says why it
        does nothing."""
        command = COMMANDS.get(intent.key)
        if isinstance(intent, i.Explain):
            self.toast.show(command.why_not(self.seats.state) if command else _("not now"))
            return []
        if intent.click:
            self.sounds.play("click")
        return command.run(self) if command is not None else []

    def point(self, intent: Pointing) -> Effects:
        """What the pointer's intents do to its things (nothing here reaches the match)."""
        match intent:
            case i.Lift(ids=ids, stock=stock):
                self.board.lift(ids, stock)
            case i.Carry(positions=positions, gap_at=gap_at, reflow=reflow):
                self.board.carry(positions)
                if gap_at is not None or reflow:
                    return [Relayout(0.12 * max(0.3, self.settings.anim_scale), gap_at)]
            case i.Release():
                self.board.release()
            case i.Hover(pile=pile):
                self.tips.point(pile)
            case i.Press():
                self.board.finish()  # moving cards land at once: what is clicked is where it shows
            case i.Scroll(lines=lines):
                self.seats.log.wheel(lines)
            case i.ButtonHover(pos=pos):
                moved = pygame.event.Event(
                    pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)
                )
                for b in self.buttons.values():
                    b.handle_event(moved)
        return []

    def act(self, action: Action, insert_at: int | None = None) -> tuple[bool, Effects]:
        """Submit ``action`` for the looking seat and take the answer in; False when it is
        refused (the engine's reason is said)."""
        seat = self.seats.viewer
        if seat is None:
            if not isinstance(action, NextHand) or not self.seats.local:
                return False, []
            seat = self.seats.local[0]
        self.board.finish()
        self.sent = self.seats.version
        self.match.submit(seat, action)
        text = self.hint.forget()
        if text is not None:
            self.toast.withdraw(text)
        # A match on this computer answers at once; a remote one answers in a later frame,
        # and a refusal then is said when it arrives.
        ok, heard = self.take_news(insert_at)
        return ok, [Sent(), *heard]

    def take_news(self, insert_at: int | None = None) -> tuple[bool, Effects]:
        """Take the match's updates in (a card drawn goes to ``insert_at`` of the hand); False
        if the bottom seat's action was refused."""
        news = self.seats.poll()
        effects: Effects = []
        for reason in news.refusals:
            effects += self.refuse(reason)
        if news.refusals or news.events or news.changed:
            self.sent = None
        fan = self.fan
        if insert_at is not None and fan is not None and self.seats.looking:
            drawn = {
                cid: insert_at
                for e in news.events
                if e.kind in ("draw_stock", "take_discard") and e.player == self.seats.viewer
                for cid in e.card_ids
            }
            fan.sync(self.seats.state.hand, drawn)
        if news.events:
            effects.append(Hear(tuple(news.events), news.moves))
        elif news.changed:
            effects.append(Relayout())
        return not news.refusals, effects

    def refuse(self, reason: str) -> Effects:
        """Say why a move cannot be made, quietly, and put the cards back."""
        self.say_no(reason)
        return [Relayout()]

    def say_no(self, reason: str) -> None:
        """Say ``reason`` as a refusal (a "not your turn" goes again when the turn comes)."""
        self.toast.show(said(word(reason), self.seats.names()), "error")
        self.sounds.play("error")
        if reason == self.seats.whose_turn():
            self.turn_note = reason

    def back(self, ids: Sequence[int], why: str) -> Effects:
        """A drop that means nothing: say ``why``; the held cards ease home."""
        self.say_no(why)
        return [Relayout(0.0), EaseBack(tuple(c for c in ids if c >= 0))]

    def watch(self) -> Effects:
        """What time brings: a finished hint shows; a "not your turn" goes once the turn
        comes."""
        fan, seats = self.fan, self.seats
        hand = list(fan.order) if fan is not None else []
        stands = self.hint.show(seats.version, seats.my_turn(), hand, seats.names())
        if self.turn_note is not None and seats.my_turn():
            self.toast.withdraw(said(word(self.turn_note), seats.names()))
            self.turn_note = None
        return [Relayout()] if stands else []

    # ------------------------------------------------------------------ the hand and the piles
    def discard(self, intent: i.Discard) -> Effects:
        """Throw a card: the one given, else the one picked, hinted or focused."""
        held = tuple(c for c in intent.held if c >= 0)
        if not self.seats.my_turn():
            why = self.seats.whose_turn()
            return self.back(held, why) if held else self.refuse(why)
        if self.seats.state.phase == "draw" and not held:
            return self.refuse(_(DRAW_FIRST))
        cid = intent.cid if intent.cid is not None else self.card_to_throw(intent.focused)
        if cid is None:
            return []
        ok, effects = self.act(Discard(CARDS[code_of(cid)], cid))
        if ok and self.fan is not None:
            self.fan.clear()
        elif not ok and held:
            effects.append(EaseBack(held))
        return effects

    def card_to_throw(self, focused: int | None) -> int | None:
        """The single selected card, else the hinted one, else the ``focused`` one."""
        fan = self.fan
        if fan is None or not fan.order:
            return None
        if len(fan.selected) == 1:
            return fan.selected[0]
        if self.hint.card in fan.order:
            return self.hint.card
        if focused is not None:
            return focused  # the ring shows only once the arrows are used: never unseen
        self.toast.show(
            _("Pick the card to discard: click it, or move to it with the Left and Right keys")
        )
        return None

    def discard_selected(self, take: bool) -> Effects:
        """A click on the discard pile: throw the one card picked after drawing, else take the
        top discard (``take``)."""
        fan = self.fan
        chosen = fan is not None and self.seats.my_turn() and self.seats.state.phase == "play"
        if chosen and fan is not None and fan.selected:
            if len(fan.selected) != 1:
                return self.refuse(_("select one card to discard"))
            return self.discard(i.Discard(fan.selected[0]))
        return self.draw(i.Draw(True)) if take else []

    def draw(self, intent: i.Draw) -> Effects:
        """Draw from the stock or take the top discard (to ``intent.at`` of the hand)."""
        if not self.seats.my_turn():
            ok, effects = False, self.refuse(self.seats.whose_turn())
        else:
            action = TakeDiscard() if intent.from_discard else DrawStock()
            ok, effects = self.act(action, intent.at)
        if not ok and intent.held:
            effects.append(EaseBack(tuple(c for c in intent.held if c >= 0)))
        return effects

    def offer_expose(self) -> None:
        """A dealt tunnela: ask once per hand (not while an action is on its way)."""
        expose = offers.expose_action(self.seats.legal_now())
        if expose is None or self.ask.dialog is not None or self.sent is not None:
            return
        v = self.seats.state
        if self.expose_declined == (v.hand_no, v.current_player):
            return
        later = i.KeepHidden(v.hand_no, v.current_player)
        self.ask.put(
            "expose",
            lambda answer: dialogs.expose_prompt(expose, answer(i.Play(expose)), answer(later)),
        )

    def still_asked(self) -> bool:
        """Whether the question up still holds (news may have made its moment pass)."""
        if self.ask.kind == "expose":
            return offers.expose_action(self.seats.legal_now()) is not None
        if self.ask.kind == "out":
            return self.seats.my_turn()
        return True

    def refresh(self) -> None:
        """Which buttons show and which are enabled, by each command's rules."""
        now = self.moment()
        for key, b in self.buttons.items():
            b.visible = COMMANDS[key].shown(now)
            b.enabled = COMMANDS[key].enabled(now)

    # ------------------------------------------------------------------ the commands' doings
    def ask_hint(self) -> Effects:
        """Ask the hard bot what to do (on the person's own turn)."""
        if not self.seats.my_turn():
            return self.refuse(self.seats.whose_turn())
        self.hint.ask(self.match.view(self.seats.bottom), self.seats.version)
        return []

    def see(self) -> Effects:
        """Show the melds picked (or the hinted ones) to see the maal."""
        fan = self.fan
        if fan is None:
            return []
        see = self.moment().see
        if see is None:
            # Translators: {need} is what must be shown, e.g. "3 pure sequences".
            need = word(self.seats.state.seeing_requirement())
            return self.refuse(_("select {need} to see").format(need=need))
        ok, effects = self.act(see)
        if ok:
            fan.clear()
            effects.append(Relayout())
        return effects

    def go_out(self) -> Effects:
        """Ask, with the hand laid out as it would go out, whether to finish the hand."""
        out = self.moment().go_out
        if out is None:
            return self.refuse(_("you cannot go out with these cards yet"))
        wilds = self.seats.state.wilds
        self.ask.put(
            "out",
            lambda answer: dialogs.go_out_preview(out, wilds, answer(i.Play(out)), answer(None)),
        )
        return []

    def enter(self) -> Effects:
        """What Enter means now: Go out when it is offered, else See."""
        out, see = self.buttons["out"], self.buttons["see"]
        if out.visible and out.enabled:
            return self.go_out()
        return self.see() if see.visible else []

    def allow_expose(self) -> Effects:
        """The tunnela kept hidden may be shown after all: it is offered again."""
        self.expose_declined = None
        return []


def _always(_now: Moment) -> bool:
    return True


def _not_now(_view: PlayerView) -> str:
    return _("not now")


@dataclass(frozen=True)
class TableCommand:
    """One table command, declared once: its ``button`` (label, hotkey shown, ``primary``;
    none when empty), the ``keys`` that mean it, when its button is ``shown`` and
    ``enabled``, why a greyed button does nothing (``why_not``), and what it does (``run``)."""

    key: str
    run: Callable[[TableActions], Effects]
    button: str = ""
    hotkey: str = ""
    primary: bool = False
    keys: tuple[int, ...] = ()
    shown: Callable[[Moment], bool] = _always
    enabled: Callable[[Moment], bool] = _always
    why_not: Callable[[PlayerView], str] = _not_now


def _person(now: Moment) -> bool:
    return now.person


def _my_turn(now: Moment) -> bool:
    return now.my_turn


def _unseen(now: Moment) -> bool:
    return now.person and not now.seen


def _can_see(now: Moment) -> bool:
    return _unseen(now) and now.see is not None


def _seen(now: Moment) -> bool:
    return now.seen


def _can_go_out(now: Moment) -> bool:
    return now.seen and now.go_out is not None


def _own_turn_only(_view: PlayerView) -> str:
    return _("hints are for your own turn")


def _commands(*commands: TableCommand) -> dict[str, TableCommand]:
    return {c.key: c for c in commands}


#: Every table command by its key; the buttons over the hand come in this order.
COMMANDS = _commands(
    TableCommand(
        "hint",
        TableActions.ask_hint,
        # Translators: a button: ask the computer for advice on this turn.
        N_("Hint"),
        "H",
        keys=(pygame.K_h,),
        shown=_person,
        enabled=_my_turn,
        why_not=_own_turn_only,
    ),
    TableCommand(
        "sort",
        lambda actions: actions.arranging.sort(),
        # Translators: a button: sort the cards of the hand.
        N_("Sort"),
        "S",
        keys=(pygame.K_s,),
        shown=_person,
    ),
    TableCommand(
        "group",
        lambda actions: actions.arranging.group(),
        # Translators: a button: put the melds found in the hand together.
        N_("Group"),
        "G",
        keys=(pygame.K_g,),
        shown=_person,
    ),
    TableCommand(
        "see",
        TableActions.see,
        # Translators: a button: show the melds needed to see the maal.
        N_("See"),
        "Enter",
        primary=True,
        shown=_unseen,
        enabled=_can_see,
        why_not=offers.why_no_see,
    ),
    TableCommand(
        "out",
        TableActions.go_out,
        # Translators: a button: finish the hand.
        N_("Go out"),
        "Enter",
        primary=True,
        shown=_seen,
        enabled=_can_go_out,
        why_not=offers.why_no_go_out,
    ),
    TableCommand("enter", TableActions.enter, keys=(pygame.K_RETURN, pygame.K_KP_ENTER)),
    TableCommand("menu", lambda _actions: [Pause()], keys=(pygame.K_ESCAPE,)),
    TableCommand("log", lambda _actions: [ToggleLog()], keys=(pygame.K_l,)),
    TableCommand("expose_again", TableActions.allow_expose, keys=(pygame.K_e,)),
)

#: The key that means each command.
COMMAND_KEYS = {k: c.key for c in COMMANDS.values() for k in c.keys}

__all__ = ["COMMANDS", "COMMAND_KEYS", "DRAW_FIRST", "TableActions", "TableCommand"]
