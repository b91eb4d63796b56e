"""The turn, seeing, going out, the stock, the match: one test per rule of RULES.md §4–§6."""

import pytest
from positions import rig

from engine import PRESETS, parse_card, parse_cards
from engine.actions import (
    Discard,
    DrawStock,
    ExposeTunnela,
    GoOut,
    NextHand,
    See,
    TakeDiscard,
    parse_action,
)
from engine.cards import code_of
from engine.game import Game, IllegalAction
from engine.record import MatchRecord

N = PRESETS["nepali"]

# 22 cards: three pure melds to see, four more melds and a discard.
SEE3 = "3S 4S 5S | 9H 9H 9H | JD QD KD"
REST = "2C 3C 4C 6S 7S 8S KH KS KC 5D 6D 7D 9C"


def new(rules=N, players=4, seed=1, hands=None):
    return Game.new(rules, players, seed, hands)


def refused(g, action, match=None):
    before = g.state_key()
    with pytest.raises(IllegalAction, match=match):
        g.apply(action)
    assert g.state_key() == before


def test_deal_and_first_player():
    g = new()
    assert [len(h) for h in g.hands] == [21] * 4
    assert len(g.discards) == 1 and len(g.stock) == 156 - 84 - 1
    assert g.current_player == 0 and g.phase == "draw" and g.dealer == 3
    a = new(PRESETS["house"])
    assert a.dealer == 1 and a.current_player == 0  # anticlockwise: seat 1 dealt


def test_direction_of_play():
    for rules, second in ((N, 1), (PRESETS["house"], 3)):
        g = new(rules)
        g.apply(DrawStock())
        g.apply(Discard(g.view(0).cards[0]))
        assert g.current_player == second


def test_turn_order_is_enforced():
    g = new()
    refused(g, Discard(g.view(0).cards[0]), "draw a card first")
    refused(g, "go out discard 2S", "draw a card first")
    g.apply(DrawStock())
    refused(g, DrawStock(), "already drawn")
    refused(g, TakeDiscard(), "already drawn")
    missing = next(c for c in parse_cards("AS KS QS JS TS 9S 8S 7S") if c not in g.view(0).cards)
    refused(g, Discard(missing), "do not hold")
    refused(g, "fold", "not an action")


def test_no_throwing_back_the_taken_discard():
    g = new()
    top = g.view(0).top_discard
    g.apply(TakeDiscard())
    assert Discard(top) not in g.legal_actions()
    refused(g, Discard(top), "just took")
    other = next(c for c in g.view(0).cards if c != top)
    g.apply(Discard(other))
    off = new(N.replace(no_discard_of_taken_card=False))
    off.apply(TakeDiscard())
    off.apply(Discard(top))


def test_expose_dealt_tunnela_only_before_first_draw():
    g = new()
    rig(g, 0, "6H 6H 6H 2S 4S 6S 8S TS QS 2D 4D 6D 8D TD QD 2C 4C 6C 8C TC QC")
    assert ExposeTunnela(tuple(parse_cards("6H 6H 6H"))) in g.legal_actions()
    refused(g, "expose tunnela 2S 2S 2S", "do not hold")
    refused(g, "expose tunnela 2S 4S 6S", "not a tunnela")
    ev = g.apply("expose tunnela 6H 6H 6H")
    assert ev[0].kind == "expose" and len(g.hands[0]) == 18 and g.shown[0][0][0] == "tunnela"
    g.apply(DrawStock())
    g.apply(Discard(g.view(0).cards[0]))
    for _ in range(3):
        p = g.current_player
        g.apply(DrawStock())
        g.apply(Discard(g.view(p).cards[0]))
    assert not any(isinstance(a, ExposeTunnela) for a in g.legal_actions())


