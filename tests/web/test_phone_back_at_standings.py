"""A phone reloaded on the final standings comes back to them, as a laptop does: its score sheet
with Play again, also once another player has called the new match (the sheet then says so),
and its Play again counts as if it had never gone: the table deals when it says it."""

from net.tablekit import HostThread, wait_for
from playwright.sync_api import expect
from web.pagekit import phone, sit_down, wait_until

from engine import PRESETS
from marriage_net.client import RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"
CALL = "A new match at Marriage table: Play again to sit back down."


def _at_sheet(page):
    st = wait_until(page, lambda s: s["final"], 60)
    assert st["screen"] == "table"
    expect(page.locator(".sheet button[data-key=again]")).to_have_text("Play again")
    return st


def test_a_phone_reloaded_on_the_standings_comes_back_to_them_with_play_again(browser):
    def make():  # a table without a host screen (as ``marriage --serve`` runs it)
        seats = make_seats([("open", ""), ("open", ""), ("easy", "")])
        settings = HostSettings(auto_start=True, tick=0.005, substitute="easy", grace=60)
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings, clock=0)

    table = HostThread(make)
    url = f"http://{LOOPBACK}:{table.port}/?code={table.code}"
    # The table's own secret, only to have computers play the match out quickly.
    owner = RemoteMatch(LOOPBACK, table.port, table.code, "", owner=table.host.owner)
    asha, bina = phone(browser), phone(browser)
    try:
        sit_down(asha, url, "Asha", seat=0)
        sit_down(bina, url, "Bina")
        for page in (asha, bina):
            wait_until(page, lambda s: s["screen"] == "table" and s["phase"] in ("draw", "play"))
        owner.hand_to_computer(0)
        owner.hand_to_computer(1)
        assert wait_for(lambda: table.call(lambda: table.host.match.is_over), timeout=120)
        owner.hand_to_computer(0, False)
        owner.hand_to_computer(1, False)
        for page in (asha, bina):
            _at_sheet(page)
        # Bina's phone reloads on the standings: the same sheet, with Play again.
        bina.reload()
        st = _at_sheet(bina)
        assert st["seat"] == 1 and st["phase"] == "match_over"
        # It reloads again after Asha has called the new match: the sheet still, saying so,
        # and the table still waits for Bina (she has not said Play again).
        asha.locator(".sheet button[data-key=again]").tap()
        assert wait_for(lambda: table.call(lambda: table.host.gathering is not None))
        bina.reload()
        _at_sheet(bina)
        expect(bina.locator(".sheet")).to_contain_text(CALL)
        assert table.call(lambda: [s.ready for s in table.host.seats[:2]]) == [True, False]
        assert table.call(lambda: table.host.match is None)
        # Her Play again counts: the new match is dealt to both, in their seats.
        bina.locator(".sheet button[data-key=again]").tap()
        for page, seat in ((asha, 0), (bina, 1)):
            st = wait_until(
                page, lambda s: s["screen"] == "table" and not s["final"] and s["hand_no"] == 0
            )
            assert st["seat"] == seat and st["phase"] in ("draw", "play")
        assert table.call(lambda: not table.host.cover.kept)
        assert not asha.errors and not bina.errors
    finally:
        owner.close()
        asha.context.close()
        bina.context.close()
        table.stop()
