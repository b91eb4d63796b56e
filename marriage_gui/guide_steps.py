"""Learn to play: the guided first hand's deal, its steps, and the words each step says.

The guide plays the default (Nepali) rules on a stacked deal (``engine.lesson``): the player
takes a discard that makes a tunnela, sees with three pure melds, finds the tiplu makes a card
of the hand maal, throws, and goes out on the next draw from the stock. Each ``Step`` says what
to do, which moves do it, and why any other move waits; its words are filled in from the
player's own view, so they name the cards on the table. Where another preset differs in what a
step teaches, the step carries a one-line note worked out from the presets' ``RuleSet``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.cards import CARDS, Card, code_of
from engine.lesson import LessonDeal
from engine.melds import MeldKind, classify_meld
from engine.rules import PRESETS, RuleSet
from engine.view import PlayerView
from engine.wilds import Wilds
from marriage_gui.language import N_, _, ngettext
from marriage_gui.setup import PRESET_LABELS, MatchSetup, SeatSetup
from marriage_gui.ui.card_names import card_label, cards_label, role_word
from marriage_gui.ui.words import PROPOSED_NAMES, YOU

#: The player's seat and the three easy computer players beside it (named when the hand is
#: dealt, in the language in use: तपाईं, सीता, राम, हरि).
SEATS = (
    SeatSetup(YOU, "human"),
    SeatSetup(PROPOSED_NAMES[0], "easy"),
    SeatSetup(PROPOSED_NAMES[1], "easy"),
    SeatSetup(PROPOSED_NAMES[2], "easy"),
)
SEED = 4
#: Two 9♣ wait for the 9♣ on the pile (a tunnela); 3♥ 4♥ 5♥ and J♠ Q♠ K♠ are pure sequences;
#: two triplets, 8♠ 9♠ for the poplu 7♦ to fill once the tiplu 6♦ is known, 2♣ 3♣ waiting for
#: the 4♣ or A♣ at the top of the stock, and two loose cards (A♥, 5♠) to throw.
DEAL = LessonDeal(
    seat=0,
    hand="9C 9C 3H 4H 5H JS QS KS KC KH KD QH QC QD 8S 9S 7D 2C 3C AH 5S",
    discard="9C",
    stock_top="4C AC 4C AC",
    tiplu="6D",
)
#: Cards the guide asks the player to keep when they throw (anything else may go).
LOOSE = ("AH", "5S")


def guide_setup() -> MatchSetup:
    """The guided hand's set-up: default rules, one hand, the player against three easy bots."""
    seats = tuple(SeatSetup(_(s.name), s.kind) for s in SEATS)
    return MatchSetup(seats, PRESETS["nepali"], hands=1, seed=SEED)


# ---------------------------------------------------------------------- what a step is
@dataclass(frozen=True)
class Step:
    """One prompt of the guide.

    ``wants``: the moves that do the step (none: a step to read, closed with Next); ``how``: the
    short instruction a refused move repeats; ``wrong``: a better explanation for some moves.
    ``waits``: the computer players hold while the step is up.
    """

    key: str
    title: str
    text: str
    how: str
    wants: tuple[str, ...] = ()
    wrong: dict[str, str] = field(default_factory=dict)
    waits: bool = True

    @property
    def reading(self) -> bool:
        """A step to read: Next (or Enter) moves on."""
        return not self.wants and self.waits


NEXT = N_("press Next (Enter) when you have read this")

