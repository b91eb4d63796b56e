"""The coach at the score sheet: Review worked out in the worker, offered only for the hands
played at this screen, opening the replay at the marks; the tally on the statistics screen."""

from __future__ import annotations

import pygame
import pytest

from engine.ai.coach import Mark, Review, review_seat
from marriage_gui import coach_tally
from marriage_gui.coaching import LOOKING, NO_REVIEW_NOBODY, NO_REVIEW_REMOTE
from marriage_gui.scenes.replay import ReplayScene
from marriage_gui.scenes.review_choice import ReviewChoiceScene
from marriage_gui.setup import SeatSetup
from marriage_gui.ui import line_plot

from .test_replay import DT, SOLO, click, finished, key
from .test_table import close_tables, headless_app


@pytest.fixture
def app(tmp_path):
    a = headless_app(tmp_path)
    a.go_title()
    yield a
    close_tables(a)


def sheet(app, seats, seed: int = 5, wrap=None):
    """The score sheet of a finished hand over its table (recorded like a real one)."""
    from marriage_gui.table.scene import TableScene

    setup, match = finished(seats, seed)
    table = TableScene(app, setup, wrap(match) if wrap else match)
    app.push(table)
    result = app.open("hand_result", table=table)
    app.step([], DT)
    return result, match


class SpyWorker:
    """A worker that keeps the jobs it is given and runs them only when told."""

    def __init__(self) -> None:
        from concurrent.futures import Future

        self.jobs: list[tuple[Future, object, tuple]] = []
        self._future = Future

    def submit(self, fn, *args):
        f = self._future()
        self.jobs.append((f, fn, args))
        return f

    def run(self) -> None:
        for f, fn, args in self.jobs:
            if not f.done():
                f.set_result(fn(*args))


def test_the_review_is_worked_out_in_the_worker_and_wakes_the_button(app, monkeypatch):
    spy = SpyWorker()
    from marriage_gui.table.hinting import HintAsk

    monkeypatch.setattr(HintAsk, "worker", property(lambda self: spy))
    result, match = sheet(app, SOLO)
    b = result.review.button
    assert [fn for _f, fn, _a in spy.jobs] == [review_seat]
    assert spy.jobs[0][2][1:] == (0, 0)  # hand 1, seat 0: the person at this screen
    assert not b.enabled and b.tooltip == LOOKING
    assert result.wake_after() is not None  # it keeps looking for the answer
    key(app, pygame.K_v, "v")
    assert app.scene is result
    spy.run()
    app.step([], DT)
    assert b.enabled and b.tooltip is None
    assert result.wake_after() is None


def test_v_opens_the_replay_at_the_costliest_mark_and_the_arrows_step_the_marks(app):
    result, match = sheet(app, SOLO, seed=2)
    review = result.review.reviews[0]
    assert review.choices > 0 and len(review.marks) >= 2
    key(app, pygame.K_v, "v")
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.review == review
    assert replay.at == review.marks[0].move and replay.mark == review.marks[0]
    head, done, why = replay.coach_lines()
    assert "the hard bot would" in done and "mark 1 of" in head and why
    assert "TS" not in done  # cards as a player reads them
    key(app, pygame.K_DOWN)
    expected = review.marks[1 % len(review.marks)]
    assert replay.mark == expected
    key(app, pygame.K_UP)
    assert replay.mark == review.marks[0]
    key(app, pygame.K_RIGHT)
    assert replay.mark is None or replay.mark.move == replay.at
    key(app, pygame.K_ESCAPE)
    assert app.scene is result


