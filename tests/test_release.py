"""The release pipeline's details: versions as dpkg, Windows and macOS sort them, the Windows
console, macOS architectures, pre-releases and the rehearsal in the workflows, the AppImage's
menu entry, and what the README promises about Linux."""

from __future__ import annotations

import importlib.util
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
WORKFLOWS = ROOT / ".github" / "workflows"
sys.path.insert(0, str(BUILD))

import versions  # noqa: E402  (build/ is not a package)
import winversion  # noqa: E402

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


# --- Debian and macOS versions ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("version", "deb"),
    [
        ("0.2.0rc1", "0.2.0~rc1"),
        ("0.2.0.dev3", "0.2.0~dev3"),
        ("0.2.0a1", "0.2.0~pre.a1"),
        ("0.2.0b2", "0.2.0~pre.b2"),
        ("0.2.0", "0.2.0"),
        ("0.2.0.post1", "0.2.0+post1"),
        ("1.2", "1.2.0"),
    ],
)
def test_versions_as_dpkg_writes_them(version: str, deb: str) -> None:
    assert versions.deb_version(version) == deb


def _dpkg_sorts_before(a: str, b: str) -> bool:
    return subprocess.run(["dpkg", "--compare-versions", a, "lt", b]).returncode == 0


_dpkg = pytest.mark.skipif(shutil.which("dpkg") is None, reason="dpkg is not installed")


@_dpkg
def test_dpkg_takes_the_release_for_an_upgrade_of_its_pre_releases() -> None:
    order = ["0.1.0", "0.2.0.dev3", "0.2.0a1", "0.2.0b2", "0.2.0rc1", "0.2.0rc2", "0.2.0",
             "0.2.0.post1", "0.2.1.dev1", "0.10.0"]  # fmt: skip
    debs = [versions.deb_version(v) for v in order]
    for older, newer in zip(debs, debs[1:], strict=False):
        assert _dpkg_sorts_before(older, newer), (older, newer)
    # What the release went without: dpkg sorts the text version after the release.
    assert _dpkg_sorts_before("0.2.0", "0.2.0rc1")


@_dpkg
@settings(deadline=None, max_examples=60)  # dpkg runs once per pair
@given(st.lists(_VERSIONS, min_size=2, max_size=8, unique=True))
def test_dpkg_sorts_every_version_as_python_does(some: list[str]) -> None:
    packaging = pytest.importorskip("packaging.version")
    ordered = sorted(some, key=packaging.Version)
    for older, newer in zip(ordered, ordered[1:], strict=False):
        if packaging.Version(older) < packaging.Version(newer):
            assert _dpkg_sorts_before(versions.deb_version(older), versions.deb_version(newer))


@pytest.mark.parametrize(
    ("version", "bundle"),
    [("0.2.0rc1", "0.2.0"), ("0.2.0", "0.2.0"), ("1.2", "1.2.0"), ("0.2.0.post1", "0.2.0")],
)
def test_macos_bundle_version_holds_three_numbers_and_the_text_the_rest(
    version: str, bundle: str
) -> None:
    template = (BUILD / "macos" / "Info.plist").read_text(encoding="utf-8")
    info = versions.macos_info_plist(template, version)
    assert info["CFBundleVersion"] == bundle
    assert info["CFBundleShortVersionString"] == version


@pytest.mark.parametrize("bad", ["v1.0", "1.0-beta", "1.0.post0", "1.0rc1.dev1", ""])
def test_every_format_refuses_the_same_versions_in_words(bad: str) -> None:
    for mapping in (versions.deb_version, versions.macos_bundle_version, versions.is_prerelease):
        with pytest.raises(winversion.VersionError, match="version"):
            mapping(bad)


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
    assert "needs: [tests, sums]" in publish
    sums = text[text.index("  sums:") : text.index("  publish:")]
    assert "needs: installers" in sums and "sha256sum -c SHA256SUMS" in sums
    assert "'release-rehearsal'" in sums and "actions/upload-artifact@" in sums
    assert "contents: write" not in text[: text.index("  publish:")]
    tag_check = text[text.index("The tag names the version") :]
    assert tag_check.splitlines()[1].strip() == "if: github.event_name == 'push'"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "gh workflow run release.yml" in readme and "release-rehearsal" in readme