# Each step's words are kept untranslated (N_) and said with ``words`` as the guide draws; their
# {fields} are the cards and names of the table (``facts``).
STEPS: tuple[Step, ...] = (
    Step(
        "welcome",
        N_("Learn to play: your first hand"),
        N_(
            "These 21 cards are your hand. You will make melds of three, see the maal with three "
            "pure melds, then go out. Skip (Tab) skips a step; Esc leaves the guide."
        ),
        NEXT,
    ),
    Step(
        "arrange",
        N_("Arranging your cards"),
        N_(
            "Put your cards in an order you like: press Sort (S) or Group (G), or drag a card "
            "along your hand to a new place."
        ),
        N_("first arrange your cards: press Sort (S) or Group (G), or drag a card along your hand"),
        ("arrange",),
    ),
    Step(
        "take",
        N_("Taking the discard"),
        # Translators: {top} is the card on top of the discard pile, e.g. "9♣".
        N_(
            "The {top} on the discard pile matches two of yours. Take it: click the discard "
            "pile, drag it into your hand, or press 2."
        ),
        N_("take the {top} from the discard pile: click it, or press 2"),
        ("take",),
        {
            "draw": N_(
                "Not the stock this time: the {top} on the discard pile is the card you "
                "want. Click the discard pile (or press 2)."
            ),
            "throw": N_(
                "Throw comes after drawing: first take the {top} from the discard pile "
                "(click it, or press 2)."
            ),
        },
    ),
    Step(
        "tunnela",
        N_("A tunnela"),
        # Translators: {tunnela} is the three cards of the tunnela, e.g. "9♣ 9♣ 9♣".
        N_(
            "Your {tunnela} is a tunnela: three identical cards, same rank and same suit. A "
            "tunnela is a pure meld."
        ),
        NEXT,
    ),
    Step(
        "sequence",
        N_("Pure sequences"),
        # Translators: {sequences} is a whole clause, e.g. "3♥ 4♥ 5♥ and J♠ Q♠ K♠ are pure
        # sequences".
        N_(
            "{sequences}: three in a row in one suit, no wild card standing in. With the "
            "tunnela, that makes three pure melds."
        ),
        NEXT,
    ),
    Step(
        "see",
        N_("Seeing the maal"),
        N_(
            "Three pure melds let you see: lay them down and look at the tiplu, the card that "
            "makes some cards wild. Press See (Enter)."
        ),
        N_("first see: press See (Enter) to lay down your three pure melds"),
        ("see",),
        {
            "throw": N_(
                "Before you throw, see: press See (Enter) to lay down your three pure melds."
            )
        },
    ),
    Step(
        "tiplu",
        N_("The tiplu and its maal"),
        # Translators: {tiplu}, {poplu}, {jhiplu} are cards (e.g. "6♦"); {maal} is a whole
        # sentence on the maal the player holds; {jokers} e.g. "6s of the other suits".
        N_(
            "The tiplu is {tiplu}. Its copies, the poplu {poplu} (one above) and the jhiplu "
            "{jhiplu} (one below) are maal: points at the end. {maal} They and the {jokers} are "
            "now wild for you."
        ),
        NEXT,
    ),
    Step(
        "throw",
        N_("Throwing a card"),
        N_(
            "End your turn: throw a card that joins nothing, like the {loose}. Drag it onto the "
            "discard pile, or click it, then the pile (or press D)."
        ),
        N_("throw a card that joins nothing, like the {loose}"),
        ("throw",),
    ),
    Step(
        "others",
        N_("The others play"),
        # Translators: {others} is the other players' names, e.g. "Sita, Ram and Hari".
        N_(
            "{others} take their turns now: each draws a card and throws one. Watch the discard "
            "pile."
        ),
        N_("wait for your turn: {others} are playing"),
        waits=False,
    ),
    Step(
        "draw",
        N_("Drawing from the stock"),
        N_(
            "Your turn again. Draw the top card of the stock: click it, drag it into your hand, "
            "or press 1."
        ),
        N_("draw from the stock: click it, or press 1"),
        ("draw",),
        {
            "take": N_(
                "This time draw from the stock: the {top} on the discard pile joins nothing "
                "of yours. Click the stock (or press 1)."
            ),
            "throw": N_("Throw comes after drawing: first click the stock (or press 1)."),
        },
    ),
    Step(
        "out",
        N_("Going out"),
        # Translators: {drawn} is the card just drawn; {joined} and {filled} are melds (their
        # cards, e.g. "2♣ 3♣ 4♣"), or "a meld".
        N_(
            "The {drawn} makes {joined}, and the wild {poplu} fills {filled}: all your cards but "
            "one are in melds. Press Go out (Enter), then confirm."
        ),
        N_("you can go out now: press Go out (Enter)"),
        ("out",),
        {"throw": N_("Not this card: you can go out instead. Press Go out (Enter).")},
    ),
    Step(
        "done",
        N_("The hand is over"),
        # Translators: {won} is a whole sentence on how the hand ended.
        N_(
            "{won} That is a hand of Marriage. Start a normal game (Enter), or go back to the "
            "title (Tab)."
        ),
        N_("the hand is over"),
    ),
)

