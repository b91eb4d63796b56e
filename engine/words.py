"""The engine's sentences, kept as a template and its fields so each laptop can word them.

The engine never knows which language a person reads. A reason it gives ("you do not hold 7♣")
is a ``Said``: its English template and the fields that fill it, never a ``str``, so a screen
cannot show it without wording it (its ``english`` is for logs and tests). The interface looks
the template up in its own catalog and fills in the fields, so a Nepali laptop
and an English one can share one table: on the wire a ``Said`` travels as its ``code``, never as
words (``from_code`` reads it back).

Templates use ``str.format`` fields by name (``{cards}``); a field may itself be a ``Said``, and
cards are a field of their own (``Cards``): each laptop names them as its player reads them
(``10♠``), and a screen knows where each one lies without reading its own words again.
The translation tools find templates by the function names ``say`` and ``say_n``.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

import msgspec

from engine.cards import CARDS, Card

#: What a field of a sentence may hold.
Field = Any  # str | int | Said | Cards

#: The first characters of a sentence's wire code (no English sentence begins so).
CODE_MARK = "§"
#: Longest code accepted back from a wire or a file.
CODE_LIMIT = 2000
#: How deep sentences may nest (a field holding a sentence holding a sentence...).
DEPTH_LIMIT = 8


#: Between the melds of a ``Cards`` ("5H 6H 7H | 9C 9C 9C").
APART = "|"
#: After the cards a ``Cards`` names when it names only the first few ("7C 8C 9C TC …").
MORE = "…"
#: A card by its text notation (``7C``, ``TS``, ``JK``): how a sentence's code writes it.
_BY_TEXT: dict[str, Card] = {str(c): c for c in CARDS}
#: The text notation of each card by its code.
_TEXT: tuple[str, ...] = tuple(str(c) for c in CARDS)


class Cards:
    """The cards a sentence names, in their order: a field of a sentence (``say("you threw
    {card}", card=Cards.one(card))``), never their text. Melds are kept apart (``APART``), and
    a list that names only its first few cards ends in ``MORE``. Its ``english`` is the engine's
    text notation ("5H 6H 7H | 9C 9C 9C", "7C 8C 9C TC …"); a screen names each card in its
    own way and knows where it put each one."""

    __slots__ = ("items", "_english", "_data")

    #: Each a ``Card``, or ``APART`` between melds, or ``MORE`` after a list cut short.
    items: tuple[Card | str, ...]
    _english: str | None
    _data: dict[str, list[str]] | None

    def __init__(self, items: Iterable[Card | str]) -> None:
        put = object.__setattr__
        put(self, "items", tuple(items))
        put(self, "_english", None)
        put(self, "_data", None)

    @staticmethod
    def one(card: Card) -> Cards:
        """One card (made once per kind of card: most sentences name one card, and an event is
        made on almost every action)."""
        return _ONE[card.code]

    @classmethod
    def of(cls, cards: Iterable[Card], most: int | None = None) -> Cards:
        """``cards`` in their order; with ``most``, only the first ``most`` and then ``MORE``."""
        named: tuple[Card | str, ...] = tuple(cards)
        if most is not None and len(named) > most:
            named = (*named[:most], MORE)
        made = object.__new__(cls)
        put = object.__setattr__
        put(made, "items", named)
        put(made, "_english", None)
        put(made, "_data", None)
        return made

    @classmethod
    def apart(cls, melds: Iterable[Iterable[Card]], most: int | None = None) -> Cards:
        """Melds apart (``APART`` between them), each cut after ``most`` cards like ``of``."""
        items: list[Card | str] = []
        for meld in melds:
            if items:
                items.append(APART)
            items += cls.of(meld, most).items
        return cls(items)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards alone, in their order."""
        return tuple(i for i in self.items if isinstance(i, Card))

    @property
    def english(self) -> str:
        """The engine's text notation ("5H 6H 7H | 9C 9C 9C"), for logs and tests."""
        english = self._english
        if english is None:
            english = " ".join([i if isinstance(i, str) else _TEXT[i.code] for i in self.items])
            object.__setattr__(self, "_english", english)
        return english

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards named never change")

    def __str__(self) -> NoReturn:
        _unworded(self)

    def __format__(self, spec: str) -> NoReturn:
        _unworded(self)

    def __repr__(self) -> str:
        return f"Cards({self.english!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Cards):
            return NotImplemented
        return self.items == other.items

    def __hash__(self) -> int:
        return hash(self.items)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Cards, (self.items,))

    def plain(self) -> dict[str, list[str]]:
        """Its data for a sentence's code: ``{"cards": ["5H", "6H", "|", "9C", "…"]}`` (made
        once, and only read: never change it)."""
        data = self._data
        if data is None:
            data = {"cards": [i if isinstance(i, str) else _TEXT[i.code] for i in self.items]}
            object.__setattr__(self, "_data", data)
        return data

    @classmethod
    def from_plain(cls, data: Any) -> Cards:
        """Cards back from ``plain``'s data; ValueError for anything else (a card's text not
        written exactly as the engine writes it, a key too many)."""
        if not isinstance(data, dict) or list(data) != ["cards"]:
            raise ValueError("not cards")
        texts = data["cards"]
        if not isinstance(texts, list):
            raise ValueError("not cards")
        items: list[Card | str] = []
        for text in texts:
            if text in (APART, MORE):
                items.append(text)
            elif isinstance(text, str) and text in _BY_TEXT:
                items.append(_BY_TEXT[text])
            else:
                raise ValueError("not a card")
        return cls(items)

    @classmethod
    def from_old_text(cls, text: str) -> Cards | None:
        """Cards from the text a sentence's code held before cards were a field of their own
        ("7C", "5H 6H 7H | 9C 9C 9C", "7C 8C 9C TC …"), written by an older release; None when
        ``text`` is not wholly such cards."""
        tokens = text.split(" ")
        if not any(t in _BY_TEXT for t in tokens) or not all(
            t in _BY_TEXT or t in (APART, MORE) for t in tokens
        ):
            return None
        return cls(t if t in (APART, MORE) else _BY_TEXT[t] for t in tokens)


#: One card of each kind, as ``Cards.one`` hands it out.
_ONE: tuple[Cards, ...] = tuple(Cards((c,)) for c in CARDS)


def _unworded(value: object) -> NoReturn:
    raise TypeError(
        f"{type(value).__name__} is no str: word it for a screen (marriage_gui.language.word) "
        "or take its .english for a log or a test"
    )


class Said:
    """An engine sentence: its English template, the fields that fill it and, for a sentence
    that follows a count, its plural template and the count. It is not a ``str``: a screen
    shows it only through the interface's wording step (``language.word``), and ``english``
    is for logs and tests. A sentence never changes (its fields are its own)."""

    __slots__ = ("template", "fields", "plural", "number", "verbatim", "_english", "_code")

    template: str
    fields: dict[str, Field]
    plural: str | None
    #: The count a plural sentence follows (None: not a plural sentence).
    number: int | None
    #: Words that are no template (plain words read from an older file or host): shown as
    #: they are in every language, and written back as they came.
    verbatim: bool
    _english: str | None
    _code: str | None

    def __init__(
        self,
        template: str,
        fields: dict[str, Field] | None = None,
        plural: str | None = None,
        count: int | None = None,
        *,
        verbatim: bool = False,
    ) -> None:
        # ``say`` hands over a dict of its own; a sentence never changes its fields.
        put = object.__setattr__
        put(self, "template", template)
        put(self, "fields", {} if fields is None else fields)
        put(self, "plural", plural)
        put(self, "number", count)
        put(self, "verbatim", verbatim)
        put(self, "_english", None)
        put(self, "_code", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a sentence never changes")

    @property
    def english(self) -> str:
        """The English words (for logs, tests and a laptop without translations)."""
        english = self._english
        if english is None:
            if self.verbatim:
                english = self.template
            else:
                plural = self.plural is not None and self.number != 1
                chosen = self.plural if plural and self.plural is not None else self.template
                fields = {k: _english(v) for k, v in self.fields.items()}
                english = chosen.format_map(fields) if fields or "{" in chosen else chosen
            object.__setattr__(self, "_english", english)
        return english

    @property
    def code(self) -> str:
        """This sentence as language-neutral text for a wire or a file (made once: a sentence
        never changes). Plain words (``verbatim``) are written as they are."""
        code = self._code
        if code is None:
            code = self.template if self.verbatim else CODE_MARK + _json(_plain(self))
            object.__setattr__(self, "_code", code)
        return code

    def __str__(self) -> NoReturn:
        _unworded(self)

    def __format__(self, spec: str) -> NoReturn:
        _unworded(self)

    def __repr__(self) -> str:
        return f"Said({self.english!r})"

    def __bool__(self) -> bool:
        return bool(self.english)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Said):
            return NotImplemented
        return (
            self.template == other.template
            and self.fields == other.fields
            and self.plural == other.plural
            and self.number == other.number
            and self.verbatim == other.verbatim
        )

    def __hash__(self) -> int:
        return hash((self.template, self.english))

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (a view sent to the bot worker) or copied: still a sentence, not just words,
        # and its words travel with it rather than being made again on the other side.
        return (
            _again,
            (self.template, self.fields, self.plural, self.number, self.verbatim, self.english),
        )


def _json(data: Any) -> str:
    """``json.dumps(data, ensure_ascii=False, separators=(",", ":"))``, by msgspec's faster
    encoder (the same text for a sentence's plain data: strings, whole numbers, lists, dicts)."""
    try:
        return msgspec.json.encode(data).decode()
    except (TypeError, UnicodeEncodeError):  # what msgspec does not write, json does
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _again(
    template: str,
    fields: dict[str, Field],
    plural: str | None,
    number: int | None,
    verbatim: bool,
    english: str,
) -> Said:
    """A pickled or copied sentence back, with the words it had (not worded again)."""
    said = Said(template, fields, plural, number, verbatim=verbatim)
    object.__setattr__(said, "_english", english)
    return said


def _english(value: Field) -> Any:
    """A field as the English words fill it (a sentence or cards by their English)."""
    return value.english if isinstance(value, Said | Cards) else value


class SaidError(ValueError):
    """A ValueError whose reason is a sentence (``said``, its only argument): a screen words
    it; its ``str`` is the English, for a log (never for a screen)."""

    def __init__(self, said: Said) -> None:
        super().__init__(said)
        self.said = said

    def __str__(self) -> str:
        return self.said.english


#: No words at all (an event that says nothing).
UNSAID = Said("", verbatim=True)


def words(text: str) -> Said:
    """Plain words that are no template (a name, words from an older file): shown as they are."""
    return Said(text, verbatim=True)


class Later:
    """Words not made yet: the function that makes the sentence and what it is given.

    An event is made on almost every action, and most events are never read (a bot's or a
    benchmark's play): ``engine.events.Event`` keeps its words as a ``Later`` and makes them
    (once) when they are first read. The function holds the ``say`` call, so the translation
    tools still find its template.
    """

    __slots__ = ("make", "args")

    def __init__(self, make: Any, *args: Any) -> None:
        self.make = make
        self.args = args

    def made(self) -> Said:
        """The words, made now."""
        made: Said = self.make(*self.args)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Later, (self.make, *self.args))


