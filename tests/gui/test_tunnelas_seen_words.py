"""What the screens say about a player who never saw is what the engine scores: the option
Tunnelas need seen is about tunnelas shown from the deal (any tunnela, not only a maal card's),
and whether an unseen player's maal counts follows Unseen maal and the scoring, not that option."""

from __future__ import annotations

import pytest
from gui.test_rule_options import SEATS, _app, _heard_whole_panel

from engine.cards import parse_card, parse_cards
from engine.rules import PRESETS, option_of
from engine.scoring import effective_maal, maal_points
from engine.wilds import Wilds
from marriage_gui import language
from marriage_gui.setup import MatchSetup


def _dealt_tunnela_scores(rules, seen: bool) -> int:
    """An ordinary tunnela (5♠ 5♠ 5♠) shown from the deal, 7♥ the tiplu: what it adds."""
    wilds = Wilds(parse_card("7H"), rules)
    tunnela = parse_cards("5S 5S 5S")
    return maal_points(tunnela, wilds, rules, [tunnela], seen=seen)


@pytest.mark.parametrize("code", ["en", "ne"])
def test_the_tunnelas_need_seen_help_says_what_the_engine_scores(tmp_path, monkeypatch, code):
    app = _app(tmp_path, code)
    scene = app.open("new_game", setup=MatchSetup(SEATS, PRESETS["nepali"]))
    heard = _heard_whole_panel(app, scene, monkeypatch)
    help_words = language.word(option_of("tunnelas_need_seen").help)
    # The help is drawn (wrapped): every word of it is on the screen.
    drawn = " ".join(heard)
    assert all(w in drawn for w in help_words.split()), help_words
    if code == "en":
        assert "Maal tunnelas" not in drawn
        assert help_words.startswith("Tunnelas shown from the deal score as tunnelas only")
    # The second route: an ordinary tunnela (no maal card in it) shown from the deal scores for
    # a player who has seen and not for one who has not; with the option off, for both.
    nepali = PRESETS["nepali"]
    assert _dealt_tunnela_scores(nepali, True) > 0 == _dealt_tunnela_scores(nepali, False)
    off = nepali.replace(tunnelas_need_seen=False)
    assert _dealt_tunnela_scores(off, False) == _dealt_tunnela_scores(off, True) > 0


@pytest.mark.parametrize(
    ("rules", "counted"),
    [
        (PRESETS["contract"], True),
        (PRESETS["nepali"].replace(tunnelas_need_seen=False, unseen_maal="murder"), False),
        (PRESETS["house"].replace(tunnelas_need_seen=False), False),  # murder
        (PRESETS["nepali"], True),  # count
    ],
)
def test_the_rules_screen_says_an_unseen_players_maal_as_it_is_paid(
    tmp_path, monkeypatch, rules, counted
):
    app = _app(tmp_path, "en")
    heard = " ".join(_heard_whole_panel(app, app.open("rules", rules=rules), monkeypatch))
    everyone = "Everyone counts their maal, seen or not." in heard
    lost = "A player who has not seen counts no maal: it is lost" in heard
    assert everyone == (rules.scoring == "contract")
    assert lost == (not counted)
    # The engine: under settlement an unseen player's 20 maal is paid as Unseen maal says;
    # a points race adds everyone's maal as counted.
    if rules.scoring == "settlement":
        assert (effective_maal([0, 20], 0, [True, False], rules)[1] == 20) == counted
