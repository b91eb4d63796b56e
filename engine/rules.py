"""RuleSet: every rule of Marriage that varies, as one frozen value; and the named presets."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Literal

from engine.words import say

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
MAX_POINTS = 1000
MAX_TABLE = 12
#: A match's seed is a whole number below this in size (or a word); saves are read with room
#: for every such seed (``engine.safe_json``), so a seed the game accepts always loads again.
MAX_SEED = 1 << 256
MAX_SEED_DIGITS = len(str(MAX_SEED))

_KIND_WORDS = {
    bool: "true or false",
    int: "a whole number",
    str: "a word",
    tuple: "a list of points, like (2, 5, 10)",
}

_CHOICES: dict[str, tuple[str, ...]] = {
    "direction": ("clockwise", "anticlockwise"),
    "tiplu_timing": ("first_show", "deal"),
    "meld_size": ("three", "three_or_more"),
    "stock_exhausted": ("reshuffle", "turn_once", "void"),
    "scoring": ("settlement", "contract", "deadwood"),
    "unseen_maal": ("count", "murder", "kidnap"),
    "lay_off_cards": ("any", "wild"),
    "lay_off_onto": ("own", "anyone"),
}


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

    name: str = "nepali"
    direction: Direction = "clockwise"
    tiplu_timing: TipluTiming = "first_show"
    meld_size: MeldSize = "three"
    hand_size: int = 21
    # A player who drew the top discard may not discard that same card this turn.
    no_discard_of_taken_card: bool = True
    seen_may_take_wild_discard: bool = False
    expose_dealt_tunnelas: bool = True
    # Dublees (pairs of identical cards): see with dublee_see, go out with dublee_out.
    dublee_enabled: bool = True
    dublee_see: int = 7
    dublee_out: int = 8
    dublee_bonus: int = 5
    dublee_min_players: int = 0
    dublee_wild_pair: bool = False
    # Wild cards.
    alter: bool = False
    printed_jokers: int = 0
    # End of the stock and a cap so that no hand runs forever.
    stock_exhausted: StockExhausted = "reshuffle"
    max_turns: int = 400
    # Scoring.
    scoring: Scoring = "settlement"
    seen_fee: int = 3
    unseen_fee: int = 10
    unseen_maal: UnseenMaal = "count"
    # Maal tables, indexed by how many are held (1, 2, 3 …).
    poplu_points: PointTable = (2, 5, 10)
    # Poplus and jhiplus counted together on the poplu table (the contract game).
    poplu_jhiplu_combined: bool = False
    jhiplu_points: PointTable = (2, 5, 10)
    tiplu_points: PointTable = (3, 8)
    marriage_points: PointTable = (10, 30)
    shown_marriage_points: PointTable = (10, 30)
    alter_points: PointTable = ()
    printed_joker_points: PointTable = ()
    # Tunnelas exposed from the deal, by how many of that kind the player exposed.
    tunnela_ordinary_points: PointTable = (5, 10, 15, 20, 25, 30, 35)
    tunnela_joker_points: PointTable = (10, 20, 30, 40, 50, 60, 70)
    tunnela_maal_points: PointTable = (20, 40, 60, 80, 100, 120, 140)
    tunnela_alter_points: PointTable = (10, 20, 30, 40, 50, 60, 70)
    tunnela_printed_points: PointTable = (10,)
    # Tunnelas of ordinary jokers, alters and printed jokers count as ordinary ones (the points
    # race knows only ordinary tunnelas and poplu/jhiplu ones).
    tunnela_wilds_ordinary: bool = False
    # Whether tunnelas and maal score for a player who never saw (contract scores everybody).
    tunnelas_need_seen: bool = True
    # Contract scoring: points per other player for the one who goes out.
    contract_win_points: int = 10
    # Deadwood scoring: card values.
    deadwood_ace: int = 15
    deadwood_face: int = 10
    deadwood_joker: int = 50
    # Match: how many hands; 0 means one hand per player (each deals once).
    match_hands: int = 0
    # Going out may lay leftover cards off onto melds shown on the table (Indian).
    lay_off: bool = False
    # The source's "free to play jokers and wildcard onto existing sets or runs" read two ways
    # each: any card or wild cards only; onto the player's own melds or anyone's.
    lay_off_cards: LayOffCards = "any"
    lay_off_onto: LayOffOnto = "own"

    def __post_init__(self) -> None:
        for f in fields(self):
            value, default = getattr(self, f.name), f.default
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, int):
                ok = isinstance(value, int) and not isinstance(value, bool)
            else:
                ok = isinstance(value, type(default))
            if not ok:
                # Say what kind of value is wanted in the game's words, not Python's type names.
                choices = _CHOICES.get(f.name)
                wanted = f"one of {', '.join(choices)}" if choices else _KIND_WORDS[type(default)]
                raise ValueError(f"{f.name} must be {wanted}")
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}")
        # What a person can get wrong on the new-game screen, in sentences (the rule's own
        # name stays as it is written in the rules).
        checks = [
            (1 <= len(self.name) <= 40, say("name must be 1 to 40 characters")),
            (
                MIN_HAND <= self.hand_size <= MAX_HAND,
                say("hand_size must be {low} to {high}", low=MIN_HAND, high=MAX_HAND),
            ),
            (0 <= self.printed_jokers <= 3, say("printed_jokers must be 0 to 3")),
            (
                10 <= self.max_turns <= MAX_TURNS,
                say("max_turns must be 10 to {high}", high=MAX_TURNS),
            ),
            (2 <= self.dublee_see <= 10, say("dublee_see must be 2 to 10")),
            (
                self.dublee_see < self.dublee_out <= 10,
                say("dublee_out must be above dublee_see, at most 10"),
            ),
            (
                self.dublee_out * 2 <= self.hand_size + 1,
                say("dublee_out pairs must fit in a hand"),
            ),
            (0 <= self.dublee_min_players <= 5, say("dublee_min_players must be 0 to 5")),
            (
                0 <= self.seen_fee <= MAX_POINTS and 0 <= self.unseen_fee <= MAX_POINTS,
                say("fees must be 0 to {high}", high=MAX_POINTS),
            ),
            (
                0 <= self.dublee_bonus <= MAX_POINTS,
                say("dublee_bonus must be 0 to {high}", high=MAX_POINTS),
            ),
            (
                0 <= self.match_hands <= MAX_HANDS,
                say("match_hands must be 0 to {high}", high=MAX_HANDS),
            ),
            (
                0 <= self.contract_win_points <= MAX_POINTS,
                say("contract_win_points must be 0 to {high}", high=MAX_POINTS),
            ),
            (
                all(
                    0 <= v <= MAX_POINTS
                    for v in (self.deadwood_ace, self.deadwood_face, self.deadwood_joker)
                ),
                say("deadwood values must be 0 to {high}", high=MAX_POINTS),
            ),
        ]
        for ok, message in checks:
            if not ok:
                raise ValueError(message)
        for f in fields(self):
            if f.name.endswith("_points") and f.name != "contract_win_points":
                table = getattr(self, f.name)
                if (
                    not isinstance(table, tuple)
                    or len(table) > MAX_TABLE
                    or not all(
                        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_POINTS
                        for v in table
                    )
                ):
                    # Translators: {rule} is the rule's name as the rules write it
                    # ("poplu_points"); {most} how many points it may list.
                    raise ValueError(
                        say(
                            "{rule} must be up to {most} points from 0 to {high}, like (2, 5, 10)",
                            rule=f.name,
                            most=MAX_TABLE,
                            high=MAX_POINTS,
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


#: One-line explanations of every field, for the new-game screen and docs.
RULE_HELP: dict[str, str] = {
    "name": say("Which preset these rules started from."),
    "direction": say("Which way the turn and the deal pass around the table."),
    "tiplu_timing": say(
        "When the tiplu is chosen: by the first player to see, or right after the deal."
    ),
    "meld_size": say("Melds of exactly three cards (Nepali) or three or more (Indian)."),
    "hand_size": say("Cards dealt to each player."),
    "no_discard_of_taken_card": say(
        "A card taken from the discard pile may not be thrown back that turn."
    ),
    "seen_may_take_wild_discard": say(
        "A player who has seen may take a wild card from the discard pile."
    ),
    "expose_dealt_tunnelas": say(
        "Tunnelas dealt to a player may be shown before their first draw."
    ),
    "dublee_enabled": say("Seeing and going out by pairs of identical cards (dublees)."),
    "dublee_see": say("Dublees needed to see the maal."),
    "dublee_out": say("Dublees needed to go out."),
    "dublee_bonus": say("Extra points each loser pays a winner who went out by dublees."),
    "dublee_min_players": say("Dublees allowed only with at least this many players."),
    "dublee_wild_pair": say("Two wild cards count as a dublee."),
    "alter": say("The tiplu's rank in the other suit of its colour is a joker that scores."),
    "printed_jokers": say("Printed jokers added to the shoe (always wild)."),
    "stock_exhausted": say(
        "When the stock runs out: reshuffle the discards, turn them once, or void the hand."
    ),
    "max_turns": say("A hand ends with no winner after this many turns."),
    "scoring": say("Payments between players, a points race, or deadwood penalty points."),
    "seen_fee": say("What a loser who has seen pays the winner."),
    "unseen_fee": say("What a loser who never saw pays the winner."),
    "unseen_maal": say(
        "A player who never saw: maal counts, is lost (murder), or goes to the winner (kidnap)."
    ),
    "poplu_points": say("Points for holding one, two, three poplus."),
    "jhiplu_points": say("Points for holding one, two, three jhiplus."),
    "poplu_jhiplu_combined": say("Poplus and jhiplus are counted together on the poplu table."),
    "tiplu_points": say("Points for holding one, two tiplus."),
    "marriage_points": say("Points for one, two marriages (jhiplu + tiplu + poplu) in hand."),
    "shown_marriage_points": say("Points for one, two marriages shown on the table."),
    "alter_points": say("Points for holding one, two, three alters."),
    "printed_joker_points": say("Points for holding one, two, three printed jokers."),
    "tunnela_ordinary_points": say("Exposed dealt tunnelas of ordinary cards, by how many."),
    "tunnela_joker_points": say("Exposed dealt tunnelas of ordinary jokers, by how many."),
    "tunnela_maal_points": say("Exposed dealt tunnelas of poplu or jhiplu, by how many."),
    "tunnela_alter_points": say("Exposed dealt tunnelas of the alter, by how many."),
    "tunnela_printed_points": say("An exposed dealt tunnela of printed jokers."),
    "tunnela_wilds_ordinary": say("Tunnelas of jokers and alters count as ordinary tunnelas."),
    "tunnelas_need_seen": say("Maal tunnelas score only for a player who has seen."),
    "contract_win_points": say(
        "Points race: the player who goes out scores this per other player."
    ),
    "deadwood_ace": say("Deadwood: penalty for an unmelded ace."),
    "deadwood_face": say("Deadwood: penalty for an unmelded J, Q or K."),
    "deadwood_joker": say("Deadwood: penalty for an unmelded printed joker."),
    "match_hands": say("Hands in a match; 0 means each player deals once."),
    "lay_off": say("Going out may add leftover cards onto melds already on the table."),
    "lay_off_cards": say("Laying off: any card that fits, or wild cards only."),
    "lay_off_onto": say("Laying off: onto your own melds only, or onto anyone's."),
}

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
