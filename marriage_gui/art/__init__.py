"""Everything the table draws or plays that is not layout: cards, felt, fonts, sounds, icon."""

from .cards import ASPECT, JOKER, CardArt, Mark, card_size, default_art, suit_colour
from .felt import felt
from .paths import asset, assets_dir

__all__ = [
    "ASPECT",
    "JOKER",
    "CardArt",
    "Mark",
    "asset",
    "assets_dir",
    "card_size",
    "default_art",
    "felt",
    "suit_colour",
]
