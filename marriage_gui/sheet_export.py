"""A score sheet to share in the family chat: a picture (PNG) and a table (CSV).

Both say what the score keeper's screen says, from the same engine numbers: each hand's tiplu,
who went out, each player's maal and result, the totals, and who pays whom to settle the match.
The CSV's numbers stay in 0-9 (a spreadsheet adds them up); its words are in the language in use.
"""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Sequence
from typing import Any

import pygame

from engine.ledger import Ledger, describe_payments
from engine.score_sheet import ScoreSheet
from marriage_gui.art import felt
from marriage_gui.art.fonts import set_apart
from marriage_gui.hand_draft import DUBLEES, NOT_SEEN, SEEN
from marriage_gui.language import _
from marriage_gui.ui import theme
from marriage_gui.ui.card_names import card_label, readable
from marriage_gui.ui.hand_rows import SEEN_WORDS
from marriage_gui.ui.match_pickers import preset_label
from marriage_gui.ui.sheet_grid import SheetGrid, went_out_words
from marriage_gui.ui.words import match_total

#: The picture's width in pixels, and the scale its words are drawn at.
PICTURE_WIDTH = 1400
_K = 1.1


def when(stamp: float) -> str:
    """A moment as the sheet dates it: 2026-10-12 19:30 (digits only, in any language)."""
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def rules_words(sheet: ScoreSheet) -> str:
    """The sheet's rules by their preset's name (and a mark when an option was changed)."""
    from engine.rules import PRESETS

    base = PRESETS.get(sheet.rules.name)
    name = preset_label(sheet.rules.name)
    if base is None or base == sheet.rules:
        return name
    # Translators: a preset's name, with some of its rule options changed ("Nepali, changed").
    return _("{preset}, changed").format(preset=name)


def settle_up_words(sheet: ScoreSheet, names: Sequence[str]) -> str:
    """How the match stands: who pays whom to settle it, or who leads the race."""
    if not sheet.hands:
        return _("No hand yet.")
    if sheet.rules.scoring == "settlement":
        owed = sheet.settle_up()
        if not owed:
            return _("Everybody is square.")
        pays = readable(describe_payments(Ledger("settlement", (), owed), names), names)
        # Translators: {pays} says who pays whom ("Ram pays Sita 12, Hari 3").
        return _("To settle the match: {pays}").format(pays=pays)
    first = sheet.standings()[0]
    total = match_total(sheet.totals[first], sheet.rules.lowest_wins)
    # Translators: who is first in a points race or a deadwood match, and their total.
    return _("First: {name} ({total})").format(name=names[first], total=total)


def csv_bytes(sheet: ScoreSheet, names: Sequence[str]) -> bytes:
    """The sheet as CSV (UTF-8 with its mark, so spreadsheets read Devanagari)."""
    out = io.StringIO()
    # Each cell's words spaced as the screen draws them ("Bina ले", not "Binaले").
    rows = _SpacedWriter(csv.writer(out))
    head = [_("Hand"), _("Tiplu"), _("Went out")]
    for name in names:
        # Translators: CSV columns for one player: whether they saw, their maal, their result.
        head += [
            _("{name}: seen").format(name=name),
            _("{name}: maal").format(name=name),
            _("{name}: result").format(name=name),
        ]
    rows.writerow(head)
    for i, (hand, r) in enumerate(zip(sheet.hands, sheet.results, strict=True)):
        tiplu = card_label(r.tiplu) if r.tiplu is not None else ""
        went = went_out_words(r, names)
        if r.dublee_win:
            # Translators: the CSV's "went out" column for a player who went out having seen
            # with dublees (a dublee win, paid its bonus).
            went = _("{name} (dublees)").format(name=went)
        line: list[object] = [i + 1, tiplu, went]
        for s in range(len(names)):
            maal = r.deadwood[s].points if r.deadwood else r.points[s]
            entry = hand.seats[s]
            seen = DUBLEES if entry.dublees else SEEN if entry.seen else NOT_SEEN
            line += [_(SEEN_WORDS[seen]), maal, r.nets[s]]
        rows.writerow(line)
    total: list[object] = ["", "", _("Total")]
    for t in sheet.totals:
        total += ["", "", t]
    rows.writerow(total)
    rows.writerow([])
    rows.writerow([settle_up_words(sheet, names)])
    return out.getvalue().encode("utf-8-sig")


class _SpacedWriter:
    """A CSV writer whose words are set apart as on screen (``fonts.set_apart``)."""

    def __init__(self, writer: Any) -> None:
        self.writer = writer

    def writerow(self, row: Sequence[object]) -> None:
        self.writer.writerow([set_apart(v) if isinstance(v, str) else v for v in row])


def picture(sheet: ScoreSheet, names: Sequence[str]) -> pygame.Surface:
    """The whole sheet on one picture: every hand, the totals, and how the match settles."""
    k = _K
    grid = SheetGrid()
    row_h = grid.row_height(k)
    pad = round(30 * k)
    head_h = round(110 * k)
    grid_h = (max(1, len(sheet.hands)) + 2) * row_h + round(10 * k)
    foot_h = round(70 * k)
    w, h = PICTURE_WIDTH, head_h + grid_h + foot_h + pad
    surface = pygame.Surface((w, h))
    surface.blit(felt((w, h)), (0, 0))
    title = theme.text(_("Marriage score sheet"), round(34 * k), theme.GOLD_LIGHT, True)
    surface.blit(title, (pad, pad))
    dates = when(sheet.started)
    if sheet.closed is not None:
        dates = f"{dates} – {when(sheet.closed)}"
    sub = f"{dates}   ·   {rules_words(sheet)}"
    sub_img = theme.text(sub, round(17 * k), theme.TEXT_DIM)
    surface.blit(sub_img, (pad, pad + title.get_height() + round(6 * k)))
    box = pygame.Rect(pad, head_h, w - 2 * pad, grid_h)
    theme.panel(surface, box.inflate(round(16 * k), round(8 * k)), round(12 * k))
    grid.draw(surface, box, sheet, names, k)
    words = settle_up_words(sheet, names)
    lines = theme.wrap(words, round(19 * k), w - 2 * pad, True)
    y = head_h + grid_h + round(14 * k)
    for line in lines[:2]:
        img = theme.text(line, round(19 * k), theme.TEXT, True)
        surface.blit(img, (pad, y))
        y += img.get_height()
    return surface


def png_bytes(surface: pygame.Surface) -> bytes:
    """A picture as PNG data."""
    buf = io.BytesIO()
    pygame.image.save(surface, buf, "sheet.png")
    return buf.getvalue()
