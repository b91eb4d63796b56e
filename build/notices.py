"""Which licence notice covers each shared library and font in the built bundle.

``uncovered(bundle)`` lists every bundled library or font that NOTICES.txt does not name, or
whose licence text (where its licence asks for the text to travel with the binaries) is not
in the bundle's licences folder. ``make.py --check`` fails on any, and tests/test_notices.py
runs it on the bundle when one has been built.
"""

from __future__ import annotations

import re
from pathlib import Path

#: A part the game carries: the name NOTICES.txt gives it, and the licence text it needs
#: shipped (a file in assets/licences, or None when its licence asks only for a credit or
#: nothing in a binary: zlib, libpng, FTL, public domain).
PARTS: dict[str, str | None] = {
    "Python": "third-party/python",
    "pygame-ce": "LGPL-2.1.txt",
    "SDL2": "zlib.txt",
    "SDL2_image": "zlib.txt",
    "SDL2_mixer": "zlib.txt",
    "SDL2_ttf": "zlib.txt",
    "FreeType": None,
    "HarfBuzz": "HarfBuzz.txt",
    "libpng": None,
    "libjpeg-turbo": "BSD-3-Clause.txt",
    "libtiff": "libtiff.txt",
    "libwebp": "BSD-3-Clause.txt",
    "Brotli": "MIT.txt",
    "libogg": "BSD-3-Clause.txt",
    "libvorbis": "BSD-3-Clause.txt",
    "libopus": "BSD-3-Clause.txt",
    "libFLAC": "BSD-3-Clause.txt",
    "mpg123": "LGPL-2.1.txt",
    "libxmp": "MIT.txt",
    "FluidSynth": "LGPL-2.1.txt",
    "libsndfile": "LGPL-2.1.txt",
    "alsa-lib": "LGPL-2.1.txt",
    "PortMidi": "MIT.txt",
    "WavPack": "BSD-3-Clause.txt",
    "OpenSSL": "Apache-2.0.txt",
    "SQLite": None,
    "libffi": "MIT.txt",
    "zlib": "zlib.txt",
    "bzip2": None,
    "liblzma": None,
    "libuuid": "BSD-3-Clause.txt",
    "msgspec": "third-party/msgspec",
    "websockets": "third-party/websockets",
    "Microsoft Visual C++ runtime": None,
    "Noto Sans": "../fonts/OFL.txt",
}

#: A shared library's name, stripped of "lib", hash, version and suffix -> its part.
LIBRARIES = {
    "python3": "Python",
    "python311": "Python",
    "Python": "Python",
    "SDL2": "SDL2",
    "SDL2_image": "SDL2_image",
    "SDL2_mixer": "SDL2_mixer",
    "SDL2_ttf": "SDL2_ttf",
    "freetype": "FreeType",
    "harfbuzz": "HarfBuzz",
    "png16": "libpng",
    "jpeg": "libjpeg-turbo",
    "turbojpeg": "libjpeg-turbo",
    "tiff": "libtiff",
    "webp": "libwebp",
    "webpdemux": "libwebp",
    "sharpyuv": "libwebp",
    "brotlicommon": "Brotli",
    "brotlidec": "Brotli",
    "ogg": "libogg",
    "vorbis": "libvorbis",
    "vorbisenc": "libvorbis",
    "vorbisfile": "libvorbis",
    "opus": "libopus",
    "opusfile": "libopus",
    "FLAC": "libFLAC",
    "mpg123": "mpg123",
    "xmp": "libxmp",
    "fluidsynth": "FluidSynth",
    "sndfile": "libsndfile",
    "asound": "alsa-lib",
    "portmidi": "PortMidi",
    "wavpack": "WavPack",
    "crypto": "OpenSSL",
    "ssl": "OpenSSL",
    "sqlite3": "SQLite",
    "ffi": "libffi",
    "z": "zlib",
    "zlib1": "zlib",
    "bz2": "bzip2",
    "lzma": "liblzma",
    "uuid": "libuuid",
    "VCRUNTIME140": "Microsoft Visual C++ runtime",
    "VCRUNTIME140_1": "Microsoft Visual C++ runtime",
    "MSVCP140": "Microsoft Visual C++ runtime",
}

#: The folder an extension module sits in (the first under the bundle's root) -> its part.
#: Modules straight in the root or in lib-dynload are Python's own.
PACKAGES = {"pygame": "pygame-ce", "msgspec": "msgspec", "websockets": "websockets"}

#: A font file's family (its name before the first "-") -> its part.
FONTS = {
    "NotoSans": "Noto Sans",
    "NotoSansDevanagari": "Noto Sans",
    "NotoSansSymbols2": "Noto Sans",
}

