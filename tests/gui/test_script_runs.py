"""Cutting a string into its scripts a piece at a time gives the runs that deciding character
by character gives (``fonts.script_of`` and ``fonts.has_glyph``, the definitions): for every
string of the Nepali catalog, and for random strings mixed from every kind of character."""

from pathlib import Path

from babel.messages.pofile import read_po
from hypothesis import given, settings
from hypothesis import strategies as st

from marriage_gui.art import fonts

CATALOG = (
    Path(fonts.__file__).resolve().parents[1] / "locale" / "ne" / "LC_MESSAGES" / "marriage.po"
)


def runs_one_by_one(text: str) -> list[tuple[str, str]]:
    """The runs as each character's own script decides them, with the same last step."""
    out: list[tuple[str, str]] = []
    for ch in text:
        script = fonts.script_of(ch)
        before = out[-1][0] if out else fonts.LATIN
        if script is None and (before == fonts.SYMBOLS or not fonts.has_glyph(before, ch)):
            script = fonts.LATIN
        if out and (script is None or script == out[-1][0]):
            out[-1] = (out[-1][0], out[-1][1] + ch)
        elif not out and script is None:
            out.append((fonts.LATIN, ch))
        else:
            out.append((script or fonts.LATIN, ch))
    if len(out) > 1 and out[0][1].strip() == "":
        out[1] = (out[1][0], out[0][1] + out[1][1])
        out.pop(0)
    return out


def test_the_catalogs_strings_are_cut_as_one_by_one():
    with CATALOG.open("rb") as f:
        texts = [t for m in read_po(f) for t in ([m.id, m.string] if m.id else [])]
    texts = [t for x in texts for t in (x if isinstance(x, tuple) else (x,)) if t]
    assert len(texts) > 200
    for text in texts:
        assert fonts.runs(text) == runs_one_by_one(text), text


#: Every kind of character the cutting tells apart, and some it must take as Latin.
KINDS = "aZ09 \t-–—.,;:!?()[]'\"/|+&·♠♥♦♣★✦\u200c\u200dकखािं्।१\ua8e0\u1cd0éßЖ中😀"


@settings(max_examples=400)
@given(st.text(alphabet=st.sampled_from(KINDS), max_size=24))
def test_mixed_strings_are_cut_as_one_by_one(text):
    assert fonts.runs(text) == runs_one_by_one(text)