def say(template: str, /, **fields: Field) -> Said:
    """A sentence from its English ``template`` and the ``fields`` that fill it."""
    return Said(template, fields)


def say_n(singular: str, plural: str, n: int, /, **fields: Field) -> Said:
    """A sentence that depends on a count ``n`` (given to the template as ``{n}`` as well)."""
    return Said(singular, {"n": n, **fields}, plural, n)


def to_code(text: Said | str) -> str:
    """``text`` for a wire: a sentence's code, or plain words as they are."""
    return text.code if isinstance(text, Said) else text


def _plain(s: Said) -> list[Any]:
    fields = {
        k: v
        if type(v) in _PLAIN
        else _plain(v)
        if isinstance(v, Said)
        else v.plain()
        if isinstance(v, Cards)
        else v
        for k, v in s.fields.items()
    }
    out: list[Any] = [s.template, fields]
    if s.plural is not None:
        out += [s.plural, s.number]
    return out


#: Fields that are their own plain data (most are: a name, a number).
_PLAIN = frozenset({str, int})


def from_code(text: str) -> Said:
    """A sentence read back from its ``code``; plain words, or a damaged code, come back as the
    text they are (a damaged code is never an error: it is only words that cannot be shown)."""
    if not isinstance(text, str):
        return words(str(text))
    if not text.startswith(CODE_MARK):
        return words(text)
    if len(text) > CODE_LIMIT:
        return words("?")
    try:
        made = _built(json.loads(text[len(CODE_MARK) :]), 0)
        made.english  # noqa: B018 - a template that names a field it lacks fails here, not later
    except (ValueError, TypeError, KeyError, IndexError):
        return words("?")
    return made


