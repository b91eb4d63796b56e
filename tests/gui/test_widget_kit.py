"""One widget kit for menus and table: the Button, the row layout, the toasts, the dialogs."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pygame
import pytest

from marriage_gui.table.overlays import Dialog
from marriage_gui.ui import theme
from marriage_gui.ui.button import Button, hotkey_codes, lay_out_row
from marriage_gui.ui.form import TOOLTIP_DELAY, Form
from marriage_gui.ui.toast import FADE, Toasts

ROOT = Path(__file__).resolve().parents[2]


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))


def down(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def up(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def keydown(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def placed(button: Button, rect: tuple[int, int, int, int] = (100, 100, 160, 40)) -> Button:
    button.place(pygame.Rect(rect), 1.0)
    return button


# ---------------------------------------------------------------------- the button


@pytest.mark.parametrize("look", [theme.MENU_BUTTON, theme.TABLE_BUTTON])
def test_a_click_is_a_press_and_a_release_on_the_button(look):
    clicks: list[str] = []
    b = placed(Button("Go", lambda: clicks.append("go"), look=look))
    inside, outside = b.rect.center, (5, 5)
    assert not b.handle_event(up(inside))  # a release alone is no click
    b.handle_event(down(inside))
    assert b.pressed
    b.handle_event(up(outside))  # dragged off before letting go
    assert clicks == [] and not b.pressed
    assert b.handle_event(down(inside)) and b.handle_event(up(inside))
    assert clicks == ["go"]


def test_a_disabled_button_neither_clicks_nor_lights_up():
    clicks: list[str] = []
    b = placed(Button("Go", lambda: clicks.append("go"), enabled=False, hotkey="G"))
    b.handle_event(motion(b.rect.center))
    b.handle_event(down(b.rect.center))
    b.handle_event(up(b.rect.center))
    b.click()
    b.key(pygame.K_RETURN)
    assert not b.hovered and not b.pressed and clicks == []
    assert not b.answers(pygame.K_g)


def test_hover_follows_the_pointer():
    b = placed(Button("Go"))
    b.handle_event(motion(b.rect.center))
    assert b.hovered
    b.handle_event(motion((5, 5)))
    assert not b.hovered


def test_hotkeys_by_the_names_they_show():
    assert set(hotkey_codes("Enter")) == {pygame.K_RETURN, pygame.K_KP_ENTER}
    assert hotkey_codes("Esc") == (pygame.K_ESCAPE,)
    assert hotkey_codes("F11") == (pygame.K_F11,)
    assert hotkey_codes("H") == (pygame.K_h,)
    assert hotkey_codes("nonsense") == ()
    b = placed(Button("Hint", hotkey="H"))
    assert b.answers(pygame.K_h) and not b.answers(pygame.K_s)
    b.visible = False
    assert not b.answers(pygame.K_h)


def test_enter_and_space_press_a_focused_button():
    clicks: list[int] = []
    b = placed(Button("Go", lambda: clicks.append(1)))
    assert b.key(pygame.K_RETURN) and b.key(pygame.K_SPACE)
    assert not b.key(pygame.K_a)
    assert clicks == [1, 1]


def test_a_form_shows_a_buttons_tooltip_after_a_pause():
    surface = pygame.Surface((800, 500))
    b = placed(Button("Back", tooltip="Back (Esc)"))
    form = Form()
    form.set_widgets([b])
    form.handle_event(motion(b.rect.center))
    form.update(TOOLTIP_DELAY / 2)
    form.draw_tooltip(surface)
    assert form.tooltip_rect is None
    form.update(TOOLTIP_DELAY)
    form.draw_tooltip(surface)
    assert form.tooltip_rect is not None and not form.tooltip_rect.colliderect(b.rect)


def test_the_picture_is_painted_again_only_when_something_shown_changes():
    surface = pygame.Surface((400, 300), pygame.SRCALPHA)
    b = placed(Button("Sort", hotkey="S", look=theme.TABLE_BUTTON))
    b.draw(surface)
    first = b._picture
    b.draw(surface)
    assert b._picture is first
    b.hovered = True
    b.draw(surface)
    assert b._picture is not first
    lit = b._picture
    b.enabled = False  # a disabled button looks the same hovered or not
    b.draw(surface)
    assert b._picture is not lit


@pytest.mark.parametrize("look", [theme.MENU_BUTTON, theme.TABLE_BUTTON])
def test_a_button_paints_inside_its_rect_and_a_hidden_one_paints_nothing(look):
    surface = pygame.Surface((400, 300), pygame.SRCALPHA)
    b = placed(Button("Go out", primary=True, hotkey="Enter", look=look), (50, 60, 200, 44))
    b.draw(surface)
    painted = surface.get_bounding_rect()
    assert b.rect.inflate(0, 12).contains(painted) and painted.w >= b.rect.w - 2
    surface.fill((0, 0, 0, 0))
    b.visible = False
    b.draw(surface)
    assert surface.get_bounding_rect().size == (0, 0)


def test_primary_and_hovered_buttons_look_different():
    surface = pygame.Surface((300, 100), pygame.SRCALPHA)

    def colour(primary: bool = False, hovered: bool = False) -> tuple[int, ...]:
        b = placed(Button("Go", primary=primary, look=theme.TABLE_BUTTON), (0, 0, 160, 40))
        b.hovered = hovered
        surface.fill((0, 0, 0, 0))
        b.draw(surface)
        return tuple(surface.get_at((12, 20)))

    plain, gold = colour(), colour(primary=True)
    assert len({plain, gold, colour(hovered=True), colour(True, True)}) == 4
    assert gold[0] > gold[2]  # the table's primary buttons are gold


def test_table_labels_grow_with_the_button_and_the_hotkey_hint_takes_room():
    plain = Button("Group", look=theme.TABLE_BUTTON)
    hinted = Button("Group", hotkey="G", look=theme.TABLE_BUTTON)
    assert hinted.width_for(40) > plain.width_for(40)
    assert plain.width_for(60) > plain.width_for(40)
    menu = Button("Group", size=20)
    menu.k = 2.0
    assert menu.width_for(40) > Button("Group", size=20).width_for(40)


# ---------------------------------------------------------------------- the row


def test_a_row_places_the_shown_buttons_side_by_side():
    buttons = [Button(t, hotkey=k, look=theme.TABLE_BUTTON) for t, k in (("A", "1"), ("Bee", ""))]
    hidden = Button("Hidden", look=theme.TABLE_BUTTON)
    hidden.visible = False
    area = pygame.Rect(10, 20, 600, 40)
    lay_out_row([buttons[0], hidden, buttons[1]], area, "right", gap=8)
    a, b = buttons[0].rect, buttons[1].rect
    assert b.right == area.right and a.right + 8 == b.left
    assert a.h == b.h == 40 and a.y == b.y == 20
    assert a.w == buttons[0].width_for(40)
    assert hidden.rect.size == (0, 0)
    lay_out_row(buttons, area, "center", gap=8)
    assert abs((buttons[0].rect.left - area.left) - (area.right - buttons[1].rect.right)) <= 1
    lay_out_row(buttons, area, "left", gap=8)
    assert buttons[0].rect.left == area.left


def test_a_button_with_labels_is_as_wide_as_the_widest_whichever_it_shows():
    b = Button("Go", hotkey="Space", look=theme.TABLE_BUTTON, labels=("Go", "Wait a moment"))
    widest = Button("Wait a moment", hotkey="Space", look=theme.TABLE_BUTTON).width_for(40)
    assert b.width_for(40) == widest > Button("Go", hotkey="Space").width_for(40)
    b.text = "Wait a moment"
    assert b.width_for(40) == widest


# ---------------------------------------------------------------------- the toasts


def test_toasts_queue_and_expire():
    t = Toasts(seconds=1.0)
    t.add("first")
    t.add("second")
    assert t.current == "First"  # a message starts with a capital
    t.update(0.6)
    t.add("second")  # a repeat of the last one does not queue twice
    assert [m.text for m in t.queue] == ["First", "Second"]
    t.update(0.5)
    assert t.current == "Second"
    t.update(1.0)
    assert t.current is None and not t.queue


def test_a_withdrawn_toast_fades_out_now_and_a_waiting_one_is_dropped():
    t = Toasts(seconds=5.0)
    t.add("hint: discard 3S")
    t.add("saved")
    t.add("hint: discard 4S")
    t.withdraw("hint: discard 4S")  # waiting: gone from the queue
    t.withdraw("something never shown")  # harmless
    assert [m.text for m in t.queue] == ["Hint: discard 3S", "Saved"]
    t.update(0.5)
    t.withdraw("hint: discard 3S")  # showing: fades out from where it is
    t.update(FADE)
    assert t.current == "Saved"


def test_show_replaces_what_shows_and_waits_at_once():
    t = Toasts()
    t.add("saved")
    t.add("later")
    t.show("it is Sita's turn", "error", seconds=5)
    assert [(m.text, m.kind, m.seconds) for m in t.queue] == [("It is Sita's turn", "error", 5)]
    t.update(2.0)
    t.show("it is Sita's turn", "error", seconds=5)  # the same again: no fade in anew
    assert t.queue[0].age == FADE


def test_a_toast_draws_where_it_is_asked_and_fades():
    surface = pygame.Surface((1280, 800), pygame.SRCALPHA)
    t = Toasts()
    t.draw(surface)
    assert t.rect is None
    t.show("you cannot go out with these cards yet", "error")
    t.update(FADE)
    t.draw(surface, top=300, size=16)
    assert t.rect is not None and t.rect.top == 300 and t.rect.centerx == 640
    small = t.rect.h
    t.draw(surface, size=24)
    assert t.rect.top < 300 and t.rect.h > small
    assert surface.get_at(t.rect.center)[3] > 0


# ---------------------------------------------------------------------- dialogs on the table


def dialog(calls: list[str]) -> Dialog:
    d = Dialog(
        "Go out?",
        "",
        [
            Button("Go out", lambda: calls.append("out"), True, look=theme.TABLE_BUTTON),
            Button("Full screen", lambda: calls.append("full"), hotkey="F11"),
            Button("Not yet", lambda: calls.append("no"), hotkey="Esc"),
        ],
    )
    lay_out_row(d.buttons, pygame.Rect(0, 300, 800, 40), "center")
    return d


def test_a_dialog_answers_hotkeys_enter_and_escape():
    calls: list[str] = []
    d = dialog(calls)
    for k in (pygame.K_F11, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_x):
        assert d.handle_event(keydown(k))
    assert calls == ["full", "out", "no"]


def test_a_dialog_clicks_a_button_pressed_and_released_on_it():
    calls: list[str] = []
    d = dialog(calls)
    centre = d.buttons[2].rect.center
    d.handle_event(motion(centre))
    assert d.buttons[2].hovered and not d.buttons[0].hovered
    d.handle_event(up(centre))
    assert calls == []
    d.handle_event(down(centre))
    d.handle_event(up(centre))
    assert calls == ["no"]


# ---------------------------------------------------------------------- nothing twice


def test_one_button_one_toast_one_row_layout_in_the_gui():
    classes: dict[str, list[str]] = defaultdict(list)
    functions: dict[str, list[str]] = defaultdict(list)
    for path in sorted((ROOT / "marriage_gui").rglob("*.py")):
        where = path.relative_to(ROOT / "marriage_gui").as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                classes[node.name].append(where)
            elif isinstance(node, ast.FunctionDef):
                functions[node.name].append(where)
    twice = {name: places for name, places in classes.items() if len(places) > 1}
    assert not twice, twice
    buttons = {n: p for n, p in classes.items() if n.lower().endswith("button")}
    toasts = {n: p for n, p in classes.items() if "toast" in n.lower()}
    assert buttons == {"Button": ["ui/button.py"]}
    assert toasts == {"Toasts": ["ui/toast.py"]}
    rows = {n: p for n, p in functions.items() if "row" in n.lower() and "lay" in n.lower()}
    assert rows == {"lay_out_row": ["ui/button.py"]}


def test_no_module_level_function_is_defined_twice_in_the_gui():
    places: dict[str, list[str]] = defaultdict(list)
    for path in sorted((ROOT / "marriage_gui").rglob("*.py")):
        where = path.relative_to(ROOT / "marriage_gui").as_posix()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef):
                places[node.name].append(where)
    twice = {name: where for name, where in places.items() if len(where) > 1}
    assert not twice, twice


def test_the_caret_of_an_empty_box_stands_before_its_hint_not_on_it():
    from marriage_gui.ui.text_input import TextInput

    def drawn(placeholder: str, blink: float) -> pygame.Surface:
        box = TextInput(placeholder=placeholder)
        box.place(pygame.Rect(20, 20, 240, 46), 1.0)
        box.focused, box._blink = True, blink
        surface = pygame.Surface((300, 90))
        box.draw(surface)
        return surface

    def columns(a: pygame.Surface, b: pygame.Surface) -> list[int]:
        """The columns where two drawings differ."""
        return [
            x
            for x in range(a.get_width())
            if any(a.get_at((x, y)) != b.get_at((x, y)) for y in range(a.get_height()))
        ]

    caret = columns(drawn("Name", 0.0), drawn("Name", 0.8))  # the caret blinks
    hint = columns(drawn("Name", 0.8), drawn("", 0.8))  # the hint's ink
    assert caret and hint
    assert max(caret) < min(hint)


def test_a_resting_pointer_lights_no_button_until_it_moves():
    """The system tells where a resting pointer is (``rel`` 0, 0) when a window opens: that
    lights nothing, so a button the keyboard chose is the one that looks chosen."""
    b = placed(Button("Rules"))
    form = Form()
    form.set_widgets([b])
    resting = pygame.event.Event(
        pygame.MOUSEMOTION, pos=b.rect.center, rel=(0, 0), buttons=(0, 0, 0)
    )
    form.handle_event(resting)
    assert not b.hovered
    form.handle_event(motion(b.rect.center))
    assert b.hovered
    form.handle_event(resting)  # still there: still lit
    assert b.hovered
