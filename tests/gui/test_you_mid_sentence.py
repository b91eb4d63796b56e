""" "You", the person at the screen, is "you" in the middle of a sentence: the score sheet's
payments and its pairs say "Sita pays you 22", never "pays You"."""

from __future__ import annotations

import re

import pygame
from gui.test_replay import SOLO, app, key, sheet  # noqa: F401  (the app fixture)
from gui.text_trace import Trace

from engine.ledger import Ledger, Payment, describe_payments
from marriage_gui.language import word


def test_the_score_sheet_says_pays_you_in_small_letters(app, monkeypatch):  # noqa: F811
    scene, match = sheet(app, SOLO)  # seed 5: You went out, and the others pay you
    assert scene.result.winner == 0
    trace = Trace(monkeypatch)
    heard = " ".join(trace.draw(app).trace.heard)
    assert re.search(r"pays you \d", heard), heard
    assert "pays You" not in heard and ", You " not in heard
    key(app, pygame.K_p, "p")
    assert scene.pairs.shown
    heard = " ".join(trace.draw(app).trace.heard)
    assert re.search(r"pays you \d", heard), heard
    assert "pays You" not in heard


def test_the_ledger_words_a_payment_to_you_in_small_letters():
    book = Ledger("settlement", (), (Payment(1, 0, 16), Payment(1, 2, 3)))
    said = word(describe_payments(book, ["You", "Ram", "Sita"]))
    assert said == "Ram pays you 16, Sita 3"
    book = Ledger("settlement", (), (Payment(0, 1, 16),))
    assert word(describe_payments(book, ["You", "Ram"])) == "You pay Ram 16"
