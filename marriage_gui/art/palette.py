"""The colours of the table, the cards and the badges, in one place."""

from __future__ import annotations

Colour = tuple[int, int, int]


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """The colour ``t`` of the way from ``a`` to ``b`` (0: ``a``, 1: ``b``)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


# Card stock and ink.
CARD_FACE: Colour = (253, 251, 246)
CARD_EDGE: Colour = (150, 146, 138)
INK_BLACK: Colour = (24, 24, 32)
INK_RED: Colour = (204, 22, 44)
INK_BLUE: Colour = (22, 84, 196)
INK_GREEN: Colour = (12, 132, 62)

#: Suit ink in suit order S H D C, for the classic two-colour and the four-colour deck.
TWO_COLOUR: tuple[Colour, ...] = (INK_BLACK, INK_RED, INK_RED, INK_BLACK)
FOUR_COLOUR: tuple[Colour, ...] = (INK_BLACK, INK_RED, INK_BLUE, INK_GREEN)

# Court cards and ornaments.
GOLD: Colour = (214, 170, 62)
GOLD_LIGHT: Colour = (246, 214, 120)
GOLD_DARK: Colour = (150, 108, 30)
SKIN: Colour = (238, 200, 164)
SKIN_SHADE: Colour = (206, 160, 124)
HAIR_DARK: Colour = (52, 36, 30)
HAIR_GREY: Colour = (130, 120, 116)
ROBE_RED: Colour = (186, 30, 46)
ROBE_BLUE: Colour = (32, 72, 160)
ROBE_GREEN: Colour = (22, 120, 78)
ROBE_PURPLE: Colour = (104, 48, 132)
ROBE_OCHRE: Colour = (222, 150, 40)
CREAM: Colour = (250, 238, 206)

# Card back: deep Nepali red with gold.
BACK_RED: Colour = (128, 18, 30)
BACK_RED_DARK: Colour = (84, 8, 20)
BACK_RED_LIGHT: Colour = (168, 34, 44)

# Table felt.
FELT: Colour = (22, 92, 60)
FELT_DARK: Colour = (8, 40, 26)

# Selection and badges.
HIGHLIGHT: Colour = (255, 210, 70)
WILD_STAR: Colour = (255, 196, 40)
TIPLU_BADGE: Colour = (150, 20, 120)