def test_the_replay_draws_a_mark_and_its_buttons_step_the_marks(app):
    result, match = sheet(app, SOLO)
    replay_data = match.hand_replay(0)
    marks = (
        Mark(
            3, "discard", "you threw 8D", "the hard bot would throw KC", "KC goes with nothing", 2.0
        ),
        Mark(5, "draw", "you drew from the stock", "the hard bot would take 9S", "9S joins", 1.0),
    )
    review = Review(0, 0, 6, 4, marks)
    scene = app.open("replay", replay=replay_data, names=result.names, review=review)
    app.step([], DT)
    assert scene.at == 3
    head, done, why = scene.coach_lines()
    assert done == "You threw 8♦  ·  the hard bot would throw K♣" and why == "K♣ goes with nothing"
    # the mark's panel is drawn: the screen differs from the same move without a review
    marked = pygame.image.tobytes(app.screen, "RGB")
    app.pop()
    plain = app.open("replay", replay=replay_data, names=result.names)
    plain.go(3)
    app.step([], DT)
    assert pygame.image.tobytes(app.screen, "RGB") != marked
    app.pop()
    scene = app.open("replay", replay=replay_data, names=result.names, review=review)
    app.step([], DT)
    nxt = next(b for b in scene.buttons if b.text == "Mark  ›")
    click(app, nxt.rect.center)
    assert scene.at == 5
    click(app, nxt.rect.center)
    assert scene.at == 3
    scene.go(4)
    head, done, why = scene.coach_lines()
    assert done == "4 of 6 choices as the hard bot would play them" and "2 marks" in why


def test_a_match_from_another_laptop_offers_no_review_and_says_why(app):
    class Elsewhere:
        """The port of a match whose deal is not known here."""

        def __init__(self, match) -> None:
            self._m = match
            self.names, self.players = match.names, match.players
            self.can_replay = False
            self.worker = None

        @property
        def version(self) -> int:
            return self._m.version

        def view(self, seat):
            return self._m.view(seat)

        def replay(self, hand_no):
            return None

        def record(self):
            return None

        def __getattr__(self, name):
            if name in ("save_dict", "hand_replay"):
                raise AttributeError(name)
            return getattr(self._m, name)

    result, _ = sheet(app, SOLO, wrap=Elsewhere)
    b = result.review.button
    assert not b.enabled and b.tooltip == NO_REVIEW_REMOTE
    key(app, pygame.K_v, "v")
    assert app.scene is result


def test_a_table_of_bots_only_has_no_hand_to_review(app):
    bots = (SeatSetup("Hari", "easy"), SeatSetup("Sita", "easy"), SeatSetup("Ram", "easy"))
    result, _ = sheet(app, bots)
    assert not result.review.button.enabled
    assert result.review.button.tooltip == NO_REVIEW_NOBODY


def test_hot_seat_each_person_picks_their_own_review(app):
    seats = (SeatSetup("Asha", "human"), SeatSetup("Bina", "human"), SeatSetup("Ram", "easy"))
    result, _ = sheet(app, seats)
    assert set(result.review.reviews) == {0, 1}  # never the bot's seat
    key(app, pygame.K_v, "v")
    chooser = app.scene
    assert isinstance(chooser, ReviewChoiceScene)
    assert [b.text for b in chooser.buttons] == ["Asha", "Bina"]
    click(app, chooser.buttons[1].rect.center)
    replay = app.scene
    assert isinstance(replay, ReplayScene) and replay.review.seat == 1
    assert "Bina" in replay.coach_lines()[0]
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_v, "v")
    key(app, pygame.K_ESCAPE)
    assert app.scene is result


def test_each_review_adds_to_the_tally_by_name(app):
    seats = (SeatSetup("Asha", "human"), SeatSetup("Bina", "human"), SeatSetup("Ram", "easy"))
    result, _ = sheet(app, seats)
    assert app.storage.flush()
    tally = coach_tally.read(app.storage)
    names = {t.name: t for t in tally.lines}
    assert set(names) == {"Asha", "Bina"}
    for seat, name in ((0, "Asha"), (1, "Bina")):
        review = result.review.reviews[seat]
        assert names[name].choices == review.choices
        assert names[name].matched == review.matched
        assert names[name].shares == (review.matched / review.choices,)


def test_a_tally_table_of_another_shape_is_started_afresh(app):
    import sqlite3

    path = app.storage.statsdb.path
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as con:
        con.execute(f"CREATE TABLE {coach_tally.TABLE} (what TEXT)")
    assert coach_tally.read(app.storage).lines == ()
    coach_tally.record(app.storage, "m1", "Asha", Review(0, 0, 4, 3, ()))
    coach_tally.record(app.storage, "m1", "Asha", Review(0, 1, 4, 1, ()))
    coach_tally.record(app.storage, "m2", "Asha", Review(0, 0, 2, 2, ()))
    assert app.storage.flush()
    (line,) = coach_tally.read(app.storage).lines
    assert line.shares == (0.5, 1.0) and (line.matched, line.choices) == (6, 10)


