"""The page speaks the phone's language first, Devanagari digits when chosen, and asks for the
phone to be turned on its side when it is held upright."""

from playwright.sync_api import expect
from web.pagekit import phone, served, state, wait_until

from marriage_gui import language


def test_a_nepali_phone_gets_nepali_then_devanagari_digits_and_the_turn_your_phone_note(browser):
    ne = language.catalog("ne")
    with served("--seats", "open,easy", "--hands", "1", "--clock", "30") as table:
        page = phone(browser, locale="ne-NP")
        page.goto(table.url)
        # The phone asks for Nepali: the page starts in it, with nothing chosen.
        expect(page.locator("button[type=submit]")).to_have_text(ne.gettext("Join"))
        page.fill("#name", "सीता")
        page.locator("button[type=submit]").tap()
        wait_until(page, lambda s: s.get("screen") == "table")
        stock = page.locator(".pile.stock .pile-count")
        count = state(page)
        assert count["screen"] == "table"
        assert stock.inner_text().isascii()  # 0-9 until asked
        page.locator(".top .menu").tap()
        expect(page.locator(".box h2")).to_have_text(ne.gettext("Menu"))
        page.locator(".box input[type=checkbox]").tap()
        page.locator(".box button.primary").last.tap()
        expect(stock).to_have_text(
            page.evaluate("() => String(marriage.S.view.stock_count)").translate(
                str.maketrans("0123456789", "०१२३४५६७८९")
            )
        )
        expect(page.locator(".top .hand-no")).to_have_text("बाजी १ / १")
        # A reload keeps the choices (kept in the phone's storage).
        page.reload()
        wait_until(page, lambda s: s.get("screen") == "table")
        expect(page.locator(".top .hand-no")).to_have_text("बाजी १ / १")
        # Upright: the note, in the page's language, covers the table.
        note = page.locator("#turn")
        expect(note).to_be_hidden()
        page.set_viewport_size({"width": 390, "height": 844})
        expect(note).to_be_visible()
        expect(note).to_have_text(ne.gettext("Turn your phone on its side to play."))
        page.set_viewport_size({"width": 844, "height": 390})
        expect(note).to_be_hidden()
        assert not page.errors
