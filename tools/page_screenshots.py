"""Screenshots of the phone page, as a phone on its side shows it (844x390 CSS px, kept at 2x).

    python tools/page_screenshots.py [OUT_DIR]     # default: docs/screenshots

Opens a real ``marriage --serve`` table on 127.0.0.1 with three computer players, joins it from
the system's headless Chromium with a phone's viewport and touch, plays until the seat has seen
(the maal panel shows), and keeps: the join screen, the table with a card selected, the same in
Nepali with Devanagari digits, the score sheet in both languages, and the "turn your phone" note.
Then, at tables of its own on 127.0.0.1: the note of what a computer played while the phone was
away (Welcome back), and the Go out question, at a position where the seat may go out (every
seat played by the computer from the deal until then), both in English and in Nepali.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from web.pagekit import (  # noqa: E402
    CHROMIUM_ARGS,
    chromium_path,
    phone,
    play_my_turn,
    served,
    sit_down,
    wait_until,
)


def nepali(page: object, on: bool) -> None:
    """Switch the page's language (and Devanagari digits) through its menu, as a person does."""
    page.locator(".top .menu").tap()
    page.locator(f".box button[lang={'ne' if on else 'en'}]").tap()
    box = page.locator(".box input[type=checkbox]")
    if box.is_checked() != on:
        box.tap()
    page.wait_for_timeout(300)
    page.locator(".box button.primary").last.tap()
    page.wait_for_timeout(300)


def welcome_back(browser: object, out: Path) -> None:
    """A phone that was away past the grace time comes back to the note of what was played."""
    from net.tablekit import HostThread, wait_for

    from engine import PRESETS
    from marriage_net.host import HostSettings, TableHost
    from marriage_net.seats import make_seats

    def make() -> TableHost:
        seats = make_seats([("open", ""), ("medium", ""), ("medium", ""), ("medium", "")])
        settings = HostSettings(auto_start=True, grace=1.0, substitute="medium")
        return TableHost(seats, PRESETS["nepali"], 4, settings=settings, clock=60)

    table = HostThread(make)
    page = phone(browser, pixels=2)
    try:
        sit_down(page, f"http://127.0.0.1:{table.port}/?code={table.code}", "Asha")
        for _turn in range(2):  # two turns of her own first: the table as it is mid-hand
            st = wait_until(page, lambda s: s["mine"] and s["phase"] == "draw", timeout=60)
            while st["mine"] and st["phase"] in ("draw", "play"):
                play_my_turn(page, st)
                st = wait_until(page, lambda s, v=st["v"]: s["v"] > v)
        page.context.set_offline(True)
        page.evaluate("() => window.marriage.S.table.ws.close()")
        assert wait_for(
            lambda: table.call(lambda: len(table.host.cover.covered.get(0, [])) >= 4), 60
        )
        page.context.set_offline(False)
        page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
        wait_until(page, lambda s: s["note"] == "away" and s["conn"] == "open", timeout=30)
        page.wait_for_timeout(400)
        page.screenshot(path=str(out / "phone-welcome-back.png"))
        nepali(page, True)
        page.screenshot(path=str(out / "phone-ne-welcome-back.png"))
    finally:
        page.context.close()
        table.stop()


def going_out() -> object:
    """A match at the point where seat 0, a person, may go out (its play phase): every seat
    played by the medium computer player from the deal until then."""
    from engine import PRESETS
    from engine.ai import make_bot
    from engine.match import LocalMatch

    names = ["Asha", "Bina", "Chandra", "Dipa"]
    for seed in range(35, 400):
        match = LocalMatch.new(PRESETS["nepali"], names, ["human"] * 4, seed=seed, hands=4)
        bots = [make_bot("medium", seed * 10 + s) for s in range(4)]
        for _move in range(600):
            seat = match.view(0).current_player
            view = match.view(seat)
            if view.phase not in ("draw", "play"):
                break
            if seat == 0 and any(str(a).startswith("go out") for a in view.legal):
                for other in range(1, 4):
                    match.set_driver(other, "medium")
                return match
            match.submit(seat, bots[seat].choose(view))
    raise RuntimeError("no deal let seat 1 go out")


def go_out_question(browser: object, out: Path) -> None:
    """The question a person is asked before going out: the melds in words and the last card."""
    from net.tablekit import HostThread

    from engine import PRESETS
    from marriage_net.host import HostSettings, TableHost
    from marriage_net.seats import make_seats

    match = going_out()

    def make() -> TableHost:
        seats = make_seats(
            [("open", ""), ("medium", "Bina"), ("medium", "Chandra"), ("medium", "Dipa")]
        )
        settings = HostSettings(auto_start=True)
        return TableHost(seats, PRESETS["nepali"], 4, settings=settings, match=match, clock=0)

    table = HostThread(make)
    page = phone(browser, pixels=2)
    try:
        sit_down(page, f"http://127.0.0.1:{table.port}/?code={table.code}", "Asha")
        wait_until(page, lambda s: s["mine"] and any(a.startswith("go out") for a in s["legal"]))
        page.locator(".bar button[data-key=out]").tap()
        page.locator(".box").wait_for()
        page.wait_for_timeout(300)
        page.screenshot(path=str(out / "phone-go-out.png"))
        page.locator(".box button").first.tap()  # Cancel: the menu is under the question
        nepali(page, True)
        page.locator(".bar button[data-key=out]").tap()
        page.locator(".box").wait_for()
        page.wait_for_timeout(300)
        page.screenshot(path=str(out / "phone-ne-go-out.png"))
    finally:
        page.context.close()
        table.stop()


