"""Laying off (RuleSet.lay_off, the Indian game): leftover cards go onto your shown melds."""

from __future__ import annotations

import pytest
from positions import rig

from engine import layoff, solver
from engine.actions import Discard, DrawStock, GoOut, See
from engine.cards import card_of, format_cards, parse_card, parse_cards
from engine.game import Game, IllegalAction
from engine.rules import INDIAN, NEPALI
from engine.wilds import Wilds

SEE = ("5H 6H 7H", "9S TS JS", "2D 3D 4D")
MELDS = ("QC KC AC", "2S 2H 2C", "3C 4C 5C 6C 7C")
HAND = " ".join(SEE + MELDS) + " 8H"  # 21 cards: 8H fits only onto the shown 5H 6H 7H


def _seen_with_8h_left(rules):
    """Seat 0 has drawn KD and seen; 8H is left over besides four melds and the discard."""
    g = Game.new(rules, 2, 5, 1)
    rig(g, 0, HAND, stock_top="KD")
    g.apply(DrawStock())
    g.apply(See(tuple(tuple(parse_cards(m)) for m in SEE)))
    return g


def _go_out() -> GoOut:
    return GoOut(tuple(tuple(parse_cards(m)) for m in MELDS), parse_card("KD"))


def test_indian_preset_lays_off_and_others_do_not():
    assert INDIAN.lay_off
    assert not NEPALI.lay_off


def test_going_out_by_laying_8h_on_a_shown_run_is_legal_with_lay_off():
    g = _seen_with_8h_left(INDIAN)
    finishes = [a for a in g.legal_actions() if isinstance(a, GoOut)]
    assert any(a.discard == parse_card("KD") for a in finishes)
    g.apply(_go_out())
    assert g.hand_over and g.result is not None and g.result.winner == 0
    runs = [format_cards(parse_cards_of(ids)) for _k, ids in g.shown[0]]
    assert "5H 6H 7H 8H" in runs
    assert any(e.kind == "go_out" and "laying off 8H" in e.text.english for e in g.events)


def parse_cards_of(ids):
    """Cards of physical ids (or of codes: both index the same way below 52)."""
    return [card_of(i) for i in ids]


def test_without_lay_off_the_same_finish_is_refused_and_nothing_changes():
    g = _seen_with_8h_left(INDIAN.replace(lay_off=False))
    before = g.state_key()
    assert not any(a.discard == parse_card("KD") for a in g.legal_actions() if isinstance(a, GoOut))
    with pytest.raises(IllegalAction, match="every card but your discard"):
        g.apply(_go_out())
    assert g.state_key() == before


def test_a_card_that_fits_no_shown_meld_is_still_refused():
    g = _seen_with_8h_left(INDIAN)
    # Claim 8H as part of the finish discard route but leave 7C over: 7C fits nothing shown.
    bad = GoOut(
        (
            tuple(parse_cards("QC KC AC")),
            tuple(parse_cards("2S 2H 2C")),
            tuple(parse_cards("3C 4C 5C 6C")),
        ),
        parse_card("KD"),
    )
    with pytest.raises(IllegalAction, match="laid off"):
        g.apply(bad)


def test_extensions_grow_runs_at_both_ends_and_wilds_anywhere():
    w = Wilds(parse_card("QS"), INDIAN)  # every queen is wild
    counts = [0] * 53
    for c in parse_cards("4H 8H 9H QD KC"):
        counts[c.code] += 1
    run = [c.code for c in parse_cards("5H 6H 7H")]
    found = {format_cards(parse_cards_of(e)) for e in layoff.extensions(run, counts, w, INDIAN)}
    assert {"4H", "8H", "8H 9H", "4H 8H", "QD"} <= found
    assert "9H" not in found  # a gap at 8H, unless the wild queen fills it
    assert "9H QD" in found
    assert not any("KC" in f for f in found)
    # Melds of exactly three cards never grow.
    assert layoff.extensions(run, counts, w, NEPALI.replace(lay_off=True)) == []


