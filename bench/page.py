"""The phone page: its weight, the time to the first move, and frame times while dragging.

    python bench/page.py [--runs 3] [--slowdown 4]

Against a real ``marriage --serve`` table on 127.0.0.1, in the system's headless Chromium with
a phone's screen (844x390 CSS px at 3x) and touch, its CPU slowed ``--slowdown`` times (4: a
mid phone) through the DevTools' ``Emulation.setCPUThrottlingRate``. Prints:

- the load average first (wall-clock figures on a shared machine read beside it);
- the page's weight: every file as stored and as sent gzipped, and what a first load in
  English and in Nepali fetches (bar: the whole page with art <= 1.5 MB);
- time to the first move: a new phone from opening the address to its join screen, from Join
  to a table it can play (typing the name left out), and a phone that comes back (its seat
  kept) from opening the address to its table (bar: <= 3 s);
- frame intervals while a finger drags a card along the hand (rAF timestamps): p50, p95, p99,
  the share of frames slower than a 60 Hz frame, and the page's main-thread CPU per frame
  (DevTools' TaskDuration), beside the same page left still for as long (the peer: what the
  headless compositor gives with nothing to do) (bar: 60 frames a second, p95 <= 16.7 ms).

Everything connects to 127.0.0.1 only; the browser, the table and the bench stop by themselves.
"""

from __future__ import annotations

import argparse
import gzip
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from web.pagekit import (  # noqa: E402
    CHROMIUM_ARGS,
    PHONE,
    chromium_path,
    served,
    state,
    touch,
    wait_until,
)

from marriage_net.page import FILES, load_files  # noqa: E402

FRAME_60HZ = 1000 / 60
ENGLISH_ONLY = {"/words-ne.json", "/deva.ttf", "/deva-bold.ttf"}


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))] if s else float("nan")


def weight() -> None:
    files = load_files()
    raw = sum(len(f.body) for f in files.values())
    sent = sum(len(f.zipped or f.body) for f in files.values())
    english = sum(len(f.zipped or f.body) for a, f in files.items() if a not in ENGLISH_ONLY)
    print(
        f"page weight: {len(files)} files, {raw / 1024:.0f} KiB stored, {sent / 1024:.0f} KiB "
        f"as sent  [bar <= {1.5 * 1024:.0f} KiB]"
    )
    print(
        f"  a first load in English: {english / 1024:.0f} KiB; in Nepali (+ its catalog and "
        f"Devanagari type): {sent / 1024:.0f} KiB"
    )
    for address, f in sorted(files.items(), key=lambda kv: -len(kv[1].body)):
        zipped = f"{len(f.zipped) / 1024:7.1f} KiB gzipped" if f.zipped else ""
        print(f"    {address:18} {len(f.body) / 1024:7.1f} KiB {zipped}")
    assert set(files) == set(FILES)
    assert gzip  # noqa: B018  (the door gzips text with the standard library)


def phone(browser, slowdown: float):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=3, has_touch=True, is_mobile=True, locale="en-GB"
    )
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    cdp.send("Performance.enable")
    return page, cdp


def first_move(browser, slowdown: float) -> dict[str, float]:
    out = {}
    with served("--seats", "open,medium,medium,medium", "--clock", "0") as table:
        page, _cdp = phone(browser, slowdown)
        t0 = time.perf_counter()
        page.goto(table.url, wait_until="commit")
        page.locator("#name").wait_for()
        out["open -> join screen"] = time.perf_counter() - t0
        page.fill("#name", "Asha")
        t1 = time.perf_counter()
        page.locator("button[type=submit]").tap()
        wait_until(page, lambda s: s.get("screen") == "table", timeout=30)
        page.locator(".hand .card").first.wait_for()
        page.locator(".bar button").first.wait_for()
        out["Join -> table"] = time.perf_counter() - t1
        t2 = time.perf_counter()
        page.goto(table.url, wait_until="commit")
        wait_until(page, lambda s: s.get("screen") == "table" and s["v"] >= 0, timeout=30)
        page.locator(".hand .card").first.wait_for()
        out["open -> table (seat kept)"] = time.perf_counter() - t2
        page.context.close()
    return out


