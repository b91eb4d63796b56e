from dataclasses import fields
from typing import get_args, get_type_hints

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import PRESETS, RuleSet
from engine.options import MAX_POINTS, MAX_TABLE
from engine.rules import MAX_HAND, MIN_HAND, option_of, rule_options, table_points
from engine.words import Said


def test_presets_follow_the_table():
    n, h, c, i = (PRESETS[k] for k in ("nepali", "house", "contract", "indian"))
    assert (n.direction, h.direction, c.direction, i.direction) == (
        "clockwise",
        "anticlockwise",
        "clockwise",
        "anticlockwise",
    )
    assert i.tiplu_timing == "deal" and n.tiplu_timing == h.tiplu_timing == "first_show"
    assert i.meld_size == "three_or_more" and n.meld_size == "three"
    assert n.dublee_enabled and h.dublee_enabled and not c.dublee_enabled and not i.dublee_enabled
    assert h.dublee_min_players == 4 and not h.dublees_allowed(3) and h.dublees_allowed(4)
    assert (n.seen_fee, n.unseen_fee, n.dublee_bonus) == (3, 10, 5)
    assert (n.unseen_maal, h.unseen_maal) == ("count", "murder")
    assert h.alter and not n.alter
    assert (n.stock_exhausted, h.stock_exhausted, c.stock_exhausted, i.stock_exhausted) == (
        "reshuffle",
        "void",
        "reshuffle",
        "turn_once",
    )
    assert (n.scoring, h.scoring, c.scoring, i.scoring) == (
        "settlement",
        "settlement",
        "contract",
        "deadwood",
    )


def test_validation_has_clear_messages():
    with pytest.raises(ValueError, match="^Direction must be one of clockwise, anticlockwise$"):
        RuleSet(direction="sideways")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="^Printed jokers must be a whole number from 0 to 3$"):
        RuleSet(printed_jokers=7)
    with pytest.raises(ValueError, match="no such rule: colour"):
        PRESETS["nepali"].replace(colour="red")
    with pytest.raises(ValueError, match="^Poplu points must be a list of at most 12 points"):
        RuleSet(poplu_points=(2, -1))
    with pytest.raises(ValueError, match=r"^Dublee out must be more than Dublee see \(8\)$"):
        RuleSet(dublee_see=8)
    with pytest.raises(ValueError, match="^Dublee out must be at most 5 with 9 cards in a hand$"):
        RuleSet(hand_size=9)
    with pytest.raises(ValueError, match="^Name of the rules must be 1 to 40 characters$"):
        RuleSet(name="")


def test_a_refusal_names_the_option_by_its_label_as_a_sentence():
    """Every check's refusal is an engine sentence whose {option} is the option's label (a
    screen words it in its reader's language), never the field's name."""
    bad = {"flag": 2, "choice": "sideways", "whole": -1, "points": (1, -1), "text": ""}
    for option in rule_options():
        with pytest.raises(ValueError) as err:
            RuleSet.from_dict({option.name: bad[option.kind]})
        said = err.value.args[0]
        assert isinstance(said, Said) and said.fields["option"] is option.label, option.name
        assert option.name not in said.english or option.name == option.label.english.lower()


def test_replace_and_dict_round_trip():
    r = PRESETS["house"].replace(unseen_maal="kidnap")
    assert r.unseen_maal == "kidnap" and PRESETS["house"].unseen_maal == "murder"
    for rules in PRESETS.values():
        assert RuleSet.from_dict(rules.to_dict()) == rules
    with pytest.raises(ValueError):
        RuleSet.from_dict({"nonsense": 1})


def test_every_field_is_declared_once_with_its_words_and_values():
    options = rule_options()
    assert [o.name for o in options] == [f.name for f in fields(RuleSet)]
    hints = get_type_hints(RuleSet)
    for option in options:
        assert isinstance(option.label, Said) and isinstance(option.help, Said)
        assert option.problem(option.default) is None, option.name
        if option.kind == "choice":
            # The choices are exactly the values the field's type allows.
            assert [v for v, _label in option.choices] == list(get_args(hints[option.name]))
        if option.kind == "whole":
            low, high, step = option.offered
            assert option.low <= low <= high <= option.high and step > 0, option.name
            assert all(option.low <= v <= option.high for v, _w in option.words)
    # The labels name one option each, and the screens can tell them apart.
    labels = [o.label for o in options]
    assert len(set(labels)) == len(labels)


def test_the_bounds_are_the_ones_the_game_is_built_for():
    assert (option_of("hand_size").low, option_of("hand_size").high) == (MIN_HAND, MAX_HAND)
    assert option_of("hand_size").offered == (MIN_HAND, MAX_HAND, 1)
    assert option_of("seen_fee").high == MAX_POINTS and option_of("seen_fee").offered[1] == 50
    assert option_of("poplu_points").high == MAX_TABLE
    assert [o.name for o in rule_options() if not o.picked] == ["name"]


def test_the_wire_form_keeps_every_name_in_order():
    """Saves and the network carry ``to_dict``: its names and order are the ones older saves
    and hosts wrote."""
    assert list(RuleSet().to_dict()) == [
        "name",
        "direction",
        "tiplu_timing",
        "meld_size",
        "hand_size",
        "no_discard_of_taken_card",
        "seen_may_take_wild_discard",
        "expose_dealt_tunnelas",
        "dublee_enabled",
        "dublee_see",
        "dublee_out",
        "dublee_bonus",
        "dublee_min_players",
        "dublee_wild_pair",
        "alter",
        "printed_jokers",
        "stock_exhausted",
        "max_turns",
        "scoring",
        "seen_fee",
        "unseen_fee",
        "unseen_maal",
        "poplu_points",
        "poplu_jhiplu_combined",
        "jhiplu_points",
        "tiplu_points",
        "marriage_points",
        "shown_marriage_points",
        "alter_points",
        "printed_joker_points",
        "tunnela_ordinary_points",
        "tunnela_joker_points",
        "tunnela_maal_points",
        "tunnela_alter_points",
        "tunnela_printed_points",
        "tunnela_wilds_ordinary",
        "tunnelas_need_seen",
        "contract_win_points",
        "deadwood_ace",
        "deadwood_face",
        "deadwood_joker",
        "match_hands",
        "lay_off",
        "lay_off_cards",
        "lay_off_onto",
    ]
    assert RuleSet().to_dict()["poplu_points"] == [2, 5, 10]


WHOLE = [o for o in rule_options() if o.kind == "whole"]


@given(st.sampled_from(WHOLE), st.integers(-3, 1010))
def test_a_whole_number_is_taken_exactly_within_its_declared_range(option, value):
    """The declared range decides, checked here by hand: the bounds, and dublees to go out
    above those to see and fitting in the hand."""
    r = PRESETS["nepali"]
    want = dict(r.to_dict(), **{option.name: value})
    fits = option.low <= value <= option.high
    ties = (
        want["dublee_see"] < want["dublee_out"] and want["dublee_out"] * 2 <= want["hand_size"] + 1
    )
    if fits and ties:
        assert getattr(r.replace(**{option.name: value}), option.name) == value
    else:
        with pytest.raises(ValueError):
            r.replace(**{option.name: value})


def test_table_points_extends_last_step():
    assert table_points((2, 5, 10), 0) == 0
    assert table_points((2, 5, 10), 3) == 10
    assert table_points((5, 15, 25), 4) == 35
    assert table_points((45,), 2) == 90
