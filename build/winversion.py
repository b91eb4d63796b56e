"""Windows wants four numbers for a version; our versions may be pre-releases like 0.2.0rc1.

Explorer's file properties and Inno Setup's VersionInfoVersion take only ``a.b.c.d``, each
0 to 65535. The first three are the release; the fourth orders the stages of one release so
that a later build always has the larger number:

    0.2.0.dev3 -> 0.2.0.3      0.2.0a1 -> 0.2.0.1001    0.2.0b2 -> 0.2.0.2002
    0.2.0rc1   -> 0.2.0.3001   0.2.0   -> 0.2.0.4000    0.2.0.post1 -> 0.2.0.4001

The text version (``0.2.0rc1``) still goes everywhere a string is allowed.
"""

from __future__ import annotations

import re

_VERSION = re.compile(
    r"(?P<release>\d+(?:\.\d+){0,2})"
    r"(?:(?P<stage>a|b|rc)(?P<pre>\d+))?"
    r"(?:\.post(?P<post>\d+))?"
    r"(?:\.dev(?P<dev>\d+))?"
)
_STAGES = {"a": 1, "b": 2, "rc": 3}
_FINAL = 4
_STEP = 1000


class VersionError(ValueError):
    """The version cannot be written as Windows' four numbers."""


def parse_version(version: str) -> dict[str, str | None]:
    """The parts of a version we can package (release, stage, pre, post, dev); refuses others.

    Every installer format shares these rules, so a version one refuses, all refuse.
    """
    found = _VERSION.fullmatch(version.strip())
    if not found:
        raise VersionError(
            f"version {version!r} is not like 1.2.3, 1.2.3rc1, 1.2.3.post1 or 1.2.3.dev1"
        )
    if found["dev"] is not None and (found["stage"] or found["post"]):
        raise VersionError(f"version {version!r}: .dev is only for a final release's builds")
    if found["post"] is not None and int(found["post"]) == 0:
        raise VersionError(f"version {version!r}: .post0 would read as the release itself")
    return found.groupdict()


def windows_version(version: str) -> tuple[int, int, int, int]:
    """The four numbers Windows shows for a version like ``0.2.0`` or ``0.2.0rc1``."""
    found = parse_version(version)
    major, minor, patch = ([int(n) for n in str(found["release"]).split(".")] + [0, 0])[:3]
    if found["dev"] is not None:
        stage, number = 0, int(found["dev"])
    elif found["stage"]:
        stage, number = _STAGES[found["stage"]], int(str(found["pre"]))
    else:
        stage, number = _FINAL, int(found["post"] or 0)
    if stage < _FINAL and number >= _STEP:
        raise VersionError(f"version {version!r}: a pre-release number must be below {_STEP}")
    build = stage * _STEP + number
    numbers = (major, minor, patch, build)
    if max(numbers) > 0xFFFF:
        raise VersionError(f"version {version!r}: Windows allows numbers up to 65535")
    return numbers


def windows_version_text(version: str) -> str:
    """``windows_version`` as ``a.b.c.d``."""
    return ".".join(str(n) for n in windows_version(version))
