"""The release pipeline's details: Windows versions and console, macOS architectures, the
rehearsal workflow, the AppImage's menu entry, and what the README promises about Linux."""

from __future__ import annotations

import importlib.util
import io
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
WORKFLOWS = ROOT / ".github" / "workflows"
sys.path.insert(0, str(BUILD))

import winversion  # noqa: E402  (build/ is not a package)

# --- Windows version numbers -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("version", "numbers"),
    [
        ("0.1.0", (0, 1, 0, 4000)),
        ("0.2.0rc1", (0, 2, 0, 3001)),
        ("0.2.0b2", (0, 2, 0, 2002)),
        ("0.2.0a1", (0, 2, 0, 1001)),
        ("0.2.0.dev3", (0, 2, 0, 3)),
        ("0.2.0.post1", (0, 2, 0, 4001)),
        ("1.2", (1, 2, 0, 4000)),
    ],
)
def test_versions_become_four_windows_numbers(version: str, numbers: tuple[int, ...]) -> None:
    assert winversion.windows_version(version) == numbers


@pytest.mark.parametrize(
    "bad", ["", "v1.0", "1.2.3.4", "1.0rc1000", "70000.0", "1.0-beta", "1.0.post0"]
)
def test_versions_windows_cannot_hold_are_refused_in_words(bad: str) -> None:
    with pytest.raises(winversion.VersionError, match="version"):
        winversion.windows_version(bad)


_VERSIONS = st.builds(
    lambda release, tail: release + tail,
    st.lists(st.integers(0, 99), min_size=3, max_size=3).map(lambda n: ".".join(map(str, n))),
    st.one_of(
        st.just(""),
        st.integers(0, 999).map(lambda n: f".dev{n}"),
        st.tuples(st.sampled_from(["a", "b", "rc"]), st.integers(0, 999)).map(
            lambda s: f"{s[0]}{s[1]}"
        ),
        st.integers(1, 999).map(lambda n: f".post{n}"),
    ),
)


@given(_VERSIONS, _VERSIONS)
def test_windows_numbers_keep_the_order_of_versions(a: str, b: str) -> None:
    packaging = pytest.importorskip("packaging.version")
    va, vb = packaging.Version(a), packaging.Version(b)
    wa, wb = winversion.windows_version(a), winversion.windows_version(b)
    assert (va < vb) == (wa < wb) and (va == vb) == (wa == wb)


def test_the_spec_and_the_installer_use_the_numbers() -> None:
    spec = (ROOT / "marriage.spec").read_text(encoding="utf-8")
    assert "from winversion import windows_version" in spec
    assert "numbers = windows_version(version)" in spec
    iss = (BUILD / "windows" / "marriage.iss").read_text(encoding="utf-8")
    assert "VersionInfoVersion={#NumericVersion}" in iss
    assert "VersionInfoProductVersion={#NumericVersion}" in iss
    assert "VersionInfoProductTextVersion={#AppVersion}" in iss
    make = (BUILD / "make.py").read_text(encoding="utf-8")
    assert 'f"/DNumericVersion={winversion.windows_version_text(version)}"' in make


def test_the_desktop_shortcut_is_unticked_by_default() -> None:
    iss = (BUILD / "windows" / "marriage.iss").read_text(encoding="utf-8")
    (task,) = [line for line in iss.splitlines() if line.startswith('Name: "desktopicon"')]
    assert "Flags: unchecked" in task
    assert "Tasks: desktopicon" in iss


# --- Marriage.exe --version from a console ---------------------------------------------------


