"""A player's whole app in a process of its own, for tests that kill it (-9) and start it again.

Usage: app_process.py DATA_DIR join ADDRESS:PORT CODE NAME SEAT [play]
       app_process.py DATA_DIR rejoin

``join`` types the address, the code and the name on the join screen and takes SEAT;
``rejoin`` waits for the title to offer the table this data folder held a seat at, and clicks
it (nothing typed). Then the app runs headless (SDL's dummy driver), never acting for its
player (with ``play``: playing its seat's turns as an easy computer player would, until a file
``stop-playing`` appears in DATA_DIR, and going on from each hand's result), and prints one JSON line about every tenth of a second:
the scene on top, the connection's state, the seats held, the size of the first seat's hand,
how many events were played for it while it was away, what the table draws (the match version
it shows, its hand, whether the welcome-back note is up, whether it is this player's turn) and
the words drawn in the last frame.

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

REPORT_EVERY = 0.1  # seconds between reports


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

    # Labels come through theme.text; dialogs render their words directly. A label drawn before
    # comes out of theme.text's cache without a word to fonts: it is emptied, so that every
    # frame tells all it draws (the prompt with its clock among them).
    real_text.cache_clear()
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
        line.update(state=status.state, message=status.message.english, seats=seats)
        if seats and remote.has_view(seats[0]):
            line["hand"] = len(remote.view(seats[0]).hand)
            line["played_for"] = len(remote.played_for.get(seats[0], []))
    if getattr(scene, "name", None) == "table" and getattr(scene, "seats", None) is not None:
        fan = scene.seats.fan
        line["table"] = {
            "v": scene.seats.version,
            "hand": len(scene.seats.state.hand),
            "laid": len(fan.order) if fan is not None else None,
            "note": getattr(scene, "note", None) is not None,
            "turn": scene.seats.my_turn(),
            "dialog": scene.ask.dialog is not None,
        }
    print(json.dumps(line), flush=True)


def _play(app, data, bot, acted):
    """Play this app's seat when it is its turn (once per position), as a person at the table
    would: through the table's own match."""
    scene = app.scene
    if getattr(scene, "name", None) == "hand_result" and not scene.over:
        scene.proceed()  # on to the next hand, as the person would
        return
    if getattr(scene, "name", None) != "table" or (data / "stop-playing").exists():
        return
    remote = getattr(scene, "remote", None)
    if remote is None or not remote.seats or not remote.has_view(remote.seats[0]):
        return
    seat = remote.seats[0]
    view = remote.view(seat)
    key = (seat, remote.seat_version(seat))
    if key in acted or view.hand_over or not view.is_my_turn or not view.legal:
        return
    acted.add(key)
    remote.submit(seat, bot.choose(view))


def main():
    from engine.ai import make_bot
    from marriage_gui.app import App

    data, how = Path(sys.argv[1]), sys.argv[2]
    playing = sys.argv[-1] == "play"
    bot, acted = make_bot("easy", 7), set()
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
        # Every word of a frame is read only for the frame reported (reading them draws every
        # label afresh, which costs a frame's worth of time over again).
        now = time.monotonic()
        report = now - reported >= REPORT_EVERY
        if report:
            drawn = _drawn(app)
        else:
            app.step([], 1 / 30)
        if how == "rejoin" and app.scene.name == "title" and app.scene.rejoin_button.visible:
            app.scene.rejoin_button.click()
        if not sat and join is not None and len(join.seat_buttons) > seat:
            join.sit(seat)
            sat = True
        if playing:
            _play(app, data, bot, acted)
        if report:
            reported = now
            _report(app, drawn)
            _keep_picture(app, drawn)
        time.sleep(1 / 60)


if __name__ == "__main__":
    main()
