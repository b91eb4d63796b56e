"""The packaging recipes, checked without running PyInstaller: fast, and on any OS."""

from __future__ import annotations

import ast
import configparser
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
SPEC = ROOT / "marriage.spec"
sys.path.insert(0, str(BUILD))

import versions  # noqa: E402  (build/ is not a package)


def _version() -> str:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "version"
    ]


@pytest.fixture(scope="module")
def make() -> ModuleType:
    """build/make.py as a module (it is a script, not part of a package)."""
    if str(BUILD) not in sys.path:
        sys.path.insert(0, str(BUILD))  # make.py imports its sibling modules
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
    control = make.render_control(
        _version(), "amd64", 12345, "libc6 (>= 2.17), libx11-6", "libgl1, libasound2"
    )
    assert not re.search(r"@[A-Z_]+@", control), "a placeholder was left unfilled"
    fields: dict[str, str] = {}
    for line in control.splitlines():
        if line.startswith(" "):
            continue  # continuation of Description
        key, sep, value = line.partition(": ")
        assert sep, f"not a control field: {line!r}"
        fields[key] = value
    assert fields["Package"] == "marriage"
    assert fields["Version"] == versions.deb_version(_version())
    assert fields["Architecture"] == "amd64"
    assert fields["Installed-Size"] == "12345"
    assert fields["Depends"] == "libc6 (>= 2.17), libx11-6"
    assert fields["Recommends"] == "libgl1, libasound2"
    assert fields["Maintainer"] and fields["Description"]
    assert control.endswith("\n")
    bare = make.render_control("1.2.3rc1", "arm64", 1, "libc6")
    assert "Depends: libc6\n" in bare and "Recommends" not in bare
    assert "Version: 1.2.3~rc1\n" in bare


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


def _unpacked_archive(make: ModuleType, tmp_path: Path, floor: str) -> Path:
    """The .tar.gz's top folder: make.py's launcher for ``floor`` and a stand-in game."""
    top = tmp_path / "marriage-0.0.0-linux-x86_64"
    (top / "app").mkdir(parents=True)
    (top / "app" / "marriage").write_text('#!/bin/sh\necho "game $*"\n')
    (top / "app" / "marriage").chmod(0o755)
    (top / "marriage").write_text(make.render_launcher(floor), encoding="utf-8")
    (top / "marriage").chmod(0o755)
    return top / "marriage"


def _glibc() -> str:
    done = subprocess.run(["getconf", "GNU_LIBC_VERSION"], capture_output=True, text=True)
    if done.returncode != 0 or not done.stdout.startswith("glibc "):
        pytest.skip("not a glibc system")
    return done.stdout.split()[1]


