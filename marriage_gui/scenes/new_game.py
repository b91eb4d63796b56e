"""New game: who sits at the table, which rules, how long; then Start."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from engine.rules import _CHOICES, MAX_HAND, MIN_HAND, PRESETS, RULE_HELP, RuleSet
from marriage_gui.scenes.base import MenuScene
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
from marriage_gui.ui.text_input import TextInput
from marriage_gui.ui.widget import Widget
from marriage_gui.ui.words import count, is_you

if TYPE_CHECKING:
    from marriage_gui.app import App

DEFAULT_NAMES = ("You", "Sita", "Ram", "Hari", "Gita")
SPARE_NAMES = ("Sita", "Ram", "Hari", "Gita", "Maya", "Bishnu", "Kamala", "Shyam")
KIND_LABELS = {"human": "Human", "easy": "Bot: easy", "medium": "Bot: medium", "hard": "Bot: hard"}
#: Ranges for whole-number rules: (lowest, highest, step).
INT_RANGES: dict[str, tuple[int, int, int]] = {
    "hand_size": (MIN_HAND, MAX_HAND, 1),  # the engine's own bounds (RuleSet refuses others)
    "dublee_see": (2, 10, 1),
    "dublee_out": (3, 10, 1),
    "dublee_bonus": (0, 50, 1),
    "dublee_min_players": (0, 5, 1),
    "printed_jokers": (0, 3, 1),
    "max_turns": (50, 1000, 50),
    "seen_fee": (0, 50, 1),
    "unseen_fee": (0, 50, 1),
    "contract_win_points": (0, 100, 5),
    "deadwood_ace": (0, 50, 1),
    "deadwood_face": (0, 50, 1),
    "deadwood_joker": (0, 100, 5),
    "match_hands": (0, 20, 1),
}
MAX_NAME = 16
#: Whole-number rules whose special values read better as words.
INT_WORDS: dict[str, Callable[[int], str]] = {
    "dublee_min_players": lambda v: "no minimum" if v == 0 else str(v),
    "match_hands": lambda v: "one per player" if v == 0 else str(v),
}


def rule_label(field: str) -> str:
    """A readable name for a RuleSet field."""
    return field.replace("_", " ").capitalize()


def choice_label(value: str) -> str:
    """A readable form of a choice like ``first_show``."""
    return value.replace("_", " ")


def format_table(table: tuple[int, ...]) -> str:
    """A point table as the player types it: ``2/5/10`` (empty: none)."""
    return "/".join(str(v) for v in table)


def parse_table(text: str) -> tuple[int, ...]:
    """``2/5/10`` (or commas or spaces) as a point table; ValueError with a reason."""
    text = text.strip()
    if not text or text == "-":
        return ()
    parts = [p for p in text.replace(",", "/").replace(" ", "/").split("/") if p]
    try:
        values = tuple(int(p) for p in parts)
    except ValueError:
        raise ValueError("write whole numbers separated by /, like 2/5/10") from None
    if any(v < 0 for v in values):
        raise ValueError("points must not be negative")
    return values


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
    """Four seats, you and three medium bots, Nepali rules."""
    return MatchSetup(
        tuple(
            SeatSetup(n, "human" if i == 0 else "medium") for i, n in enumerate(DEFAULT_NAMES[:4])
        )
    )


def saved_match_note(app: App) -> str | None:
    """A sentence about the match a new one would replace, or None if nothing is saved."""
    if not app.storage.has_game():
        return None
    try:
        saved = app.storage.load_game()
    except SaveError:
        return "The saved match is damaged; starting a new one deletes it."
    if saved is None:
        return None
    setup, game = saved
    names = ", ".join(s.name for s in setup.seats)
    return (
        f"Your match with {names} is at hand {game.hand_no + 1} of {game.hands_total}. "
        "Starting a new match deletes it for good."
    )


class NewGameScene(MenuScene):
    """Seats, rules preset, every rule option, hands and seed."""

    name = "new_game"
    heading = "New game"

    def __init__(self, app: App, setup: MatchSetup | None = None) -> None:
        self.panel = ScrollPanel()
        super().__init__(app)
        setup = setup or remembered_setup(app) or default_setup()
        self.seats: list[list[str]] = [[s.name, s.kind] for s in setup.seats]
        self.preset = setup.rules.name if setup.rules.name in PRESETS else "nepali"
        self.rules: RuleSet = setup.rules
        self.errors: dict[str, str] = {}
        self.hands = setup.hands
        self.hands_touched = setup.hands != (setup.rules.match_hands or len(setup.seats))
        self.seed_text = "" if setup.seed is None else str(setup.seed)
        self.message = ""
        self._build()

    # ------------------------------------------------------------------ widgets
    def _build(self) -> None:
        """Make every widget from the current state (after seats or the preset change)."""
        self.seat_widgets: list[tuple[TextInput, Stepper, Button]] = []
        for i, (name, kind) in enumerate(self.seats):
            field = TextInput(
                name,
                on_change=partial(self._rename, i),
                max_len=MAX_NAME,
                placeholder="Name",
                tooltip="Any name; Devanagari works (switch your keyboard to Nepali).",
            )
            kinds = Stepper(
                SEAT_KINDS,
                SEAT_KINDS.index(kind),
                on_change=partial(self._set_kind, i),
                fmt=lambda v: KIND_LABELS[v],
                tooltip="Who plays this seat: a person at this screen, or a bot.",
                wrap=True,
            )
            remove = Button(
                "×",
                partial(self._remove_seat, i),
                size=22,
                enabled=len(self.seats) > 2,
                tooltip="Remove this seat",
            )
            self.seat_widgets.append((field, kinds, remove))
        self.add_button = Button(
            "+  Add a player",
            self._add_seat,
            size=17,
            enabled=len(self.seats) < 5,
            tooltip="Up to five players",
        )
        self.preset_stepper = preset_stepper(
            self.preset, self._set_preset, "A named set of rules; change any rule on the right."
        )
        self.hands_stepper = length_stepper(
            self.hands, self._set_hands, "How many hands the match lasts."
        )
        self.seed_input = TextInput(
            self.seed_text,
            on_change=self._set_seed,
            max_len=20,
            placeholder="random",
            tooltip="The same seed deals the same cards: for replaying a match.",
        )
        self.rules_button = Button(
            "Read these rules", self._show_rules, size=16, tooltip="An illustrated guide"
        )
        self.start_button = Button("Start", self.start, primary=True, size=24)
        self.rule_widgets: dict[str, Widget] = {}
        for f in fields(RuleSet):
            if f.name == "name":
                continue
            self.rule_widgets[f.name] = self._rule_widget(f.name)
        self.layout()

    def _rule_widget(self, name: str) -> Widget:
        value = getattr(self.rules, name)
        help_text = RULE_HELP.get(name)
        if isinstance(value, bool):
            return Toggle(value, on_change=partial(self._set_rule, name), tooltip=help_text)
        if name in _CHOICES:
            choices = list(_CHOICES[name])
            return Stepper(
                choices,
                choices.index(value),
                on_change=partial(self._set_rule, name),
                fmt=choice_label,
                tooltip=help_text,
                wrap=True,
            )
        if isinstance(value, int):
            lo, hi, step = INT_RANGES.get(name, (0, 100, 1))
            options = sorted(set(range(lo, hi + 1, step)) | {value})
            return Stepper(
                options,
                options.index(value),
                on_change=partial(self._set_rule, name),
                fmt=INT_WORDS.get(name, str),
                tooltip=help_text,
            )
        field = TextInput(
            format_table(value),
            on_change=partial(self._set_table, name),
            max_len=40,
            placeholder="none",
            tooltip=f"{help_text} Write points like 2/5/10.",
        )
        return field

    # ------------------------------------------------------------------ changes
    def _rename(self, i: int, text: str) -> None:
        self.seats[i][0] = text

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
                seat[0] = f"Player {i + 1}"
                changed = True
        return changed

    def _add_seat(self) -> None:
        if len(self.seats) >= 5:
            return
        used = {name for name, _ in self.seats}
        name = next((n for n in SPARE_NAMES if n not in used), f"Player {len(self.seats) + 1}")
        self.seats.append([name, "medium"])
        self._sync_hands()
        self._build()
        self.form.focus(self.seat_widgets[-1][0], keyboard=self.form.keyboard)

    def _remove_seat(self, i: int) -> None:
        if len(self.seats) <= 2:
            return
        del self.seats[i]
        self._sync_hands()
        self._build()

    def _sync_hands(self) -> None:
        if not self.hands_touched:
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

    def _set_seed(self, text: str) -> None:
        self.seed_text = text

    def _set_rule(self, name: str, value: object) -> None:
        try:
            self.rules = self.rules.replace(**{name: value})
            self.errors.pop(name, None)
            if name == "match_hands":
                self._sync_hands()
                self.hands_stepper.select(self.hands)
        except ValueError as exc:
            self.errors[name] = str(exc)

    def _set_table(self, name: str, text: str) -> None:
        try:
            self.rules = self.rules.replace(**{name: parse_table(text)})
            self.errors.pop(name, None)
        except ValueError as exc:
            self.errors[name] = str(exc)
        widget = self.rule_widgets.get(name)
        if isinstance(widget, TextInput):
            widget.error = name in self.errors

    def _show_rules(self) -> None:
        self.app.open("rules", rules=self.rules)

    # ------------------------------------------------------------------ the result
    def build_setup(self) -> MatchSetup:
        """The MatchSetup the screen describes; ValueError with a reason if it is not valid."""
        if self.errors:
            name, reason = next(iter(self.errors.items()))
            raise ValueError(f"{rule_label(name)}: {reason}")
        self._name_hot_seat()
        seats = []
        for i, (name, kind) in enumerate(self.seats):
            if not name.strip():
                raise ValueError(f"seat {i + 1} needs a name")
            seats.append(SeatSetup(name.strip(), kind))
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            raise ValueError("two players have the same name")
        if len(seats) * self.rules.hand_size + 2 > 156 + self.rules.printed_jokers:
            raise ValueError(
                f"{count(len(seats), 'hand')} of {count(self.rules.hand_size, 'card')}"
                " do not fit in the shoe"
            )
        return MatchSetup(tuple(seats), self.rules, self.hands, parse_seed(self.seed_text))

    def start(self) -> None:
        """Open the table with this set-up, or say what is wrong; ask before losing a save."""
        try:
            setup = self.build_setup()
        except ValueError as exc:
            self.message = str(exc)[:1].upper() + str(exc)[1:] + "."
            self.app.sounds.play("error")
            return
        self.message = ""
        note = saved_match_note(self.app)
        if note is None:
            self.app.sounds.play("click")
            self.begin(setup)
            return
        self.app.open(
            "confirm",
            question="Replace your saved match?",
            detail=note,
            yes="Start the new match",
            on_yes=lambda: self.begin(setup),
            no="Keep it",
        )

    def begin(self, setup: MatchSetup) -> None:
        """Remember this set-up, forget any saved match and deal."""
        self.app.settings.last_setup = replace(setup, seed=None).to_dict()
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
        self.add_button.place(pygame.Rect(x, y, round(200 * k), round(38 * k)), k)
        widgets.append(self.add_button)
        y += round(38 * k) + round(34 * k)
        self.match_top = y - round(30 * k) + round(4 * k)
        label_w = round(120 * k)
        self.match_rows: list[tuple[str, int]] = []
        for label, widget in (
            ("Rules", self.preset_stepper),
            ("Length", self.hands_stepper),
            ("Seed", self.seed_input),
        ):
            widget.place(pygame.Rect(x + label_w, y, left_w - label_w, row), k)
            self.match_rows.append((label, y + row // 2))
            widgets.append(widget)
            y += row + gap
        self.rules_button.place(pygame.Rect(x + label_w, y, round(200 * k), round(36 * k)), k)
        widgets.append(self.rules_button)
        # The rule options fill the right.
        px = x + left_w + round(40 * k)
        self.panel_box = pygame.Rect(px, top, w - px - margin, h - top - round(110 * k))
        view = self.panel_box.inflate(-round(24 * k), -round(60 * k)).move(0, round(24 * k))
        self._layout_rules(view)
        panel_widgets = [wd for wd, _ in self.panel.items]
        self.start_button.place(
            pygame.Rect(
                w - margin - round(220 * k), h - round(86 * k), round(220 * k), round(58 * k)
            ),
            k,
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
        for i, (name, widget) in enumerate(self.rule_widgets.items()):
            help_lines = theme.wrap(RULE_HELP.get(name, ""), round(13 * k), text_w)
            text_h = round(22 * k) + len(help_lines) * round(18 * k)
            err_h = round(18 * k) if name in self.errors else 0
            h = max(row, text_h) + err_h + pad
            self.panel.paint(
                pygame.Rect(0, y, view.w - round(14 * k), h),
                partial(self._paint_rule, name=name, lines=help_lines, i=i),
            )
            control = pygame.Rect(
                view.w - control_w - pad - round(14 * k), y + (h - err_h - row) // 2, control_w, row
            )
            self.panel.add(widget, control)
            y += h
        self.panel.content_height = y + pad
        self.panel.scroll = max(0.0, min(self.panel.max_scroll, scroll))

    def _paint_rule(
        self, surf: pygame.Surface, r: pygame.Rect, name: str, lines: list[str], i: int
    ) -> None:
        k = self.k
        if i % 2 == 0:
            band = pygame.Surface(r.size, pygame.SRCALPHA)
            band.fill((255, 255, 255, 9))
            surf.blit(band, r.topleft)
        x, y = r.x + round(14 * k), r.y + round(7 * k)
        changed = getattr(self.rules, name) != getattr(PRESETS[self.preset], name)
        colour = theme.GOLD_LIGHT if changed else theme.TEXT
        label = theme.text(
            rule_label(name) + ("  •" if changed else ""), round(16 * k), colour, True
        )
        surf.blit(label, (x, y))
        y += round(22 * k)
        for line in lines:
            surf.blit(theme.text(line, round(13 * k), theme.TEXT_DIM), (x, y))
            y += round(18 * k)
        if name in self.errors:
            err = theme.text(
                theme.fit(self.errors[name], round(13 * k), r.w - 30),
                round(13 * k),
                theme.ERROR,
                True,
            )
            surf.blit(err, (x, r.bottom - err.get_height() - round(6 * k)))

    def update(self, dt: float) -> None:
        super().update(dt)
        # Errors change row heights: lay out again when their set changes.
        key = tuple(sorted(self.errors))
        if key != getattr(self, "_error_key", ()):
            self._error_key = key
            self.layout()

    # ------------------------------------------------------------------ drawing
    def draw_content(self, surface: pygame.Surface) -> None:
        k = self.k
        x = round(40 * k)
        top = self.content_top + round(20 * k)
        surface.blit(
            theme.text("Players", round(20 * k), theme.GOLD_LIGHT, True), (x, top - round(4 * k))
        )
        surface.blit(
            theme.text("Match", round(20 * k), theme.GOLD_LIGHT, True), (x, self.match_top)
        )
        for label, cy in self.match_rows:
            s = theme.text(label, round(16 * k), theme.TEXT_DIM)
            surface.blit(s, s.get_rect(midleft=(x, cy)))
        box = self.panel_box
        theme.panel(surface, box, round(14 * k), shadow=round(10 * k))
        title = theme.text("Rules options", round(20 * k), theme.GOLD_LIGHT, True)
        surface.blit(title, (box.x + round(16 * k), box.y + round(10 * k)))
        changed = sum(
            1
            for n in self.rule_widgets
            if getattr(self.rules, n) != getattr(PRESETS[self.preset], n)
        )
        note = f"{changed} changed from the preset" if changed else "as the preset"
        s = theme.text(note, round(14 * k), theme.TEXT_FAINT)
        surface.blit(s, s.get_rect(topright=(box.right - round(16 * k), box.y + round(15 * k))))
        self.panel.draw(surface)
        if self.message:
            m = theme.text(self.message, round(16 * k), theme.ERROR, True)
            surface.blit(
                m,
                m.get_rect(
                    midright=(
                        self.start_button.rect.x - round(20 * k),
                        self.start_button.rect.centery,
                    )
                ),
            )
        else:
            n = len(self.seats)
            humans = sum(1 for _, kind in self.seats if kind == "human")
            summary = f"{n} players, {humans} at this screen" + (
                " (hot-seat)" if humans > 1 else ""
            )
            m = theme.text(summary, round(15 * k), theme.TEXT_DIM)
            surface.blit(
                m,
                m.get_rect(
                    midright=(
                        self.start_button.rect.x - round(20 * k),
                        self.start_button.rect.centery,
                    )
                ),
            )