def test_see_with_three_pure_melds_chooses_hidden_tiplu():
    g = new()
    rig(g, 0, (SEE3 + " " + REST).replace("|", "").rsplit(" ", 1)[0], stock_top="9C")
    g.apply(DrawStock())
    stock = len(g.stock)
    refused(g, "see 3S 4S 5S | 9H 9H 9H | KH KS KC", "not a pure meld")
    refused(g, "see 3S 4S 5S | 9H 9H 9H", "exactly 3")
    assert g.view(0).tiplu is None
    events = g.apply("see " + SEE3)
    assert g.seen[0] and len(g.stock) == stock - 1 and g.tiplu_id is not None
    assert [e.kind for e in events] == ["see", "tiplu_chosen"]
    assert g.view(0).tiplu is not None and g.view(1).tiplu is None
    assert events[1].for_seat(1).card_ids == () and events[1].for_seat(0).card_ids
    assert str(g.tiplu) not in events[1].for_seat(1).text.english.split()
    refused(g, "see " + SEE3, "already seen")
    # The hidden tiplu is never drawn: it is not in the stock.
    assert g.tiplu_id not in g.stock


def test_see_counts_exposed_tunnelas():
    g = new()
    rig(g, 0, "9H 9H 9H 3S 4S 5S JD QD KD 2C 3C 4C 6S 7S 8S KH KS KC 5D 6D 7D")
    g.apply("expose tunnela 9H 9H 9H")
    g.apply(DrawStock())
    refused(g, "see 3S 4S 5S | JD QD KD | 2C 3C 4C", "exactly 2")
    g.apply("see 3S 4S 5S | JD QD KD")
    assert g.seen[0]


def _seen_player(g, tiplu="5C"):
    """Seat 0 has seen; the tiplu is fixed to ``tiplu``; seat 0 to move in the draw phase."""
    rig(g, 0, (SEE3 + " " + REST).replace("|", "").rsplit(" ", 1)[0], stock_top="9C")
    g.apply(DrawStock())
    g.apply("see " + SEE3)
    # Pin the tiplu for a deterministic test: swap the chosen card with a copy of ``tiplu``.
    code = parse_card(tiplu).code
    for place in [g.stock] + g.hands[1:]:
        for j, i in enumerate(place):
            if code_of(i) == code:
                place[j], g.tiplu_id = g.tiplu_id, i
                g._wilds = None
                return g
    raise AssertionError


def test_seen_player_may_not_take_a_wild_discard():
    g = _seen_player(new(), tiplu="5C")
    g.apply(Discard(parse_card("9C")))
    for _ in range(3):
        p = g.current_player
        g.apply(DrawStock())
        g.apply(Discard(g.view(p).cards[0]))
    rig(g, 0, " ".join(str(c) for c in g.view(0).cards), discard_top="5H")  # an ordinary joker
    refused(g, TakeDiscard(), "wild card")
    assert TakeDiscard() not in g.legal_actions()
    allowed = new(N.replace(seen_may_take_wild_discard=True))
    _seen_player(allowed, tiplu="5C")
    allowed.apply(Discard(parse_card("9C")))
    for _ in range(3):
        p = allowed.current_player
        allowed.apply(DrawStock())
        allowed.apply(Discard(allowed.view(p).cards[0]))
    rig(allowed, 0, " ".join(str(c) for c in allowed.view(0).cards), discard_top="5H")
    allowed.apply(TakeDiscard())


def test_going_out_after_seeing_in_the_same_turn():
    g = new()
    rig(g, 0, (SEE3 + " " + REST).replace("|", "").rsplit(" ", 1)[0], stock_top="9C")
    g.apply(DrawStock())
    g.apply("see " + SEE3)
    outs = [a for a in g.legal_actions() if isinstance(a, GoOut)]
    assert outs and all(isinstance(a, GoOut) for a in outs)
    refused(g, "go out 2C 3C 4C | 6S 7S 8S | KH KS KC | 5D 6D 9C discard 7D", "not a meld")
    refused(g, "go out 2C 3C 4C | 6S 7S 8S | KH KS KC discard 9C", "every card")
    g.apply("go out 2C 3C 4C | 6S 7S 8S | KH KS KC | 5D 6D 7D discard 9C")
    assert g.hand_over and g.result.winner == 0 and g.result.reason == "went out"
    assert sum(g.result.nets) == 0
    assert len(g.hands[0]) + sum(len(m) for _k, m in g.shown[0]) == 21


def test_unseen_player_cannot_go_out():
    g = new()
    g.apply(DrawStock())
    refused(g, "go out 2C 3C 4C discard 9C", "must see")