@pytest.mark.skipif(sys.platform == "win32", reason="the launcher is a POSIX shell script")
def test_the_archive_launcher_checks_glibc_as_the_appimage_does(
    make: ModuleType, tmp_path: Path
) -> None:
    have = _glibc()
    launcher = _unpacked_archive(make, tmp_path / "new", "2.17")
    done = subprocess.run([str(launcher), "--self-test"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout == "game --self-test\n"
    launcher = _unpacked_archive(make, tmp_path / "old", "99.1")
    tools = tmp_path / "bin"
    tools.mkdir()
    (tools / "zenity").write_text(f'#!/bin/sh\necho "$0 $*" >> "{tools}/calls.log"\n')
    (tools / "zenity").chmod(0o755)
    env = {"PATH": f"{tools}:/usr/bin:/bin", "DISPLAY": ":0", "HOME": str(tmp_path)}
    done = subprocess.run([str(launcher)], capture_output=True, text=True, env=env)
    assert done.returncode == 1 and "game" not in done.stdout
    said = f"this copy of Marriage needs glibc 99.1 or newer (Ubuntu 22.04, Debian 12, Fedora 36 and later); this system has glibc {have}."
    assert done.stderr == f"Marriage: {said}\n"
    assert (
        f"zenity --error --no-markup --title Marriage --text {said}"
        in (tools / "calls.log").read_text()
    )
    # The AppImage's AppRun says the same from the same text.
    apprun = make.render_apprun("99.1")
    check = make.render_launcher("99.1")
    shared = apprun[apprun.index("need=") : apprun.index("check_glibc\nexec")]
    assert shared.replace("this Marriage AppImage", "this copy of Marriage") in check
    assert "this Marriage AppImage needs glibc" in apprun


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
    info = versions.macos_info_plist(text, _version())
    assert info["NSHighResolutionCapable"] is True
    assert info["CFBundleShortVersionString"] == _version()
    assert re.fullmatch(r"\d+\.\d+\.\d+", info["CFBundleVersion"])
    # The spec fills the template through the same function.
    spec = SPEC.read_text(encoding="utf-8")
    assert "info = macos_info_plist(template, VERSION)" in spec
    assert "info_plist=info" in spec
    assert info["CFBundleName"] == "Marriage"
    assert "hdiutil create" in (BUILD / "macos" / "make_dmg.sh").read_text(encoding="utf-8")


def test_inno_setup_script_installs_per_user_with_shortcuts() -> None:
    text = (BUILD / "windows" / "marriage.iss").read_text(encoding="utf-8")
    assert "PrivilegesRequired=lowest" in text
    assert "{autoprograms}" in text and "{autodesktop}" in text
    assert '#define AppExe "Marriage.exe"' in text  # the name marriage.spec gives on Windows
    assert re.search(r"^AppId=\{\{[0-9A-F-]{36}\}$", text, re.MULTILINE)


WORKFLOWS = ROOT / ".github" / "workflows"
# A folder name with everything a shell, sed or a desktop file could trip over.
ODD_FOLDER = 'R&D $HOME `x` 100% \\ "q" |sed|'
SMOKE_SCRIPTS = [
    BUILD / "linux" / "smoke.sh",
    BUILD / "windows" / "smoke.ps1",
    BUILD / "macos" / "smoke.sh",
]


def _uses(text: str) -> list[str]:
    return re.findall(r"^\s*-?\s*uses:\s*(\S+)", text, re.MULTILINE)


def test_build_workflow_builds_and_smoke_tests_three_systems() -> None:
    text = (WORKFLOWS / "build.yml").read_text(encoding="utf-8")
    assert "\t" not in text  # YAML forbids tabs for indentation
    assert re.search(
        r"^on:\s*\n\s+push:\s*\n\s+branches:.*\n\s+pull_request:\s*\n\s+workflow_call:", text, re.M
    )
    for runner in ("ubuntu-22.04", "windows-latest", "${{ matrix.runner }}"):
        assert f"runs-on: {runner}" in text
    assert text.count("python build/make.py --check") == 3
    assert "bash build/linux/smoke.sh" in text
    assert "./build/windows/smoke.ps1" in text
    assert "sh build/macos/smoke.sh" in text
    assert "choco install innosetup" in text
    assert re.search(r"python-version:\s*['\"]3\.11['\"]", text)
    assert "!build/out/installers/SHA256SUMS" in text  # the release sums all three together


def test_release_workflow_tests_first_checks_the_tag_and_publishes_sums() -> None:
    text = (WORKFLOWS / "release.yml").read_text(encoding="utf-8")
    assert "\t" not in text
    assert re.search(r"^on:\s*\n\s+push:\s*\n\s+tags:\s*\[?\s*['\"]v\*['\"]", text, re.MULTILINE)
    assert "python -m pytest" in text
    assert re.search(
        r"installers:\s*\n\s+needs: tests\s*\n\s+uses: ./.github/workflows/build.yml", text
    )
    assert '"$TAG" != "v$version"' in text and "exit 1" in text
    assert "sha256sum -- * > SHA256SUMS" in text and "sha256sum -c SHA256SUMS" in text
    assert re.search(r"sums:\s*\n(\s+#.*\n)*\s+needs: installers", text)


def test_third_party_actions_are_pinned_to_full_commits() -> None:
    for workflow in WORKFLOWS.glob("*.yml"):
        for action in _uses(workflow.read_text(encoding="utf-8")):
            if action.startswith("./"):
                continue  # this repository's own reusable workflow
            name, _, ref = action.partition("@")
            assert re.fullmatch(r"[0-9a-f]{40}", ref), f"{workflow.name}: {name} is not pinned"


def test_smoke_scripts_share_one_structure() -> None:
    steps = ["1 install", "2 self-test", "3 uninstall", "4 nothing left"]
    for script in SMOKE_SCRIPTS:
        text = script.read_text(encoding="utf-8")
        positions = [text.find(step) for step in steps]
        assert all(p >= 0 for p in positions), f"{script.name} lacks a step"
        assert positions == sorted(positions), f"{script.name} runs its steps out of order"
        assert "--self-test" in text
        assert "SMOKE FAILED" in text
    windows = SMOKE_SCRIPTS[1].read_text(encoding="utf-8")
    assert "/VERYSILENT" in windows and "unins000.exe" in windows
    macos = SMOKE_SCRIPTS[2].read_text(encoding="utf-8")
    assert "hdiutil attach" in macos and "codesign --verify --deep --strict" in macos


def _desktop_argv(value: str) -> list[str]:
    """An Exec value decoded as the desktop-entry spec says: string escapes, then quoting."""
    value = value.replace("\\\\", "\\")  # the string escape comes first
    args: list[str] = []
    chars = iter(value)
    for c in chars:
        if c == " ":
            continue
        assert c == '"', f"every argument is quoted: {value!r}"
        out = []
        for c in chars:
            if c == '"':
                break
            out.append(next(chars) if c == "\\" else c)
        args.append("".join(out).replace("%%", "%"))
    return args


def _desktop_unquote(value: str) -> str:
    (program,) = _desktop_argv(value)
    return program


@pytest.mark.skipif(sys.platform == "win32", reason="the launcher is a POSIX shell script")
@pytest.mark.parametrize("folder", ["R&D", ODD_FOLDER])
def test_launcher_desktop_entry_survives_odd_folder_names(
    make: ModuleType, tmp_path: Path, folder: str
) -> None:
    here = tmp_path / folder
    here.mkdir()
    launcher = here / "marriage"
    # A glibc no system has: the menu entry is written all the same (only playing is checked).
    launcher.write_text(make.render_launcher("99.1"), encoding="utf-8")
    launcher.chmod(0o755)
    (here / "marriage.desktop").write_bytes((BUILD / "linux" / "marriage.desktop").read_bytes())
    data = tmp_path / "data"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_DATA_HOME": str(data)}
    subprocess.run([str(launcher), "--install-desktop-entry"], env=env, check=True, timeout=30)
    entry = (data / "applications" / "marriage.desktop").read_text(encoding="utf-8")
    fields = dict(line.split("=", 1) for line in entry.splitlines() if "=" in line)
    assert _desktop_unquote(fields["Exec"]) == f"{here}/marriage"
    assert fields["Icon"].replace("\\\\", "\\") == f"{here}/marriage.png"
    assert fields["Name"] == "Marriage"
    subprocess.run([str(launcher), "--remove-desktop-entry"], env=env, check=True, timeout=30)
    assert not (data / "applications" / "marriage.desktop").exists()


def test_icns_has_the_1024_pixel_icon() -> None:
    icns = (ROOT / "assets" / "icons" / "marriage.icns").read_bytes()
    assert icns[:4] == b"icns" and int.from_bytes(icns[4:8], "big") == len(icns)
    chunks, at = {}, 8
    while at < len(icns):
        kind, size = icns[at : at + 4].decode("ascii"), int.from_bytes(icns[at + 4 : at + 8], "big")
        chunks[kind] = icns[at + 8 : at + size]
        at += size
    png = chunks["ic10"]
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(png[16:20], "big") == int.from_bytes(png[20:24], "big") == 1024


def test_licence_notices_name_every_bundled_part(monkeypatch: pytest.MonkeyPatch) -> None:
    from marriage_gui import licences

    text = licences.licence_notices()
    for part in ("MIT", "pygame-ce", "SDL2", "SDL2_mixer", "FreeType", "Python Software",
                 "Noto Sans", "Open Font License", "libvorbis", "mpg123", "OpenSSL", "HarfBuzz"):  # fmt: skip
        assert part in text, f"the notices do not name {part}"
    monkeypatch.setattr(licences, "asset", lambda *parts: ROOT / "no" / "such" / "file")
    assert licences.licence_notices() == licences.MISSING


def test_rules_screen_shows_the_licences(tmp_path: Path) -> None:
    """The Rules screen's last section is the licences, as their authors wrote them (in
    English, with a sentence saying so in another language)."""
    from marriage_gui import language
    from marriage_gui.app import App
    from marriage_gui.licences import licence_notices
    from marriage_gui.scenes.rules import RulesScene

    app = App((1280, 800), headless=True, data_dir=tmp_path)
    scene = RulesScene(app)
    heading, text, _examples = scene.sections()[-1]
    assert heading == "Licences" and text == licence_notices()
    language.use("ne")
    heading, text, _examples = scene.sections()[-1]
    assert heading != "Licences" and text.endswith(licence_notices())


def test_appstream_metainfo(make: ModuleType) -> None:
    import xml.etree.ElementTree as ET

    root = ET.fromstring(make.render_metainfo(_version()))
    assert root.get("type") == "desktop-application"
    assert root.findtext("id") == make.APP_ID
    assert root.findtext("launchable") == "marriage.desktop"
    assert root.find("releases/release").get("version") == _version()  # type: ignore[union-attr]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", root.find("releases/release").get("date") or "")  # type: ignore[union-attr]
    assert root.find("releases/release").get("type") is None  # type: ignore[union-attr]
    pre = ET.fromstring(make.render_metainfo("0.2.0rc1")).find("releases/release")
    assert pre is not None and pre.get("type") == "development"


def test_the_menu_entry_and_appstream_data_name_the_game_in_nepali(make: ModuleType) -> None:
    import xml.etree.ElementTree as ET

    from marriage_gui import desktop, language

    # The packaged menu entry is the one the game writes itself, from the same catalog.
    packaged = (BUILD / "linux" / "marriage.desktop").read_text(encoding="utf-8")
    assert packaged == desktop.entry_text(["marriage"], "marriage")
    nepali = language.catalog("ne")
    for key, english in (("Name", desktop.NAME), ("Comment", desktop.COMMENT)):
        assert f"\n{key}[ne]={nepali.gettext(english)}\n" in packaged
        assert nepali.gettext(english) != english
    # AppStream: the Nepali name, and the summary the title screen words in Nepali.
    root = ET.fromstring(make.render_metainfo(_version()))
    lang = "{http://www.w3.org/XML/1998/namespace}lang"
    names = {n.get(lang): n.text for n in root.findall("name")}
    summaries = {s.get(lang): s.text for s in root.findall("summary")}
    assert names == {None: "Marriage", "ne": nepali.gettext("Marriage")}
    english_summary = summaries[None] or ""
    title_words = english_summary[0].lower() + english_summary[1:]
    assert summaries == {None: english_summary, "ne": nepali.gettext(title_words)}
    assert summaries["ne"] != title_words


@pytest.mark.parametrize("tool", ["desktop-file-validate", "appstreamcli"])
def test_the_validators_pass_the_nepali_names(make: ModuleType, tool: str) -> None:
    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not installed")
    check = (
        make.validate_desktop_file if tool == "desktop-file-validate" else make.validate_metainfo
    )
    assert check() == []


def test_debian_copyright_and_description() -> None:
    copyright_ = (BUILD / "linux" / "copyright").read_text(encoding="utf-8")
    assert copyright_.startswith(
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    )
    assert "License: Expat" in copyright_ and "License: LGPL-2.1+" in copyright_
    control = (BUILD / "linux" / "control.in").read_text(encoding="utf-8")
    synopsis = re.search(r"^Description: (.*)$", control, re.MULTILINE)
    assert synopsis and not synopsis.group(1).lower().startswith("marriage")


def test_libc_floor_bar(make: ModuleType) -> None:
    assert make.libc_floor_ok("2.35") and make.libc_floor_ok("2.17") and make.libc_floor_ok(None)
    assert not make.libc_floor_ok("2.36")


def test_libraries_lose_the_executable_bit(make: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "libfoo.so.1").write_bytes(b"")
    (tmp_path / "libfoo.so.1").chmod(0o755)
    (tmp_path / "marriage").write_bytes(b"")
    (tmp_path / "marriage").chmod(0o700)
    make._normalise_modes(tmp_path)
    assert (tmp_path / "libfoo.so.1").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "marriage").stat().st_mode & 0o777 == 0o755


def test_checksums_file(make: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(make, "INSTALLERS", tmp_path)
    (tmp_path / "b.deb").write_bytes(b"abc")
    sums = make.write_checksums([tmp_path / "b.deb"])
    assert sums.read_text() == (
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  b.deb\n"
    )


def test_readme_explains_every_expected_lintian_error(make: ModuleType) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for tag in make.LINTIAN_EXPECTED:
        assert f"`{tag}`" in readme, f"README's build section does not explain {tag}"


def test_inno_setup_versions_and_upgrades() -> None:
    text = (BUILD / "windows" / "marriage.iss").read_text(encoding="utf-8")
    assert "VersionInfoVersion={#NumericVersion}" in text
    assert re.search(
        r'^\[InstallDelete\]\s*\n(;.*\n)*Type: filesandordirs; Name: "\{app\}\\_internal"',
        text,
        re.M,
    )
    exe = _call_keywords("EXE")
    assert exe["version"].startswith("windows_version_info(VERSION)")


def test_spec_keeps_what_lan_play_needs_and_leaves_the_cpp_runtime() -> None:
    constants = _spec_constants()
    excludes = constants["EXCLUDES"]
    assert isinstance(excludes, list)
    for needed in ("ssl", "_ssl", "_hashlib", "hashlib", "websockets"):
        assert needed not in excludes
    hidden = SPEC.read_text(encoding="utf-8")
    assert 'collect_submodules("websockets", filter=' in hidden and '"ssl",' in hidden
    assert constants["SYSTEM_LIBS"] == ["libstdc++.so", "libgcc_s.so"]
    assert _call_keywords("EXE")["target_arch"] == "TARGET_ARCH"
    info = versions.macos_info_plist(
        (BUILD / "macos" / "Info.plist").read_text(encoding="utf-8"), "1"
    )
    assert info["NSLocalNetworkUsageDescription"]


def test_changelog_names_this_version() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert re.search(rf"^## {re.escape(_version())}\b", text, re.MULTILINE)


@pytest.mark.skipif(sys.platform == "win32", reason="the stand-in app is a shell script")
def test_version_check_reads_metadata_and_the_app(make: ModuleType, tmp_path: Path) -> None:
    meta = tmp_path / "_internal" / "marriage-1.2.3.dist-info"
    meta.mkdir(parents=True)
    (meta / "METADATA").write_text("Name: marriage\nVersion: 1.2.3\n")
    exe = tmp_path / "marriage"
    exe.write_text('#!/bin/sh\necho "marriage 1.2.3"\n')
    exe.chmod(0o755)
    assert make.check_version(exe, tmp_path, "1.2.3") == []
    assert make.check_version(exe, tmp_path, "1.2.4")  # the metadata says otherwise
    exe.write_text('#!/bin/sh\necho "marriage 0.0.1"\n')
    assert make.check_version(exe, tmp_path, "1.2.3")  # the app says otherwise


def test_licence_check_wants_every_text_in_the_bundle(make: ModuleType, tmp_path: Path) -> None:
    folder = tmp_path / "_internal" / "marriage_gui" / "assets" / "licences"
    folder.mkdir(parents=True)
    (folder / "NOTICES.txt").write_text("notices", encoding="utf-8")
    problems = make.check_licences(tmp_path)
    assert "the bundle lacks LGPL-2.1.txt" in problems
    assert "the bundle lacks the licence text of python" in problems
    (folder / "LGPL-2.1.txt").write_text("lgpl", encoding="utf-8")
    for name in make.THIRD_PARTY_TEXTS:
        (folder / "third-party" / name).mkdir(parents=True)
        (folder / "third-party" / name / "LICENSE").write_text(name, encoding="utf-8")
    assert make.check_licences(tmp_path) == []


def test_the_lgpl_text_ships_with_the_assets() -> None:
    text = (ROOT / "assets" / "licences" / "LGPL-2.1.txt").read_text(encoding="utf-8")
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "Version 2.1, February 1999" in text
    notices = (ROOT / "assets" / "licences" / "NOTICES.txt").read_text(encoding="utf-8")
    for name in ("LGPL-2.1.txt", "websockets", "msgspec", "ifaddr", "third-party"):
        assert name in notices


def test_spec_leaves_out_websockets_cli_readline_and_freefont() -> None:
    constants = _spec_constants()
    excludes = constants["EXCLUDES"]
    assert isinstance(excludes, list)
    assert "UNUSED_WEBSOCKETS" in excludes and "readline" in excludes
    text = SPEC.read_text(encoding="utf-8")
    assert 'UNUSED_WEBSOCKETS = "websockets.cli"' in text
    assert "not name.startswith(UNUSED_WEBSOCKETS)" in text
    assert constants["UNUSED_DATA"] == ["freesansbold.ttf"]
    assert "a.datas = [d for d in a.datas if Path(d[0]).name not in UNUSED_DATA]" in text


def test_the_game_never_asks_pygame_for_its_default_font() -> None:
    # FreeFont is left out of the bundle: pygame would need it for Font(None) and SysFont.
    for package in ("engine", "marriage_gui", "marriage_net"):
        for source in (ROOT / package).rglob("*.py"):
            text = source.read_text(encoding="utf-8")
            for call in ("Font(None", "SysFont(", "get_default_font(", "freesansbold"):
                assert call not in text, f"{source.relative_to(ROOT)} uses {call}"


# --- the .deb's Depends: what the bundle uses outside itself ---------------------------------

BUILT = ROOT / "build" / "out" / "dist" / "marriage"
_built = pytest.mark.skipif(
    not (BUILT / "marriage").is_file() or not sys.platform.startswith("linux"),
    reason="no Linux bundle built (python build/make.py)",
)


@pytest.fixture(scope="module")
def debdeps() -> ModuleType:
    if str(BUILD) not in sys.path:
        sys.path.insert(0, str(BUILD))
    import debdeps as module

    return module


@_built
@pytest.mark.skipif(shutil.which("readelf") is None, reason="readelf (binutils) is not installed")
def test_the_needed_libraries_are_those_readelf_lists(debdeps: ModuleType) -> None:
    files = debdeps.elf_files(BUILT)
    assert len(files) > 50
    for path in files:
        said = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True).stdout
        needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.+)\]", said)
        soname = re.findall(r"\(SONAME\)\s+Library soname: \[(.+)\]", said)
        assert debdeps.dynamic_names(path) == (needed, soname[0] if soname else None), path


