"""What the .deb must ask the system for: every library the bundle uses but does not carry.

Two kinds of use, found in the built bundle itself:

- **linked**: a ``DT_NEEDED`` entry of a bundled ELF file (what ``readelf -d`` lists as
  NEEDED) that no bundled file provides: glibc, and the C++ runtime marriage.spec leaves
  to the system;
- **loaded**: a library name written inside a bundled binary that no bundled file provides.
  SDL2 opens its window and sound libraries this way (``dlopen("libX11.so.6")``) only when
  the game starts, so no NEEDED entry names them: without a Depends on libx11-6 a system
  with no X11 libraries installs the game and then cannot open a window.

Each such library must be in LIBRARIES, which says which package holds it (the same name on
Ubuntu 22.04 and Debian 12) and whether the game needs it (Depends), is better with it
(Recommends), or does without it. ``make.py --check`` fails on a library missing from the
table, so a new SDL or Python that uses another one cannot slip through.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass
from pathlib import Path

import notices  # build/ is this script's folder

DEPENDS, RECOMMENDS, UNUSED = "Depends", "Recommends", "unused"


@dataclass(frozen=True)
class SystemLibrary:
    """A library the bundle takes from the system: its package and how much the game needs it."""

    package: str | None
    field: str
    why: str


_GLIBC = "the C library (its version floor is the glibc the bundle needs)"
_X11 = "SDL2 opens the game's window through X11 (also on Wayland desktops, through XWayland)"
_WAYLAND = "only when SDL_VIDEODRIVER=wayland is set; the window opens through X11 otherwise"

#: A library's soname -> the package that holds it and how the game uses it.
LIBRARIES: dict[str, SystemLibrary] = {
    **{
        name: SystemLibrary("libc6", DEPENDS, _GLIBC)
        for name in (
            "libc.so.6",
            "libm.so.6",
            "libdl.so.2",
            "libpthread.so.0",
            "librt.so.1",
            "libutil.so.1",
            "ld-linux-x86-64.so.2",
            "ld-linux-aarch64.so.1",
        )
    },
    "libstdc++.so.6": SystemLibrary("libstdc++6", DEPENDS, "FluidSynth (music) is C++"),
    "libgcc_s.so.1": SystemLibrary("libgcc-s1", DEPENDS, "the C++ runtime's helper"),
    "libX11.so.6": SystemLibrary("libx11-6", DEPENDS, _X11),
    "libXext.so.6": SystemLibrary("libxext6", DEPENDS, _X11 + " (shared-memory drawing)"),
    "libXcursor.so.1": SystemLibrary("libxcursor1", DEPENDS, _X11 + " (the mouse pointer)"),
    "libXi.so.6": SystemLibrary("libxi6", DEPENDS, _X11 + " (mouse and touch input)"),
    "libXfixes.so.3": SystemLibrary("libxfixes3", DEPENDS, _X11 + " (pointer confinement)"),
    "libXrandr.so.2": SystemLibrary("libxrandr2", DEPENDS, _X11 + " (screen sizes, F11)"),
    "libXss.so.1": SystemLibrary("libxss1", DEPENDS, _X11 + " (the screensaver)"),
    "libGL.so.1": SystemLibrary("libgl1", RECOMMENDS, "drawing through OpenGL; else software"),
    "libEGL.so.1": SystemLibrary("libegl1", RECOMMENDS, "OpenGL through EGL; else software"),
    "libasound.so.2": SystemLibrary("libasound2", RECOMMENDS, "sound; the game is silent without"),
    "libOpenGL.so.0": SystemLibrary(None, UNUSED, "libGL.so.1 is loaded instead"),
    "libGLESv2.so.2": SystemLibrary(None, UNUSED, "OpenGL ES: phones and boards"),
    "libGLES_CM.so.1": SystemLibrary(None, UNUSED, "OpenGL ES 1: phones and boards"),
    "libGLESv1_CM.so.1": SystemLibrary(None, UNUSED, "OpenGL ES 1: phones and boards"),
    "libgbm.so.1": SystemLibrary(None, UNUSED, "SDL's KMSDRM driver: a console with no desktop"),
    "libdrm.so.2": SystemLibrary(None, UNUSED, "SDL's KMSDRM driver: a console with no desktop"),
    "libpulse.so.0": SystemLibrary(None, UNUSED, "ALSA is enough: PulseAudio takes ALSA's sound"),
    "libpipewire-0.3.so.0": SystemLibrary(None, UNUSED, "ALSA is enough: PipeWire takes it too"),
    "libsamplerate.so.0": SystemLibrary(None, UNUSED, "SDL resamples by itself without it"),
    "libdbus-1.so.3": SystemLibrary(None, UNUSED, "desktop extras (screensaver hints, IMEs)"),
    "libudev.so.1": SystemLibrary(None, UNUSED, "game controllers, which the game does not use"),
    "libudev.so.0": SystemLibrary(None, UNUSED, "game controllers (an old name of libudev)"),
    "libwayland-client.so.0": SystemLibrary(None, UNUSED, _WAYLAND),
    "libwayland-cursor.so.0": SystemLibrary(None, UNUSED, _WAYLAND),
    "libwayland-egl.so.1": SystemLibrary(None, UNUSED, _WAYLAND),
    "libxkbcommon.so.0": SystemLibrary(None, UNUSED, _WAYLAND),
    "libdecor-0.so.0": SystemLibrary(None, UNUSED, _WAYLAND),
    "libXinerama.so.1": SystemLibrary(None, UNUSED, "PyInstaller's splash screen, not used"),
}

_SONAME_TEXT = re.compile(rb"(?<![A-Za-z0-9_+.-])((?:lib|ld-)[A-Za-z0-9_+.-]*?\.so(?:\.\d+)*)\x00")
_DT_NEEDED, _DT_SONAME, _SHT_DYNAMIC = 1, 14, 6


def _is_elf(path: Path) -> bool:
    with path.open("rb") as f:
        return f.read(4) == b"\x7fELF"


def elf_files(bundle: Path) -> list[Path]:
    """Every ELF file in the bundle (symlinks left out)."""
    return sorted(p for p in bundle.rglob("*") if p.is_file() and not p.is_symlink() and _is_elf(p))


def dynamic_names(path: Path) -> tuple[list[str], str | None]:
    """An ELF file's NEEDED entries and its SONAME, read from its dynamic section."""
    data = path.read_bytes()
    wide = data[4] == 2
    end = "<" if data[5] == 1 else ">"
    if wide:
        shoff, shentsize, shnum = struct.unpack_from(end + "Q10xHH", data, 0x28)
        section, entry = end + "IIQQQQIIQQ", end + "qQ"
    else:
        shoff, shentsize, shnum = struct.unpack_from(end + "I10xHH", data, 0x20)
        section, entry = end + "IIIIIIIIII", end + "iI"
    headers = [struct.unpack_from(section, data, shoff + i * shentsize) for i in range(shnum)]
    needed: list[str] = []
    soname = None
    for header in headers:
        if header[1] != _SHT_DYNAMIC:
            continue
        offset, size, link = header[4], header[5], header[6]
        strings_at = headers[link][4]
        step = struct.calcsize(entry)
        for at in range(offset, offset + size, step):
            tag, value = struct.unpack_from(entry, data, at)
            if tag in (_DT_NEEDED, _DT_SONAME):
                name = data[strings_at + value : data.index(b"\x00", strings_at + value)]
                if tag == _DT_NEEDED:
                    needed.append(name.decode())
                else:
                    soname = name.decode()
    return needed, soname


