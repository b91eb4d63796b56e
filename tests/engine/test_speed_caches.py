"""The engine's caches give exactly the answers they stand in for, on random positions.

Each cache (legal actions per position, each seat's history, the one-step view, the shared
Table, the byte-wide block count keys, each suit's pure sequences) is compared with the plain
computation it replaces.
"""

import dataclasses
import inspect
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import PRESETS, turns
from engine.actions import Discard, GoOut, See
from engine.cards import CARDS
from engine.events import Event
from engine.game import Game
from engine.solver.search import Table, table_for
from engine.solver.seeing import _pure_code_melds
from engine.solver.suits import SHIFT, suit_key
from engine.speed import legal_cache, seat_history, view_build
from engine.view import PlayerView


def _positions(preset: str, players: int, seed: int, steps: int = 400):
    """Positions of a random game, with the game after each action (hands roll on)."""
    rng = random.Random(seed)
    g = Game.new(PRESETS[preset], players, seed, hands=2)
    for _ in range(steps):
        if g.is_over:
            break
        yield g
        g.apply(rng.choice(turns.legal_actions(g)))


def _plain_view(g: Game, seat: int) -> PlayerView:
    """The view as the dataclass builds it, with the history rebuilt from every event."""
    fast = g.view(seat)
    fields = {f.name: getattr(fast, f.name) for f in dataclasses.fields(fast) if f.init}
    fields.pop("_wilds", None)
    fields["history"] = tuple(e.for_seat(seat) for e in g.events)
    fields["legal"] = tuple(turns.legal_actions(g)) if seat == g.current_player else ()
    return PlayerView(**fields)


@pytest.mark.parametrize(("preset", "players", "seed"), [("nepali", 4, 1), ("nepali", 2, 2)])
def test_cached_legal_actions_and_checks_match_the_rules(preset, players, seed):
    for g in _positions(preset, players, seed):
        plain = turns.legal_actions(g)
        assert g.legal_actions() == plain
        assert g.legal_actions() == plain  # the second answer comes from the memo
        for action in plain:
            assert legal_cache.check(g, action) is None
        # Melds the rules refuse are still refused with the rules' reason.
        hand = g.hands[g.current_player]
        junk = See(((CARDS[hand[0] % 52],) * 3,)) if hand else See(())
        assert legal_cache.check(g, junk) == turns.check(g, junk)
        out = GoOut((), CARDS[hand[0] % 52]) if hand else None
        if out is not None:
            assert legal_cache.check(g, out) == turns.check(g, out)


@pytest.mark.parametrize(
    ("preset", "players", "seed"),
    [("nepali", 4, 31), ("nepali", 2, 32), ("house", 3, 33), ("contract", 4, 34)],
)
def test_legal_actions_never_list_one_action_twice(preset, players, seed):
    """The seeing options are taken as they come (no set to weed out repeats): none repeats."""
    sees = 0
    for g in _positions(preset, players, seed, 600):
        acts = turns.legal_actions(g)
        assert len(set(acts)) == len(acts)
        sees += sum(1 for a in acts if isinstance(a, See) and a.melds)
    assert sees  # the positions did offer ways to see


def test_discard_naming_a_card_not_held_is_still_refused():
    for g in _positions("nepali", 4, 3, 60):
        if g.phase != "play":
            continue
        held = set(g.hands[g.current_player])
        other = next(i for i in range(156) if i not in held)
        action = Discard(CARDS[other % 52], other)
        assert legal_cache.check(g, action) == turns.check(g, action)
        assert legal_cache.check(g, action) is not None


def test_state_edited_by_hand_is_not_answered_from_the_memo():
    g = Game.new(PRESETS["nepali"], 4, 5, hands=1)
    g.apply("draw stock")
    before = g.legal_actions()
    p = g.current_player
    g.hands[p] = g.hands[p][:-1] + [g.stock.pop()]  # swap the drawn card for another
    assert g.legal_actions() == turns.legal_actions(g)
    assert before  # the position before had answers of its own


