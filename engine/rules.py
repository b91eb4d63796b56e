"""RuleSet: every rule of Marriage that varies, as one frozen value; and the named presets.

Each field is declared once, with its default, its label and help and what it may be
(``engine.options``): the screens, the checks below and the rule choices document all read it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Literal

from engine.options import MAX_POINTS, Option, choice, declared, flag, points, text, whole
from engine.words import Said, SaidError, say

Direction = Literal["clockwise", "anticlockwise"]
TipluTiming = Literal["first_show", "deal"]
MeldSize = Literal["three", "three_or_more"]
StockExhausted = Literal["reshuffle", "turn_once", "void"]
Scoring = Literal["settlement", "contract", "deadwood"]
UnseenMaal = Literal["count", "murder", "kidnap"]
LayOffCards = Literal["any", "wild"]
LayOffOnto = Literal["own", "anyone"]
PointTable = tuple[int, ...]

#: Bounds on what a table may ask for: every value the game is built and tested for, so no
#: save or setting can request unbounded work (a 50-card hand makes the solver crawl).
MIN_HAND = 9
MAX_HAND = 21
MAX_TURNS = 2000
MAX_HANDS = 100
#: The longest name a rule set may carry.
MAX_NAME = 40
#: A match's seed is a whole number below this in size (or a word); saves are read with room
#: for every such seed (``engine.safe_json``), so a seed the game accepts always loads again.
MAX_SEED = 1 << 256
MAX_SEED_DIGITS = len(str(MAX_SEED))


def table_points(table: PointTable, held: int) -> int:
    """Points for ``held`` items of a table indexed by count (1, 2, 3 …); extends the last step."""
    if held <= 0 or not table:
        return 0
    if held <= len(table):
        return table[held - 1]
    step = table[-1] - table[-2] if len(table) > 1 else table[-1]
    return table[-1] + (held - len(table)) * step


@dataclass(frozen=True)
class RuleSet:
    """Every rule that differs between the sources; presets are named values of this."""

    name: str = text(
        "nepali",
        say("Name of the rules"),
        say("Which preset these rules started from."),
        MAX_NAME,
    )
    direction: Direction = choice(
        "clockwise",
        say("Direction"),
        say("Which way the turn and the deal pass around the table."),
        # Translators: the way the turn passes around the table (a rule's value).
        clockwise=say("clockwise"),
        # Translators: the way the turn passes around the table (a rule's value).
        anticlockwise=say("anticlockwise"),
    )
    tiplu_timing: TipluTiming = choice(
        "first_show",
        say("Tiplu timing"),
        say("When the tiplu is chosen: by the first player to see, or right after the deal."),
        # Translators: when the tiplu is chosen: by the first player to see the maal.
        first_show=say("first show"),
        # Translators: when the tiplu is chosen: right after the cards are dealt.
        deal=say("deal"),
    )
    meld_size: MeldSize = choice(
        "three",
        say("Meld size"),
        say("Melds of exactly three cards (Nepali) or three or more (Indian)."),
        # Translators: melds are exactly three cards.
        three=say("three"),
        # Translators: melds are three cards or more.
        three_or_more=say("three or more"),
    )
    hand_size: int = whole(
        21, say("Hand size"), say("Cards dealt to each player."), MIN_HAND, MAX_HAND
    )
    # A player who drew the top discard may not discard that same card this turn.
    no_discard_of_taken_card: bool = flag(
        True,
        say("No discard of taken card"),
        say("A card taken from the discard pile may not be thrown back that turn."),
    )
    seen_may_take_wild_discard: bool = flag(
        False,
        say("Seen may take wild discard"),
        say("A player who has seen may take a wild card from the discard pile."),
    )
    expose_dealt_tunnelas: bool = flag(
        True,
        say("Expose dealt tunnelas"),
        say("Tunnelas dealt to a player may be shown before their first draw."),
    )
    # Dublees (pairs of identical cards): see with dublee_see, go out with dublee_out.
    dublee_enabled: bool = flag(
        True,
        say("Dublee enabled"),
        say("Seeing and going out by pairs of identical cards (dublees)."),
    )
    dublee_see: int = whole(7, say("Dublee see"), say("Dublees needed to see the maal."), 2, 10)
    # Above dublee_see, with room in the hand (checked below).
    dublee_out: int = whole(8, say("Dublee out"), say("Dublees needed to go out."), 3, 10)
    dublee_bonus: int = whole(
        5,
        say("Dublee bonus"),
        say("Extra points each loser pays a winner who went out by dublees."),
        0,
        MAX_POINTS,
        offered=(0, 50, 1),
    )
    dublee_min_players: int = whole(
        0,
        say("Dublee min players"),
        say("Dublees allowed only with at least this many players."),
        0,
        5,
        # Translators: a rule's value: dublees are allowed at a table of any size.
        words={0: say("no minimum")},
    )
    dublee_wild_pair: bool = flag(
        False, say("Dublee wild pair"), say("Two wild cards count as a dublee.")
    )
    # Wild cards.
    alter: bool = flag(
        False,
        say("Alter"),
        say("The tiplu's rank in the other suit of its colour is a joker that scores."),
    )
    printed_jokers: int = whole(
        0, say("Printed jokers"), say("Printed jokers added to the shoe (always wild)."), 0, 3
    )
    # End of the stock and a cap so that no hand runs forever.
    stock_exhausted: StockExhausted = choice(
        "reshuffle",
        say("Stock exhausted"),
        say("When the stock runs out: reshuffle the discards, turn them once, or void the hand."),
        # Translators: when the stock runs out: the discards are shuffled into a new stock.
        reshuffle=say("reshuffle"),
        # Translators: when the stock runs out: the discards are turned over once as a new stock.
        turn_once=say("turn once"),
        # Translators: when the stock runs out: the hand is void (nobody wins it).
        void=say("void"),
    )
    max_turns: int = whole(
        400,
        say("Max turns"),
        say("A hand ends with no winner after this many turns."),
        10,
        MAX_TURNS,
        offered=(50, 1000, 50),
    )
    # Scoring.
    scoring: Scoring = choice(
        "settlement",
        say("Scoring"),
        say("Payments between players, a points race, or deadwood penalty points."),
        # Translators: a kind of scoring: the players pay each other.
        settlement=say("settlement"),
        # Translators: a kind of scoring: a points race.
        contract=say("contract"),
        # Translators: a kind of scoring: penalty points for the cards left unmelded.
        deadwood=say("deadwood"),
    )
    seen_fee: int = whole(
        3,
        say("Seen fee"),
        say("What a loser who has seen pays the winner."),
        0,
        MAX_POINTS,
        offered=(0, 50, 1),
    )
    unseen_fee: int = whole(
        10,
        say("Unseen fee"),
        say("What a loser who never saw pays the winner."),
        0,
        MAX_POINTS,
        offered=(0, 50, 1),
    )
    unseen_maal: UnseenMaal = choice(
        "count",
        say("Unseen maal"),
        say(
            "A player who never saw: maal counts, is lost (murder), or goes to the winner (kidnap)."
        ),
        # Translators: the maal of a player who never saw still counts.
        count=say("count"),
        # Translators: the maal of a player who never saw is lost.
        murder=say("murder"),
        # Translators: the maal of a player who never saw goes to the winner.
        kidnap=say("kidnap"),
    )
    # Maal tables, indexed by how many are held (1, 2, 3 …).
    poplu_points: PointTable = points(
        (2, 5, 10), say("Poplu points"), say("Points for holding one, two, three poplus.")
    )
    # Poplus and jhiplus counted together on the poplu table (the contract game).
    poplu_jhiplu_combined: bool = flag(
        False,
        say("Poplu jhiplu combined"),
        say("Poplus and jhiplus are counted together on the poplu table."),
    )
    jhiplu_points: PointTable = points(
        (2, 5, 10), say("Jhiplu points"), say("Points for holding one, two, three jhiplus.")
    )
    tiplu_points: PointTable = points(
        (3, 8), say("Tiplu points"), say("Points for holding one, two tiplus.")
    )
    marriage_points: PointTable = points(
        (10, 30),
        say("Marriage points"),
        say("Points for one, two marriages (jhiplu + tiplu + poplu) in hand."),
    )
    shown_marriage_points: PointTable = points(
        (10, 30),
        say("Shown marriage points"),
        say("Points for one, two marriages shown on the table."),
    )
    alter_points: PointTable = points(
        (), say("Alter points"), say("Points for holding one, two, three alters.")
    )
    printed_joker_points: PointTable = points(
        (),
        say("Printed joker points"),
        say("Points for holding one, two, three printed jokers."),
    )
    # Tunnelas exposed from the deal, by how many of that kind the player exposed.
    tunnela_ordinary_points: PointTable = points(
        (5, 10, 15, 20, 25, 30, 35),
        say("Tunnela ordinary points"),
        say("Exposed dealt tunnelas of ordinary cards, by how many."),
    )
    tunnela_joker_points: PointTable = points(
        (10, 20, 30, 40, 50, 60, 70),
        say("Tunnela joker points"),
        say("Exposed dealt tunnelas of ordinary jokers, by how many."),
    )
    tunnela_maal_points: PointTable = points(
        (20, 40, 60, 80, 100, 120, 140),
        say("Tunnela maal points"),
        say("Exposed dealt tunnelas of poplu or jhiplu, by how many."),
    )
    tunnela_alter_points: PointTable = points(
        (10, 20, 30, 40, 50, 60, 70),
        say("Tunnela alter points"),
        say("Exposed dealt tunnelas of the alter, by how many."),
    )
    tunnela_printed_points: PointTable = points(
        (10,),
        say("Tunnela printed points"),
        say("An exposed dealt tunnela of printed jokers."),
    )
    # Tunnelas of ordinary jokers, alters and printed jokers count as ordinary ones (the points
    # race knows only ordinary tunnelas and poplu/jhiplu ones).
    tunnela_wilds_ordinary: bool = flag(
        False,
        say("Tunnela wilds ordinary"),
        say("Tunnelas of jokers and alters count as ordinary tunnelas."),
    )
    # Whether the tunnelas a player shows from the deal score their tunnela points when that
    # player never saw (their cards still count as the maal they are). Any tunnela, not only a
    # maal card's: ``scoring.maal_breakdown`` drops them all for an unseen player.
    tunnelas_need_seen: bool = flag(
        True,
        say("Tunnelas need seen"),
        say("Tunnelas shown from the deal score as tunnelas only for a player who has seen."),
    )
    # Contract scoring: points per other player for the one who goes out.
    contract_win_points: int = whole(
        10,
        say("Contract win points"),
        say("Points race: the player who goes out scores this per other player."),
        0,
        MAX_POINTS,
        offered=(0, 100, 5),
    )
    # Deadwood scoring: card values.
    deadwood_ace: int = whole(
        15,
        say("Deadwood ace"),
        say("Deadwood: penalty for an unmelded ace."),
        0,
        MAX_POINTS,
        offered=(0, 50, 1),
    )
    deadwood_face: int = whole(
        10,
        say("Deadwood face"),
        say("Deadwood: penalty for an unmelded J, Q or K."),
        0,
        MAX_POINTS,
        offered=(0, 50, 1),
    )
    deadwood_joker: int = whole(
        50,
        say("Deadwood joker"),
        say("Deadwood: penalty for an unmelded printed joker."),
        0,
        MAX_POINTS,
        offered=(0, 100, 5),
    )
    # Match: how many hands; 0 means one hand per player (each deals once). Screens pick it as
    # the match's length (1 to 20 hands), with the preset, not among the other options.
    match_hands: int = whole(
        0,
        # Translators: the rule of how many hands a match lasts, as the New game screen labels
        # its picker.
        say("Length"),
        say("Hands in a match; 0 means each player deals once."),
        0,
        MAX_HANDS,
        offered=(1, 20, 1),
        # Translators: a rule's value: the match lasts one hand per player (each deals once).
        words={0: say("one per player")},
    )
    # Going out may lay leftover cards off onto melds shown on the table (Indian).
    lay_off: bool = flag(
        False,
        say("Lay off"),
        say("Going out may add leftover cards onto melds already on the table."),
    )
    # The source's "free to play jokers and wildcard onto existing sets or runs" read two ways
    # each: any card or wild cards only; onto the player's own melds or anyone's.
    lay_off_cards: LayOffCards = choice(
        "any",
        say("Lay off cards"),
        say("Laying off: any card that fits, or wild cards only."),
        # Translators: laying off: any card that fits may be laid off.
        any=say("any"),
        # Translators: laying off: only wild cards may be laid off.
        wild=say("wild"),
    )
    lay_off_onto: LayOffOnto = choice(
        "own",
        say("Lay off onto"),
        say("Laying off: onto your own melds only, or onto anyone's."),
        # Translators: laying off: onto one's own melds only.
        own=say("own"),
        # Translators: laying off: onto anyone's melds.
        anyone=say("anyone"),
    )

    def __post_init__(self) -> None:
        # Each option's own range or choices, then what ties options together; each refusal
        # is a sentence naming the option by its label.
        for option in declared(type(self)):
            problem = option.problem(getattr(self, option.name))
            if problem is not None:
                raise SaidError(problem)
        if self.dublee_out <= self.dublee_see:
            raise SaidError(
                # Translators: {option} and {other} are rules' names; {value} the other's value.
                say(
                    "{option} must be more than {other} ({value})",
                    option=_label("dublee_out"),
                    other=_label("dublee_see"),
                    value=self.dublee_see,
                )
            )
        most = (self.hand_size + 1) // 2
        if self.dublee_out > most:
            raise SaidError(
                # Translators: {option} is a rule's name (how many pairs finish a hand); so many
                # pairs must fit in a hand of {cards} cards.
                say(
                    "{option} must be at most {most} with {cards} cards in a hand",
                    option=_label("dublee_out"),
                    most=most,
                    cards=self.hand_size,
                )
            )

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some fields changed (validated)."""
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise ValueError(f"no such rule: {', '.join(sorted(unknown))}")
        return replace(self, **changes)

    def dublees_allowed(self, players: int) -> bool:
        """Whether seeing and going out by dublees is allowed at this table size."""
        return self.dublee_enabled and players >= self.dublee_min_players

    @property
    def long_melds(self) -> bool:
        """Melds of three or more cards (the Indian game)."""
        return self.meld_size == "three_or_more"

    @property
    def lowest_wins(self) -> bool:
        """Whether the lowest match total wins: deadwood scoring charges points."""
        return self.scoring == "deadwood"

    @property
    def scores_maal(self) -> bool:
        """Whether maal points count (under deadwood scoring only the cards left over do)."""
        return self.scoring != "deadwood"

    def to_dict(self) -> dict[str, Any]:
        """Plain data for saves; tuples become lists."""
        return {
            f.name: list(v) if isinstance(v := getattr(self, f.name), tuple) else v
            for f in fields(self)
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """Inverse of ``to_dict``; unknown or badly typed fields raise ValueError."""
        if not isinstance(data, dict):
            raise ValueError("rules must be an object")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"no such rule: {', '.join(sorted(unknown))}")
        values: dict[str, Any] = {
            k: tuple(v) if isinstance(v, list) else v for k, v in data.items()
        }
        try:
            return cls(**values)
        except TypeError:
            raise ValueError("the rules are damaged") from None