def _bundled_keys(bundle: Path, files: list[Path]) -> set[str]:
    """The names the bundle's own libraries go by (``libSDL2-2-50d1...so`` -> ``SDL2``)."""
    keys = {notices.library_key(p.name) for p in files}
    return keys | {notices.library_key(dynamic_names(p)[1] or p.name) for p in files}


def linked(bundle: Path) -> set[str]:
    """The NEEDED libraries of the bundle's ELF files that the bundle does not carry."""
    files = elf_files(bundle)
    carried = {p.name for p in files} | {dynamic_names(p)[1] for p in files}
    return {n for p in files for n in dynamic_names(p)[0] if n not in carried}


def loaded(bundle: Path) -> set[str]:
    """Library names written inside the bundle's binaries (what they may dlopen) that the
    bundle does not carry."""
    files = elf_files(bundle)
    ours = _bundled_keys(bundle, files)
    found = {m.decode() for p in files for m in _SONAME_TEXT.findall(p.read_bytes())}
    return {name for name in found if notices.library_key(name) not in ours}


def relations(bundle: Path, libc_floor: str | None) -> tuple[str, str, list[str]]:
    """(Depends, Recommends, problems) for the .deb holding ``bundle``.

    libc6 gets the glibc floor as its version. A problem names each library the bundle
    uses that LIBRARIES does not know.
    """
    used = linked(bundle) | loaded(bundle)
    unknown = sorted(used - LIBRARIES.keys())
    problems = [
        f"the bundle uses {name}, which build/debdeps.py does not know: add it to LIBRARIES "
        "with its package and whether the game needs it"
        for name in unknown
    ]
    fields: dict[str, set[str]] = {DEPENDS: set(), RECOMMENDS: set()}
    for name in used & LIBRARIES.keys():
        lib = LIBRARIES[name]
        if lib.package and lib.field in fields:
            fields[lib.field].add(lib.package)
    fields[DEPENDS].add("libc6")  # every binary needs it, even one nobody reads NEEDED from

    def written(packages: set[str]) -> str:
        return ", ".join(
            f"libc6 (>= {libc_floor})" if p == "libc6" and libc_floor else p
            for p in sorted(packages)
        )

    return written(fields[DEPENDS]), written(fields[RECOMMENDS]), problems
