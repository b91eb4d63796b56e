"""Damaged and hostile input at the engine's door: a clear refusal, the state unchanged."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import PRESETS, Game, IllegalAction, RuleSet, safe_json, turns
from engine.actions import (
    Action,
    Discard,
    DrawStock,
    ExposeTunnela,
    GoOut,
    NextHand,
    See,
    TakeDiscard,
    malformed,
)
from engine.cards import CARDS, SHOE_SIZE, Card, parse_card, parse_cards
from engine.record import MatchRecord
from engine.rules import CONTRACT, HOUSE, MAX_HAND
from engine.scoring import maal_points
from engine.wilds import Wilds

# ---------------------------------------------------------------- the safe JSON reader


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"version": 1, "x": ' + "9" * 4301 + "}",
        '{"hands": Infinity}',
        '{"hands": NaN}',
        '{"hands": -Infinity}',
        '{"hands": 1e999}',
        '{"a": ' * 70 + "1" + "}" * 70,
        "{not json",
        "",
    ],
)
def test_safe_json_refuses_with_a_readable_reason(text: str) -> None:
    with pytest.raises(ValueError) as err:
        safe_json.loads(text, "save")
    message = str(err.value)
    assert message.startswith("the save ")
    # No Python internals reach a player.
    for internal in ("sys.", "set_int_max_str_digits", "Recursion", "Traceback"):
        assert internal not in message


def test_safe_json_reads_what_the_game_writes() -> None:
    game = Game.new(PRESETS["nepali"], 4, seed=3)
    data = safe_json.loads(MatchRecord.of(game).to_json(), "save")
    assert data == json.loads(MatchRecord.of(game).to_json())
    assert safe_json.loads('{"s": "[[[[ \\" {{{{"}') == {"s": '[[[[ " {{{{'}
    with pytest.raises(ValueError, match="not text"):
        safe_json.loads(b"\xff\xfe\x00garbage", "save")


def _too_deep_by_hand(text: str) -> bool:
    """The depth check, one character at a time (what the regular expressions stand for)."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > safe_json.MAX_DEPTH:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def test_the_depth_check_counts_what_a_scan_by_hand_counts() -> None:
    rng = random.Random(7)
    alphabet = '[]{}"\\a,:\n'
    for _ in range(3000):
        size = rng.choice((5, 50, 200))
        weights = [rng.random() for _ in alphabet]
        text = "".join(rng.choices(alphabet, weights, k=size))
        if rng.random() < 0.3:
            text = "[" * rng.randrange(60, 70) + text
        assert safe_json._too_deep(text) == _too_deep_by_hand(text), text


@pytest.mark.parametrize(
    "bad",
    [
        "[" * 100_000 + "]" * 100_000,
        json.dumps({"format": "marriage-game", "version": 1, "x": 1}).replace(
            "1}", "9" * 5000 + "}"
        ),
    ],
)
def test_a_save_from_json_never_raises_anything_but_value_error(bad: str) -> None:
    with pytest.raises(ValueError):
        MatchRecord.from_json(bad).game()


# ---------------------------------------------------------------- action objects


def _playing() -> Game:
    g = Game.new(PRESETS["nepali"], 4, seed=5)
    g.apply(DrawStock())
    return g


MALFORMED: list[object] = [
    Action(),
    Discard("QS"),  # type: ignore[arg-type]
    Discard(CARDS[5], card_id=148.0),  # type: ignore[arg-type]
    Discard(CARDS[5], card_id=True),
    Discard(CARDS[5], card_id=-1),
    Discard(CARDS[5], card_id=10**9),
    Discard(Card(5.0)),  # type: ignore[arg-type]
    Discard(None),  # type: ignore[arg-type]
    GoOut((), "QS"),  # type: ignore[arg-type]
    GoOut(((1, 2, 3),), CARDS[3]),  # type: ignore[arg-type]
    See(((CARDS[1], "2S"),)),
    See((), dublees="yes"),  # type: ignore[arg-type]
    ExposeTunnela(("6H", "6H", "6H")),  # type: ignore[arg-type]
    ExposeTunnela(tuple(CARDS[:4])),
    "discard QS",  # text is parsed, not an object: handled elsewhere
    42,
    None,
    object(),
]


@pytest.mark.parametrize("action", MALFORMED[:14] + MALFORMED[15:], ids=lambda a: type(a).__name__)
def test_malformed_action_objects_are_refused_state_unchanged(action: object) -> None:
    g = _playing()
    before = g.state_key()
    assert malformed(action) is not None
    with pytest.raises(IllegalAction) as err:
        g.apply(action)  # type: ignore[arg-type]
    assert err.value.reason
    assert g.state_key() == before
    assert not g.is_legal(action)  # type: ignore[arg-type]
    # The game is still whole: every seat can be viewed and play goes on.
    for seat in range(g.players):
        g.view(seat)
    g.apply(g.legal_actions()[0])


