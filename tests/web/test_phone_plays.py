"""A phone plays a whole hand at a real ``marriage --serve`` table, by touch, in Chromium.

It joins by code and name, takes the table's one open seat (three computer players fill the
rest), plays its turns by tapping and dragging, is reloaded in the middle of the hand and finds
itself back in its seat with the same cards, reads the score sheet, deals on, and switches to
Nepali. Every message its socket received is checked against what its seat may know.
"""

from playwright.sync_api import expect
from web.pagekit import Frames, phone, play_my_turn, served, wait_until

from marriage_gui import language
from marriage_net import protocol as p


def test_a_phone_plays_a_whole_hand_comes_back_after_a_reload_and_speaks_nepali(browser):
    with served("--seats", "open,medium,medium,medium", "--hands", "2", "--clock", "0") as table:
        page = phone(browser)
        frames = Frames(page)
        page.goto(table.url)
        # The code came in the address; the person types a name and joins.
        assert page.input_value("#code") == table.code
        page.fill("#name", "Asha")
        page.locator("button[type=submit]").tap()
        st = wait_until(
            page, lambda s: s.get("screen") == "table" and s["phase"] in ("draw", "play")
        )
        assert st["seat"] == 0 and len(st["hand"]) in (21, 22)
        moves, reloaded = [], False
        while True:
            st = wait_until(
                page,
                lambda s: (
                    s["phase"] in ("hand_over", "match_over") or (s["mine"] and not s["dialog"])
                ),
                timeout=60,
            )
            if st["phase"] in ("hand_over", "match_over"):
                break
            if not reloaded and len(moves) >= 2:  # a whole turn played: mid-hand
                before = sorted(st["hand"])
                page.reload()
                st = wait_until(page, lambda s: s.get("screen") == "table" and s["v"] >= 0)
                assert sorted(st["hand"]) == before and st["seat"] == 0
                reloaded = True
                continue
            v = st["v"]
            thrown = sum(m.startswith("discard") for m in moves)
            moves.append(play_my_turn(page, st, drag=thrown % 2 == 1))
            phase = st["phase"]
            wait_until(page, lambda s, v=v, ph=phase: s["v"] > v or s["phase"] != ph, timeout=60)
        assert reloaded and "draw" in moves and any(m.startswith("discard") for m in moves), moves
        assert "discard (dragged)" in moves
        # The score sheet: every seat's row, and who pays whom.
        sheet = page.locator(".sheet")
        sheet.wait_for()
        assert sheet.locator(".row").count() == 4  # a row for every seat
        assert page.locator(".sheet .pay").inner_text().strip()
        # Deal on: whoever deals next (here or a computer), the second hand comes.
        if page.locator(".sheet button.primary").count():
            page.locator(".sheet button.primary").tap()
        second = wait_until(page, lambda s: s["hand_no"] == 1, timeout=30)
        if second["phase"] in ("draw", "play"):  # (computers may finish a hand in a few turns)
            assert not page.locator(".sheet").count()
        # Nepali, from the menu: the buttons are the catalog's words.
        page.locator(".top .menu").tap()
        page.locator(".box button[lang=ne]").tap()
        page.locator(".box button.primary").last.tap()  # Close
        ne = language.catalog("ne")
        expect(page.locator(".bar button").first).to_have_text(ne.gettext("Sort"))
        expect(page.locator(".bar button").nth(1)).to_have_text(ne.gettext("Group"))
        assert page.locator(".top .hand-no").inner_text() != "Hand 2 of 2"
        assert not page.errors
        # The leak check: every view the page got is its own seat's, and its hand only.
        views = 0
        for text in frames.texts:
            msg = p.decode_host(text)
            if isinstance(msg, p.Snapshot | p.Updated):
                assert msg.seat == 0
                views += 1
                for e in [*getattr(msg, "events", []), *msg.view.history]:
                    assert e.private_to in (None, 0)
        assert views > len(moves)
