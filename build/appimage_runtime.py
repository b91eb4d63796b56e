"""The program at the front of the AppImage: the official type-2 runtime, or our offline fallback.

Releases use the official runtime (https://github.com/AppImage/type2-runtime), pinned here by
release and SHA-256 and fetched by ``make.py --appimage-runtime official`` on a machine with
a network. It carries squashfuse inside, so the AppImage needs nothing installed, and it can
always unpack itself and run (``--appimage-extract-and-run``) where FUSE is missing. No
package registry ships it, so offline builds (``.ci/run``) compile
``build/linux/runtime-fallback.c`` instead, which needs the system's squashfuse or unsquashfs.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

#: The official runtime's release, and the SHA-256 of its file for each machine we build on.
OFFICIAL_RELEASE = "20251108"
OFFICIAL_SHA256 = {
    "x86_64": "2fca8b443c92510f1483a883f60061ad09b46b978b2631c807cd873a47ec260d",
}
OFFICIAL_URL = (
    "https://github.com/AppImage/type2-runtime/releases/download/{release}/runtime-{machine}"
)

FALLBACK_SOURCE = Path(__file__).resolve().parent / "linux" / "runtime-fallback.c"
#: The type-2 AppImage magic, in the ELF header's padding (bytes 8 to 10).
MAGIC = b"AI\x02"
CHOICES = ("official", "fallback")


class RuntimeProblem(Exception):
    """The runtime could not be had; the message says why and what to do."""


def sha256(path: Path) -> str:
    """The file's SHA-256 as hex."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def pinned_sha256(machine: str) -> str:
    """The pinned hash of the official runtime for ``machine``; a RuntimeProblem if none."""
    try:
        return OFFICIAL_SHA256[machine]
    except KeyError:
        raise RuntimeProblem(
            f"no official AppImage runtime is pinned for {machine} (only "
            f"{', '.join(OFFICIAL_SHA256)}): build with --appimage-runtime fallback"
        ) from None


def verified(path: Path, machine: str) -> Path:
    """``path`` if it is the pinned official runtime for ``machine``; a RuntimeProblem if not."""
    want = pinned_sha256(machine)
    got = sha256(path)
    if got != want:
        raise RuntimeProblem(
            f"{path} is not the official AppImage runtime {OFFICIAL_RELEASE} for {machine}: "
            f"its SHA-256 is {got}, the pinned one {want}"
        )
    return path


def official(machine: str, cache: Path, timeout: float = 120.0) -> Path:
    """The official runtime for ``machine``: from ``cache`` if already verified, else fetched."""
    want = pinned_sha256(machine)
    cached = cache / f"runtime-{machine}-{OFFICIAL_RELEASE}"
    if cached.is_file() and sha256(cached) == want:
        return cached
    url = OFFICIAL_URL.format(release=OFFICIAL_RELEASE, machine=machine)
    cache.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(".part")
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer, partial.open("wb") as out:
            shutil.copyfileobj(answer, out)
    except (urllib.error.URLError, OSError) as exc:
        partial.unlink(missing_ok=True)
        raise RuntimeProblem(
            f"could not fetch the official AppImage runtime from {url}: {exc}. Offline, build "
            "with --appimage-runtime fallback (our own runtime, for CI only)"
        ) from None
    try:
        verified(partial, machine)
    except RuntimeProblem:
        partial.unlink(missing_ok=True)
        raise
    partial.replace(cached)
    return cached


def fallback(out: Path) -> Path:
    """Compile the offline fallback runtime into ``out`` as a static ELF with the magic."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        raise RuntimeProblem("a C compiler is needed for the fallback runtime: apt install gcc")
    out.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [compiler, "-Os", "-static", "-s", "-o", str(out), str(FALLBACK_SOURCE)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise RuntimeProblem(f"the fallback runtime did not compile:\n{done.stderr}")
    data = bytearray(out.read_bytes())
    data[8:11] = MAGIC
    out.write_bytes(bytes(data))
    return out


def choose(choice: str | None) -> str:
    """The runtime asked for: the option, else $MARRIAGE_APPIMAGE_RUNTIME, else the fallback.

    The default is the fallback so that an offline build works; the release workflow asks
    for ``official`` and fails if it cannot be fetched. A file path names an official
    runtime downloaded beforehand, which must match the pin.
    """
    return choice or os.environ.get("MARRIAGE_APPIMAGE_RUNTIME") or "fallback"


def get(choice: str, machine: str, work: Path) -> tuple[Path, str]:
    """The runtime file for ``choice``, and a line saying which one it is."""
    if choice == "fallback":
        return fallback(work / "appimage-runtime-fallback"), "our offline fallback runtime"
    described = f"the official type-2 runtime {OFFICIAL_RELEASE} (SHA-256 verified)"
    if choice == "official":
        return official(machine, work / "runtime-cache"), described
    path = Path(choice)
    if not path.is_file():
        raise RuntimeProblem(
            f"--appimage-runtime is {choice!r}: neither {' nor '.join(CHOICES)} nor a file"
        )
    return verified(path, machine), described
