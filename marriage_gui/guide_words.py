"""Learn to play: the words each step of the guide says, read from the player's position.

Every card a step names and every sentence it says about the cards comes from the lesson's
facts (``engine.lesson.lesson_facts``): what the top discard would make, which cards may go and
why, what throwing a needed card would cost, the melds going out lays down, where the points of
the hand came from. The engine's sentences among them are sentence_words in the language in use, with
each card as a player reads it.
"""

from __future__ import annotations

from dataclasses import replace

from engine.cards import CARDS, Card, code_of
from engine.ledger import ledger
from engine.lesson import LessonFacts, keep, lesson_facts
from engine.view import PlayerView
from engine.words import Said
from marriage_gui.guide_steps import OUT_PLAIN, STEPS, TAKE_OUT, Step, joined
from marriage_gui.language import N_, _, fill, ngettext
from marriage_gui.ui.card_names import card_label, cards_label, readable, role_word


def step_at(at: int, view: PlayerView, f: LessonFacts) -> Step:
    """Step ``at`` as the position (its facts ``f``) asks for it: at the last draw, taking the
    top discard when it lets the player go out; going out, the words for the melds it lays
    down."""
    step = STEPS[at]
    mine = view.current_player == view.seat
    if step.key == "draw" and mine and view.phase == "draw" and f.takes_out:
        return TAKE_OUT
    if step.key == "out" and view.wilds is not None and f.filled is None:
        return replace(step, text=OUT_PLAIN)
    return step


def sentence_words(sentence: Said, view: PlayerView) -> str:
    """An engine sentence as the guide shows it: in the language in use, cards as a player
    reads them (10♠), and without the capital a sentence starts with (it is set in a
    sentence of the step's)."""
    return readable(sentence, view.names)


def facts(
    view: PlayerView, drawn: int | None = None, told: LessonFacts | None = None
) -> dict[str, str]:
    """What a step's words name, read from the player's own position (and the card just
    drawn): each card and each sentence about them comes from ``engine.lesson.lesson_facts``."""
    names = [n for s, n in enumerate(view.names) if s != view.seat]
    card = CARDS[code_of(drawn)] if drawn is not None else None
    f = told if told is not None else lesson_facts(view, card)
    top = CARDS[code_of(view.discards[-1])] if view.discards else None
    out = {
        # Translators: stands in for a card's name in "The {top} on the discard pile…".
        "top": cards_label([top]) if top is not None else _("top card"),
        "others": joined(names),
        # Translators: stands in for a card's name in "like the {loose}".
        "loose": cards_label([f.loose[0].card]) if f.loose else _("card you need least"),
        # Translators: stands in for a card's name in "The {drawn} makes…".
        "drawn": cards_label([card]) if card is not None else _("card"),
        "why": "",
        "draw": sentence_words(f.draw.said, view) if f.draw is not None else "",
        "won": _won(view),
    }
    if f.take is not None:
        out["why"] = sentence_words(f.take.said, view)
    elif f.throw is not None:
        out["why"] = sentence_words(f.throw.said, view)
    out.update(_see_facts(f))
    out.update(_wild_facts(view, f))
    return out


def _won(view: PlayerView) -> str:
    """How the hand ended, for the player."""
    result = view.result
    if result is None:
        return ""
    net = result.nets[view.seat]
    if result.winner == view.seat:
        return fill(_("You went out and won the hand: {points}."), points=_signed_points(net))
    if result.winner is None:
        return _("Nobody went out.")
    return fill(
        _("{name} went out first ({points} for you)."),
        name=view.names[result.winner],
        points=_signed_points(net),
    )


def _signed_points(net: int) -> str:
    """``+21 points``, ``-1 point``: the sign shown, the noun agreeing."""
    # Translators: a signed number of points, e.g. "+21 points", "-1 point".
    said_ = ngettext("{points} point", "{points} points", abs(net))
    return said_.format(points=f"{net:+d}" if net else "0")


