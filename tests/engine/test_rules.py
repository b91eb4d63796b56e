import pytest

from engine import PRESETS, RuleSet
from engine.rules import RULE_HELP, table_points


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
    with pytest.raises(ValueError, match="direction must be one of"):
        RuleSet(direction="sideways")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="printed_jokers"):
        RuleSet(printed_jokers=7)
    with pytest.raises(ValueError, match="no such rule: colour"):
        PRESETS["nepali"].replace(colour="red")
    with pytest.raises(ValueError, match="poplu_points"):
        RuleSet(poplu_points=(2, -1))


def test_replace_and_dict_round_trip():
    r = PRESETS["house"].replace(unseen_maal="kidnap")
    assert r.unseen_maal == "kidnap" and PRESETS["house"].unseen_maal == "murder"
    for rules in PRESETS.values():
        assert RuleSet.from_dict(rules.to_dict()) == rules
    with pytest.raises(ValueError):
        RuleSet.from_dict({"nonsense": 1})


def test_every_field_is_explained():
    from dataclasses import fields

    assert {f.name for f in fields(RuleSet)} == set(RULE_HELP)


def test_table_points_extends_last_step():
    assert table_points((2, 5, 10), 0) == 0
    assert table_points((2, 5, 10), 3) == 10
    assert table_points((5, 15, 25), 4) == 35
    assert table_points((45,), 2) == 90
