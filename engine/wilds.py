"""The tiplu and the wild cards it makes: tiplu, poplu, jhiplu, jokers, alter, printed jokers."""

from __future__ import annotations

from enum import Enum

from engine.cards import CARDS, JOKER_CODE, SAME_COLOUR, Card
from engine.rules import NEPALI, RuleSet


class Role(Enum):
    """What a wild card is, once the tiplu is known."""

    TIPLU = "tiplu"
    POPLU = "poplu"
    JHIPLU = "jhiplu"
    JOKER = "joker"
    ALTER = "alter"
    PRINTED = "printed joker"

    @property
    def is_maal(self) -> bool:
        """Tiplu, poplu and jhiplu carry points in every preset."""
        return self in (Role.TIPLU, Role.POPLU, Role.JHIPLU)


def _rank_step(code: int, step: int) -> int:
    """The code one rank above (+1) or below (-1) in the same suit, ace wrapping to two."""
    suit, idx = divmod(code, 13)
    return suit * 13 + (idx + step) % 13


class Wilds:
    """The wild cards of a hand, given its tiplu."""

    __slots__ = ("tiplu", "rules", "roles", "wild", "poplu", "jhiplu", "marriage")

    def __init__(self, tiplu: Card, rules: RuleSet = NEPALI) -> None:
        if tiplu.is_joker:
            raise ValueError("a printed joker cannot be the tiplu")
        self.tiplu: Card = tiplu
        self.rules = rules
        t = tiplu.code
        self.poplu: Card = CARDS[_rank_step(t, 1)]
        self.jhiplu: Card = CARDS[_rank_step(t, -1)]
        roles: list[Role | None] = [None] * (JOKER_CODE + 1)
        rank_idx, suit = t % 13, t // 13
        for s in range(4):
            if s != suit:
                alter = rules.alter and s == SAME_COLOUR[suit]
                roles[s * 13 + rank_idx] = Role.ALTER if alter else Role.JOKER
        roles[t] = Role.TIPLU
        roles[self.poplu.code] = Role.POPLU
        roles[self.jhiplu.code] = Role.JHIPLU
        roles[JOKER_CODE] = Role.PRINTED
        #: Role by card code (None for a natural card).
        self.roles: tuple[Role | None, ...] = tuple(roles)
        #: Wildness by card code, for fast loops.
        self.wild: tuple[bool, ...] = tuple(r is not None for r in roles)
        #: The three codes of a marriage: jhiplu, tiplu, poplu.
        self.marriage: tuple[int, int, int] = (self.jhiplu.code, t, self.poplu.code)

    def role(self, card: Card) -> Role | None:
        """The card's role, or None for a natural card."""
        return self.roles[card.code]

    def is_wild(self, card: Card) -> bool:
        """Whether the card may stand for any card in a meld."""
        return self.wild[card.code]

    def wild_codes(self) -> list[int]:
        """Codes of every wild card kind."""
        return [c for c in range(JOKER_CODE + 1) if self.wild[c]]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Wilds) and (self.tiplu, self.rules) == (other.tiplu, other.rules)

    def __hash__(self) -> int:
        return hash((self.tiplu, self.rules.alter))

    def __repr__(self) -> str:
        return f"Wilds(tiplu={self.tiplu})"
