"""Entering (or correcting) one hand of a game played with real cards, keys first.

The tiplu, who went out, and for each player whether they saw and their maal (a number, or the
maal cards they show) or, under deadwood scoring, what they were left holding. The engine's
settlement of what is typed so far shows beside each player as it is typed, with who pays whom
and, pair by pair, what each two players settle. Tab or Enter moves on; the arrows change a
choice; one letter does the rest (W went out, S seen, C maal as cards, P pair by pair).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from engine.ledger import describe_payments, ledger
from engine.tally import MaalCards
from marriage_gui.hand_draft import NOBODY, NOT_SEEN, UNSAID, HandDraft, Problem
from marriage_gui.language import N_, _
from marriage_gui.scenes.base import MenuScene, worded
from marriage_gui.table.controls import draw_controls, sheet_event
from marriage_gui.ui import theme
from marriage_gui.ui.button import Button, lay_out_row
from marriage_gui.ui.card_names import readable
from marriage_gui.ui.hand_rows import KEYS_SHEET, SEEN_WORDS, HandRows
from marriage_gui.ui.number_input import NumberInput
from marriage_gui.ui.pairwise import PairwiseView
from marriage_gui.ui.pickers import Stepper
from marriage_gui.ui.text_input import TextInput
from marriage_gui.ui.widget import Widget

if TYPE_CHECKING:
    from engine.result import HandResult
    from engine.score_sheet import ScoreSheet
    from marriage_gui.scene import AppServices


class ScoreHandScene(MenuScene):
    """One hand's fields, the engine's settlement beside them; Keep adds it to the sheet."""

    name = "score_hand"

    def __init__(
        self,
        app: AppServices,
        sheet: ScoreSheet,
        at: int | None = None,
        on_keep: Callable[[ScoreSheet, int], object] | None = None,
        draft: HandDraft | None = None,
    ) -> None:
        self.draft = draft if draft is not None else HandDraft(sheet, at)
        self.on_keep = on_keep
        self.result: HandResult | None = None
        self.problem: Problem | None = None
        self.pairs = PairwiseView(None, sheet.rules, sheet.names)
        self.show_keys = False
        self.changed = False
        super().__init__(app)
        self.rows = HandRows(self.draft, app.art, lambda: app.settings.four_colour)
        self._build()
        self.recount()

    # ------------------------------------------------------------------ widgets
    def _build(self) -> None:
        draft, n = self.draft, len(self.draft.seats)
        self.tiplu_input = TextInput(draft.tiplu_text, self._tiplu, max_len=24)
        self.tiplu_input.on_submit = self._tiplu_enter
        self.pick_button = Button("", self.pick_tiplu, size=16)
        self.pick_button.focusable = False
        options = [UNSAID, *range(n), NOBODY]
        self.winner = Stepper(
            options, options.index(draft.winner), self._winner, self._winner_words, wrap=True
        )
        self.seen: list[Stepper] = []
        self.maal: list[TextInput] = []
        self.cards: list[Button] = []
        deadwood = draft.sheet.rules.scoring == "deadwood"
        for i, seat in enumerate(draft.seats):
            choices = draft.seen_choices()
            self.seen.append(
                Stepper(
                    choices,
                    choices.index(seat.seen) if seat.seen in choices else 0,
                    partial(self._seen, i),
                    lambda v: _(SEEN_WORDS[v]),
                    wrap=True,
                )
            )
            if deadwood:
                field: TextInput = TextInput(seat.left_text, partial(self._left, i), max_len=60)
            else:
                field = NumberInput(seat.maal_text, partial(self._maal, i), max_len=4)
            self.maal.append(field)
            button = Button("", partial(self.open_cards, i), size=15, enabled=not deadwood)
            button.focusable = False
            button.visible = not deadwood
            self.cards.append(button)
        self.pairs_button = Button("", self.pairs.toggle, hotkey="P", size=17)
        self.keep_button = Button("", self.keep, primary=True, size=19, hotkey="Ctrl+Enter")

    def _winner_words(self, value: int) -> str:
        if value == UNSAID:
            # Translators: the "went out" picker before anyone is chosen.
            return _("who went out?")
        if value == NOBODY:
            # Translators: nobody went out of this hand (the stock ran out).
            return _("nobody went out")
        return self.draft.sheet.names[value]

    def _word(self) -> None:
        """Every widget's words in the language in use (each time the screen lays out)."""
        at = self.draft.at
        self.heading = (
            _("Correcting hand {number}").format(number=at + 1)
            if at is not None
            else _("Hand {number}").format(number=len(self.draft.sheet.hands) + 1)
        )
        self.tiplu_input.placeholder = N_("7h or ७ पान")
        self.tiplu_input.tooltip = N_("The tiplu: type it, or press Enter to choose it")
        self.pick_button.text = N_("Choose…")
        self.winner.tooltip = N_("Who went out (W on a player's row)")
        for i, field in enumerate(self.maal):
            if isinstance(field, NumberInput):
                cards = self.draft.seats[i].cards is not None
                field.placeholder = N_("as cards") if cards else "0"
                field.tooltip = N_("Maal as a number; C: as the cards shown")
            else:
                field.placeholder = N_("points or cards")
                field.tooltip = N_("What they were left holding: the points, or the cards")
            self.cards[i].text = N_("Cards…")
            self.seen[i].tooltip = (
                N_("Seen, not seen, seen with dublees (S)")
                if self.draft.rules_dublees
                else N_("Seen or not seen (S)")
            )
        self.pairs_button.text = N_("Pair by pair")
        self.keep_button.text = N_("Keep this hand")

    # ------------------------------------------------------------------ changes
    def _touched(self) -> None:
        self.changed = True
        self.recount()

    def _tiplu(self, text: str) -> None:
        self.draft.tiplu_text = text
        self._touched()

    def _tiplu_enter(self, text: str) -> None:
        if text.strip():
            self.form.move_focus(1)
        else:
            self.pick_tiplu()

    def _winner(self, value: int) -> None:
        self.draft.went_out(value)
        for i, seat in enumerate(self.draft.seats):
            self.seen[i].select(seat.seen)
        self._touched()

    def _seen(self, seat: int, value: int) -> None:
        self.draft.seats[seat].seen = value
        self._touched()

    def _maal(self, seat: int, text: str) -> None:
        self.draft.seats[seat].maal_text = text
        self.draft.seats[seat].cards = None
        self._touched()

    def _left(self, seat: int, text: str) -> None:
        self.draft.seats[seat].left_text = text
        self._touched()

    def recount(self) -> None:
        """The engine's settlement of the fields as they are (or what is wrong with them)."""
        self.result, self.problem = None, None
        try:
            self.result = self.draft.result()
        except Problem as problem:
            self.problem = problem
        shown = self.pairs.shown
        self.pairs = PairwiseView(self.result, self.draft.sheet.rules, self.draft.sheet.names)
        self.pairs.shown = shown and self.pairs.offered
        self.pairs_button.on_click = self.pairs.toggle
        self.pairs_button.enabled = self.pairs.offered
        where = self.problem.where if self.problem is not None else None
        self.tiplu_input.error = where == "tiplu"
        for i, field in enumerate(self.maal):
            field.error = where in (("maal", i), ("left", i))
        if self.draft.winner != UNSAID:
            self.winner.select(self.draft.winner)

    # ------------------------------------------------------------------ opening others
    def pick_tiplu(self) -> None:
        """Choose the tiplu from all the cards."""

        def chosen(card: object) -> None:
            from marriage_gui.ui.card_names import card_label  # noqa: PLC0415

            self.tiplu_input.set_text(card_label(card))  # type: ignore[arg-type]
            self._tiplu(self.tiplu_input.text)
            self.form.focus(self.winner, keyboard=True)

        try:
            now = self.draft.tiplu()
        except Problem:
            now = None
        self.app.open("card_pick", on_pick=chosen, start=now)

    def open_cards(self, seat: int) -> None:
        """Say ``seat``'s maal as the cards they show (the tiplu first)."""
        try:
            tiplu = self.draft.tiplu()
        except Problem:
            tiplu = None
        if tiplu is None:
            self.app.toast(N_("Say the tiplu first: the maal cards follow from it."))
            self.form.focus(self.tiplu_input, keyboard=True)
            return

        def done(cards: MaalCards | None) -> None:
            self.draft.seats[seat].cards = cards
            if cards is not None:
                self.maal[seat].set_text("")
                self.draft.seats[seat].maal_text = ""
            self._touched()
            self.layout()

        self.app.open(
            "maal_cards",
            rules=self.draft.sheet.rules,
            tiplu=tiplu,
            player=self.draft.sheet.names[seat],
            seen=self.draft.seats[seat].seen != NOT_SEEN,
            cards=self.draft.seats[seat].cards,
            on_done=done,
        )

    def keep(self) -> None:
        """Add the hand to the sheet (or put the corrected one back) and leave."""
        try:
            sheet = self.draft.kept()
        except Problem as problem:
            self.problem = problem
            self.app.sounds.play("error")
            self.app.toast(worded(problem.reason))
            return
        self.app.sounds.play("click")
        at = self.draft.at if self.draft.at is not None else len(sheet.hands) - 1
        self.app.pop()
        if self.on_keep is not None:
            self.on_keep(sheet, at)

    def back(self) -> None:
        if not self.changed:
            super().back()
            return
        self.app.open(
            "confirm",
            question=N_("Leave without keeping this hand?"),
            detail=N_("What you typed for this hand is forgotten; the sheet stays as it was."),
            yes=N_("Leave it"),
            on_yes=self.app.pop,
            no=N_("Go on typing"),
        )

    # ------------------------------------------------------------------ keys
    def _row_of(self, widget: Widget | None) -> int | None:
        for i in range(len(self.seen)):
            if widget in (self.seen[i], self.maal[i], self.cards[i]):
                return i
        return None

    def handle_event(self, event: pygame.event.Event) -> None:
        shown = sheet_event(self.show_keys, event)
        typing = isinstance(self.form.focused, TextInput) and event.type == pygame.KEYDOWN
        if shown is not None and not (typing and event.key != pygame.K_F1 and not self.show_keys):
            self.show_keys = shown  # F1 anywhere; "?" where it is not typed into a field
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        super().handle_event(event)

    def _key(self, event: pygame.event.Event) -> bool:
        """The screen's own keys; True if the key was one."""
        focused = self.form.focused
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.keep()
            elif focused is self.tiplu_input:
                return False  # its own Enter: on, or the cards to choose from
            elif isinstance(focused, Button):
                focused.click()
            else:
                self.form.move_focus(1)
            return True
        if event.key == pygame.K_ESCAPE and self.pairs.shown:
            self.pairs.shown = False
            return True
        free_text = isinstance(focused, TextInput) and not isinstance(focused, NumberInput)
        if free_text or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        # Letters by where they are on the keyboard, so they work with a Nepali layout too.
        code = getattr(event, "scancode", 0)
        if code == pygame.KSCAN_P or event.key == pygame.K_p:
            self.pairs.toggle()
            return True
        row = self._row_of(focused)
        if row is None:
            return False
        if code == pygame.KSCAN_W or event.key == pygame.K_w:
            self._winner(row)
        elif code == pygame.KSCAN_S or event.key == pygame.K_s:
            self.seen[row].move(1)
        elif code == pygame.KSCAN_C or event.key == pygame.K_c:
            self.open_cards(row)
        else:
            return False
        return True

    # ------------------------------------------------------------------ layout and drawing
    def resume(self) -> None:
        super().resume()
        if self.form.focused is None:
            first = self.tiplu_input if self.draft.at is None else self.winner
            self.form.focus(first, keyboard=False)

    def layout(self) -> None:
        if not hasattr(self, "keep_button"):
            return
        self._word()
        k, (w, h) = self.k, self.size
        margin = round(40 * k)
        y = self.content_top + round(10 * k)
        fh = round(44 * k)
        label_w = theme.text_width(_("Tiplu"), round(18 * k), True) + round(14 * k)
        self.tiplu_label_at = (margin, y + fh // 2)
        self.tiplu_input.place(pygame.Rect(margin + label_w, y, round(190 * k), fh), k)
        self.tiplu_card_at = (self.tiplu_input.rect.right + round(12 * k), y - round(4 * k))
        pick_w = max(round(110 * k), self.pick_button.width_for(round(38 * k)))
        self.pick_button.place(
            pygame.Rect(
                self.tiplu_card_at[0] + round(50 * k), y + round(3 * k), pick_w, round(38 * k)
            ),
            k,
        )
        step_w = round(300 * k)
        self.winner.place(pygame.Rect(w - margin - step_w, y, step_w, fh), k)
        out_w = theme.text_width(_("Went out"), round(18 * k), True)
        self.winner_label_at = (self.winner.rect.x - round(14 * k) - out_w, y + fh // 2)
        top = y + fh + round(20 * k)
        bottom = h - round(150 * k)
        self.rows_area = pygame.Rect(margin, top, w - 2 * margin, bottom - top)
        self.rows.place(self.rows_area, k, self.seen, self.maal, self.cards)
        bh = round(50 * k)
        row = [self.pairs_button, self.keep_button]
        lay_out_row(
            row, pygame.Rect(margin, h - round(24 * k) - bh, w - 2 * margin, bh), "right", 14
        )
        widgets: list[Widget] = [self.tiplu_input, self.pick_button, self.winner]
        for i in range(len(self.seen)):
            widgets += [self.seen[i], self.maal[i], self.cards[i]]
        widgets += [self.keep_button, self.pairs_button, self.back_button]
        self.form.set_widgets(widgets)

    def draw_content(self, surface: pygame.Surface) -> None:
        k = self.k
        size = round(18 * k)
        for words, (x, cy) in (
            (_("Tiplu"), self.tiplu_label_at),
            (_("Went out"), self.winner_label_at),
        ):
            img = theme.text(words, size, theme.GOLD_LIGHT, True)
            surface.blit(img, img.get_rect(midleft=(x, cy)))
        self.rows.draw_tiplu(surface, self.tiplu_card_at, round(40 * k))
        self.rows.draw(surface, self.result, k)
        self._draw_foot(surface)

    def _draw_foot(self, surface: pygame.Surface) -> None:
        """Who pays whom (or what is wrong), and the keys, over the buttons."""
        k, (w, h) = self.k, self.size
        margin = round(40 * k)
        room = self.pairs_button.rect.x - margin - round(20 * k)
        if self.problem is not None:
            words, colour = worded(self.problem.reason), theme.ERROR
        elif self.result is not None:
            names = self.draft.sheet.names
            book = ledger(self.result, self.draft.sheet.rules)
            words, colour = readable(describe_payments(book, names), names), theme.TEXT
        else:
            words, colour = "", theme.TEXT
        y = h - round(130 * k)
        for line in theme.wrap(words, round(18 * k), w - 2 * margin, True)[:2]:
            img = theme.text(line, round(18 * k), colour, True)
            surface.blit(img, (margin, y))
            y += img.get_height()
        hint = _(
            "Tab, Enter: next  ·  Left, Right: change  ·  W: went out  ·  C: cards  ·  F1: keys"
        )
        hint, fit = theme.shrunk(hint, round(14 * k), room, round(10 * k))
        img = theme.text(hint, fit, theme.TEXT_FAINT)
        surface.blit(img, img.get_rect(midleft=(margin, self.keep_button.rect.centery)))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        # Over the rows' fields, which the pairs hide while they show.
        self.pairs.draw(surface, self.rows_area, round(20 * self.k))
        if self.show_keys:
            draw_controls(surface, KEYS_SHEET)
