"""The packaging recipes, checked without running PyInstaller: fast, and on any OS."""

from __future__ import annotations

import ast
import configparser
import importlib.util
import plistlib
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
SPEC = ROOT / "marriage.spec"


def _version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "version"
    ]


@pytest.fixture(scope="module")
def make() -> ModuleType:
    """build/make.py as a module (it is a script, not part of a package)."""
    spec = importlib.util.spec_from_file_location("marriage_make", BUILD / "make.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module


def _spec_constants() -> dict[str, object]:
    """Every ``NAME = [literal, ...]`` list at the top of marriage.spec."""
    tree = ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))
    found: dict[str, object] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.List):
            name = node.targets[0]
            if isinstance(name, ast.Name):
                found[name.id] = [
                    ast.unparse(e) if not isinstance(e, ast.Constant) else e.value
                    for e in node.value.elts
                ]
    return found


def _call_keywords(func: str) -> dict[str, str]:
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == func:
            return {kw.arg: ast.unparse(kw.value) for kw in node.keywords if kw.arg}
    raise AssertionError(f"marriage.spec has no {func}(...) call")


def test_spec_bundles_the_assets_with_their_package_layout() -> None:
    constants = _spec_constants()
    datas = constants["DATAS"]
    assert isinstance(datas, list) and any("marriage_gui/assets" in str(d) for d in datas)
    assert _call_keywords("Analysis")["datas"] == "DATAS"
    # paths.py looks for the frozen assets exactly here
    paths = (ROOT / "marriage_gui" / "art" / "paths.py").read_text(encoding="utf-8")
    assert '"marriage_gui" / "assets"' in paths
    assert '(str(ASSETS), "marriage_gui/assets")' in SPEC.read_text(encoding="utf-8")
    assert 'ASSETS = ROOT / "assets"' in SPEC.read_text(encoding="utf-8")


def test_every_asset_folder_goes_into_the_wheel() -> None:
    data_files = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]["data-files"]
    folders = sorted(p.name for p in (ROOT / "assets").iterdir() if p.is_dir())
    assert folders, "the top-level assets/ folder is empty"
    for folder in folders:
        assert data_files[f"share/marriage/assets/{folder}"] == [f"assets/{folder}/*"]
    assert not any(p.is_dir() for p in (ROOT / "assets").glob("*/*")), (
        "data-files globs are one level deep: a nested asset folder needs its own entry"
    )
    assert not (ROOT / "marriage_gui" / "assets").exists(), "assets moved to the top level"


