"""A laptop that sleeps or loses its Wi-Fi: a seated player keeps trying, ever more calmly,
and is back in the seat as soon as the table answers; a player without a seat is told."""

from net.tablekit import HostThread, Proxy, wait_for

from engine import PRESETS
from marriage_net import client as c
from marriage_net import protocol as p
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"


def test_a_seated_player_keeps_trying_until_the_table_answers_again():
    def make():
        seats = make_seats([("open", ""), ("easy", "")])
        settings = HostSettings(auto_start=True, grace=60, tick=0.005)
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings, clock=0)

    table = HostThread(make)
    proxy = Proxy(table.port)
    asha = c.RemoteMatch(LOOPBACK, proxy.port, table.code, "Asha", seat=0, give_up=0.5)
    try:
        assert wait_for(lambda: asha.refresh().state == c.PLAYING)
        proxy.cut(block=True)  # the Wi-Fi is gone, for longer than give_up
        assert wait_for(lambda: asha.refresh().state == c.RECONNECTING)
        assert wait_for(lambda: asha.refresh().message == c.STILL_TRYING, timeout=30)
        assert asha.refresh().state == c.RECONNECTING  # not gone: the seat waits for her
        proxy.unblock()  # the Wi-Fi is back
        assert wait_for(lambda: asha.refresh().state == c.PLAYING, timeout=30)
        assert asha.seats == [0] and asha.has_view(0)
    finally:
        asha.close()
        proxy.stop()
        table.stop()


def test_a_player_without_a_seat_is_told_the_host_has_gone():
    def make():
        return TableHost(make_seats([("open", ""), ("easy", "")]), PRESETS["nepali"], 1)

    table = HostThread(make)
    proxy = Proxy(table.port)
    looker = c.RemoteMatch(LOOPBACK, proxy.port, table.code, "", give_up=0.5)
    try:
        assert wait_for(lambda: looker.refresh().state == c.LOBBY)
        proxy.cut(block=True)
        assert wait_for(lambda: looker.refresh().state == c.GONE, timeout=30)
        assert "cannot be reached" in looker.status.message.english
    finally:
        looker.close()
        proxy.stop()
        table.stop()


def test_a_kept_seat_turned_away_at_the_door_keeps_trying_and_gets_back_in(tmp_path):
    """The host saves and closes; another table opens on the same port for a while (a new
    lobby, opened by mistake); the saved table comes back. The seat holder hears "wrong table
    code" from the other table, says so, keeps trying, and is back in its seat."""
    save = tmp_path / "table.json"
    settings = HostSettings(auto_start=True, grace=60, tick=0.005)

    def make():
        seats = make_seats([("open", ""), ("easy", "")])
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings, clock=0, save_path=save)

    turned_away = []

    def heard(msg):
        if isinstance(msg, p.Refused) and msg.code == p.Refusal.WRONG_CODE:
            turned_away.append(msg)

    table = HostThread(make)
    port = table.port
    asha = c.RemoteMatch(LOOPBACK, port, table.code, "Asha", seat=0, on_message=heard)
    other = None
    try:
        assert wait_for(lambda: asha.refresh().state == c.PLAYING)
        table.stop(saved=True)
        assert wait_for(lambda: asha.refresh().state == c.CLOSED)
        other = HostThread(
            lambda: TableHost(make_seats([("open", "")] * 2), PRESETS["nepali"], 1), port
        )
        kept = c.KEPT_AT_DOOR[p.Refusal.WRONG_CODE]
        assert wait_for(lambda: len(turned_away) >= 2, timeout=30)
        assert asha.refresh().state == c.RECONNECTING and asha.status.message == kept
        other.stop()
        other = None
        table = HostThread(lambda: TableHost.reopen(save, settings), port)
        assert wait_for(lambda: asha.refresh().state == c.PLAYING, timeout=30)
        assert asha.seats == [0] and asha.has_view(0)
    finally:
        asha.close()
        if other is not None:
            other.stop()
        table.stop()


def test_a_wrong_code_without_a_seat_ends_with_how_to_put_it_right():
    table = HostThread(lambda: TableHost(make_seats([("open", "")] * 2), PRESETS["nepali"], 1))
    wrong = "000000" if table.code != "000000" else "111111"
    bina = c.RemoteMatch(LOOPBACK, table.port, wrong, "")
    try:
        assert wait_for(lambda: bina.refresh().state == c.GONE, timeout=30)
        assert bina.status.message == c.WRONG_CODE
        assert "Check the six digits on the host's screen" in bina.status.message.english
    finally:
        bina.close()
        table.stop()
