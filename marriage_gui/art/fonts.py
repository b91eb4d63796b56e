"""The bundled Noto fonts: Latin, the suit symbols and Devanagari, with mixed-script text.

SDL_ttf draws one face per call, and Noto splits its scripts over several files, so
``render`` cuts a string into runs (Devanagari, suit symbols, everything else), renders each
run with the face that has its glyphs and joins them on a common baseline. Devanagari runs
are shaped by HarfBuzz (``Font.set_script("Deva")``) so matras and conjuncts come out right.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

import pygame

from marriage_gui import language

from .paths import asset

LATIN = "latin"
DEVANAGARI = "devanagari"
SYMBOLS = "symbols"

_FILES = {
    (LATIN, False): "NotoSans-Regular.ttf",
    (LATIN, True): "NotoSans-Bold.ttf",
    (DEVANAGARI, False): "NotoSansDevanagari-Regular.ttf",
    (DEVANAGARI, True): "NotoSansDevanagari-Bold.ttf",
    # Symbols 2 has one weight; the suit glyphs are solid shapes, so it serves both.
    (SYMBOLS, False): "NotoSansSymbols2-Regular.ttf",
    (SYMBOLS, True): "NotoSansSymbols2-Regular.ttf",
}
_SCRIPT_TAGS = {LATIN: "Latn", DEVANAGARI: "Deva", SYMBOLS: "Zyyy"}
_SYMBOL_CHARS = frozenset("♠♡♢♣♤♥♦♧★☆✦✧")


def _ensure_init() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


def font_path(script: str = LATIN, bold: bool = False) -> str:
    """File path of the bundled face for ``script`` (``latin``, ``devanagari``, ``symbols``)."""
    return str(asset("fonts", _FILES[(script, bold)]))


@lru_cache(maxsize=256)
def face(size: int, bold: bool = False, script: str = LATIN) -> pygame.font.Font:
    """A cached Font of pixel ``size`` for one script."""
    _ensure_init()
    font = pygame.font.Font(font_path(script, bold), max(1, int(size)))
    if hasattr(font, "set_script"):
        # HarfBuzz needs the script to reorder and join Devanagari clusters.
        font.set_script(_SCRIPT_TAGS[script])
    return font


def get(size: int, bold: bool = False) -> pygame.font.Font:
    """The cached Latin UI font (Noto Sans) at pixel ``size``."""
    return face(size, bold, LATIN)


def is_devanagari(ch: str) -> bool:
    """True for a Devanagari letter, sign or digit (including the danda and extensions)."""
    o = ord(ch)
    return 0x0900 <= o <= 0x097F or 0xA8E0 <= o <= 0xA8FF or 0x1CD0 <= o <= 0x1CFF


#: Zero-width joiner and non-joiner: they shape the Devanagari letters around them.
_JOINERS = frozenset("\u200c\u200d")


def script_of(ch: str) -> str | None:
    """The script a character needs, or None for neutral characters (spaces, punctuation)."""
    if is_devanagari(ch) or ch in _JOINERS:
        return DEVANAGARI
    if ch in _SYMBOL_CHARS:
        return SYMBOLS
    if ch.isspace() or ch in "-–—.,;:!?()[]'\"/|+&·":
        return None
    return LATIN


@lru_cache(maxsize=512)
def has_glyph(script: str, ch: str) -> bool:
    """Whether ``script``'s face draws ``ch`` itself, not its empty box (the Devanagari face
    has no middle dot, for one)."""
    font = face(16, False, script)
    return font.metrics(ch)[0] != font.metrics(_NO_SUCH_CHARACTER)[0]


#: A private-use code point no bundled face has: its metrics are the empty box's.
_NO_SUCH_CHARACTER = chr(0x10FFFD)


#: A string in pieces of one kind: Devanagari (joiners included), suit signs, neutral
#: characters (spaces and punctuation, as ``script_of`` has them), and everything else.
_DEVANAGARI_CHARS = r"\u0900-\u097f\ua8e0-\ua8ff\u1cd0-\u1cff\u200c\u200d"
_SYMBOL_CLASS = "".join(sorted(_SYMBOL_CHARS))
_NEUTRAL_CHARS = r"\s\-\u2013\u2014.,;:!?()\[\]'\"/|+&\u00b7"
_PIECES = re.compile(
    f"([{_DEVANAGARI_CHARS}]+)|([{_SYMBOL_CLASS}]+)|([{_NEUTRAL_CHARS}]+)"
    f"|([^{_DEVANAGARI_CHARS}{_SYMBOL_CLASS}{_NEUTRAL_CHARS}]+)"
)
_PIECE_SCRIPTS = (DEVANAGARI, SYMBOLS, None, LATIN)


def runs(text: str) -> list[tuple[str, str]]:
    """Split ``text`` into ``(script, run)`` pieces; neutral characters join the run before,
    except where its face lacks them: a run of suit signs has no punctuation ("6♠ (dealt)"),
    and Devanagari no middle dot ("राम · ३")."""
    if text.isascii():
        # Letters, digits, spaces and punctuation the Latin face all has: one Latin run.
        return [(LATIN, text)] if text else []
    out: list[tuple[str, str]] = []
    for piece in _PIECES.finditer(text):
        script = _PIECE_SCRIPTS[(piece.lastindex or 4) - 1]
        chunk = piece.group()
        if script is not None:
            # Letters of one script go on the run before when it is theirs, else start one.
            if out and out[-1][0] == script:
                out[-1] = (script, out[-1][1] + chunk)
            else:
                out.append((script, chunk))
            continue
        for ch in chunk:
            before = out[-1][0] if out else LATIN
            neutral: str | None = None
            if before == SYMBOLS or not has_glyph(before, ch):
                neutral = LATIN
            if out and (neutral is None or neutral == out[-1][0]):
                out[-1] = (out[-1][0], out[-1][1] + ch)
            else:
                out.append((LATIN, ch))
    # A leading neutral run takes the script of what follows, so "  राम" shapes as one run.
    if len(out) > 1 and out[0][1].strip() == "":
        out[1] = (out[1][0], out[0][1] + out[1][1])
        out.pop(0)
    return out


def face_for(text: str, size: int, bold: bool = False) -> pygame.font.Font:
    """The face to use for a whole string: Devanagari if it has any, else Latin."""
    if any(is_devanagari(c) for c in text):
        return face(size, bold, DEVANAGARI)
    return face(size, bold, LATIN)


def _joins(before: tuple[str, str], after: tuple[str, str]) -> bool:
    """Whether a Devanagari run is glued straight onto a name or card in Latin letters or suit
    signs ("Ashaले", "7♣को"): such a postposition is set a little apart, as it reads best. A
    postposition begins with a letter: a danda ("8।"), a digit ("F१") or any other sign is
    punctuation, and stays where it is written."""
    return (
        after[0] == DEVANAGARI
        and before[0] != DEVANAGARI
        and not before[1][-1:].isspace()
        and before[1][-1:] not in "([“‘\"'"
        and is_devanagari(after[1][:1])
        and unicodedata.category(after[1][:1]).startswith("L")
    )


#: A narrow space that does not break: the plain-text stand-in for ``_gap``.
SET_APART = "\u202f"


def set_apart(text: str) -> str:
    """``text`` as plain text (a CSV, a shared line) spaced as the screen draws it: a narrow
    no-break space between a Latin name or card and the postposition glued onto it
    ("Bina ले"), nowhere else."""
    parts = runs(text)
    out = [
        run if k == 0 or not _joins(parts[k - 1], (script, run)) else SET_APART + run
        for k, (script, run) in enumerate(parts)
    ]
    return "".join(out)


def _gap(size: int) -> int:
    """The room between a name in Latin letters and the Devanagari glued onto it."""
    return max(1, round(size * 0.2))


def size_of(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """Width and height ``render`` would give, without rendering."""
    parts = runs(language.with_digits(text)) or [(LATIN, "")]
    width = sum(face(size, bold, script).size(run)[0] for script, run in parts)
    width += sum(_gap(size) for a, b in zip(parts, parts[1:], strict=False) if _joins(a, b))
    faces = [face(size, bold, script) for script, _ in parts]
    return width, _ascent(faces, size, bold) + max(_line_box(f)[1] for f in faces)


def _line_box(font: pygame.font.Font) -> tuple[int, int, int]:
    ascent, descent = font.get_ascent(), -font.get_descent()
    return ascent, descent, ascent + descent


def _ascent(faces: Sequence[pygame.font.Font], size: int, bold: bool) -> int:
    """Where the baseline of a line of text lies below its top: as deep for a line all in
    Devanagari as for one holding Latin letters or digits, so the lines of a paragraph that
    mixes them stand evenly apart (and a word keeps its height when a digit joins it)."""
    words = (face(size, bold, LATIN), face(size, bold, DEVANAGARI))
    return max(_line_box(f)[0] for f in (*faces, *words))


#: Characters ``[start, end)`` of a string drawn in another colour.
Tint = tuple[int, int, tuple[int, int, int]]


def render(
    text: str,
    size: int,
    colour: tuple[int, int, int] | pygame.Color = (255, 255, 255),
    bold: bool = False,
    tints: Sequence[Tint] = (),
) -> pygame.Surface:
    """Anti-aliased text mixing Latin, suit symbols and Devanagari on one baseline; the
    characters a ``tints`` span covers take its colour (a red suit in a line of words).
    Digits come out as the person chose (``language.shown``): 0-9 or ०-९, one for one."""
    parts = []
    at = 0
    scripts = runs(language.with_digits(text))
    for k, (script, run) in enumerate(scripts):
        font = face(size, bold, script)
        gap = _gap(size) if k and _joins(scripts[k - 1], (script, run)) else 0
        for j, (bit, ink) in enumerate(_inked(run, at, colour, tints)):
            parts.append((font, bit, ink, gap if j == 0 else 0))
        at += len(run)
    if not parts:
        parts = [(face(size, bold, LATIN), "", colour, 0)]
    ascent = _ascent([f for f, _, _, _ in parts], size, bold)
    descent = max(_line_box(f)[1] for f, _, _, _ in parts)
    pieces = []
    for font, run, ink, gap in parts:
        if run == "" or font.size(run)[0] == 0:
            continue  # nothing to see (a lone joiner): SDL_ttf refuses to draw zero width
        pieces.append((font.render(run, True, ink), _line_box(font)[0], gap))
    width = sum(p.get_width() + gap for p, _, gap in pieces)
    out = pygame.Surface((max(1, width), ascent + descent), pygame.SRCALPHA)
    x = 0
    for piece, piece_ascent, gap in pieces:
        x += gap
        out.blit(piece, (x, ascent - piece_ascent))
        x += piece.get_width()
    return out


def _inked(
    run: str, start: int, colour: tuple[int, int, int] | pygame.Color, tints: Sequence[Tint]
) -> list[tuple[str, tuple[int, int, int] | pygame.Color]]:
    """``run`` (which begins at character ``start`` of its string) cut where its colour changes."""
    if not tints:
        return [(run, colour)]
    out: list[tuple[str, tuple[int, int, int] | pygame.Color]] = []
    for k, ch in enumerate(run):
        at = start + k
        ink = next((c for a, b, c in tints if a <= at < b), colour)
        if out and out[-1][1] == ink:
            out[-1] = (out[-1][0] + ch, ink)
        else:
            out.append((ch, ink))
    return out