def test_assets_found_in_checkout_and_in_an_installed_prefix(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from marriage_gui.art import paths

    assert paths.assets_dir() == ROOT / "assets"
    installed = tmp_path / "share" / "marriage" / "assets"
    (installed / "icons").mkdir(parents=True)
    (installed / "icons" / "marriage.ico").write_bytes(b"")
    monkeypatch.setattr(paths, "_CHECKOUT_ASSETS", tmp_path / "not-here")
    monkeypatch.setattr(paths, "_installed_candidates", lambda: [tmp_path / "x", installed])
    assert paths.assets_dir() == installed


def test_spec_leaves_out_heavy_and_test_packages() -> None:
    excludes = _spec_constants()["EXCLUDES"]
    assert isinstance(excludes, list)
    for name in ("tkinter", "numpy", "pytest", "hypothesis", "mypy", "ruff"):
        assert name in excludes
    assert _call_keywords("Analysis")["excludes"] == "EXCLUDES"
    # the game uses these: excluding them would break the frozen app
    for needed in ("sqlite3", "platformdirs", "pygame", "json"):
        assert needed not in excludes


def test_the_game_imports_nothing_the_spec_leaves_out() -> None:
    excluded = set(_spec_constants()["EXCLUDES"])  # type: ignore[arg-type]
    for package in ("engine", "marriage_gui"):
        for source in (ROOT / package).rglob("*.py"):
            tree = ast.parse(source.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
                else:
                    continue
                for name in names:
                    parts = name.split(".")
                    hits = {".".join(parts[:i]) for i in range(1, len(parts) + 1)} & excluded
                    assert not hits, (
                        f"{source.relative_to(ROOT)} imports {name}, which marriage.spec excludes"
                    )


def test_spec_is_a_windowed_onedir_app_with_an_icon() -> None:
    exe = _call_keywords("EXE")
    assert exe["console"] == "False"
    assert exe["exclude_binaries"] == "True"  # onedir: COLLECT gathers the binaries
    assert "marriage.ico" in exe["icon"] and "marriage.icns" in exe["icon"]
    _call_keywords("COLLECT")
    bundle = _call_keywords("BUNDLE")
    assert bundle["info_plist"] == "info"
    assert "platformdirs" in (_spec_constants()["HIDDEN_IMPORTS"] or [])
    for icon in ("marriage.ico", "marriage.icns"):
        assert (ROOT / "assets" / "icons" / icon).is_file()


def test_entry_script_runs_the_package_main() -> None:
    entry = _call_keywords("Analysis")
    assert "entry.py" in SPEC.read_text(encoding="utf-8")
    text = (BUILD / "entry.py").read_text(encoding="utf-8")
    assert "from marriage_gui.__main__ import main" in text
    assert "sys.exit(main())" in text
    assert entry["pathex"] == "[str(ROOT)]"


def test_deb_control_renders_with_the_pyproject_version(make: ModuleType) -> None:
    control = make.render_control(_version(), "amd64", 12345, "2.17")
    assert not re.search(r"@[A-Z_]+@", control), "a placeholder was left unfilled"
    fields: dict[str, str] = {}
    for line in control.splitlines():
        if line.startswith(" "):
            continue  # continuation of Description
        key, sep, value = line.partition(": ")
        assert sep, f"not a control field: {line!r}"
        fields[key] = value
    assert fields["Package"] == "marriage"
    assert fields["Version"] == _version()
    assert fields["Architecture"] == "amd64"
    assert fields["Installed-Size"] == "12345"
    assert fields["Depends"] == "libc6 (>= 2.17)"
    assert fields["Maintainer"] and fields["Description"]
    assert control.endswith("\n")
    assert make.render_control("1.2.3", "arm64", 1, None).count("Depends: libc6\n") == 1


def test_glibc_floor_is_the_newest_symbol_version(make: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "lib.so").write_bytes(
        b"\x7fELF\x02" + b"GLIBC_2.17\x00xx GLIBC_2.34\x00 GLIBC_2.4\x00"
    )
    (tmp_path / "notes.txt").write_bytes(b"GLIBC_2.99\x00")  # not an ELF file: ignored
    assert make.glibc_floor(tmp_path) == "2.34"


def test_desktop_file_is_valid() -> None:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(BUILD / "linux" / "marriage.desktop", encoding="utf-8")
    assert parser.sections() == ["Desktop Entry"]
    entry = parser["Desktop Entry"]
    for key in ("Type", "Name", "Exec", "Icon", "Categories"):
        assert entry.get(key), f"{key} is required"
    assert entry["Type"] == "Application"
    assert entry["Exec"].split()[0] == "marriage"  # /usr/bin/marriage in the .deb
    assert entry["Icon"] == "marriage"  # themed icon name, no path or extension
    assert entry["Categories"] == "Game;CardGame;"
    assert entry["Terminal"] == "false"
    assert entry.get("Keywords", ";").endswith(";")
    for size in (16, 32, 48, 64, 128, 256, 512):
        assert (ROOT / "assets" / "icons" / f"marriage-{size}.png").is_file()


def test_linux_launcher_runs_the_bundle_from_its_own_folder() -> None:
    text = (BUILD / "linux" / "launcher.sh").read_text(encoding="utf-8")
    assert text.startswith("#!/bin/sh\n")
    assert 'readlink -f "$0"' in text  # works from any working directory and through symlinks
    assert 'exec "$here/app/marriage" "$@"' in text


def test_make_help_works() -> None:
    done = subprocess.run(
        [sys.executable, str(BUILD / "make.py"), "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "--check" in done.stdout


def test_macos_info_plist_template() -> None:
    text = (BUILD / "macos" / "Info.plist").read_text(encoding="utf-8")
    info = plistlib.loads(text.replace("@VERSION@", _version()).encode("utf-8"))
    assert info["NSHighResolutionCapable"] is True
    assert info["CFBundleShortVersionString"] == _version()
    assert info["CFBundleName"] == "Marriage"
    assert "hdiutil create" in (BUILD / "macos" / "make_dmg.sh").read_text(encoding="utf-8")


def test_inno_setup_script_installs_per_user_with_shortcuts() -> None:
    text = (BUILD / "windows" / "marriage.iss").read_text(encoding="utf-8")
    assert "PrivilegesRequired=lowest" in text
    assert "{autoprograms}" in text and "{autodesktop}" in text
    assert '#define AppExe "Marriage.exe"' in text  # the name marriage.spec gives on Windows
    assert re.search(r"^AppId=\{\{[0-9A-F-]{36}\}$", text, re.MULTILINE)


def test_release_workflow_builds_on_three_systems() -> None:
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert "\t" not in text  # YAML forbids tabs for indentation
    assert re.search(r"^on:\s*\n\s+push:\s*\n\s+tags:\s*\[?\s*['\"]v\*['\"]", text, re.MULTILINE)
    for runner in ("ubuntu-latest", "windows-latest", "macos-latest"):
        assert runner in text
    assert re.search(r"python-version:\s*['\"]3\.11['\"]", text)
    assert "pip install" in text and ".[build]" in text
    assert "python build/make.py" in text
    assert "choco install innosetup" in text
    assert "build/out/installers/" in text
