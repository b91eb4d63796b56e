"""Every shared library and font the game ships is named in the notices, with its licence text.

The check itself (build/notices.py) runs in ``make.py --check`` on every build; here it runs
on the bundle when one has been built, on the libraries pygame-ce's wheel brings (which the
bundle carries), and on made-up bundles that show it can fail.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))

import notices  # noqa: E402  (build/ is not a package)

LICENCES = ROOT / "assets" / "licences"
NOTICES = (LICENCES / "NOTICES.txt").read_text(encoding="utf-8")
BUILT = ROOT / "build" / "out" / "dist" / "marriage"


def _bundle(tmp_path: Path, *files: str) -> Path:
    bundle = tmp_path / "marriage"
    for name in files:
        (bundle / name).parent.mkdir(parents=True, exist_ok=True)
        (bundle / name).write_bytes(b"")
    return bundle


def _licences_with_third_party(tmp_path: Path) -> Path:
    """assets/licences plus the third-party texts the spec adds to the bundle."""
    folder = tmp_path / "assets" / "licences"
    folder.mkdir(parents=True)
    for text in LICENCES.glob("*.txt"):
        (folder / text.name).write_bytes(text.read_bytes())
    for name in ("python", "msgspec", "websockets"):
        (folder / "third-party" / name).mkdir(parents=True)
        (folder / "third-party" / name / "LICENSE").write_text(name)
    (tmp_path / "assets" / "fonts").mkdir()
    (tmp_path / "assets" / "fonts" / "OFL.txt").write_text("ofl")
    return folder


@pytest.mark.skipif(not BUILT.is_dir(), reason="no bundle built (python build/make.py)")
def test_every_library_and_font_in_the_built_bundle_is_covered() -> None:
    (folder,) = BUILT.rglob("licences/NOTICES.txt")
    found = notices.bundled_files(BUILT)
    assert any(p.name.startswith("libSDL2") for p in found)
    assert any(p.suffix == ".ttf" for p in found)
    assert notices.uncovered(BUILT, folder.read_text(encoding="utf-8"), folder.parent) == []


@pytest.mark.skipif(not BUILT.is_dir(), reason="no bundle built (python build/make.py)")
def test_the_built_bundle_leaves_out_readline_tinfo_and_freefont() -> None:
    names = [p.name.lower() for p in BUILT.rglob("*")]
    for unwanted in ("readline", "libtinfo", "libncurses", "freesansbold"):
        assert not [n for n in names if unwanted in n], unwanted
    assert not list(BUILT.rglob("websockets/cli*"))


def test_the_libraries_pygame_ce_brings_are_covered(tmp_path: Path) -> None:
    import pygame

    libs = Path(pygame.__file__).parent.parent / "pygame_ce.libs"
    if not libs.is_dir():
        pytest.skip("this pygame-ce wheel keeps its libraries elsewhere")
    names = [f"_internal/pygame_ce.libs/{p.name}" for p in libs.iterdir()]
    assert names
    bundle = _bundle(tmp_path, *names)
    assert notices.uncovered(bundle, NOTICES, _licences_with_third_party(tmp_path)) == []


def test_a_linux_bundle_like_the_real_one_is_covered(tmp_path: Path) -> None:
    bundle = _bundle(
        tmp_path,
        "_internal/libpython3.11.so.1.0",
        "_internal/libcrypto.so.3",
        "_internal/libssl.so.3",
        "_internal/libz.so.1",
        "_internal/libbz2.so.1.0",
        "_internal/liblzma.so.5",
        "_internal/libffi.so.8",
        "_internal/libsqlite3.so.0",
        "_internal/libuuid.so.1",
        "_internal/python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so",
        "_internal/pygame/font.cpython-311-x86_64-linux-gnu.so",
        "_internal/msgspec/_core.cpython-311-x86_64-linux-gnu.so",
        "_internal/websockets/speedups.cpython-311-x86_64-linux-gnu.so",
        "_internal/marriage_gui/assets/fonts/NotoSansDevanagari-Bold.ttf",
    )
    assert notices.uncovered(bundle, NOTICES, _licences_with_third_party(tmp_path)) == []


def test_windows_and_macos_names_are_known() -> None:
    for name, part in {
        "python311.dll": "Python",
        "VCRUNTIME140_1.dll": "Microsoft Visual C++ runtime",
        "zlib1.dll": "zlib",
        "libcrypto-3-x64.dll": "OpenSSL",
        "SDL2_mixer.dll": "SDL2_mixer",
        "libpng16-16.dll": "libpng",
        "libSDL2-2.0.0.dylib": "SDL2",
        "libSDL2_image-2-d6906c81.0.so.0.800.12": "SDL2_image",
    }.items():
        assert notices.LIBRARIES.get(notices.library_key(name)) == part, name


def test_an_unknown_library_or_font_fails_the_check(tmp_path: Path) -> None:
    bundle = _bundle(
        tmp_path,
        "_internal/libreadline.so.8",
        "_internal/pygame/freesansbold.ttf",
        "_internal/mystery/thing.cpython-311-x86_64-linux-gnu.so",
    )
    problems = notices.uncovered(bundle, NOTICES, _licences_with_third_party(tmp_path))
    assert len(problems) == 3
    assert all("no notice covers it" in p for p in problems)


def test_a_part_missing_from_the_notices_or_its_text_fails(tmp_path: Path) -> None:
    bundle = _bundle(tmp_path, "_internal/libSDL2-2.0.so.0", "_internal/libssl.so.3")
    licences = _licences_with_third_party(tmp_path)
    problems = notices.uncovered(bundle, NOTICES.replace("OpenSSL", "O-SSL"), licences)
    assert problems == ["NOTICES.txt does not name OpenSSL (1 files, e.g. _internal/libssl.so.3)"]
    (licences / "zlib.txt").unlink()
    problems = notices.uncovered(bundle, NOTICES, licences)
    assert problems == [
        "the licence text zlib.txt of SDL2 is missing (1 files, e.g. _internal/libSDL2-2.0.so.0)"
    ]


def test_symlinks_are_not_counted_twice(tmp_path: Path) -> None:
    bundle = _bundle(tmp_path, "_internal/pygame_ce.libs/libogg-15db22d2.so.0.8.6")
    (bundle / "_internal" / "libogg-15db22d2.so.0.8.6").symlink_to(
        "pygame_ce.libs/libogg-15db22d2.so.0.8.6"
    )
    assert len(notices.bundled_files(bundle)) == 1


def test_every_licence_text_the_notices_point_to_is_there() -> None:
    for part, text in notices.PARTS.items():
        assert part in NOTICES, f"NOTICES.txt does not name {part}"
        if text and not text.startswith("third-party/"):
            assert (LICENCES / text).is_file(), text
    for text in ("Apache-2.0.txt", "BSD-3-Clause.txt", "MIT.txt", "zlib.txt", "HarfBuzz.txt"):
        assert text in NOTICES, f"NOTICES.txt does not point to {text}"
    assert "Apache License" in (LICENCES / "Apache-2.0.txt").read_text(encoding="utf-8")
    assert "Neither the name of the copyright holder" in (LICENCES / "BSD-3-Clause.txt").read_text(
        encoding="utf-8"
    )


def test_debian_copyright_names_the_right_licences() -> None:
    text = (ROOT / "build" / "linux" / "copyright").read_text(encoding="utf-8")
    stanzas = {}
    for block in text.split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line[:20])
        if "Files" in fields:
            stanzas[fields["Files"]] = fields["License"]
    sdl = [lic for files, lic in stanzas.items() if "libSDL2*" in files]
    ssl = [lic for files, lic in stanzas.items() if "libssl*" in files]
    assert sdl == ["Zlib"] and ssl == ["Apache-2.0"]
    assert "License: various" not in text


# --- the AppImage's runtime -------------------------------------------------------------------


def test_the_appimage_runtime_and_the_libfuse_inside_it_are_named() -> None:
    import appimage_runtime

    release = appimage_runtime.OFFICIAL_RELEASE
    assert notices.runtime_uncovered(release, NOTICES, LICENCES) == []
    runtime = (LICENCES / notices.RUNTIME_TEXT).read_text(encoding="utf-8")
    # The pinned release, where its source is, and the LGPL's offer: a runtime of your own.
    assert f"type2-runtime/tree/{release}" in runtime
    assert "GNU Lesser General Public License 2.1" in runtime and "--appimage-offset" in runtime
    # Pinning another release without updating the notices fails.
    assert notices.runtime_uncovered("20990101", NOTICES, LICENCES) == [
        "NOTICES.txt does not name release 20990101 (the AppImage runtime)",
        f"{notices.RUNTIME_TEXT} does not name release 20990101 (the AppImage runtime)",
    ]


def test_a_runtime_notice_missing_a_part_or_its_text_fails(tmp_path: Path) -> None:
    import appimage_runtime

    release = appimage_runtime.OFFICIAL_RELEASE
    licences = _licences_with_third_party(tmp_path)
    problems = notices.runtime_uncovered(release, NOTICES.replace("libfuse", "lib-f"), licences)
    assert problems == ["NOTICES.txt does not name libfuse (the AppImage runtime)"]
    (licences / notices.RUNTIME_TEXT).unlink()
    assert notices.runtime_uncovered(release, NOTICES, licences) == [
        f"{notices.RUNTIME_TEXT} is missing beside NOTICES.txt"
    ]
