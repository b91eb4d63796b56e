"""The AppImage's runtimes and AppRun: what they say, where signals go, what they leave behind.

The offline fallback runtime (build/linux/runtime-fallback.c) is compiled once and put in
front of small squashfs images whose AppRun is a shell script standing in for the game.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
sys.path.insert(0, str(BUILD))

import appimage_runtime  # noqa: E402  (build/ is not a package)

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF and /proc")
needs_squashfs = pytest.mark.skipif(
    not (shutil.which("mksquashfs") and shutil.which("unsquashfs")),
    reason="squashfs-tools is not installed",
)


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fallback runtime, compiled as build/make.py compiles it."""
    if not sys.platform.startswith("linux"):
        pytest.skip("an ELF runtime")
    if not (shutil.which("cc") or shutil.which("gcc")):
        pytest.skip("no C compiler")
    out = tmp_path_factory.mktemp("runtime") / "runtime"
    try:
        return appimage_runtime.fallback(out)
    except appimage_runtime.RuntimeProblem as exc:  # no static libc on this machine
        pytest.skip(str(exc))


def _tools(folder: Path, *names: str) -> Path:
    """A folder of stand-in programs, for a PATH holding exactly these tools."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        real = shutil.which(name)
        tool = folder / name
        if real and name in {"unsquashfs", "sh", "sleep", "touch"}:
            tool.symlink_to(real)
        else:
            tool.write_text(f'#!/bin/sh\necho "$0 $*" >> "{folder}/calls.log"\nexit 1\n')
            tool.chmod(0o755)
    return folder


def _appimage(runtime: Path, tmp_path: Path, apprun: str) -> Path:
    """runtime + a squashfs of an AppDir whose AppRun is the given shell script."""
    appdir = tmp_path / "AppDir"
    appdir.mkdir()
    (appdir / "AppRun").write_text("#!/bin/sh\n" + apprun)
    (appdir / "AppRun").chmod(0o755)
    image = tmp_path / "image.squashfs"
    subprocess.run(
        ["mksquashfs", str(appdir), str(image), "-root-owned", "-noappend", "-quiet",
         "-no-progress", "-comp", "gzip"],
        check=True,
        timeout=60,
    )  # fmt: skip
    app = tmp_path / "Test.AppImage"
    app.write_bytes(runtime.read_bytes() + image.read_bytes())
    app.chmod(0o755)
    return app


def _env(tmp_path: Path, path: Path, **extra: str) -> dict[str, str]:
    tmp = tmp_path / "tmp"
    tmp.mkdir(exist_ok=True)
    return {"PATH": str(path), "HOME": str(tmp_path), "TMPDIR": str(tmp), **extra}


@linux_only
def test_the_fallback_runtime_finds_its_image(runtime: Path, tmp_path: Path) -> None:
    image = tmp_path / "x.AppImage"
    image.write_bytes(runtime.read_bytes() + b"hsqs-not-really-a-filesystem")
    image.chmod(0o755)
    done = subprocess.run([str(image), "--appimage-offset"], capture_output=True, text=True)
    assert done.stdout.strip() == str(runtime.stat().st_size)
    assert runtime.read_bytes()[8:11] == appimage_runtime.MAGIC


@linux_only
def test_with_no_tool_at_all_it_names_each_missing_one(runtime: Path, tmp_path: Path) -> None:
    image = tmp_path / "x.AppImage"
    image.write_bytes(runtime.read_bytes() + b"hsqs")
    image.chmod(0o755)
    empty = _tools(tmp_path / "bin")
    done = subprocess.run(
        [str(image)], capture_output=True, text=True, env=_env(tmp_path, empty), timeout=30
    )
    assert done.returncode == 1
    said = done.stderr
    mount = said.split("To mount it, this system lacks:")[1].split(". ")[0]
    assert "squashfuse" in mount and "fusermount3" in mount
    assert "To unpack it instead, it lacks unsquashfs (package squashfs-tools)" in said
    assert "sudo apt install squashfs-tools" in said


@linux_only
def test_with_squashfuse_but_no_fusermount_it_does_not_ask_for_squashfuse(
    runtime: Path, tmp_path: Path
) -> None:
    image = tmp_path / "x.AppImage"
    image.write_bytes(runtime.read_bytes() + b"hsqs")
    image.chmod(0o755)
    tools = _tools(tmp_path / "bin", "squashfuse")
    done = subprocess.run(
        [str(image)], capture_output=True, text=True, env=_env(tmp_path, tools), timeout=30
    )
    assert done.returncode == 1
    missing = done.stderr.split("To mount it, this system lacks:")[1].split(". ")[0]
    assert "fusermount3 or fusermount" in missing
    assert "squashfuse," not in missing and not missing.strip().startswith("squashfuse")


@linux_only
def test_asked_to_unpack_without_unsquashfs_it_says_so(runtime: Path, tmp_path: Path) -> None:
    image = tmp_path / "x.AppImage"
    image.write_bytes(runtime.read_bytes() + b"hsqs")
    image.chmod(0o755)
    tools = _tools(tmp_path / "bin")
    for args, extra in (
        (["--appimage-extract-and-run"], {}),
        ([], {"APPIMAGE_EXTRACT_AND_RUN": "1"}),
    ):
        done = subprocess.run(
            [str(image), *args],
            capture_output=True,
            text=True,
            env=_env(tmp_path, tools, **extra),
            timeout=30,
        )
        assert done.returncode == 1
        assert "unsquashfs" in done.stderr and "not installed" in done.stderr
        assert "squashfuse" not in done.stderr  # it was told not to mount: no FUSE talk


@linux_only
def test_a_double_click_gets_the_error_in_a_dialog(runtime: Path, tmp_path: Path) -> None:
    image = tmp_path / "x.AppImage"
    image.write_bytes(runtime.read_bytes() + b"hsqs")
    image.chmod(0o755)
    tools = _tools(tmp_path / "bin", "kdialog", "xmessage")
    env = _env(tmp_path, tools, DISPLAY=":0")
    subprocess.run([str(image)], capture_output=True, env=env, timeout=30)
    calls = (tools / "calls.log").read_text()
    assert "kdialog --title Marriage --error" in calls and "unsquashfs" in calls
    assert "xmessage" not in calls  # the first that exists, only
    (tools / "calls.log").unlink()
    env.pop("DISPLAY")
    subprocess.run([str(image)], capture_output=True, env=env, timeout=30)
    assert not (tools / "calls.log").exists()  # no desktop: stderr only


@linux_only
@needs_squashfs
def test_extract_and_run_passes_arguments_and_cleans_up(runtime: Path, tmp_path: Path) -> None:
    out = tmp_path / "said.txt"
    app = _appimage(
        runtime,
        tmp_path,
        f'echo "$APPIMAGE|$ARGV0|$*" > "{out}"\ntest -d "$APPDIR" && exit 7\n',
    )
    tools = _tools(tmp_path / "bin", "unsquashfs", "sh")
    env = _env(tmp_path, tools)
    done = subprocess.run(
        [str(app), "--appimage-extract-and-run", "--self-test", "a b"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 7, done.stderr
    appimage, _argv0, args = out.read_text().strip().split("|")
    assert appimage == str(app) and args == "--self-test a b"
    assert list(Path(env["TMPDIR"]).iterdir()) == []


def _started(out: Path, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not out.exists():
        assert time.monotonic() < deadline, "the stand-in game never started"
        time.sleep(0.05)


def _default_signals() -> None:
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


@linux_only
@needs_squashfs
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_reaches_the_game_and_nothing_is_left(
    runtime: Path, tmp_path: Path, sig: signal.Signals
) -> None:
    started, got = tmp_path / "started", tmp_path / "got"
    app = _appimage(
        runtime,
        tmp_path,
        f"trap 'echo TERM > \"{got}\"; exit 0' TERM\n"
        f"trap 'echo HUP > \"{got}\"; exit 0' HUP\n"
        f'touch "{started}"\n'
        "while :; do sleep 0.1; done\n",
    )
    tools = _tools(tmp_path / "bin", "unsquashfs", "sh", "sleep", "touch")
    env = _env(tmp_path, tools, APPIMAGE_EXTRACT_AND_RUN="1")
    # Started as from a desktop, whatever this run inherited (a run under nohup ignores SIGHUP,
    # and a shell cannot trap a signal it was started ignoring).
    proc = subprocess.Popen([str(app)], env=env, preexec_fn=_default_signals)
    try:
        _started(started)
        unpacked = list(Path(env["TMPDIR"]).iterdir())
        assert [p.name.split("-")[2] for p in unpacked] == [str(proc.pid)]
        proc.send_signal(sig)
        proc.wait(timeout=30)
    finally:
        proc.kill()
    assert got.read_text().strip() == sig.name.removeprefix("SIG")
    assert list(Path(env["TMPDIR"]).iterdir()) == []  # unpacked copy removed


@linux_only
@needs_squashfs
def test_the_runtime_dies_of_the_signal_that_killed_the_game(runtime: Path, tmp_path: Path) -> None:
    started = tmp_path / "started"
    app = _appimage(runtime, tmp_path, f'touch "{started}"\nwhile :; do sleep 0.1; done\n')
    tools = _tools(tmp_path / "bin", "unsquashfs", "sh", "sleep", "touch")
    env = _env(tmp_path, tools, APPIMAGE_EXTRACT_AND_RUN="1")
    proc = subprocess.Popen([str(app)], env=env)
    try:
        _started(started)
        proc.terminate()
        assert proc.wait(timeout=30) == -signal.SIGTERM
    finally:
        proc.kill()
    assert list(Path(env["TMPDIR"]).iterdir()) == []


@linux_only
@needs_squashfs
def test_a_folder_left_by_a_killed_run_is_swept(runtime: Path, tmp_path: Path) -> None:
    app = _appimage(runtime, tmp_path, "exit 0\n")
    tools = _tools(tmp_path / "bin", "unsquashfs", "sh")
    env = _env(tmp_path, tools, APPIMAGE_EXTRACT_AND_RUN="1")
    gone = subprocess.Popen(["true"])
    gone.wait()
    stale = Path(env["TMPDIR"]) / f"marriage-appimage-{gone.pid}-abcdef"
    (stale / "root").mkdir(parents=True)
    alive = Path(env["TMPDIR"]) / f"marriage-appimage-{os.getpid()}-abcdef"
    alive.mkdir()
    subprocess.run([str(app)], env=env, check=True, timeout=60)
    assert not stale.exists()
    assert alive.exists()  # its runtime still runs (this test): not ours to remove


@linux_only
def test_the_dialog_is_wrapped_and_holds_the_whole_fix(runtime: Path, tmp_path: Path) -> None:
    image = tmp_path / "x.AppImage"
    image.write_bytes(runtime.read_bytes() + b"hsqs")
    image.chmod(0o755)
    tools = tmp_path / "bin"
    tools.mkdir()
    # xmessage shows its last argument as it is: one line per line of text, none wrapped.
    (tools / "xmessage").write_text(
        f'#!/bin/sh\nfor a; do last=$a; done\nprintf "%s" "$last" > "{tools}/shown"\n'
    )
    (tools / "xmessage").chmod(0o755)
    done = subprocess.run(
        [str(image)], capture_output=True, text=True, env=_env(tmp_path, tools, DISPLAY=":0"),
        timeout=30,
    )  # fmt: skip
    shown = (tools / "shown").read_text()
    lines = shown.splitlines()
    assert len(lines) > 5 and max(len(line) for line in lines) <= 60, shown
    assert "    sudo apt install squashfs-tools" in lines  # the fix, whole, on a line of its own
    assert lines[-1] == "(or your system's package of that name)."
    # The dialog says every word stderr says, in the same order.
    assert shown.split() == done.stderr.removeprefix("Marriage: ").split()


def _unmount_tools(folder: Path) -> Path:
    """unsquashfs and sh for real, and a fusermount3 that only writes down how it was called."""
    tools = _tools(folder, "unsquashfs", "sh")
    (tools / "fusermount3").write_text(f'#!/bin/sh\necho "fusermount3 $*" >> "{tools}/calls.log"\n')
    (tools / "fusermount3").chmod(0o755)
    return tools


@linux_only
@needs_squashfs
def test_a_mount_left_by_a_killed_run_is_unmounted_at_the_next_start(
    runtime: Path, tmp_path: Path
) -> None:
    app = _appimage(runtime, tmp_path, "exit 0\n")
    tools = _unmount_tools(tmp_path / "bin")
    env = _env(tmp_path, tools, APPIMAGE_EXTRACT_AND_RUN="1")
    gone = subprocess.Popen(["true"])
    gone.wait()
    tmp = Path(env["TMPDIR"])
    stale = tmp / f".mount_marriage-{gone.pid}-abcdef"
    stale.mkdir()
    alive = tmp / f".mount_marriage-{os.getpid()}-abcdef"
    alive.mkdir()
    subprocess.run([str(app)], env=env, check=True, timeout=60)
    assert (tools / "calls.log").read_text() == f"fusermount3 -u -z {stale}\n"
    assert not stale.exists()
    assert alive.exists()  # its runtime still runs (this test): not ours to unmount


@linux_only
@needs_squashfs
def test_a_stale_mount_that_would_not_unmount_is_left_whole(runtime: Path, tmp_path: Path) -> None:
    app = _appimage(runtime, tmp_path, "exit 0\n")
    tools = _unmount_tools(tmp_path / "bin")
    env = _env(tmp_path, tools, APPIMAGE_EXTRACT_AND_RUN="1")
    gone = subprocess.Popen(["true"])
    gone.wait()
    stale = Path(env["TMPDIR"]) / f".mount_marriage-{gone.pid}-abcdef"
    (stale / "usr").mkdir(parents=True)  # still mounted: the image's files are there
    subprocess.run([str(app)], env=env, check=True, timeout=60)
    assert (stale / "usr").is_dir()  # never emptied: what is inside is not ours to delete


def _mounts() -> str:
    return Path("/proc/self/mountinfo").read_text()


def _fuse_works(tmp_path: Path) -> bool:
    """Whether squashfuse can mount here (FUSE device, fusermount3, permission)."""
    if not (shutil.which("squashfuse") and shutil.which("fusermount3")):
        return False
    (tmp_path / "probe").mkdir()
    (tmp_path / "probe" / "f").write_text("x")
    image, mnt = tmp_path / "probe.sqfs", tmp_path / "probe-mnt"
    mnt.mkdir()
    subprocess.run(
        ["mksquashfs", str(tmp_path / "probe"), str(image), "-quiet", "-no-progress"],
        check=True, timeout=60,
    )  # fmt: skip
    done = subprocess.run(["squashfuse", str(image), str(mnt)], capture_output=True, timeout=30)
    if done.returncode != 0:
        return False
    subprocess.run(["fusermount3", "-u", str(mnt)], timeout=30)
    return True


@linux_only
@needs_squashfs
def test_after_a_sigkill_the_mount_stays_until_the_next_start(
    runtime: Path, tmp_path: Path
) -> None:
    if not _fuse_works(tmp_path):
        pytest.skip("FUSE mounts do not work here (squashfuse, fusermount3 or /dev/fuse)")
    started, got = tmp_path / "started", tmp_path / "got"
    app = _appimage(
        runtime,
        tmp_path,
        f"trap 'echo TERM > \"{got}\"; exit 0' TERM\n"
        f'[ -e "{started}" ] && exit 0\n'
        f'touch "{started}"\n'
        "while :; do sleep 0.1; done\n",
    )
    tools = tmp_path / "bin"
    tools.mkdir()
    for name in ("squashfuse", "fusermount3", "unsquashfs", "sh", "sleep", "touch"):
        (tools / name).symlink_to(shutil.which(name) or name)
    env = _env(tmp_path, tools)
    tmp = Path(env["TMPDIR"])
    proc = subprocess.Popen([str(app)], env=env)
    try:
        _started(started)
        (mount,) = tmp.glob(f".mount_marriage-{proc.pid}-*")
        assert f" {mount} " in _mounts()
        proc.kill()  # SIGKILL: the runtime cannot unmount
        proc.wait(timeout=30)
    finally:
        proc.kill()
    deadline = time.monotonic() + 20
    while not got.exists():  # the game is told to end (it would else run on, unseen)
        assert time.monotonic() < deadline, "the game never got SIGTERM"
        time.sleep(0.05)
    assert f" {mount} " in _mounts()  # left mounted: what the README says
    subprocess.run([str(app)], env=env, check=True, timeout=60)  # the next start
    assert f" {mount} " not in _mounts() and not mount.exists()
    assert [p.name for p in tmp.iterdir()] == []


# --- the official runtime's pin ---------------------------------------------------------------


def test_the_official_runtime_is_pinned_by_release_and_hash() -> None:
    assert appimage_runtime.OFFICIAL_RELEASE.isdigit()
    for machine, digest in appimage_runtime.OFFICIAL_SHA256.items():
        assert len(digest) == 64 and int(digest, 16) >= 0, machine
    url = appimage_runtime.OFFICIAL_URL.format(release="R", machine="x86_64")
    assert url == "https://github.com/AppImage/type2-runtime/releases/download/R/runtime-x86_64"


def test_a_runtime_file_must_match_the_pin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "runtime-x86_64"
    fake.write_bytes(b"not the runtime")
    with pytest.raises(appimage_runtime.RuntimeProblem, match="is not the official"):
        appimage_runtime.get(str(fake), "x86_64", tmp_path)
    good = hashlib.sha256(fake.read_bytes()).hexdigest()
    monkeypatch.setitem(appimage_runtime.OFFICIAL_SHA256, "x86_64", good)
    path, said = appimage_runtime.get(str(fake), "x86_64", tmp_path)
    assert path == fake and appimage_runtime.OFFICIAL_RELEASE in said
    with pytest.raises(appimage_runtime.RuntimeProblem, match="no official AppImage runtime"):
        appimage_runtime.get(str(fake), "riscv64", tmp_path)
    with pytest.raises(appimage_runtime.RuntimeProblem, match="neither official nor fallback"):
        appimage_runtime.get(str(tmp_path / "nothing"), "x86_64", tmp_path)


def test_a_cached_official_runtime_is_used_only_if_it_matches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    cached = cache / f"runtime-x86_64-{appimage_runtime.OFFICIAL_RELEASE}"
    cached.write_bytes(b"runtime")
    monkeypatch.setitem(
        appimage_runtime.OFFICIAL_SHA256, "x86_64", hashlib.sha256(b"runtime").hexdigest()
    )
    assert appimage_runtime.official("x86_64", cache) == cached
    cached.write_bytes(b"tampered")
    # Not the pinned file: fetched again; here the fetch fails, and says how to build offline.
    monkeypatch.setattr(appimage_runtime, "OFFICIAL_URL", "file:///nonexistent/{release}{machine}")
    with pytest.raises(appimage_runtime.RuntimeProblem, match="--appimage-runtime fallback"):
        appimage_runtime.official("x86_64", cache)


def test_the_default_runtime_is_the_offline_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MARRIAGE_APPIMAGE_RUNTIME", raising=False)
    assert appimage_runtime.choose(None) == "fallback"
    assert appimage_runtime.choose("official") == "official"
    monkeypatch.setenv("MARRIAGE_APPIMAGE_RUNTIME", "official")
    assert appimage_runtime.choose(None) == "official"


# --- AppRun ----------------------------------------------------------------------------------


def _apprun(tmp_path: Path, floor: str) -> Path:
    """An AppDir with make.py's AppRun for ``floor`` and a stand-in game."""
    import make

    appdir = tmp_path / "AppDir"
    game = appdir / "usr" / "lib" / "marriage" / "marriage"
    game.parent.mkdir(parents=True)
    game.write_text('#!/bin/sh\necho "game $*"\n')
    game.chmod(0o755)
    (appdir / "AppRun").write_text(make.render_apprun(floor))
    (appdir / "AppRun").chmod(0o755)
    return appdir / "AppRun"


