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
from engine.rules import PRESETS, RuleSet, option_of
from engine.wilds import Role, Wilds
from marriage_gui import language
from marriage_gui.language import N_, _, ngettext
from marriage_gui.licences import licence_notices
from marriage_gui.scenes.base import MenuScene
from marriage_gui.ui import theme
from marriage_gui.ui.card_names import meld_word, role_word
from marriage_gui.ui.form import ScrollPanel
from marriage_gui.ui.option_sheet import option_rows, option_sheet
from marriage_gui.ui.rule_words import option_name, value_words
from marriage_gui.ui.words import wrapped

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices

PRESET_TITLES = {
    "nepali": N_("Nepali rules"),
    "house": N_("House rules"),
    "contract": N_("Contract rules"),
    "indian": N_("Indian rules"),
}


def card(text: str) -> Card:
    """A card from short notation like ``7H`` or ``TD``."""
    return CARDS["23456789TJQKA".index(text[0]) + "SHDC".index(text[1]) * 13]


#: What one entry of a points table pays, by how many are held (a player says "for two").
NUMBER_WORDS = (
    # Translators: maal points for holding one of a card, e.g. "2 for one".
    N_("{points} for one"),
    N_("{points} for two"),
    N_("{points} for three"),
    N_("{points} for four"),
    N_("{points} for five"),
    N_("{points} for six"),
    N_("{points} for seven"),
    N_("{points} for eight"),
    N_("{points} for nine"),
    N_("{points} for ten"),
    N_("{points} for eleven"),
    N_("{points} for twelve"),
)

#: Tunnelas shown from the deal, by the card they are made of: (said alone, said in a list of
#: flat rates, where the first in the list reads "for each").
# Translators: tunnelas (three identical cards) of plain cards, before their points.
ORDINARY_TUNNELAS = (N_("ordinary ones"), N_("{points} for each"))
# Translators: a tunnela of jokers, before its points ("a joker's: 10 for one").
JOKER_TUNNELAS = (N_("a joker's"), N_("{points} for a joker's"))
MAAL_TUNNELAS = (N_("a poplu's or jhiplu's"), N_("{points} for a poplu's or jhiplu's"))
ALTER_TUNNELAS = (N_("an alter's"), N_("{points} for an alter's"))
PRINTED_TUNNELAS = (N_("printed jokers'"), N_("{points} for printed jokers'"))


def _flat(table: tuple[int, ...]) -> bool:
    """Whether a points table pays the same for every one held (one entry counts so)."""
    return all(v == table[0] * (i + 1) for i, v in enumerate(table))


def counts_words(table: tuple[int, ...]) -> str:
    """A points table as a player says it: ``5 for each``, or ``2 for one, 5 for two``.

    A table that pays the same for every one held (or has one entry, which the engine repeats)
    is said once.
    """
    if not table:
        # Translators: what a kind of maal scores when the rules give it no points.
        return _("nothing")
    if _flat(table):
        return _("{points} for each").format(points=table[0])
    # Translators: the separator between the entries of a list ("2 for one, 5 for two").
    comma = _(", ")
    return comma.join(
        _(NUMBER_WORDS[min(i, len(NUMBER_WORDS) - 1)]).format(points=v) for i, v in enumerate(table)
    )


