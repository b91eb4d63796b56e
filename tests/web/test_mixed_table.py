"""A mixed table at one host on 127.0.0.1: a desktop app (a real app instance, in a process of
its own) and two phones' browser pages. Each sees only its own cards: every message each page
received is checked against what its seat could know at that version, and each page holds
exactly its seat's hand as the host holds it. A phone that locks comes back by itself and is
told, in words, what the computer played for it."""

import time
from pathlib import Path

from net.tablekit import HostThread, wait_for
from net.test_killed_app import AppProcess
from net.test_play import check_nothing_hidden
from playwright.sync_api import expect
from web.pagekit import Frames, phone, play_my_turn, sit_down, state, wait_for_news, wait_until

from engine import PRESETS
from marriage_net import protocol as p
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

LOOPBACK = "127.0.0.1"


def desktop_app(data: Path, port: int, code: str, name: str, seat: int) -> AppProcess:
    """The desktop game joining the table by its join screen (tests/net/app_process.py)."""
    return AppProcess(data, "join", f"{LOOPBACK}:{port}", code, name, seat)


def join(browser, url: str, name: str, seat: int | None = None):
    page = phone(browser)
    frames = Frames(page)
    sit_down(page, url, name, seat)
    return page, frames


def test_a_desktop_and_two_phones_share_a_table_each_seeing_only_its_own_cards(browser, tmp_path):
    def make():
        seats = make_seats([("open", ""), ("open", ""), ("open", ""), ("medium", "")])
        settings = HostSettings(auto_start=True, tick=0.005, substitute="easy")
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings, clock=4)

    table = HostThread(make)
    url = f"http://{LOOPBACK}:{table.port}/?code={table.code}"
    desktop = desktop_app(tmp_path / "ram", table.port, table.code, "Ram", 0)
    pages = []
    try:
        assert wait_for(lambda: table.call(lambda: 0 in table.host.holder), timeout=40)
        # Two seats are open: Asha chooses the second; Bina takes the one left.
        pages = [join(browser, url, "Asha", seat=2), join(browser, url, "Bina")]
        seats = [state(pg)["seat"] for pg, _f in pages]
        assert seats == [2, 1]
        shown = desktop.until(lambda r: r["scene"] == "table" and r.get("hand"))
        assert shown["seats"] == [0] and shown["hand"] in (21, 22)
        # The desktop's person never moves here: the host hands the seat to a computer (as its
        # screen may), which plays its turns at once; its screen shows the table as it goes.
        table.call(lambda: table.host._hand_over(0, True))
        moves = 0
        end = time.monotonic() + 120
        while moves < 16 and time.monotonic() < end:
            acted = False
            for pg, _frames in pages:
                st = state(pg)
                if st.get("phase") in ("hand_over", "match_over"):
                    moves = 99
                    break
                if st.get("dialog"):
                    # A page too slow for its clock (a busy machine) hears what the computer
                    # played for it: the person reads it and closes the box.
                    pg.locator(".box button.primary").tap()
                    continue
                if st.get("mine"):
                    play_my_turn(pg, st)
                    phase = st["phase"]
                    wait_until(pg, lambda s, v=st["v"], ph=phase: s["v"] > v or s["phase"] != ph)
                    moves += 1
                    acted = True
            if not acted:
                # Neither page has a turn: the next move anyone makes, which every page hears,
                # is waited for in the first page (a box on the other is looked at again soon).
                wait_for_news(pages[0][0])
        assert moves >= 8
        # What each page heard is read before the host's game: a message still on its way
        # when the game was read would name a version the game had not reached.
        heard = [[p.decode_host(t) for t in list(frames.texts)] for _pg, frames in pages]
        host_game = table.call(lambda: table.host.match._game.clone())
        for (pg, _frames), messages, seat in zip(pages, heard, seats, strict=True):
            assert check_nothing_hidden(messages, host_game, [seat]) >= 4
            # The page holds exactly its seat's cards, as the host holds them now.
            held = table.call(lambda s=seat: sorted(table.host.match.view(s).hand))
            assert wait_for(lambda pg=pg, held=held: sorted(state(pg)["hand"]) == held, timeout=30)
            assert not pg.errors
        # The desktop app played on beside them (its computer covering its turns).
        assert desktop.until(lambda r: r["scene"] in ("table", "hand_result") and r.get("hand"))
    finally:
        desktop.kill()
        for pg, _f in pages:
            pg.context.close()
        table.stop()


def test_a_locked_phone_comes_back_by_itself_with_the_welcome_back_news(browser):
    def make():
        seats = make_seats([("open", ""), ("medium", ""), ("medium", "")])
        settings = HostSettings(auto_start=True, grace=1.0, tick=0.005, substitute="easy")
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings, clock=0)

    table = HostThread(make)
    page = None
    try:
        page, _frames = join(browser, f"http://{LOOPBACK}:{table.port}/?code={table.code}", "Asha")
        wait_until(page, lambda s: s.get("screen") == "table")
        # The phone locks: its line goes, and it stays away past the grace time.
        page.context.set_offline(True)
        page.evaluate("() => window.marriage.S.table.ws.close()")
        wait_until(page, lambda s: s["conn"] == "reconnecting")
        expect(page.locator(".banner")).to_contain_text("Reconnecting")
        assert wait_for(lambda: table.call(lambda: bool(table.host.cover.covered.get(0))), 60)
        # Unlocked: the page is seen again, and takes its seat up by itself.
        page.context.set_offline(False)
        page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
        st = wait_until(page, lambda s: s["conn"] == "open" and s["note"], timeout=20)
        note = page.locator(".note")
        expect(note.locator("h2")).to_have_text("Welcome back")
        expect(note).to_contain_text("The computer played for you:")
        assert st["note"] == "away" and not st["dialog"]
        assert table.call(lambda: table.host.match.driver(0)) == "human"
        held = table.call(lambda: sorted(table.host.match.view(0).hand))
        assert wait_for(lambda: sorted(state(page)["hand"]) == held, timeout=30)
        # The note stops nothing: on her turn she plays under it, and it stays until OK.
        st = wait_until(page, lambda s: s["mine"], timeout=60)
        play_my_turn(page, st)
        wait_until(page, lambda s, v=st["v"]: s["v"] > v)
        assert state(page)["note"] == "away"
        note.locator("button").tap()
        wait_until(page, lambda s: not s["note"])
        expect(note).to_have_count(0)
    finally:
        if page is not None:
            page.context.close()
        table.stop()
