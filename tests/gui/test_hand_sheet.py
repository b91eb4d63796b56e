"""The hand sheet shows each net in its parts and who pays whom; the rules say the same."""

from __future__ import annotations

from engine.ledger import Share
from engine.rules import PRESETS
from marriage_gui.app import App
from marriage_gui.art import fonts
from marriage_gui.scenes.rules import RulesScene
from marriage_gui.table.demo import build_scene
from marriage_gui.ui.shares import split_line


def test_the_sheet_holds_the_ledger_of_the_hand(tmp_path):
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.go_title()
    scene = build_scene(app, "hand_result", 7)
    app.push(scene)
    app.step([], 1 / 30)
    book = scene.book
    assert book is not None and book.nets == scene.result.nets
    assert book.payments  # someone went out, so someone pays


def test_split_line_names_every_part_and_the_net():
    held, money = split_line(Share(maal=37, fee=9, bonus=10, counted=13), "settlement", 13, True)
    assert held == "seen  ·  maal 13"
    assert money == "maal difference +37  fees +9  dublee bonus +10  =  +56"
    held, money = split_line(Share(maal=-17, fee=-10, counted=0), "settlement", 6, False)
    assert held == "not seen  ·  maal 6 (lost: never saw)"
    assert money == "maal difference -17  fee -10  =  -27"
    assert split_line(Share(maal=4, bonus=20, counted=4), "contract", 4, True)[1] == (
        "maal +4  going out +20  =  +24"
    )
    # The deadwood charged is the whole of the net: said once, in points, never as money.
    assert split_line(Share(deadwood=40), "deadwood", 0, True)[1] == "deadwood 40 pts"
    assert split_line(Share(), "deadwood", 0, True)[1] == "no deadwood  ·  0 pts"


def test_rules_text_no_longer_says_everyone_pays_the_winner_the_maal(tmp_path):
    app = App((1280, 800), headless=True, data_dir=tmp_path)
    text = RulesScene(app, PRESETS["nepali"])._maal_text()
    assert "everyone pays the winner by the difference" not in text
    assert "winner or not" in text and "pays the winner 3 if they had seen or 10" in text


def test_every_maal_line_is_placed_inside_its_room_none_dropped():
    import pygame

    from marriage_gui.ui.score_rows import item_places

    pygame.init()
    lines = [f"poplu: K♦ K♦  = {i}" for i in range(7)]
    room = pygame.Rect(800, 100, 430, 60)  # room for about two lines a column
    placed = item_places(lines, room, 16)
    assert [text for text, _at, _size in placed] == lines  # all of them, in order
    columns = {at[0] for _t, at, _s in placed}
    assert len(columns) > 1
    for text, (x, y), size in placed:
        w, h = fonts.size_of(text, size)
        assert room.x <= x and x + w <= room.right and room.y <= y and y + h <= room.bottom + 1
    assert item_places([], room, 16) == []


def test_the_sheet_shows_all_of_a_long_maal_count(tmp_path, monkeypatch):
    from dataclasses import replace

    from engine.cards import parse_card as card
    from engine.scoring import MaalItem

    from .test_replay import drawn_text

    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.go_title()
    scene = build_scene(app, "hand_result", 7)
    app.push(scene)
    r = scene.result
    items = tuple(MaalItem(f"item {i}", (card("KD"),), i + 1) for i in range(5))
    breakdowns = list(r.breakdowns)
    breakdowns[0] = replace(breakdowns[0], items=items)
    scene.result = replace(r, breakdowns=tuple(breakdowns))
    drawn = drawn_text(app, monkeypatch)
    for i in range(5):
        assert any(t.startswith(f"item {i}:") for t in drawn), drawn


