"""Digits typed in Devanagari, as a Nepali keyboard types them, are the same number: a table
code typed as ७८१९४२ (and the host's address and port in Devanagari digits) on the real Join
screen seats its player at a real host on 127.0.0.1; the host itself reads such a code as the
same code, whoever sends it; a wrong code is still wrong in either script."""

from __future__ import annotations

import pygame
import pytest
from net.tablekit import (
    HostThread,
    close_screens,
    free_udp_port,
    raw_client,
    say_hello,
    step_apps,
)

from engine import PRESETS
from engine.digits import latin_digits
from marriage_gui import language
from marriage_gui.app import App
from marriage_net import discovery
from marriage_net import protocol as p
from marriage_net.host import TableHost
from marriage_net.seats import make_seats

CODE = "781942"
DEVANAGARI = str.maketrans("0123456789", "०१२३४५६७८९")


def nepali(text: str) -> str:
    """``text`` with its digits as a Nepali keyboard types them."""
    return text.translate(DEVANAGARI)


@pytest.fixture
def table():
    def make() -> TableHost:
        seats = make_seats([("open", ""), ("open", ""), ("easy", "")])
        return TableHost(seats, PRESETS["nepali"], 1, code=CODE)

    host = HostThread(make)
    yield host
    host.stop()


def click(app: App, pos: tuple[int, int]) -> None:
    app.step(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
        1 / 30,
    )


def type_text(app: App, text: str) -> None:
    """Type ``text`` one character at a time, as a keyboard sends it."""
    for ch in text:
        app.step([pygame.event.Event(pygame.TEXTINPUT, text=ch)], 1 / 30)


def test_latin_digits_reads_the_digits_of_any_script():
    assert latin_digits("७८१९४२") == "781942"
    assert latin_digits("१२७.०.०.१:४७४७०") == "127.0.0.1:47470"
    assert latin_digits("٧٨١") == "781" and latin_digits("７８１") == "781"
    assert latin_digits("सीता 7") == "सीता 7"  # letters stay as they are
    assert latin_digits("x²") == "x²"  # a superscript is no digit to type a number with


def test_a_code_typed_in_devanagari_on_the_join_screen_seats_its_player(
    table, tmp_path, monkeypatch
):
    from marriage_gui.scenes.join import JoinScene

    monkeypatch.setenv(discovery.ENV, "127.0.0.1")
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.go_title()
    language.use("ne")
    join = JoinScene(app, "बिना", discovery_port=free_udp_port())
    app.push(join)
    try:
        # Nothing answers the search: after a few seconds the screen asks for the address.
        for _ in range(6):
            app.step([], 1.0)
        assert join.address_input.visible
        click(app, join.address_input.rect.center)
        type_text(app, nepali(f"127.0.0.1:{table.port}"))
        assert join.address_input.text == f"127.0.0.1:{table.port}"
        click(app, join.code_input.rect.center)
        type_text(app, "७८१ ९४२")
        assert join.code_input.text == "781 942"
        click(app, join.connect_button.rect.center)
        assert step_apps([app], lambda: len(join.seat_buttons) == 3), join.message
        assert not join.problem, join.message
        free = next(b for b in join.seat_buttons if b.enabled)
        click(app, free.rect.center)
        assert step_apps(
            [app],
            lambda: (
                table.call(lambda: (table.host.seats[0].name, table.host.seats[0].taken))
                == ("बिना", True)
            ),
        ), join.message
    finally:
        close_screens([app])
        language.use("en")


def test_the_name_box_keeps_devanagari_digits(tmp_path):
    """Only a box for a number reads digits as 0-9: a name is kept as it was typed."""
    from marriage_gui.ui.text_input import TextInput

    name, code = TextInput(), TextInput(digits=True)
    for box in (name, code):
        box.focused = True
        box.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="राम७"))
    assert name.text == "राम७" and code.text == "राम7"
    code.set_text("९१५ ३४४")
    assert code.text == "915 344"


@pytest.mark.parametrize("typed", ["७८१९४२", CODE])
def test_the_host_reads_a_code_in_devanagari_digits_as_the_same_code(table, typed):
    with raw_client(table.port) as ws:
        answer = say_hello(ws, typed, "Asha")
    assert not isinstance(answer, p.Refused), answer


def test_a_wrong_code_is_wrong_in_devanagari_too(table):
    with raw_client(table.port) as ws:
        answer = say_hello(ws, "७८१९४३", "Asha")
    assert isinstance(answer, p.Refused) and answer.code == p.Refusal.WRONG_CODE
