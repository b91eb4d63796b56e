"""Every word true: the hint's, the coach's and the guide's claims, re-checked by another route.

Run: python bench/truth.py [--positions N] [--seed S] [--presets nepali,house,...]

For each preset, seeded random walks play hands to random points (any number of players, seeing
and going out whenever a coin says so); at each point the seat to act is asked what the hint
would say of its legal moves (every kind of move; a few of its discards) and what the coach
would say of two ways to play the decision. Each sentence is checked three ways:

1. every fact behind it against the game itself (``truth_checks``: the meld checker, the solver
   asked directly, the move played on a copy of the game);
2. every claim of its words against those facts (``truth_words``: a template nobody can check
   fails);
3. its Nepali: translated, and carrying every card, number and name of the English.

Prints, per preset, the positions, the sentences, the claims and the false ones (with the first
few), and the CPU seconds; exits 1 on any false claim. The tests run a small rotating sample
of the same walk (``tests/engine/test_truth.py``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.truth_checks import fact_problems  # noqa: E402
from bench.truth_words import claim_problems, nepali_problems  # noqa: E402
from engine import PRESETS  # noqa: E402
from engine.actions import Action, Discard, GoOut, NextHand, See  # noqa: E402
from engine.ai import Bot, make_bot  # noqa: E402
from engine.ai.alternatives import Judge, decision_kind  # noqa: E402
from engine.ai.alternatives import _options as ways  # noqa: E402
from engine.ai.coach import _said as said_move  # noqa: E402
from engine.ai.coach import named_codes, told_for  # noqa: E402
from engine.ai.hint import reason  # noqa: E402
from engine.ai.reasons import Told  # noqa: E402
from engine.cards import Card  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.view import PlayerView  # noqa: E402
from engine.words import Said  # noqa: E402

#: Discards of one position whose hint is checked (the rest of the hand: other positions).
DISCARDS = 3


@dataclass
class Tally:
    """What one run checked and found."""

    positions: int = 0
    sentences: int = 0
    claims: int = 0
    false: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        """Another run's counts added to these."""
        self.positions += other.positions
        self.sentences += other.sentences
        self.claims += other.claims
        self.false += other.false


def positions(preset: str, seed: int, count: int) -> Iterator[tuple[Game, PlayerView]]:
    """``count`` positions of ``preset`` from seeded random walks: hands of 2 to 5 players,
    played to random points. Half the walks play random legal moves (seeing and going out when
    a coin says so); the other half let easy bots play, whose hands come near to seeing and
    going out, where the words have most to say."""
    rng = random.Random(f"truth/{preset}/{seed}")
    made = 0
    while made < count:
        players = rng.randint(2, 5)
        g = Game.new(PRESETS[preset], players, rng.randrange(1 << 30), hands=1)
        bots = [make_bot("easy", rng.randrange(1 << 16)) for _ in range(players)]
        by_bots = rng.random() < 0.5
        stop = rng.randint(0, 160)
        for step in range(400):
            if g.hand_over:
                break
            if step >= stop or rng.random() < 0.12:
                yield g, g.view(g.current_player)
                made += 1
                if made >= count:
                    return
                if step >= stop:
                    break
            g.apply(_move(g, rng, bots if by_bots else None))


def _move(g: Game, rng: random.Random, bots: list[Bot] | None) -> Action:
    """The next move of a walk: a bot's, or a random legal one (finishing on a coin)."""
    if bots is not None:
        action = bots[g.current_player].choose(g.view(g.current_player))
        if action is not None:
            return action
    legal = g.legal_actions()
    finishing = [a for a in legal if isinstance(a, GoOut | See | NextHand)]
    return rng.choice(finishing) if finishing and rng.random() < 0.6 else rng.choice(legal)


def asked(view: PlayerView, rng: random.Random) -> list[Action]:
    """The moves whose hint is checked: every legal move but discards, and a few discards."""
    legal = list(view.legal)
    throws = [a for a in legal if isinstance(a, Discard)]
    rest = [a for a in legal if not isinstance(a, Discard)]
    return rest + rng.sample(throws, min(DISCARDS, len(throws)))


