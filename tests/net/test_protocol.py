"""The messages: strict decoding both ways, size and depth limits, names."""

import pytest

from engine import PRESETS, Game
from marriage_net import protocol as p


def test_client_messages_round_trip():
    for msg in [
        p.Hello(p.PROTO, "123456", "Asha", None, 2, None),
        p.Sit("Bina", "ab" * 16, 3),
        p.Act(1, 7, "discard QS"),
        p.Resync(),
        p.Ready(0),
        p.Emote(0, "nice"),
        p.SetSeat(2, "medium", "Ram"),
        p.SetRules(rules=PRESETS["indian"].to_dict(), hands=6),
        p.SetRules(hands=0),
        p.Start(),
        p.Kick(3),
        p.Close(),
        p.SetRules(clock=30),
        p.Back(2),
        p.Handover(1),
        p.Handover(1, computer=False),
    ]:
        assert p.decode_client(p.encode(msg)) == msg


def test_host_news_round_trips_and_refusals_carry_a_known_code():
    for msg in [
        p.SeatStatus(1, False, False, "Bina", p.RECONNECTING, 42.5),
        p.SeatStatus(1, True, True, "Bina", p.COMPUTER, None, p.WHY_CLOCK),
        p.Clock(3, 59.5, 60),
        p.Clock(None, 0.0, 0),
        p.Refused(4, p.Refusal.STALE, "the table has moved on", 1),
    ]:
        assert p.decode_host(p.encode(msg)) == msg
    with pytest.raises(p.ProtocolError):  # a refusal without a code, or with an unknown one
        p.decode_host('{"type":"refused","v":1,"reason":"no"}')
    with pytest.raises(p.ProtocolError):
        p.decode_host('{"type":"refused","v":1,"code":"made_up","reason":"no"}')


@pytest.mark.parametrize(
    "text, words",
    [
        ('{"type":"act","seat":0,"v":1,"action":"draw stock","x":1}', "unknown field"),
        ('{"type":"act","seat":"0","v":1,"action":"draw stock"}', "Expected `int`"),
        ('{"type":"act","seat":0,"v":1}', "missing required field"),
        ('{"type":"welcome","seat":0,"token":"t","name":"n"}', "Invalid value"),
        ('{"type":"nope"}', "Invalid value"),
        ("[1,2,3]", "Expected `object`"),
        ("{not json", "not a readable message"),
        (b"\xff\xfe{}", "not a readable message"),
    ],
)
def test_bad_client_messages_are_refused_with_a_reason(text, words):
    with pytest.raises(p.ProtocolError) as err:
        p.decode_client(text)
    assert words in err.value.reason


def test_limits():
    big = '{"type":"act","seat":0,"v":1,"action":"' + "x" * 100_000 + '"}'
    with pytest.raises(p.ProtocolError, match="too large"):
        p.decode_client(big)
    deep = '{"type":"act","seat":0,"v":1,"action":' + "[" * 8000 + "]" * 8000 + "}"
    assert len(deep) < p.MAX_CLIENT_MESSAGE
    with pytest.raises(p.ProtocolError):
        p.decode_client(deep)
    nested_unknown = '{"type":"resync","x":' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(p.ProtocolError):
        p.decode_host(nested_unknown)


def test_a_real_view_travels_and_is_checked_strictly():
    g = Game.new(PRESETS["house"], 5, seed=4)
    g.apply(g.legal_actions()[0])
    text = p.encode_raw("snapshot", seat=1, v=1, view=g.view(1).to_dict())
    msg = p.decode_host(text)
    assert isinstance(msg, p.Snapshot) and msg.view.seat == 1
    assert p.plain(msg.view) == g.view(1).to_dict()
    with pytest.raises(p.ProtocolError, match="unknown field"):
        p.decode_host(text.replace('"stock_count"', '"stock_cards":[1],"stock_count"'))
    with pytest.raises(p.ProtocolError, match="Expected"):
        p.decode_host(text.replace('"hand":[', '"hand":["AS",'))


def test_names():
    assert p.check_name("  Asha   Rai ") == "Asha Rai"
    for bad in ("", "   ", "x" * 40, "a\x00b"):
        with pytest.raises(p.ProtocolError):
            p.check_name(bad)
