"""A phone keeps its seat as a laptop keeps it: a table saved and closed is said in the host's
words, with the seat kept; turned away at the door meanwhile (another table answers at that
address, not knowing our code), the page says so and keeps trying, more calmly each time,
and is back in its seat, with its cards, when its own table opens again. A table closed for
good is said in words and not knocked at again; a code that was never right says how to put
it right."""

from playwright.sync_api import expect
from web.pagekit import ServedTable, phone, served, sit_down, state, wait_until


def test_a_kept_seat_turned_away_at_the_door_keeps_trying_and_is_back_when_its_table_is(
    browser, tmp_path
):
    save = tmp_path / "table.json"
    ours = ServedTable("--seats", "open,easy", "--clock", "0", "--save", str(save))
    port, code = ours.port, ours.code
    other = None
    page = phone(browser)
    try:
        sit_down(page, ours.url, "Asha")
        before = wait_until(page, lambda s: s["screen"] == "table" and s["phase"] == "draw")
        # A table saved and closed is knocked at again every half second (a phone's own wait
        # is longer: the claim is the same).
        page.evaluate("() => Object.assign(window.marriage.S.table.retry, {saved: 0.5})")
        banner = page.locator(".banner")
        ours.stop()  # the host saves the table and closes it
        expect(banner).to_contain_text(
            "The host saved the table and closed it: it comes back when they open it again. "
            "Your seat is kept: you will be back in it by yourself."
        )
        # Another table opens at the same address: it does not know our code.
        other = ServedTable("--seats", "open,easy", "--clock", "0", "--port", str(port))
        assert other.code != code
        expect(banner).to_contain_text(
            "Another table answers at this address for now: it does not know our table code. "
            "Your seat is kept, so this screen keeps trying.",
            timeout=30_000,
        )
        # It keeps trying, more calmly each time (0.5 s, 1 s, 2 s …).
        waits = page.evaluate("() => marriage.S.table.doorWait")
        wait_until(page, lambda s: page.evaluate("() => marriage.S.table.doorWait") > waits)
        assert state(page)["conn"] == "kept" and state(page)["screen"] == "table"
        other.stop()
        other = None
        ours = ServedTable("--save", str(save), "--resume", "--port", str(port))
        assert ours.code == code
        # Its own table again: the page is back in its seat by itself, with its cards.
        st = wait_until(page, lambda s: s["conn"] == "open" and s["screen"] == "table", 60)
        assert st["seat"] == 0 and sorted(st["hand"]) == sorted(before["hand"])
        expect(banner).not_to_contain_text("Your seat is kept")
        assert not page.errors
    finally:
        page.context.close()
        ours.stop()
        if other is not None:
            other.stop()


def test_a_table_closed_for_good_is_said_and_a_wrong_code_says_how_to_put_it_right(browser):
    with served("--seats", "open,open,easy", "--clock", "0") as table:
        wrong = f"{(int(table.code) + 1) % 1_000_000:06d}"
        page = phone(browser)
        page.goto(table.url.replace(table.code, wrong))
        page.fill("#name", "Asha")
        page.locator("button[type=submit]").tap()
        problem = page.locator(".join .problem")
        expect(problem).to_have_text(
            "The table turned us away: wrong table code. Check the six digits on the host's "
            "screen and type them again."
        )
        # She types the code again, as it says: she is in, choosing a seat.
        page.fill("#code", table.code)
        page.locator("button[type=submit]").tap()
        page.locator('.seat-row.free[data-seat="1"]').tap()
        wait_until(page, lambda s: s["seat"] == 1)
        table.stop()  # closed, not saved: nothing to come back to
        expect(page.locator(".seats .say")).to_have_text("The host closed the table.")
        st = wait_until(page, lambda s: s["conn"] == "closed")
        # A table closed for good is not knocked at again.
        assert page.evaluate("() => marriage.S.table.stopped") and st["screen"] == "seats"
        assert not page.errors
