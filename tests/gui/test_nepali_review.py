"""What the Nepali reader's review asked for, read off the screens a person meets: the Rules
screen's payment lines say that each loser pays the dublee bonus; the join screen's code box
counts its digits as the digits setting shows them; a refusal to see uses the word the Rules
screen teaches (सेट)."""

from __future__ import annotations

import pygame
import pytest

from engine.rules import PRESETS
from engine.words import say_n
from marriage_gui import language
from marriage_gui.app import App
from marriage_gui.art import fonts
from marriage_gui.ui import theme

from .text_trace import Trace


@pytest.fixture
def app(tmp_path):
    a = App((1280, 800), headless=True, data_dir=tmp_path)
    a.go_title()
    yield a
    language.use("en")
    language.use_digits(False)


def rules_scrolled_to_payments(app: App) -> pygame.Rect:
    """The Rules screen, scrolled so its payment lines are in view; where they are painted."""
    scene = app.open("rules")
    app.step([], 1 / 30)
    settle = language._(
        "After the hand every two players settle the difference in their maal: whoever "
        "counted less pays the other the difference, winner or not."
    )
    heard: list[str] = []
    real = fonts.render
    for rect, painter in scene.panel.painters:
        heard.clear()
        theme.text.cache_clear()  # every line is rendered again, so it is heard
        fonts.render = lambda t, *a, **k: (heard.append(t), real(t, *a, **k))[1]  # type: ignore[assignment]
        try:
            painter(pygame.Surface((rect.w, rect.h), pygame.SRCALPHA), rect.move(-rect.x, -rect.y))
        finally:
            fonts.render = real  # type: ignore[assignment]
        if any(line.strip() and line[:40] == settle[:40] for line in heard):
            scene.panel.scroll_to(rect.bottom - scene.panel.view.h + 40)
            app.step([], 1 / 30)
            return rect
    raise AssertionError("no payment lines on the Rules screen")


@pytest.mark.parametrize("lang", ["en", "ne"])
def test_the_rules_screen_says_each_loser_pays_the_dublee_bonus(app, monkeypatch, lang):
    assert PRESETS["nepali"].dublee_bonus == 5 and PRESETS["nepali"].dublee_enabled
    language.use(lang)
    rules_scrolled_to_payments(app)
    trace = Trace(monkeypatch)
    trace.draw(app)
    said = " ".join(d.text for d in trace.placed)  # what lands in view, line after line
    if lang == "en":
        assert "and 5 more if the winner went out with dublees" in said
    else:
        # हरेकले (each one) pays the 5: the winner (जित्नेले) is only who went out.
        assert "जित्नेले डबलीले गेम गरेको भए हरेकले 5 थप तिर्छ" in said
        assert "जित्नेले डबलीले गेम गरेको भए 5 थप तिर्छ" not in said


def test_the_code_box_counts_its_digits_as_the_digits_setting_shows_them(app, monkeypatch):
    language.use("ne")
    app.open("join")
    trace = Trace(monkeypatch)
    trace.draw(app)
    hint = next(t for t in trace.heard if "अङ्कको कोड" in t)
    assert hint == "6 अङ्कको कोड" and "६" not in hint  # a digit, not a word fixed as ६
    language.use_digits(True)
    assert language.with_digits(hint) == "६ अङ्कको कोड"


def test_a_refusal_to_see_names_the_pure_meld_as_the_rules_screen_teaches_it(app):
    language.use("ne")
    refusal = language.word(
        say_n("show exactly {n} pure meld to see", "show exactly {n} pure melds to see", 3, n=3)
    )
    assert refusal == "माल हेर्न ठ्याक्कै 3 वटा प्योर सेट देखाउनुहोस्"
    lesson = language._(
        "Lay down three pure melds at once to see: you learn the tiplu and from then on its "
        "wild cards work for you."
    )
    assert "प्योर सेट" in lesson
