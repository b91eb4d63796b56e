"""What people see when a laptop at the table dies: real apps, drawn words.

Asha plays in an app in this process (its frames are drawn and read); Bina's app runs in a
process of its own and is killed (-9) on her turn. Asha's screen shows Bina's seat waiting with
its seconds and a banner, then the computer covering her, in the plate, the banner and the log.
Bina's app, started again on the same data folder, sits back down by itself and tells her what
the computer played for her. Everything runs on 127.0.0.1.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from net.screenkit import PICTURES
from net.screenkit import keep_picture as _keep
from net.tablekit import HostThread, wait_for
from net.test_killed_app import LOOPBACK, AppProcess, _turn_of

from engine import PRESETS
from engine.actions import DrawStock
from marriage_gui.app import App
from marriage_gui.art import fonts
from marriage_gui.table.net import NetTableScene
from marriage_gui.ui import theme
from marriage_net import protocol as p
from marriage_net.client import PLAYING, RemoteMatch
from marriage_net.host import HostSettings, TableHost
from marriage_net.seats import make_seats

GRACE = 1.5


def _drawn(app: App, monkeypatch: pytest.MonkeyPatch) -> str:
    """One frame of ``app``, and every word it drew, as one text (the spy listens during the
    step itself: the table's still layer is drawn only in the frame where it changes)."""
    theme.text.cache_clear()
    seen: list[str] = []
    real = fonts.render

    def spy(text, *args, **kwargs):
        seen.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(fonts, "render", spy)
    app.step([], 1 / 30)
    monkeypatch.setattr(fonts, "render", real)
    return "\n".join(seen)


class AshaScreen:
    """Asha's app: it plays her seat whenever it is her turn (a draw, then the first discard)."""

    def __init__(self, app: App, remote: RemoteMatch) -> None:
        self.app, self.remote = app, remote
        self.scene = NetTableScene(app, remote)
        app.push(self.scene)

    def frame(self, monkeypatch: pytest.MonkeyPatch) -> str:
        top = self.app.scene
        if top is not self.scene and top is not None and top.name == "hand_result":
            top.proceed()  # type: ignore[attr-defined]  # on to the next hand, as Asha would
        v = self.remote.view(1)
        if (
            v.current_player == 1
            and v.legal
            and not v.hand_over
            and self.scene.actions.turn.sent is None
        ):
            draw = [a for a in v.legal if isinstance(a, DrawStock)]
            self.remote.submit(1, draw[0] if draw else v.legal[-1])
        return _drawn(self.app, monkeypatch)

    def until(self, want, monkeypatch, timeout: float = 30.0) -> str:
        """Frames until the drawn words contain every text of ``want``; those words."""
        import time

        end = time.monotonic() + timeout
        words = ""
        while time.monotonic() < end:
            words = self.frame(monkeypatch)
            if all(w in words for w in want):
                return words
            time.sleep(0.02)
        raise AssertionError(f"never drawn: {want}; last frame drew: {words[-600:]}")


def test_a_missing_seat_shows_on_the_other_screens_and_its_person_is_told(tmp_path, monkeypatch):
    def make():
        seats = make_seats([("open", ""), ("open", ""), ("easy", "")])
        settings = HostSettings(auto_start=True, grace=GRACE, tick=0.005, substitute="easy")
        return TableHost(seats, PRESETS["nepali"], 3, settings=settings, clock=0)

    table = HostThread(make)
    bina = AppProcess(tmp_path / "bina", "join", f"{LOOPBACK}:{table.port}", table.code, "Bina", 0)
    asha_remote: RemoteMatch | None = None
    app = App((1280, 800), headless=True, data_dir=tmp_path / "asha")
    app.settings.animation_speed = "instant"
    again = None
    stopped = False
    try:
        bina.until(lambda r: r.get("seats") == [0])  # Bina sits; the table waits for Asha
        asha_remote = RemoteMatch(LOOPBACK, table.port, table.code, "Asha", seat=1)
        bina.until(lambda r: r["scene"] == "table" and r.get("hand"))
        assert wait_for(lambda: asha_remote.refresh().state == PLAYING, timeout=30)
        assert wait_for(lambda: asha_remote.has_view(1), timeout=30)
        asha = AshaScreen(app, asha_remote)
        # Play on (Asha's moves are made for her) until it is Bina's turn; then her laptop dies.
        end_turn = _turn_of(table, 0)
        for _ in range(3000):
            asha.frame(monkeypatch)
            if end_turn():
                break
        assert end_turn()
        bina.kill()
        words = asha.until(["Away · ", "Bina's connection dropped"], monkeypatch)
        assert "a computer plays for Bina in" in words
        _keep(app, "lan-missing-seat")
        words = asha.until(["Computer plays"], monkeypatch)
        assert "A computer plays for Bina until Bina is back" in words
        _keep(app, "lan-computer-plays")
        assert "A computer took over Bina's seat" in [
            line.english for line in asha.scene.seats.log.lines
        ]
        # Bina's app starts again on the same data folder: back in her seat, and told.
        again = AppProcess(tmp_path / "bina", "rejoin")
        told = again.until(lambda r: "The computer played for you" in "\n".join(r["drawn"]), 60)
        assert told["scene"] == "table" and told["seats"] == [0]
        assert "Welcome back" in told["drawn"]
        note = next(t for t in told["drawn"] if "The computer played for you" in t)
        assert "Bina" not in note  # said to her: "drew from the stock", not "Bina drew…"
        if PICTURES:
            wait_for(lambda: (Path(PICTURES) / "lan-welcome-back.png").exists(), timeout=10)
        asha.until(["Bina"], monkeypatch)
        assert wait_for(lambda: asha_remote.seat_states()[0].state == p.CONNECTED, timeout=30)
        for _ in range(5):
            asha.frame(monkeypatch)
        assert any(line.english == "Bina is back" for line in asha.scene.seats.log.lines)
        assert "Computer plays" not in asha.frame(monkeypatch)
        # The host saves and closes the table: one message, which says what happens next.
        table.stop("The host closed the table.", saved=True)
        stopped = True
        words = asha.until(["Your seat is kept"], monkeypatch)
        assert "The host closed the table." in words and "Away" not in words
        _keep(app, "lan-host-closed")
    finally:
        bina.kill()
        if again is not None:
            again.kill()
        app.close_all()
        if asha_remote is not None:
            asha_remote.close()
        if not stopped:
            table.stop()