def test_dublee_see_and_go_out_with_bonus():
    g = new()
    pairs = "2S 2S 4S 4S 6H 6H 8H 8H TD TD QD QD KC KC"
    rig(g, 0, pairs + " 3C 5C 7C 9C JC AH 3H", stock_top="3C")
    g.apply(DrawStock())
    refused(g, "see dublees 2S 2S | 4S 4S", "exactly 7")
    refused(g, "see dublees 2S 2S | 4S 4S | 6H 6H | 8H 8H | TD TD | QD QD | 3C 5C", "not a dublee")
    g.apply("see dublees 2S 2S | 4S 4S | 6H 6H | 8H 8H | TD TD | QD QD | KC KC")
    assert g.seen_by_dublees[0]
    g.apply("go out 3C 3C discard AH")
    assert g.result.dublee_win and sum(g.result.nets) == 0


def test_dublee_player_takes_only_the_last_dublee():
    g = new()
    pairs = "2S 2S 4S 4S 6H 6H 8H 8H TD TD QD QD KC KC"
    rig(g, 0, pairs + " 3C 5C 7C 9C JC AH 3H", stock_top="4D")
    g.apply(DrawStock())
    g.apply("see dublees 2S 2S | 4S 4S | 6H 6H | 8H 8H | TD TD | QD QD | KC KC")
    g.apply(Discard(parse_card("4D")))
    for _ in range(3):
        p = g.current_player
        g.apply(DrawStock())
        g.apply(Discard(g.view(p).cards[0]))
    hand = " ".join(str(c) for c in g.view(0).cards)
    rig(g, 0, hand, discard_top="AD")
    refused(g, TakeDiscard(), "completes your last dublee")
    rig(g, 0, hand, discard_top="5C")
    g.apply(TakeDiscard())
    assert g.must_go_out
    assert all(isinstance(a, GoOut) for a in g.legal_actions())
    refused(g, Discard(parse_card("3C")), "go out now")
    g.apply("go out 5C 5C discard 3C")
    assert g.result.winner == 0


def test_dublees_need_four_players_in_house_rules():
    g = new(PRESETS["house"], players=3)
    pairs = "2S 2S 4S 4S 6H 6H 8H 8H TD TD QD QD KC KC"
    rig(g, 0, pairs + " 3C 5C 7C 9C JC AH 3H")
    g.apply(DrawStock())
    assert not any(isinstance(a, See) and a.dublees for a in g.legal_actions())
    refused(g, "see dublees 2S 2S | 4S 4S | 6H 6H | 8H 8H | TD TD | QD QD | KC KC", "not allow")


def _cycle(g):
    p = g.current_player
    g.apply(DrawStock())
    g.apply(Discard(g.view(p).cards[0]))


@pytest.mark.parametrize("mode", ["reshuffle", "turn_once", "void"])
def test_stock_exhaustion(mode):
    g = new(N.replace(stock_exhausted=mode), players=2, hands=1)
    first = len(g.stock)
    for _ in range(first):
        _cycle(g)
        if g.hand_over:
            break
    if mode == "void":
        assert g.result.reason == "void" and g.result.nets == (0, 0)
    elif mode == "reshuffle":
        assert not g.hand_over and len(g.stock) == first
        assert any(e.kind == "reshuffle" for e in g.events)
    else:
        assert not g.hand_over and any(e.kind == "turn_over" for e in g.events)
        for _ in range(first):
            _cycle(g)
            if g.hand_over:
                break
        assert g.result.reason == "stock exhausted" and g.result.winner is None


def test_turn_cap_ends_the_hand():
    g = new(N.replace(max_turns=10), players=2, hands=1)
    for _ in range(10):
        _cycle(g)
    assert g.is_over and g.result.reason == "turn cap" and sum(g.result.nets) == 0


def test_indian_tiplu_is_set_aside_at_the_deal():
    g = new(PRESETS["indian"])
    assert g.tiplu_id is not None and g.tiplu_id not in g.stock
    assert len(g.stock) == 156 - 84 - 2
    assert all(g.view(s).tiplu is None for s in range(4))