_LIBRARY = re.compile(r"\.(so|dylib|dll|pyd)$|\.so\.[\d.]+$")
_EXTENSION = re.compile(r"\.(cpython-\d+[^.]*|abi3)\.so$|\.pyd$|^[^.]+\.cp\d+[^.]*\.pyd$")
_FONT = re.compile(r"\.(ttf|otf|ttc|pfb|fon)$", re.IGNORECASE)
_NAME = re.compile(
    r"^(?:lib)?(?P<name>[A-Za-z][A-Za-z0-9_+]*?)(?:-[0-9a-f]{8}|[-.]\d|\.(?:so|dylib|dll)|$)"
)
_ROOTS = (("_internal",), ("Contents", "Frameworks"), ("Contents", "Resources"))


def library_key(file_name: str) -> str:
    """``libSDL2_image-2-d6906c81.0.so.0.800.12`` -> ``SDL2_image``: the name in LIBRARIES."""
    found = _NAME.match(file_name)
    return found["name"] if found else file_name


def _inner_parts(bundle: Path, path: Path) -> tuple[str, ...]:
    """The path's folders below the bundle's library root (_internal, Frameworks...)."""
    parts = path.relative_to(bundle).parts[:-1]
    for root in _ROOTS:
        if parts[: len(root)] == root:
            return parts[len(root) :]
    return parts


def part_of(bundle: Path, path: Path) -> str | None:
    """The part (a key of PARTS) that ``path`` in ``bundle`` belongs to; None if unknown."""
    name = path.name
    if _FONT.search(name):
        return FONTS.get(name.split("-")[0].split(".")[0])
    if _EXTENSION.search(name):
        folders = _inner_parts(bundle, path)
        if not folders or "lib-dynload" in folders:
            return "Python"
        return PACKAGES.get(folders[0])
    return LIBRARIES.get(library_key(name))


def bundled_files(bundle: Path) -> list[Path]:
    """Every shared library, extension module and font in the bundle (symlinks left out)."""
    return sorted(
        p
        for p in bundle.rglob("*")
        if p.is_file() and not p.is_symlink() and (_LIBRARY.search(p.name) or _FONT.search(p.name))
    )


def uncovered(bundle: Path, notices: str, licences: Path) -> list[str]:
    """What in ``bundle`` the ``notices`` text does not name or ``licences`` lacks the text of.

    One line per file no notice covers, and one per part whose name or licence text is
    missing (with how many bundled files it leaves uncovered).
    """
    problems = []
    lacking: dict[str, list[Path]] = {}
    for path in bundled_files(bundle):
        part = part_of(bundle, path)
        if part is None:
            problems.append(
                f"{path.relative_to(bundle)}: no notice covers it (see build/notices.py)"
            )
        elif part not in notices:
            lacking.setdefault(f"NOTICES.txt does not name {part}", []).append(path)
        elif PARTS[part] and not (licences / str(PARTS[part])).exists():
            lacking.setdefault(f"the licence text {PARTS[part]} of {part} is missing", []).append(
                path
            )
    for problem, paths in lacking.items():
        problems.append(f"{problem} ({len(paths)} files, e.g. {paths[0].relative_to(bundle)})")
    return problems


#: What the official AppImage runtime carries inside it (one static program), by the name
#: NOTICES.txt and RUNTIME_TEXT give each. It is not in the bundle, so ``uncovered`` cannot
#: see it; ``runtime_uncovered`` checks its notice instead.
RUNTIME_PARTS = ("type2-runtime", "libfuse", "squashfuse", "musl", "mimalloc", "zstd", "zlib")
RUNTIME_TEXT = "AppImage-runtime.txt"


def runtime_uncovered(release: str, notices: str, licences: Path) -> list[str]:
    """What the notices lack for the official AppImage runtime of ``release`` (the pinned one).

    NOTICES.txt must name the release and every part, and RUNTIME_TEXT beside it must too,
    with the LGPL's full text (libfuse's) beside them both.
    """
    problems = []
    text_path = licences / RUNTIME_TEXT
    text = text_path.read_text(encoding="utf-8") if text_path.is_file() else ""
    if not text:
        problems.append(f"{RUNTIME_TEXT} is missing beside NOTICES.txt")
    for where, words in (("NOTICES.txt", notices), (RUNTIME_TEXT, text)):
        if not words:
            continue
        problems += [
            f"{where} does not name {name} (the AppImage runtime)"
            for name in (f"release {release}", *RUNTIME_PARTS, RUNTIME_TEXT, "LGPL-2.1.txt")
            if name not in words and not (where == RUNTIME_TEXT and name == RUNTIME_TEXT)
        ]
    if not (licences / "LGPL-2.1.txt").is_file():
        problems.append("LGPL-2.1.txt (libfuse's licence) is missing beside NOTICES.txt")
    return problems
