"""The host's screen chooses the rules and the length of the match before the deal."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from net.tablekit import HostThread, messages_until, raw_client, say_hello

from engine import PRESETS
from engine.rules import RuleSet
from marriage_net import protocol as p
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import TableSave, make_seats


@pytest.fixture
def table(tmp_path):
    def make():
        seats = make_seats([("open", ""), ("easy", ""), ("medium", "")])
        return TableHost(
            seats, PRESETS["nepali"], 0, save_path=tmp_path / "table.json", settings=HostSettings()
        )

    t = HostThread(make)
    yield t
    t.stop()


def _host_screen(ws, table):
    """Say hello as the host's own screen (it holds no seat here): the lobby comes back."""
    lobby = say_hello(ws, table.code, "Host", owner=table.host.owner)
    assert isinstance(lobby, p.Lobby)
    return lobby


def _lobby_after(ws, msg):
    ws.send(p.encode(msg))
    return messages_until(ws, lambda m: isinstance(m, p.Lobby | p.Refused))[-1]


def test_the_host_screen_sets_the_rules_and_everyone_hears(table, tmp_path):
    with raw_client(table.port) as owner, raw_client(table.port) as asha:
        _host_screen(owner, table)
        assert isinstance(say_hello(asha, table.code, "Asha"), p.Welcome)
        first = messages_until(asha, lambda m: isinstance(m, p.Lobby) and m.seats[0].connected)
        assert (first[-1].rules, first[-1].hands) == ("nepali", 3)  # one hand per player
        messages_until(owner, lambda m: isinstance(m, p.Lobby) and m.seats[0].connected)
        lobby = _lobby_after(owner, p.SetRules(rules=PRESETS["indian"].to_dict()))
        assert (lobby.rules, lobby.hands) == ("indian", 3)
        heard = messages_until(asha, lambda m: isinstance(m, p.Lobby) and m.rules == "indian")
        assert heard[-1].hands == 3
        assert heard[-1].rule_set == PRESETS["indian"].to_dict()  # to read before sitting down
        # Until a length is chosen the match lasts one hand per player, however many sit down.
        lobby = _lobby_after(owner, p.SetSeat(3, "easy"))
        assert lobby.hands == 4 and len(lobby.seats) == 4
        lobby = _lobby_after(owner, p.SetRules(hands=7))
        assert (lobby.rules, lobby.hands) == ("indian", 7)
        lobby = _lobby_after(owner, p.SetSeat(3, "none"))
        assert lobby.hands == 7  # chosen: it stays
        # The choice is in the table's save: a reopened table plays by it.
        save = TableSave.read(tmp_path / "table.json")
        assert save.rules == PRESETS["indian"].to_dict() and save.hands == 7
        # A length of 0 goes back to one hand per player.
        assert _lobby_after(owner, p.SetRules(hands=0)).hands == 3
        # The deal uses them.
        _lobby_after(owner, p.SetRules(rules=PRESETS["house"].to_dict(), hands=2))
        owner.send(p.encode(p.Start()))
        snap = messages_until(asha, lambda m: isinstance(m, p.Snapshot))[-1]
        assert snap.view.rules == PRESETS["house"].to_dict()
        assert snap.view.hands_total == 2


def test_rules_that_cannot_be_played_are_refused_with_a_reason(table):
    before = table.call(lambda: p.encode(table.host._lobby()))
    with raw_client(table.port) as owner, raw_client(table.port) as eve:
        _host_screen(owner, table)
        assert isinstance(say_hello(eve, table.code, "Eve"), p.Welcome)
        messages_until(owner, lambda m: isinstance(m, p.Lobby) and m.seats[0].connected)
        messages_until(eve, lambda m: isinstance(m, p.Lobby))
        broken = {**PRESETS["nepali"].to_dict(), "hand_size": 99}
        for ws, msg, words in [
            (eve, p.SetRules(rules=PRESETS["house"].to_dict()), "only the host's screen"),
            (owner, p.SetRules(rules=broken), "those rules cannot be played: Hand size must be"),
            (owner, p.SetRules(rules={"no such rule": 1}), "those rules cannot be played"),
            (owner, p.SetRules(rules={"name": ["x"]}), "those rules cannot be played"),
            (owner, p.SetRules(hands=-1), "a match lasts 1 to"),
            (owner, p.SetRules(hands=10_000), "a match lasts 1 to"),
        ]:
            ws.send(p.encode(msg))
            refused = messages_until(ws, lambda m: isinstance(m, p.Refused))[-1]
            assert words in refused.reason, (msg, refused.reason)
        for text, words in [
            ('{"type":"rules","rules":[1]}', "Expected `object | null`"),
            ('{"type":"rules","hands":"4"}', "Expected `int | null`"),
        ]:
            owner.send(text)
            refused = messages_until(owner, lambda m: isinstance(m, p.Refused))[-1]
            assert words in refused.reason, (text, refused.reason)
        after = table.call(lambda: p.encode(table.host._lobby()))
        # Eve's arrival shows in the lobby; the rules and the length do not move.
        assert p.decode_host(after).rules == p.decode_host(before).rules == "nepali"
        assert p.decode_host(after).hands == p.decode_host(before).hands
        assert table.call(lambda: table.host.rules) == PRESETS["nepali"]


def test_once_dealt_the_rules_stay(table):
    with raw_client(table.port) as owner:
        _host_screen(owner, table)
        _lobby_after(owner, p.SetSeat(0, "easy"))
        owner.send(p.encode(p.Start()))
        messages_until(owner, lambda m: isinstance(m, p.Lobby) and m.started)
        refused = _lobby_after(owner, p.SetRules(rules=PRESETS["indian"].to_dict()))
        assert isinstance(refused, p.Refused) and "the rules can no longer change" in refused.reason
        assert table.call(lambda: table.host.rules.name) == "nepali"


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None)
@given(
    st.dictionaries(st.sampled_from(sorted(PRESETS["nepali"].to_dict())), _json, max_size=4),
    st.sampled_from(sorted(PRESETS)),
)
def test_any_rules_from_the_wire_are_played_or_refused_in_words(changes, preset):
    """What a host's screen sends is taken as rules or refused with ValueError, nothing else."""
    try:
        rules = RuleSet.from_dict({**PRESETS[preset].to_dict(), **changes})
    except ValueError as exc:
        assert str(exc)
    else:
        assert RuleSet.from_dict(rules.to_dict()) == rules
