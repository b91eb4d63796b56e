"""One declaration, every form: a value's fields say how they travel as plain data.

A ``PlayerView``, an ``Event`` or a ``HandResult`` is declared once, as a dataclass. Each field
that travels carries ``travels(...)`` in its metadata: the JSON-shaped type it has on the wire
(with its limits, checked by msgspec in one pass) and, where the engine's value differs, how to
turn one into the other. From that one list come the value's dict (saves, the host's messages),
its strict reader, and the wire's struct type that a network client decodes into: a field added
to the class is added to all three, and a client checks what arrives once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import Annotated, Any, Literal

import msgspec

from engine.cards import SHOE_SIZE
from engine.words import from_code, to_code

#: One more than the largest physical card id any rule set can use (three printed jokers).
MAX_CARD_ID = SHOE_SIZE + 3

CardId = Annotated[int, msgspec.Meta(ge=0, le=MAX_CARD_ID - 1)]
CardIds = Annotated[tuple[CardId, ...], msgspec.Meta(max_length=MAX_CARD_ID)]
Seat = Annotated[int, msgspec.Meta(ge=0, le=4)]
Count = Annotated[int, msgspec.Meta(ge=0)]
Name = Annotated[str, msgspec.Meta(max_length=80)]
#: Whole numbers, one per seat (totals, nets, hand sizes).
Numbers = Annotated[tuple[int, ...], msgspec.Meta(max_length=1000)]
Flags = Annotated[tuple[bool, ...], msgspec.Meta(max_length=1000)]
#: One shown meld: its kind and its cards.
Meld = tuple[Annotated[str, msgspec.Meta(max_length=20)], CardIds]
SeatShown = Annotated[tuple[Meld, ...], msgspec.Meta(max_length=MAX_CARD_ID)]
#: A rule's value as ``RuleSet.to_dict`` writes it.
RuleValue = bool | int | str | list[int]
Phase = Literal["draw", "play", "hand_over", "match_over"]


def text(limit: int) -> Any:
    """A string of at most ``limit`` characters."""
    return Annotated[str, msgspec.Meta(max_length=limit)]


def many(item: Any, limit: int = 1000) -> Any:
    """A list (a tuple in the engine) of at most ``limit`` items."""
    return Annotated[tuple[item, ...], msgspec.Meta(max_length=limit)]


def same(value: Any) -> Any:
    """The value as it is (a field whose plain form is the value itself)."""
    return value


def said(value: Any) -> Any:
    """Words for a wire or a file: an engine sentence as its language-neutral code (each laptop
    words it in its own language), plain words as they are."""
    return to_code(value)


def heard(value: Any) -> Any:
    """Words back from a wire or a file: a sentence from its code, plain words (an older save,
    an older host) as they are."""
    return from_code(value)


def lists(value: Any) -> Any:
    """Tuples, however deep, as the lists of JSON."""
    if isinstance(value, _SEQUENCES):
        # Most items are numbers or words: only a nested sequence costs a call.
        return [lists(v) if isinstance(v, _SEQUENCES) else v for v in value]
    return value


#: What ``lists`` opens (a tuple of types: ``tuple | list`` would be made anew on every call).
_SEQUENCES = (tuple, list)


@dataclass(frozen=True)
class Travels:
    """How one field travels: its wire type, and how the engine's value becomes plain data
    (``out``) and comes back from the checked wire value (``back``)."""

    wire: Any
    out: Callable[[Any], Any] = lists
    back: Callable[[Any], Any] = same
    optional: bool = False
    own: bool = False
    key: str | None = None


def travels(
    wire: Any,
    out: Callable[[Any], Any] = lists,
    back: Callable[[Any], Any] = same,
    optional: bool = False,
    own: bool = False,
    key: str | None = None,
) -> dict[str, Travels]:
    """A field's metadata: it travels as ``wire`` (``optional``: data written before the field
    existed may leave it out, and it reads as the field's default; ``own``: ``out`` is given
    what the instance's own dict holds, not the attribute a descriptor may make of it;
    ``key``: its name in the plain data, where that differs from the field's)."""
    return {"wire": Travels(wire, out, back, optional, own, key)}


