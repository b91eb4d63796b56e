"""A phone's page that shows the seats (a table's lobby, or a new match after Play again) says
its person is back: the table does not wait for a phone that is not reading any standings, and
a host's Start gives it no computer stand-in. On 127.0.0.1."""

from net.tablekit import HostThread, wait_for
from web.test_mixed_table import join

from engine import PRESETS
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"


def test_a_phone_on_the_seats_screen_is_ready_for_the_next_match(browser):
    def make():
        seats = make_seats([("open", ""), ("open", ""), ("easy", "")])
        return TableHost(seats, PRESETS["nepali"], 1, settings=HostSettings(auto_start=True))

    table = HostThread(make)
    page = None
    try:
        assert not table.call(lambda: table.host.seats[0].ready)
        page, _frames = join(
            browser, f"http://{LOOPBACK}:{table.port}/?code={table.code}", "Asha", seat=0
        )
        assert wait_for(lambda: table.call(lambda: table.host.seats[0].ready), timeout=30)
        assert table.call(lambda: table.host.match is None)  # seat 2 is still open: no deal
    finally:
        if page is not None:
            page.close()
        table.stop()