STEP_KEYS = tuple(s.key for s in STEPS)


# ---------------------------------------------------------------------- notes from the presets
#: The presets by their short names, as a note says them ("Indian rules: …").
PRESET_NAMES = {
    # Translators: a rule preset's short name, before "rules" in the guide's notes.
    "nepali": N_("Nepali"),
    # Translators: the "House rules" preset's short name, in "{presets} rules…".
    "house": N_("House"),
    "contract": N_("Contract"),
    "indian": N_("Indian"),
}


def _preset_names(test: Callable[[RuleSet], bool]) -> list[str]:
    """The presets (by their short names) whose rules pass ``test``."""
    return [
        _(PRESET_NAMES[k] if k in PRESET_NAMES else PRESET_LABELS[k])
        for k, r in PRESETS.items()
        if test(r)
    ]


def _joined(names: list[str], last: str = N_("{names} and {last}")) -> str:
    """Names in a list as a sentence says them ("Sita, Ram and Hari"); ``last`` joins the last
    one on."""
    if len(names) == 1:
        return names[0]
    return _(last).format(names=_(", ").join(names[:-1]), last=names[-1])


#: Per step: (which presets, what to say of them). A note shows only where a preset differs.
_NOTES: dict[str, tuple[tuple[Callable[[RuleSet], bool], str], ...]] = {
    "sequence": (
        (
            lambda r: r.meld_size == "three_or_more",
            # Translators: {presets} names rule presets, e.g. "Indian" or "House and Indian".
            N_("{presets} rules: melds may be longer than three cards."),
        ),
    ),
    "see": (
        (
            lambda r: not r.dublee_enabled,
            N_("Seven dublees (identical pairs) also let you see, except in {presets} rules."),
        ),
    ),
    "tiplu": (
        (
            lambda r: r.tiplu_timing == "deal" and not r.scores_maal,
            N_("{presets} rules set the tiplu aside at the deal and count no maal."),
        ),
    ),
    "others": (
        (lambda r: r.direction == "anticlockwise", N_("{presets} rules play anticlockwise.")),
    ),
    "out": (
        (
            lambda r: r.lay_off,
            N_(
                "{presets} rules: going out, leftover cards may be laid off onto melds on the table."
            ),
        ),
    ),
}


def preset_note(key: str) -> str | None:
    """One line on how the other presets differ in what step ``key`` teaches (None: they don't)."""
    said = []
    for test, words in _NOTES.get(key, ()):
        names = _preset_names(test)
        if names:
            said.append(_(words).format(presets=_joined(names)))
    return " ".join(said) or None


# ---------------------------------------------------------------------- the words of a step
def _cards(ids: tuple[int, ...] | list[int]) -> list[Card]:
    return [CARDS[code_of(i)] for i in ids]


def facts(view: PlayerView, drawn: int | None = None) -> dict[str, str]:
    """What a step's words name, read from the player's own view (and the card just drawn)."""
    names = [n for s, n in enumerate(view.names) if s != view.seat]
    hand = _cards(view.hand)
    top = CARDS[code_of(view.discards[-1])] if view.discards else None
    loose = [card_label(c) for c in hand if str(c) in LOOSE]
    out = {
        # Translators: stands in for a card's name in "The {top} on the discard pile…".
        "top": card_label(top) if top is not None else _("top card"),
        "others": _joined(names),
        # Translators: "{names} or the {last}": cards to throw, as in "like the A♥ or the 5♠".
        "loose": _joined(loose, N_("{names} or the {last}")) if loose else _("card you need least"),
        # Translators: stands in for a card's name in "The {drawn} makes…".
        "drawn": card_label(CARDS[code_of(drawn)]) if drawn is not None else _("card"),
    }
    out["won"] = _won(view)
    out.update(_see_facts(view))
    out.update(_wild_facts(view, hand, CARDS[code_of(drawn)] if drawn is not None else None))
    return out


def _won(view: PlayerView) -> str:
    """How the hand ended, for the player."""
    result = view.result
    if result is None:
        return ""
    net = result.nets[view.seat]
    if result.winner == view.seat:
        return _("You went out and won the hand: {points}.").format(points=_signed_points(net))
    if result.winner is None:
        return _("Nobody went out.")
    return _("{name} went out first ({points} for you).").format(
        name=view.names[result.winner], points=_signed_points(net)
    )


