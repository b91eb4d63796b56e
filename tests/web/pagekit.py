"""Helpers for the phone page's tests: a real ``marriage --serve`` table on 127.0.0.1, the
system's Chromium driven by Playwright with a phone's viewport and touch, and a player who
plays the page by tapping it as a person would.

Playwright never downloads a browser here: it drives the system's Chromium
(``MARRIAGE_CHROMIUM`` or ``chromium`` on the PATH), headless, with nothing that reaches out.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest

LOOPBACK = "127.0.0.1"
#: A 6-inch phone on its side, in CSS pixels.
PHONE = {"width": 844, "height": 390}
#: Chromium's switches: headless, no sandbox (CI runs as root), and nothing that phones home.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def chromium_path() -> str | None:
    """The system's Chromium, if it is installed."""
    wanted = os.environ.get("MARRIAGE_CHROMIUM")
    if wanted:
        return wanted if Path(wanted).is_file() else None
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def need_browser() -> str:
    """The Chromium path; the test is skipped without one (a failure under CI, where
    ``.ci/run`` installs it)."""
    path = chromium_path()
    try:
        import playwright  # noqa: F401
    except ImportError:
        path = None
    if path is None:
        message = "the phone page's tests need Chromium and Playwright (pip install -e '.[test]')"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


class ServedTable:
    """``marriage --serve`` in a process of its own, on 127.0.0.1 and a port the system picks."""

    def __init__(self, *args: str) -> None:
        exe = Path(sys.executable).parent / "marriage"
        command = [str(exe)] if exe.is_file() else [sys.executable, "-m", "marriage_gui"]
        self.proc = subprocess.Popen(
            [*command, "--serve", "--address", LOOPBACK, "--port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "MARRIAGE_DISCOVERY": LOOPBACK},
        )
        assert self.proc.stdout is not None
        lines = [self.proc.stdout.readline(), self.proc.stdout.readline()]
        found = re.search(r"port (\d+)", lines[0])
        code = re.search(r"code: (\d+)", lines[1])
        if found is None or code is None:
            self.stop()
            raise RuntimeError(f"the table did not open: {lines}")
        self.port = int(found.group(1))
        self.code = code.group(1)
        #: The table's log, read as it comes (a pipe nobody reads would fill and stop the table).
        self.log: list[str] = [*lines]
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.log.append(line.rstrip("\n"))

    @property
    def url(self) -> str:
        """The address a phone opens (as the lobby's QR code gives it)."""
        return f"http://{LOOPBACK}:{self.port}/?code={self.code}"

    def stop(self) -> None:
        """Close the table and wait for its process."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


@contextmanager
def served(*args: str) -> Iterator[ServedTable]:
    table = ServedTable(*args)
    try:
        yield table
    finally:
        table.stop()


class Frames:
    """Every message a page's socket received, as the host sent it (for the leak check)."""

    def __init__(self, page: Any) -> None:
        self.texts: list[str] = []
        page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: Any) -> None:
        if isinstance(payload, str):
            self.texts.append(payload)


def phone(browser: Any, locale: str = "en-GB", pixels: int = 3) -> Any:
    """A new phone: its own storage, a landscape 6-inch screen at three device pixels (or
    ``pixels``) to the CSS pixel, touch."""
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=pixels,
        has_touch=True,
        is_mobile=True,
        locale=locale,
    )
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return page


#: What the page holds now, read in the page: its seat, version, the view's essentials.
STATE_JS = """() => {
  const S = window.marriage && window.marriage.S;
  if (!S) return {};
  const v = S.view;
  return {
    screen: S.screen, seat: S.seat, v: S.v, conn: S.conn,
    phase: v && v.phase, hand_no: v && v.hand_no, mine: !!v && v.current_player === S.seat,
    legal: v ? v.legal : [], hand: v ? v.hand : [], groups: v ? v.groups : [],
    order: window.marriage.fan.order, dialog: !!S.dialog,
    note: S.note ? S.note.why : null, final: !!S.final, line: S.line, problem: S.problem,
    paused: S.quietSince !== null, clock: S.clock && S.clock.seat,
    left: S.clock ? window.marriage.secondsLeft() : null,
  };
}"""

#: The page's state with its key (all of it but the seconds left, which run on by themselves),
#: once the key is not ``prev``: a wait in the page for it to change.
CHANGED_JS = f"""(prev) => {{
  const s = ({STATE_JS})();
  const key = JSON.stringify({{...s, left: null}});
  return key !== prev ? [key, s] : false;
}}"""


def state(page: Any) -> dict[str, Any]:
    """What the page holds now: its seat, version, the view's essentials."""
    found: dict[str, Any] = page.evaluate(STATE_JS)
    return found


def wait_until(page: Any, test: Callable[[dict[str, Any]], bool], timeout: float = 30) -> dict:
    """Wait until ``test`` holds of the page's state (the last state is returned).

    The page is asked again as soon as its state changes (the page itself watches for that,
    every 10 ms), and at least every 100 ms (for a test that looks at the seconds left, or
    at what else the test heard meanwhile)."""
    from playwright.sync_api import TimeoutError as Unchanged

    end = time.monotonic() + timeout
    key, now = None, {}
    while True:
        # A first look (or a look again) answers at once; a wait for a change, within 100 ms.
        left = max(1.0, end - time.monotonic()) if key is None else 0.1
        try:
            found = page.wait_for_function(CHANGED_JS, arg=key, polling=10, timeout=left * 1000)
        except Unchanged:
            key = None  # look again all the same
        else:
            key, now = found.json_value()
            found.dispose()
            if test(now):
                return now
        if time.monotonic() > end:
            raise AssertionError(f"the page never got there: {json.dumps(now)[:600]}")


