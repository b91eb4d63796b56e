"""Seats on a phone: with several open seats the person chooses one (with one, it is taken by
itself); a page left choosing is let go by the table and comes back by itself for the seat its
person picks; a full table says so. When the host hands a seat to a computer and back, the
page says what was played for it in a note that stops nothing: play goes on under it."""

from net.tablekit import HostThread, wait_for
from playwright.sync_api import expect
from web.pagekit import phone, play_my_turn, sit_down, state, wait_until

from engine import PRESETS
from marriage_net import protocol as p
from marriage_net.client import RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"


def test_phones_choose_their_seats_and_a_page_let_go_comes_back_for_the_one_picked(browser):
    def make():
        seats = make_seats([("open", ""), ("open", ""), ("open", ""), ("easy", "")])
        settings = HostSettings(auto_start=True, tick=0.005, seatless_idle=1.0)
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings, clock=0)

    table = HostThread(make)
    url = f"http://{LOOPBACK}:{table.port}/?code={table.code}"
    pages = [phone(browser) for _ in range(4)]
    asha, bina, chandra, dipa = pages
    try:
        asha.goto(url)
        asha.fill("#name", "Asha")
        asha.locator("button[type=submit]").tap()
        free = asha.locator(".seat-row.free")
        expect(free).to_have_count(3)
        expect(free.first).to_have_text("Seat 1: Sit here")
        expect(asha.locator(".seats")).to_contain_text("Choose a free seat.")
        # She takes her time: the table lets go of a connection that holds no seat, and the
        # page rests without a word of trouble, her choice still before her.
        wait_until(asha, lambda s: s["conn"] == "resting", timeout=30)
        expect(asha.locator(".seats .problem")).to_have_count(0)
        expect(free).to_have_count(3)
        free.nth(2).tap()  # the third seat
        assert wait_until(asha, lambda s: s["seat"] == 2)["conn"] == "open"
        # Bina sees the two seats left, and takes the first.
        st = sit_down(bina, url, "Bina", seat=0)
        assert st["seat"] == 0
        # Chandra finds one seat left: it is taken by itself, and the match is dealt.
        assert sit_down(chandra, url, "Chandra")["seat"] == 1
        for page in (asha, bina, chandra):
            wait_until(page, lambda s: s["screen"] == "table")
        names = table.call(lambda: [s.name for s in table.host.seats])
        assert names[:3] == ["Bina", "Chandra", "Asha"]
        # A fourth phone finds the table full, and is told so.
        dipa.goto(url)
        dipa.fill("#name", "Dipa")
        dipa.locator("button[type=submit]").tap()
        expect(dipa.locator(".seats")).to_contain_text("there is no free seat at this table")
        expect(dipa.locator(".seat-row.free")).to_have_count(0)
        assert all(not page.errors for page in pages)
    finally:
        for page in pages:
            page.context.close()
        table.stop()


def test_a_seat_the_host_gave_back_is_told_what_was_played_in_a_note_that_stops_nothing(browser):
    def make():
        seats = make_seats([("open", ""), ("easy", ""), ("easy", "")])
        settings = HostSettings(tick=0.005, substitute="easy", grace=60)
        return TableHost(seats, PRESETS["nepali"], 2, settings=settings, clock=0)

    table = HostThread(make)
    host = RemoteMatch(LOOPBACK, table.port, table.code, "Host", owner=table.host.owner)
    page = phone(browser)
    try:
        sit_down(page, f"http://{LOOPBACK}:{table.port}/?code={table.code}", "Asha")
        assert wait_for(lambda: host.lobby is not None and host.lobby.seats[0].connected)
        host.send(p.Start())
        wait_until(page, lambda s: s["screen"] == "table" and s["phase"] in ("draw", "play"))
        # The host hands her seat to a computer, which plays a few moves for her.
        host.hand_to_computer(0)
        news = page.locator(".banner")
        expect(news).to_contain_text("A computer is playing for you")
        assert wait_for(
            lambda: table.call(lambda: len(table.host.cover.covered.get(0, [])) >= 4), timeout=60
        )
        host.hand_to_computer(0, False)
        st = wait_until(page, lambda s: s["note"] == "host")
        note = page.locator(".note")
        expect(note.locator("h2")).to_have_text("Your seat is yours again")
        expect(note).to_contain_text("The computer played for you:")
        expect(news).not_to_contain_text("A computer is playing for you")
        # The note stops nothing: she plays her turn under it, and it stays until OK.
        assert not st["dialog"]
        st = wait_until(page, lambda s: s["mine"] and s["phase"] in ("draw", "play"), timeout=60)
        play_my_turn(page, st)
        wait_until(page, lambda s, v=st["v"]: s["v"] > v)
        assert state(page)["note"] == "host"
        note.locator("button").tap()
        wait_until(page, lambda s: not s["note"])
        expect(note).to_have_count(0)
        assert not page.errors
    finally:
        host.close()
        page.context.close()
        table.stop()
