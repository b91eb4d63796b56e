"""Learn to play, driven from the title to the end of the guided hand with the mouse and keys."""

from __future__ import annotations

import time

import pygame
import pytest

from marriage_gui.app import App
from marriage_gui.guide_steps import STEP_KEYS, preset_note
from marriage_gui.scenes.hand_result import HandResultScene
from marriage_gui.table.guide import GuideScene
from marriage_gui.ui.theme import ERROR

from .test_table import DT, card_centre, click, drag


def key(app, k: int, text: str = "") -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text)], DT)
    app.step([pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text)], DT)


def said(scene: GuideScene) -> str:
    """Everything the guide's box and the toasts show now."""
    box = scene.box
    assert box is not None
    return " ".join([box.title, *(line for line, _c in box.lines), scene.toast.current or ""])


def until(app, scene: GuideScene, step: str, seconds: float = 60.0) -> None:
    """Let frames pass (the computer players think in their worker) until ``step`` is up."""
    end = time.monotonic() + seconds
    while scene.step.key != step:
        assert time.monotonic() < end, f"still at {scene.step.key}, waiting for {step}"
        app.step([], DT)
        time.sleep(0.005)


def open_guide(app) -> GuideScene:
    app.go_title()
    title = app.scene
    learn = next(b for b in title.buttons if b.text == "Learn to play")
    click(app, learn.rect.center)
    scene = app.scene
    assert isinstance(scene, GuideScene)
    app.step([], DT)
    return scene


def score_sheet(app) -> HandResultScene:
    """The score sheet the finished guided hand opens (after its cards land)."""
    for _ in range(600):
        if isinstance(app.scene, HandResultScene):
            return app.scene
        app.step([], DT)
    raise AssertionError(f"no score sheet: {[s.name for s in app.stack]}")


def card_named(scene: GuideScene, name: str) -> int:
    from engine.cards import CARDS, code_of

    return next(c for c in scene.seats.fan.order if str(CARDS[code_of(c)]) == name)


def test_learn_to_play_from_the_title_to_going_out(app):
    scene = open_guide(app)
    assert scene.step.key == "welcome" and "21 cards" in said(scene)
    key(app, pygame.K_RETURN)  # Next
    assert scene.step.key == "arrange"
    key(app, pygame.K_2, "2")  # taking the discard waits for its own step
    assert "Not yet. First arrange your cards" in said(scene) and scene.seats.state.phase == "draw"
    key(app, pygame.K_g, "g")  # Group arranges the hand
    assert scene.step.key == "take"

    # A wrong move: the stock instead of the discard. Nothing is drawn, and the guide says why.
    version = scene.match.version
    click(app, scene.staging.layout.stock.center)
    assert scene.match.version == version and scene.seats.state.phase == "draw"
    assert "Not the stock this time: take the 9♣ from the discard pile" in said(scene)
    assert "it makes the tunnela 9♣ 9♣ 9♣; you could then see this turn" in said(scene)
    assert any(
        line.startswith("Not the stock") and colour == ERROR for line, colour in scene.box.lines
    )

    top = scene.seats.state.discards[-1]
    drag(app, scene.board.sprites[top].rect.center, card_centre(scene, scene.seats.fan.order[3]))
    assert scene.step.key == "tunnela" and top in scene.seats.state.hand
    assert "9♣ 9♣ 9♣ is a tunnela" in said(scene)
    click(app, scene.next_button.rect.center)
    assert scene.step.key == "sequence" and "pure sequences" in said(scene)
    key(app, pygame.K_RETURN)
    assert scene.step.key == "see"
    assert "Contract and Indian" in said(scene)  # the preset's note

    click(app, scene.actions.buttons["see"].rect.center)
    assert scene.seats.state.seen[0] and scene.step.key == "tiplu"
    assert "The tiplu is 6♦" in said(scene) and "You hold the 7♦ (a poplu)" in said(scene)
    key(app, pygame.K_RETURN)
    assert scene.step.key == "throw"

    # Throwing a card the hand goes out with waits; the card goes back to the hand.
    eight = card_named(scene, "8S")
    drag(app, card_centre(scene, eight), scene.staging.layout.discard_row.center)
    assert eight in scene.seats.state.hand
    assert "Keep the 8♠: without it you would be 2 cards from going out, not 1" in said(scene)
    assert "like the A♠: it goes with nothing in your hand but the wild 7♦" in said(scene)
    key(app, pygame.K_TAB)  # Skip: the guide throws a loose card
    assert scene.step.key == "others" and scene.seats.state.current_player == 1
    assert not scene.skip_button.visible  # the others' turns cannot be skipped

    until(app, scene, "draw")
    # With the guide's own bot seed the A♣ lies on the pile: it lets the player go out, so the
    # guide asks for it, as the hint does.
    assert "take" in scene.step.wants and "Take the A♣ from the discard pile" in said(scene)
    assert "you could then go out this turn" in said(scene)
    key(app, pygame.K_2, "2")  # take it
    assert scene.step.key == "out" and "Go out" in said(scene)
    assert "The A♣ makes A♣ 2♣ 3♣, and the wild 7♦ fills 8♠ 9♠ 7♦" in said(scene)
    key(app, pygame.K_RETURN)  # Go out: the preview
    assert scene.ask.dialog is not None and scene.ask.dialog.title == "Go out?"
    key(app, pygame.K_RETURN)  # confirmed
    until(app, scene, "done", 5.0)
    assert scene.seats.state.hand_over and scene.seats.state.result.winner == 0
    sheet = score_sheet(app)
    assert sheet.closing is not None and sheet.closing.startswith("Your +")
    assert "in fees the others pay the player who goes out" in sheet.closing
    assert not sheet.replay_button.visible and not sheet.review.button.visible
    key(app, pygame.K_RETURN)  # back to the guide's last words
    assert app.scene is scene and "You went out and won the hand" in said(scene)
    key(app, pygame.K_RETURN)  # a normal game next
    assert [s.name for s in app.stack] == ["title", "new_game"]
    assert not app.storage.has_game()  # the guided hand was never saved