@pytest.mark.parametrize(("players", "seed"), [(4, 7), (5, 8), (2, 9)])
def test_views_equal_views_built_the_plain_way(players, seed):
    for g in _positions("nepali", players, seed, 300):
        for seat in range(players):
            assert g.view(seat) == _plain_view(g, seat)
            assert repr(g.view(seat)) == repr(_plain_view(g, seat))


def test_view_build_builds_what_the_dataclass_builds():
    """``build`` and the dataclass agree field for field, including a field added later."""
    names = [f.name for f in dataclasses.fields(PlayerView) if f.name != "_wilds"]
    values = {name: f"the {name}" for name in names}  # a different value in every field
    built, plain = view_build.build(dict(values)), PlayerView(**values)
    assert built == plain
    assert built.__dict__ == plain.__dict__
    assert built._wilds is not view_build.build(dict(values))._wilds  # each view its own memo


def test_a_game_builds_its_views_with_every_field():
    g = Game.new(PRESETS["nepali"], 3, 5)
    names = {f.name for f in dataclasses.fields(PlayerView)}
    for seat in range(3):
        assert set(g.view(seat).__dict__) == names


def test_event_init_takes_every_field_in_the_class_order_with_its_default():
    """Event's hand-written __init__ stands for the dataclass's: same fields, order, defaults."""
    params = inspect.signature(Event.__init__).parameters
    fields = dataclasses.fields(Event)
    assert list(params)[1:] == [f.name for f in fields]
    for f in fields:
        assert params[f.name].default == (
            inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
        )
    e = Event("draw_stock", 2, (7,), (), 2, "drawn")
    assert e == Event(kind="draw_stock", player=2, card_ids=(7,), private_to=2, text="drawn")
    assert e.__dict__ == {
        "kind": "draw_stock",
        "player": 2,
        "card_ids": (7,),
        "groups": (),
        "private_to": 2,
        "text": "drawn",
    }
    assert dataclasses.replace(e, private_to=None).private_to is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.text = "changed"  # type: ignore[misc]


def test_a_history_read_late_is_the_history_when_the_view_was_made():
    """Views hold their history unread; reading it after more play still gives the old one."""
    rng = random.Random(41)
    g = Game.new(PRESETS["nepali"], 3, 41, hands=2)
    held = []
    while not g.is_over:
        seat = len(g.log) % 3
        held.append((g.view(seat), tuple(e.for_seat(seat) for e in g.events)))
        g.apply(rng.choice(g.legal_actions()))
    assert any(len(h) > 100 for _, h in held)
    for view, expected in reversed(held):  # the newest first: no read fixes an older one
        assert view.history == expected
        assert type(view.history) is tuple


def test_a_view_copied_or_pickled_unread_carries_its_history_as_a_tuple():
    import copy
    import pickle

    rng = random.Random(43)
    g = Game.new(PRESETS["nepali"], 4, 43, hands=1)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    expected = tuple(e.for_seat(2) for e in g.events)
    for clone in (pickle.loads(pickle.dumps(g.view(2))), copy.deepcopy(g.view(2))):
        assert type(clone.__dict__["history"]) is tuple
        assert clone.history == expected
        assert clone == g.view(2)
    assert hash(g.view(2)) == hash(PlayerView.from_dict(g.view(2).to_dict()))


def test_history_of_a_clone_and_of_the_original_stay_apart():
    g = next(iter(_positions("nepali", 4, 11, 1)))
    for _ in range(30):
        g.apply(random.Random(len(g.log)).choice(g.legal_actions()))
    g.view(0)
    twin = g.clone()
    twin.apply(twin.legal_actions()[0])
    g.apply(g.legal_actions()[-1])
    for seat in range(4):
        assert g.view(seat).history == tuple(e.for_seat(seat) for e in g.events)
        assert twin.view(seat).history == tuple(e.for_seat(seat) for e in twin.events)


