"""A change of language mid-game re-words at once what the game is saying about the position:
the open hint, the guide's box and the coach's panel (#31)."""

from __future__ import annotations

import re

import pygame

from engine.ai.coach import Mark, Review
from engine.cards import parse_card
from engine.words import Cards, say
from marriage_gui import language

from .test_coach_review import sheet
from .test_guide import open_guide, said
from .test_replay import SOLO
from .test_table import DT, click, solo
from .test_table_calm import ask_hint

DEVANAGARI = re.compile(r"[\u0900-\u097F]")
#: English words a Nepali line must not keep (card signs and numbers may stay).
ENGLISH = re.compile(r"\b(discard|draw|stock|goes|with|nothing|hand|take|throw|the)\b", re.I)


def test_the_open_hint_is_worded_again_in_the_new_language(app):
    app.go_title()
    scene = solo(app)
    click(app, scene.staging.layout.stock.center)
    ask_hint(app, scene)
    english = scene.toast.current or ""
    assert english.startswith("Hint: ") and not DEVANAGARI.search(english)
    language.use("ne")
    app.step([], DT)
    nepali = scene.toast.current or ""
    assert nepali.startswith("सुझाव: "), nepali
    assert DEVANAGARI.search(nepali) and not ENGLISH.search(nepali), nepali
    # Acting withdraws the hint, in whichever language it now shows.
    text = scene.hint.forget()
    assert text is not None
    scene.toast.withdraw(text)
    for _ in range(30):
        app.step([], DT)
    assert scene.toast.current != nepali


def test_the_guide_box_is_worded_again_in_the_new_language(app):
    scene = open_guide(app)
    key = pygame.K_RETURN
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")], DT)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g")], DT)
    assert scene.step.key == "take" and "it makes the tunnela 9♣ 9♣ 9♣" in said(scene)
    language.use("ne")
    app.step([], DT)
    words = said(scene)
    assert DEVANAGARI.search(words) and "9♣ 9♣ 9♣" in words and not ENGLISH.search(words), words


def test_the_coach_panel_is_worded_again_in_the_new_language(app):
    app.go_title()
    result, match = sheet(app, SOLO)
    eight, king = Cards.of([parse_card("8D")]), Cards.of([parse_card("KC")])
    why = say("{card} goes with {cards}", card=king, cards=say("nothing"))
    review = Review(
        0,
        0,
        6,
        4,
        (
            Mark(
                3,
                "discard",
                say("you threw {card}", card=eight),
                say("the hard bot would throw {card}", card=king),
                why,
                2.0,
            ),
        ),
    )
    scene = app.open("replay", replay=match.hand_replay(0), names=result.names, review=review)
    app.step([], DT)
    assert scene.coach_lines()[2] == "K♣ goes with nothing"
    language.use("ne")
    app.step([], DT)
    head, done, why_ne = scene.coach_lines()
    for line in (done, why_ne):
        assert DEVANAGARI.search(line) and not ENGLISH.search(line), line
    assert "K♣" in why_ne and "8♦" in done
