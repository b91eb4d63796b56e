"""The turn clock on a phone, as fair as on a laptop: it counts from when the host sent it (the
page's reckoning of each message's lateness is the laptops' own, checked number for number); run
out twice, a computer keeps the seat, the page says so and tells what it played, and a tap on
that news gives the seat back; while the host is stopped, the clock stands still ("paused") and
the host's absence is charged to nobody."""

import os
import random
import re
import signal
import sys
import time

import pytest
from net.tablekit import HostThread, SlowLine, steady_deal, wait_for
from playwright.sync_api import expect
from web.pagekit import (
    Frames,
    loose_card,
    phone,
    play_my_turn,
    served,
    set_clock,
    sit_down,
    state,
    touch,
    wait_until,
)

from engine import PRESETS
from marriage_net import protocol as p
from marriage_net.host import HostSettings, TableHost
from marriage_net.news import Lateness
from marriage_net.seats import make_seats


def test_a_computer_keeps_a_silent_seat_and_a_tap_gives_it_back(browser, monkeypatch):
    # A one-hand match in a deal that lasts: one that someone goes out on at once would end
    # the match before her clock could run out twice (see ``steady_deal``).
    steady_deal(monkeypatch)

    def make():
        seats = make_seats([("open", ""), ("easy", ""), ("easy", "")])
        settings = HostSettings(auto_start=True, tick=0.005, substitute="easy")
        # A clock long enough to be seen on a busy machine; shortened below to run out.
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings, clock=30)

    table = HostThread(make)
    page = phone(browser)
    try:
        sit_down(page, f"http://127.0.0.1:{table.port}/?code={table.code}", "Asha")
        # Her turn: the prompt counts her seconds down.
        wait_until(page, lambda s: s["mine"] and s["clock"] == 0, timeout=60)
        expect(page.locator(".bar .prompt")).to_contain_text(re.compile(r"·\s+\d+ s$"))
        # She does nothing, with a short clock (the host's screen may change it at any time):
        # twice it runs out, and a computer keeps her seat.
        set_clock(table, 1)
        news = page.locator(".banner")
        assert wait_for(lambda: table.call(lambda: 0 in table.host.cover.kept), timeout=120)
        expect(news).to_contain_text("A computer is playing for you", timeout=60_000)
        # The move the computer made when her clock first ran out is told in a note, which
        # stops nothing (no box over the table).
        st = wait_until(page, lambda s: s["note"] == "clock")
        assert not st["dialog"]
        note = page.locator(".note")
        expect(note.locator("h2")).to_have_text("Your turn clock ran out")
        expect(note).to_contain_text("The computer played for you:")
        assert table.call(lambda: table.host.match.driver(0)) != "human"
        # Nothing takes the seat from her once she is back (no clock from now on); a tap on
        # the news gives it back.
        set_clock(table, 0)
        news.tap()
        expect(news).not_to_contain_text("A computer is playing for you")
        assert wait_for(lambda: table.call(lambda: table.host.match.driver(0)) == "human")
        assert state(page)["seat"] == 0 and not page.errors
    finally:
        page.context.close()
        table.stop()