def _built(data: Any, depth: int) -> Said:
    if depth > DEPTH_LIMIT or not isinstance(data, list) or len(data) not in (2, 4):
        raise ValueError("not a sentence")
    template, fields = data[0], data[1]
    if not isinstance(template, str) or not isinstance(fields, dict):
        raise ValueError("not a sentence")
    _plain_fields(template)
    made: dict[str, Field] = {}
    for key, value in fields.items():
        if isinstance(value, list):
            made[str(key)] = _built(value, depth + 1)
        elif isinstance(value, dict):
            made[str(key)] = Cards.from_plain(value)
        elif isinstance(value, str) and key in _OLD_CARD_FIELDS:
            made[str(key)] = Cards.from_old_text(value) or value
        elif isinstance(value, str | int) and not isinstance(value, bool):
            made[str(key)] = value
        else:
            raise ValueError("not a field")
    plural: str | None = None
    count: int | None = None
    if len(data) == 4:
        plural, count = data[2], data[3]
        if not isinstance(plural, str) or not isinstance(count, int) or isinstance(count, bool):
            raise ValueError("not a plural")
        _plain_fields(plural)
    return Said(template, made, plural, count)


#: The fields that held cards as text in the codes of releases before ``Cards`` (protocol 6 and
#: older): such text, when it is wholly cards, is read back as ``Cards`` (a name is never in
#: one of these fields; "{first}, {then}" of a list holds either cards or sentences).
_OLD_CARD_FIELDS = frozenset({"card", "cards", "meld", "melds", "first", "then"})