def check_told(
    game: Game,
    view: PlayerView,
    told: Told,
    nepali: Callable[[str], list[str]] | None,
) -> tuple[int, list[str]]:
    """(claims, problems) of one sentence: its facts, its words, its Nepali."""
    problems: list[str] = []
    for fact in told.facts:
        problems += fact_problems(game, view, fact)
    claims, wrong = claim_problems(told.said, told.facts)
    problems += wrong
    if nepali is not None:
        problems += nepali(told.said)
    return claims, problems


def check_hints(
    game: Game, view: PlayerView, rng: random.Random, nepali: Callable[[str], list[str]] | None
) -> Tally:
    """The hint's sentences for the moves of one position."""
    tally = Tally(positions=1)
    for action in asked(view, rng):
        told = reason(view, action)
        claims, problems = check_told(game, view, told, nepali)
        tally.sentences += 1
        tally.claims += claims
        tally.false += [
            f"hint {action} (seat {view.seat}, turn {view.turn}): {p}" for p in problems
        ]
    return tally


def check_coach(
    game: Game, view: PlayerView, rng: random.Random, nepali: Callable[[str], list[str]] | None
) -> Tally:
    """The coach's sentence for two ways to play the decision of one position (the one its
    judgement puts behind as the player's), and its words for the two moves."""
    tally = Tally()
    kind = decision_kind(view)
    if kind is None:
        return tally
    options = ways(view, kind)
    if len(options) < 2:
        return tally
    a, b = rng.sample(options, 2)
    judge = Judge(view)
    played, best = (a, b) if judge.judge(a, kind)[0] >= judge.judge(b, kind)[0] else (b, a)
    found = told_for(view, played, best)
    if found is None:
        return tally
    told, _cost = found
    claims, problems = check_told(game, view, told, nepali)
    top = view.top_discard
    for action, you in ((played, True), (best, False)):
        words = said_move(action, kind, top, you)
        named = named_codes(words)
        cards = {c.code for c in moved_cards(action, top)}
        if not named <= cards:
            problems.append(f"the move {action} said as {words!r}")
        if nepali is not None:
            problems += nepali(words)
    tally.sentences += 3
    tally.claims += claims + 2
    tally.false += [f"coach {played} / {best} (seat {view.seat}): {p}" for p in problems]
    return tally


def moved_cards(action: Action, top: Card | None) -> list[Card]:
    """The cards a move names: the card thrown, the melds shown, the discard taken."""
    if isinstance(action, Discard):
        return [action.card]
    if isinstance(action, See):
        return [c for m in action.melds for c in m]
    if isinstance(action, GoOut):
        return [*(c for m in action.melds for c in m), action.discard]
    return [top] if top is not None else []


def nepali_check() -> Callable[[str], list[str]]:
    """The Nepali check, with the game's Nepali catalog in use."""
    from marriage_gui import language

    language.use("ne")
    catalog = language._State.catalog  # noqa: SLF001 - the catalog in use, read only

    def known(s: Said) -> bool:
        if s.plural is not None:
            words = catalog.ngettext(s.template, s.plural, 2)
            return words != s.plural or not any(ch.isalpha() for ch in s.plural.replace("{", ""))
        words = catalog.gettext(s.template)
        plain = "".join(ch for ch in s.template if ch.isalpha())
        return words != s.template or not plain or s.template.startswith("{") and len(plain) < 12

    def check(said: str) -> list[str]:
        was = language.current()
        language.use("ne")
        try:
            return nepali_problems(said, language.word, known)
        finally:
            language.use(was)

    return check


def run(preset: str, count: int, seed: int = 0, nepali: bool = True) -> Tally:
    """Check the hint at ``count`` positions of ``preset``."""
    rng = random.Random(f"asked/{preset}/{seed}")
    check = nepali_check() if nepali else None
    tally = Tally()
    for game, view in positions(preset, seed, count):
        tally.add(check_hints(game, view, rng, check))
        tally.add(check_coach(game, view, rng, check))
    return tally


def main(argv: list[str]) -> int:
    """Check every preset and print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--presets", default=",".join(PRESETS))
    args = parser.parse_args(argv)
    bad = 0
    for preset in args.presets.split(","):
        cpu = time.process_time()
        t = run(preset, args.positions, args.seed)
        print(
            f"{preset}: {t.positions} positions, {t.sentences} sentences, {t.claims} claims, "
            f"{len(t.false)} false (English and Nepali); {time.process_time() - cpu:.0f} CPU s",
            flush=True,
        )
        for line in t.false[:20]:
            print("  FALSE", line)
        bad += len(t.false)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
