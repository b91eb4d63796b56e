"""The turn: dealing, what is legal, and carrying out each action on a Game's state."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from engine import layoff, showdown, solver
from engine.actions import (
    Action,
    Discard,
    DrawStock,
    ExposeTunnela,
    GoOut,
    NextHand,
    See,
    TakeDiscard,
)
from engine.cards import CARDS, SHOE_SIZE, Card, card_of, code_of, shoe_ids
from engine.events import Event
from engine.melds import classify_meld, is_dublee
from engine.rules import RuleSet
from engine.run_order import run_of_ids
from engine.speed import glance, holding
from engine.words import Cards, Later, Said, say, say_n

if TYPE_CHECKING:
    from engine.state import GameState
    from engine.wilds import Wilds


# ---------------------------------------------------------------------- seats
def next_seat(seat: int, n: int, rules: RuleSet) -> int:
    """The seat after ``seat`` in the direction of play."""
    return (seat + 1) % n if rules.direction == "clockwise" else (seat - 1) % n


def previous_seat(seat: int, n: int, rules: RuleSet) -> int:
    """The seat before ``seat`` in the direction of play."""
    return (seat - 1) % n if rules.direction == "clockwise" else (seat + 1) % n


# ---------------------------------------------------------------------- the deal
def deal(g: GameState) -> None:
    """Shuffle and deal the current hand (``g.hand_no``, ``g.dealer`` already set)."""
    rules, n = g.rules, g.players
    shoe = shoe_ids(rules.printed_jokers)
    g._rng("shuffle").shuffle(shoe)
    g.hands = [[] for _ in range(n)]
    seat = next_seat(g.dealer, n, rules)
    first = seat
    for _ in range(rules.hand_size * n):
        g.hands[seat].append(shoe.pop())
        seat = next_seat(seat, n, rules)
    g.discards = [shoe.pop()]
    g.stock = shoe
    g.shown = [[] for _ in range(n)]
    g.tiplu_id = None
    g._wilds = None
    g.seen = [False] * n
    g.seen_by_dublees = [False] * n
    g.drawn = [False] * n
    g.taken = None
    g.must_go_out = False
    g.turn = 0
    g.exhaustions = 0
    g.reshuffles = 0
    g.current_player = first
    g.phase = "draw"
    g.events = [
        Event(
            "deal",
            g.dealer,
            (g.discards[-1],),
            # Translators: {number} is the hand's number in the match; {card} a card.
            text=dealt_text(g),
        )
    ]
    if rules.tiplu_timing == "deal":
        _choose_tiplu(g)


def dealt_text(g: GameState) -> Said:
    """The words of the deal: who dealt which hand, and the card that starts the discards."""
    # Translators: {number} is the hand's number in the match; {card} a card.
    return say(
        "{name} dealt hand {number}; {card} starts the discard pile",
        name=g.names[g.dealer],
        number=g.hand_no + 1,
        card=Cards.one(card_of(g.discards[-1])),
    )


def _choose_tiplu(g: GameState) -> int:
    """Take a random card from the stock (or, if empty, under the top discard) as the tiplu."""
    rng = g._rng("tiplu")
    if g.stock:
        pile, choices = g.stock, len(g.stock)
    else:
        # Never the top discard while another card lies under it; the tiplu leaves play
        # whichever pile it comes from (popped from the pile itself, not a copy).
        pile = g.discards
        choices = len(pile) - 1 if len(pile) > 1 else len(pile)
    i = rng.randrange(choices)
    tiplu = pile.pop(i)
    g.tiplu_id = tiplu
    g._wilds = None
    return tiplu


# ---------------------------------------------------------------------- helpers
_CARD_OF_ID: tuple[Card, ...] = tuple(card_of(i) for i in range(SHOE_SIZE + 16))
#: ``code_of`` of every physical card (the shoe and at most 3 printed jokers), by identity.
_CODE_OF_ID: tuple[int, ...] = tuple(code_of(i) for i in range(SHOE_SIZE + 16))
# Actions are immutable values: the common ones are made once, not on every turn.
_DISCARD_OF_CODE = holding.DISCARD_OF_CODE
#: ``_CODE_OF_ID`` as a ``bytes.translate`` table (255: no card of the shoe).
_CODE_BYTES = bytes(_CODE_OF_ID) + bytes([255]) * (256 - len(_CODE_OF_ID))
_DRAW_STOCK = DrawStock()
_TAKE_DISCARD = TakeDiscard()
#: The text of each of those actions, by identity (they live as long as the engine).
ACTION_TEXTS: dict[int, str] = {
    id(a): str(a) for a in (*_DISCARD_OF_CODE, _DRAW_STOCK, _TAKE_DISCARD)
}
#: Those actions themselves, by identity: well formed, as the engine made them.
OWN_ACTIONS: dict[int, Action] = {id(a): a for a in (*_DISCARD_OF_CODE, _DRAW_STOCK, _TAKE_DISCARD)}


def _cards(ids: Sequence[int]) -> list[Card]:
    table = _CARD_OF_ID
    n = len(table)
    return [table[i] if 0 <= i < n else card_of(i) for i in ids]


def _resolve(hand: Sequence[int], cards: Sequence[Card]) -> list[int] | None:
    """Physical ids in ``hand`` for the card kinds ``cards`` (a multiset), or None if missing."""
    free = list(hand)
    ids = []
    for c in cards:
        for j, i in enumerate(free):
            if code_of(i) == c.code:
                ids.append(i)
                del free[j]
                break
        else:
            return None
    return ids


def _exposed_tunnelas(g: GameState, seat: int) -> int:
    return sum(1 for kind, _ids in g.shown[seat] if kind == "tunnela")


def _shown_cards(g: GameState, seat: int) -> list[tuple[Card, ...]]:
    return [tuple(_cards(ids)) for _kind, ids in g.shown[seat]]


def _dublee_pairs(g: GameState, seat: int) -> int:
    return sum(1 for kind, _ids in g.shown[seat] if kind == "dublee")


def _hand_pairs(hand: Sequence[int]) -> int:
    return sum(c // 2 for c in Counter(code_of(i) for i in hand).values())


# ---------------------------------------------------------------------- legality
#: Finds the ways to see or to go out of the seat to act (``options`` unless a memo stands in).
Options = Callable[["GameState", int], list[Action]]


def options(g: GameState, p: int) -> list[Action]:
    """The See (before seeing) or GoOut (after) actions open to ``p``, the seat to act after
    drawing: the searches of the hand. ``See(())`` aside, when nothing more is needed."""
    rules = g.rules
    players = len(g.names)
    cards, shown = _cards(g.hands[p]), _shown_cards(g, p)
    acts: list[Action] = []
    if not g.seen[p]:
        # The options are distinct and never empty, so each is its own See.
        for option in solver.seeing_options(cards, rules, shown, players=players):
            dublees = len(option[0]) == 2
            acts.append(See(tuple(tuple(m) for m in option), dublees=dublees))
        return acts
    wilds = g.wilds_for(p)
    finishes = solver.going_out_options(cards, wilds, rules, shown, players=players)
    if rules.lay_off and rules.lay_off_onto == "anyone" and not g.seen_by_dublees[p]:
        found = solver.onto_anyone(
            cards,
            wilds,
            rules,
            shown,
            [m for _seat, _k, m in _others_melds(g, p)],
            players,
            {f.discard.code: f for f in finishes},
        )
        finishes = [found[code] for code in sorted(found)]
    for fin in finishes:
        melds, discard = fin
        if _discard_refusal(g, p, discard) is None:
            acts.append(GoOut(tuple(tuple(m) for m in melds), discard))
    return acts


def legal_actions(g: GameState, search: Options = options) -> list[Action]:
    """Every legal action now, in a fixed order (``search``: how the ways to see or to go out
    are found)."""
    phase = g.phase
    if phase == "match_over":
        return []
    if phase == "hand_over":
        return [NextHand()]
    p = g.current_player
    hand = g.hands[p]
    rules = g.rules
    acts: list[Action] = []
    if phase == "draw":
        if not g.drawn[p] and rules.expose_dealt_tunnelas:
            counts = Counter(code_of(i) for i in hand)
            for code in sorted(c for c, k in counts.items() if k >= 3):
                acts.append(ExposeTunnela((CARDS[code],) * 3))
        if g.stock:
            acts.append(_DRAW_STOCK)
        if _take_discard_bar(g, p) == TAKE_OK:
            acts.append(_TAKE_DISCARD)
        return acts
    # The play phase. Most hands have no way to see or to go out, which a glance at the hand
    # tells: the searches run only where it cannot. The hand's counts are kept from turn to
    # turn (``holding``), not counted again here.
    held = holding.holding(g, p)
    if g.seen[p]:
        if held is None or glance.may_go_out_wide(
            held.wide, len(hand), held.table(g.shown[p], rules, len(g.names)), g.wilds_for(p), rules
        ):
            acts += search(g, p)
    elif not g.must_go_out:
        if not option_count_needed(g, p):
            acts.append(See(()))
        if held is None or glance.may_see_wide(
            held.wide, held.table(g.shown[p], rules, len(g.names)), rules
        ):
            acts += search(g, p)
    if not g.must_go_out:
        barred = _forbidden_discard_code(g)
        acts += _discard_actions(hand, barred) if held is None else held.discard_actions(barred)
    return acts


def _discard_actions(hand: Sequence[int], taken_code: int | None) -> list[Action]:
    """One Discard per kind of card in ``hand`` but ``taken_code``, in code order."""
    # The hand's ids as bytes, translated to their codes in one C call (every id a shoe
    # holds fits a byte; anything else becomes 255 and is looked up the long way).
    try:
        codes = set(bytes(hand).translate(_CODE_BYTES))
    except (TypeError, ValueError):
        codes = {255}
    if 255 in codes:
        codes = set(map(_CODE_OF_ID.__getitem__, hand))
    if taken_code is not None:
        codes.discard(taken_code)
    return list(map(_DISCARD_OF_CODE.__getitem__, sorted(codes)))


def option_count_needed(g: GameState, p: int) -> int:
    """How many pure melds ``p`` must still show to see (exposed dealt tunnelas count)."""
    return max(0, 3 - _exposed_tunnelas(g, p))


def _forbidden_discard_code(g: GameState) -> int | None:
    if g.taken is None or not g.rules.no_discard_of_taken_card:
        return None
    return code_of(g.taken)


#: Why the top discard may not be taken now (``TAKE_OK``: it may), worded only when asked.
TAKE_OK, _TAKE_NONE, _TAKE_WILD, _TAKE_DUBLEE = range(4)


def take_discard_bar(
    rules: RuleSet,
    discards: Sequence[int],
    hand: Sequence[int],
    shown: Sequence[tuple[str, tuple[int, ...]]],
    seen: bool,
    seen_by_dublees: bool,
    wilds: Wilds | None,
) -> int:
    """Whether a seat holding ``hand`` and showing ``shown`` may take the top of ``discards``:
    ``TAKE_OK``, or which rule bars it (``wilds``: as that seat knows them). A game and a
    view of its seat to act both ask it with their own facts."""
    if not discards:
        return _TAKE_NONE
    if not seen and not seen_by_dublees:  # nothing bars a seat that has not seen
        return TAKE_OK
    top = card_of(discards[-1])
    if seen and not rules.seen_may_take_wild_discard and wilds is not None and wilds.is_wild(top):
        return _TAKE_WILD
    if seen_by_dublees:
        need = rules.dublee_out - sum(1 for kind, _ids in shown if kind == "dublee")
        if (
            not any(code_of(i) == top.code for i in hand)
            or _hand_pairs([*hand, discards[-1]]) < need
        ):
            return _TAKE_DUBLEE
    return TAKE_OK


def take_discard_refusal(bar: int, discards: Sequence[int]) -> Said | None:
    """The words of ``take_discard_bar``'s answer (None when the discard may be taken), each
    said once and shared (every view of a seat to draw asks)."""
    if bar == TAKE_OK:
        return None
    if bar == _TAKE_NONE:
        return _EMPTY_PILE
    if bar == _TAKE_WILD:
        code = code_of(discards[-1])
        said = _WILD_TAKEN.get(code)
        if said is None:
            said = _WILD_TAKEN[code] = say(
                "you may not take a wild card ({card}) from the discard pile after seeing",
                card=Cards.one(card_of(discards[-1])),
            )
        return said
    return _NOT_LAST_DUBLEE


_EMPTY_PILE = say("the discard pile is empty")
_NOT_LAST_DUBLEE = say(
    "after seeing with dublees you may take a discard only when it completes your last dublee"
)
#: The refusal of each wild card kind on the discard pile, said once.
_WILD_TAKEN: dict[int, Said] = {}


def _take_discard_bar(g: GameState, p: int) -> int:
    seen = g.seen[p]
    if not seen and not g.seen_by_dublees[p]:  # ``take_discard_bar``'s answer, spelled out
        return TAKE_OK if g.discards else _TAKE_NONE
    return take_discard_bar(
        g.rules,
        g.discards,
        g.hands[p],
        g.shown[p],
        seen,
        g.seen_by_dublees[p],
        g.wilds_for(p) if seen else None,
    )


def _take_discard_refusal(g: GameState, p: int) -> Said | None:
    return take_discard_refusal(_take_discard_bar(g, p), g.discards)


def _discard_refusal(g: GameState, p: int, card: Card) -> Said | None:
    if card.code == _forbidden_discard_code(g):
        return say(
            "you may not throw back {card}, the card you just took from the discard pile",
            card=Cards.one(card),
        )
    return None


def check(g: GameState, action: Action) -> Said | None:
    """Why ``action`` is illegal now, or None if it is legal."""
    # The commonest actions in the phase they belong to first: the answer the checks below
    # give them, without going through the others.
    kind = type(action)
    phase = g.phase
    if type(action) is Discard and phase == "play":
        return _throw_refusal(g, g.current_player, action)
    if kind is DrawStock and phase == "draw":
        return None if g.stock else say("the stock is empty")
    if g.phase == "match_over":
        return say("the match is over")
    if isinstance(action, NextHand):
        return None if g.phase == "hand_over" else say("finish this hand first")
    if g.phase == "hand_over":
        return say("the hand is over: deal the next hand")
    p = g.current_player
    if isinstance(action, ExposeTunnela):
        return _expose_refusal(g, p, action)
    if kind is DrawStock or kind is TakeDiscard:
        if g.phase != "draw":
            return say("you have already drawn this turn")
        if kind is DrawStock:
            return None if g.stock else say("the stock is empty")
        return _take_discard_refusal(g, p)
    if g.phase != "play":
        return say("draw a card first (from the stock or the discard pile)")
    if isinstance(action, Discard):
        return _throw_refusal(g, p, action)
    if isinstance(action, See):
        return _see_refusal(g, p, action)
    if isinstance(action, GoOut):
        return _go_out_refusal(g, p, action)
    return say("unknown action {action}", action=str(action))


def _expose_refusal(g: GameState, p: int, action: ExposeTunnela) -> Said | None:
    if g.phase != "draw" or g.drawn[p]:
        return say("tunnelas can be exposed only before your first draw")
    if not g.rules.expose_dealt_tunnelas:
        return say("these rules do not expose dealt tunnelas")
    if len(action.cards) != 3 or len(set(action.cards)) != 1:
        return say(
            "{cards} is not a tunnela (three identical cards)",
            cards=Cards.of(action.cards),
        )
    if _resolve(g.hands[p], action.cards) is None:
        return say("you do not hold {cards}", cards=Cards.of(action.cards))
    return None


def _holds_kind(hand: Sequence[int], code: int) -> bool:
    """Whether ``hand`` holds a card of kind ``code`` (its codes searched in one C call)."""
    try:
        if code in bytes(hand).translate(_CODE_BYTES):
            return True
    except (TypeError, ValueError):
        pass
    return code in map(_CODE_OF_ID.__getitem__, hand)


def _throw_refusal(g: GameState, p: int, action: Discard) -> Said | None:
    if g.must_go_out:
        return say("you took the discard for your last dublee: go out now")
    hand = g.hands[p]
    if action.card_id is not None:
        if action.card_id not in hand:
            return say("you do not hold that {card}", card=Cards.one(action.card))
        if code_of(action.card_id) != action.card.code:
            return say("that card is not what it says")
    elif not _holds_kind(hand, action.card.code):
        return say("you do not hold {cards}", cards=Cards.one(action.card))
    return _discard_refusal(g, p, action.card)


def _see_refusal(g: GameState, p: int, action: See) -> Said | None:
    rules = g.rules
    if g.seen[p]:
        return say("you have already seen")
    if g.must_go_out:
        return say("go out now")
    ids = _resolve(g.hands[p], [c for m in action.melds for c in m])
    if ids is None:
        return say("you do not hold all of those cards")
    if action.dublees:
        if not rules.dublees_allowed(g.players):
            return say("these rules do not allow seeing with dublees at this table")
        if len(action.melds) != rules.dublee_see:
            return say_n(
                "show exactly {n} dublee to see",
                "show exactly {n} dublees to see",
                rules.dublee_see,
            )
        for m in action.melds:
            if len(m) != 2 or not is_dublee(m[0], m[1], None, rules):
                return say("{cards} is not a dublee (two identical cards)", cards=Cards.of(m))
        return None
    need = option_count_needed(g, p)
    if len(action.melds) != need:
        return say_n(
            "show exactly {n} pure meld to see", "show exactly {n} pure melds to see", need
        )
    for m in action.melds:
        kind = classify_meld(m, None, rules)
        if kind is None or not kind.is_pure:
            return say(
                "{cards} is not a pure meld (a tunnela or a pure sequence)",
                cards=Cards.of(m),
            )
    return None


def _go_out_refusal(g: GameState, p: int, action: GoOut) -> Said | None:
    rules = g.rules
    if not g.seen[p]:
        return say("you must see before you can go out")
    wilds = g.wilds_for(p)
    meld_cards = [c for m in action.melds for c in m]
    ids = _resolve(g.hands[p], meld_cards + [action.discard])
    if ids is None:
        return say("you do not hold all of those cards")
    refusal = _discard_refusal(g, p, action.discard)
    if refusal:
        return refusal
    free = len(g.hands[p]) - len(ids)
    if g.seen_by_dublees[p]:
        pairs = _dublee_pairs(g, p) + len(action.melds)
        for m in action.melds:
            if len(m) != 2 or not is_dublee(m[0], m[1], wilds, rules):
                return say("{cards} is not a dublee", cards=Cards.of(m))
        if pairs < rules.dublee_out:
            # Translators: {have} is how many dublees the player showed.
            return say_n(
                "you need {n} dublee to go out, not {have}",
                "you need {n} dublees to go out, not {have}",
                rules.dublee_out,
                have=pairs,
            )
        return None
    if free and _lay_off_plan(g, p, ids) is None:
        if g.rules.lay_off:
            if g.rules.lay_off_onto == "anyone":
                return say(
                    "every card but your discard must be in a meld "
                    "or laid off onto the melds on the table"
                )
            return say(
                "every card but your discard must be in a meld or laid off onto your shown melds"
            )
        return say("every card but your discard must be in a meld")
    for m in action.melds:
        if classify_meld(m, wilds, rules) is None:
            return say("{cards} is not a meld", cards=Cards.of(m))
    return None


# ---------------------------------------------------------------------- carrying out
# The words of the commonest events, made when first read (most never are).
def _drew(name: str, card: int) -> Said:
    return say("{name} drew from the stock — {card}", name=name, card=Cards.one(card_of(card)))


def _discarded(name: str, card: int) -> Said:
    return say("{name} discarded {card}", name=name, card=Cards.one(card_of(card)))


def _took(name: str, card: int) -> Said:
    return say("{name} took {card} from the discards", name=name, card=Cards.one(card_of(card)))


def perform(g: GameState, action: Action) -> list[Event]:
    """Carry out a legal action; return its events (``Game.apply`` has checked that it is one
    of the action types themselves, no subclass)."""
    p = g.current_player
    seated = 0 <= p < len(g.names)
    name = g.names[p] if seated else ""
    hand = g.hands[p] if seated else []
    # The commonest actions first.
    kind = type(action)
    if kind is DrawStock:
        card = g.stock.pop()
        hand.append(card)
        g.drawn[p] = True
        g.phase = "play"
        g.taken = None
        return [Event("draw_stock", p, (card,), (), p, Later(_drew, name, card))]
    if type(action) is Discard:
        card = _pick(hand, action.card, action.card_id)
        hand.remove(card)
        g.discards.append(card)
        events = [Event("discard", p, (card,), (), None, Later(_discarded, name, card))]
        ended = _end_turn(g)
        if ended:
            events += ended
        return events
    if kind is TakeDiscard:
        card = g.discards.pop()
        hand.append(card)
        g.drawn[p] = True
        g.phase = "play"
        g.taken = card
        if g.seen_by_dublees[p]:
            g.must_go_out = True
        return [Event("take_discard", p, (card,), (), None, Later(_took, name, card))]
    if isinstance(action, NextHand):
        g.hand_no += 1
        g.dealer = next_seat(g.dealer, g.players, g.rules)
        deal(g)
        # deal() starts the new hand's events with the deal itself; hand them to apply(),
        # which records what an action caused, so the deal is recorded once, not twice.
        events, g.events = g.events, []
        return events
    if isinstance(action, ExposeTunnela):
        ids = _resolve(hand, action.cards)
        assert ids is not None
        for i in ids:
            hand.remove(i)
        g.shown[p].append(("tunnela", tuple(ids)))
        said = say("{name} exposed a tunnela of {card}", name=name, card=Cards.one(action.cards[0]))
        return [Event("expose", p, tuple(ids), (3,), text=said)]
    if isinstance(action, See):
        return _see(g, p, action)
    if isinstance(action, GoOut):
        return _go_out(g, p, action)
    raise AssertionError(f"unhandled action {action}")


def _pick(hand: list[int], card: Card, card_id: int | None) -> int:
    if card_id is not None:
        return card_id
    code = card.code
    try:  # the last copy of its kind: the hand's codes searched from the end, in one C call
        at = bytes(hand).translate(_CODE_BYTES).rfind(code)
    except (TypeError, ValueError):  # an id beyond a byte: the long way
        at = -1
    if at >= 0:
        return hand[at]
    codes = _CODE_OF_ID
    for i in reversed(hand):
        if codes[i] == code:
            return i
    raise AssertionError("checked before")


def _see(g: GameState, p: int, action: See) -> list[Event]:
    hand = g.hands[p]
    name = g.names[p]
    ids_all: list[int] = []
    groups = []
    for m in action.melds:
        found = _resolve(hand, m)
        assert found is not None
        for i in found:
            hand.remove(i)
        # A run lies on the table as a player lays it (A 2 3, not 2 3 A), whatever the order
        # the cards were named in.
        ids = found if action.dublees else run_of_ids(found, g.wilds_for(p), g.rules)
        g.shown[p].append(("dublee" if action.dublees else "see", tuple(ids)))
        ids_all += ids
        groups.append(len(ids))
    g.seen[p] = True
    g.seen_by_dublees[p] = action.dublees
    if action.dublees:
        said = say_n(
            "{name} saw the maal with {n} dublee",
            "{name} saw the maal with {n} dublees",
            len(action.melds),
            name=name,
        )
    else:
        said = say("{name} saw the maal with pure melds", name=name)
    events = [Event("see", p, tuple(ids_all), tuple(groups), text=said)]
    if g.tiplu_id is None:
        # Nobody chooses the tiplu: the first to see takes a card at random, looks at it alone
        # and sets it aside under the stock (rules §2).
        from_stock = bool(g.stock)
        tiplu = _choose_tiplu(g)
        if from_stock:
            said = say(
                "{name} set aside a random card from the stock as the tiplu — {card}",
                name=name,
                card=Cards.one(card_of(tiplu)),
            )
        else:
            said = say(
                "{name} set aside a random card from the discards as the tiplu — {card}",
                name=name,
                card=Cards.one(card_of(tiplu)),
            )
        events.append(Event("tiplu_chosen", p, (tiplu,), private_to=p, text=said))
    else:
        events.append(
            Event(
                "tiplu_seen",
                p,
                (g.tiplu_id,),
                private_to=p,
                text=say(
                    "{name} looked at the tiplu — {card}",
                    name=name,
                    card=Cards.one(card_of(g.tiplu_id)),
                ),
            )
        )
    return events


def _others_melds(g: GameState, p: int) -> list[tuple[int, int, tuple[Card, ...]]]:
    """(seat, index, cards) of the melds other players show, when the rules lay off onto them."""
    if g.rules.lay_off_onto != "anyone":
        return []
    return [
        (q, k, tuple(_cards(ids)))
        for q in range(len(g.names))
        if q != p
        for k, (kind, ids) in enumerate(g.shown[q])
        if len(ids) >= 3 and kind != "dublee"
    ]


def _lay_off_plan(
    g: GameState, p: int, used: Sequence[int]
) -> dict[tuple[int, int], list[int]] | None:
    """With lay-off rules: the hand's cards outside ``used`` by (seat, shown meld), or None."""
    if not g.rules.lay_off:
        return None
    taken = set(used)
    leftover = [i for i in g.hands[p] if i not in taken]
    own = [(p, k) for k, (kind, ids) in enumerate(g.shown[p]) if len(ids) >= 3 and kind != "dublee"]
    # Other players' melds first: ``assign`` grows the last melds first, so a card goes onto
    # the player's own meld whenever it can.
    targets = [(q, k) for q, k, _m in _others_melds(g, p)] + own
    melds = [[code_of(i) for i in g.shown[q][k][1]] for q, k in targets]
    choice = layoff.assign([code_of(i) for i in leftover], melds, g.wilds_for(p), g.rules)
    if choice is None:
        return None
    plan: dict[tuple[int, int], list[int]] = {}
    for target, ext in zip(targets, choice, strict=True):
        for code in ext:
            i = next(i for i in leftover if code_of(i) == code)
            leftover.remove(i)
            plan.setdefault(target, []).append(i)
    return plan