def play_again(browser: object, out: Path) -> None:
    """The final score sheet with Play again, once the host's screen has called a new match."""
    from net.tablekit import HostThread, wait_for

    from engine import PRESETS
    from marriage_net.client import RemoteMatch
    from marriage_net.host import HostSettings, TableHost
    from marriage_net.protocol import Start
    from marriage_net.seats import make_seats

    def make() -> TableHost:
        seats = make_seats([("open", ""), ("medium", "Bina"), ("medium", "Chandra")])
        settings = HostSettings(tick=0.005, substitute="medium")
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings, table="Ram's table")

    table = HostThread(make)
    host = RemoteMatch("127.0.0.1", table.port, table.code, "Ram", owner=table.host.owner)
    page = phone(browser, pixels=2)
    try:
        sit_down(page, f"http://127.0.0.1:{table.port}/?code={table.code}", "Asha")
        assert wait_for(lambda: host.lobby is not None and host.lobby.seats[0].connected)
        host.send(Start())
        wait_until(page, lambda s: s["screen"] == "table")
        host.hand_to_computer(0)  # the hand played out quickly, by the computer
        assert wait_for(lambda: table.call(lambda: table.host.match.is_over), timeout=120)
        host.hand_to_computer(0, False)
        wait_until(page, lambda s: s["final"])
        host.again()
        page.locator(".sheet").get_by_text("A new match at").wait_for()
        page.wait_for_timeout(300)
        page.screenshot(path=str(out / "phone-play-again.png"))
    finally:
        host.close()
        page.context.close()
        table.stop()


def main(out: Path) -> int:
    from playwright.sync_api import sync_playwright

    path = chromium_path()
    if path is None:
        print("no Chromium found", file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        for attempt in range(6):
            with served(
                "--seats", "open,medium,medium,medium", "--hands", "4", "--clock", "60"
            ) as table:
                page = phone(browser, pixels=2)  # as a phone shows it, at half the bytes
                page.goto(table.url)
                page.fill("#name", "Asha")
                if attempt == 0:
                    page.screenshot(path=str(out / "phone-join.png"))
                page.locator("button[type=submit]").tap()
                wait_until(page, lambda s: s.get("screen") == "table")
                kept = False
                while True:
                    st = wait_until(
                        page,
                        lambda s: s["phase"] != "draw" and s["phase"] != "play" or s["mine"],
                        timeout=60,
                    )
                    if st["phase"] not in ("draw", "play"):
                        break
                    seen = page.evaluate(
                        "() => { const v = marriage.S.view; return v.seen[v.seat]; }"
                    )
                    if seen and st["phase"] == "play" and not kept:
                        # A loose card lifted, ready to throw: the table as a player meets it.
                        cid = st["groups"][-1][0] if st["groups"] else st["order"][0]
                        page.locator(f'.hand .card[data-id="{cid}"]').tap(
                            position={"x": 8, "y": 24}
                        )
                        page.wait_for_timeout(300)
                        page.screenshot(path=str(out / "phone-table.png"))
                        nepali(page, True)
                        page.screenshot(path=str(out / "phone-ne-table.png"))
                        nepali(page, False)
                        card = page.locator(f'.hand .card[data-id="{cid}"]')
                        card.tap(position={"x": 8, "y": 24})  # put down again
                        kept = True
                    play_my_turn(page, st)
                    phase = st["phase"]
                    wait_until(page, lambda s, v=st["v"], ph=phase: s["v"] > v or s["phase"] != ph)
                if not kept:
                    page.context.close()
                    continue
                page.locator(".sheet").wait_for()
                page.wait_for_timeout(300)
                page.screenshot(path=str(out / "phone-sheet.png"))
                nepali(page, True)
                page.screenshot(path=str(out / "phone-ne-sheet.png"))
                page.set_viewport_size({"width": 390, "height": 844})
                page.wait_for_timeout(200)
                page.screenshot(path=str(out / "phone-portrait.png"))
                page.context.close()
                welcome_back(browser, out)
                go_out_question(browser, out)
                play_again(browser, out)
                browser.close()
                print("kept", sorted(x.name for x in out.glob("phone-*.png")))
                return 0
        browser.close()
    print("no hand let the seat see before it ended", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(
        main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "screenshots")
    )
