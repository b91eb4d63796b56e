"""Views, events and hand results are declared once: their dicts, readers and wire types all
come from the class's own fields."""

import dataclasses
import json
import random
from dataclasses import dataclass, field

import msgspec
import pytest

from engine import PRESETS, wire
from engine.events import Event
from engine.game import Game
from engine.result import HandResult
from engine.view import PlayerView


def _played(preset="nepali", players=4, seed=3, steps=120):
    rng = random.Random(seed)
    g = Game.new(PRESETS[preset], players, seed, hands=3)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def _travelling(cls):
    return [f.name for f in dataclasses.fields(cls) if not f.name.startswith("_")]


@pytest.mark.parametrize("cls", [PlayerView, Event, HandResult])
def test_every_field_travels_in_the_dict_and_on_the_wire(cls):
    names = _travelling(cls)
    assert list(cls.wire_type().__struct_fields__) == names
    g = _played(steps=3000)
    value = {PlayerView: g.view(1), Event: g.events[-1], HandResult: g.results[0]}[cls]
    assert set(value.to_dict()) == set(names)


@pytest.mark.parametrize("seat", range(4))
def test_a_view_decoded_from_the_wire_is_the_view_sent(seat):
    g = _played()
    view = g.view(seat)
    text = json.dumps(view.to_dict())
    decoded = msgspec.json.decode(text, type=PlayerView.wire_type())
    back = PlayerView.from_wire(decoded)
    assert back == view
    assert back.history == view.history
    assert back.best_see == view.best_see and back.why_not == view.why_not
    assert PlayerView.from_dict(json.loads(text)) == view


def test_a_finished_hand_travels_with_its_result_and_every_hand():
    g = _played("house", 3, 7, 3000)
    for r in g.results:
        data = json.loads(json.dumps(r.to_dict()))
        assert HandResult.from_dict(data) == r
        decoded = msgspec.json.decode(json.dumps(data), type=HandResult.wire_type())
        assert HandResult.from_wire(decoded) == r


def test_deadwood_counts_travel():
    assert PRESETS["indian"].scoring == "deadwood"
    g = _played("indian", 3, 5, 3000)
    results = [r for r in g.results if r.deadwood]
    assert results
    for r in results:
        assert HandResult.from_dict(json.loads(json.dumps(r.to_dict()))) == r


def test_what_ties_a_views_fields_together_is_checked_on_the_wire_too():
    data = _played().view(0).to_dict()
    damaged = json.dumps(data | {"seen": data["seen"][:2]})
    decoded = msgspec.json.decode(damaged, type=PlayerView.wire_type())  # each field is fine
    with pytest.raises(ValueError, match="who has seen"):
        PlayerView.from_wire(decoded)
    with pytest.raises(ValueError, match="who has seen"):
        PlayerView.from_dict(json.loads(damaged))


def test_a_view_with_another_story_keeps_everything_else_and_its_own_wild_memo():
    g = _played()
    view = g.view(2)
    told = view.with_history(view.history[:3])
    assert told.history == view.history[:3]
    assert dataclasses.replace(told, history=view.history) == view
    assert told.wilds == view.wilds
    assert told._wilds is not view._wilds


def test_a_field_that_does_not_say_how_it_travels_is_refused():
    @dataclass(frozen=True)
    class Loose:
        said: int = field(metadata=wire.travels(int, wire.same))
        unsaid: int = 0

    with pytest.raises(TypeError, match="unsaid"):
        wire.form(Loose)


def test_a_field_added_later_reads_as_its_default_when_left_out():
    @dataclass(frozen=True)
    class Grown:
        old: int = field(metadata=wire.travels(int, wire.same))
        new: tuple[int, ...] = field(
            default=(1, 2), metadata=wire.travels(wire.many(int), list, optional=True)
        )

    form = wire.form(Grown)
    assert form.make(msgspec.convert({"old": 3}, form.struct)) == Grown(3, (1, 2))
    assert form.to_dict(Grown(3)) == {"old": 3, "new": [1, 2]}
    with pytest.raises(ValueError, match="old"):
        form.read({"new": [1]}, "a grown thing")


def test_a_field_may_travel_under_a_name_of_its_own():
    @dataclass(frozen=True)
    class Renamed:
        names: tuple[str, ...] = field(metadata=wire.travels(wire.many(str), key="players"))
        hands_total: int = field(
            default=1, metadata=wire.travels(int, wire.same, optional=True, key="hands")
        )

    form = wire.form(Renamed)
    value = Renamed(("Sita", "Ram"), 3)
    assert form.to_dict(value) == {"players": ["Sita", "Ram"], "hands": 3}
    assert form.make(msgspec.convert(form.to_dict(value), form.struct)) == value
    assert form.make(form.struct(names=("Sita",))) == Renamed(("Sita",), 1)
    assert form.cls(**form.read({"players": []}, "a renamed thing")) == Renamed((), 1)
    with pytest.raises(ValueError, match="names"):
        form.read({"names": ["Sita"]}, "a renamed thing")  # the field's own name is not its key
    assert msgspec.json.decode(b'{"players": ["Gita"], "hands": 2}', type=form.struct).names == (
        "Gita",
    )