def _go_out(g: GameState, p: int, action: GoOut) -> list[Event]:
    hand = g.hands[p]
    name = g.names[p]
    finish: list[tuple[int, ...]] = []
    groups = []
    for m in action.melds:
        found = _resolve(hand, m)
        assert found is not None
        for i in found:
            hand.remove(i)
        finish.append(run_of_ids(found, g.wilds_for(p), g.rules))
        groups.append(len(found))
    discard = _pick(hand, action.discard, None)
    hand.remove(discard)
    g.discards.append(discard)
    laid_cards: Cards | None = None
    lent: list[int] = []
    if hand and g.rules.lay_off and not g.seen_by_dublees[p]:
        # What is left was checked to lay off onto the shown melds: it joins them on the table.
        plan = _lay_off_plan(g, p, [])
        assert plan is not None
        for (q, k), laid in plan.items():
            kind, ids = g.shown[q][k]
            # A card laid off takes its place in the run (2 before 3 4 5), not the end.
            g.shown[q][k] = (kind, run_of_ids(ids + tuple(laid), g.wilds_for(p), g.rules))
            for i in laid:
                hand.remove(i)
            if q != p:
                lent += laid
        laid_cards = Cards.of(_cards([i for ids in plan.values() for i in ids]))
    # Melds laid down go back into the hand for counting; the table shows them as the finish.
    for ids in finish:
        hand.extend(ids)
    card = Cards.one(card_of(discard))
    if g.seen_by_dublees[p]:
        said = say("{name} went out with eight dublees, discarding {card}", name=name, card=card)
    elif laid_cards is not None:
        said = say(
            "{name} went out, laying off {cards}, discarding {card}",
            name=name,
            cards=laid_cards,
            card=card,
        )
    else:
        said = say("{name} went out, discarding {card}", name=name, card=card)
    events = [
        Event(
            "go_out",
            p,
            tuple(i for ids in finish for i in ids) + (discard,),
            tuple(groups) + (1,),
            text=said,
        )
    ]
    events += showdown.finish_hand(
        g,
        winner=p,
        reason="went out",
        finish=tuple(finish),
        final_discard=discard,
        lent=tuple(lent),
    )
    return events


