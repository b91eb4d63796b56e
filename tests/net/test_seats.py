"""Seats, tokens and the table's save file: round trips, and damage explained, never a crash."""

import json

import pytest

from engine import PRESETS
from marriage_net.seats import TableSave, make_seats, new_code, new_token, parse_seats
from marriage_net.tokens import TokenStore


def test_codes_and_tokens():
    codes = {new_code() for _ in range(200)}
    assert all(len(c) == 6 and c.isdigit() for c in codes) and len(codes) > 150
    token = new_token()
    assert len(token) == 32 and int(token, 16) >= 0  # 128 bits


def test_seat_text():
    assert parse_seats("open, here:Asha ,medium") == [
        ("open", ""),
        ("here", "Asha"),
        ("medium", ""),
    ]
    for bad, words in [
        ("open", "2 to 5"),
        ("open,wizard", "a seat is one of"),
        ("open,here:" + "x" * 40, "at most"),
    ]:
        with pytest.raises(ValueError, match=words):
            parse_seats(bad)
    seats = make_seats([("open", ""), ("easy", ""), ("here", "")])
    assert [s.name for s in seats] == ["", "Ram", "Player 3"]


def test_the_table_save_round_trips_and_explains_damage(tmp_path):
    seats = make_seats([("open", ""), ("here", "Asha")])
    save = TableSave(
        "123456", "Dashain", seats, 47470, "owner", PRESETS["house"].to_dict(), 2, None, 90
    )
    path = tmp_path / "t.json"
    save.write(path)
    back = TableSave.read(path)
    assert back.to_dict() == save.to_dict()
    data = save.to_dict()
    for change, words in [
        ({"format": "x"}, "not a saved Marriage table"),
        ({"version": 9}, "another version"),
        ({"code": "12ab56"}, "code is damaged"),
        ({"seats": [{"kind": "open"}]}, "seat is damaged"),
        ({"seats": "x"}, "damaged"),
        ({"hands": -1}, "rules are damaged"),  # 0 is "one hand per player"
        ({"hands": "4"}, "rules are damaged"),
        ({"match": [1]}, "match is damaged"),
        ({"clock": 45}, "turn clock is damaged"),
        ({"clock": True}, "turn clock is damaged"),
    ]:
        path.write_text(json.dumps({**data, **change}))
        with pytest.raises(ValueError, match=words):
            TableSave.read(path)
    older = {k: v for k, v in data.items() if k != "clock"}  # saved before the turn clock
    path.write_text(json.dumps(older))
    assert TableSave.read(path).clock == 60
    del data["port"]
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="missing 'port'"):
        TableSave.read(path)
    path.write_text("{broken")
    with pytest.raises(ValueError, match="could not be read"):
        TableSave.read(path)
    with pytest.raises(ValueError, match="no saved table"):
        TableSave.read(tmp_path / "none.json")


def test_tokens_survive_a_restart_and_a_damaged_file(tmp_path):
    path = tmp_path / "tokens.json"
    store = TokenStore(path)
    store.remember("127.0.0.1:1/123456", 2, "ab" * 16)
    assert TokenStore(path).tokens("127.0.0.1:1/123456") == {2: "ab" * 16}
    path.write_text("[not, json")
    assert TokenStore(path).tokens("127.0.0.1:1/123456") == {}
    TokenStore(path).remember("k", 0, "t")  # starts over rather than failing
    assert TokenStore(path).tokens("k") == {0: "t"}


def test_the_store_remembers_the_table_to_sit_back_down_at(tmp_path, monkeypatch):
    import time

    path = tmp_path / "tokens.json"
    store = TokenStore(path)
    assert store.last_table() is None and store.profile() == {}
    store.keep_profile(name="Bina", code="482913")
    store.remember("127.0.0.1:47470/482913", 1, "ab" * 16)
    assert store.last_table() is None  # a seat, but not yet where or what the table is
    store.note_table("127.0.0.1:47470/482913", "127.0.0.1", 47470, "482913", "Asha's table")
    memo = TokenStore(path).last_table()
    assert (memo.address, memo.port, memo.code, memo.table) == (
        "127.0.0.1",
        47470,
        "482913",
        "Asha's table",
    )
    assert TokenStore(path).tokens(memo.key) == {1: "ab" * 16}  # the tokens are untouched
    later = time.time() + 2 * 24 * 3600
    monkeypatch.setattr(time, "time", lambda: later)
    assert store.last_table() is None  # too long ago
    monkeypatch.undo()
    store.finished(memo.key)  # the match is over: nothing to go back to
    assert store.last_table() is None and store.tokens(memo.key) == {1: "ab" * 16}
    for i in range(30):  # many tables later, what was typed is still there
        store.remember(f"127.0.0.1:{i}/000000", 0, "t")
    assert TokenStore(path).profile() == {"name": "Bina", "code": "482913"}
    store.forget("127.0.0.1:29/000000")
    assert store.tokens("127.0.0.1:29/000000") == {}
