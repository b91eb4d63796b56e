"""The in-game rules screen says what the engine does: laying off, contract tunnelas."""

from __future__ import annotations

from engine.rules import CONTRACT, HOUSE, INDIAN, NEPALI
from marriage_gui.app import App
from marriage_gui.scenes.rules import RulesScene


def test_the_rules_screen_tells_of_laying_off_and_contract_tunnelas(tmp_path):
    """What the engine now does, the in-game rules say (RulesScene text, Indian and contract)."""
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    indian = " ".join(text for _h, text, _ex in RulesScene(app, INDIAN).sections())
    nepali = " ".join(text for _h, text, _ex in RulesScene(app, NEPALI).sections())
    assert "laying off" in indian and "laying off" not in nepali
    contract = RulesScene(app, CONTRACT)._maal_text()
    assert "of jokers and alters count as ordinary ones" in contract


def test_the_tiplu_is_told_as_a_random_card_not_a_choice(tmp_path):
    """RULES.md section 2: the first to see takes a random card; nobody chooses the tiplu."""
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    for rules in (NEPALI, INDIAN):
        tiplu = dict((h, text) for h, text, _ex in RulesScene(app, rules).sections())
        text = tiplu["The tiplu and the wild cards"]
        assert "random card" in text and "picks" not in text and "choose" not in text


def test_the_maal_table_is_said_as_a_player_would(tmp_path):
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    nepali = RulesScene(app, NEPALI)._maal_text()
    assert "Tunnelas shown from the deal: 5 for each, 10 for a joker's, 20 for a poplu's" in nepali
    assert "5 / 10 / 15" not in nepali and " / " not in nepali
    assert "Poplus: 2 for one, 5 for two, 10 for three." in nepali
    assert "10 for one, 30 for two, in your hand or shown on the table" in nepali
    house = RulesScene(app, HOUSE)._maal_text()
    assert "10 for one, 30 for two in your hand; 15 for one, 35 for two shown on the table" in house
    assert "ordinary ones: 5 for one, 15 for two, 25 for three" in house


def test_one_sentence_says_whether_an_unseen_player_counts_maal(tmp_path):
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    said = {
        choice: RulesScene(app, NEPALI.replace(unseen_maal=choice))._maal_text()
        for choice in ("count", "murder", "kidnap")
    }
    assert "has not seen still counts their maal" in said["count"]
    assert "(option Unseen maal: count" in said["count"]
    assert "counts no maal: it is lost (option Unseen maal: murder)" in said["murder"]
    assert "the winner takes it (option Unseen maal: kidnap)" in said["kidnap"]


def test_the_lay_off_readings_are_on_the_rules_screen(tmp_path):
    app = App((1280, 800), headless=True, data_dir=tmp_path)

    def going_out(rules):
        return dict((h, t) for h, t, _ex in RulesScene(app, rules).sections())["Going out"]

    assert "melds you have already shown on the table" in going_out(INDIAN)
    wild_anyone = going_out(INDIAN.replace(lay_off_cards="wild", lay_off_onto="anyone"))
    assert "Wild cards left over" in wild_anyone and "other cards may not" in wild_anyone
    assert "yours or another player's" in wild_anyone
