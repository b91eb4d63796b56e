"""New game: who sits at the table, which rules, how long; then Start."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from engine.options import Option
from engine.rules import PRESETS, RuleSet, length_option, rule_options
from engine.words import Said
from marriage_gui.language import N_, _, ngettext, word
from marriage_gui.scenes.base import MenuScene, sentence
from marriage_gui.setup import (
    SEAT_KINDS,
    MatchSetup,
    SeatSetup,
    remembered_setup,
)
from marriage_gui.storage import SaveError
from marriage_gui.ui import theme
from marriage_gui.ui.button import Button
from marriage_gui.ui.form import ScrollPanel
from marriage_gui.ui.match_pickers import length_stepper, preset_stepper
from marriage_gui.ui.pickers import Stepper, Toggle
from marriage_gui.ui.rule_words import (
    NO_POINTS,
    format_table,
    option_help,
    option_name,
    parse_table,
    value_words,
)
from marriage_gui.ui.text_input import TextInput
from marriage_gui.ui.widget import Widget
from marriage_gui.ui.words import (
    PLAYER_N,
    PROPOSED_NAMES,
    YOU,
    Proposal,
    is_you,
    proposal_of,
    proposed,
)

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices

#: The names a new game proposes: "You" for the first seat, then names, each in the language in
#: use (You, Sita, Ram, Hari; तपाईं, सीता, राम, हरि).
DEFAULT_NAMES = (YOU, *PROPOSED_NAMES)
#: The rule of the match's length: picked as Length beside the preset, not among the options.
LENGTH = length_option().name
KIND_LABELS = {
    "human": N_("Human"),
    "easy": N_("Bot: easy"),
    "medium": N_("Bot: medium"),
    "hard": N_("Bot: hard"),
}
MAX_NAME = 16


def said_in(exc: Exception) -> Said | str:
    """What an exception says, kept as it was raised (an engine sentence stays one)."""
    first = exc.args[0] if exc.args else None
    return first if isinstance(first, Said | str) else str(exc)


def reason(text: Said | str) -> str:
    """Why something was refused: the engine's sentence worded, or one of this screen's own
    (kept in English and marked with ``N_``)."""
    return word(text) if isinstance(text, Said) else _(text)


def parse_seed(text: str) -> int | str | None:
    """An empty seed is none; digits are a number; anything else a word."""
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return text


def default_setup() -> MatchSetup:
    """Four seats, you and three medium bots, Nepali rules, named in the language in use."""
    return MatchSetup(
        tuple(
            SeatSetup(_(n), "human" if i == 0 else "medium")
            for i, n in enumerate(DEFAULT_NAMES[:4])
        )
    )


#: Where the remembered set-up keeps a seat's proposed name, beside the name itself.
PROPOSED_KEY = "proposed"


def remembered_proposals(app: AppServices, setup: MatchSetup) -> list[Proposal | None]:
    """Which of the remembered set-up's names the game proposed (and the person left alone):
    kept beside each seat when the match started. A set-up remembered before that was kept
    (or one handed to this screen) reads its names: "You" or "Sita", in English or in the
    language in use, is the game's proposal."""
    saved = app.settings.last_setup
    seats = saved.get("seats") if isinstance(saved, dict) else None
    out: list[Proposal | None] = []
    for i, seat in enumerate(setup.seats):
        kept = seats[i] if isinstance(seats, list) and i < len(seats) else None
        if not isinstance(kept, dict) or PROPOSED_KEY not in kept or kept.get("name") != seat.name:
            out.append(proposal_of(seat.name))
            continue
        mark = kept[PROPOSED_KEY]
        if (
            isinstance(mark, list)
            and len(mark) == 2
            and mark[0] in (YOU, *PROPOSED_NAMES, PLAYER_N)
            and isinstance(mark[1], int)
        ):
            out.append((mark[0], mark[1]))
        else:
            out.append(None)  # typed by the person (or damaged): the name is kept as it is
    return out


