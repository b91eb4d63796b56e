"""``marriage --self-test``: load every asset, then let four bots play one hand off-screen.

It goes through the real App and TableScene loop (no window, no sound card needed) with
animations instant and no bot delay, so a packaged build can be checked on a build machine.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from marriage_gui.app import App

FRAME = 1 / 30
WALL_LIMIT = 240.0  # seconds before the test gives up


class SelfTestError(Exception):
    """The self-test failed; the message says where."""


def check_assets(app: App) -> int:
    """Load every font, card face, the back, sounds and icons; the number of assets loaded."""
    from marriage_gui.art import JOKER, fonts
    from marriage_gui.art.icon import load_icon
    from marriage_gui.art.paths import assets_dir
    from marriage_gui.art.sounds import NAMES

    count = 0
    for script in (fonts.LATIN, fonts.DEVANAGARI, fonts.SYMBOLS):
        for bold in (False, True):
            fonts.face(18, bold, script)
            count += 1
    fonts.render("Marriage म्यारिज ♠♥♦♣", 20)
    art = app.art
    for code in range(JOKER + 1):
        art.face(code, 80)
        count += 1
    art.back(80)
    count += 1
    for name in NAMES:
        path = assets_dir() / "sounds" / f"{name}.wav"
        if not path.is_file():
            raise SelfTestError(f"missing sound {path.name}")
        app.sounds.sound(name)
        count += 1
    load_icon(64)
    return count + 1


def check_languages() -> int:
    """Every language's compiled catalog is carried and says the game's words; the count."""
    from marriage_gui import language

    count = 0
    for code in language.LANGUAGES:
        if code == language.FALLBACK:
            continue
        try:
            words = language.catalog(code)
        except language.UnknownLanguage as exc:
            raise SelfTestError(f"the {code} catalog: {exc}") from None
        if words.gettext("New game") == "New game":
            raise SelfTestError(f"the {code} catalog does not translate the title's words")
        count += 1
    return count


def play_one_hand(app: App, seed: int = 1) -> tuple[int, str]:
    """Four easy bots play one hand through the table scene; (actions, winner)."""
    from marriage_gui.setup import MatchSetup, SeatSetup

    try:
        from marriage_gui.table.scene import TableScene
    except ImportError as exc:
        raise SelfTestError(f"the table is missing ({exc})") from None
    names = ("Sita", "Ram", "Hari", "Gita")
    setup = MatchSetup(tuple(SeatSetup(n, "easy") for n in names), hands=1, seed=seed)
    # The bots think in a worker process, as they do for a player.
    table = TableScene(app, setup, setup.start())
    app.push(table)
    start = time.monotonic()
    try:
        while table.seats.state.result is None:
            if time.monotonic() - start > WALL_LIMIT:
                raise SelfTestError(f"the hand did not finish in {WALL_LIMIT:.0f} s")
            app.step([], FRAME)
            # The real loop sleeps between frames; this one only lets go of the interpreter,
            # so the thread that reads the worker's answers is not kept waiting for it.
            time.sleep(0)
        view = table.seats.state
        result = view.result
        assert result is not None
        who = result.winner
        winner = view.names[who] if who is not None else f"none ({result.reason})"
        return table.match.version, winner
    finally:
        table.close()


def run_self_test(data_dir: str | Path | None = None) -> int:
    """Run the self-test and print one line; 0 on success, 1 on failure."""
    from marriage_gui.app import App
    from marriage_gui.settings import Settings

    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="marriage-selftest-") as tmp:
        # Never touch the player's own saves or statistics.
        root = Path(data_dir) / "self-test" if data_dir else Path(tmp)
        try:
            settings = Settings(animation_speed="instant", bot_delay=0.0, muted=True)
            app = App(headless=True, data_dir=root, settings=settings)
            check_assets(app)
            languages = check_languages()
            # The hand is played in Nepali: its words are shaped and drawn on every frame.
            app.set_language("ne")
            actions, winner = play_one_hand(app)
            app.set_language("en")
            # The LAN table too: a host process and two clients play a hand over 127.0.0.1.
            from marriage_net.selfcheck import loopback_hand

            net_actions, _ending = loopback_hand()
        except SelfTestError as exc:
            print(f"self-test FAILED: {exc}")
            return 1
        except Exception as exc:  # noqa: BLE001 - the point is to report anything at all
            print(f"self-test FAILED: {type(exc).__name__}: {exc}")
            return 1
    took = time.monotonic() - started
    print(
        f"self-test ok: 1 hand, {actions} actions, winner {winner}; "
        f"{languages} translation{'s' if languages != 1 else ''} loaded; "
        f"1 hand over loopback, {net_actions} actions; {took:.1f} s"
    )
    return 0
