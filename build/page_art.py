"""The phone page's cards: one sheet drawn by the game's own card art, the desktop's faces.

    python build/page_art.py            # marriage_net/web/cards.png

The sheet holds, left to right and row by row, the 52 faces (codes 0-51: spades, hearts,
diamonds, clubs, two to ace), the printed joker (52), the back (53), the wild star for a card
(54) and for the joker (55), and the tiplu's crown (56): the last three are see-through overlays.
Each cell is ``WIDTH`` pixels wide, three times the largest card the page draws (68 CSS px),
so cards stay sharp on a phone's screen of three device pixels to the CSS pixel.

The sheet is kept in the repository (a server that hosts a table never loads pygame);
``tests/web/test_page_files.py`` draws it again and checks it still shows the desktop's faces.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "marriage_net" / "web" / "cards.png"
#: Pixels per card across; the page's largest card is a third of this in CSS pixels.
WIDTH = 204
COLUMNS = 10
CELLS = 57


def draw_sheet(width: int = WIDTH) -> object:
    """The sheet as a pygame surface."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))
    import pygame

    from marriage_gui.art.cards import CardArt, card_size

    pygame.init()
    art = CardArt()
    w, h = card_size(width)
    rows = -(-CELLS // COLUMNS)
    sheet = pygame.Surface((COLUMNS * w, rows * h), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    cells = [art.face(code, width) for code in range(53)]
    cells += [art.back(width), art.wild_badge(width, 0), art.wild_badge(width, 52)]
    cells.append(art.tiplu_badge(width, 0))
    for n, img in enumerate(cells):
        sheet.blit(img, ((n % COLUMNS) * w, (n // COLUMNS) * h))
    return sheet


def main() -> int:
    import pygame

    sheet = draw_sheet()
    pygame.image.save(sheet, str(OUT))
    print(OUT.relative_to(ROOT), OUT.stat().st_size, "bytes")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