def test_the_pages_reckoning_of_lateness_is_the_laptops(browser):
    """Messages stamped on the host's clock, arriving late by chance on another clock: the page
    reckons when each was sent exactly as ``marriage_net.news.Lateness`` does."""
    table = HostThread(
        lambda: TableHost(make_seats([("open", ""), ("easy", "")]), PRESETS["nepali"], 1)
    )
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(f"http://127.0.0.1:{table.port}/")
        page.evaluate("async () => { window.clock = await import('./clock.js'); }")
        rng = random.Random(33)
        for _ in range(20):
            rtt = rng.choice([0.0, 0.004, 0.3, 0.6])
            skew = rng.uniform(-5000, 5000)  # the two clocks need not agree
            arrivals, t = [], 100.0
            for _ in range(40):
                t += rng.expovariate(1 / 3)  # a message every few seconds, some a minute apart
                at = None if rng.random() < 0.1 else t - skew - rng.choice([0, 0, 0.05, 1.0, 3.0])
                arrivals.append((at, t))
            ours = Lateness()
            ours.rtt = rtt
            want = [ours.sent_at(at, now) for at, now in arrivals]
            got = page.evaluate(
                """([rtt, arrivals]) => {
                  const late = new window.clock.Lateness();
                  late.rtt = rtt;
                  return arrivals.map(([at, now]) => late.sentAt(at, now));
                }""",
                [rtt, arrivals],
            )
            assert got == pytest.approx(want, abs=1e-9)
            # A turn clock sent with 20 s left counts from when it was sent, less the lead.
            left = page.evaluate(
                """([sent, at]) => {
                  const c = window.clock.turnClock({seat: 0, seconds: 20, total: 30}, sent, 0.15);
                  return window.clock.secondsLeft(c, at);
                }""",
                [want[-1], arrivals[-1][1] + 2],
            )
            assert left == pytest.approx(max(0.0, 20 - (arrivals[-1][1] + 2 - want[-1]) - 0.15))
    finally:
        context.close()
        table.stop()


@pytest.mark.skipif(sys.platform == "win32", reason="stops the table's process with SIGSTOP")
def test_the_clock_stands_still_while_the_host_is_stopped_and_nobody_is_charged(browser):
    with served("--seats", "open,easy", "--hands", "1", "--clock", "30") as table:
        page = phone(browser)
        sit_down(page, table.url, "Asha")
        wait_until(page, lambda s: s["mine"] and s["clock"] == 0 and s["left"] > 15, timeout=60)
        prompt = page.locator(".bar .prompt")
        # A silent table is asked after a second, and given a second to answer (a phone's own
        # waits are longer: the claim is the same).
        page.evaluate("() => Object.assign(window.marriage.S.table.probe, {after: 1, wait: 1})")
        os.kill(table.proc.pid, signal.SIGSTOP)  # the host's laptop sleeps
        try:
            # The page soon finds the table does not answer: her clock stands still.
            stopped_at = time.monotonic()
            st = wait_until(page, lambda s: s["paused"], timeout=30)
            expect(prompt).to_contain_text(re.compile(r"·\s+\d+ s, paused$"))
            stood = st["left"]
            page.wait_for_timeout(1500)  # the clock is looked at again a while later
            assert state(page)["left"] == stood
        finally:
            os.kill(table.proc.pid, signal.SIGCONT)
            woke = time.monotonic()
        asleep = woke - stopped_at
        # The host wakes, and counts its absence against nobody: she is back at the table with
        # the seconds she had, less at most the time the host has been awake since (the page
        # takes its line up again on its own schedule, slower on a busy machine), not fewer by
        # the time it slept.
        st = wait_until(
            page, lambda s: not s["paused"] and s["conn"] == "open" and s["clock"] == 0, timeout=60
        )
        awake = time.monotonic() - woke
        assert stood - st["left"] <= awake + 0.5, (st["left"], stood, awake, asleep)
        expect(prompt).not_to_contain_text("paused")
        assert st["seat"] == 0 and st["mine"] and not page.errors
        page.context.close()


