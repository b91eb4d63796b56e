"""A laptop that sleeps or loses its Wi-Fi: a seated player keeps trying, ever more calmly,
and is back in the seat as soon as the table answers; a player without a seat is told."""

from net.tablekit import HostThread, Proxy, wait_for

from engine import PRESETS
from marriage_net import client as c
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
        assert wait_for(lambda: asha.refresh().message == c.STILL_TRYING, timeout=10)
        assert asha.refresh().state == c.RECONNECTING  # not gone: the seat waits for her
        proxy.unblock()  # the Wi-Fi is back
        assert wait_for(lambda: asha.refresh().state == c.PLAYING, timeout=10)
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
        assert wait_for(lambda: looker.refresh().state == c.GONE, timeout=10)
        assert "cannot be reached" in looker.status.message
    finally:
        looker.close()
        proxy.stop()
        table.stop()
