"""The language the game speaks: English, Nepali (नेपाली), and a pseudo-language for tests.

Every string a person can see is marked where it is written: ``_("New game")`` for words,
``ngettext("{n} card", "{n} cards", n)`` for words that follow a count, and ``N_("...")`` for
words kept in a table and looked up later with ``_(...)``. The catalogs are gettext's, made and
kept with Babel (``docs/translating.md``); the compiled ``.mo`` files travel with the package.

The language can change at any moment (Settings): ``use`` swaps the catalog and every open
screen lays itself out again, because screens build their words when they lay out or draw.

Numbers can be shown in Devanagari digits (०१२…); ``shown`` turns the digits of any text drawn
on screen, and the text renderer calls it, so each screen formats numbers as it always did.

An engine sentence (``engine.words.Said``) becomes words only through ``word``: its cards (a
``Cards`` field) are named as a player reads them (``10♠``, ``Q♥``), and the words it makes
(``Worded``) know where each card lies, so a screen colours hearts and diamonds without reading
its own words again.
"""

from __future__ import annotations

import gettext
import locale
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engine.cards import CARDS, Card
from engine.words import Cards, Said

#: The gettext domain: the catalogs are ``locale/<language>/LC_MESSAGES/marriage.mo``.
DOMAIN = "marriage"
#: Where the catalogs live inside the package.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The languages a person can choose, each named in itself.
LANGUAGES: dict[str, str] = {"en": "English", "ne": "नेपाली"}
#: The test language: every string bracketed, accented and 40% longer (never offered to players).
PSEUDO = "pseudo"
#: The language a person gets when their choice cannot be used.
FALLBACK = "en"

_DEVANAGARI_DIGITS = str.maketrans("0123456789", "०१२३४५६७८९")
#: A number standing alone (not the 1 of F1, which names a key as the keyboard prints it).
_NUMBER = re.compile(r"(?<![A-Za-z0-9])[0-9]+")


class _State:
    code = FALLBACK
    catalog: gettext.NullTranslations = gettext.NullTranslations()
    devanagari_digits = False
    listeners: list[Callable[[], None]] = []


def current() -> str:
    """The code of the language in use (``en``, ``ne``, or ``pseudo`` in tests)."""
    return _State.code


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _State.catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message that fits a count ``n`` (fill it with ``.format(n=n)``)."""
    return _State.catalog.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for translation where it is written; translate it where it is shown."""
    return message


#: The suit signs in the engine's suit order (S H D C).
SUIT_SIGNS = "♠♥♦♣"


def card_label(card: Card) -> str:
    """The card as a player reads it: ``10♠``, ``Q♥``, ``Joker``."""
    if card.is_joker:
        # Translators: a printed joker card, named alone (as on its face).
        return _("Joker")
    rank = "10" if card.rank_letter == "T" else card.rank_letter
    return rank + SUIT_SIGNS[card.suit]


class Worded(str):
    """Words made for a screen, and where each card they name lies: ``cards`` holds
    (start, end, card) for each card's label, in the order the words name them. It is a
    ``str`` (everything that measures or draws words takes it); what cuts or joins words
    keeps the places with ``cut``, ``pieces`` and ``fill``."""

    cards: tuple[tuple[int, int, Card], ...]

    def __new__(cls, text: str, cards: tuple[tuple[int, int, Card], ...] = ()) -> Worded:
        made = super().__new__(cls, text)
        made.cards = cards
        return made

    def cut(self, start: int, end: int) -> Worded:
        """``self[start:end]`` with the cards that lie wholly inside it."""
        return Worded(
            self[start:end],
            tuple((a - start, b - start, c) for a, b, c in self.cards if start <= a and b <= end),
        )

    def pieces(self, parts: list[str]) -> list[Worded]:
        """``parts`` (pieces of these words in their order, as a wrap cuts them) with their
        cards: each found at or after the end of the one before."""
        out: list[Worded] = []
        at = 0
        for part in parts:
            found = self.find(part, at)
            if found < 0:
                out.append(Worded(part))
                continue
            out.append(self.cut(found, found + len(part)))
            at = found + len(part)
        return out


#: Marks around a card's label while a sentence is worded (characters of Unicode's private
#: use, which no catalog writes; a name or plain words lose any they hold), so the place of
#: each card is known once every field is filled in, whatever order a language puts them in.
#: The character after ``_OPEN`` is ``_CODES`` plus the card's code.
_OPEN, _CLOSE, _CODES = chr(0xE000), chr(0xE001), 0xE100
_MARKED = re.compile(f"{_OPEN}(.)([^{_CLOSE}]*){_CLOSE}")
_MARKS = re.compile(f"[{_OPEN}{_CLOSE}{chr(_CODES)}-{chr(_CODES + len(CARDS) - 1)}]")


