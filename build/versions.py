"""One version, written the way each package format sorts it.

pyproject.toml's version follows Python's rules (``0.2.0.dev3 < 0.2.0a1 < 0.2.0b2 < 0.2.0rc1
< 0.2.0 < 0.2.0.post1``). Each installer must sort the same way, or an upgrade from a
pre-release to the release is taken for a downgrade:

- **Debian** (``deb_version``): dpkg sorts ``0.2.0rc1`` *after* ``0.2.0``; a tilde sorts
  before anything, even the end of the version, so a pre-release gets one:

      0.2.0.dev3 -> 0.2.0~dev3     0.2.0a1 -> 0.2.0~pre.a1    0.2.0b2 -> 0.2.0~pre.b2
      0.2.0rc1   -> 0.2.0~rc1      0.2.0   -> 0.2.0           0.2.0.post1 -> 0.2.0+post1

  (``dev`` must sort before alpha and beta, and dpkg compares letters in ASCII order, so
  alpha and beta are written ``~pre.a``/``~pre.b``: ``dev`` < ``pre`` < ``rc``.)
- **Windows** wants four numbers: build/winversion.py.
- **macOS**: ``CFBundleVersion`` may hold only one to three numbers (``[Major].[Minor].[Patch]``),
  so it gets the release's three numbers; ``CFBundleShortVersionString``, the version Finder
  and *About* show, keeps the whole text (``0.2.0rc1``).

``python build/versions.py release-kind [VERSION]`` prints ``prerelease=true`` or
``prerelease=false`` (for ``$GITHUB_OUTPUT``): the release workflow marks a pre-release tag
as a pre-release with it. Without VERSION it reads pyproject.toml.
"""

from __future__ import annotations

import plistlib
import sys
import tomllib
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # build/ is not a package

from winversion import VersionError, parse_version  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
_DEB_STAGE = {"a": "~pre.a", "b": "~pre.b", "rc": "~rc"}


def project_version(root: Path = ROOT) -> str:
    """The version in pyproject.toml."""
    data = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    return str(data["project"]["version"])


def _release(found: dict[str, str | None]) -> tuple[int, int, int]:
    numbers = [int(n) for n in str(found["release"]).split(".")] + [0, 0]
    return numbers[0], numbers[1], numbers[2]


def deb_version(version: str) -> str:
    """The version as dpkg must see it to sort it as Python does (see the module's text)."""
    found = parse_version(version)
    text = ".".join(map(str, _release(found)))
    if found["dev"] is not None:
        return f"{text}~dev{found['dev']}"
    if found["stage"]:
        return f"{text}{_DEB_STAGE[str(found['stage'])]}{found['pre']}"
    if found["post"] is not None:
        return f"{text}+post{found['post']}"
    return text


def macos_bundle_version(version: str) -> str:
    """``CFBundleVersion``: the release's three numbers, all Apple allows there."""
    return ".".join(map(str, _release(parse_version(version))))


def is_prerelease(version: str) -> bool:
    """Whether the version is a development build, alpha, beta or release candidate."""
    found = parse_version(version)
    return found["dev"] is not None or bool(found["stage"])


def macos_info_plist(template: str, version: str) -> dict[str, Any]:
    """build/macos/Info.plist with this version filled in, as marriage.spec merges it."""
    text = template.replace("@BUNDLE_VERSION@", macos_bundle_version(version))
    info: dict[str, Any] = plistlib.loads(text.replace("@VERSION@", version).encode("utf-8"))
    return info


def main(argv: list[str]) -> int:
    """``release-kind [VERSION]``: print ``prerelease=true|false`` for the release workflow."""
    if not argv or argv[0] != "release-kind" or len(argv) > 2:
        print("usage: python build/versions.py release-kind [VERSION]", file=sys.stderr)
        return 2
    version = argv[1].removeprefix("v") if len(argv) == 2 else project_version()
    try:
        kind = is_prerelease(version)
    except VersionError as exc:
        print(f"versions.py: {exc}", file=sys.stderr)
        return 1
    print(f"prerelease={'true' if kind else 'false'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