def _plain_fields(template: str) -> None:
    """ValueError unless every field of ``template`` is a plain name: a template read from a
    wire may not reach into its fields (``{x.__class__}``) or format them oddly."""
    for _text, name, spec, conversion in string.Formatter().parse(template):
        if name is not None and (not name.isidentifier() or spec or conversion):
            raise ValueError("not a plain field")


def cards_in(said: Said) -> list[Card]:
    """Every card a sentence names, in the order of its fields (read from its ``Cards`` fields,
    never from its words: what a test checks against the facts)."""
    out: list[Card] = []
    for value in said.fields.values():
        if isinstance(value, Cards):
            out += value.cards
        elif isinstance(value, Said):
            out += cards_in(value)
    return out


def clauses(parts: list[Said]) -> Said:
    """Sentences one after another ("a; b; c"), each worded on its own: a ``Said`` whose
    separator a translator words too (nested in halves, so a long list nests shallowly)."""
    if len(parts) <= 1:
        return parts[0] if parts else UNSAID
    half = len(parts) // 2
    # Translators: two sentences one after the other, as a table log writes them.
    return say("{first}; {then}", first=clauses(parts[:half]), then=clauses(parts[half:]))


def commas(parts: Sequence[Said | Cards | str]) -> Said | Cards | str:
    """Items of a list, comma apart ("a, b, c"), each worded on its own (an item may be cards
    or plain words)."""
    if len(parts) <= 1:
        return parts[0] if parts else UNSAID
    half = len(parts) // 2
    # Translators: two items of a list, comma apart.
    return say("{first}, {then}", first=commas(parts[:half]), then=commas(parts[half:]))