def word(text: Said | str) -> str:
    """``text`` in the language in use: an engine ``Said`` is worded from its template and
    fields (each field worded too, cards named as a player reads them), as ``Worded`` words
    that know where each card lies; plain text is shown as it is. The one way a sentence of
    the engine's becomes words on a screen (a ``Said`` is no ``str``)."""
    if not isinstance(text, Said):
        return text
    return _unmarked(_marked(text))


def fill(template: str, /, **fields: object) -> Worded:
    """``template`` (words of the interface's own, already in the language in use) filled with
    ``fields``: the cards of ``Worded`` fields keep their places."""
    return _unmarked(template.format(**{k: _marks_of(v) for k, v in fields.items()}))


def together(between: str, parts: Sequence[str]) -> Worded:
    """``between.join(parts)``, the cards of ``Worded`` parts keeping their places."""
    return _unmarked(between.join([_clean_or_marked(p) for p in parts]))


def capital(words: str) -> str:
    """``words`` with a capital first letter (``Worded`` words keep their cards' places)."""
    if words[:1].upper() == words[:1]:
        return words
    if isinstance(words, Worded):
        return fill("{first}{rest}", first=words[:1].upper(), rest=words.cut(1, len(words)))
    return words[:1].upper() + words[1:]


def _marks_of(value: object) -> object:
    """A field for ``fill``: a ``Worded`` with its cards marked again, other words cleaned of
    marks, anything else as it is."""
    if isinstance(value, Worded):
        out, at = [], 0
        for a, b, card in value.cards:
            out += [_clean(value[at:a]), _OPEN, chr(_CODES + card.code), value[a:b], _CLOSE]
            at = b
        return "".join([*out, _clean(value[at:])])
    return _clean(value) if isinstance(value, str) else value


def _clean_or_marked(text: str) -> str:
    """Words for ``together``: a ``Worded`` with its cards marked again, others cleaned."""
    marked = _marks_of(text)
    return marked if isinstance(marked, str) else str(marked)


def _clean(text: str) -> str:
    return _MARKS.sub("", text) if max(text, default=" ") >= _OPEN else text


def _marked(text: Said) -> str:
    """``text`` worded with its cards' labels marked (``_OPEN``… ``_CLOSE``)."""
    if text.verbatim:
        return _clean(text.template)
    if text.plural is not None:
        template = ngettext(text.template, text.plural, text.number or 0)
    else:
        template = _(text.template)
    fields = {k: _field(v) for k, v in text.fields.items()}
    try:
        return template.format(**fields)
    except (KeyError, IndexError, ValueError):
        # A translation that names a field the sentence lacks: the English, its cards named.
        chosen = text.plural if text.plural is not None and text.number != 1 else text.template
        return chosen.format(**fields)


def _field(value: object) -> object:
    if isinstance(value, Said):
        return _marked(value)
    if isinstance(value, Cards):
        return " ".join(
            [
                _OPEN + chr(_CODES + i.code) + card_label(i) + _CLOSE if isinstance(i, Card) else i
                for i in value.items
            ]
        )
    return _marks_of(value)


def _unmarked(text: str) -> Worded:
    """Marked words as ``Worded``: the marks gone, each card's place kept."""
    if _OPEN not in text:
        return Worded(_clean(text))
    out: list[str] = []
    cards: list[tuple[int, int, Card]] = []
    at = length = 0
    for found in _MARKED.finditer(text):
        before = _clean(text[at : found.start()])
        out.append(before)
        length += len(before)
        label = found.group(2)
        code = ord(found.group(1)) - _CODES
        if 0 <= code < len(CARDS):
            cards.append((length, length + len(label), CARDS[code]))
        out.append(label)
        length += len(label)
        at = found.end()
    out.append(_clean(text[at:]))
    return Worded("".join(out), tuple(cards))


def with_digits(text: str) -> str:
    """``text`` as drawn on screen: with Devanagari digits when a person asked for them (a key's
    name keeps its own: F1, F11; and words that write both kinds of digit are about the digits
    themselves, "०१२३ instead of 0123", and keep both)."""
    if (
        _State.devanagari_digits
        and any("0" <= ch <= "9" for ch in text)
        and not any("०" <= ch <= "९" for ch in text)
    ):
        return _NUMBER.sub(lambda m: m.group().translate(_DEVANAGARI_DIGITS), text)
    return text


