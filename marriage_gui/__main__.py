"""Start the game: ``python -m marriage_gui`` or ``marriage``.

Also renders single scenes to PNG (``--screenshot``) and checks an install (``--self-test``).
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from marriage_gui.app import App
    from marriage_gui.scene import Scene

# pygame greets every start on stdout; a game's terminal is not the place for it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

MENU_SCENES = ("title", "new_game", "settings", "stats", "rules")
TABLE_SCENES = (
    "table",
    "hand_result",
    "match_over",
    "replay",
    "review",
    "guide",
    "guide-throw",
    "guide-draw",
)
#: The score keeper of games played with real cards, drawn with a sheet of four hands.
SCORE_SCENES = ("scorekeeper", "score_hand")
SCENES = MENU_SCENES + TABLE_SCENES + SCORE_SCENES


class CliError(Exception):
    """A problem with the command line or a scene that cannot be built; exits with a message."""


def _parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    if w < 1 or h < 1 or w > 8192 or h > 8192:
        raise argparse.ArgumentTypeError("size must be between 1x1 and 8192x8192")
    return w, h


def fit_size(size: tuple[int, int] | None) -> tuple[tuple[int, int] | None, str | None]:
    """The window size to open, and a note when the asked-for size was too small for the table."""
    if size is None:
        return None, None
    from marriage_gui.app import MIN_SIZE

    fitted = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
    if fitted == size:
        return size, None
    return fitted, (
        f"--size {size[0]}x{size[1]} is smaller than the table fits in "
        f"(at least {MIN_SIZE[0]}x{MIN_SIZE[1]}): opening {fitted[0]}x{fitted[1]}"
    )


def version() -> str:
    """The installed version, from the package metadata."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version("marriage")
    except PackageNotFoundError:
        return "unknown (this copy carries no package metadata)"


def build_parser() -> argparse.ArgumentParser:
    """The command line."""
    p = argparse.ArgumentParser(
        prog="marriage", description="Marriage, the three-deck rummy of Nepal."
    )
    p.add_argument("--screenshot", metavar="OUT.png", help="render one scene to a PNG and exit")
    p.add_argument("--scene", choices=SCENES, default="title", help="scene for --screenshot")
    p.add_argument("--seed", type=int, default=7, help="seed for demo scenes (default 7)")
    p.add_argument("--size", type=_parse_size, default=None, metavar="WxH", help="window size")
    p.add_argument(
        "--language",
        choices=("en", "ne"),
        help="speak this language (en: English, ne: Nepali) and keep it as the choice",
    )
    p.add_argument("--self-test", action="store_true", help="check assets and play one bot hand")
    p.add_argument("--data-dir", metavar="DIR", help="keep saves, settings and stats here")
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    menu = p.add_mutually_exclusive_group()
    menu.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help="add Marriage to this user's applications menu (Linux) and exit",
    )
    menu.add_argument(
        "--remove-desktop-entry",
        action="store_true",
        help="take Marriage out of this user's applications menu (Linux) and exit",
    )
    p.epilog = "marriage --serve --help: host a table without a window (for a server)."
    return p


def desktop_entry(args: argparse.Namespace) -> int:
    """``--install-desktop-entry`` / ``--remove-desktop-entry``."""
    from marriage_gui import desktop

    try:
        if args.install_desktop_entry:
            entry, _icon = desktop.install(args.data_dir)
            print(f"Added {entry}")
        else:
            gone = desktop.remove()
            print("Removed " + ", ".join(map(str, gone)) if gone else "There was no menu entry.")
    except desktop.DesktopEntryError as exc:
        raise CliError(str(exc)) from None
    return 0


def menu_scene(app: App, name: str) -> Scene:
    """A fresh menu scene by its ``--scene`` name."""
    return app.make(name)


def table_scene(app: App, name: str, seed: int) -> Scene:
    """A table scene from the table package's demo hook, or a clear CliError."""
    try:
        from marriage_gui.table import demo
    except ImportError as exc:
        raise CliError(f"the {name} scene needs marriage_gui.table.demo ({exc})") from None
    build = getattr(demo, "build_scene", None)
    if build is None:
        raise CliError(f"marriage_gui.table.demo has no build_scene(app, name, seed) for {name}")
    scene: Scene = build(app, name, seed)
    return scene