RECORD = """() => {
  window.benchFrames = [];
  window.benchOn = true;
  const step = (t) => { window.benchFrames.push(t); if (window.benchOn) requestAnimationFrame(step); };
  requestAnimationFrame(step);
}"""


def frames(browser, slowdown: float) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    with served("--seats", "open,medium,medium,medium", "--clock", "0") as table:
        page, cdp = phone(browser, slowdown)
        page.goto(table.url)
        page.fill("#name", "Asha")
        page.locator("button[type=submit]").tap()
        wait_until(page, lambda s: s.get("screen") == "table")
        page.locator(".hand .card").first.wait_for()
        page.wait_for_timeout(500)
        for what in ("still (peer)", "drag"):
            before = _task(cdp)
            page.evaluate(RECORD)
            if what == "drag":
                st = state(page)
                first = page.locator(f'.hand .card[data-id="{st["order"][0]}"]').bounding_box()
                x, y = first["x"] + 10, first["y"] + 30
                width = PHONE["width"] - 80
                path = [(x, y)]
                for k in range(1, 121):  # along the hand and back, a step each 60 Hz frame
                    u = k / 60 if k <= 60 else 2 - k / 60
                    path.append((x + u * (width - x), y - 10))
                touch(page, path, wait_ms=16)
            else:
                page.wait_for_timeout(120 * 16 + 500)
            page.evaluate("() => { window.benchOn = false; }")
            stamps = page.evaluate("() => window.benchFrames")
            gaps = [b - a for a, b in zip(stamps, stamps[1:], strict=False)]
            out[what] = gaps
            out[what + " cpu"] = [(_task(cdp) - before) * 1000 / max(1, len(gaps))]
        assert state(page).get("screen") == "table"
        page.context.close()
    return out


def _task(cdp) -> float:
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return next(m["value"] for m in metrics if m["name"] == "TaskDuration")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--slowdown", type=float, default=4.0)
    args = parser.parse_args()
    path = chromium_path()
    if path is None:
        print("bench/page.py needs Chromium (apt-get install chromium)", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"load average (1 min) {load:.2f} on {os.cpu_count()} CPUs; {args.runs} runs; "
        f"Chromium's CPU slowed {args.slowdown:g}x; a phone of {PHONE['width']}x"
        f"{PHONE['height']} CSS px at 3x, touch"
    )
    weight()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        firsts = [first_move(browser, args.slowdown) for _ in range(args.runs)]
        print("time to the first move (medians; wall clock, loopback)  [bar <= 3 s]")
        for key in firsts[0]:
            values = [f[key] for f in firsts]
            print(
                f"  {key:28} {statistics.median(values) * 1000:7.0f} ms  "
                f"(runs: {', '.join(f'{v * 1000:.0f}' for v in values)})"
            )
        runs = [frames(browser, args.slowdown) for _ in range(args.runs)]
        browser.close()
    print(
        "frames while a finger drags a card along the hand (rAF intervals, all runs)  "
        "[bar: p95 <= 16.7 ms]"
    )
    for what in ("drag", "still (peer)"):
        gaps = [g for r in runs for g in r[what]]
        cpu = statistics.median(c for r in runs for c in r[what + " cpu"])
        slow = sum(g > FRAME_60HZ * 1.5 for g in gaps) / max(1, len(gaps))
        print(
            f"  {what:13} main-thread CPU {cpu:5.2f} ms a frame; {len(gaps)} frames: "
            f"p50 {pct(gaps, 0.5):5.2f}  p95 {pct(gaps, 0.95):5.2f}  p99 {pct(gaps, 0.99):5.2f}"
            f"  max {max(gaps):6.2f} ms; {slow:.1%} frames missed a 60 Hz beat"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
