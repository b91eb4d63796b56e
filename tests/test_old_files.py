"""Files an earlier version of the game wrote (``tests/old_files``) read the same today, and a
damaged copy of any of them gives a clear reason (a ValueError, or the save's own refusal),
never a traceback.

Each file is read by the code a player's game reads it with, and what comes back is written
out again: the same data means nothing was lost or changed on the way. The replay is also
checked by a second route, against the hand played again from the saved match.
"""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.ai.coach import Review
from engine.match import LocalMatch, Update
from engine.record import MatchRecord
from engine.replay import HandReplay, replay_hand
from marriage_gui import coach_tally
from marriage_gui.storage import SAVE_FILE, SaveError, Storage
from marriage_net.matches import load_match
from marriage_net.seats import TableSave

OLD = Path(__file__).resolve().parent / "old_files"


def old(name: str) -> Any:
    return json.loads((OLD / name).read_text(encoding="utf-8"))


#: The fields in which a release before protocol 7 wrote cards as text in a sentence's code.
_OLD_CARD_FIELDS = ("card", "cards", "meld", "melds", "first", "then")
_CARD_TEXTS = {r + s for r in "23456789TJQKA" for s in "SHDC"} | {"JK"}


def _cards_now(value: Any) -> Any:
    """A sentence's fields, its cards written as this release writes them."""
    if isinstance(value, list):  # a sentence nested in a field
        return [value[0], _fields_now(value[1]), *value[2:]]
    return value