def wait_for_news(page: Any, timeout: float = 0.1) -> None:
    """Wait until the page's state changes from what it is now (the page watches every 10 ms),
    at most ``timeout`` seconds: a wait for the next move anyone makes at the table."""
    from playwright.sync_api import TimeoutError as Unchanged

    found = page.evaluate_handle(CHANGED_JS, None)
    key = found.json_value()[0]
    found.dispose()
    with suppress(Unchanged):
        page.wait_for_function(CHANGED_JS, arg=key, polling=10, timeout=timeout * 1000).dispose()


def sit_down(page: Any, url: str, name: str, seat: int | None = None) -> dict[str, Any]:
    """Open ``url``, type ``name`` and join; take ``seat`` from the open seats shown (None: the
    table's one open seat, taken by itself). The page's state once seated."""
    page.goto(url)
    page.fill("#name", name)
    page.locator("button[type=submit]").tap()
    if seat is not None:
        page.locator(f'.seat-row.free[data-seat="{seat}"]').tap()
    return wait_until(page, lambda s: s.get("seat") is not None)


def loose_card(st: dict[str, Any]) -> int:
    """A card the page may throw: one of the loose cards the engine's grouping leaves, if one
    may go, else any card whose discard is legal."""
    ids = [*(st["groups"][-1] if st["groups"] else []), *st["order"]]
    for cid in ids:
        if discard_text(cid) in st["legal"]:
            return int(cid)
    raise AssertionError(f"no card may be thrown: {st['legal'][:8]}")


def discard_text(cid: int) -> str:
    code = cid % 52 if cid < 156 else 52
    if code == 52:
        return "discard JK"
    return f"discard {'23456789TJQKA'[code % 13]}{'SHDC'[code // 13]}"


def play_my_turn(page: Any, st: dict[str, Any], drag: bool = False) -> str:
    """Play the seat's turn by touch, as a person would; what was done. A turn the table took
    meanwhile (the turn clock ran out on a busy machine, and a computer played it) ends the
    try; any other tap that finds nothing to tap fails."""
    legal = st["legal"]
    tap = _tapper(page, st)
    if st["phase"] == "draw":
        if any(a.startswith("expose tunnela") for a in legal):
            tap(page.locator(".bar button", has_text=re.compile("Expose|खोल")).first)
            return "expose"
        tap(page.locator(".pile.stock"))
        return "draw"
    if any(a.startswith("go out") for a in legal):
        if tap(page.locator(".bar button").nth(-1)):  # Go out
            tap(page.locator(".box button.primary"))
        return "go out"
    if any(a.startswith("see") for a in legal):
        tap(page.locator(".bar button.primary", has_text=re.compile("See|हेर")))
        return "see"
    cid = loose_card(st)
    card = page.locator(f'.hand .card[data-id="{cid}"]')
    if drag:
        if card.count():
            drag_to_pile(page, card)
        return "discard (dragged)"
    if tap(card, position={"x": 8, "y": 24}):
        tap(page.locator(".pile.discards"))
    return "discard"


def _tapper(page: Any, st: dict[str, Any]) -> Callable[..., bool]:
    """A tap that answers False when the table moved on past ``st`` before it could be made."""
    from playwright.sync_api import TimeoutError as NothingToTap

    def tap(target: Any, **where: Any) -> bool:
        try:
            target.tap(timeout=20_000, **where)
            return True
        except NothingToTap:
            if state(page).get("v") != st["v"]:
                return False  # a computer played the turn meanwhile
            raise

    return tap


def drag_to_pile(page: Any, card: Any) -> None:
    """A finger drags ``card`` onto the discard pile (touch events, through the DevTools), from
    where the card is once the hand has settled (a card still sliding to its place is not where
    a finger would press it)."""
    # Visible, still, and the card a finger touches where this one presses it.
    card.tap(trial=True, position={"x": 12, "y": 20}, timeout=20_000)
    start = card.bounding_box()
    pile = page.locator(".pile.discards").bounding_box()
    x0, y0 = start["x"] + 12, start["y"] + 20
    x1, y1 = pile["x"] + pile["width"] / 2, pile["y"] + pile["height"] / 2
    touch(
        page, [(x0, y0)] + [(x0 + (x1 - x0) * k / 12, y0 + (y1 - y0) * k / 12) for k in range(13)]
    )


def touch(page: Any, points: list[tuple[float, float]], wait_ms: int = 16) -> None:
    """One finger pressed at the first point, moved through the rest, lifted at the last."""
    cdp = page.context.new_cdp_session(page)
    try:
        first = points[0]
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [_pt(first)]})
        for pt in points[1:]:
            page.wait_for_timeout(wait_ms)
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [_pt(pt)]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def _pt(p: tuple[float, float]) -> dict[str, float]:
    return {"x": p[0], "y": p[1], "id": 1, "radiusX": 4, "radiusY": 4, "force": 1}


def set_clock(table: Any, seconds: int) -> None:
    """Change a test host's turn clock now, as the host's own screen may at any time (any
    number of seconds, short ones too); every screen hears it."""

    def change() -> None:
        table.host.cover.set_clock(seconds, time.monotonic())
        table.host._broadcast_clock()

    table.call(change)