def _signed_points(net: int) -> str:
    """``+21 points``, ``-1 point``: the sign shown, the noun agreeing."""
    # Translators: a signed number of points, e.g. "+21 points", "-1 point".
    said = ngettext("{points} point", "{points} points", abs(net))
    return said.format(points=f"{net:+d}" if net else "0")


def _see_facts(view: PlayerView) -> dict[str, str]:
    """The tunnela and the pure sequences the player sees with (or has seen with)."""
    see = view.best_see
    melds: list[tuple[Card, ...]] = list(see.melds) if see is not None else []
    if not melds:
        melds = [tuple(_cards(ids)) for kind, ids in view.shown[view.seat] if kind == "see"]
    kinds = [(classify_meld(m), m) for m in melds]
    tunnelas = [m for k, m in kinds if k is MeldKind.TUNNELA]
    runs = [m for k, m in kinds if k is MeldKind.PURE_SEQUENCE]
    said = _joined([cards_label(m) for m in runs]) if runs else ""
    return {
        "tunnela": cards_label(tunnelas[0]) if tunnelas else _("three identical cards"),
        "sequences": ngettext(
            "{melds} is a pure sequence", "{melds} are pure sequences", len(runs)
        ).format(melds=said)
        if runs
        else _("Three cards in a row in one suit make a pure sequence"),
    }


_UNKNOWN = ("tiplu", "poplu", "jhiplu", "maal", "jokers", "joined", "filled")


def _wild_facts(view: PlayerView, hand: list[Card], drawn: Card | None) -> dict[str, str]:
    """The tiplu, its maal and wild cards, and the melds going out would lay down."""
    wilds = view.wilds
    if wilds is None:
        return dict.fromkeys(_UNKNOWN, "?")
    held = []
    for c in hand:
        role = wilds.role(c)
        if role is not None and role.is_maal:
            # Translators: a card the player holds and its role: "7♦ (a poplu)".
            held.append(_("{card} (a {role})").format(card=card_label(c), role=role_word(role)))
    maal = (
        # Translators: {cards} lists maal cards, e.g. "7♦ (a poplu) and the 5♦ (a jhiplu)".
        _("You hold the {cards}: the maal panel counts it.").format(
            cards=_joined(held, N_("{names} and the {last}"))
        )
        if held
        else _("You hold none of them.")
    )
    # Translators: a meld in a sentence when its cards are not known ("The 4♣ makes a meld").
    a_meld = _("a meld")
    out = {
        "tiplu": card_label(wilds.tiplu),
        "poplu": card_label(wilds.poplu),
        "jhiplu": card_label(wilds.jhiplu),
        "maal": maal,
        # Translators: the jokers: the tiplu's rank in the other suits, e.g. "6s of the other
        # suits".
        "jokers": _("{rank}s of the other suits").format(rank=card_label(wilds.tiplu)[:-1]),
        "joined": a_meld,
        "filled": a_meld,
    }
    go = view.best_go_out
    for meld in go.melds if go is not None else ():
        kind = classify_meld(meld, wilds, view.rules)
        if drawn is not None and drawn in meld:
            out["joined"] = cards_label(_in_order(meld, wilds))
        elif kind is not None and not kind.is_pure and any(wilds.is_wild(c) for c in meld):
            out["filled"] = cards_label(_in_order(meld, wilds))
    return out


def _in_order(meld: tuple[Card, ...], wilds: Wilds) -> list[Card]:
    """A meld as a player would lay it: natural cards low to high (an ace low beside a two),
    the wild card standing in last."""
    naturals = [c for c in meld if not wilds.is_wild(c) or classify_meld(meld) is not None]
    low = any(c.rank == 2 for c in naturals)
    naturals.sort(key=lambda c: 1 if low and c.rank == 14 else c.rank)
    return naturals + [c for c in meld if c not in naturals]


def words(text: str, view: PlayerView, drawn: int | None = None, **more: str) -> str:
    """A step's ``text`` (untranslated, as ``STEPS`` keep it) in the language in use, with the
    cards and names of this table filled in (and the ``more`` fields some words have)."""
    said = _(text)
    return said.format(**facts(view, drawn), **more) if "{" in said else said