def use_digits(devanagari: bool) -> None:
    """Show numbers in Devanagari digits (True) or in 0-9 (False)."""
    if devanagari != _State.devanagari_digits:
        _State.devanagari_digits = devanagari
        _changed()


class UnknownLanguage(ValueError):
    """A language code this game has no catalog for."""


def use(code: str) -> None:
    """Speak ``code`` from now on. UnknownLanguage (and English kept) when it cannot be used."""
    if code == _State.code and code != PSEUDO:
        return
    _State.catalog = catalog(code)
    _State.code = code
    _changed()


def catalog(code: str) -> gettext.NullTranslations:
    """The translations of ``code``: its compiled catalog, or (in a source checkout where it is
    not compiled yet) its ``.po`` compiled on the spot. UnknownLanguage when there is none."""
    if code == FALLBACK:
        return gettext.NullTranslations()
    if code == PSEUDO:
        return Pseudo()
    if code not in LANGUAGES:
        raise UnknownLanguage(f"unknown language {code!r}")
    mo = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    po = mo.with_suffix(".po")
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    if po.exists():
        return _compiled(po)
    raise UnknownLanguage(f"the {LANGUAGES[code]} catalog is missing")


def _compiled(po: Path) -> gettext.NullTranslations:
    """A ``.po`` compiled in memory, in a source checkout whose catalogs were not built (or
    were edited since): with the project's own recipe, ``build/catalogs.py``, which an
    installed game does not carry and does not need."""
    import importlib.util

    recipe = Path(__file__).resolve().parent.parent / "build" / "catalogs.py"
    spec = importlib.util.spec_from_file_location("marriage_catalogs", recipe)
    if not recipe.is_file() or spec is None or spec.loader is None:
        raise UnknownLanguage("the catalog is not compiled")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
        out: gettext.NullTranslations = module.translations(po)
    except ImportError as exc:
        raise UnknownLanguage("the catalog is not compiled, and Babel is not installed") from exc
    return out


def on_change(listener: Callable[[], None]) -> Callable[[], None]:
    """Call ``listener`` whenever the language or the digits change; returns a function that
    stops it."""
    _State.listeners.append(listener)

    def stop() -> None:
        if listener in _State.listeners:
            _State.listeners.remove(listener)

    return stop


def _changed() -> None:
    for listener in list(_State.listeners):
        listener()


def from_system(environ: dict[str, str] | None = None) -> str:
    """The language this computer's own settings ask for, among ours (English otherwise)."""
    env = os.environ if environ is None else environ
    wanted: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            wanted += value.split(":")
    if environ is None and not wanted:
        try:
            found = locale.getlocale()[0]
        except ValueError:
            found = None
        if found:
            wanted.append(found)
    for item in wanted:
        code = item.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        code = _WINDOWS_NAMES.get(code, code)
        if code in LANGUAGES:
            return code
    return FALLBACK


#: Windows names its locales in English words ("Nepali_Nepal"), not codes.
_WINDOWS_NAMES = {"nepali": "ne", "english": "en"}


# --- The pseudo-language of the layout tests ---------------------------------------------------

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçďéƒĝĥíĵķĺɱñóƥʠŕśţúʋŵẋýžÁƁÇĎÉƑĜĤÍĴĶĹМÑÓƤɊŔŚŢÚƲŴẊÝŽ",
)
#: ``{field}`` and ``%(field)s`` stay as they are, or the sentence could not be filled.
_FIELD = re.compile(r"(\{[^{}]*\}|%\([^)]*\)[sdif]|%[sdif])")


def pseudo(message: str) -> str:
    """``message`` accented, bracketed and 40% longer: what a longer language would take, and
    plain English in it stands out."""
    if not message:
        return message
    parts = _FIELD.split(message)
    out = "".join(p if _FIELD.fullmatch(p) else p.translate(_ACCENTED) for p in parts)
    lines = out.split("\n")
    grown = []
    for line in lines:
        extra = max(1, round(len(line) * 0.4) - 2) if line else 0
        grown.append(f"[{line} {'~' * extra}]" if line else line)
    return "\n".join(grown)


class Pseudo(gettext.NullTranslations):
    """The pseudo-language: every message run through ``pseudo``."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


def _reset_for_tests() -> Any:
    """English, 0-9 digits, no listeners (each test app starts from here)."""
    _State.code = FALLBACK
    _State.catalog = gettext.NullTranslations()
    _State.devanagari_digits = False
    _State.listeners.clear()