def _job(workflow: str, name: str) -> str:
    """The text of one job of a workflow file (up to the next job at the same indent)."""
    text = (WORKFLOWS / workflow).read_text(encoding="utf-8")
    found = re.search(rf"^  {name}:\n(.*?)(?=^  \S|\Z)", text, re.M | re.S)
    assert found, f"{workflow} has no job {name}"
    return found.group(1)


def _step(job: str, step_id: str) -> str:
    """The text of the step with this id (up to the next step)."""
    found = re.search(
        rf"^      - [^\n]*\n(?:(?!      - ).*\n)*?\s+id: {step_id}\n(?:(?!      - ).*\n?)*",
        job,
        re.M,
    )
    assert found, f"no step with id {step_id}"
    return found.group(0)


@pytest.mark.skipif(sys.platform == "win32", reason="the step runs in bash on Ubuntu")
@pytest.mark.parametrize(
    ("version", "said"),
    [("0.2.0rc1", "true"), ("0.2.0.dev3", "true"), ("0.2.0b2", "true"), ("0.2.0", "false"),
     ("0.2.0.post1", "false")],
)  # fmt: skip
def test_the_release_workflow_marks_a_pre_release_tag_as_a_pre_release(
    tmp_path: Path, version: str, said: str
) -> None:
    # The step itself, as the runner would run it, in a checkout whose version is `version`.
    step = _step(_job("release.yml", "tests"), "kind")
    (command,) = re.findall(r"^\s+run: (.*)$", step, re.M)
    (tmp_path / "build").mkdir()
    for module in ("versions.py", "winversion.py"):
        shutil.copy(BUILD / module, tmp_path / "build" / module)
    (tmp_path / "pyproject.toml").write_text(f'[project]\nversion = "{version}"\n')
    output = tmp_path / "github-output"
    env = dict(
        os.environ,
        GITHUB_OUTPUT=str(output),
        PATH=f"{Path(sys.executable).parent}:{os.environ['PATH']}",
    )
    done = subprocess.run(
        ["bash", "-e", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert output.read_text() == f"prerelease={said}\n"
    # ... its answer leaves the job, and the release is made with it.
    tests = _job("release.yml", "tests")
    assert re.search(
        r"^    outputs:\n      prerelease: \$\{\{ steps\.kind\.outputs\.prerelease \}\}$",
        tests,
        re.M,
    )
    publish = _job("release.yml", "publish")
    assert re.search(r"^    needs: \[tests, sums\]$", publish, re.M)
    uses, _, inputs = publish.partition("softprops/action-gh-release@")
    assert "prerelease: ${{ needs.tests.outputs.prerelease == 'true' }}" in inputs
    # The step runs before the tests, on a tag and in the rehearsal alike (no `if:`).
    assert "if:" not in step and tests.index("id: kind") < tests.index("python -m pytest")


def test_a_bad_version_stops_the_release_kind_in_words(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(BUILD / "versions.py"), "release-kind", "v1.0-beta"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1 and "is not like 1.2.3" in done.stderr and not done.stdout
    done = subprocess.run(
        [sys.executable, str(BUILD / "versions.py"), "release-kind"], capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.startswith("prerelease=")


def test_the_build_workflow_runs_on_branches_only_and_pins_inno_setup() -> None:
    text = (WORKFLOWS / "build.yml").read_text(encoding="utf-8")
    on = text[text.index("\non:\n") : text.index("\npermissions:")]
    # A tag push runs release.yml, which calls this workflow: not a second build of its own.
    assert re.search(r"^  push:\n    branches: \[\"\*\*\"\]$", on, re.M)
    assert "tags" not in on and "workflow_call:" in on
    (choco,) = re.findall(r"choco install innosetup.*", text)
    pinned = re.fullmatch(
        r"choco install innosetup --version=(\d+\.\d+\.\d+) --no-progress -y", choco
    )
    assert pinned, choco
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"choco install innosetup --version={pinned.group(1)}" in readme


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
