"""The command line: --size, --version, no pygame banner, and the desktop menu entry."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from marriage_gui import desktop
from marriage_gui.__main__ import fit_size, main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **(env or {})}
    full.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)
    return subprocess.run(
        [sys.executable, "-m", "marriage_gui", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=full,
        timeout=120,
    )


def test_version_comes_from_the_package_metadata():
    proc = run("--version")
    assert proc.returncode == 0
    assert proc.stdout.strip() == f"marriage {version('marriage')}"


def test_a_small_size_is_fitted_and_said(tmp_path):
    out = tmp_path / "title.png"
    proc = run("--size", "400x300", "--screenshot", str(out), "--data-dir", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert "400x300 is smaller than the table fits in" in proc.stderr
    assert "1024x640" in proc.stdout  # the picture really is the size it said
    assert "pygame" not in proc.stdout + proc.stderr  # and no banner


def test_fit_size_keeps_sizes_that_fit():
    assert fit_size(None) == (None, None)
    assert fit_size((1280, 800)) == ((1280, 800), None)
    fitted, note = fit_size((1100, 300))
    assert fitted == (1100, 640) and note and "1100x300" in note


def test_nonsense_sizes_are_refused_clearly():
    proc = run("--size", "big")
    assert proc.returncode == 2
    assert "size must look like 1280x800" in proc.stderr
    assert "Traceback" not in proc.stderr


def unquote_exec(value: str) -> list[str]:
    """Read an Exec value back into argv as the desktop-entry spec says a menu does."""
    # First the string escapes, then the argument quoting, then %% field codes.
    text, i, plain = value, 0, []
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            plain.append({"s": " ", "n": "\n", "t": "\t", "r": "\r"}.get(text[i + 1], text[i + 1]))
            i += 2
        else:
            plain.append(text[i])
            i += 1
    s = "".join(plain)
    args, cur, quoted, i, started = [], [], False, 0, False
    while i < len(s):
        c = s[i]
        if quoted:
            if c == "\\" and s[i + 1] in '"`$\\':
                cur.append(s[i + 1])
                i += 2
                continue
            if c == '"':
                quoted = False
            else:
                cur.append(c)
        elif c == '"':
            quoted, started = True, True
        elif c == " ":
            if cur or started:
                args.append("".join(cur))
            cur, started = [], False
        else:
            assert c not in "\\`$'<>|&;*?#()", f"unquoted reserved character {c!r}"
            cur.append(c)
        i += 1
    if cur or started:
        args.append("".join(cur))
    return [a.replace("%%", "%") for a in args]


@pytest.mark.skipif(sys.platform.startswith(("win", "darwin")), reason="menus are Linux's")
def test_desktop_entry_from_a_source_install_in_an_awkward_folder(tmp_path, monkeypatch):
    home = tmp_path / 'R&D $HOME "q" 100%' / "share"
    data = tmp_path / "R&D" / "saves"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    assert main(["--install-desktop-entry", "--data-dir", str(data)]) == 0
    entry = home / "applications" / "marriage.desktop"
    lines = dict(
        line.split("=", 1) for line in entry.read_text(encoding="utf-8").splitlines() if "=" in line
    )
    argv = unquote_exec(lines["Exec"])
    assert argv == [sys.executable, "-m", "marriage_gui", "--data-dir", str(data.resolve())]
    assert Path(lines["Icon"]).is_file()
    # The command the menu would run really starts this game.
    proc = subprocess.run([*argv, "--version"], capture_output=True, text=True, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.startswith("marriage ")
    validate = shutil.which("desktop-file-validate")
    if validate:
        check = subprocess.run([validate, str(entry)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
    assert main(["--remove-desktop-entry"]) == 0
    assert not entry.exists() and not Path(lines["Icon"]).exists()
    assert main(["--remove-desktop-entry"]) == 0  # twice is fine


def test_desktop_entry_refuses_clearly_where_menus_differ(monkeypatch, capsys):
    monkeypatch.setattr(desktop.sys, "platform", "win32")
    assert main(["--install-desktop-entry"]) == 2
    assert "installer puts Marriage in the Start menu" in capsys.readouterr().err


def test_a_line_break_cannot_reach_a_menu_entry():
    with pytest.raises(desktop.DesktopEntryError, match="line break"):
        desktop.exec_value(["/tmp/a\nb"])
