"""The guided hand says only what its position confirms, under 20 bot seeds, in both languages.

Each step of the guide is walked as the guide's own moves make it (the moves the Skip button
makes), with the computer players on each bot seed. At every step the words are read from the
position's facts (``engine.lesson.lesson_facts``); here each fact is checked by another route
(the meld checker, the solver, the game's legal moves), each sentence's claims against its facts
(``bench.truth_words``), and the step's advice against the hint's: the guide asks for the move
the hard bot would make.

The computer players first move after the player's throw, so the take, see and throw steps
meet the same position under every bot seed: a step's checks are worked out once for each
position (the game's whole state, ``Game.state_key``, and the card just drawn) and the
verdict is read again wherever the walk meets that position; the advice is asked each time.
"""

from __future__ import annotations

import zlib

import pytest

from bench.truth import nepali_check
from bench.truth_checks import fact_problems
from bench.truth_words import claim_problems
from engine.actions import Discard, DrawStock, GoOut, See, TakeDiscard
from engine.ai.hint import hint
from engine.ai.reasons import Told
from engine.cards import card_of
from engine.lesson import LessonFacts, keep, lesson_facts, lesson_match
from engine.melds import MeldKind, classify_meld
from engine.view import PlayerView
from engine.wilds import Wilds
from marriage_gui import language
from marriage_gui.guide_steps import DEAL, SEED, STEPS, guide_setup
from marriage_gui.guide_words import sentence_words, step_at, words

#: The guide's own bot seed first, then 19 more.
BOT_SEEDS = [zlib.crc32(str(SEED).encode()) & 0xFFFF, *range(19)]


def _told(view: PlayerView, told: Told | None, nepali) -> list[str]:
    if told is None:
        return []
    out: list[str] = []
    for fact in told.facts:
        out += fact_problems(GAME[0], view, fact)
    out += claim_problems(told.said, told.facts)[1]
    return out + nepali(told.said)


#: The game the walk is at (the checks play moves on copies of it).
GAME: list = [None]


def _step_claims(view: PlayerView, f: LessonFacts, nepali) -> list[str]:
    """What the step's words claim of the position, checked by the meld checker and the
    game's legal moves."""
    out = _told(view, f.take, nepali) + _told(view, f.throw, nepali) + _told(view, f.draw, nepali)
    if f.tunnela is not None and classify_meld(list(f.tunnela)) is not MeldKind.TUNNELA:
        out.append(f"{f.tunnela} is called a tunnela")
    for run in f.runs:
        if classify_meld(list(run)) is not MeldKind.PURE_SEQUENCE:
            out.append(f"{run} is called a pure sequence")
    game = GAME[0]
    if view.seen[view.seat]:
        wilds = Wilds(game.tiplu, view.rules)
        for card, role in f.maal:
            if wilds.role(card) is not role or not role.is_maal or card not in view.cards:
                out.append(f"{card} is called a {role.value}")
        held = [c for c in view.cards if (r := wilds.role(c)) is not None and r.is_maal]
        if sorted(held) != sorted(c for c, _r in f.maal):
            out.append("the maal held is not all said")
        if f.joined is not None or f.filled is not None:
            if not any(isinstance(a, GoOut) for a in game.legal_actions()):
                out.append("going out is described but not legal")
            for meld in (f.joined, f.filled):
                if meld is not None and classify_meld(list(meld), wilds, view.rules) is None:
                    out.append(f"{meld} is called a meld")
            if f.filled is not None and (f.wild is None or not wilds.is_wild(f.wild)):
                out.append(f"{f.wild} is called the wild card filling {f.filled}")
    for t in f.loose:
        out += fact_problems(game, view, t)
    return out


def _wanted(key: str, view: PlayerView, f: LessonFacts):
    """The move the guide makes for the player at step ``key`` (as Skip does)."""
    if key in ("take", "draw"):
        step = step_at([s.key for s in STEPS].index(key), view, f)
        return TakeDiscard() if "take" in step.wants else DrawStock()
    if key == "see":
        return view.best_see
    if key == "throw":
        return Discard(f.loose[0].card)
    return view.best_go_out


