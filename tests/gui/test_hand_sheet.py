"""The hand sheet shows each net in its parts and who pays whom; the rules say the same."""

from __future__ import annotations

from engine.ledger import Share
from engine.rules import PRESETS
from marriage_gui.app import App
from marriage_gui.scenes.hand_result import split_line
from marriage_gui.scenes.rules import RulesScene
from marriage_gui.table.demo import build_scene


def test_the_sheet_holds_the_ledger_of_the_hand(tmp_path):
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.go_title()
    scene = build_scene(app, "hand_result", 7)
    app.push(scene)
    app.step([], 1 / 30)
    book = scene.book
    assert book is not None and book.nets == scene.result.nets
    assert book.payments  # someone went out, so someone pays


def test_split_line_names_every_part_and_the_net():
    held, money = split_line(Share(maal=37, fee=9, bonus=10, counted=13), "settlement", 13, True)
    assert held == "seen  ·  maal 13"
    assert money == "maal difference +37  fees +9  dublee bonus +10  =  +56"
    held, money = split_line(Share(maal=-17, fee=-10, counted=0), "settlement", 6, False)
    assert held == "not seen  ·  maal 6 (lost: never saw)"
    assert money == "maal difference -17  fee -10  =  -27"
    assert split_line(Share(maal=4, bonus=20, counted=4), "contract", 4, True)[1] == (
        "maal +4  going out +20  =  +24"
    )
    assert split_line(Share(deadwood=40), "deadwood", 0, True)[1] == "deadwood +40  =  +40"


def test_rules_text_no_longer_says_everyone_pays_the_winner_the_maal(tmp_path):
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    text = RulesScene(app, PRESETS["nepali"])._maal_text()
    assert "everyone pays the winner by the difference" not in text
    assert "winner or not" in text and "pays the winner 3 if they had seen or 10" in text
