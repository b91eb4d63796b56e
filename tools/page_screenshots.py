"""Screenshots of the phone page, as a phone on its side shows it (844x390 CSS px, kept at 2x).

    python tools/page_screenshots.py [OUT_DIR]     # default: docs/screenshots

Opens a real ``marriage --serve`` table on 127.0.0.1 with three computer players, joins it from
the system's headless Chromium with a phone's viewport and touch, plays until the seat has seen
(the maal panel shows), and keeps: the join screen, the table with a card selected, the same in
Nepali with Devanagari digits, the score sheet in both languages, and the "turn your phone" note.
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
