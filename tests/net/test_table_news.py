"""``TableNews``, the one place a laptop takes the host's messages in, fed the messages exactly as
a host writes them (no sockets): each seat's history is kept, so every view is the host's own,
history and all, over a whole match; a gap asks once for a snapshot; what cannot be read
changes nothing and ends the hearing."""

from __future__ import annotations

from engine import PRESETS, Game
from engine.ai import make_bot
from marriage_net import protocol as p
from marriage_net.line import PLAYING, Heard, Status
from marriage_net.table_news import CannotRead, TableNews


def _heard(text: str) -> Heard:
    return Heard(p.decode_host(text), 0.0, 0.0)


def _snapshot(g: Game, seat: int) -> Heard:
    return _heard(p.encode_raw("snapshot", seat=seat, v=len(g.log), view=g.view(seat).to_dict()))


def _update(g: Game, seat: int, events, v: int | None = None) -> Heard:
    """An update as the host sends it: the seat's events, its view without the history."""
    return _heard(
        p.encode_raw(
            "update",
            seat=seat,
            v=len(g.log) if v is None else v,
            events=[e.for_seat(seat).to_dict() for e in events],
            view=g.view(seat, history=False).to_dict(),
        )
    )


def _news(seats=(0, 1, 2)) -> TableNews:
    news = TableNews({s: f"P{s}" for s in seats})
    news.take(Status(PLAYING, "Playing."))
    return news


def test_every_view_is_the_hosts_own_over_a_whole_match():
    g = Game.new(PRESETS["house"], ["A", "B", "C"], 11, 3)
    bots = [make_bot("easy", s) for s in range(3)]
    news = _news()
    for s in range(3):
        assert news.take(_snapshot(g, s)) is None
    hands, over = set(), None
    while not g.is_over:
        s = g.current_player
        action = "next hand" if g.phase == "hand_over" else bots[s].choose(g.view(s))
        events = g.apply(action)
        for seat in range(3):
            over = news.take(_update(g, seat, events))
            assert news.versions[seat] == len(g.log)
            assert news.views[seat] == g.view(seat), (seat, len(g.log))
            assert news.views[seat].history == g.view(seat).history
            hands.add(g.hand_no)
    assert hands == {0, 1, 2}
    assert over is None
    # The last views are the match's final standings, kept as such.
    assert news.final == news.views and news.final[0].phase == "match_over"
    # Every update was kept as news, each view without the history, as the port's updates are.
    updates = news.pending[0]
    assert [u.version for u in updates] == list(range(len(g.log) + 1))
    assert all(u.view.history == () for u in updates[1:])


def test_a_gap_asks_once_for_the_seats_snapshot():
    g = Game.new(PRESETS["house"], ["A", "B"], 5, 1)
    news = _news((0, 1))
    news.take(_snapshot(g, 0))
    g.apply("draw stock")
    skipped = _update(g, 0, [], v=len(g.log) + 1)
    assert news.take(skipped) == p.Resync(0)
    assert news.take(skipped) is None  # asked already
    assert news.versions[0] == 0 and news.views[0] == Game.new(g.rules, g.names, 5, 1).view(0)
    assert news.take(_snapshot(g, 0)) is None
    assert news.views[0] == g.view(0)
    assert news.take(_update(g, 0, [], v=len(g.log) + 2)) == p.Resync(0)  # a new gap asks again


def test_a_stale_refusal_looks_again_and_a_lost_seat_is_let_go():
    g = Game.new(PRESETS["house"], ["A", "B"], 5, 1)
    news = _news((0, 1))
    news.take(_snapshot(g, 0))
    stale = p.encode(p.Refused(0, p.Refusal.STALE, "whatever words", 0))
    assert news.take(_heard(stale)) == p.Resync()
    assert [u.refused for u in news.pending[0]] == [None, p.refusal_words("stale", "")]
    moved = p.encode(p.Refused(0, p.Refusal.SEAT_MOVED, "whatever words", 0))
    assert news.take(_heard(moved)) is None
    assert 0 in news.lost and 0 not in news.views
    other = p.encode(p.Refused(0, p.Refusal.SEAT_MOVED, "not ours", 4))
    news.take(_heard(other))
    assert 4 not in news.lost  # only words: not a seat of ours


def test_what_cannot_be_read_changes_nothing_and_ends_the_hearing():
    g = Game.new(PRESETS["house"], ["A", "B"], 5, 1)
    news = _news((0, 1))
    news.take(_snapshot(g, 0))
    events = g.apply("draw stock")
    damaged = [{**e.for_seat(0).to_dict(), "groups": [len(e.card_ids) + 1]} for e in events]
    view = g.view(0, history=False).to_dict()
    bad = _heard(p.encode_raw("update", seat=0, v=1, events=damaged, view=view))
    answer = news.take(bad)
    assert isinstance(answer, CannotRead) and "damaged event" in answer.why
    assert news.versions[0] == 0 and len(news.pending[0]) == 1
    assert news.take(_update(g, 0, events)) is None  # nothing after it is taken in
    assert news.versions[0] == 0
    news.take(Status("gone", "gone"))
    assert news.status.state == "gone"  # the connection's own word still comes through


def test_a_new_match_at_the_table_lets_the_finished_one_go():
    g = Game.new(PRESETS["house"], ["A", "B"], 5, 1)
    news = _news((0, 1))
    news.take(_snapshot(g, 0))
    lobby = p.Lobby("T", [], started=False, rules="house", hands=1, rule_set={})
    news.take(Heard(lobby, 0.0, 0.0))
    assert news.views == {} and news.names == () and news.lobby == lobby
    news.take(Heard(lobby, 0.0, 0.0))  # the lobby again: nothing more to let go
    assert news.lobby == lobby


def test_a_finished_matchs_standings_stay_until_the_next_match_is_dealt():
    """The last view of a finished match (as a host sends it to a person back at its
    standings) stays the seat's standings when the table calls a new match, which lets the
    match itself go; the next match's first view lets the standings go too."""
    g = Game.new(PRESETS["house"], ["A", "B"], 5, 1)
    bots = [make_bot("easy", s) for s in range(2)]
    while not g.is_over:
        s = g.current_player
        g.apply("next hand" if g.phase == "hand_over" else bots[s].choose(g.view(s)))
    news = _news((0, 1))
    assert news.take(_snapshot(g, 1)) is None
    lobby = p.Lobby("T", [], started=False, rules="house", hands=1, rule_set={})
    news.take(Heard(lobby, 0.0, 0.0))
    assert news.views == {} and news.final == {1: g.view(1)}
    fresh = Game.new(PRESETS["house"], ["A", "B"], 6, 1)
    news.take(_snapshot(fresh, 1))
    assert news.final == {} and news.views[1] == fresh.view(1)
