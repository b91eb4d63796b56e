"""Learn to play: the guided first hand's deal and its steps.

The guide plays the default (Nepali) rules on a stacked deal (``engine.lesson``): the player
takes a discard that makes a tunnela, sees with three pure melds, finds the tiplu makes a card
of the hand maal, throws, and goes out on the next draw. Each ``Step`` says what to do, which
moves do it, and why any other move waits. Every word a step says of the cards is read from the
player's own position (``marriage_gui.guide_words``, from ``engine.lesson.lesson_facts``); none
is fixed text about the deal. Where
the top discard lets the player go out at the last draw, the draw step asks for it (as the hint
would). Where another preset differs in what a step teaches, the step carries a one-line note
worked out from the presets' ``RuleSet``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.lesson import LessonDeal
from engine.rules import PRESETS, RuleSet
from marriage_gui.language import N_, _, fill, together
from marriage_gui.setup import PRESET_LABELS, MatchSetup, SeatSetup
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
#: Two 9♣ wait for the 9♣ on the pile (a tunnela); 3♥ 4♥ 5♥ and J♠ Q♠ K♠ are pure sequences,
#: and nothing else is one yet, so the 9♣ is what lets the player see; two triplets, 8♠ 9♠ for
#: the poplu 7♦ to fill once the tiplu 6♦ is known, 2♣ 3♣ waiting for the 4♣ or A♣ at the top of
#: the stock, and A♠ and 5♠, which only a wild card goes with once the player has seen.
DEAL = LessonDeal(
    seat=0,
    hand="9C 9C 3H 4H 5H JS QS KS KC KH KD QH QC QD 8S 9S 7D 2C 3C AS 5S",
    discard="9C",
    stock_top="4C AC 4C AC",
    tiplu="6D",
)


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
#: Why a draw from the stock waits when the guide asks for the top discard.
TAKE_NOT_DRAW = N_(
    "Not the stock this time: take the {top} from the discard pile ({why}). Click it (or press 2)."
)
#: Why a throw waits when the guide asks for the top discard.
TAKE_FIRST = N_(
    "Throw comes after drawing: first take the {top} from the discard pile (click it, or press 2)."
)

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
        # Translators: {top} is the card on top of the discard pile, e.g. "9♣"; {why} says what
        # it does, e.g. "it makes the tunnela 9♣ 9♣ 9♣; you could then see this turn".
        N_(
            "Take the {top} from the discard pile: {why}. Click the pile, drag it into your "
            "hand, or press 2."
        ),
        N_("take the {top} from the discard pile: click it, or press 2"),
        ("take",),
        {"draw": TAKE_NOT_DRAW, "throw": TAKE_FIRST},
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
        # Translators: {loose} is a card, e.g. "A♠"; {why} says why it may go, e.g. "it goes
        # with nothing in your hand but the wild 7♦; without it you are still 1 card from
        # going out".
        N_(
            "End your turn: throw a card you do not need, like the {loose}: {why}. Drag it onto "
            "the discard pile, or click it, then the pile (or press D)."
        ),
        N_("throw a card you do not need, like the {loose}"),
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
            # Translators: {draw} is the hint's words for drawing, e.g. "draw from the stock:
            # 5♥ goes with nothing in your hand".
            "take": N_("This time {draw}. Click the stock (or press 1)."),
            "throw": N_("Throw comes after drawing: first click the stock (or press 1)."),
        },
    ),
    Step(
        "out",
        N_("Going out"),
        # Translators: {drawn} is the card just drawn; {joined} and {filled} are melds (their
        # cards, e.g. "2♣ 3♣ 4♣"); {wild} the wild card in {filled}.
        N_(
            "The {drawn} makes {joined}, and the wild {wild} fills {filled}: all your cards but "
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

#: The draw step where the top discard lets the player go out this turn: the guide asks for it,
#: as the hint would.
TAKE_OUT = Step(
    "draw",
    N_("Taking the discard to go out"),
    N_(
        "Your turn again. Take the {top} from the discard pile: {why}. Click the pile, drag it "
        "into your hand, or press 2."
    ),
    N_("take the {top} from the discard pile: click it, or press 2"),
    ("take",),
    {"draw": TAKE_NOT_DRAW, "throw": TAKE_FIRST},
)
#: The last step's words when going out uses no wild card.
OUT_PLAIN = N_(
    "The {drawn} makes {joined}: all your cards but one are in melds. Press Go out (Enter), "
    "then confirm."
)


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


def joined(names: Sequence[str], last: str = N_("{names} and {last}")) -> str:
    """Names in a list as a sentence says them ("Sita, Ram and Hari"); ``last`` joins the last
    one on."""
    if len(names) == 1:
        return names[0]
    return fill(_(last), names=together(_(", "), names[:-1]), last=names[-1])


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
            said.append(_(words).format(presets=joined(names)))
    return " ".join(said) or None