def test_a_history_read_in_the_next_hand_before_any_view_of_it_is_its_own_hand():
    """A view of one hand read once the next has begun (no view made since), then views of the
    new hand: each tells its own hand."""
    rng = random.Random(45)
    g = Game.new(PRESETS["nepali"], 3, 45, hands=2)
    old = g.view(1)
    expected = tuple(e.for_seat(1) for e in g.events)
    while g.hand_no == 0:
        g.apply(rng.choice(g.legal_actions()))
    for _ in range(5):
        g.apply(rng.choice(g.legal_actions()))
    assert old.history == expected
    for seat in range(3):
        assert g.view(seat).history == tuple(e.for_seat(seat) for e in g.events)
    assert old.history == expected


def test_views_reach_no_game_and_leave_its_attributes_alone():
    """A view holds the game's seat logs, never the game (nor its ``__dict__``)."""
    import gc

    g = Game.new(PRESETS["nepali"], 3, 46, hands=1)
    view = g.view(0)
    history = view.__dict__["history"]
    assert not any(isinstance(r, Game) or r is g.__dict__ for r in gc.get_referents(history))


def test_history_starts_afresh_when_the_events_are_replaced():
    g = Game.new(PRESETS["nepali"], 3, 4, hands=1)
    g.view(1)
    g.events = g.events[:1] + g.events[:1]
    assert seat_history.history(g, 1).events() == tuple(e.for_seat(1) for e in g.events)


def test_shared_table_equals_a_new_table():
    rng = random.Random(3)
    rules = PRESETS["nepali"]
    for _ in range(300):
        shown = []
        for _ in range(rng.randrange(4)):
            if rng.random() < 0.3:
                c = rng.randrange(52)
                shown.append([CARDS[c], CARDS[c]])
            elif rng.random() < 0.5:
                c = rng.randrange(52)
                shown.append([CARDS[c]] * 3)
            else:
                s, r = rng.randrange(4), rng.randrange(11)
                shown.append([CARDS[s * 13 + r + i] for i in range(3)])
        players = rng.choice((None, 2, 4, 6))
        a, b = table_for(shown, rules, players), Table(shown, rules, players)
        assert [getattr(a, k) for k in Table.__slots__] == [getattr(b, k) for k in Table.__slots__]


def test_suit_keys_hold_each_count_in_its_own_byte():
    rng = random.Random(1)
    for _ in range(200):
        nat = [rng.randrange(4) for _ in range(53)]
        for suit in range(4):
            key = suit_key(nat, suit)
            assert [(key >> (SHIFT * r)) & 0xFF for r in range(13)] == nat[
                13 * suit : 13 * suit + 13
            ]


def test_every_fact_the_rules_read_is_part_of_the_position():
    """Edit one fact at a time by hand: the memo must not answer for the old position."""
    for g in _positions("nepali", 4, 21, 200):
        if g.phase != "play" or g.taken is None:
            continue
        g.legal_actions()
        g.taken = None  # now the taken card may be thrown back
        assert g.legal_actions() == turns.legal_actions(g)
        g.must_go_out = True
        assert g.legal_actions() == turns.legal_actions(g)
        return
    pytest.fail("no position after taking a discard")


def _random_hand(rng: random.Random, size: int) -> list:
    """Mostly random cards; one hand in two is built from melds (or pairs) so it can go out."""
    shoe = [c for c in range(52) for _ in range(3)] + [52, 52]
    if rng.random() < 0.5:
        return [CARDS[c] for c in rng.sample(shoe, size)]
    codes: list[int] = []
    while len(codes) + 3 <= size - 1:
        kind = rng.random()
        if kind < 0.4:
            suit, start = rng.randrange(4), rng.randrange(11)
            codes += [suit * 13 + start + i for i in range(3)]
        elif kind < 0.7:
            c = rng.randrange(52)
            codes += [c, c, c]
        elif kind < 0.85:
            r = rng.randrange(13)
            codes += [s * 13 + r for s in rng.sample(range(4), 3)]
        else:
            c = rng.randrange(52)
            codes += [c, c, rng.randrange(53)]
    while len(codes) < size:
        codes.append(rng.randrange(52))
    counts: dict[int, int] = {}
    kept = []
    for c in codes:  # never more than three copies of a card
        if counts.get(c, 0) < 3:
            counts[c] = counts.get(c, 0) + 1
            kept.append(c)
    return [CARDS[c] for c in kept]


