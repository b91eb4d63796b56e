"""The engine's sentences: English words that remember their template, and travel as codes."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from engine import offers, turns
from engine.actions import Discard, DrawStock, See
from engine.cards import parse_cards
from engine.events import Event
from engine.game import Game, IllegalAction
from engine.ledger import describe_payments, ledger
from engine.replay import describe
from engine.rules import NEPALI, rule_options
from engine.words import (
    CODE_LIMIT,
    CODE_MARK,
    Cards,
    Said,
    clauses,
    commas,
    from_code,
    say,
    say_n,
    to_code,
    words,
)


def test_a_sentence_is_its_english_words():
    cards = Cards.of(parse_cards("7C 7C"))
    s = say("you do not hold {cards}", cards=cards)
    # A sentence is no str: a screen cannot show it without wording it.
    assert isinstance(s, Said) and not isinstance(s, str)
    assert s.english == "you do not hold 7C 7C"
    assert s != "you do not hold 7C 7C"
    assert s.template == "you do not hold {cards}"
    assert s.fields == {"cards": cards}
    assert say("the stock is empty").english == "the stock is empty"


def test_a_count_chooses_its_form():
    one = say_n("show exactly {n} pure meld to see", "show exactly {n} pure melds to see", 1)
    three = say_n("show exactly {n} pure meld to see", "show exactly {n} pure melds to see", 3)
    assert one.english == "show exactly 1 pure meld to see"
    assert three.english == "show exactly 3 pure melds to see"
    assert three.number == 3 and three.fields["n"] == 3
    assert three.plural == "show exactly {n} pure melds to see"
    assert say("no count").number is None


def test_pickles_and_copies_stay_sentences():
    inner = say_n("{count} pure meld", "{count} pure melds", 2, count=say("two"))
    s = say("you do not hold {need} to show", need=inner)
    for back in (pickle.loads(pickle.dumps(s)), copy.copy(s), copy.deepcopy(s)):
        assert isinstance(back, Said)
        assert back == s and back.english == "you do not hold two pure melds to show"
        assert back.template == s.template
        assert isinstance(back.fields["need"], Said)
        assert back.fields["need"].plural == "{count} pure melds"


def test_code_round_trip_keeps_template_fields_and_nesting():
    inner = say_n("{count} pure meld", "{count} pure melds", 2, count=say("two"))
    s = say("you do not hold {need} to show", need=inner)
    code = s.code
    assert code.startswith(CODE_MARK)
    assert "you do not hold two" not in code  # the words are made where they are read
    back = from_code(code)
    assert isinstance(back, Said)
    assert back == s
    assert back.template == s.template
    need = back.fields["need"]
    assert isinstance(need, Said)
    assert need.plural == "{count} pure melds" and need.number == 2
    assert isinstance(need.fields["count"], Said) and need.fields["count"].template == "two"
    assert to_code(back) == code


def test_plain_words_pass_as_they_are():
    plain = from_code("the stock is empty")
    assert plain.verbatim and plain.english == "the stock is empty"
    assert to_code(plain) == "the stock is empty"
    assert to_code(words("plain words")) == "plain words"
    assert from_code("").english == "" and not from_code("")


@pytest.mark.parametrize(
    "damaged",
    [
        CODE_MARK,
        CODE_MARK + "[",
        CODE_MARK + "{}",
        CODE_MARK + "[1, {}]",
        CODE_MARK + '["a {x}", {}]',  # a field the sentence lacks
        CODE_MARK + '["a", {"x": 1.5}]',
        CODE_MARK + '["a", {"x": true}]',
        CODE_MARK + '["a", {"x": null}]',
        CODE_MARK + '["a", {}, "b", "one"]',
        CODE_MARK + '["a", {}, "b", true]',
        CODE_MARK + '["a", {}, 3]',
        CODE_MARK + '["{x:>99999999}", {"x": "y"}]',
        CODE_MARK + '["{x!r}", {"x": "y"}]',
        CODE_MARK + '["{0}", {}]',
        CODE_MARK + '["{}", {}]',
        CODE_MARK + "[" * 5000,
        CODE_MARK + json.dumps(["a {x}", {"x": "y" * CODE_LIMIT}]),
    ],
)
def test_a_damaged_code_is_text_not_a_traceback(damaged):
    back = from_code(damaged)
    assert isinstance(back, Said) and back.verbatim
    assert len(back.english) < 10_000


def test_templates_that_reach_into_fields_are_refused():
    for template in ("{x.__class__}", "{x[0]}", "{x.__init__.__globals__}"):
        code = CODE_MARK + json.dumps([template, {"x": "secret"}])
        back = from_code(code)
        assert back.verbatim
        assert "class" not in back.english and "secret" not in back.english
        nested = CODE_MARK + json.dumps(["{a}", {"a": [template, {"x": "y"}]}])
        assert from_code(nested).verbatim


def test_nesting_too_deep_is_refused():
    data: list = ["end", {}]
    for _ in range(40):
        data = ["{x}", {"x": data}]
    assert from_code(CODE_MARK + json.dumps(data)).verbatim


def test_lists_are_sentences_a_translator_can_word():
    parts = [say("a{n}", n=i) for i in range(7)]
    joined = clauses(parts)
    assert joined.english == "; ".join(p.english for p in parts)
    assert isinstance(joined, Said) and joined.template == "{first}; {then}"
    listed = commas(["5H", "6H", "7H"])
    assert isinstance(listed, Said) and listed.english == "5H, 6H, 7H"
    assert not clauses([]) and clauses([say("one")]) == say("one")
    assert from_code(joined.code) == joined


def test_refusals_are_sentences():
    g = Game.new(NEPALI, ["Asha", "Bina"], seed=3, hands=1)
    p = g.current_player
    with pytest.raises(IllegalAction) as caught:
        g.apply(Discard(parse_cards("2C")[0]))
    reason = caught.value.reason
    assert isinstance(reason, Said)
    assert reason.english == "draw a card first (from the stock or the discard pile)"
    g.apply(DrawStock())
    missing = next(c for c in parse_cards("AS KS QS JS TS 9S 8S") if c.code not in g.hands[p])
    refusal = turns.check(g, See(((missing,) * 3,)))
    assert isinstance(refusal, Said)
    assert refusal.template in (
        "you do not hold all of those cards",
        "show exactly {n} pure meld to see",
    )


def test_why_not_and_requirement_are_sentences():
    g = Game.new(NEPALI, ["Asha", "Bina", "Dev"], seed=5, hands=1)
    view = g.view(g.current_player)
    why = view.why_not
    assert isinstance(why.see, Said) and why.see.template == offers.DRAW_FIRST.template
    need = view.seeing_requirement()
    assert isinstance(need, Said)
    assert need.english == "three pure melds or seven dublees"
    assert need.template == "{melds} or {count} dublee"
    # The view's plain data carries codes, and reads back as sentences.
    data = view.to_dict()
    assert data["why_not"]["see"].startswith(CODE_MARK)
    back = type(view).from_dict(json.loads(json.dumps(data)))
    assert isinstance(back.why_not.see, Said) and back.why_not.see == why.see


def test_event_words_travel_as_codes_and_hide_cards():
    g = Game.new(NEPALI, ["Asha", "Bina"], seed=8, hands=1)
    (drew,) = g.apply(DrawStock())
    assert isinstance(drew.text, Said)
    assert drew.text.template == "{name} drew from the stock — {card}"
    hidden = drew.for_seat(1 - drew.player)
    assert isinstance(hidden.text, Said)
    assert hidden.text.english == drew.text.english.split(" — ")[0]
    assert "card" not in hidden.text.fields
    data = drew.to_dict()
    assert data["text"].startswith(CODE_MARK)
    back = Event.from_dict(json.loads(json.dumps(data)))
    assert isinstance(back.text, Said) and back.text == drew.text
    # An old save's words (plain text) read back as the words they are.
    old = dict(data, text="Asha drew from the stock — 5H")
    assert Event.from_dict(old).text.english == "Asha drew from the stock — 5H"
    assert Event.from_dict(old).public_text.english == "Asha drew from the stock"
    assert Event.from_dict(old).to_dict()["text"] == "Asha drew from the stock — 5H"


def test_results_payments_and_replays_are_sentences():
    g = Game.new(NEPALI, ["Asha", "You"], seed=11, hands=1)
    from engine.ai import make_bot

    bots = [make_bot("easy", seed=s) for s in range(2)]
    while g.phase not in ("hand_over", "match_over"):
        g.apply(bots[g.current_player].choose(g.view(g.current_player)))
    result = g.results[-1]
    assert isinstance(result.describe(g.names), Said)
    line = describe_payments(ledger(result, g.rules), g.names)
    assert isinstance(line, Said)
    english = line.english
    assert "You pays" not in english and "You is" not in english and "You scores" not in english
    assert isinstance(describe(g.events[:2]), Said)
    for item in (i for b in result.breakdowns for i in b.items):
        assert isinstance(item.label, Said)


def test_rule_options_are_worded_sentences():
    for option in rule_options():
        said = [option.label, option.help]
        said += [label for _value, label in option.choices] + [w for _n, w in option.words]
        assert all(isinstance(s, Said) and not s.fields for s in said), option.name
