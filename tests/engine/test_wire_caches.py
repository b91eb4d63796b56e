"""The wire's memos give exactly the plain computation's answer.

A sentence's code is made once, an event's words are made when first read and its plain data
once, a seat's history keeps the plain data of the events already written, the rules' and the
legal actions' plain forms are made once, and each declared class writes its dict through one
function made from its fields. Each is compared here with the computation it stands for.
"""

import copy
import dataclasses
import functools
import json
import pickle
import random

import pytest

from engine import PRESETS, offers, turns, wire
from engine.events import Event
from engine.game import Game
from engine.result import HandResult
from engine.view import PlayerView
from engine.words import CODE_MARK, Later, Said, _plain, from_code, say, say_n, words


def _games(preset: str, players: int, seed: int, hands: int = 2):
    """A random match, yielding the game after each action."""
    rng = random.Random(seed)
    g = Game.new(PRESETS[preset], players, seed, hands=hands)
    while not g.is_over:
        yield g
        g.apply(rng.choice(turns.legal_actions(g)))
    yield g


def _plain_dict(value) -> dict:
    """A declared value's dict, field by field through each field's ``out`` (the long way)."""
    return {name: out(getattr(value, name)) for name, out in _wired_fields(type(value))}


@functools.cache
def _wired_fields(kind: type) -> tuple[tuple[str, object], ...]:
    """Each field of a declared class that travels, with its ``out``, in field order."""
    return tuple(
        (f.name, f.metadata["wire"].out)
        for f in dataclasses.fields(kind)
        if f.metadata.get("wire") is not None
    )


def _plain_code(s: Said) -> str:
    return CODE_MARK + json.dumps(_plain(s), ensure_ascii=False, separators=(",", ":"))


def test_a_sentences_code_is_the_json_of_its_parts_made_once():
    inner = say_n("{count} pure meld", "{count} pure melds", 2, count=say("two"))
    odd = say("{name} dealt", name='Ā\u2028\x00"\\ नेपाली')
    for s in (say("the stock is empty"), say("you do not hold {need}", need=inner), odd):
        assert s.code == _plain_code(s)
        assert s.code is s.code  # kept
        assert from_code(s.code) == s


def test_a_pickled_or_copied_sentence_keeps_its_words_without_wording_them_again():
    s = say("you do not hold {need} to show", need=say_n("{n} meld", "{n} melds", 3))
    for back in (pickle.loads(pickle.dumps(s)), copy.copy(s), copy.deepcopy(s)):
        assert type(back) is Said and back == s and back.code == s.code
        assert (back.template, back.plural, back.number) == (s.template, s.plural, s.number)
    # The words travel: a template that would word differently shows the words it had.
    forged = Said("{x}", {"x": "a"})
    assert forged.english == "a"
    forged.fields["x"] = "b"
    assert pickle.loads(pickle.dumps(forged)).english == "a"


def test_words_made_later_are_the_words_made_at_once():
    def drew(name: str, card: str) -> Said:
        return say("{name} drew {card}", name=name, card=card)

    later = Event("draw_stock", 1, (7,), (), 1, Later(drew, "Asha", "7C"))
    now = Event("draw_stock", 1, (7,), (), 1, drew("Asha", "7C"))
    assert later == now and hash(later) == hash(now) and repr(later) == repr(now)
    assert isinstance(later.text, Said) and later.text.template == now.text.template
    assert later.to_dict() == now.to_dict() == _plain_dict(now)
    assert later.for_seat(2) == now.for_seat(2)
    assert pickle.loads(pickle.dumps(Event("x", 1, text=Later(words, "w")))).text.english == "w"


@pytest.mark.parametrize(("preset", "players", "seed"), [("nepali", 4, 1), ("indian", 3, 2)])
def test_every_event_and_view_writes_what_its_fields_write_one_by_one(preset, players, seed):
    for g in _games(preset, players, seed, hands=1):
        if len(g.log) % 3 and not g.hand_over:
            continue  # every third position (and the end) is enough, and quicker
        for e in g.events[-3:]:
            assert e.to_dict() == _plain_dict(e)
            assert e.to_dict() is not e.to_dict()  # each caller gets its own dict
        for seat in range(players):
            view = g.view(seat)
            data = view.worked_out().to_dict()
            plain = _plain_dict(g.view(seat))
            plain["history"] = [_plain_dict(e) for e in view.history]
            assert data == plain
            assert data["rules"] == g.rules.to_dict()
            assert data["legal"] == [str(a) for a in view.legal]
            assert g.view(seat, history=False).worked_out().to_dict() == plain | {"history": []}
            # Unread, what a screen that cannot run the engine asks travels as its default.
            unasked = {"best_see": None, "best_go_out": None, "groups": [], "maal": None}
            assert g.view(seat).to_dict() == plain | unasked | {"wild_roles": []}
        if g.results:
            r = g.results[-1]
            assert r.to_dict() == _plain_dict(r)
            assert HandResult.from_dict(json.loads(json.dumps(r.to_dict()))) == r


