"""The engine's sentences, kept as a template and its fields so each laptop can word them.

The engine never knows which language a person reads. A reason it gives ("you do not hold 7♣")
is a ``Said``: its English template and the fields that fill it, never a ``str``, so a screen
cannot show it without wording it (its ``english`` is for logs and tests). The interface looks
the template up in its own catalog and fills in the fields, so a Nepali laptop
and an English one can share one table: on the wire a ``Said`` travels as its ``code``, never as
words (``from_code`` reads it back).

Templates use ``str.format`` fields by name (``{cards}``); a field may itself be a ``Said``.
The translation tools find templates by the function names ``say`` and ``say_n``.
"""

from __future__ import annotations

import json
import string
from collections.abc import Sequence
from typing import Any

import msgspec

#: What a field of a sentence may hold.
Field = Any  # str | int | Said

#: The first characters of a sentence's wire code (no English sentence begins so).
CODE_MARK = "§"
#: Longest code accepted back from a wire or a file.
CODE_LIMIT = 2000
#: How deep sentences may nest (a field holding a sentence holding a sentence...).
DEPTH_LIMIT = 8


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

    def __str__(self) -> str:
        return self.english

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
    """A field as the English words fill it (a sentence by its English)."""
    return value.english if isinstance(value, Said) else value


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
    fields = {k: _plain(v) if isinstance(v, Said) else v for k, v in s.fields.items()}
    out: list[Any] = [s.template, fields]
    if s.plural is not None:
        out += [s.plural, s.number]
    return out


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


def _plain_fields(template: str) -> None:
    """ValueError unless every field of ``template`` is a plain name: a template read from a
    wire may not reach into its fields (``{x.__class__}``) or format them oddly."""
    for _text, name, spec, conversion in string.Formatter().parse(template):
        if name is not None and (not name.isidentifier() or spec or conversion):
            raise ValueError("not a plain field")


def clauses(parts: list[Said]) -> Said:
    """Sentences one after another ("a; b; c"), each worded on its own: a ``Said`` whose
    separator a translator words too (nested in halves, so a long list nests shallowly)."""
    if len(parts) <= 1:
        return parts[0] if parts else UNSAID
    half = len(parts) // 2
    # Translators: two sentences one after the other, as a table log writes them.
    return say("{first}; {then}", first=clauses(parts[:half]), then=clauses(parts[half:]))


def commas(parts: Sequence[Said | str]) -> Said | str:
    """Items of a list, comma apart ("a, b, c"), each worded on its own (an item may be plain
    words: a card's text)."""
    if len(parts) <= 1:
        return parts[0] if parts else UNSAID
    half = len(parts) // 2
    # Translators: two items of a list, comma apart.
    return say("{first}, {then}", first=commas(parts[:half]), then=commas(parts[half:]))
