import pytest

from engine import PRESETS, MeldKind, Role, Wilds, classify_meld, parse_card, parse_cards
from engine.melds import is_dublee

N = PRESETS["nepali"]
IND = PRESETS["indian"]


def W(t, rules=N):
    return Wilds(parse_card(t), rules)


@pytest.mark.parametrize(
    "tiplu, poplu, jhiplu",
    [("KC", "AC", "QC"), ("AC", "2C", "KC"), ("2C", "3C", "AC"), ("7H", "8H", "6H")],
)
def test_poplu_jhiplu_wrap(tiplu, poplu, jhiplu):
    w = W(tiplu)
    assert str(w.poplu) == poplu and str(w.jhiplu) == jhiplu
    assert w.role(parse_card(tiplu)) is Role.TIPLU
    assert w.role(parse_card(poplu)) is Role.POPLU
    assert w.role(parse_card(jhiplu)) is Role.JHIPLU


def test_ordinary_jokers_and_alter():
    w = W("7H")
    assert [w.role(c) for c in parse_cards("7S 7D 7C 8S 5H")] == [
        Role.JOKER,
        Role.JOKER,
        Role.JOKER,
        None,
        None,
    ]
    h = W("7H", PRESETS["house"])
    assert h.role(parse_card("7D")) is Role.ALTER and h.role(parse_card("7S")) is Role.JOKER
    assert h.is_wild(parse_card("JK")) and w.role(parse_card("JK")) is Role.PRINTED
    with pytest.raises(ValueError):
        Wilds(parse_card("JK"))


@pytest.mark.parametrize(
    "cards, tiplu, kind",
    [
        ("6H 6H 6H", None, MeldKind.TUNNELA),
        ("3S 4S 5S", None, MeldKind.PURE_SEQUENCE),
        ("AS 2S 3S", None, MeldKind.PURE_SEQUENCE),
        ("QS KS AS", None, MeldKind.PURE_SEQUENCE),
        ("KS KC KH", None, MeldKind.TRIPLET),
        ("6D QC 8D", "JC", MeldKind.DIRTY_SEQUENCE),
        ("JD 2C 2H", "JC", MeldKind.DIRTY_TRIPLET),
        ("JD QC 5S", "JC", MeldKind.WILD_MELD),
        ("TC JC QC", "JC", MeldKind.MARRIAGE),
        ("QC QC QC", "JC", MeldKind.TUNNELA),  # the poplu standing as itself
        ("9C TC JC", "JC", MeldKind.PURE_SEQUENCE),
        ("KS AS 2S", None, None),  # no wrap-around
        ("5D 5D JC", "JC", None),  # a wild never completes a tunnela
        ("9S 9S 9C", None, None),  # a triplet needs three suits
        ("6D QC 8D", None, None),  # not wild for a player who has not seen
        ("3S 4S 5S 6S", None, None),  # four cards are not a Nepali meld
        ("2D 4D 3H", "JC", None),
    ],
)
def test_classify_nepali(cards, tiplu, kind):
    assert classify_meld(parse_cards(cards), W(tiplu) if tiplu else None, N) is kind


def test_purity():
    assert MeldKind.TUNNELA.is_pure and MeldKind.MARRIAGE.is_pure
    assert MeldKind.PURE_SEQUENCE.is_pure
    assert not any(
        k.is_pure
        for k in (
            MeldKind.TRIPLET,
            MeldKind.DIRTY_SEQUENCE,
            MeldKind.DIRTY_TRIPLET,
            MeldKind.WILD_MELD,
        )
    )


@pytest.mark.parametrize(
    "cards, tiplu, kind",
    [
        ("6D 7D 8D 9D", None, MeldKind.PURE_SEQUENCE),
        ("6D 6D 6D", None, MeldKind.TUNNELA),
        ("6D 6H 6S 6C", None, MeldKind.TRIPLET),
        ("6D 6H 3C", "3S", MeldKind.DIRTY_TRIPLET),
        ("6D 6D 3C", "3S", None),
        ("6D 7D 3C 3H", "3S", MeldKind.DIRTY_SEQUENCE),
        ("AD 2D 3D 4D", None, MeldKind.PURE_SEQUENCE),
        ("QD KD AD 2D", None, None),  # ace high or low, not both
        ("3C 3H 3D", "3S", MeldKind.TRIPLET),
    ],
)
def test_classify_indian_long_melds(cards, tiplu, kind):
    assert classify_meld(parse_cards(cards), W(tiplu, IND) if tiplu else None, IND) is kind


def test_dublees():
    a, b = parse_cards("5H 5H")
    assert is_dublee(a, b)
    x, y = parse_cards("7S 7D")
    w = W("7H")
    assert not is_dublee(x, y, w, N)
    assert is_dublee(x, y, w, N.replace(dublee_wild_pair=True))
    assert not is_dublee(x, y, None, N.replace(dublee_wild_pair=True))