def _libc() -> str:
    done = subprocess.run(["getconf", "GNU_LIBC_VERSION"], capture_output=True, text=True)
    if done.returncode != 0 or not done.stdout.startswith("glibc "):
        pytest.skip("not a glibc system")
    return done.stdout.split()[1]


@linux_only
def test_apprun_starts_the_game_on_a_new_enough_glibc(tmp_path: Path) -> None:
    _libc()
    apprun = _apprun(tmp_path, "2.17")
    done = subprocess.run([str(apprun), "--self-test"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == "game --self-test"


@linux_only
def test_apprun_refuses_an_older_glibc_in_words(tmp_path: Path) -> None:
    have = _libc()
    apprun = _apprun(tmp_path, "99.1")
    tools = _tools(tmp_path / "bin", "zenity")
    env = {"PATH": f"{tools}:/usr/bin:/bin", "DISPLAY": ":0"}
    done = subprocess.run([str(apprun)], capture_output=True, text=True, env=env)
    assert done.returncode == 1 and "game" not in done.stdout
    assert "needs glibc 99.1 or newer" in done.stderr and f"has glibc {have}." in done.stderr
    assert "zenity --error --no-markup --title Marriage" in (tools / "calls.log").read_text()


def test_apprun_compares_versions_as_numbers(tmp_path: Path) -> None:
    # 2.9 is older than 2.35 (a string comparison would say otherwise).
    script = (BUILD / "linux" / "glibc-check.sh").read_text(encoding="utf-8")
    older = script[script.index("older() {") : script.index("check_glibc() {")]
    for a, b, want in (("2.9", "2.35", 0), ("2.35", "2.35", 1), ("2.36", "2.35", 1)):
        done = subprocess.run(["sh", "-c", f"{older}\nolder {a} {b}"])
        assert done.returncode == want, (a, b)


# --- what "nothing left" looks for -------------------------------------------------------------


def test_nothing_left_looks_for_the_official_runtimes_folders_too(tmp_path: Path) -> None:
    import fnmatch

    import make

    # The official runtime mounts at .mount_ + the first six letters of the file's name and
    # unpacks into appimage_extracted_<md5 of the file>; ours names its folders after itself.
    made = {
        ".mount_" + "Marriage-0.2.0-x86_64.AppImage"[:6] + "Xy12Ab",
        ".mount_" + "Marriage.AppImage"[:6] + "Qw34Er",
        "appimage_extracted_" + hashlib.md5(b"x").hexdigest(),
        ".mount_marriage-1234-AbCdEf",
        "marriage-appimage-1234-AbCdEf",
    }
    for name in made:
        (tmp_path / name).mkdir()
    (tmp_path / ".mount_Other.AppImage").mkdir()  # another program's: not ours to report
    found = make.appimage_leftovers(time.time() - 60, tmp_path)
    assert {p.name for p in found} == made
    # The smoke test after install looks for exactly the same names.
    smoke = (BUILD / "linux" / "smoke.sh").read_text(encoding="utf-8")
    names = re.findall(r"-name '([^']+)'", smoke[smoke.index("leftover=") :])
    assert tuple(names) == make.APPIMAGE_TEMP_PATTERNS
    assert all(any(fnmatch.fnmatch(n, p) for p in names) for n in made)