def test_the_statistics_screen_draws_the_tally_plot(app):
    coach_tally.record(app.storage, "m1", "Asha", Review(0, 0, 4, 3, ()))
    coach_tally.record(app.storage, "m2", "Asha", Review(0, 0, 4, 4, ()))
    assert app.storage.flush()
    stats = app.open("stats")
    app.step([], DT)
    assert [t.name for t in stats.tally.lines] == ["Asha"]
    if stats.stats.empty:
        return  # no hands recorded: the empty screen, no tally box
    assert stats.tally_box.h > 0


def test_plot_points_put_the_newest_at_the_right_and_shares_bottom_to_top():
    area = pygame.Rect(10, 20, 110, 100)
    spots = line_plot.points((0.0, 0.5, 1.0), area, 12)
    assert spots[-1][0] == area.right and spots[0][1] == area.bottom
    assert spots[1][1] == area.y + 50 and spots[2][1] == area.y
    assert [x for x, _ in spots] == sorted(x for x, _ in spots)


def test_a_review_that_fails_in_the_worker_leaves_the_sheet_working(app, monkeypatch):
    spy = SpyWorker()
    from marriage_gui.table.hinting import HintAsk

    monkeypatch.setattr(HintAsk, "worker", property(lambda self: spy))
    result, _ = sheet(app, SOLO)
    spy.jobs[0][0].set_exception(RuntimeError("worker died"))
    app.step([], DT)
    b = result.review.button
    assert not b.enabled and b.tooltip == "The coach could not review this hand."
    assert result.review.failures == {0: "worker died"}
    assert result.wake_after() is None
    key(app, pygame.K_v, "v")
    assert app.scene is result


def test_f1_over_a_review_lists_the_mark_keys(app, monkeypatch):
    import marriage_gui.scenes.replay as replay_module

    shown = []
    monkeypatch.setattr(replay_module, "draw_controls", lambda surface, sheet: shown.append(sheet))
    result, match = sheet(app, SOLO)
    marks = (Mark(3, "discard", "you threw 8D", "the hard bot would throw KC", "why", 2.0),)
    app.open(
        "replay", replay=match.hand_replay(0), names=result.names, review=Review(0, 0, 1, 0, marks)
    )
    key(app, pygame.K_F1)
    assert shown and shown[-1] is replay_module.REVIEW_SHEET
    keys = [k for k, _what in shown[-1][1][1]]
    assert "Up  /  Down" in keys


def test_a_review_with_no_costly_mark_still_shows_where_the_choice_differed(app):
    """ "13 of 14": the one choice that differed is shown, and why it cost little, in words."""
    from engine.cards import parse_card
    from engine.words import Cards, say, words

    eight, king = Cards.of([parse_card("8D")]), Cards.of([parse_card("KC")])
    result, match = sheet(app, SOLO)
    why = say(
        "{went}: throwing it left {n} live out (unseen cards that help), against {other} "
        "throwing {card} ({theirs})",
        went=say("{card} went with {cards}", card=eight, cards=say("nothing")),
        n=30,
        other=31,
        card=king,
        theirs=say("{card} goes with {cards}", card=king, cards=say("nothing")),
    )
    small = Mark(
        4, "discard", words("you threw 8D"), words("the hard bot would throw KC"), why, 0.2
    )
    review = Review(0, 0, 14, 13, (), (small,))
    assert Review.from_dict(review.to_dict()) == review
    scene = app.open("replay", replay=match.hand_replay(0), names=result.names, review=review)
    app.step([], DT)
    assert scene.at == 4  # the replay opens at the choice that differed
    head, done, said = scene.coach_lines()
    assert "a choice that differed, at little cost" in head
    assert done == "You threw 8♦  ·  the hard bot would throw K♣"
    assert said.startswith("8♦ went with nothing: throwing it left 30 live out")
    scene.go(0)
    head, done, rest = scene.coach_lines()
    assert done == "13 of 14 choices as the hard bot would play them"
    assert rest == "1 choice differed at little cost: Up and Down show it"


def test_an_older_review_without_differences_still_reads() -> None:
    old = Review(0, 0, 3, 3, ()).to_dict()
    del old["differences"]
    assert Review.from_dict(old) == Review(0, 0, 3, 3, ())