class Form:
    """A declared class's plain forms, worked out once from its fields."""

    def __init__(self, cls: type, name: str) -> None:
        self.cls = cls
        self.fields: list[tuple[str, Travels]] = []
        spec: list[tuple[str, Any] | tuple[str, Any, Any]] = []
        for f in fields(cls):
            how = f.metadata.get("wire")
            if how is None:
                if not f.name.startswith("_"):
                    raise TypeError(f"{cls.__name__}.{f.name} does not say how it travels")
                continue  # the engine's own memo: never travels
            self.fields.append((f.name, how))
            if how.optional:
                plain = how.out(f.default if f.default is not MISSING else None)
                made = _maker(plain, how.wire)
                spec.append((f.name, how.wire, msgspec.field(default_factory=made, name=how.key)))
            elif how.key is not None:
                spec.append((f.name, how.wire, msgspec.field(name=how.key)))
            else:
                spec.append((f.name, how.wire))
        #: The wire's type: what a message's field of this kind decodes into, checked.
        self.struct: type[msgspec.Struct] = msgspec.defstruct(
            name, spec, forbid_unknown_fields=True, frozen=True, module=cls.__module__
        )
        self._write: Callable[[Any], dict[str, Any]] | None = None

    def to_dict(self, value: Any) -> dict[str, Any]:
        """The plain data of ``value``."""
        write = self._write
        if write is None:  # made at first use, when the class has every descriptor it gets
            write = self._write = self._writer()
        return write(value)

    def _writer(self) -> Callable[[Any], dict[str, Any]]:
        """``to_dict`` as one function written for this class: values are made often (every
        view of every update, every event of a history), and one dict display reading the
        instance's own dict costs a fraction of a loop over the fields.

        A field is read from the instance's dict, or by attribute where the class has a
        descriptor for it (unless it travels ``own``); a descriptor that works its value out
        when first read and names the type of what stands in until then (``pending``) is only
        asked while that stands there; one that also names the plain value that travels until
        someone has read it (``unasked``) is not asked at all. A plain field is taken as it is, a sequence made a
        list by ``list``, and any other field goes through its ``out``.
        """
        given: dict[str, Any] = {}
        items = []
        for i, (name, how) in enumerate(self.fields):
            static = _static(self.cls, name)
            described = hasattr(static, "__get__")
            read = f"own[{name!r}]" if how.own or not described else f"value.{name}"
            pending = getattr(static, "pending", None) if described and not how.own else None
            key = how.key or name
            if pending is not None and hasattr(static, "unasked"):
                # Worked out only when someone asks: until then its plain default travels.
                given[f"pending{i}"], given[f"out{i}"] = pending, how.out
                unasked = "[]" if static.unasked == [] else repr(static.unasked)
                items.append(
                    f"{key!r}: ({unasked} if (v{i} := own[{name!r}]).__class__ is pending{i} "
                    f"else out{i}(v{i}))"
                )
                continue
            if pending is not None:
                given[f"pending{i}"] = pending
                read = (
                    f"(v{i} if (v{i} := own[{name!r}]).__class__ is not pending{i} "
                    f"else value.{name})"
                )
            if how.out is same:
                items.append(f"{key!r}: {read}")
            elif how.out is list:
                items.append(f"{key!r}: list({read})")
            else:
                given[f"out{i}"] = how.out
                items.append(f"{key!r}: out{i}({read})")
        source = (
            "def to_dict(value):\n    own = value.__dict__\n    return {" + ", ".join(items) + "}"
        )
        exec(source, given)  # names and field names only: the class's own declaration
        made: Callable[[Any], dict[str, Any]] = given["to_dict"]
        return made

    def read(self, data: Any, what: str) -> dict[str, Any]:
        """The fields of plain ``data``, checked (ValueError with a reason)."""
        try:
            checked = msgspec.convert(data, self.struct)
        except msgspec.ValidationError as exc:
            raise ValueError(f"{what} is damaged: {exc}") from None
        except RecursionError:
            raise ValueError(f"{what} is nested too deeply") from None
        return self.unpack(checked)

    def unpack(self, checked: Any) -> dict[str, Any]:
        """The fields of a checked wire value, as the engine holds them."""
        return {name: how.back(getattr(checked, name)) for name, how in self.fields}

    def make(self, checked: Any) -> Any:
        """The value of a checked wire value (a class with nothing to check between fields)."""
        return self.cls(**self.unpack(checked))


def _static(cls: type, name: str) -> Any:
    """What ``cls`` (or a base) holds under ``name`` itself: a descriptor, not what it gives."""
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    return None


def _maker(plain: Any, kind: Any) -> Callable[[], Any]:
    """Makes the wire value of a field left out: its default, as the wire type holds it."""
    return lambda: msgspec.convert(plain, kind)


_FORMS: dict[type, Form] = {}


def form(cls: type, name: str | None = None) -> Form:
    """The plain forms of a declared class (its wire type named ``name``)."""
    found = _FORMS.get(cls)
    if found is None:
        found = _FORMS[cls] = Form(cls, name or f"{cls.__name__}Data")
    return found


def per_seat(values: tuple[Any, ...], what: str, players: int) -> None:
    """ValueError unless ``values`` holds one entry per seat."""
    if len(values) != players:
        raise ValueError(f"{what} has {len(values)} entries for {players} players")


def seat(value: int | None, what: str, players: int) -> None:
    """ValueError unless ``value`` (when given) is a seat of this table."""
    if value is not None and not 0 <= value < players:
        raise ValueError(f"{what} is out of range: {value}")