def test_a_move_in_time_on_the_phones_screen_over_a_slow_line_keeps_the_turn(browser):
    """300 ms each way, and the message that starts her clock a whole second late on top: she
    draws at once and throws one second before the deadline her screen shows, and keeps the
    turn, every time (as a laptop does: tests/net/test_slow_clock.py).

    On a busy machine the test waits on the page itself: the throw is made when the page's own
    count says one second is left (not after a sleep reckoned from an earlier look), with the
    card chosen beforehand and the pile tapped by one touch; and the page notes the seconds
    its screen showed left as each move went out, so the claim is checked as made. The line
    is the table's: the page's own files come at once (their loading is not the claim); the
    clock leaves her two seconds to draw in, beyond the late second and the throw's."""
    clock, delay, stall, before, turns = 5, 0.3, 1.0, 1.0, 3

    def make():
        seats = make_seats([("open", ""), ("easy", "")])
        settings = HostSettings(auto_start=True, tick=0.005, substitute="easy", grace=60)
        return TableHost(seats, PRESETS["nepali"], 5, settings=settings, clock=clock)

    def late(chunk: bytes) -> bool:
        return b'"type":"clock","seat":0,' in chunk

    table = HostThread(make)
    line = SlowLine(table.port, delay, stall, late, sockets_only=True)
    page = phone(browser)
    # The seconds her screen showed left as each of her moves went out.
    page.add_init_script(SENT_LEFT)
    frames = Frames(page)
    kept, thrown, stalled = 0, [], 0
    try:
        sit_down(page, f"http://127.0.0.1:{line.port}/?code={table.code}", "Asha")
        end = time.monotonic() + 240
        while kept < turns and time.monotonic() < end:
            st = wait_until(
                page,
                lambda s: s["phase"] == "hand_over" or (s["mine"] and s["clock"] == 0),
                timeout=60,
            )
            if st["phase"] == "hand_over":
                page.locator(".sheet button.primary").tap()
                wait_until(page, lambda s: s["phase"] != "hand_over")
                continue
            # She draws (and shows her melds, if she will) at once ...
            while st["mine"] and (
                st["phase"] == "draw" or any(a.startswith("see") for a in st["legal"])
            ):
                play_my_turn(page, st)
                st = wait_until(page, lambda s, v=st["v"]: s["v"] > v)
            if any(a.startswith("go out") for a in st["legal"]):
                play_my_turn(page, st)  # going out is not this test's move
                wait_until(page, lambda s, v=st["v"]: s["v"] > v)
                continue
            # A turn whose clock came a second late counts (every one of hers does: the line
            # holds each from the start).
            late_clock, stalled = line.stalled > stalled, line.stalled
            # ... chooses the card to throw, and throws it when her screen says one second is
            # left before its deadline (a turn that does not count, its clock not late, is
            # thrown at once: its wait would prove nothing).
            page.locator(f'.hand .card[data-id="{loose_card(st)}"]').tap(position={"x": 8, "y": 24})
            pile = page.locator(".pile.discards").bounding_box()
            if late_clock:
                page.wait_for_function(
                    f"() => window.marriage.secondsLeft() <= {before}", polling=20, timeout=30_000
                )
            touch(page, [(pile["x"] + pile["width"] / 2, pile["y"] + pile["height"] / 2)])
            st = wait_until(page, lambda s, v=st["v"]: s["v"] > v)
            if late_clock:
                thrown.append(page.evaluate("() => window.sentLeft[window.sentLeft.length - 1]"))
            kept += late_clock
        assert kept == turns and len(thrown) == turns
        assert line.stalled >= turns  # every one of her clocks came a second late
        # Every throw that counts went out with time left on her screen, and not much more
        # than a second.
        assert all(0 < left <= before + 0.2 for left in thrown), thrown
        heard = [p.decode_host(t) for t in list(frames.texts)]
        # Her own moves went in, every one: the computer never moved for her.
        assert not [
            m for m in heard if isinstance(m, p.SeatStatus) and m.seat == 0 and m.bot_playing
        ]
        assert not [m for m in heard if isinstance(m, p.Covered) and m.seat == 0]
        assert not [m for m in heard if isinstance(m, p.Refused)]
        assert not page.errors
    finally:
        line.cut()  # no goodbye waits for the line's delay
        page.context.close()
        line.stop()
        table.stop()


#: Run in the page before its own scripts: each move sent notes the seconds its screen showed.
SENT_LEFT = """
window.sentLeft = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  if (typeof data === "string" && data.includes('"type":"act"') && window.marriage) {
    window.sentLeft.push(window.marriage.secondsLeft());
  }
  return send.call(this, data);
};
"""