@_built
def test_the_deb_depends_on_what_the_bundle_takes_from_the_system(
    debdeps: ModuleType, make: ModuleType
) -> None:
    # Linked: glibc and the C++ runtime the spec leaves out; nothing the bundle carries.
    assert debdeps.linked(BUILT) >= {"libc.so.6", "libstdc++.so.6", "libgcc_s.so.1"}
    assert not {n for n in debdeps.linked(BUILT) if "SDL2" in n or "python" in n}
    # Loaded: what SDL2 opens when the game starts, which no NEEDED entry names.
    assert {"libX11.so.6", "libXext.so.6", "libGL.so.1", "libasound.so.2"} <= debdeps.loaded(BUILT)
    depends, recommends, problems = debdeps.relations(BUILT, make.glibc_floor(BUILT))
    assert problems == []
    assert depends.startswith(f"libc6 (>= {make.glibc_floor(BUILT)}), ")
    for package in ("libx11-6", "libxext6", "libxcursor1", "libxi6", "libxrandr2", "libstdc++6"):
        assert package in depends.split(", ")
    assert recommends == "libasound2, libegl1, libgl1"


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler")
def test_a_library_the_table_does_not_know_stops_the_build(
    debdeps: ModuleType, tmp_path: Path
) -> None:
    source = tmp_path / "x.c"
    source.write_text(
        "#include <dlfcn.h>\n#include <math.h>\n"
        'double f(double x) { dlopen("libXmystery.so.3", RTLD_NOW); return sin(x); }\n'
    )
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    subprocess.run(
        ["cc", "-shared", "-fPIC", "-o", str(bundle / "libx.so"), str(source), "-lm"], check=True
    )
    assert "libm.so.6" in debdeps.linked(bundle)
    assert "libXmystery.so.3" in debdeps.loaded(bundle)
    depends, _recommends, problems = debdeps.relations(bundle, "2.17")
    assert depends == "libc6 (>= 2.17)"
    assert len(problems) == 1 and "libXmystery.so.3" in problems[0]


