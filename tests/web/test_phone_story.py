"""A phone keeps its seat's story as a laptop does: the host sends each update's view without the
history, and the story the page builds from the snapshot and the events it heard is, whenever
the table waits for the phone (its turn, a hand's score sheet), exactly the host's own history
of that seat, through a new hand. No snapshot is asked for along the way. On 127.0.0.1 only."""

import json
import time

from web.pagekit import Frames, phone, play_my_turn, sit_down, wait_until

from engine import PRESETS
from marriage_net import protocol as p
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

#: A match (its seed) whose two hands are short, with more than ten waits for the phone in them
#: (the story is compared at each): a few seconds, where a random deal takes up to half a minute.
SHORT_MATCH = 9


def test_the_pages_story_is_the_hosts_history_through_a_new_hand(browser, monkeypatch):
    from net.tablekit import HostThread, steady_deal

    steady_deal(monkeypatch, SHORT_MATCH)

    def make():
        seats = make_seats([("open", ""), ("easy", "")])
        settings = HostSettings(auto_start=True, tick=0.005)
        return TableHost(seats, PRESETS["nepali"], 2, settings=settings, clock=0)

    def hosts() -> tuple[int, list]:
        match = table.host.match
        view = match.view(0).to_dict()
        # As it travels: the host's own encoding of the seat's view, read back as the page reads it.
        history = json.loads(p.encode_raw("snapshot", seat=0, v=0, view=view))["view"]["history"]
        return match.version, history

    table = HostThread(make)
    page = phone(browser)
    frames = Frames(page)
    try:
        sit_down(page, f"http://127.0.0.1:{table.port}/?code={table.code}", "Asha")
        compared, hands, seen = 0, set(), -1
        end = time.monotonic() + 240
        while True:
            assert time.monotonic() < end, "the match did not finish in time"
            # The table waits for her: her turn, or a hand's end (the host waits for Next hand).
            st = wait_until(
                page,
                lambda s: (
                    s["phase"] in ("hand_over", "match_over") or (s["mine"] and not s["dialog"])
                ),
                timeout=60,
            )
            version, history = table.call(hosts)
            if st["v"] == version and st["v"] != seen:
                story = page.evaluate("() => window.marriage.S.story")
                assert story == history, f"at version {version}"
                compared, seen = compared + 1, version
                hands.add(st["hand_no"])
            if st["phase"] == "match_over":
                break
            if st["phase"] == "hand_over":
                page.locator(".sheet button.primary").tap()
                wait_until(page, lambda s, v=st["v"]: s["v"] > v, timeout=60)
                continue
            play_my_turn(page, st)
            wait_until(page, lambda s, v=st["v"]: s["v"] > v, timeout=60)
        assert hands == {0, 1} and compared >= 10, (hands, compared)
        # The story was kept, not fetched again: one snapshot, the one on sitting down, and the
        # page never asked for another.
        heard = [json.loads(t) for t in list(frames.texts)]
        assert sum(1 for m in heard if m.get("type") == "snapshot") == 1
        assert not page.errors
    finally:
        page.context.close()
        table.stop()


def test_a_gap_in_the_updates_asks_for_the_seats_snapshot_once(browser):
    """Updates that skip a version are not taken in: the page asks once for its seat's snapshot
    however many such come before it, and after the snapshot a new gap asks again."""
    from net.tablekit import HostThread

    def make():
        seats = make_seats([("open", ""), ("easy", "")])
        settings = HostSettings(auto_start=True, tick=0.005)
        return TableHost(seats, PRESETS["nepali"], 1, settings=settings, clock=0)

    table = HostThread(make)
    page = phone(browser)
    asked: list[dict] = []
    snapshots: list[int] = []

    def socket(ws) -> None:
        def sent(payload) -> None:
            msg = json.loads(payload)
            if msg.get("type") == "resync":
                asked.append(msg)

        def received(payload) -> None:
            if json.loads(payload).get("type") == "snapshot":
                snapshots.append(1)

        ws.on("framesent", sent)
        ws.on("framereceived", received)

    page.on("websocket", socket)
    skipped = """(n) => {
      const S = window.marriage.S;
      for (let i = 0; i < n; i++) {
        const update = { type: "update", seat: S.seat, v: S.v + 2 + i, events: [], view: S.view };
        S.table.hear(update, performance.now() / 1000);
      }
      return S.v;
    }"""
    try:
        sit_down(page, f"http://127.0.0.1:{table.port}/?code={table.code}", "Asha")
        st = wait_until(page, lambda s: s["mine"] and not s["dialog"], timeout=60)
        assert len(snapshots) == 1 and not asked
        # Three updates from beyond a gap: the view stays as it was, and one snapshot is asked for.
        assert page.evaluate(skipped, 3) == st["v"]
        wait_until(page, lambda s: len(snapshots) >= 2, timeout=30)
        assert asked == [{"type": "resync", "seat": 0}]
        assert wait_until(page, lambda s: s["mine"])["v"] == st["v"]
        # A gap after the snapshot is a new one: asked for again, once.
        page.evaluate(skipped, 2)
        wait_until(page, lambda s: len(snapshots) >= 3, timeout=30)
        assert len(asked) == 2 and not page.errors
    finally:
        page.context.close()
        table.stop()