def unseen_maal_words(rules: RuleSet) -> str:
    """One sentence: does a player who has not seen count maal under these rules (naming the
    option and its values as the New game screen does)."""
    if not rules.scores_maal:
        return _("Maal is not paid under deadwood scoring: only the cards left unmelded count.")
    if rules.scoring == "contract":  # the points race counts everyone's maal (no unseen rule)
        return _("Everyone counts their maal, seen or not.")
    option = option_of("unseen_maal", rules)
    named = {"option": option_name(option), "value": value_words(option, rules.unseen_maal)}
    if rules.unseen_maal == "murder":
        # Translators: {option} is the rule's name and {value} its value, as the New game
        # screen labels them ("Unseen maal: murder").
        return _(
            "A player who has not seen counts no maal: it is lost (option {option}: {value})."
        ).format(**named)
    if rules.unseen_maal == "kidnap":
        # Translators: {option} is the rule's name and {value} its value, as the New game
        # screen labels them ("Unseen maal: kidnap").
        return _(
            "A player who has not seen counts no maal: the winner takes it "
            "(option {option}: {value})."
        ).format(**named)
    # Translators: {option} is the rule's name and {value} its value, as the New game screen
    # labels them ("Unseen maal: count"); {murder} and {kidnap} are its other two values.
    return _(
        "A player who has not seen still counts their maal, like anyone else "
        "(option {option}: {value}; many families play {murder} or {kidnap} instead)."
    ).format(murder=value_words(option, "murder"), kidnap=value_words(option, "kidnap"), **named)


def tunnela_words(rules: RuleSet) -> str:
    """What tunnelas shown from the deal are worth, said as a player would."""
    kinds = [(ORDINARY_TUNNELAS, rules.tunnela_ordinary_points)]
    wilds_ordinary = rules.tunnela_wilds_ordinary
    if not wilds_ordinary:
        kinds.append((JOKER_TUNNELAS, rules.tunnela_joker_points))
    kinds.append((MAAL_TUNNELAS, rules.tunnela_maal_points))
    if rules.alter and not wilds_ordinary:
        kinds.append((ALTER_TUNNELAS, rules.tunnela_alter_points))
    if rules.printed_jokers and not wilds_ordinary:
        kinds.append((PRINTED_TUNNELAS, rules.tunnela_printed_points))
    kinds = [k for k in kinds if k[1]]
    if not kinds:
        return _("Tunnelas shown from the deal score nothing.")
    comma = _(", ")
    if all(_flat(t) for _w, t in kinds):
        # "5 for each, 10 for a joker's, 20 for a poplu's or jhiplu's"
        # The first in the list is said "for each" (ordinary ones, or whichever comes first).
        rates = [who[1] for who, _t in kinds]
        rates[0] = ORDINARY_TUNNELAS[1]
        said = comma.join(
            _(rate).format(points=t[0]) for rate, (_w, t) in zip(rates, kinds, strict=True)
        )
    else:
        # Translators: the separator between kinds of tunnela in a list ("ordinary ones: …; a
        # joker's: …").
        semicolon = _("; ")
        said = semicolon.join(
            _("{who}: {points}").format(who=_(who[0]), points=counts_words(t)) for who, t in kinds
        )
    if rules.tunnelas_need_seen and wilds_ordinary:
        return _(
            "Tunnelas shown from the deal: {said}; tunnelas of jokers and alters count as "
            "ordinary ones (only once you have seen)."
        ).format(said=said)
    if wilds_ordinary:
        return _(
            "Tunnelas shown from the deal: {said}; tunnelas of jokers and alters count as "
            "ordinary ones."
        ).format(said=said)
    if rules.tunnelas_need_seen:
        return _("Tunnelas shown from the deal: {said} (only once you have seen).").format(
            said=said
        )
    return _("Tunnelas shown from the deal: {said}.").format(said=said)


def lay_off_words(rules: RuleSet) -> str:
    """The lay-off rule in a sentence (``lay_off_cards`` and ``lay_off_onto`` said in words)."""
    anyone = rules.lay_off_onto == "anyone"
    if rules.lay_off_cards == "wild":
        if anyone:
            return _(
                "Wild cards left over may be added to any meld shown on the table, yours or "
                "another player's (laying off), if each stays a meld; other cards may not be "
                "laid off."
            )
        return _(
            "Wild cards left over may be added to melds you have already shown on the table "
            "(laying off), if each stays a meld; other cards may not be laid off."
        )
    if anyone:
        return _(
            "Cards that fit none of your melds may be added to any meld shown on the table, "
            "yours or another player's (laying off), if each stays a meld."
        )
    return _(
        "Cards that fit none of your melds may be added to melds you have already shown on "
        "the table (laying off), if each stays a meld."
    )


