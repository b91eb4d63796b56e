"""Storage: atomic saves, damaged files, settings and statistics."""

from __future__ import annotations

import json
import random
import sqlite3

import pytest

from engine.match import LocalMatch
from marriage_gui.settings import Settings, load_settings, save_settings
from marriage_gui.setup import MatchSetup, SeatSetup
from marriage_gui.storage import SaveError, Storage


def _finished_hand(setup: MatchSetup, seed: int = 3) -> LocalMatch:
    match = LocalMatch.new(setup.rules, [s.name for s in setup.seats], seed=seed, hands=setup.hands)
    rng = random.Random(seed)
    while not (view := match.view(match.view(0).current_player)).hand_over:
        match.submit(view.seat, rng.choice(view.legal))
    return match


def test_save_round_trip_is_atomic(tmp_path):
    storage = Storage(tmp_path)
    setup = MatchSetup((SeatSetup("सीता", "human"), SeatSetup("Ram", "hard")), hands=2, seed=9)
    game = LocalMatch.new(setup.rules, [s.name for s in setup.seats], seed=9, hands=2)
    game.submit(0, game.view(0).legal[0])
    assert not storage.has_game()
    storage.save_game(setup, game)
    assert storage.has_game()
    # No temporary files are left behind.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["savegame.json"]
    loaded_setup, loaded = storage.load_game()
    assert loaded_setup == setup
    assert loaded.save_dict() == game.save_dict()
    assert loaded.drivers == ("human", "hard")
    storage.clear_game()
    assert storage.load_game() is None


def test_damaged_save_raises_a_clear_message(tmp_path):
    storage = Storage(tmp_path)
    (tmp_path / "savegame.json").write_text('{"version": 1, "setup": {"seats"', encoding="utf-8")
    with pytest.raises(SaveError) as err:
        storage.load_game()
    assert "damaged" in err.value.message.english
    (tmp_path / "savegame.json").write_text(json.dumps({"version": 1, "setup": {}, "game": "x"}))
    with pytest.raises(SaveError) as err:
        storage.load_game()
    assert err.value.message.english.startswith("The saved game could not be restored")


def test_damaged_settings_give_defaults_and_a_message(tmp_path):
    storage = Storage(tmp_path)
    messages: list[str] = []
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    assert load_settings(storage, messages.append) == Settings()
    assert messages and "defaults" in messages[0].english
    (tmp_path / "settings.json").write_text('{"animation_speed": "warp"}', encoding="utf-8")
    assert load_settings(storage, messages.append) == Settings()
    assert len(messages) == 2


def test_settings_round_trip(tmp_path):
    storage = Storage(tmp_path)
    s = Settings(animation_speed="instant", bot_delay=0.0, four_colour=True, card_scale=1.2)
    save_settings(storage, s)
    assert load_settings(storage) == s
    assert s.anim_scale == 0
    assert Settings(animation_speed="slow").anim_scale == 1.6


def test_stats_recorded_and_read_back(tmp_path):
    storage = Storage(tmp_path)
    assert storage.stats().empty
    setup = MatchSetup(
        (SeatSetup("You", "human"), SeatSetup("Sita", "easy"), SeatSetup("Ram", "hard")), hands=1
    )
    game = _finished_hand(setup)
    view = game.view(0)
    result = view.result
    storage.record_hand(setup, game, view)
    storage.record_hand(setup, game, view)  # recording twice does not count twice
    storage.record_match(setup, game, view)
    assert storage.flush()
    with sqlite3.connect(tmp_path / "stats.sqlite3") as con:
        assert con.execute("SELECT COUNT(*) FROM hand_seats").fetchone()[0] == 3
    stats = storage.stats()
    assert stats.games == 1
    assert stats.hands_played == 1
    assert stats.hands_won == int(result.winner == 0)
    assert stats.net_total == result.nets[0]
    assert stats.best_hand == result.points[0]
    assert {(o.name, o.kind) for o in stats.opponents} == {("Sita", "easy"), ("Ram", "hard")}
    sita = next(o for o in stats.opponents if o.name == "Sita")
    assert sita.hands == 1 and sita.matches == 1
    assert sita.their_net == result.nets[1]


def test_hands_of_a_resumed_match_share_its_id(tmp_path):
    storage = Storage(tmp_path)
    setup = MatchSetup(hands=2)
    game = _finished_hand(setup)
    storage.save_game(setup, game)
    _, again = Storage(tmp_path).load_game() and storage.load_game()
    assert storage.match_id(again) == storage.match_id(game)
