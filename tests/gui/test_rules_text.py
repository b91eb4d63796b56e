"""The in-game rules screen says what the engine does: laying off, contract tunnelas."""

from __future__ import annotations

from engine.rules import CONTRACT, INDIAN, NEPALI
from marriage_gui.app import App
from marriage_gui.scenes.rules import RulesScene


def test_the_rules_screen_tells_of_laying_off_and_contract_tunnelas(tmp_path):
    """What the engine now does, the in-game rules say (RulesScene text, Indian and contract)."""
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    indian = " ".join(text for _h, text, _ex in RulesScene(app, INDIAN).sections())
    nepali = " ".join(text for _h, text, _ex in RulesScene(app, NEPALI).sections())
    assert "laying off" in indian and "laying off" not in nepali
    contract = RulesScene(app, CONTRACT)._maal_text()
    assert "of jokers and alters as ordinary ones" in contract


def test_the_tiplu_is_told_as_a_random_card_not_a_choice(tmp_path):
    """RULES.md section 2: the first to see takes a random card; nobody chooses the tiplu."""
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    for rules in (NEPALI, INDIAN):
        tiplu = dict((h, text) for h, text, _ex in RulesScene(app, rules).sections())
        text = tiplu["The tiplu and the wild cards"]
        assert "random card" in text and "picks" not in text and "choose" not in text