def screenshot(args: argparse.Namespace) -> int:
    """Render ``args.scene`` off-screen into ``args.screenshot``."""
    import pygame

    from marriage_gui.app import DEFAULT_SIZE, App

    app = App(args.size or DEFAULT_SIZE, headless=True, data_dir=args.data_dir)
    if args.language:
        app.set_language(args.language)
    if args.scene in MENU_SCENES:
        if args.scene != "title":
            app.go_title()
        scene = menu_scene(app, args.scene)
    elif args.scene in SCORE_SCENES:
        from marriage_gui import score_demo

        app.go_title()
        scene = score_demo.sheet_scene(app, args.scene)
    else:
        scene = table_scene(app, args.scene, args.seed)
    if app.scene is not scene:
        app.push(scene)
    # A few frames so layouts settle and any intro animation finishes.
    for _ in range(30):
        app.step([], 1 / 30)
    out = Path(args.screenshot)
    if out.parent and not out.parent.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(out))
    print(f"wrote {out} ({args.scene}, {app.size[0]}x{app.size[1]})")
    # No pygame.quit(): cached fonts must stay valid when this runs inside another program.
    return 0


def _quiet_streams(log_file: Path) -> None:
    """A windowed frozen app has no console: send prints and errors to the log file."""
    try:
        raw = open(log_file, "ab")  # noqa: SIM115
    except OSError:
        raw = open(os.devnull, "wb")  # noqa: SIM115
    stream = io.TextIOWrapper(raw, encoding="utf-8", line_buffering=True)
    if sys.stdout is None:
        sys.stdout = stream
    if sys.stderr is None:
        sys.stderr = stream


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--serve"]:
        # The headless table host: no window, no pygame import.
        from marriage_net.serve import main as serve

        return serve(argv[1:])
    args = build_parser().parse_args(argv)
    args.size, note = fit_size(args.size)
    if note is not None:
        print(f"marriage: {note}", file=sys.stderr)
    from marriage_gui.storage import Storage

    storage = Storage(args.data_dir)
    if sys.stdout is None or sys.stderr is None:
        _quiet_streams(storage.log_path())
    storage.attach_logging()
    from marriage_gui.language import word

    for message in storage.notices:
        # Said on the console too: a player starting from a terminal sees why at once.
        print(f"marriage: {word(message)}", file=sys.stderr)
    try:
        if args.install_desktop_entry or args.remove_desktop_entry:
            return desktop_entry(args)
        if args.self_test:
            from marriage_gui.selftest import run_self_test

            return run_self_test(args.data_dir)
        if args.screenshot:
            return screenshot(args)
        return play(args, storage)
    except CliError as exc:
        print(f"marriage: {exc}", file=sys.stderr)
        return 2


def play(args: argparse.Namespace, storage: object) -> int:
    """Open the window and run until it closes."""
    from marriage_gui.app import DEFAULT_SIZE, App

    os.environ.setdefault("SDL_HINT_IME_SHOW_UI", "1")
    problem = no_display()
    if problem is not None:
        print(f"marriage: {problem}", file=sys.stderr)
        return 1
    try:
        app = App(args.size or DEFAULT_SIZE, storage=storage)  # type: ignore[arg-type]
        if args.language:
            app.set_language(args.language)
        app.go_title()
        app.run()
    except Exception:
        logging.getLogger("marriage").exception("the game stopped with an error")
        raise
    return 0


#: The video drivers SDL falls back to when it finds no screen: a window there is never seen.
UNSEEN_DRIVERS = ("offscreen", "dummy")
NO_DISPLAY = (
    "there is no display to open the game's window on (on Linux: is DISPLAY or "
    "WAYLAND_DISPLAY set?). Run it from the desktop, or see --help for --screenshot."
)


def no_display() -> str | None:
    """Why the game's window could not be seen here, or None if it can."""
    import pygame

    try:
        pygame.display.init()
    except pygame.error as exc:
        logging.getLogger("marriage").warning("no display: %s", exc)
        return NO_DISPLAY
    driver = pygame.display.get_driver()
    # A driver asked for by name (tests, screenshots) is meant; one fallen back to is not.
    if driver in UNSEEN_DRIVERS and os.environ.get("SDL_VIDEODRIVER", "") != driver:
        return NO_DISPLAY
    return None


if __name__ == "__main__":
    raise SystemExit(main())
