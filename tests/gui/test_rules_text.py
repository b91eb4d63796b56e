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
