"""The rules of Marriage: cards, wild cards, melds, scoring, the game state machine, solver, bots.

Pure Python; never imports pygame.
"""

from engine.cards import Card, format_cards, parse_card, parse_cards
from engine.melds import MeldKind, classify_meld
from engine.rules import PRESETS, RuleSet
from engine.wilds import Role, Wilds

__all__ = [
    "PRESETS",
    "Card",
    "MeldKind",
    "Role",
    "RuleSet",
    "Wilds",
    "classify_meld",
    "format_cards",
    "parse_card",
    "parse_cards",
]