def test_the_computer_players_wait_while_a_step_waits(app):
    scene = open_guide(app)
    for _ in range(STEP_KEYS.index("others")):
        key(app, pygame.K_TAB)
    assert scene.step.key == "others" and scene.seats.state.current_player != 0
    scene.at = STEP_KEYS.index("tiplu")  # a step to read is up while the others are to play
    version = scene.match.version
    for _ in range(120):
        app.step([], DT)
        time.sleep(0.005)
    assert scene.match.version == version
    scene.at = STEP_KEYS.index("others")
    until(app, scene, "draw")
    assert scene.match.version > version


def test_every_step_can_be_skipped_to_the_end(app):
    scene = open_guide(app)
    while scene.step.key != "done":
        if scene.step.key == "others":
            until(app, scene, "draw")
        else:
            key(app, pygame.K_TAB)
    assert scene.seats.state.hand_over
    for _ in range(300):  # the cards land and the toasts go: the finished hand sleeps
        app.step([], DT)
    score_sheet(app)
    key(app, pygame.K_RETURN)  # the guide's last step
    assert app.scene is scene and not scene.animating() and app.idle()
    key(app, pygame.K_TAB)  # Title
    assert [s.name for s in app.stack] == ["title"]


def test_the_pause_menu_leaves_the_guide_and_offers_a_normal_game(app):
    scene = open_guide(app)
    key(app, pygame.K_ESCAPE)
    assert scene.ask.dialog is not None
    leave = next(b for b in scene.ask.dialog.buttons if b.text == "Leave the guide")
    assert "not saved" in scene.ask.dialog.text
    leave.click()
    assert [s.name for s in app.stack] == ["title", "confirm"]
    app.scene.accept()
    assert [s.name for s in app.stack] == ["title", "new_game"]


def test_a_note_only_where_another_preset_differs():
    assert preset_note("welcome") is None
    assert "Indian" in (preset_note("out") or "")
    assert "anticlockwise" in (preset_note("others") or "")


def test_the_screenshot_tool_shows_the_guides_first_prompt(tmp_path):
    from marriage_gui.__main__ import main

    out = tmp_path / "guide.png"
    assert main(["--screenshot", str(out), "--scene", "guide", "--data-dir", str(tmp_path)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_the_open_log_ends_above_the_box_instead_of_squeezing_it(tmp_path, size):
    from .test_table import close_tables

    a = App(size, headless=True, data_dir=tmp_path)
    a.settings.animation_speed = "instant"
    a.go_title()
    scene = GuideScene(a)
    a.push(scene)
    a.step([], DT)
    closed = scene.box.rect.copy()
    key(a, pygame.K_l, "l")  # the log opens
    a.step([], DT)
    box, log = scene.box.rect, scene.staging.layout.log_rect
    assert scene.seats.log.open and box.width == closed.width and box.width > size[0] * 0.35
    assert not box.colliderect(log) and log.bottom <= box.top
    assert len(scene.seats.log.rows(log, 12, round(12 * 1.45))) >= 1 and log.height >= 80
    close_tables(a)


def test_the_screenshot_tool_shows_the_guides_ace_step(tmp_path):
    from marriage_gui.__main__ import main

    out = tmp_path / "throw.png"
    args = ["--screenshot", str(out), "--scene", "guide-throw", "--data-dir", str(tmp_path)]
    assert main(args) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 800)