_card = st.one_of(
    st.sampled_from(CARDS),
    st.builds(Card, st.integers(0, 52)),
    st.just("QS"),
    st.floats(allow_nan=False),
    st.none(),
    st.integers(),
)
_cards = st.one_of(st.tuples(_card, _card, _card), st.tuples(), st.lists(_card).map(tuple))
_fuzzed_action = st.one_of(
    st.builds(Discard, _card, st.one_of(st.none(), st.integers(), st.floats(), st.booleans())),
    st.builds(GoOut, st.lists(_cards, max_size=4).map(tuple), _card),
    st.builds(See, st.lists(_cards, max_size=4).map(tuple), st.booleans()),
    st.builds(ExposeTunnela, _cards),
    st.sampled_from([DrawStock(), TakeDiscard(), NextHand(), Action()]),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(action=_fuzzed_action, seed=st.integers(0, 50), steps=st.integers(0, 30))
def test_action_fuzz_is_refused_or_applied_never_half(
    action: Action, seed: int, steps: int
) -> None:
    g = Game.new(PRESETS["nepali"], 3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    before = g.state_key()
    try:
        g.apply(action)
    except IllegalAction as exc:
        assert exc.reason
        assert g.state_key() == before
    else:
        assert malformed(action) is None
    for seat in range(g.players):
        g.view(seat)


# ---------------------------------------------------------------- bounded matches and rules


@pytest.mark.parametrize("hands", [1.5, "3", True, 0, -1, 10**9, float("inf")])
def test_game_new_refuses_odd_match_lengths(hands: object) -> None:
    with pytest.raises(ValueError, match="hands"):
        Game.new(PRESETS["nepali"], 4, seed=1, hands=hands)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "players", [["A"] * 6, ["A"], ["", "B"], ["A" * 500, "B"], [1, 2], "AB", True]
)
def test_game_new_refuses_odd_players(players: object) -> None:
    with pytest.raises(ValueError):
        Game.new(PRESETS["nepali"], players, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [10**100, "x" * 1000, 1.5, None, True])
def test_game_new_refuses_odd_seeds(seed: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        Game.new(PRESETS["nepali"], 4, seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "changes",
    [
        {"hand_size": 50},
        {"hand_size": 60},
        {"hand_size": 2},
        {"max_turns": 10**9},
        {"match_hands": 10**9},
        {"seen_fee": 10**12},
        {"poplu_points": tuple(range(1000))},
        {"poplu_points": (2, 10**9)},
        {"poplu_points": (True, 2)},
        {"name": ""},
        {"deadwood_joker": -5},
    ],
)
def test_every_rules_field_is_bounded(changes: dict[str, object]) -> None:
    for rules in PRESETS.values():
        with pytest.raises(ValueError):
            rules.replace(**changes)
        # A save or a setting goes through from_dict: the same bound holds there.
        data = rules.to_dict()
        data.update({k: list(v) if isinstance(v, tuple) else v for k, v in changes.items()})
        with pytest.raises(ValueError):
            RuleSet.from_dict(data)


def test_the_largest_allowed_hand_still_plays() -> None:
    rules = PRESETS["indian"].replace(hand_size=MAX_HAND)
    g = Game.new(rules, 5, seed=2)
    rng = random.Random(2)
    for _ in range(200):
        if g.hand_over:
            break
        g.apply(rng.choice(g.legal_actions()))


# ---------------------------------------------------------------- rules exactness


def _in_play(g: Game) -> int:
    shown = sum(len(ids) for seat in g.shown for _kind, ids in seat)
    return sum(len(h) for h in g.hands) + shown + len(g.stock) + len(g.discards)


def test_a_tiplu_from_the_discard_pile_leaves_play() -> None:
    """With the stock empty the tiplu comes from under the top discard, and leaves the pile."""
    for seed in range(20):
        g = Game.new(PRESETS["nepali"], 4, seed=seed)
        # Everything left in the stock goes onto the discard pile: the stock is empty.
        g.discards[:0] = g.stock
        g.stock.clear()
        top = g.discards[-1]
        before = _in_play(g)
        assert before == SHOE_SIZE
        tiplu = turns._choose_tiplu(g)
        assert tiplu not in g.discards
        assert g.discards[-1] == top  # never the top discard
        assert _in_play(g) == SHOE_SIZE - 1  # the tiplu is out of play
        assert g.tiplu_id == tiplu


def test_contract_tunnelas_of_jokers_count_as_ordinary() -> None:
    wilds = Wilds(parse_card("8H"), CONTRACT)
    filler = parse_cards("2S 3C 9D")
    # 5S is ordinary and 8S an ordinary joker: two ordinary tunnelas, 15 on the 5/15/25 row.
    exposed = [parse_cards("5S 5S 5S"), parse_cards("8S 8S 8S")]
    assert maal_points(filler, wilds, CONTRACT, exposed) == 15
    assert maal_points(filler, wilds, CONTRACT, exposed[1:]) == 5
    # Poplu and jhiplu tunnelas keep their own row (15, two of them 35).
    assert maal_points(filler, wilds, CONTRACT, [parse_cards("9H 9H 9H")]) == 15


def test_house_preset_is_the_specs() -> None:
    """The presets table: a dublee win earns an extra 5 in the house preset too (its source
    says 7: a table that plays so sets the field); two jokers count as a dublee there."""
    assert HOUSE.dublee_bonus == 5
    assert HOUSE.dublee_wild_pair is True
    assert PRESETS["nepali"].dublee_bonus == 5
    assert HOUSE.replace(dublee_bonus=7).dublee_bonus == 7