def test_match_rotates_dealer_and_ends():
    g = new(N.replace(max_turns=10), players=3)
    dealers = []
    while not g.is_over:
        dealers.append(g.dealer)
        while not g.hand_over:
            _cycle(g)
        if not g.is_over:
            assert g.legal_actions() == [NextHand()]
            g.apply(NextHand())
    assert dealers == [2, 0, 1] and len(g.results) == 3
    assert g.legal_actions() == []
    refused(g, NextHand(), "match is over")
    assert list(g.totals) == [sum(r.nets[s] for r in g.results) for s in range(3)]


def test_action_text_round_trips():
    g = new()
    for a in g.legal_actions():
        assert parse_action(str(a)) == a
    for text in (
        "draw stock",
        "take discard",
        "discard QS",
        "expose tunnela 6H 6H 6H",
        "see 3S 4S 5S | 6H 6H 6H | JD QD KD",
        "see dublees 2S 2S | 4S 4S",
        "go out 3S 4S 5S | KH KS KC discard 9C",
        "next hand",
    ):
        assert str(parse_action(text)) == text
    with pytest.raises(ValueError):
        parse_action("go out 3S 4S 5S")


def test_bad_saves_give_clear_errors():
    for text in (
        "",
        "{",
        "[]",
        '{"format": "marriage-game", "version": 1}',
        '{"format": "marriage-game", "version": 9}',
    ):
        with pytest.raises(ValueError):
            MatchRecord.from_json(text).game()
    g = new()
    g.apply(DrawStock())
    data = MatchRecord.of(g).to_dict()
    data["log"].append("discard ZZ")
    with pytest.raises(ValueError, match="ZZ"):
        MatchRecord.from_dict(data).game()
    data["log"][-1] = "draw stock"
    with pytest.raises(ValueError, match="not legal"):
        MatchRecord.from_dict(data).game()


def test_players_and_seed_are_validated():
    with pytest.raises(ValueError, match="2 to 5"):
        Game.new(N, 6)
    with pytest.raises(ValueError, match="RuleSet"):
        Game.new("nepali", 4)  # type: ignore[arg-type]
    assert Game.new(N, ["सीता", "Ram"]).names == ("सीता", "Ram")


def test_a_new_hand_records_its_deal_once() -> None:
    """After "next hand" every seat's history starts with exactly one deal."""
    import random

    from engine import PRESETS, Game

    g = Game.new(PRESETS["nepali"], 3, seed=4, hands=3)
    rng = random.Random(1)
    deals_seen = 0
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        for seat in range(g.players):
            kinds = [e.kind for e in g.view(seat).history]
            assert kinds.count("deal") == 1, (g.hand_no, kinds[:4])
        deals_seen = max(deals_seen, g.hand_no)
    assert deals_seen == 2


def test_a_games_key_words_its_log_as_it_is_now():
    """The key keeps its actions' texts as the log grows; a log changed any other way (or a
    copy of it that went on differently) is worded afresh."""
    import copy
    import pickle

    g = new(hands=1)
    for _ in range(6):
        g.apply(g.legal_actions()[0])
    key = g.state_key()
    assert key[-1] == tuple(str(a) for a in g.log)
    twin = g.clone()
    assert twin == g and twin.state_key() == key
    twin.apply(twin.legal_actions()[-1])
    assert twin != g and twin.state_key()[-1] == tuple(str(a) for a in twin.log)
    last = g.log.pop()
    assert g.state_key()[-1] == key[-1][:-1]
    g.log.append(last)
    assert g.state_key() == key
    g.log[2] = DrawStock() if not isinstance(g.log[2], DrawStock) else TakeDiscard()
    assert g.state_key()[-1] == tuple(str(a) for a in g.log) != key[-1]
    # Copies of a log (shallow, deep or pickled) carry its actions, not its texts: each words
    # its own.
    a, b = copy.copy(twin.log), pickle.loads(pickle.dumps(twin.log))
    assert "_texts" not in a.__dict__ and "_texts" not in b.__dict__
    assert (a.players, a.hands) == (b.players, b.hands) == (twin.log.players, twin.log.hands)
    a.append(NextHand())
    assert a.texts()[-1] == "next hand"
    b.append(DrawStock())
    assert b.texts() == tuple(str(x) for x in b) and a.texts() == tuple(str(x) for x in a)
