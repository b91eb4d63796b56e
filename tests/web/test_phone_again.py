"""Play again on a phone, as on a laptop: after a match the final score sheet stays up with Play
again; at a ``marriage --serve`` table the phone calls the new match itself and is dealt into
it in its seat; at a table with a host screen it waits in the lobby, seated, for the host to
deal, and a phone still reading its sheet is told that a new match is called."""

from net.tablekit import HostThread, wait_for
from playwright.sync_api import expect
from web.pagekit import phone, play_my_turn, served, sit_down, state, wait_until

from engine import PRESETS
from marriage_net import protocol as p
from marriage_net.client import RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"


def test_a_phone_plays_a_match_out_then_plays_again_in_its_seat_at_a_serve_table(browser):
    with served("--seats", "open,easy", "--hands", "1", "--clock", "0") as table:
        page = phone(browser)
        sit_down(page, table.url, "Asha")
        first_hand = None
        while True:
            st = wait_until(
                page, lambda s: s["final"] or (s["mine"] and s["phase"] in ("draw", "play")), 60
            )
            if st["final"]:
                break
            first_hand = first_hand or sorted(st["hand"])
            play_my_turn(page, st)
            wait_until(page, lambda s, v=st["v"], ph=st["phase"]: s["v"] > v or s["phase"] != ph)
        # The final score sheet: every seat's row, and Play again.
        sheet = page.locator(".sheet")
        expect(sheet.locator(".row")).to_have_count(2)
        again = sheet.locator("button[data-key=again]")
        expect(again).to_have_text("Play again")
        assert state(page)["phase"] == "match_over"
        # Nothing of the table peeks above the sheet: not the seats' plates, not the dealer's chip.
        top = sheet.bounding_box()["y"]
        for part in page.locator(".plate, .plate .dealer").all():
            assert part.bounding_box()["y"] >= top - 0.5
        again.tap()
        # No host screen here: the phone called the new match, and is dealt into it.
        st = wait_until(
            page,
            lambda s: s["screen"] == "table" and not s["final"] and s["phase"] in ("draw", "play"),
        )
        assert st["seat"] == 0 and st["hand_no"] == 0 and len(st["hand"]) in (21, 22)
        expect(sheet).to_have_count(0)
        assert wait_for(lambda: any("a new match at the table" in line for line in table.log))
        assert not page.errors


def test_at_a_table_with_a_host_screen_phones_wait_seated_for_the_hosts_new_deal(browser):
    def make():
        seats = make_seats([("open", ""), ("open", ""), ("medium", "")])
        settings = HostSettings(tick=0.005, substitute="easy", grace=60)
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings, clock=0)

    table = HostThread(make)
    url = f"http://{LOOPBACK}:{table.port}/?code={table.code}"
    host = RemoteMatch(LOOPBACK, table.port, table.code, "Host", owner=table.host.owner)
    asha, bina = phone(browser), phone(browser)
    try:
        sit_down(asha, url, "Asha", seat=1)
        sit_down(bina, url, "Bina")  # the one seat left
        assert wait_for(lambda: host.lobby is not None and host.lobby.seats[0].connected)
        host.send(p.Start())
        for page in (asha, bina):
            wait_until(page, lambda s: s["screen"] == "table" and s["phase"] in ("draw", "play"))
        # The host hands both seats to a computer, and the match is played out.
        host.hand_to_computer(0)
        host.hand_to_computer(1)
        assert wait_for(lambda: table.call(lambda: table.host.match.is_over), timeout=120)
        host.hand_to_computer(0, False)
        host.hand_to_computer(1, False)
        for page in (asha, bina):
            st = wait_until(page, lambda s: s["final"])
            assert st["phase"] == "match_over"
            expect(page.locator(".sheet button[data-key=again]")).to_have_text("Play again")
        # The host calls a new match: the phones reading their sheets are told.
        host.again()
        call = "A new match at Marriage table: Play again to sit back down."
        for page in (asha, bina):
            expect(page.locator(".sheet")).to_contain_text(call)
        # Asha plays again: the lobby, in her seat, waiting for the host to deal.
        asha.locator(".sheet button[data-key=again]").tap()
        st = wait_until(asha, lambda s: s["screen"] == "seats")
        assert st["seat"] == 1 and not st["final"]
        expect(asha.locator(".seat-row.mine .who")).to_have_text("Asha")
        expect(asha.locator(".seats")).to_contain_text("Waiting for the first deal…")
        host.send(p.Start())
        st = wait_until(asha, lambda s: s["screen"] == "table" and s["phase"] in ("draw", "play"))
        assert st["seat"] == 1 and st["hand_no"] == 0
        # Bina was still reading her sheet as the new match was dealt: Play again seats her in it.
        assert state(bina)["final"]
        bina.locator(".sheet button[data-key=again]").tap()
        st = wait_until(bina, lambda s: s["screen"] == "table" and not s["final"])
        assert st["seat"] == 0 and st["hand_no"] == 0 and st["phase"] in ("draw", "play")
        # Her Play again gives her seat back: no computer plays it any more, and her page shows
        # her seat's hand as the host holds it (both read together, as the table moves on).
        assert wait_for(lambda: table.call(lambda: table.host.cover.computer(0)) is False)

        def same_hand() -> bool:
            held = table.call(lambda: sorted(table.host.match.view(0).hand))
            return sorted(state(bina)["hand"]) == held

        assert wait_for(same_hand, timeout=30)
        assert not asha.errors and not bina.errors
    finally:
        host.close()
        asha.context.close()
        bina.context.close()
        table.stop()