def saved_match_note(app: AppServices) -> Callable[[], str] | None:
    """What words the sentence about the match a new one would replace (in the language in
    use when called), or None if nothing is saved."""
    if not app.storage.has_game():
        return None
    try:
        saved = app.storage.load_game()
    except SaveError:
        return lambda: _("The saved match is damaged; starting a new one deletes it.")
    if saved is None:
        return None
    setup, game = saved
    names = ", ".join(s.name for s in setup.seats)
    hand, hands = game.hand_no + 1, game.hands_total

    def note() -> str:
        # Translators: {names} are the players' names, separated by commas; {hand} of {hands}
        # is the hand the saved match has reached.
        return _(
            "Your match with {names} is at hand {hand} of {hands}. "
            "Starting a new match deletes it for good."
        ).format(names=names, hand=hand, hands=hands)

    return note


class NewGameScene(MenuScene):
    """Seats, rules preset, every rule option, hands and seed."""

    name = "new_game"
    heading = N_("New game")

    def __init__(self, app: AppServices, setup: MatchSetup | None = None) -> None:
        self.panel = ScrollPanel()
        super().__init__(app)
        setup = (
            setup or remembered_setup(app.settings.last_setup, app.storage.log) or default_setup()
        )
        self.seats: list[list[str]] = [[s.name, s.kind] for s in setup.seats]
        #: For each seat, the name the game proposed (it follows the language) or None (a name
        #: the person typed, never translated).
        self.proposals = remembered_proposals(app, setup)
        self.preset = setup.rules.name if setup.rules.name in PRESETS else "nepali"
        self.rules: RuleSet = setup.rules
        self.errors: dict[str, Said | str] = {}
        self.hands = setup.hands
        self.hands_touched = setup.hands != (setup.rules.match_hands or len(setup.seats))
        self._sync_hands()
        self.seed_text = "" if setup.seed is None else str(setup.seed)
        self.message = ""
        self._build()

    # ------------------------------------------------------------------ widgets
    def _build(self) -> None:
        """Make every widget from the current state (after seats or the preset change)."""
        self.seat_widgets: list[tuple[TextInput, Stepper, Button]] = []
        for i, (name, kind) in enumerate(self.seats):
            # The words of every widget are given when the screen lays out (``_word``).
            field = TextInput(name, on_change=partial(self._rename, i), max_len=MAX_NAME)
            kinds = Stepper(
                SEAT_KINDS,
                SEAT_KINDS.index(kind),
                on_change=partial(self._set_kind, i),
                fmt=lambda v: _(KIND_LABELS[v]),
                wrap=True,
            )
            remove = Button(
                "×", partial(self._remove_seat, i), size=22, enabled=len(self.seats) > 2
            )
            self.seat_widgets.append((field, kinds, remove))
        self.add_button = Button("", self._add_seat, size=17, enabled=len(self.seats) < 5)
        self.preset_stepper = preset_stepper(self.preset, self._set_preset, "")
        self.hands_stepper = length_stepper(self.hands, self._set_hands, "")
        self.seed_input = TextInput(
            self.seed_text, on_change=self._set_seed, max_len=20, digits=True
        )
        self.rules_button = Button("", self._show_rules, size=16)
        self.start_button = Button("", self.start, primary=True, size=24)
        # Every option the engine declares, each with the picker its kind asks for.
        # The match's length is picked once, as Length beside the preset (``hands_stepper``).
        self.options: dict[str, Option] = {
            o.name: o for o in rule_options(self.rules) if o.picked and o.name != LENGTH
        }
        self.rule_widgets: dict[str, Widget] = {
            name: self._rule_widget(option) for name, option in self.options.items()
        }
        self.layout()

    def _rule_widget(self, option: Option) -> Widget:
        value = getattr(self.rules, option.name)
        change = partial(self._set_rule, option.name)
        words = partial(value_words, option)
        if option.kind == "flag":
            return Toggle(value, on_change=change)
        if option.kind == "choice":
            choices = [v for v, _label in option.choices]
            return Stepper(choices, choices.index(value), on_change=change, fmt=words, wrap=True)
        if option.kind == "whole":
            values = option.values(value)
            return Stepper(values, values.index(value), on_change=change, fmt=words)
        return TextInput(
            format_table(value),
            on_change=partial(self._set_table, option.name),
            max_len=40,
            digits=True,
        )

    def _word(self) -> None:
        """Give every widget its words in the language in use (each time the screen lays
        out, so a change of language reaches an open screen): the names the game proposed
        too, never a name the person typed."""
        for i, proposal in enumerate(self.proposals):
            if proposal is not None and i < len(self.seat_widgets):
                self.seats[i][0] = proposed(proposal)
                self.seat_widgets[i][0].set_text(self.seats[i][0])
        for field, kinds, remove in self.seat_widgets:
            field.placeholder = _("Name")
            field.tooltip = _("Any name; Devanagari works (switch your keyboard to Nepali).")
            kinds.tooltip = _("Who plays this seat: a person at this screen, or a bot.")
            remove.tooltip = _("Remove this seat")
        self.add_button.text = _("+  Add a player")
        self.add_button.tooltip = _("Up to five players")
        self.preset_stepper.tooltip = _("A named set of rules; change any rule on the right.")
        self.hands_stepper.tooltip = _("How many hands the match lasts.")
        # Translators: shown in the empty seed box: with no seed the cards are dealt at random.
        self.seed_input.placeholder = _("random")
        self.seed_input.tooltip = _("The same seed deals the same cards: for replaying a match.")
        self.rules_button.text = _("Read these rules")
        self.rules_button.tooltip = _("An illustrated guide")
        # Translators: the button that deals the first hand of the new match.
        self.start_button.text = _("Start")
        for name, widget in self.rule_widgets.items():
            help_text = option_help(self.options[name])
            if isinstance(widget, TextInput):
                widget.placeholder = _(NO_POINTS)
                # Translators: {help} is the rule's own explanation.
                widget.tooltip = _("{help} Write points like 2/5/10.").format(help=help_text)
            else:
                widget.tooltip = help_text or None

    # ------------------------------------------------------------------ changes
    def _rename(self, i: int, text: str) -> None:
        self.seats[i][0] = text
        self.proposals[i] = None  # typed: the person's own name from now on

    def _set_kind(self, i: int, kind: str) -> None:
        self.seats[i][1] = kind
        if self._name_hot_seat():
            self._build()
            self.form.focus(self.seat_widgets[i][1], keyboard=self.form.keyboard)

    def _name_hot_seat(self) -> bool:
        """With two people or more at this screen, "You" would name whoever holds it: such a
        seat is called "Player N", as the table calls it. Whether a name changed."""
        if sum(kind == "human" for _name, kind in self.seats) < 2:
            return False
        changed = False
        for i, seat in enumerate(self.seats):
            if is_you(seat[0]):
                self.proposals[i] = (PLAYER_N, i + 1)
                seat[0] = proposed((PLAYER_N, i + 1))
                changed = True
        return changed

    def _add_seat(self) -> None:
        if len(self.seats) >= 5:
            return
        used = {name for name, _ in self.seats}
        spare: Proposal = (PLAYER_N, len(self.seats) + 1)
        proposal = next(
            ((n, 0) for n in PROPOSED_NAMES if n not in used and _(n) not in used), spare
        )
        self.seats.append([proposed(proposal), "medium"])
        self.proposals.append(proposal)
        self._sync_hands()
        self._build()
        self.form.focus(self.seat_widgets[-1][0], keyboard=self.form.keyboard)

    def _remove_seat(self, i: int) -> None:
        if len(self.seats) <= 2:
            return
        del self.seats[i]
        del self.proposals[i]
        self._sync_hands()
        self._build()

    def _sync_hands(self) -> None:
        """The length follows the rules and the seats until a person picks it; a picked length
        is the rules' own, so the Rules screen says the length the match will have (as "one per
        player" when it is that)."""
        if self.hands_touched:
            per_player = self.hands == len(self.seats)
            self.rules = self.rules.replace(match_hands=0 if per_player else self.hands)
        else:
            self.hands = self.rules.match_hands or len(self.seats)

    def _set_preset(self, preset: str) -> None:
        self.preset = preset
        self.rules = PRESETS[preset]
        self.errors.clear()
        self._sync_hands()
        self._build()
        self.form.focus(self.preset_stepper, keyboard=self.form.keyboard)

    def _set_hands(self, n: int) -> None:
        self.hands = n
        self.hands_touched = True
        self._sync_hands()

    def _set_seed(self, text: str) -> None:
        self.seed_text = text

    def _set_rule(self, name: str, value: object) -> None:
        try:
            self.rules = self.rules.replace(**{name: value})
            self.errors.pop(name, None)
        except ValueError as exc:
            self.errors[name] = said_in(exc)

    def _set_table(self, name: str, text: str) -> None:
        try:
            self.rules = self.rules.replace(**{name: parse_table(text)})
            self.errors.pop(name, None)
        except ValueError as exc:
            self.errors[name] = said_in(exc)
        widget = self.rule_widgets.get(name)
        if isinstance(widget, TextInput):
            widget.error = name in self.errors

    def _show_rules(self) -> None:
        self.app.open("rules", rules=self.rules)

    # ------------------------------------------------------------------ the result
    def build_setup(self) -> MatchSetup:
        """The MatchSetup the screen describes; ValueError with a reason if it is not valid."""
        if self.errors:
            name, why = next(iter(self.errors.items()))
            if isinstance(why, Said):  # the engine's sentence names the option itself
                raise ValueError(sentence(why))
            # Translators: {rule} is a rule's name, {reason} what is wrong with its value.
            raise ValueError(
                _("{rule}: {reason}.").format(rule=option_name(self.options[name]), reason=_(why))
            )
        self._name_hot_seat()
        seats = []
        for i, (name, kind) in enumerate(self.seats):
            if not name.strip():
                raise ValueError(_("Seat {number} needs a name.").format(number=i + 1))
            proposal = self.proposals[i] if i < len(self.proposals) else None
            seats.append(SeatSetup(name.strip(), kind, proposal))
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            raise ValueError(_("Two players have the same name."))
        if len(seats) * self.rules.hand_size + 2 > 156 + self.rules.printed_jokers:
            raise ValueError(
                ngettext(
                    "{n} hand of {cards} cards does not fit in the shoe.",
                    "{n} hands of {cards} cards do not fit in the shoe.",
                    len(seats),
                ).format(n=len(seats), cards=self.rules.hand_size)
            )
        return MatchSetup(tuple(seats), self.rules, self.hands, parse_seed(self.seed_text))

    def checked_setup(self) -> MatchSetup | None:
        """The set-up as chosen, or None once what is wrong is said (with the error sound)."""
        try:
            setup = self.build_setup()
        except ValueError as exc:
            self.message = str(exc)
            self.app.sounds.play("error")
            return None
        self.message = ""
        return setup

    def start(self) -> None:
        """Open the table with this set-up, or say what is wrong; ask before losing a save."""
        setup = self.checked_setup()
        if setup is None:
            return
        note = saved_match_note(self.app)
        if note is None:
            self.app.sounds.play("click")
            self.begin(setup)
            return
        self.app.open(
            "confirm",
            question=N_("Replace your saved match?"),
            detail=note,
            yes=N_("Start the new match"),
            on_yes=lambda: self.begin(setup),
            no=N_("Keep it"),
        )

    def begin(self, setup: MatchSetup) -> None:
        """Remember this set-up, forget any saved match and deal."""
        remembered = replace(setup, seed=None).to_dict()
        for seat, proposal in zip(remembered["seats"], self.proposals, strict=False):
            seat[PROPOSED_KEY] = None if proposal is None else list(proposal)
        self.app.settings.last_setup = remembered
        self.app.save_settings()
        self.app.storage.clear_game()
        self.app.open_table(setup=setup)

    def handle_event(self, event: pygame.event.Event) -> None:
        # Ctrl+Enter starts from anywhere, even a text field.
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and event.mod & pygame.KMOD_CTRL
        ):
            self.start()
            return
        super().handle_event(event)

    # ------------------------------------------------------------------ layout
    def layout(self) -> None:
        if not hasattr(self, "start_button"):
            return
        self._word()
        if self.message:  # what Start refused, said again (the language may have changed)
            try:
                self.build_setup()
                self.message = ""
            except ValueError as exc:
                self.message = str(exc)
        k, (w, h) = self.k, self.size
        margin = round(40 * k)
        top = self.content_top + round(20 * k)
        left_w = round(min(560 * k, w * 0.44))
        row = round(44 * k)
        gap = round(10 * k)
        x = margin
        y = top + round(30 * k)
        widgets: list[Widget] = []
        for field, kinds, remove in self.seat_widgets:
            name_w = round(left_w * 0.46)
            field.place(pygame.Rect(x, y, name_w, row), k)
            kinds.place(pygame.Rect(x + name_w + gap, y, left_w - name_w - row - gap * 2, row), k)
            remove.place(pygame.Rect(x + left_w - row, y, row, row), k)
            widgets += [field, kinds, remove]
            y += row + gap
        add_w = min(max(round(200 * k), self.add_button.width_for(round(38 * k))), left_w)
        self.add_button.place(pygame.Rect(x, y, add_w, round(38 * k)), k)
        widgets.append(self.add_button)
        y += round(38 * k) + round(34 * k)
        self.match_top = y - round(30 * k) + round(4 * k)
        rows = (
            # Translators: the label of the rule preset picker on the New game screen.
            (_("Rules"), self.preset_stepper),
            # Translators: the label of the match length picker (how many hands).
            (_("Length"), self.hands_stepper),
            # Translators: the label of the box for the deal's seed (the same seed, the same
            # cards).
            (_("Seed"), self.seed_input),
        )
        # The labels' column is as wide as the longest label, within reason.
        widest = max(theme.text_width(label, round(16 * k)) for label, _w in rows)
        label_w = min(max(round(120 * k), widest + round(14 * k)), round(left_w * 0.4))
        self.match_rows: list[tuple[str, int]] = []
        for label, widget in rows:
            widget.place(pygame.Rect(x + label_w, y, left_w - label_w, row), k)
            self.match_rows.append((label, y + row // 2))
            widgets.append(widget)
            y += row + gap
        self.label_w = label_w
        read_w = self.rules_button.width_for(round(36 * k))
        read_w = min(max(round(200 * k), read_w), left_w - label_w)
        self.rules_button.place(pygame.Rect(x + label_w, y, read_w, round(36 * k)), k)
        widgets.append(self.rules_button)
        # The rule options fill the right.
        px = x + left_w + round(40 * k)
        self.panel_box = pygame.Rect(px, top, w - px - margin, h - top - round(110 * k))
        view = self.panel_box.inflate(-round(24 * k), -round(60 * k)).move(0, round(24 * k))
        self._layout_rules(view)
        panel_widgets = [wd for wd, _rect in self.panel.items]
        start_w = max(round(220 * k), self.start_button.width_for(round(58 * k)))
        self.start_button.place(
            pygame.Rect(w - margin - start_w, h - round(86 * k), start_w, round(58 * k)), k
        )
        self.form.set_widgets(
            [self.back_button, *widgets, *panel_widgets, self.start_button], [self.panel]
        )
        self.panel.relayout()

    def _layout_rules(self, view: pygame.Rect) -> None:
        k = self.k
        scroll = self.panel.scroll
        self.panel.clear(view, k)
        pad = round(14 * k)
        control_w = round(min(210 * k, view.w * 0.42))
        text_w = view.w - control_w - pad * 3 - round(10 * k)
        row = round(38 * k)
        y = round(6 * k)
        #: Each option's whole row (its error too), in the panel's content coordinates.
        self.rule_rows: dict[str, pygame.Rect] = {}
        for i, (name, widget) in enumerate(self.rule_widgets.items()):
            # The rule's name, its explanation and any error wrap (longer in some languages).
            option = self.options[name]
            label_lines = theme.wrap(option_name(option) + "  •", round(16 * k), text_w, True)
            help_lines = theme.wrap(option_help(option), round(13 * k), text_w)
            error_lines = (
                theme.wrap(reason(self.errors[name]), round(13 * k), view.w - round(44 * k), True)
                if name in self.errors
                else []
            )
            text_h = len(label_lines) * round(22 * k) + len(help_lines) * round(18 * k)
            err_h = len(error_lines) * round(18 * k)
            h = max(row, text_h) + err_h + pad
            self.panel.paint(
                pygame.Rect(0, y, view.w - round(14 * k), h),
                partial(
                    self._paint_rule,
                    name=name,
                    lines=help_lines,
                    i=i,
                    errors=error_lines,
                    width=text_w,
                ),
            )
            control = pygame.Rect(
                view.w - control_w - pad - round(14 * k), y + (h - err_h - row) // 2, control_w, row
            )
            self.panel.add(widget, control)
            self.rule_rows[name] = pygame.Rect(0, y, view.w, h)
            y += h
        self.panel.content_height = y + pad
        self.panel.scroll = max(0.0, min(self.panel.max_scroll, scroll))

    def _paint_rule(
        self,
        surf: pygame.Surface,
        r: pygame.Rect,
        name: str,
        lines: list[str],
        i: int,
        errors: list[str],
        width: int,
    ) -> None:
        k = self.k
        if i % 2 == 0:
            band = pygame.Surface(r.size, pygame.SRCALPHA)
            band.fill((255, 255, 255, 9))
            surf.blit(band, r.topleft)
        x, y = r.x + round(14 * k), r.y + round(7 * k)
        changed = getattr(self.rules, name) != getattr(PRESETS[self.preset], name)
        colour = theme.GOLD_LIGHT if changed else theme.TEXT
        label = option_name(self.options[name]) + ("  •" if changed else "")
        for part in theme.wrap(label, round(16 * k), width, True):
            surf.blit(theme.text(part, round(16 * k), colour, True), (x, y))
            y += round(22 * k)
        for line in lines:
            surf.blit(theme.text(line, round(13 * k), theme.TEXT_DIM), (x, y))
            y += round(18 * k)
        y = r.bottom - round(6 * k) - len(errors) * round(18 * k)
        for line in errors:
            surf.blit(theme.text(line, round(13 * k), theme.ERROR, True), (x, y))
            y += round(18 * k)

    def update(self, dt: float) -> None:
        super().update(dt)
        # Errors change row heights: lay out again when their set changes.
        key = tuple(sorted(self.errors.items()))
        if key != getattr(self, "_error_key", ()):
            before = {name for name, _why in getattr(self, "_error_key", ())}
            self._error_key = key
            self.layout()
            # A new error's row grows by its lines: scroll them into view, never below the fold.
            for name in self.errors.keys() - before:
                self._reveal(self.rule_rows.get(name))

    def _reveal(self, row: pygame.Rect | None) -> None:
        """Scroll the options the least needed to show ``row`` whole (its top if it is taller
        than the view)."""
        if row is None:
            return
        panel = self.panel
        if row.bottom > panel.scroll + panel.view.h:
            panel.scroll_to(min(row.top, row.bottom - panel.view.h))
        elif row.top < panel.scroll:
            panel.scroll_to(row.top)

    # ------------------------------------------------------------------ drawing
    def draw_content(self, surface: pygame.Surface) -> None:
        k = self.k
        x = round(40 * k)
        top = self.content_top + round(20 * k)
        left_w = self.panel_box.x - round(40 * k) - x
        # Translators: the heading over the seats on the New game screen.
        players = _("Players")
        size = theme.fitting_size(players, round(20 * k), left_w, round(14 * k), True)
        surface.blit(theme.text(players, size, theme.GOLD_LIGHT, True), (x, top - round(4 * k)))
        # Translators: the heading over the match's rules, length and seed (New game screen).
        match = _("Match")
        size = theme.fitting_size(match, round(20 * k), left_w, round(14 * k), True)
        surface.blit(theme.text(match, size, theme.GOLD_LIGHT, True), (x, self.match_top))
        label_room = getattr(self, "label_w", round(120 * k)) - round(8 * k)
        for label, cy in self.match_rows:
            words, size = theme.shrunk(label, round(16 * k), label_room, round(11 * k))
            s = theme.text(words, size, theme.TEXT_DIM)
            surface.blit(s, s.get_rect(midleft=(x, cy)))
        box = self.panel_box
        theme.panel(surface, box, round(14 * k), shadow=round(10 * k))
        changed = sum(
            1
            for n in self.rule_widgets
            if getattr(self.rules, n) != getattr(PRESETS[self.preset], n)
        )
        if changed:
            note = ngettext(
                "{n} changed from the preset", "{n} changed from the preset", changed
            ).format(n=changed)
        else:
            # Translators: the rule options are all as the chosen preset has them.
            note = _("as the preset")
        # The heading of the rule options and the note share a line: the note gives way.
        title = theme.text(_("Rules options"), round(20 * k), theme.GOLD_LIGHT, True)
        surface.blit(title, (box.x + round(16 * k), box.y + round(10 * k)))
        room = box.w - title.get_width() - round(48 * k)
        words, size = theme.shrunk(note, round(14 * k), room, round(10 * k))
        s = theme.text(words, size, theme.TEXT_FAINT)
        surface.blit(s, s.get_rect(topright=(box.right - round(16 * k), box.y + round(15 * k))))
        self.panel.draw(surface)
        if self.message:
            self._draw_by_start(surface, self.message, round(16 * k), theme.ERROR, True)
        else:
            n = len(self.seats)
            humans = sum(1 for _name, kind in self.seats if kind == "human")
            if humans > 1:
                # Translators: {n} players in all, {humans} of them people at this screen,
                # who take turns at it (hot-seat).
                summary = _("{n} players, {humans} at this screen (hot-seat)")
            else:
                # Translators: {n} players in all, {humans} of them people at this screen.
                summary = _("{n} players, {humans} at this screen")
            self._draw_by_start(
                surface, summary.format(n=n, humans=humans), round(15 * k), theme.TEXT_DIM
            )

    def _draw_by_start(
        self,
        surface: pygame.Surface,
        words: str,
        size: int,
        colour: theme.Colour,
        bold: bool = False,
    ) -> None:
        """A line (or two) at the left of Start, right-aligned against it, never under the
        widgets at the left."""
        k, start = self.k, self.start_button.rect
        right = start.x - round(20 * k)
        room = right - self.panel_box.x
        size = theme.fitting_size(words, size, room * 2, round(11 * k), bold)
        lines = theme.wrap(words, size, room, bold)
        line_h = round(size * 1.35)
        y = start.centery - line_h * len(lines) // 2
        for line in lines:
            m = theme.text(line, size, colour, bold)
            surface.blit(m, m.get_rect(topright=(right, y)))
            y += line_h