def test_solver_finds_a_finish_that_is_all_lay_off():
    w = Wilds(parse_card("2C"), INDIAN)
    shown = [parse_cards(m) for m in SEE]
    # 8H and 5D both lay off (onto 5H 6H 7H and 2D 3D 4D): either other card is the discard.
    both = solver.going_out_options(parse_cards("8H 5D KD"), w, INDIAN, shown)
    assert [f.discard for f in both] == [parse_card("KD")]
    assert sorted(both[0].free) == sorted(parse_cards("8H 5D"))
    only = solver.going_out_options(parse_cards("8H KD"), w, INDIAN, shown)
    assert [f.discard for f in only] == [parse_card("KD")]
    assert only[0].free == [parse_card("8H")]
    assert solver.can_go_out(parse_cards("8H KD"), w, INDIAN, shown)
    assert not solver.can_go_out(parse_cards("8H KD"), w, INDIAN.replace(lay_off=False), shown)


def test_every_offered_lay_off_finish_applies_and_leaves_valid_melds():
    """Seeded Indian games: whatever finish the engine offers is accepted, melds stay melds."""
    import random

    from engine.melds import classify_meld

    laid = 0
    for seed in range(8):
        g = Game.new(INDIAN, 4, seed, 1)
        rng = random.Random(seed)
        while not g.hand_over:
            legal = g.legal_actions()
            outs = [a for a in legal if isinstance(a, GoOut)]
            if not outs:
                g.apply(rng.choice(legal))
                continue
            p = g.current_player
            before = len(g.hands[p])
            action = rng.choice(outs)
            used = sum(len(m) for m in action.melds) + 1
            g.apply(action)
            wilds = g.wilds
            for _kind, ids in g.shown[p]:
                assert classify_meld(parse_cards_of(ids), wilds, INDIAN) is not None
            laid += used < before
    assert laid  # the seeds do reach finishes that lay off


def test_the_quick_meld_test_agrees_with_the_full_classifier():
    """Lay-off asks only "is it a meld?"; that shortcut must agree with classify everywhere."""
    import random

    from engine.cards import CARDS
    from engine.layoff import _is_long_meld
    from engine.melds import meld_kind_of_codes

    rng = random.Random(11)
    for _ in range(5000):
        w = Wilds(CARDS[rng.randrange(52)], INDIAN.replace(printed_jokers=2))
        base = rng.randrange(52)
        codes = tuple(_near(rng, base) for _ in range(rng.randint(3, 7)))
        full = meld_kind_of_codes(codes, w.wild, w.marriage, True) is not None
        assert _is_long_meld(codes, w.wild, w.marriage) == full, codes


def _near(rng, base: int) -> int:
    """A card likely to meld with ``base``: itself, its suit nearby, its rank, or any card."""
    pick = rng.randrange(4)
    if pick == 0:
        return rng.randrange(53)
    if pick == 1:
        return base
    if pick == 2:
        return base // 13 * 13 + (base % 13 + rng.randint(-3, 3)) % 13
    return base % 13 + 13 * rng.randrange(4)


# ---------------------------------------------------------------- the two readings (RuleSet)
def test_the_presets_keep_any_card_onto_your_own_melds():
    assert (INDIAN.lay_off_cards, INDIAN.lay_off_onto) == ("any", "own")
    assert INDIAN.replace(lay_off_cards="wild").lay_off_cards == "wild"
    with pytest.raises(ValueError, match="Lay off onto must be one of own, anyone"):
        INDIAN.replace(lay_off_onto="everyone")


def test_with_wild_cards_only_a_natural_card_is_not_laid_off():
    g = _seen_with_8h_left(INDIAN.replace(lay_off_cards="wild"))
    assert not any(a.discard == parse_card("KD") for a in g.legal_actions() if isinstance(a, GoOut))
    with pytest.raises(IllegalAction, match="laid off"):
        g.apply(_go_out())


def test_with_wild_cards_only_a_wild_card_is_laid_off():
    rules = INDIAN.replace(lay_off_cards="wild")
    g = Game.new(rules, 2, 5, 1)
    # 8H is wild here (the tiplu's rank): it still goes onto the shown 5H 6H 7H.
    rig(g, 0, HAND, stock_top="KD")
    g.tiplu_id, g._wilds = _swap_tiplu(g, "8S"), None
    g.apply(DrawStock())
    g.apply(See(tuple(tuple(parse_cards(m)) for m in SEE)))
    assert any(a.discard == parse_card("KD") for a in g.legal_actions() if isinstance(a, GoOut))
    g.apply(_go_out())
    assert g.result is not None and g.result.winner == 0


