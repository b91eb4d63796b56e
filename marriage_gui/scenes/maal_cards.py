"""A player's maal as the cards they lay out at the end of a real hand, counted by the engine.

How many tiplus, poplus, jhiplus (and alters, printed jokers where the rules have them), the
marriages in hand and on the table, and the tunnelas exposed from the deal: the engine counts
them as it counts a hand at its own table (the most valuable way), and the box shows its count
line by line as the cards are said. Letters add a card (T tiplu, P poplu, J jhiplu, M marriage,
A alter; with Shift they take one away), the arrows change the row in focus.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from engine.cards import CARDS, JOKER, Card
from engine.tally import MaalCards, SeatEntry, counted_maal
from engine.wilds import Role, Wilds
from marriage_gui.language import N_, _, fill, together
from marriage_gui.scenes.base import QuestionScene, worded
from marriage_gui.ui import theme
from marriage_gui.ui.button import Button
from marriage_gui.ui.card_entry import typed_cards
from marriage_gui.ui.card_names import card_label, card_text, readable
from marriage_gui.ui.pickers import Stepper
from marriage_gui.ui.text_input import TextInput
from marriage_gui.ui.widget import Widget

if TYPE_CHECKING:
    from engine.rules import RuleSet
    from marriage_gui.scene import AppServices

#: The kinds of maal card a player can lay out: the field, its words, the most one can hold
#: (the shoe holds three of a card; the tiplu's own copy is set aside), its key (where it is
#: on the keyboard) and that key's letter.
KINDS: tuple[tuple[str, str, int, int, str], ...] = (
    ("tiplus", N_("Tiplu"), 2, pygame.KSCAN_T, "T"),
    ("poplus", N_("Poplu"), 3, pygame.KSCAN_P, "P"),
    ("jhiplus", N_("Jhiplu"), 3, pygame.KSCAN_J, "J"),
    ("marriages", N_("Marriage in hand"), 2, pygame.KSCAN_M, "M"),
    ("shown_marriages", N_("Marriage shown on the table"), 2, pygame.KSCAN_N, "N"),
    ("alters", N_("Alter"), 3, pygame.KSCAN_A, "A"),
    ("printed", N_("Printed joker"), 3, pygame.KSCAN_K, "K"),
)


class MaalCardsScene(QuestionScene):
    """The maal cards of one player; ``on_done`` gets them (None: a number instead)."""

    name = "maal_cards"

    def __init__(
        self,
        app: AppServices,
        rules: RuleSet,
        tiplu: Card,
        player: str,
        seen: bool,
        cards: MaalCards | None,
        on_done: Callable[[MaalCards | None], object],
    ) -> None:
        super().__init__(app)
        self.rules, self.player, self.seen, self.on_done = rules, player, seen, on_done
        self.wilds = Wilds(tiplu, rules)
        self.cards = cards or MaalCards()
        alter = Role.ALTER in self.wilds.roles
        self.kinds = [
            kind
            for kind in KINDS
            if (kind[0] != "alters" or alter) and (kind[0] != "printed" or rules.printed_jokers)
        ]
        self.steppers: dict[str, Stepper] = {}
        for field, _words, most, _key, _letter in self.kinds:
            most = min(most, rules.printed_jokers) if field == "printed" else most
            self.steppers[field] = Stepper(
                list(range(most + 1)),
                min(getattr(self.cards, field), most),
                partial(self._count, field),
                str,
            )
        words = ", ".join(card_label(c) for c in self.cards.tunnelas)
        self.tunnela_input = TextInput(words, self._tunnelas, max_len=60)
        self.tunnela_input.on_submit = lambda _text: self.use()
        self.tunnela_problem = ""
        self.use_button = Button(
            N_("Use these cards"), self.use, primary=True, size=18, hotkey="Enter"
        )
        self.number_button = Button(N_("A number instead"), self.as_number, size=17)
        self.cancel_button = Button(N_("Cancel"), self.app.pop, size=17, hotkey="Esc")

    # ------------------------------------------------------------------ changes
    def _count(self, field: str, value: int) -> None:
        counts: dict[str, object] = {field: value}
        self.cards = replace(self.cards, **counts)  # type: ignore[arg-type]

    def _tunnelas(self, text: str) -> None:
        try:
            cards = tuple(typed_cards(text))
            self.cards = replace(self.cards, tunnelas=cards)
            self.tunnela_problem = ""
        except ValueError as exc:
            self.tunnela_problem = str(exc.args[0])
        self.tunnela_input.error = bool(self.tunnela_problem)

    def use(self) -> None:
        """Keep these cards as the player's maal."""
        if self.tunnela_problem:
            self.app.sounds.play("error")
            return
        self.app.pop()
        self.on_done(self.cards)

    def as_number(self) -> None:
        """Forget the cards: the player's maal is typed as a number."""
        self.app.pop()
        self.on_done(None)

    def count(self) -> tuple[list[str], str]:
        """The engine's count of the cards said: its items, and the total (or why not)."""
        try:
            found = counted_maal(SeatEntry(self.seen, maal=self.cards), self.wilds, self.rules)
        except ValueError as exc:
            return [], worded(exc.args[0])
        items: list[str] = [
            fill("{label} = {points}", label=readable(it.label), points=it.points)
            for it in found.items
        ]
        # Translators: the engine's total of a player's maal cards.
        return items, _("Maal: {points}").format(points=found.total)

    # ------------------------------------------------------------------ keys
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.form.focused
            if isinstance(focused, Button):
                focused.click()
            else:
                self.use()
            return
        if event.type == pygame.KEYDOWN and self.form.focused is not self.tunnela_input:
            code = getattr(event, "scancode", 0)
            for field, _words, _most, key, _letter in self.kinds:
                if code == key:
                    step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                    self.steppers[field].move(step)
                    self.form.focus(self.steppers[field], keyboard=True)
                    return
        super().handle_event(event)

    # ------------------------------------------------------------------ layout and drawing
    def resume(self) -> None:
        first = self.steppers[self.kinds[0][0]]
        self.form.focus(first, keyboard=True)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size, self.k = size, theme.ui_scale(size)
        k, (w, h) = self.k, size
        row = round(44 * k)
        width = min(round(780 * k), w - round(40 * k))
        height = round(176 * k) + row * (len(self.kinds) + 1) + round(40 * k)
        self.box = pygame.Rect(0, 0, width, min(height, h - round(20 * k)))
        self.box.center = (w // 2, h // 2)
        pad = round(24 * k)
        y = self.box.y + round(70 * k)
        step_w = round(150 * k)
        widgets: list[Widget] = []
        self.row_tops: list[int] = []
        for field, _words, _most, _key, _letter in self.kinds:
            stepper = self.steppers[field]
            stepper.place(pygame.Rect(self.box.right - pad - step_w, y + 2, step_w, row - 6), k)
            widgets.append(stepper)
            self.row_tops.append(y)
            y += row
        self.tunnela_top = y
        self.tunnela_input.placeholder = N_("5c, 9h")
        self.tunnela_input.tooltip = N_("One card of each tunnela, comma apart")
        input_w = round(260 * k)
        self.tunnela_input.place(
            pygame.Rect(self.box.right - pad - input_w, y + 2, input_w, row - 6), k
        )
        widgets.append(self.tunnela_input)
        bh = round(46 * k)
        by = self.box.bottom - pad - bh
        buttons = [self.cancel_button, self.number_button, self.use_button]
        x = self.box.right - pad
        for b in reversed(buttons):
            bw = max(round(120 * k), b.width_for(bh))
            x -= bw
            b.place(pygame.Rect(x, by, bw, bh), k)
            x -= round(12 * k)
        self.form.set_widgets([*widgets, self.use_button, self.number_button, self.cancel_button])

    def toast_top(self) -> int | None:
        return self.box.bottom + round(12 * self.k)

    def _faces(self, field: str) -> list[Card]:
        w = self.wilds
        marriage = [CARDS[c] for c in w.marriage]
        return {
            "tiplus": [w.tiplu],
            "poplus": [w.poplu],
            "jhiplus": [w.jhiplu],
            "marriages": marriage,
            "shown_marriages": marriage,
            "alters": [CARDS[w.roles.index(Role.ALTER)]] if Role.ALTER in w.roles else [],
            "printed": [JOKER],
        }[field]

    def draw(self, surface: pygame.Surface) -> None:
        k = self.k
        self.draw_box(surface)
        pad = round(24 * k)
        # Translators: the title of the box where a player's maal cards are said.
        title = _("{name}'s maal cards").format(name=self.player)
        words, size = theme.shrunk(title, round(24 * k), self.box.w - 2 * pad, round(14 * k), True)
        img = theme.text(words, size, theme.GOLD_LIGHT, True)
        surface.blit(img, (self.box.x + pad, self.box.y + round(20 * k)))
        row = round(44 * k)
        cw = round(28 * k)
        label_x = self.box.x + pad + round(90 * k)
        label_room = self.steppers[self.kinds[0][0]].rect.x - label_x - round(10 * k)
        for (field, words, _most, _key, key_letter), top in zip(
            self.kinds, self.row_tops, strict=True
        ):
            # The key that adds one (Shift: takes one away), beside its picker.
            letter = theme.text(key_letter, round(14 * k), theme.TEXT_FAINT, True)
            stepper = self.steppers[field].rect
            surface.blit(
                letter, letter.get_rect(midright=(stepper.x - round(10 * k), stepper.centery))
            )
            for j, card in enumerate(self._faces(field)):
                role = self.wilds.role(card)
                marks = ("tiplu",) if role is Role.TIPLU else ("wild",)
                face = self.app.art.face(card.code, cw, self.app.settings.four_colour, marks)
                surface.blit(face, (self.box.x + pad + j * round(cw * 0.55), top))
            text, fit = theme.shrunk(_(words), round(17 * k), label_room, round(11 * k))
            img = theme.text(text, fit, theme.TEXT)
            surface.blit(img, img.get_rect(midleft=(label_x, top + row // 2)))
        label = _("Tunnelas exposed from the deal")
        room = self.tunnela_input.rect.x - self.box.x - pad - round(10 * k)
        text, fit = theme.shrunk(label, round(17 * k), room, round(11 * k))
        img = theme.text(text, fit, theme.TEXT)
        surface.blit(img, img.get_rect(midleft=(self.box.x + pad, self.tunnela_top + row // 2)))
        items, total = self.count()
        y = self.tunnela_top + row + round(8 * k)
        if self.tunnela_problem:
            words, colour = worded(self.tunnela_problem), theme.ERROR
        else:
            words, colour = together("  ·  ", [*items, total]) if items else total, theme.GOLD_LIGHT
        for line in theme.wrap(words, round(16 * k), self.box.w - 2 * pad, True)[:2]:
            words, fit = theme.shrunk(line, round(16 * k), self.box.w - 2 * pad, 9, True)
            img = card_text(words, fit, colour, True)
            surface.blit(img, (self.box.x + pad, y))
            y += img.get_height()
        self.form.draw(surface)
        self.form.draw_tooltip(surface)
