"""The turn clock on a phone: it counts down on the page; run out twice, a computer keeps the
seat and the page says so; a tap on that news gives the seat back to its person."""

from net.tablekit import HostThread, wait_for
from playwright.sync_api import expect
from web.pagekit import phone, state, wait_until

from engine import PRESETS
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats


def test_a_computer_keeps_a_silent_seat_and_a_tap_gives_it_back(browser):
    def make():
        seats = make_seats([("open", ""), ("easy", ""), ("easy", "")])
        settings = HostSettings(auto_start=True, tick=0.005, substitute="easy")
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings, clock=2)

    table = HostThread(make)
    page = phone(browser)
    try:
        page.goto(f"http://127.0.0.1:{table.port}/?code={table.code}")
        page.fill("#name", "Asha")
        page.locator("button[type=submit]").tap()
        wait_until(page, lambda s: s.get("screen") == "table")
        # Her turn: the prompt counts her seconds down.
        wait_until(page, lambda s: s["mine"], timeout=30)
        expect(page.locator(".bar .prompt")).to_contain_text(" s")
        # She does nothing: twice the clock runs out, and a computer keeps her seat.
        news = page.locator(".banner")
        assert wait_for(lambda: table.call(lambda: 0 in table.host.cover.kept), timeout=60)
        expect(news).to_contain_text("A computer is playing for you", timeout=30_000)
        # What the computer played for her is told in a box, as on a laptop: she reads it.
        if state(page)["dialog"]:
            expect(page.locator(".box")).to_contain_text("The computer played for you:")
            page.locator(".box button.primary").tap()
            wait_until(page, lambda s: not s["dialog"])
        expect(news).to_contain_text("A computer is playing for you")
        assert table.call(lambda: table.host.match.driver(0)) != "human"
        news.tap()
        expect(news).not_to_contain_text("A computer is playing for you", timeout=10_000)
        assert wait_for(lambda: table.call(lambda: table.host.match.driver(0)) == "human")
        assert state(page)["seat"] == 0 and not page.errors
    finally:
        page.context.close()
        table.stop()