def _end_turn(g: GameState) -> list[Event]:
    """After a discard: the stock, the turn cap, and the next player."""
    rules = g.rules
    g.turn += 1
    g.taken = None
    g.must_go_out = False
    if g.turn >= rules.max_turns:
        return showdown.finish_hand(g, winner=None, reason="turn cap")
    events: list[Event] = []
    if not g.stock:
        if rules.stock_exhausted == "void":
            return showdown.finish_hand(g, winner=None, reason="void")
        if rules.stock_exhausted == "turn_once":
            if g.exhaustions >= 1 or len(g.discards) < 2:
                return showdown.finish_hand(g, winner=None, reason="stock exhausted")
            g.exhaustions += 1
            g.stock = list(reversed(g.discards[:-1]))
            g.discards = g.discards[-1:]
            events.append(
                Event("turn_over", None, text=say("The discard pile was turned over once"))
            )
        else:
            if len(g.discards) < 2:
                return showdown.finish_hand(g, winner=None, reason="stock exhausted")
            g.reshuffles += 1
            stock = g.discards[:-1]
            g._rng(f"reshuffle{g.reshuffles}").shuffle(stock)
            g.stock = stock
            g.discards = g.discards[-1:]
            events.append(
                Event("reshuffle", None, text=say("The discards were shuffled into a new stock"))
            )
    # next_seat, spelled out (once a turn)
    step = 1 if rules.direction == "clockwise" else -1
    g.current_player = (g.current_player + step) % len(g.names)
    g.phase = "draw"
    return events