def test_a_history_written_late_is_the_history_when_the_view_was_made():
    held = []
    for g in _games("nepali", 3, 5, hands=2):
        seat = len(g.log) % 3
        if len(g.log) % 4:
            g.view(seat).to_dict()  # the seat's log grows with views nobody keeps
            continue
        view = g.view(seat)
        if len(g.log) % 5 == 0:
            view.to_dict()  # some are written at once, feeding the seat's log
        held.append((view, [e.for_seat(seat).to_dict() for e in g.events]))
    assert any(len(expected) > 100 for _view, expected in held)
    for view, expected in reversed(held):  # the newest first: no write fixes an older one
        assert view.to_dict()["history"] == expected
        assert PlayerView.from_dict(view.to_dict()).history == view.history


def test_a_hidden_event_does_not_carry_the_card_it_hides():
    g = Game.new(PRESETS["nepali"], 4, 3, hands=1)
    g.apply("draw stock")
    drawn = g.events[-1]
    hidden = drawn.for_seat(1)
    assert hidden.card_ids == () and hidden.text.english == "Player 1 drew from the stock"
    assert str(turns.card_of(drawn.card_ids[0])) not in pickle.dumps(hidden).decode("latin-1")


def test_the_form_reads_a_descriptor_by_its_attribute():
    @dataclasses.dataclass(frozen=True)
    class Told:
        plain: int = dataclasses.field(metadata=wire.travels(int, wire.same))
        seq: tuple[int, ...] = dataclasses.field(metadata=wire.travels(list[int], list))
        made: str = dataclasses.field(default="", metadata=wire.travels(str, str.upper))

    class Shout:
        def __get__(self, obj, owner=None):
            return "" if obj is None else obj.__dict__["made"] + "!"

        def __set__(self, obj, value):
            obj.__dict__["made"] = value

    Told.made = Shout()  # type: ignore[assignment]
    form = wire.form(Told)
    assert form.to_dict(Told(1, (2, 3), "hi")) == {"plain": 1, "seq": [2, 3], "made": "HI!"}


def test_answers_read_late_are_the_answers_of_the_position_they_were_made_for():
    """Why-nots are worked out when first read, from the view: read after more play, or after
    a pickle, they are the answers a view read at once gave (and every seat not to act has
    none)."""
    held = []
    for g in _games("nepali", 4, 9, hands=2):
        p = g.current_player
        late, unread = g.view(p), g.view(p)
        held.append((late, pickle.dumps(unread), g.view(p).why_not))
        assert g.view((p + 1) % 4).why_not == offers.NOTHING
    assert any(why != offers.NOTHING for _, _, why in held)
    for late, pickled, why in held:
        assert late.why_not == why
        assert pickle.loads(pickled).why_not == why


def test_what_views_share_in_their_plain_data_stays_as_it_was_written():
    """The rules, the melds on the table and the why-nots are shared between views' plain
    data: writing later views (the table changing meanwhile) leaves earlier data as it was."""
    import copy

    kept = []
    for g in _games("nepali", 4, 9, hands=2):
        if len(g.log) % 5:
            continue
        for seat in range(4):
            data = g.view(seat, history=False).to_dict()
            kept.append((data, copy.deepcopy(data)))
    assert any(any(seat) for data, _ in kept for seat in data["shown"])
    for data, then in kept:
        assert data == then


def test_card_texts_made_once_are_the_texts():
    from engine.cards import CARDS, RANKS, SUITS, format_cards

    for card in CARDS:
        c = card.code
        assert str(card) == ("JK" if c == 52 else RANKS[c % 13] + SUITS[c // 13])
    assert format_cards(CARDS[:3]) == "2S 3S 4S"
    assert format_cards(iter(CARDS[51:])) == "AC JK"
    assert format_cards(["AS", CARDS[0]]) == "AS 2S"  # anything else as its own text
