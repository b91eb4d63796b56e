"""Rules: an illustrated guide to the chosen rules, with examples drawn as real cards.

Every example meld is labelled by ``engine.melds.classify_meld`` and every wild card by
``engine.wilds.Wilds``, so the pictures always agree with what the engine plays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from engine.cards import CARDS, Card
from engine.melds import classify_meld
from engine.rules import PRESETS, RuleSet
from engine.wilds import Wilds
from marriage_gui.licences import licence_notices
from marriage_gui.scenes.base import MenuScene
from marriage_gui.ui import theme
from marriage_gui.ui.form import ScrollPanel

if TYPE_CHECKING:
    from marriage_gui.app import App

PRESET_TITLES = {
    "nepali": "Nepali rules",
    "house": "House rules",
    "contract": "Contract rules",
    "indian": "Indian rules",
}


def card(text: str) -> Card:
    """A card from short notation like ``7H`` or ``TD``."""
    return CARDS["23456789TJQKA".index(text[0]) + "SHDC".index(text[1]) * 13]


NUMBER_WORDS = (
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


def counts_words(table: tuple[int, ...], each: str = "each") -> str:
    """A points table as a player says it: ``5 for each``, or ``2 for one, 5 for two``.

    A table that pays the same for every one held (or has one entry, which the engine repeats)
    is said once, with ``each`` naming what is counted.
    """
    if not table:
        return "nothing"
    if all(v == table[0] * (i + 1) for i, v in enumerate(table)):
        return f"{table[0]} for {each}"
    return ", ".join(f"{v} for {NUMBER_WORDS[i]}" for i, v in enumerate(table))


def unseen_maal_words(rules: RuleSet) -> str:
    """One sentence: does a player who has not seen count maal under these rules."""
    if not rules.scores_maal:
        return "Maal is not paid under deadwood scoring: only the cards left unmelded count."
    if not rules.tunnelas_need_seen:
        return "Everyone counts their maal, seen or not."
    return {
        "count": "A player who has not seen still counts their maal, like anyone else "
        "(option Unseen maal: count; many families play murder or kidnap instead).",
        "murder": "A player who has not seen counts no maal: it is lost "
        "(option Unseen maal: murder).",
        "kidnap": "A player who has not seen counts no maal: the winner takes it "
        "(option Unseen maal: kidnap).",
    }[rules.unseen_maal]


def tunnela_words(rules: RuleSet) -> str:
    """What tunnelas shown from the deal are worth, said as a player would."""
    kinds = [("ordinary ones", rules.tunnela_ordinary_points)]
    tail = ""
    if rules.tunnela_wilds_ordinary:
        tail = "; tunnelas of jokers and alters count as ordinary ones"
    else:
        kinds.append(("a joker's", rules.tunnela_joker_points))
    kinds.append(("a poplu's or jhiplu's", rules.tunnela_maal_points))
    if rules.alter and not rules.tunnela_wilds_ordinary:
        kinds.append(("an alter's", rules.tunnela_alter_points))
    if rules.printed_jokers and not rules.tunnela_wilds_ordinary:
        kinds.append(("printed jokers'", rules.tunnela_printed_points))
    kinds = [k for k in kinds if k[1]]
    if not kinds:
        return "Tunnelas shown from the deal score nothing."
    if all(counts_words(t).endswith("for each") for _w, t in kinds):
        # "5 for each, 10 for a joker's, 20 for a poplu's or jhiplu's"
        parts = [f"{t[0]} for {'each' if k == 0 else who}" for k, (who, t) in enumerate(kinds)]
        said = ", ".join(parts)
    else:
        said = "; ".join(f"{who}: {counts_words(t)}" for who, t in kinds)
    seen = " (only once you have seen)" if rules.tunnelas_need_seen else ""
    return f"Tunnelas shown from the deal: {said}{tail}{seen}."


def lay_off_words(rules: RuleSet) -> str:
    """The lay-off rule in a sentence (``lay_off_cards`` and ``lay_off_onto`` said in words)."""
    onto = (
        "any meld shown on the table, yours or another player's"
        if rules.lay_off_onto == "anyone"
        else "melds you have already shown on the table"
    )
    if rules.lay_off_cards == "wild":
        return (
            f" Wild cards left over may be added to {onto} (laying off), if each stays a meld;"
            " other cards may not be laid off."
        )
    return f" Cards that fit none of your melds may be added to {onto} (laying off), if each stays a meld."


# The example tiplu: the seven of hearts.
TIPLU = card("7H")


class RulesScene(MenuScene):
    """A scrollable, illustrated explanation of one RuleSet."""

    name = "rules"

    def __init__(self, app: App, rules: RuleSet | None = None) -> None:
        self.panel = ScrollPanel()
        self.rules = rules or PRESETS["nepali"]
        self.wilds = Wilds(TIPLU, self.rules)
        custom = self.rules.name in PRESETS and self.rules != PRESETS[self.rules.name]
        self.heading = PRESET_TITLES.get(self.rules.name, "Rules") + (
            " (changed)" if custom else ""
        )
        super().__init__(app)

    # ------------------------------------------------------------------ content
    def sections(self) -> list[tuple[str, str, list[tuple[str, list[Card]]]]]:
        """(heading, text, example groups) for the current rules, in our own words."""
        r, _w = self.rules, self.wilds
        meld_words = "three or more cards" if r.long_melds else "exactly three cards"
        out = [
            (
                "The game",
                "Three full decks are shuffled together: 156 cards"
                + (f" and {r.printed_jokers} printed joker(s)" if r.printed_jokers else "")
                + f". Each player is dealt {r.hand_size} cards. On your turn you draw one card, from "
                f"the stock or the top of the discard pile, and throw one away. Play passes "
                f"{r.direction.replace('anti', 'anti-')}. The aim is to arrange your whole hand into "
                f"melds of {meld_words} before anyone else does.",
                [],
            ),
            (
                "The tiplu and the wild cards",
                (
                    "The first player to see the maal takes a random card from the middle of "
                    "the stock, looks at it alone and hides it under the stock: that card is the "
                    "tiplu, and players look at it as they see."
                    if r.tiplu_timing == "first_show"
                    else "The tiplu is a random card set aside, hidden, right after the deal; "
                    "players look at it as they see."
                )
                + " Its relatives become wild, but only for players who have seen. Say the tiplu is "
                "the seven of hearts: the other sevens of hearts are tiplus, the eight of hearts is "
                "the poplu, the six of hearts the jhiplu, and the sevens of the other suits are jokers."
                + (
                    " The seven of diamonds, same colour as hearts, is the alter: a joker that scores."
                    if r.alter
                    else ""
                ),
                [
                    (self._role(c), [c])
                    for c in (TIPLU, card("8H"), card("6H"), card("7S"), card("7D"), card("7C"))
                ]
                + ([("printed joker", [CARDS[52]])] if r.printed_jokers else []),
            ),
            (
                "Melds",
                "Pure melds use no card as a wild: a tunnela is three identical cards, a pure "
                "sequence three running cards of one suit, and a marriage is jhiplu, tiplu and poplu "
                "together. The others need a wild card or mix suits. Each example below is named by "
                "the game itself, with the seven of hearts as tiplu.",
                self._melds(),
            ),
            (
                "Seeing the maal",
                "Lay down three pure melds at once to see: you learn the tiplu and from then on its "
                "wild cards work for you. A natural triplet does not count."
                + (
                    f" You may instead lay down {r.dublee_see} dublees (pairs of identical cards)"
                    + (
                        f", at a table of {r.dublee_min_players} or more,"
                        if r.dublee_min_players
                        else ""
                    )
                    + " to see."
                    if r.dublees_allowed(5)
                    else ""
                )
                + (
                    " Tunnelas you were dealt may be shown before your first draw, and they count."
                    if r.expose_dealt_tunnelas
                    else ""
                ),
                self._labelled(
                    [
                        [card("4S")] * 3,
                        [card("9C"), card("TC"), card("JC")],
                        [card("2D"), card("3D"), card("4D")],
                    ]
                ),
            ),
            (
                "Going out",
                (
                    "Once you have seen, you finish when every card left in your hand forms melds, "
                    "with one card to throw away."
                    if not r.long_melds
                    else "You finish when all your cards form melds of three or more, with one left to throw."
                )
                + (lay_off_words(r) if r.lay_off else "")
                + (
                    f" With dublees you finish by holding {r.dublee_out} of them."
                    if r.dublee_enabled
                    else ""
                )
                + " The game checks your hand: a claim that does not work is refused and nothing changes.",
                [],
            ),
            ("What counts as maal", self._maal_text(), []),
            ("Licences", licence_notices(), []),
        ]
        return out

    def _role(self, c: Card) -> str:
        role = self.wilds.role(c)
        return role.value if role is not None else "natural"

    def _labelled(self, examples: list[list[Card]]) -> list[tuple[str, list[Card]]]:
        out = []
        for cards in examples:
            kind = classify_meld(cards, self.wilds, self.rules)
            out.append(("not a meld" if kind is None else kind.value, cards))
        return out

    def _melds(self) -> list[tuple[str, list[Card]]]:
        return self._labelled(
            [
                [card("5S")] * 3,
                [card("9C"), card("TC"), card("JC")],
                [card("6H"), TIPLU, card("8H")],
                [card("KS"), card("KH"), card("KD")],
                [card("3D"), card("4D"), card("7S")],
                [card("QS"), card("QC"), card("8H")],
            ]
        )

    def _maal_text(self) -> str:
        r = self.rules
        marriage = counts_words(r.marriage_points)
        shown = counts_words(r.shown_marriage_points)
        if r.poplu_jhiplu_combined:
            singles = [f"Poplus and jhiplus, counted together: {counts_words(r.poplu_points)}."]
        else:
            singles = [
                f"Poplus: {counts_words(r.poplu_points)}.",
                f"Jhiplus: {counts_words(r.jhiplu_points)}.",
            ]
        lines = [
            "Maal is what your wild cards and special melds are worth when the hand ends.",
            f"Tiplus: {counts_words(r.tiplu_points)}.",
            *singles,
            "A marriage (jhiplu, tiplu and poplu together): "
            + (
                f"{marriage}, in your hand or shown on the table."
                if marriage == shown
                else f"{marriage} in your hand; {shown} shown on the table."
            ),
        ]
        if r.alter:
            lines.append(f"Alters: {counts_words(r.alter_points)}.")
        if r.printed_jokers:
            lines.append(f"Printed jokers: {counts_words(r.printed_joker_points)}.")
        if r.expose_dealt_tunnelas:
            lines.append(tunnela_words(r))
        lines.append(unseen_maal_words(r))
        lines.append("")  # the payments, a paragraph apart from the list
        if r.scoring == "settlement":
            lines.append(
                "After the hand every two players settle the difference in their maal: whoever "
                "counted less pays the other the difference, winner or not. Then each player pays "
                f"the winner {r.seen_fee} if they had seen or {r.unseen_fee} if they had not"
                + (
                    f", and {r.dublee_bonus} more if the winner went out with dublees."
                    if r.dublee_enabled and r.dublee_bonus
                    else "."
                )
            )
        elif r.scoring == "contract":
            lines.append(
                f"It is a points race: everyone keeps their maal, and whoever goes out scores "
                f"{r.contract_win_points} more for each other player."
            )
        else:
            lines.append(
                f"Losers count the cards left unmelded: aces {r.deadwood_ace}, faces {r.deadwood_face}, "
                f"printed jokers {r.deadwood_joker}, others their number. The lowest total wins."
            )
        return "\n".join(lines)

    # ------------------------------------------------------------------ layout
    def layout(self) -> None:
        k, (w, h) = self.k, self.size
        width = round(min(980 * k, w - 80 * k))
        self.box = pygame.Rect(
            0, self.content_top + round(8 * k), width, h - self.content_top - round(28 * k)
        )
        self.box.centerx = w // 2
        view = self.box.inflate(-round(36 * k), -round(24 * k))
        scroll = self.panel.scroll
        self.panel.clear(view, k)
        y = 0
        text_w = view.w - round(40 * k)
        card_w = round(62 * k)
        for heading, body, groups in self.sections():
            hh = round(34 * k)
            self.panel.paint(pygame.Rect(0, y, view.w, hh), self._painter_heading(heading))
            y += hh
            lines = theme.wrap(body, round(16 * k), text_w)
            lh = round(24 * k)
            self.panel.paint(
                pygame.Rect(0, y, view.w, lh * len(lines)), self._painter_lines(lines, lh)
            )
            y += lh * len(lines) + round(10 * k)
            if groups:
                row_h, painter = self._painter_groups(groups, card_w, view.w)
                self.panel.paint(pygame.Rect(0, y, view.w, row_h), painter)
                y += row_h + round(8 * k)
            y += round(18 * k)
        self.panel.content_height = y
        self.panel.scroll_to(scroll)
        self.form.set_widgets([self.back_button], [self.panel])

    def _painter_heading(self, text: str) -> Callable[[pygame.Surface, pygame.Rect], None]:
        def paint(surf: pygame.Surface, r: pygame.Rect) -> None:
            k = self.k
            s = theme.text(text, round(22 * k), theme.GOLD_LIGHT, True)
            surf.blit(s, (r.x, r.y))
            y = r.y + s.get_height() + round(1 * k)
            pygame.draw.line(
                surf, theme.GOLD_DARK, (r.x, y), (r.x + round(60 * k), y), max(1, round(2 * k))
            )

        return paint

    def _painter_lines(
        self, lines: list[str], lh: int
    ) -> Callable[[pygame.Surface, pygame.Rect], None]:
        def paint(surf: pygame.Surface, r: pygame.Rect) -> None:
            for i, line in enumerate(lines):
                surf.blit(theme.text(line, round(16 * self.k), theme.TEXT), (r.x, r.y + i * lh))

        return paint

    def _painter_groups(
        self, groups: list[tuple[str, list[Card]]], card_w: int, width: int
    ) -> tuple[int, Callable[[pygame.Surface, pygame.Rect], None]]:
        k = self.k
        cw, ch = self.app.art.size(card_w)
        step = round(cw * 0.56)
        gap = round(26 * k)
        label_h = round(24 * k)
        # Flow groups into rows that fit the width.
        rows: list[list[tuple[str, list[Card], int]]] = [[]]
        x = 0
        for label, cards in groups:
            gw = cw + step * (len(cards) - 1)
            gw = max(gw, theme.text_width(label, round(14 * k), True))
            if x and x + gw > width - round(20 * k):
                rows.append([])
                x = 0
            rows[-1].append((label, cards, x))
            x += gw + gap
        row_h = ch + label_h + round(14 * k)

        def paint(surf: pygame.Surface, r: pygame.Rect) -> None:
            art = self.app.art
            four = self.app.settings.four_colour
            for i, row in enumerate(rows):
                y = r.y + i * row_h
                for label, cards, gx in row:
                    for j, c in enumerate(cards):
                        role = self.wilds.role(c)
                        marks = (
                            ("tiplu",) if c == TIPLU else ("wild",) if role is not None else None
                        )
                        px = r.x + gx + j * step
                        m = art.shadow_margin(card_w)
                        surf.blit(art.shadow(card_w), (px - m + 2, y - m + 3))
                        surf.blit(art.face(c.code, card_w, four, marks), (px, y))
                    s = theme.text(label, round(14 * k), theme.GOLD_LIGHT, True)
                    group_w = cw + step * (len(cards) - 1)
                    surf.blit(
                        s, s.get_rect(midtop=(r.x + gx + group_w // 2, y + ch + round(6 * k)))
                    )

        return row_h * len(rows), paint

    def draw_content(self, surface: pygame.Surface) -> None:
        theme.panel(surface, self.box, round(14 * self.k), shadow=round(10 * self.k))
        self.panel.draw(surface)