def rule_options(rules: RuleSet | None = None) -> tuple[Option, ...]:
    """Every option of ``RuleSet`` (or of ``rules``' own class), in order: each with its field's
    name and default, its label and help, and its choices or range. The New game screen, the
    Rules screen and the rule choices document list these; a rules picker elsewhere can too."""
    return declared(RuleSet if rules is None else type(rules))


def option_of(name: str, rules: RuleSet | None = None) -> Option:
    """The option of the field ``name``."""
    for option in rule_options(rules):
        if option.name == name:
            return option
    raise KeyError(name)


def length_option(rules: RuleSet | None = None) -> Option:
    """The option of a match's length (``match_hands``): screens pick it once, as the match's
    Length beside the preset, not among the other options."""
    return option_of("match_hands", rules)


def _label(name: str) -> Said:
    return option_of(name).label


NEPALI = RuleSet()
HOUSE = NEPALI.replace(
    name="house",
    direction="anticlockwise",
    dublee_min_players=4,
    unseen_maal="murder",
    dublee_wild_pair=True,
    alter=True,
    alter_points=(5, 15, 25),
    printed_joker_points=(5, 15, 25),
    shown_marriage_points=(15, 35),
    stock_exhausted="void",
    tunnela_ordinary_points=(5, 15, 25),
    tunnela_joker_points=(10, 20, 30),
    tunnela_maal_points=(15, 35),
    tunnela_alter_points=(35,),
    tunnela_printed_points=(45,),
)
CONTRACT = NEPALI.replace(
    name="contract",
    dublee_enabled=False,
    scoring="contract",
    tiplu_points=(3, 7),
    poplu_jhiplu_combined=True,
    shown_marriage_points=(15, 35),
    tunnela_ordinary_points=(5, 15, 25),
    tunnela_joker_points=(),
    tunnela_maal_points=(15, 35),
    tunnela_alter_points=(),
    tunnela_printed_points=(),
    tunnela_wilds_ordinary=True,
    tunnelas_need_seen=False,
    seen_fee=0,
    unseen_fee=0,
)
INDIAN = NEPALI.replace(
    name="indian",
    direction="anticlockwise",
    tiplu_timing="deal",
    meld_size="three_or_more",
    dublee_enabled=False,
    expose_dealt_tunnelas=False,
    stock_exhausted="turn_once",
    scoring="deadwood",
    lay_off=True,
    seen_fee=0,
    unseen_fee=0,
)

PRESETS: dict[str, RuleSet] = {
    "nepali": NEPALI,
    "house": HOUSE,
    "contract": CONTRACT,
    "indian": INDIAN,
}
