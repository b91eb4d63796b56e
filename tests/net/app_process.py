"""A player's whole app in a process of its own, for tests that kill it (-9) and start it again.

Usage: app_process.py DATA_DIR join ADDRESS:PORT CODE NAME SEAT
       app_process.py DATA_DIR rejoin

``join`` types the address, the code and the name on the join screen and takes SEAT;
``rejoin`` waits for the title to offer the table this data folder held a seat at, and clicks
it (nothing typed). Then the app runs headless (SDL's dummy driver), never acting for its
player, and prints one JSON line about every fifth of a second: the scene on top, the
connection's state, the seats held, the size of the first seat's hand, how many events were
played for it while it was away, and the words drawn in the last frame.

It connects to 127.0.0.1 only, and looks for tables on 127.0.0.1 only.
"""

import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["MARRIAGE_DISCOVERY"] = "127.0.0.1"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"  # the reports are the only output


def _drawn(app):
    """Step the app one frame; every string it drew."""
    from marriage_gui.art import fonts
    from marriage_gui.ui import theme

    said = []
    real_text, real_render = theme.text, fonts.render

    def spy_text(text, *args, **kwargs):
        said.append(text)
        return real_text(text, *args, **kwargs)

    def spy_render(text, *args, **kwargs):
        said.append(text)
        return real_render(text, *args, **kwargs)

    # Labels come through theme.text; dialogs render their words directly.
    theme.text, fonts.render = spy_text, spy_render
    try:
        app.step([], 1 / 30)
    finally:
        theme.text, fonts.render = real_text, real_render
    return said


def _keep_picture(app, drawn):
    """With MARRIAGE_SCREENSHOTS set, the returning player's note is kept as a picture."""
    import pygame

    where = os.environ.get("MARRIAGE_SCREENSHOTS")
    if where and "Welcome back" in drawn:
        # Written whole, then renamed: the process may be killed at any moment.
        part = Path(where) / "lan-welcome-back.part.png"
        pygame.image.save(app.screen, str(part))
        os.replace(part, Path(where) / "lan-welcome-back.png")


def _report(app, drawn):
    scene = app.scene
    remote = getattr(scene, "remote", None)
    line = {"scene": getattr(scene, "name", None), "drawn": drawn}
    if remote is not None:
        status = remote.refresh()
        seats = remote.seats
        line.update(state=status.state, message=status.message, seats=seats)
        if seats and remote.has_view(seats[0]):
            line["hand"] = len(remote.view(seats[0]).hand)
            line["played_for"] = len(remote.played_for.get(seats[0], []))
    print(json.dumps(line), flush=True)


def main():
    from marriage_gui.app import App

    data, how = Path(sys.argv[1]), sys.argv[2]
    app = App((1280, 800), headless=True, data_dir=data)
    app.go_title()
    if how == "join":
        where, code, name, seat = sys.argv[3], sys.argv[4], sys.argv[5], int(sys.argv[6])
        join = app.open("join")
        join.name_input.set_text(name)
        join.code_input.set_text(code)
        join.address_input.set_text(where)
        join.connect()
        sat = False
    else:
        join, seat, sat = None, None, True
    reported = 0.0
    while True:
        drawn = _drawn(app)
        if how == "rejoin" and app.scene.name == "title" and app.scene.rejoin_button.visible:
            app.scene.rejoin_button.click()
        if not sat and join is not None and len(join.seat_buttons) > seat:
            join.sit(seat)
            sat = True
        now = time.monotonic()
        if now - reported >= 0.2:
            reported = now
            _report(app, drawn)
            _keep_picture(app, drawn)
        time.sleep(1 / 60)


if __name__ == "__main__":
    main()