def _fields_now(fields: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for key, value in fields.items():
        tokens = value.split(" ") if isinstance(value, str) else []
        if (
            key in _OLD_CARD_FIELDS
            and any(t in _CARD_TEXTS for t in tokens)
            and all(t in _CARD_TEXTS or t in ("|", "…") for t in tokens)
        ):
            out[key] = {"cards": tokens}
        else:
            out[key] = _cards_now(value)
    return out


def upgraded(data: Any) -> Any:
    """``data`` an older release wrote, with each sentence's cards written as a field of their
    own ({"cards": [...]}) as this release writes them, and nothing else changed: what reading
    it and writing it again must give (worked out here without the engine's reader)."""
    if isinstance(data, dict):
        return {k: upgraded(v) for k, v in data.items()}
    if isinstance(data, list):
        return [upgraded(v) for v in data]
    if isinstance(data, str) and data.startswith("§"):
        sentence = json.loads(data[1:])
        now = [sentence[0], _fields_now(sentence[1]), *sentence[2:]]
        return "§" + json.dumps(now, ensure_ascii=False, separators=(",", ":"))
    return data


def saved_game() -> dict[str, Any]:
    """The match inside the save file, as ``LocalMatch.save_dict`` wrote it."""
    data: dict[str, Any] = json.loads(old("savegame.json")["game"])
    return data


def saved_record() -> dict[str, Any]:
    """The match's record in the save file (without how each person arranged their hand)."""
    return {k: v for k, v in saved_game().items() if k != "arrangements"}


# ---------------------------------------------------------------------------- as they are
def test_the_save_restores_the_same_match(tmp_path: Path) -> None:
    shutil.copy(OLD / "savegame.json", tmp_path / SAVE_FILE)
    storage = Storage(tmp_path)
    loaded = storage.load_game()
    assert loaded is not None
    setup, match = loaded
    assert match.save_dict() == saved_game()  # arrangement and all
    assert [s.name for s in setup.seats] == ["सीता", "Ram", "Hari"]
    assert storage.match_id(match) == old("savegame.json")["match_id"]
    record = match.record()
    assert record is not None and record.seed == saved_game()["seed"]
    assert record == MatchRecord.from_dict(saved_record())
    assert record.to_dict() == saved_record()


def test_the_hosted_tables_save_resumes_the_same_match(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    shutil.copy(OLD / "table.json", path)
    save = TableSave.read(path)
    assert save.to_dict() == old("table.json")
    assert save.match is not None
    match = load_match(save.match, ["human", "human", "easy", "hard"])
    assert match.save_dict() == old("table.json")["match"]


def test_the_reviews_read_the_same() -> None:
    for name, seat in (("review.json", 0), ("review-hari.json", 2)):
        data = old(name)
        review = Review.from_dict(data["review"])
        assert review.seat == data["seat"] == seat
        assert review.hand_no == data["hand_no"] == 0
        assert review.marks and review.to_dict() == upgraded(data["review"])
        assert data["review"] != upgraded(data["review"])  # it names cards: they were text


def test_the_replay_reads_the_same_and_is_the_saved_hand_played_again() -> None:
    data = old("replay.json")
    replay = HandReplay.from_dict(data)
    assert replay.to_dict() == upgraded(data)
    again = replay_hand(MatchRecord.from_dict(saved_record()), 0).to_dict()
    # Played again, the same hand, frame by frame. Only the order inside each meld on the
    # table may differ (and so the order the cards of a See or a finish move in, and the
    # winner's cards counted back into the last frame's hand): a run now lies in run order
    # (A 2 3, Q K A), where older versions kept the order the cards were shown in.
    kept = replay.to_dict()
    for frames in (again["frames"], kept["frames"]):
        for frame in frames:
            frame["moved"] = sorted(frame["moved"])
            frame["shown"] = [[[k, sorted(ids)] for k, ids in seat] for seat in frame["shown"]]
        last = frames[-1]
        last["melds"] = [sorted(sorted(m) for m in seat) for seat in last["melds"]]
        last["hands"] = [sorted(h) for h in last["hands"]]
    assert again == kept


def test_the_updates_read_the_same() -> None:
    updates = [Update.from_dict(u) for u in old("updates.json")]
    assert [u.to_dict() for u in updates] == upgraded(old("updates.json"))
    assert [u.refused is not None for u in updates] == [True, False, False, False, False]


def test_the_statistics_read_the_same(tmp_path: Path) -> None:
    shutil.copy(OLD / "stats.sqlite3", tmp_path / "stats.sqlite3")
    storage = Storage(tmp_path)
    stats = storage.stats()
    assert not stats.problem
    assert (stats.hands_played, stats.games) == (2, 1)
    tally = coach_tally.read(storage)
    assert not tally.problem
    assert {(line.name, line.choices, line.matched) for line in tally.lines} == {
        ("सीता", 25, 17),
        ("Hari", 23, 18),
    }
    storage.flush()


# ---------------------------------------------------------------------------- damaged
#: What a damaged field may hold instead: each of a wrong kind for most fields.
_WRONG: tuple[Any, ...] = (None, True, -1, 10**30, "", "x" * 5000, [], [[]], {}, {"x": 1})


def _paths(data: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in ``data``: each key of a dict and each item of a list, however deep."""
    if isinstance(data, dict):
        for k, v in data.items():
            yield (*at, k)
            yield from _paths(v, (*at, k))
    elif isinstance(data, list):
        for i, v in enumerate(data[:3]):  # the first items stand for the rest
            yield (*at, i)
            yield from _paths(v, (*at, i))


def _damaged(data: Any) -> Iterator[Any]:
    """Copies of ``data`` with one field replaced by a wrong value, or left out."""
    for n, path in enumerate(_paths(data)):
        spoilt = copy.deepcopy(data)
        place = spoilt
        for step in path[:-1]:
            place = place[step]
        if n % 7 == 0:
            del place[path[-1]]
        else:
            place[path[-1]] = _WRONG[n % len(_WRONG)]
        yield spoilt
    yield None
    yield []
    yield "not a file of ours"


def _reads_or_says_why(read: Callable[[Any], Any], data: Any) -> int:
    """Read every damaged copy of ``data``; the number refused (each with a reason)."""
    refused = 0
    for spoilt in _damaged(data):
        try:
            read(spoilt)
        except ValueError as exc:
            assert str(exc) and "Traceback" not in str(exc)
            refused += 1
    return refused


@pytest.mark.parametrize(
    ("name", "read", "part"),
    [
        ("review.json", Review.from_dict, "review"),
        ("replay.json", HandReplay.from_dict, None),
        ("updates.json", Update.from_dict, 1),
        ("table.json", TableSave.from_dict, None),
    ],
)
def test_a_damaged_file_is_refused_with_a_reason(
    name: str, read: Callable[[Any], Any], part: Any
) -> None:
    data = old(name)
    if part is not None:
        data = data[part]
    assert _reads_or_says_why(read, data) > 10


def test_a_damaged_match_is_refused_with_a_reason() -> None:
    def load(data: Any) -> None:
        LocalMatch.from_save(data, ["human", "hard", "medium"])

    game = saved_game()
    game["log"] = game["log"][:40]  # a shorter log: the damage is found the sooner
    assert _reads_or_says_why(load, game) > 10


def test_a_damaged_save_is_refused_with_a_reason_and_kept_aside(tmp_path: Path) -> None:
    whole = old("savegame.json")
    game = saved_game()
    spoilt = [
        (OLD / "savegame.json").read_text(encoding="utf-8")[:300],
        json.dumps({**whole, "game": whole["game"][:-40]}),
        json.dumps({**whole, "game": json.dumps({**game, "log": [*game["log"][:5], 7]})}),
        json.dumps({**whole, "game": json.dumps({**game, "seed": [1]})}),
        json.dumps({**whole, "game": json.dumps({k: v for k, v in game.items() if k != "hands"})}),
    ]
    for n, text in enumerate(spoilt):
        folder = tmp_path / str(n)
        folder.mkdir()
        (folder / SAVE_FILE).write_text(text, encoding="utf-8")
        with pytest.raises(SaveError, match="could not be restored") as refused:
            Storage(folder).load_game()
        assert "Traceback" not in str(refused.value)
        assert not (folder / SAVE_FILE).exists()  # kept aside, under another name
        assert len(list(folder.glob("savegame*"))) == 1