def _swap_tiplu(g, text):
    """Put the hand's tiplu back in the stock and set aside a card of ``text`` instead."""
    want = parse_card(text).code
    g.stock.insert(0, g.tiplu_id)
    for place in (g.stock, g.discards, g.hands[1]):
        for i in place[:-1] if place is g.stock else place:
            if card_of(i).code == want:
                place.remove(i)
                return i
    raise AssertionError(f"no free {text}")


OTHER_SEE = ("9D TD JD", "4S 5S 6S", "QH QH QH")


def _two_seen(rules, other=OTHER_SEE, spare="QD"):
    """Seat 1 has seen with ``other`` (9D TD JD among its melds); seat 0 then draws KD and sees.

    Seat 0's ``spare`` (QD) fits only one of seat 1's melds (9D TD JD): it goes out by laying it
    there, throwing KD.
    """
    g = Game.new(rules, 2, 5, 1)
    own = ("5H 6H 7H", "9S TS JS", "2D 3D 4D")
    hand0 = " ".join(own + ("QC KC AC", "2S 2H 2C", "3C 4C 5C 6C 7C")) + " " + spare
    rig(g, 0, hand0)
    rig(g, 1, " ".join(other) + " " + "7C 8C 9C TC JC 3H 4H 5H KS KS 9H 2S", stock_top="AD")
    g.current_player = 1
    g.apply(DrawStock())
    g.apply(See(tuple(tuple(parse_cards(m)) for m in other)))
    g.apply(Discard(parse_card("AD")))
    rig(g, 0, hand0, stock_top="KD")
    g.apply(DrawStock())
    g.apply(See(tuple(tuple(parse_cards(m)) for m in own)))
    return g


def _go_out_onto_other() -> GoOut:
    melds = ("QC KC AC", "2S 2H 2C", "3C 4C 5C 6C 7C")
    return GoOut(tuple(tuple(parse_cards(m)) for m in melds), parse_card("KD"))


def test_onto_anyones_melds_a_card_goes_onto_another_players_meld_and_counts_for_you():
    g = _two_seen(INDIAN.replace(lay_off_onto="anyone", scoring="settlement"))
    finishes = [a for a in g.legal_actions() if isinstance(a, GoOut)]
    assert any(a.discard == parse_card("KD") for a in finishes)
    g.apply(_go_out_onto_other())
    assert g.result is not None and g.result.winner == 0
    runs = [format_cards(parse_cards_of(ids)) for _k, ids in g.shown[1]]
    assert "9D TD JD QD" in runs
    assert any(e.kind == "go_out" and "laying off QD" in e.text.english for e in g.events)


def test_onto_your_own_melds_only_the_same_finish_is_refused():
    g = _two_seen(INDIAN)
    assert not any(a.discard == parse_card("KD") for a in g.legal_actions() if isinstance(a, GoOut))
    with pytest.raises(IllegalAction, match="your shown melds"):
        g.apply(_go_out_onto_other())


def test_a_card_laid_onto_another_players_meld_still_counts_as_your_maal():
    from engine import showdown

    g = _two_seen(INDIAN.replace(lay_off_onto="anyone", scoring="settlement"))
    qd = next(i for i in g.hands[0] if card_of(i) == parse_card("QD"))
    g.shown[1][0] = (g.shown[1][0][0], g.shown[1][0][1] + (qd,))
    g.hands[0].remove(qd)
    # With the tiplu JD, QD is the poplu: maal, and it was seat 0's.
    g.stock.insert(0, g.tiplu_id)
    g.tiplu_id = next(i for i in g.stock[:-1] if card_of(i) == parse_card("JD"))
    g.stock.remove(g.tiplu_id)
    g._wilds = None
    showdown.finish_hand(g, winner=0, reason="went out", lent=(qd,))
    result = g.result
    assert result is not None
    poplus = [
        [c for item in b.items if "poplu" in item.label.english for c in item.cards]
        for b in result.breakdowns
    ]
    assert parse_card("QD") in poplus[0]
    assert parse_card("QD") not in poplus[1]