@pytest.mark.parametrize("preset", ["nepali", "house", "contract", "indian"])
def test_can_go_out_from_one_tally_agrees_with_the_full_search(preset):
    from engine.solver import can_go_out, find_going_out, going_out_options
    from engine.wilds import Wilds

    rules = PRESETS[preset]
    rng = random.Random(17)
    for i in range(1500):
        size = rng.choice((14, 20, 22, 22, 23))
        cards = _random_hand(rng, size)
        wilds = None if i % 3 == 0 else Wilds(CARDS[rng.randrange(52)], rules)
        shown = [] if i % 4 else [[CARDS[c], CARDS[c]] for c in rng.sample(range(52), 3)]
        expect = find_going_out(cards, wilds, rules, shown) is not None
        assert can_go_out(cards, wilds, rules, shown) == expect
        assert bool(going_out_options(cards, wilds, rules, shown)) == expect


def test_hopeless_from_the_tally_equals_hopeless_from_counts():
    from engine.solver.bounds import hopeless, hopeless_masks
    from engine.solver.going_out import Tally
    from engine.wilds import Wilds

    rules = PRESETS["nepali"]
    rng = random.Random(23)
    for i in range(2000):
        cards = _random_hand(rng, rng.choice((10, 16, 22)))
        wild = None if i % 2 else Wilds(CARDS[rng.randrange(52)], rules).wild
        t = Tally(cards, wild)
        jokers = 0 if wild is not None else t.counts[52]
        fast = hopeless_masks(t.p1, t.p2, t.p3, t.nat, t.wild_cards, jokers)
        assert fast == hopeless(t.counts, wild, 3)


def test_four_copies_are_still_refused():
    from engine.solver import can_go_out

    with pytest.raises(ValueError, match="copies"):
        can_go_out([CARDS[5]] * 4 + [CARDS[7]], None, PRESETS["nepali"])


def test_a_table_edited_with_lists_is_answered_without_the_memo():
    g = Game.new(PRESETS["nepali"], 4, 6, hands=1)
    g.apply("draw stock")
    p = g.current_player
    g.shown[p] = [("tunnela", [g.hands[p].pop(), g.hands[p].pop(), g.hands[p].pop()])]
    assert g.legal_actions() == turns.legal_actions(g)


def _options_the_long_way(cards, wilds, rules, shown):
    """going_out_options as it was before the tally: each early exit counting for itself."""
    from engine.solver import going_out as s
    from engine.solver.setting import Setting

    setting = Setting(wilds, rules, shown, None)
    table = setting.table
    counts, hand, n = s._prepare(cards)
    melds = s._meld_route_all(counts, hand, n, setting) if table.melds_route else {}
    dublees = table.dublee_route and s._dublee_count_ok(counts, setting)
    out = []
    for code in range(53):
        if not counts[code]:
            continue
        dublee = s._dublee_finish(counts, code, setting) if dublees else None
        meld = melds.get(code)
        if dublee is not None and (meld is None or s._prefer_dublees(rules)):
            out.append(dublee)
        elif meld is not None:
            out.append(meld)
    return out