def test_every_library_in_the_table_has_a_package_or_a_reason(debdeps: ModuleType) -> None:
    for name, lib in debdeps.LIBRARIES.items():
        assert lib.why, name
        if lib.field == debdeps.UNUSED:
            assert lib.package is None, name
        else:
            assert lib.field in (debdeps.DEPENDS, debdeps.RECOMMENDS), name
            assert re.fullmatch(r"[a-z0-9][a-z0-9+.-]+", str(lib.package)), name


@pytest.mark.skipif(shutil.which("apt-cache") is None, reason="not a Debian-like system")
def test_every_package_named_exists_in_this_systems_archive(debdeps: ModuleType) -> None:
    packages = sorted({lib.package for lib in debdeps.LIBRARIES.values() if lib.package})
    said = subprocess.run(["apt-cache", "policy", *packages], capture_output=True, text=True).stdout
    known = re.findall(r"^(\S+):\n\s+Installed: .*\n\s+Candidate: (?!\(none\))", said, re.M)
    if not known:
        pytest.skip("apt's package lists are empty here (apt-get update)")
    assert sorted(known) == packages


CLEAN_ROOT = os.environ.get("MARRIAGE_CLEAN_ROOT", "")


@_built
@pytest.mark.skipif(
    not CLEAN_ROOT,
    reason="set MARRIAGE_CLEAN_ROOT to a clean Ubuntu 22.04 root (debootstrap --variant=minbase "
    "jammy ROOT http://archive.ubuntu.com/ubuntu): it needs root, the archive and minutes",
)
def test_the_deb_upgrades_from_its_pre_release_and_brings_its_libraries(
    make: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if os.geteuid() != 0:
        pytest.skip("chroot and mount need root")
    monkeypatch.setattr(make, "INSTALLERS", tmp_path)
    older, newer = make.linux_deb(BUILT, "0.2.0rc1"), make.linux_deb(BUILT, "0.2.0")
    done = subprocess.run(
        ["bash", str(BUILD / "linux" / "rehearse-deb.sh"), CLEAN_ROOT, str(older), str(newer)],
        capture_output=True,
        text=True,
        timeout=1800,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Unpacking marriage (0.2.0) over (0.2.0~rc1)" in done.stdout
    assert "rehearsal passed" in done.stdout
