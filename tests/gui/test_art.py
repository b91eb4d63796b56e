"""Card art, fonts, sounds and icons render headless and keep their promises."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from marriage_gui.art import CardArt, Mark, card_size, felt, fonts  # noqa: E402
from marriage_gui.art.icon import ICO_SIZES, SIZES, icns_bytes, parse_ico  # noqa: E402
from marriage_gui.art.palette import mix  # noqa: E402
from marriage_gui.art.paths import asset, assets_dir  # noqa: E402
from marriage_gui.art.sounds import NAMES, SoundBoard  # noqa: E402

WIDTHS = (40, 60, 200)


@pytest.fixture(scope="module")
def art() -> CardArt:
    pygame.init()
    return CardArt()


def _index_bytes(surf: pygame.Surface) -> bytes:
    w, h = surf.get_size()
    box = pygame.Rect(0, 0, round(w * 0.25), round(h * 0.22))
    return pygame.image.tobytes(surf.subsurface(box), "RGBA")


@pytest.mark.parametrize("width", WIDTHS)
def test_every_face_renders_with_size_and_clear_corners(art: CardArt, width: int) -> None:
    w, h = card_size(width)
    assert 0.68 <= w / h <= 0.72
    for code in range(53):
        face = art.face(code, width)
        assert face.get_size() == (w, h)
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert face.get_at(corner).a < 40, (code, width, corner)
        assert face.get_at((w // 2, h // 2)).a == 255
    back = art.back(width)
    assert back.get_size() == (w, h)
    assert back.get_at((0, 0)).a < 40


def test_faces_are_cached(art: CardArt) -> None:
    assert art.face(5, 80) is art.face(5, 80)
    assert art.face(5, 80) is not art.face(5, 80, marks=[Mark.WILD])


@pytest.mark.parametrize("width", (60, 200))
def test_index_differs_between_ranks(art: CardArt, width: int) -> None:
    for suit in range(4):
        seen = {_index_bytes(art.face(suit * 13 + r, width)) for r in range(13)}
        assert len(seen) == 13
    assert _index_bytes(art.face(52, width)) not in seen


def _ink(surf: pygame.Surface) -> set[tuple[int, int, int]]:
    """Strongly coloured pixels of the index column (ignores white and anti-aliased grey)."""
    w, h = surf.get_size()
    out = set()
    for y in range(round(h * 0.05), round(h * 0.3)):
        for x in range(round(w * 0.03), round(w * 0.22)):
            c = surf.get_at((x, y))
            if c.a == 255 and max(c.r, c.g, c.b) - min(c.r, c.g, c.b) > 80:
                out.add((c.r, c.g, c.b))
    return out


def _dominant(surf: pygame.Surface) -> str:
    reds = greens = blues = 0
    for r, g, b in _ink(surf):
        reds += r > g and r > b
        greens += g > r and g > b
        blues += b > r and b > g
    best = max(reds, greens, blues)
    return "none" if best == 0 else ("red", "green", "blue")[(reds, greens, blues).index(best)]


def test_four_colour_changes_diamonds_and_clubs(art: CardArt) -> None:
    for rank in (0, 7, 12):
        diamond, club, heart = 2 * 13 + rank, 3 * 13 + rank, 13 + rank
        assert _dominant(art.face(diamond, 120)) == "red"
        assert _dominant(art.face(diamond, 120, four_colour=True)) == "blue"
        assert _dominant(art.face(club, 120, four_colour=True)) == "green"
        assert not _ink(art.face(club, 120))  # black in the classic deck
        assert _dominant(art.face(heart, 120, four_colour=True)) == "red"


def test_overlays_and_felt(art: CardArt) -> None:
    size = card_size(90)
    for overlay in (art.highlight(90), art.wild_badge(90), art.tiplu_badge(90)):
        assert overlay.get_size() == size
        assert overlay.get_at((size[0] // 2, size[1] // 2)).a < 255
    assert art.wild_badge(90).get_bounding_rect().w > 0
    m = art.shadow_margin(90)
    assert art.shadow(90).get_size() == (size[0] + 2 * m, size[1] + 2 * m)
    table = felt((320, 200))
    assert table.get_size() == (320, 200)
    assert felt((320, 200)) is table
    centre, corner = table.get_at((160, 90)), table.get_at((0, 0))
    assert centre.g > corner.g  # vignette darkens the edges


def test_mix_goes_from_one_colour_to_the_other() -> None:
    assert mix((0, 100, 200), (200, 100, 0), 0.0) == (0, 100, 200)
    assert mix((0, 100, 200), (200, 100, 0), 1.0) == (200, 100, 0)
    assert mix((0, 100, 200), (200, 100, 0), 0.25) == (50, 100, 150)


def test_fonts_render_latin_suits_and_devanagari() -> None:
    pygame.font.init()
    assert fonts.get(18).get_height() > 0
    assert fonts.get(18, bold=True) is fonts.get(18, bold=True)
    for text in ("सीता", "राम", "Sita ♥ सीता", "A♠ K♥"):
        img = fonts.render(text, 24, (0, 0, 0))
        assert img.get_width() > 10
        assert img.get_bounding_rect().w > 10
    assert [s for s, _ in fonts.runs("Ram राम ♥")] == ["latin", "devanagari", "symbols"]
    assert fonts.face_for("राम", 20) is fonts.face(20, False, fonts.DEVANAGARI)


def test_devanagari_is_shaped_not_tofu() -> None:
    # A shaped conjunct (क्ष) is one glyph cluster: narrower than its letters side by side.
    deva = fonts.face(40, False, fonts.DEVANAGARI)
    assert deva.size("क्ष")[0] < deva.size("क")[0] + deva.size("ष")[0]
    # The i-matra is drawn before its consonant, so "कि" differs from "क" + "ि" glued.
    glued = (
        fonts.render("क", 40, (0, 0, 0)).get_width() + fonts.render("ि", 40, (0, 0, 0)).get_width()
    )
    assert fonts.render("कि", 40, (0, 0, 0)).get_width() <= glued


def test_sounds_load_or_are_quiet() -> None:
    for name in NAMES:
        path = asset("sounds", f"{name}.wav")
        assert path.is_file() and path.stat().st_size > 1000
    total = sum(asset("sounds", f"{n}.wav").stat().st_size for n in NAMES)
    assert total < 500_000
    board = SoundBoard(volume=0.5)
    for name in NAMES:
        board.play(name)  # must never raise, with or without a mixer
        # With a mixer every sound is loaded; without one (no sound card) none is.
        assert (board.sound(name) is not None) == board.available
    board.volume = 3
    assert board.volume == 1.0
    assert board.toggle_mute() is True
    board.play("win")
    with pytest.raises(KeyError):
        board.play("trumpet")


def test_icons_exist_and_ico_parses() -> None:
    for size in SIZES:
        img = pygame.image.load(str(asset("icons", f"marriage-{size}.png")))
        assert img.get_size() == (size, size)
    data = asset("icons", "marriage.ico").read_bytes()
    entries = parse_ico(data)
    assert sorted(s for s, _ in entries) == sorted(ICO_SIZES)
    for _, png in entries:
        assert png.startswith(b"\x89PNG")
    icns = asset("icons", "marriage.icns").read_bytes()
    assert icns[:4] == b"icns" and int.from_bytes(icns[4:8], "big") == len(icns)
    assert icns_bytes({16: b"x"})[8:12] == b"icp4"


def test_assets_found_relative_to_package_or_bundle(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert (assets_dir() / "fonts" / "OFL.txt").is_file()
    bundled = tmp_path / "marriage_gui" / "assets"
    bundled.mkdir(parents=True)
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert assets_dir() == bundled