@pytest.fixture
def entry() -> ModuleType:
    spec = importlib.util.spec_from_file_location("marriage_entry", BUILD / "entry.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Kernel32:
    def __init__(self, attaches: bool) -> None:
        self.attaches = attaches
        self.calls: list[int] = []

    def AttachConsole(self, pid: int) -> int:  # noqa: N802  (the Windows API's name)
        self.calls.append(pid)
        return int(self.attaches)


def test_a_windowed_exe_with_options_writes_to_its_parent_console(
    entry: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    console = io.StringIO()
    kernel32 = _Kernel32(attaches=True)
    assert entry.attach_parent_console(["--version"], "win32", kernel32, lambda: console)
    assert kernel32.calls == [entry.ATTACH_PARENT_PROCESS] == [-1]
    assert sys.stdout is console and sys.stderr is console
    print("marriage 0.1.0")
    assert console.getvalue() == "\nmarriage 0.1.0\n"


def test_without_a_parent_console_or_options_nothing_changes(
    entry: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    no_console = _Kernel32(attaches=False)  # started by double-click or a shortcut
    assert not entry.attach_parent_console(["--version"], "win32", no_console, io.StringIO)
    assert sys.stdout is None
    attaches = _Kernel32(attaches=True)
    assert not entry.attach_parent_console([], "win32", attaches, io.StringIO)  # a plain start
    assert attaches.calls == []
    assert not entry.attach_parent_console(["--version"], "linux", attaches, io.StringIO)
    assert attaches.calls == [] and sys.stdout is None


def test_the_entry_script_attaches_before_the_game_starts() -> None:
    text = (BUILD / "entry.py").read_text(encoding="utf-8")
    assert text.index("attach_parent_console(sys.argv[1:])") < text.index(
        "from marriage_gui.__main__ import main"
    )
    assert text.index("freeze_support()") < text.index("attach_parent_console(sys.argv[1:])")


# --- macOS: what lipo says about every Mach-O file -------------------------------------------


def _fake_mac_tools(tmp_path: Path, archs: dict[str, str]) -> dict[str, str]:
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    (bin_ / "file").write_text(
        '#!/bin/sh\ncase "$2" in *.txt) echo "ASCII text" ;; *) echo "Mach-O 64-bit" ;; esac\n'
    )
    cases = "".join(f'*/{name}) echo "{a}" ;; ' for name, a in archs.items())
    (bin_ / "lipo").write_text(f'#!/bin/sh\ncase "$2" in {cases}esac\n')
    for tool in bin_.iterdir():
        tool.chmod(0o755)
    return {"PATH": f"{bin_}:/usr/bin:/bin"}


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX shell script")
def test_every_mach_o_file_must_hold_the_promised_architecture(tmp_path: Path) -> None:
    app = tmp_path / "Marriage.app"
    (app / "Contents" / "MacOS").mkdir(parents=True)
    (app / "Contents" / "Frameworks").mkdir()
    (app / "Contents" / "MacOS" / "Marriage").write_text("")
    (app / "Contents" / "Frameworks" / "_core.so").write_text("")
    (app / "Contents" / "Info.txt").write_text("")
    script = str(BUILD / "macos" / "archs.sh")
    env = _fake_mac_tools(tmp_path, {"Marriage": "arm64", "_core.so": "x86_64 arm64"})
    done = subprocess.run(
        ["sh", script, str(app), "arm64"], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert "all 2 Mach-O files" in done.stdout
    done = subprocess.run(
        ["sh", script, str(app), "x86_64"], env=env, capture_output=True, text=True
    )
    assert done.returncode == 1 and "no x86_64 code in Contents/MacOS/Marriage" in done.stderr
    done = subprocess.run(
        ["sh", script, str(app), "universal2"], env=env, capture_output=True, text=True
    )
    assert done.returncode == 1 and "1 of 2 Mach-O files" in done.stderr


def test_the_macos_jobs_build_thin_apps_on_their_own_kind_of_mac() -> None:
    text = (WORKFLOWS / "build.yml").read_text(encoding="utf-8")
    assert "MARRIAGE_TARGET_ARCH: universal2" not in text
    assert re.search(r"runner: macos-15\s+arch: arm64", text)
    assert re.search(r"runner: macos-15-intel\s+arch: x86_64", text)
    assert "MARRIAGE_TARGET_ARCH: ${{ matrix.arch }}" in text
    assert 'test "$(uname -m)" = "$MARRIAGE_TARGET_ARCH"' in text
    assert "name: installers-macos-${{ matrix.arch }}" in text
    smoke = (BUILD / "macos" / "smoke.sh").read_text(encoding="utf-8")
    assert 'archs.sh" "$mnt/Marriage.app" "$arch"' in smoke
    assert "--self-test" in smoke
    make = (BUILD / "make.py").read_text(encoding="utf-8")
    assert '"macos" / "archs.sh"' in make


def test_the_linux_job_builds_the_appimage_with_the_official_runtime() -> None:
    text = (WORKFLOWS / "build.yml").read_text(encoding="utf-8")
    assert "python build/make.py --check --appimage-runtime official" in text
    # Then in clean containers without FUSE: it runs on Debian 12, refuses Debian 11 in words.
    assert "run_in debian:12 --self-test" in text
    assert 'grep -q "needs glibc 2.35 or newer"' in text
    assert "--appimage-extract-and-run" in text


# --- the release rehearsal -------------------------------------------------------------------


def test_a_run_by_hand_rehearses_the_release_and_publishes_nothing() -> None:
    text = (WORKFLOWS / "release.yml").read_text(encoding="utf-8")
    assert re.search(
        r"^on:\s*\n\s+push:\s*\n\s+tags: \[\"v\*\"\]\s*\n\s+workflow_dispatch:", text, re.M
    )
    publish = text[text.index("  publish:") :]
    assert "if: github.event_name == 'push' && startsWith(github.ref, 'refs/tags/v')" in publish
    assert "needs: sums" in publish
    sums = text[text.index("  sums:") : text.index("  publish:")]
    assert "needs: installers" in sums and "sha256sum -c SHA256SUMS" in sums
    assert "'release-rehearsal'" in sums and "actions/upload-artifact@" in sums
    assert "contents: write" not in text[: text.index("  publish:")]
    tag_check = text[text.index("The tag names the version") :]
    assert tag_check.splitlines()[1].strip() == "if: github.event_name == 'push'"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "gh workflow run release.yml" in readme and "release-rehearsal" in readme


# --- the AppImage's menu entry ---------------------------------------------------------------


def test_a_menu_entry_made_from_an_appimage_starts_the_appimage(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from marriage_gui import desktop

    mount = tmp_path / ".mount_marriage-abc"
    exe = mount / "usr" / "lib" / "marriage" / "marriage"
    exe.parent.mkdir(parents=True)
    exe.write_text("")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(exe))
    monkeypatch.setenv("APPIMAGE", "/home/p/Games/Marriage.AppImage")
    monkeypatch.setenv("APPDIR", str(mount))
    assert desktop.launch_command() == ["/home/p/Games/Marriage.AppImage"]
    # An APPIMAGE left in the environment by another AppImage that started this one: ignored.
    monkeypatch.setenv("APPDIR", str(tmp_path / ".mount_other"))
    assert desktop.launch_command() == [str(exe)]
    monkeypatch.delenv("APPIMAGE")
    assert desktop.launch_command() == [str(exe)]


# --- what the README says --------------------------------------------------------------------


def test_the_readme_says_which_glibc_the_appimage_and_archive_need() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = "glibc 2.35 or newer (Ubuntu 22.04, Debian 12, Fedora 36 and later)"
    download = readme[readme.index("## Download and play") : readme.index("## How to play")]
    offer = [p for p in download.split("\n- ") if "AppImage" in p or ".tar.gz" in p]
    assert offer and all(line in " ".join(p.split()) for p in offer)
    assert "Marriage-<version>-macos-arm64.dmg" in download
    assert "Marriage-<version>-macos-x86_64.dmg" in download


def test_actionlint_knows_every_runner_label_the_workflows_use() -> None:
    config = (ROOT / ".github" / "actionlint.yaml").read_text(encoding="utf-8")
    declared = re.findall(r"^\s+- (\S+)$", config, re.MULTILINE)
    used = set(re.findall(r"runner: (\S+)", (WORKFLOWS / "build.yml").read_text(encoding="utf-8")))
    # Labels older actionlint releases do not know must be declared; no others.
    assert declared == ["macos-15-intel"] and set(declared) <= used