@pytest.mark.parametrize("preset", ["nepali", "house", "contract", "indian"])
def test_going_out_options_from_one_tally_equal_the_long_way(preset):
    from engine.solver import going_out_options
    from engine.wilds import Wilds

    rules = PRESETS[preset]
    rng = random.Random(29)
    for i in range(800):
        cards = _random_hand(rng, rng.choice((14, 20, 22, 23)))
        wilds = None if i % 3 == 0 else Wilds(CARDS[rng.randrange(52)], rules)
        shown = [] if i % 4 else [[CARDS[c], CARDS[c]] for c in rng.sample(range(52), 3)]
        fast = going_out_options(cards, wilds, rules, shown)
        slow = _options_the_long_way(cards, wilds, rules, shown)
        assert [(tuple(f), f.route, f.see, f.free) for f in fast] == [
            (tuple(f), f.route, f.see, f.free) for f in slow
        ]


def _plain_pure_melds(counts: list[int], long_melds: bool) -> list[tuple[int, ...]]:
    """Every tunnela and every natural pure sequence, tried one by one."""
    found = {(c, c, c) for c in range(53) if counts[c] >= 3}
    for suit in range(4):
        # Ranks in order A 2 … K A: the ace may end a run at either end, never wrap round.
        ranks = [12, *range(13)]
        for start in range(13):
            for length in range(3, (13 if long_melds else 3) + 1):
                window = ranks[start : start + length]
                if len(window) == length and all(counts[suit * 13 + r] for r in window):
                    found.add(tuple(sorted(suit * 13 + r for r in window)))
    return sorted(found)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=53, max_size=53), st.booleans())
def test_pure_melds_from_the_suit_memo_equal_the_plain_way(counts, long_melds):
    """Each suit's sequences are memoised on which of its ranks are held: same melds."""
    assert _pure_code_melds(counts, long_melds) == _plain_pure_melds(counts, long_melds)


@pytest.mark.parametrize("onto", ["own", "anyone"])
def test_melds_of_others_are_part_of_the_position_where_cards_may_go_onto_them(onto):
    """Laying off onto anyone's melds, the ways out change with another seat's melds."""
    rules = dataclasses.replace(PRESETS["indian"], lay_off_onto=onto)
    g = Game.new(rules, 3, 8, hands=1)
    g.apply("draw stock")
    p = g.current_player
    before = legal_cache.position_key(g)
    other = (p + 1) % 3
    g.shown[other].append(("see", tuple(g.hands[other][:3])))
    after = legal_cache.position_key(g)
    assert (before != after) == (onto == "anyone")
    assert g.legal_actions() == turns.legal_actions(g)


def test_only_positions_with_a_search_are_kept():
    """Draws and hands a glance rules out cost no entry: the memo holds searched positions."""
    legal_cache.clear()
    for g in _positions("nepali", 4, 12, 200):
        g.legal_actions()
    kept = len(legal_cache._MEMO)
    assert 0 < kept < 40


def _plain_best_see(view):
    """``offers.best_see`` measuring every way in full, the first of the nearest kept."""
    from engine.cards import code_of
    from engine.offers import _unseen_capped, _without
    from engine.solver import distance

    sees = [a for a in view.legal if isinstance(a, See)]
    if len(sees) <= 1 or See(()) in sees:
        return sees[0] if len(sees) == 1 else (See(()) if sees else None)
    shown = [[CARDS[code_of(i)] for i in ids] for _kind, ids in view.shown[view.seat]]
    best = None
    for see in sees:
        rest = _without(view.cards, [c for m in see.melds for c in m])
        after = shown + [list(m) for m in see.melds]
        cost = distance(
            rest, None, view.rules, after, True, _unseen_capped(view), view.players
        ).to_go_out
        if best is None or cost < best[0]:
            best = (cost, see)
    return best[1]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_advised_see_asks_later_ways_only_whether_they_are_nearer(preset):
    """The advice stops measuring a way once it cannot beat the best: the same choice."""
    compared = 0
    for players in (2, 3, 4, 5):
        for g in _positions(preset, players, 50 + players, 500):
            if g.phase != "play":
                continue
            view = g.view(g.current_player, history=False)
            if sum(1 for a in view.legal if isinstance(a, See)) > 1:
                assert view.best_see == _plain_best_see(view)
                compared += 1
    assert compared >= 10