def test_a_long_row_of_dublees_does_not_crowd_the_money_column(tmp_path, monkeypatch):
    # Deal 11 ends in eight dublees: the rows of pairs are the longest a sheet gets.
    app = App((1920, 1080), headless=True, data_dir=tmp_path)
    app.go_title()
    scene = build_scene(app, "hand_result", 11)
    app.push(scene)
    assert scene.result.describe(scene.names).english.endswith("eight dublees.")
    sizes: dict[str, int] = {}
    real = fonts.render

    def spy(text, size, *args, **kwargs):
        sizes[text] = size
        return real(text, size, *args, **kwargs)

    monkeypatch.setattr(fonts, "render", spy)
    app.draw()
    losers = [
        split_line(scene.book.shares[s], "settlement", scene.result.points[s], True)[1]
        for s in range(4)
        if s != scene.result.winner
    ]
    # Every loser's money line has the same room, so about the same size, however long its row.
    shown = [sizes[line] for line in losers]
    assert max(shown) - min(shown) <= 2, {line: sizes[line] for line in losers}


def test_under_deadwood_scoring_no_maal_is_counted_on_the_sheet_or_the_table(tmp_path, monkeypatch):
    from marriage_gui.setup import MatchSetup
    from marriage_gui.table.demo import SEATS, _play, _staged
    from marriage_gui.table.maal import seat_maal
    from marriage_gui.table.scene import TableScene

    from .test_replay import drawn_text

    assert split_line(Share(deadwood=40), "deadwood", 7, True)[0] == "seen"
    assert "maal 7" in split_line(Share(maal=4), "contract", 7, True)[0]

    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.go_title()
    setup = MatchSetup(SEATS[:4], rules=PRESETS["indian"], hands=1, seed=5)
    match = _staged(setup, 5)
    seen_views = []

    def stop(view):  # the view of the seat to play
        if view.seen[view.seat] and view.wilds is not None:
            seen_views.append(view)
        return view.hand_over

    _play(match, 5, stop, 40000)
    table = TableScene(app, setup, match)
    table.frozen = True
    app.push(table)
    sheet = app.make("hand_result", table=table)
    app.push(sheet)
    # The maal the engine counts for its own books is not what this table plays for.
    assert any(b.items for b in sheet.result.breakdowns)
    drawn = drawn_text(app, monkeypatch)
    assert any(t.startswith("deadwood ") or t.startswith("no deadwood") for t in drawn)
    assert not [t for t in drawn if "maal" in t], drawn
    # Totals are deadwood charged (the lowest wins), not money with a sign.
    assert any("match total " in t and t.endswith(" pts") for t in drawn), drawn
    # The live panel shows nothing either, even for a seat that has seen.
    assert seen_views
    assert all(seat_maal(v) is None for v in seen_views)


def test_match_totals_read_as_money_or_as_deadwood():
    from marriage_gui.ui.words import match_total

    assert match_total(12, PRESETS["nepali"].lowest_wins) == "+12"
    assert match_total(-5, PRESETS["contract"].lowest_wins) == "-5"
    assert match_total(0, PRESETS["nepali"].lowest_wins) == "0"
    assert match_total(50, PRESETS["indian"].lowest_wins) == "50 pts"
    # what the two deadwood properties say, for every preset
    for rules in PRESETS.values():
        assert rules.lowest_wins == (rules.scoring == "deadwood") != rules.scores_maal


def test_the_podium_says_the_lowest_deadwood_wins(tmp_path, monkeypatch):
    from marriage_gui.setup import MatchSetup
    from marriage_gui.table.demo import SEATS, _play, _staged

    from .test_replay import drawn_text

    app = App((1280, 800), headless=True, data_dir=tmp_path)
    app.go_title()
    setup = MatchSetup(SEATS[:4], rules=PRESETS["indian"], hands=2, seed=5)
    match = _staged(setup, 5)
    _play(match, 5, lambda v: v.hand_over and v.is_over, 40000)
    game = match.view(0)
    assert game.is_over
    app.push(app.make("match_over", setup=setup, game=game))
    drawn = drawn_text(app, monkeypatch)
    assert "2 hands played  ·  the lowest deadwood wins" in drawn, drawn
    for seat in range(4):
        assert f"{game.totals[seat]} pts" in drawn