def closing(view: PlayerView) -> str | None:
    """One plain sentence on where the player's points of the hand came from, read from the
    hand's settlement (None: the hand is not over, or its scoring is not a settlement)."""
    result = view.result
    if result is None or view.rules.scoring != "settlement":
        return None
    share = ledger(result, view.rules).shares[view.seat]
    fields = {
        "net": f"{share.net:+d}",
        "maal": f"{share.maal:+d}",
        "fee": f"{share.fee:+d}",
        "bonus": f"{share.bonus:+d}",
    }
    if result.winner == view.seat:
        if share.bonus:
            # Translators: the score sheet's last line of the guided hand; each number is
            # signed ("+21").
            words = _(
                "Your {net}: {fee} in fees the others pay the player who goes out, {maal} for "
                "your maal against theirs, and {bonus} for going out with dublees."
            )
        else:
            words = _(
                "Your {net}: {fee} in fees the others pay the player who goes out, and {maal} "
                "for your maal against theirs."
            )
    else:
        words = _(
            "Your {net}: {fee} in the fee you pay the player who went out, and {maal} for your "
            "maal against the others'."
        )
    return fill(words, **fields)


def _see_facts(f: LessonFacts) -> dict[str, str]:
    """The tunnela and the pure sequences the player sees with (or has seen with)."""
    said_ = joined([cards_label(m) for m in f.runs]) if f.runs else ""
    return {
        "tunnela": cards_label(f.tunnela) if f.tunnela else _("three identical cards"),
        "sequences": fill(
            ngettext("{melds} is a pure sequence", "{melds} are pure sequences", len(f.runs)),
            melds=said_,
        )
        if f.runs
        else _("Three cards in a row in one suit make a pure sequence"),
    }


_UNKNOWN = ("tiplu", "poplu", "jhiplu", "maal", "jokers", "joined", "filled", "wild")


def _wild_facts(view: PlayerView, f: LessonFacts) -> dict[str, str]:
    """The tiplu, its maal and wild cards, and the melds going out would lay down."""
    wilds = view.wilds
    if wilds is None:
        return dict.fromkeys(_UNKNOWN, "?")
    # Translators: a card the player holds and its role: "7♦ (a poplu)".
    each = _("{card} (a {role})")
    held = [fill(each, card=cards_label([c]), role=role_word(r)) for c, r in f.maal]
    maal = (
        fill(
            # Translators: {cards} lists maal cards, e.g. "7♦ (a poplu) and the 5♦ (a jhiplu)".
            _("You hold the {cards}: the maal panel counts it."),
            cards=joined(held, N_("{names} and the {last}")),
        )
        if held
        else _("You hold none of them.")
    )
    # Translators: a meld in a sentence when its cards are not known ("The 4♣ makes a meld").
    a_meld = _("a meld")
    return {
        "tiplu": cards_label([wilds.tiplu]),
        "poplu": cards_label([wilds.poplu]),
        "jhiplu": cards_label([wilds.jhiplu]),
        "maal": maal,
        # Translators: the jokers: the tiplu's rank in the other suits, e.g. "6s of the other
        # suits".
        "jokers": fill(_("{rank}s of the other suits"), rank=card_label(wilds.tiplu)[:-1]),
        "joined": cards_label(f.joined) if f.joined else a_meld,
        "filled": cards_label(f.filled) if f.filled else a_meld,
        "wild": cards_label([f.wild]) if f.wild is not None else "?",
    }


def keep_words(view: PlayerView, card: Card) -> str | None:
    """Why the player should keep ``card`` rather than throw it (None: it may go)."""
    told = keep(view, card)
    if told is None:
        return None
    f = lesson_facts(view)
    loose = cards_label([f.loose[0].card]) if f.loose else _("card you need least")
    return fill(
        # Translators: {card} is a card the player needs; {why} says what throwing it would cost,
        # e.g. "without it you would be 2 cards from going out, not 1"; {loose} a card to throw.
        _("Keep the {card}: {why}. Throw a card you do not need, like the {loose}."),
        card=cards_label([card]),
        why=sentence_words(told.said, view),
        loose=loose,
    )


def words(
    text: str, view: PlayerView, drawn: int | None = None, told: LessonFacts | None = None
) -> str:
    """A step's ``text`` (untranslated, as ``STEPS`` keep it) in the language in use, with the
    cards and names of this table filled in."""
    said_ = _(text)
    return fill(said_, **facts(view, drawn, told)) if "{" in said_ else said_


__all__ = ["closing", "facts", "keep_words", "sentence_words", "step_at", "words"]