def sentences(*said: str) -> str:
    """Sentences said one after another in a paragraph (the empty ones left out)."""
    return " ".join(s for s in said if s)


# The example tiplu: the seven of hearts.
TIPLU = card("7H")


class RulesScene(MenuScene):
    """A scrollable, illustrated explanation of one RuleSet."""

    name = "rules"

    def __init__(self, app: AppServices, rules: RuleSet | None = None) -> None:
        self.panel = ScrollPanel()
        self.rules = rules or PRESETS["nepali"]
        self.wilds = Wilds(TIPLU, self.rules)
        super().__init__(app)

    def title(self) -> str:
        """The screen's heading: the preset's name (kept in English: the heading is worded as
        it is drawn), and whether its rules were changed (worded here, with the name in it)."""
        name = PRESET_TITLES.get(self.rules.name)
        if name is None:
            return N_("Rules")
        if self.rules != PRESETS[self.rules.name]:
            # Translators: the heading of the Rules screen for a preset whose options were
            # changed, e.g. "House rules (changed)".
            return _("{rules} (changed)").format(rules=_(name))
        return name

    # ------------------------------------------------------------------ content
    def sections(self) -> list[tuple[str, str, list[tuple[str, list[Card]]]]]:
        """(heading, text, example groups) for the current rules, in our own words."""
        r = self.rules
        out = [
            (_("The game"), self._game_text(), []),
            (
                _("The tiplu and the wild cards"),
                self._tiplu_text(),
                [
                    (self._role(c), [c])
                    for c in (TIPLU, card("8H"), card("6H"), card("7S"), card("7D"), card("7C"))
                ]
                + ([(role_word(Role.PRINTED), [CARDS[52]])] if r.printed_jokers else []),
            ),
            (
                _("Melds"),
                _(
                    "Pure melds use no card as a wild: a tunnela is three identical cards, a pure "
                    "sequence three running cards of one suit, and a marriage is jhiplu, tiplu and "
                    "poplu together. The others need a wild card or mix suits. Each example below "
                    "is named by the game itself, with the seven of hearts as tiplu."
                ),
                self._melds(),
            ),
            (
                _("Seeing the maal"),
                self._seeing_text(),
                self._labelled(
                    [
                        [card("4S")] * 3,
                        [card("9C"), card("TC"), card("JC")],
                        [card("2D"), card("3D"), card("4D")],
                    ]
                ),
            ),
            (_("Going out"), self._going_out_text(), []),
            (_("What counts as maal"), self._maal_text(), []),
            (_("Licences"), self._licences_text(), []),
        ]
        return out

    @staticmethod
    def _licences_text() -> str:
        """The licences as they are written (in English), said to be so in another language."""
        if language.current() == language.FALLBACK:
            return licence_notices()
        return (
            _("The licences are given in English, as they are written.")
            + "\n\n"
            + (licence_notices())
        )

    def _game_text(self) -> str:
        r = self.rules
        if r.printed_jokers:
            decks = ngettext(
                "Three full decks are shuffled together: 156 cards and {n} printed joker.",
                "Three full decks are shuffled together: 156 cards and {n} printed jokers.",
                r.printed_jokers,
            ).format(n=r.printed_jokers)
        else:
            decks = _("Three full decks are shuffled together: 156 cards.")
        return sentences(
            decks,
            ngettext(
                "Each player is dealt {n} card.", "Each player is dealt {n} cards.", r.hand_size
            ).format(n=r.hand_size),
            _(
                "On your turn you draw one card, from the stock or the top of the discard "
                "pile, and throw one away."
            ),
            _("Play passes anti-clockwise.")
            if r.direction == "anticlockwise"
            else _("Play passes clockwise."),
            _(
                "The aim is to arrange your whole hand into melds of three or more cards "
                "before anyone else does."
            )
            if r.long_melds
            else _(
                "The aim is to arrange your whole hand into melds of exactly three cards "
                "before anyone else does."
            ),
        )

    def _tiplu_text(self) -> str:
        r = self.rules
        return sentences(
            _(
                "The first player to see the maal takes a random card from the middle of the "
                "stock, looks at it alone and hides it under the stock: that card is the tiplu, "
                "and players look at it as they see."
            )
            if r.tiplu_timing == "first_show"
            else _(
                "The tiplu is a random card set aside, hidden, right after the deal; players "
                "look at it as they see."
            ),
            _("Its relatives become wild, but only for players who have seen."),
            _(
                "Say the tiplu is the seven of hearts: the other sevens of hearts are tiplus, "
                "the eight of hearts is the poplu, the six of hearts the jhiplu, and the sevens "
                "of the other suits are jokers."
            ),
            _("The seven of diamonds, same colour as hearts, is the alter: a joker that scores.")
            if r.alter
            else "",
        )

    def _seeing_text(self) -> str:
        r = self.rules
        dublees = ""
        if r.dublees_allowed(5):
            if r.dublee_min_players:
                dublees = _(
                    "You may instead lay down {dublees} dublees (pairs of identical cards), at "
                    "a table of {players} or more, to see."
                ).format(dublees=r.dublee_see, players=r.dublee_min_players)
            else:
                dublees = _(
                    "You may instead lay down {dublees} dublees (pairs of identical cards) to see."
                ).format(dublees=r.dublee_see)
        return sentences(
            _(
                "Lay down three pure melds at once to see: you learn the tiplu and from then on "
                "its wild cards work for you."
            ),
            _("A natural triplet does not count."),
            dublees,
            _("Tunnelas you were dealt may be shown before your first draw, and they count.")
            if r.expose_dealt_tunnelas
            else "",
        )

    def _going_out_text(self) -> str:
        r = self.rules
        return sentences(
            _("You finish when all your cards form melds of three or more, with one left to throw.")
            if r.long_melds
            else _(
                "Once you have seen, you finish when every card left in your hand forms melds, "
                "with one card to throw away."
            ),
            lay_off_words(r) if r.lay_off else "",
            _("With dublees you finish by holding {dublees} of them.").format(dublees=r.dublee_out)
            if r.dublee_enabled
            else "",
            _(
                "The game checks your hand: a claim that does not work is refused and nothing "
                "changes."
            ),
        )

    def _role(self, c: Card) -> str:
        role = self.wilds.role(c)
        # Translators: a card of the example that is not wild, under its picture.
        return role_word(role) if role is not None else _("natural")

    def _labelled(self, examples: list[list[Card]]) -> list[tuple[str, list[Card]]]:
        out = []
        for cards in examples:
            kind = classify_meld(cards, self.wilds, self.rules)
            out.append((_("not a meld") if kind is None else meld_word(kind), cards))
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
            singles = [
                _("Poplus and jhiplus, counted together: {points}.").format(
                    points=counts_words(r.poplu_points)
                )
            ]
        else:
            singles = [
                _("Poplus: {points}.").format(points=counts_words(r.poplu_points)),
                _("Jhiplus: {points}.").format(points=counts_words(r.jhiplu_points)),
            ]
        lines = [
            _("Maal is what your wild cards and special melds are worth when the hand ends."),
            _("Tiplus: {points}.").format(points=counts_words(r.tiplu_points)),
            *singles,
            _(
                "A marriage (jhiplu, tiplu and poplu together): {points}, in your hand or shown "
                "on the table."
            ).format(points=marriage)
            if marriage == shown
            else _(
                "A marriage (jhiplu, tiplu and poplu together): {points} in your hand; {shown} "
                "shown on the table."
            ).format(points=marriage, shown=shown),
        ]
        if r.alter:
            lines.append(_("Alters: {points}.").format(points=counts_words(r.alter_points)))
        if r.printed_jokers:
            lines.append(
                _("Printed jokers: {points}.").format(points=counts_words(r.printed_joker_points))
            )
        if r.expose_dealt_tunnelas:
            lines.append(tunnela_words(r))
        lines.append(unseen_maal_words(r))
        lines.append("")  # the payments, a paragraph apart from the list
        lines.append(self._payments_text())
        return "\n".join(lines)

    def _payments_text(self) -> str:
        r = self.rules
        if r.scoring == "settlement":
            settle = _(
                "After the hand every two players settle the difference in their maal: whoever "
                "counted less pays the other the difference, winner or not."
            )
            if r.dublee_enabled and r.dublee_bonus:
                fees = _(
                    "Then each player pays the winner {seen} if they had seen or {unseen} if "
                    "they had not, and {bonus} more if the winner went out with dublees."
                ).format(seen=r.seen_fee, unseen=r.unseen_fee, bonus=r.dublee_bonus)
            else:
                fees = _(
                    "Then each player pays the winner {seen} if they had seen or {unseen} if "
                    "they had not."
                ).format(seen=r.seen_fee, unseen=r.unseen_fee)
            return sentences(settle, fees)
        if r.scoring == "contract":
            return _(
                "It is a points race: everyone keeps their maal, and whoever goes out scores "
                "{points} more for each other player."
            ).format(points=r.contract_win_points)
        return _(
            "Losers count the cards left unmelded: aces {ace}, faces {face}, printed jokers "
            "{joker}, others their number. The lowest total wins."
        ).format(ace=r.deadwood_ace, face=r.deadwood_face, joker=r.deadwood_joker)

    # ------------------------------------------------------------------ layout
    def layout(self) -> None:
        k, (w, h) = self.k, self.size
        self.heading = self.title()
        width = round(min(980 * k, w - 80 * k))
        self.box = pygame.Rect(
            0, self.content_top + round(8 * k), width, h - self.content_top - round(28 * k)
        )
        self.box.centerx = w // 2
        view = self.box.inflate(-round(36 * k), -round(24 * k))
        scroll = self.panel.scroll
        self.panel.clear(view, k)
        y = 0
        *told, licences = self.sections()  # the licences close the screen, after the options
        for heading, body, groups in told:
            y = self._lay_section(y, view.w, heading, body, groups)
        rows = option_rows(self.rules)
        if any(changed for _n, _v, changed in rows):
            # Translators: the words over the list of every rule option on the Rules screen.
            intro = _(
                "Every option of these rules, named as the New game screen names it; those "
                "changed from the preset are in gold."
            )
        else:
            intro = _("Every option of these rules, named as the New game screen names it.")
        y = self._lay_section(y, view.w, _("Rules options"), intro, [], rows)
        y = self._lay_section(y, view.w, *licences)
        self.panel.content_height = y
        self.panel.scroll_to(scroll)
        self.form.set_widgets([self.back_button], [self.panel])

    def _lay_section(
        self,
        y: int,
        width: int,
        heading: str,
        body: str,
        groups: list[tuple[str, list[Card]]],
        options: list[tuple[str, str, bool]] | None = None,
    ) -> int:
        """Paint one section (its heading, its words, its example cards or its options) from
        ``y`` down; where the next one starts."""
        k = self.k
        hh = round(34 * k)
        self.panel.paint(pygame.Rect(0, y, width, hh), self._painter_heading(heading))
        y += hh
        lines = wrapped(body, round(16 * k), width - round(40 * k))
        lh = round(24 * k)
        self.panel.paint(pygame.Rect(0, y, width, lh * len(lines)), self._painter_lines(lines, lh))
        y += lh * len(lines) + round(10 * k)
        if groups:
            row_h, painter = self._painter_groups(groups, round(62 * k), width)
            self.panel.paint(pygame.Rect(0, y, width, row_h), painter)
            y += row_h + round(8 * k)
        if options:
            sheet_h, painter = option_sheet(options, width - round(40 * k), k)
            self.panel.paint(pygame.Rect(0, y, width, sheet_h), painter)
            y += sheet_h + round(8 * k)
        return y + round(18 * k)

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