def _agrees(key: str, advice, wanted, f: LessonFacts) -> bool:
    if key == "throw":
        return isinstance(advice, Discard) and advice.card in [t.card for t in f.loose]
    if key == "see":
        return isinstance(advice, See)
    if key == "out":
        return isinstance(advice, GoOut)
    return type(advice) is type(wanted)


#: Each position's facts and every false claim its step's words make, by step, state and draw.
CHECKED: dict[tuple, tuple[LessonFacts, list[str]]] = {}


def step_problems(key: str, view: PlayerView, drawn, nepali) -> tuple[LessonFacts, list[str]]:
    """The step's facts, and every false claim the facts and the step's words make of the
    position the walk is at (``GAME[0]``), worked out once for each position."""
    at = (key, GAME[0].state_key(), drawn)
    if at in CHECKED:
        return CHECKED[at]
    f = lesson_facts(view, drawn)
    out = [f"{key}: {p}" for p in _step_claims(view, f, nepali)]
    step = step_at([s.key for s in STEPS].index(key), view, f)
    for lang in ("en", "ne"):
        language.use(lang)
        said = [words(t, view, None, f) for t in (step.text, *step.wrong.values())]
        # Each sentence of the facts shows where the step says it, as the facts say it.
        told = f.take if "take" in step.wants else f.throw if key == "throw" else None
        told = f.draw if key == "draw" and "draw" in step.wants else told
        if told is not None and not any(sentence_words(told.said, view) in w for w in said):
            out.append(f"{key} ({lang}): the step does not say {told.said}")
    if key == "throw":
        for card in set(view.cards) - {t.card for t in f.loose}:
            out += [f"keep {card}: {p}" for p in _told(view, keep(view, card), nepali)]
    CHECKED[at] = (f, out)
    return f, out


def walk(bot_seed: int, nepali) -> list[str]:
    """Every false claim and every disagreement with the hint, along the guided hand."""
    setup = guide_setup()
    m = lesson_match(
        setup.rules,
        [s.name for s in setup.seats],
        setup.drivers,
        DEAL,
        SEED,
        worker="inline",
        bot_seed=bot_seed,
    )
    out: list[str] = []
    drawn = None
    try:
        for key in ("take", "see", "throw", "draw", "out"):
            if key == "draw":
                m.run_bots()
            view = m.view(DEAL.seat)
            GAME[0] = m._game  # noqa: SLF001 - the checks play moves on copies of it
            if view.hand_over:
                return out + [f"seed {bot_seed}: the hand ended before the {key} step"]
            f, problems = step_problems(key, view, drawn, nepali)
            out += [f"seed {bot_seed}, {p}" for p in problems]
            wanted = _wanted(key, view, f)
            advice = hint(view, iterations=12)
            if advice is None or not _agrees(key, advice.action, wanted, f):
                out.append(f"seed {bot_seed}, {key}: the guide asks {wanted}, the hint {advice}")
            before = set(view.hand)
            m.submit(DEAL.seat, wanted)
            if key == "draw":
                new = [c for c in m.view(DEAL.seat).hand if c not in before]
                drawn = card_of(new[0]) if new else None
        if not m.view(DEAL.seat).hand_over or m.view(DEAL.seat).result.winner != DEAL.seat:
            out.append(f"seed {bot_seed}: the player did not go out")
    finally:
        language.use("en")
        m.close()
    return out


@pytest.mark.parametrize("bot_seed", BOT_SEEDS)
def test_the_guided_hand_says_only_what_its_position_confirms(bot_seed: int) -> None:
    nepali = nepali_check()
    language.use("en")
    assert walk(bot_seed, nepali) == []


def test_the_guided_seat_is_you_in_the_language_in_use() -> None:
    assert [s.name for s in guide_setup().seats] == ["You", "Sita", "Ram", "Hari"]
    language.use("ne")
    assert [s.name for s in guide_setup().seats] == ["तपाईं", "सीता", "राम", "हरि"]
