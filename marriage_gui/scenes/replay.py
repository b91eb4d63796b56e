"""The replay of a finished hand: the table after each move, every hand face up.

Opened from the score sheet with a ``HandReplay`` (plain frames the match worked out; the scene
holds no game). Step with the buttons or the keys, or let it play by itself; Esc goes back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from engine.ai.coach import MIN_COST, Mark, Review
from engine.cards import CARDS, code_of
from engine.replay import HandReplay, ReplayFrame
from engine.words import Said
from engine.words import words as verbatim
from marriage_gui.art import fonts
from marriage_gui.art.cards import card_size
from marriage_gui.art.felt import felt
from marriage_gui.language import N_, _, capital, fill, ngettext, together
from marriage_gui.scene import Scene
from marriage_gui.table.board import badges
from marriage_gui.table.controls import Sheet, draw_controls, sheet_event
from marriage_gui.table.hand import suit_key
from marriage_gui.table.seats import renamed
from marriage_gui.ui.button import Button, lay_out_row
from marriage_gui.ui.card_names import card_text, readable
from marriage_gui.ui.theme import (
    GOLD_LIGHT,
    TABLE_BUTTON,
    TABLE_MUTED,
    TABLE_TEXT,
    fit,
    fitting_size,
    panel,
    shrunk,
    text_width,
    wrap,
)
from marriage_gui.ui.theme import text as label
from marriage_gui.ui.widget import MOUSE_EVENTS

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices

#: Seconds between two moves while the replay plays by itself.
STEP_SECONDS = 1.0

#: The replay's controls sheet (F1 or ?), as the keys below read them.
SHEET: Sheet = (
    (
        N_("Mouse"),
        (
            (N_("Start  /  End"), N_("the deal  /  the last move")),
            (N_("Previous  /  Next"), N_("one move back  /  on")),
            (N_("Play  /  Pause"), N_("step by itself, a move a second")),
            (N_("Back"), N_("the score sheet")),
        ),
    ),
    (
        N_("Keys"),
        (
            (N_("Left  /  Right"), N_("one move back  /  on")),
            (N_("Home  /  End"), N_("the deal  /  the last move")),
            (N_("Space"), N_("play or pause")),
            (N_("Esc"), N_("back to the score sheet")),
            (N_("F1  or  ?"), N_("this sheet (any key or click closes it)")),
        ),
    ),
)

_PLAYED = ("draw", "play")

#: The controls sheet when the replay shows the coach's marks.
REVIEW_SHEET: Sheet = (
    SHEET[0],
    (
        N_("Keys"),
        (
            (N_("Up  /  Down"), N_("the coach's previous  /  next mark")),
            *SHEET[1][1],
        ),
    ),
)


def renamed_all(line: Said, real: str, said: str) -> Said:
    """``line`` naming seat ``real`` as ``said``: a sentence of the engine's in its fields at
    every depth (a move of several clauses names a seat in each)."""
    line = renamed(line, real, said)
    if any(isinstance(v, Said) for v in line.fields.values()):
        fields = {
            k: renamed_all(v, real, said) if isinstance(v, Said) else v
            for k, v in line.fields.items()
        }
        return Said(line.template, fields, line.plural, line.number)
    return line


class ReplayScene(Scene):
    """Steps through ``replay``; ``names`` are the seats as this screen says them."""

    name = "replay"

    def __init__(
        self,
        app: AppServices,
        replay: HandReplay,
        names: Sequence[str] | None = None,
        review: Review | None = None,
    ) -> None:
        super().__init__(app)
        self.replay = replay
        self.names = tuple(names) if names is not None else replay.names
        self.at = 0
        #: The coach's review of one seat's hand (its marks, costliest first, then the choices
        #: that differed at little cost), if opened by the score sheet's Review; the replay
        #: opens at the first of them.
        self.review = review
        marked = (*review.marks, *review.differences) if review is not None else ()
        self.marks: tuple[Mark, ...] = tuple(m for m in marked if 0 < m.move <= replay.moves)
        self.mark_no = 0
        if self.marks:
            self.at = self.marks[0].move
        self.playing = False
        self.clock = 0.0
        self.show_controls = False
        self.play_button = Button(_("Play"), self.toggle, True, hotkey="Space", look=TABLE_BUTTON)
        #: Each button and its words (said in the language in use as the replay draws).
        self.words: list[tuple[Button, str]] = [
            (Button("", self.start, hotkey="Home", look=TABLE_BUTTON), N_("«  Start")),
            (Button("", self.previous, hotkey="Left", look=TABLE_BUTTON), N_("‹  Previous")),
            (self.play_button, N_("Play")),
            (Button("", self.next, hotkey="Right", look=TABLE_BUTTON), N_("Next  ›")),
            (Button("", self.end, hotkey="End", look=TABLE_BUTTON), N_("End  »")),
            (Button("", self.back, hotkey="Esc", look=TABLE_BUTTON), N_("Back")),
        ]
        if self.marks:
            self.words[:0] = [
                (Button("", self.previous_mark, hotkey="Up", look=TABLE_BUTTON), N_("‹  Mark")),
                (Button("", self.next_mark, hotkey="Down", look=TABLE_BUTTON), N_("Mark  ›")),
            ]
        self.buttons = [b for b, _words in self.words]
        self.label_buttons()

    def label_buttons(self) -> None:
        """The buttons' words in the language in use (Play says Pause while playing)."""
        for b, words in self.words:
            b.text = _(words)
        self.play_button.labels = (_("Play"), _("Pause"))
        self.play_button.text = _("Pause") if self.playing else _("Play")

    # ------------------------------------------------------------------ where we are
    @property
    def frame(self) -> ReplayFrame:
        """The frame shown now."""
        return self.replay.frames[self.at]

    def counter(self) -> str:
        """Where we are: "Move 12 of 87" (the deal before the first move)."""
        moves = self.replay.moves
        if self.at == 0:
            return ngettext(
                "The deal  ·  {n} move follows", "The deal  ·  {n} moves follow", moves
            ).format(n=moves)
        return _("Move {at} of {moves}").format(at=self.at, moves=moves)

    def said(self, frame: ReplayFrame) -> str:
        """The move in the table log's words, each seat named as this screen names it and each
        card as a player reads it."""
        names = (*self.replay.names, *self.names)
        text = frame.text if isinstance(frame.text, Said) else verbatim(frame.text)
        if not text.verbatim:
            for real, said in zip(self.replay.names, self.names, strict=True):
                text = renamed_all(text, real, said)
            return readable(text, names)
        parts = [verbatim(part) for part in text.template.split("; ")]  # an older file's words
        for real, said in zip(self.replay.names, self.names, strict=True):
            parts = [renamed(part, real, said) for part in parts]
        return readable("; ".join(p.template for p in parts), names)

    def go(self, at: int) -> None:
        """Show frame ``at`` (clamped to the hand)."""
        self.at = max(0, min(self.replay.moves, at))
        if self.at == self.replay.moves:
            self.pause()

    # ------------------------------------------------------------------ the coach's marks
    @property
    def mark(self) -> Mark | None:
        """The coach's mark on the move shown now, if any."""
        return next((m for m in self.marks if m.move == self.at), None)

    def go_mark(self, k: int) -> None:
        """Show mark ``k`` (wrapping round), costliest first."""
        if not self.marks:
            return
        self.pause()
        self.mark_no = k % len(self.marks)
        self.go(self.marks[self.mark_no].move)

    def next_mark(self) -> None:
        """The next of the coach's marks."""
        self.go_mark(self.mark_no + 1 if self.mark is not None else self.mark_no)

    def previous_mark(self) -> None:
        """The previous of the coach's marks."""
        self.go_mark(self.mark_no - 1 if self.mark is not None else self.mark_no)

    def start(self) -> None:
        """The deal."""
        self.go(0)

    def previous(self) -> None:
        """One move back."""
        self.go(self.at - 1)

    def next(self) -> None:
        """One move on."""
        self.go(self.at + 1)

    def end(self) -> None:
        """The last move."""
        self.go(self.replay.moves)

    def toggle(self) -> None:
        """Play or pause (playing from the end starts again from the deal)."""
        if self.playing:
            self.pause()
            return
        if self.at == self.replay.moves:
            self.at = 0
        self.playing = True
        self.clock = 0.0
        self.play_button.text = _("Pause")

    def pause(self) -> None:
        """Stop stepping by itself."""
        self.playing = False
        self.play_button.text = _("Play")

    def back(self) -> None:
        """Back to the score sheet."""
        self.app.pop()

    # ------------------------------------------------------------------ input and time
    def handle_event(self, event: pygame.event.Event) -> None:
        """Keys and clicks (positions from ``event.pos``)."""
        sheet = sheet_event(self.show_controls, event)
        if sheet is not None:
            self.show_controls = sheet
            return
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_RIGHT: self.next,
                pygame.K_LEFT: self.previous,
                pygame.K_HOME: self.start,
                pygame.K_END: self.end,
                pygame.K_SPACE: self.toggle,
                pygame.K_ESCAPE: self.back,
                pygame.K_UP: self.previous_mark,
                pygame.K_DOWN: self.next_mark,
            }
            act = keys.get(event.key)
            if act is not None:
                act()
        elif event.type in MOUSE_EVENTS:
            for b in self.buttons:
                b.handle_event(event)

    def update(self, dt: float) -> None:
        """While playing, a move every ``STEP_SECONDS``."""
        if not self.playing:
            return
        self.clock += dt
        while self.playing and self.clock >= STEP_SECONDS:
            self.clock -= STEP_SECONDS
            self.next()

    def animating(self) -> bool:
        return False

    def wake_after(self) -> float | None:
        return max(0.0, STEP_SECONDS - self.clock) if self.playing else None

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The header, the piles, a row per seat with every card face up, the controls."""
        w, h = surface.get_size()
        surface.blit(felt((w, h)), (0, 0))
        f, r = self.frame, self.replay
        self.label_buttons()
        m = max(16, w // 64)
        title_size = max(20, h // 30)
        line_h = fonts.size_of("Ag", title_size, True)[1]
        # The counter at the right, the title in the room left of it (both shrink if they must).
        counter, counter_size = shrunk(self.counter(), title_size, (w - 2 * m) // 2, 12, True)
        count = label(counter, counter_size, TABLE_TEXT, True)
        surface.blit(count, count.get_rect(topright=(w - m, m + (line_h - count.get_height()))))
        # Translators: the replay's heading: "Replay  ·  Hand 2 of 8".
        head = _("Replay  ·  Hand {hand} of {hands}").format(
            hand=r.hand_no + 1, hands=r.hands_total
        )
        head, head_size = shrunk(head, title_size, w - 3 * m - count.get_width(), 12, True)
        title = label(head, head_size, GOLD_LIGHT, True)
        surface.blit(title, (m, m + (line_h - title.get_height())))
        y = m + line_h + 6
        move_size = max(15, h // 42)
        ink = GOLD_LIGHT if self.at else TABLE_TEXT
        for line, size in move_lines(self.said(f), move_size, w - 2 * m):
            move = card_text(line, size, ink, True)
            surface.blit(move, (m, y))
            y += move.get_height()
        y += 10
        bh = row_height(self.buttons, max(36, round(h * 0.055)), w - 2 * m, 10)
        bar = pygame.Rect(m, h - m - bh, w - 2 * m, bh)
        rows_top = self._draw_piles(surface, pygame.Rect(m, y, w - 2 * m, round(h * 0.15)))
        rows_end = bar.y - 10
        if self.review is not None:
            coach = pygame.Rect(m, 0, w - 2 * m, self._coach_height(h))
            coach.bottom = rows_end
            rows_end = coach.y - 8
            self._draw_coach(surface, coach)
        self._draw_seats(surface, pygame.Rect(m, rows_top, w - 2 * m, rows_end - rows_top))
        lay_out_row(self.buttons, bar, "center", 10)
        for b in self.buttons:
            b.draw(surface)
        hint = label(_("F1: controls"), max(11, h // 64), TABLE_MUTED)
        # A long row of buttons (the coach's add two) leaves no room for the hint beside it.
        if hint.get_width() + m + 8 < min(b.rect.x for b in self.buttons):
            surface.blit(hint, hint.get_rect(midleft=(m, bar.centery)))
        if self.show_controls:
            draw_controls(surface, REVIEW_SHEET if self.marks else SHEET)

    def coach_lines(self) -> tuple[str, str, str]:
        """The coach's panel in words: (heading, what was done and what the bot would do,
        why), cards as a player reads them; off a mark, a summary of the review."""
        review = self.review
        if review is None:
            return "", "", ""
        whose = self.names[review.seat] if 0 <= review.seat < len(self.names) else ""
        mark = self.mark
        if mark is None:
            matched = (
                ngettext(
                    "{matched} of {n} choice as the hard bot would play it",
                    "{matched} of {n} choices as the hard bot would play them",
                    review.choices,
                ).format(matched=review.matched, n=review.choices)
                if review.choices
                else _("no choices to compare")
            )
            small = sum(1 for m in self.marks if m.cost < MIN_COST)
            if not self.marks:
                rest = _("nothing the hard bot would clearly have played otherwise")
            elif small == len(self.marks):
                rest = ngettext(
                    "{n} choice differed at little cost: Up and Down show it",
                    "{n} choices differed at little cost: Up and Down step through them",
                    small,
                ).format(n=small)
            else:
                n = len(self.marks)
                rest = ngettext(
                    "{n} mark: Up and Down step through them",
                    "{n} marks: Up and Down step through them",
                    n,
                ).format(n=n)
            # Translators: the heading of the coach's panel: "Coach  ·  Sita".
            return _("Coach  ·  {name}").format(name=whose), matched, rest
        k = self.marks.index(mark)
        if mark.cost < MIN_COST:
            # Translators: a choice that differed from the hard bot's, but cost little by its
            # measure.
            head = _(
                "Coach  ·  {name}  ·  {mark} of {marks}  ·  a choice that differed, at little "
                "cost by the hard bot's measure"
            ).format(name=whose, mark=k + 1, marks=len(self.marks))
        else:
            head = _(
                "Coach  ·  {name}  ·  mark {mark} of {marks} (costliest first)  ·  "
                "what the hard bot would do, not the only way to play"
            ).format(name=whose, mark=k + 1, marks=len(self.marks))
        did, instead, why = readable(mark.done), readable(mark.instead), readable(mark.why)
        # Translators: what the player did, then what the hard bot would have done instead.
        done = fill(_("{done}  ·  {instead}"), done=capital(did), instead=instead)
        return head, done, capital(why)

    @staticmethod
    def _coach_sizes(h: int) -> tuple[int, int, int]:
        """Type sizes of the coach's three lines in a window ``h`` high."""
        return max(11, h // 62), max(14, h // 40), max(13, h // 48)

    def _coach_height(self, h: int) -> int:
        """The coach's panel: room for its three lines and a margin."""
        small, size, why_size = self._coach_sizes(h)
        lines = [fonts.size_of("Ag♦", small)[1], fonts.size_of("Ag♦", size, True)[1]]
        lines.append(fonts.size_of("Ag♦", why_size)[1])
        return sum(lines) + 4 + 14

    def _draw_coach(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The coach's panel: the mark on this move (or the review's summary)."""
        mark = self.mark
        panel(
            surface,
            area,
            10,
            (22, 30, 52, 230) if mark is not None else (10, 40, 28, 210),
            GOLD_LIGHT if mark is not None else None,
            edge_width=2,
        )
        head, done, why = self.coach_lines()
        small, size, why_size = self._coach_sizes(surface.get_height())
        inner = area.width - 24
        y = area.y + 6
        for words, points, ink, bold in (
            (head, small, TABLE_MUTED, False),
            (done, size, GOLD_LIGHT if mark is not None else TABLE_TEXT, True),
            (why, why_size, TABLE_TEXT, False),
        ):
            said, fitted = shrunk(words, points, inner, max(10, points - 6), bold)
            line = card_text(said, fitted, ink, bold)
            surface.blit(line, (area.x + 12, y))
            y += line.get_height() + 2

    def groups(self, seat: int) -> list[list[int]]:
        """What ``seat``'s row shows, group by group: the shown melds, then (once the hand is
        over) the melds in hand, then the rest of the hand sorted by suit."""
        f = self.frame
        groups = [list(ids) for _kind, ids in f.shown[seat]]
        groups += [list(m) for m in f.melds[seat]]
        melded = {i for m in f.melds[seat] for i in m}
        loose = [i for i in f.hands[seat] if i not in melded]
        groups.append(sorted(loose, key=lambda i: suit_key(code_of(i))))
        return [g for g in groups if g]

    def _marks(self, cid: int, seat: int | None) -> set[str]:
        """The card's badges: its wild role as ``seat`` knows it (the piles: as the replay
        knows it), and "selected" if the move moved it."""
        marks = badges(self.replay.wilds(self.frame, seat), CARDS[code_of(cid)])
        if cid in self.frame.moved and self.at:
            marks.add("selected")
        return marks

    def _card(
        self, surface: pygame.Surface, cid: int, x: float, y: float, cw: int, seat: int | None
    ) -> None:
        four = self.app.settings.four_colour
        art = self.app.art
        surface.blit(art.face(code_of(cid), cw, four, self._marks(cid, seat)), (round(x), round(y)))
        if cid in self.frame.moved and self.at:
            rect = pygame.Rect(round(x), round(y), *card_size(cw))
            pygame.draw.rect(surface, GOLD_LIGHT, rect.inflate(4, 4), 3, border_radius=8)

    def _draw_piles(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The stock and its count, the tiplu, the discard pile; returns where the seats start."""
        f = self.frame
        art = self.app.art
        small = max(11, area.height // 8)
        cw, ch = card_size(round((area.height - small - 8) * 0.7))
        x, y = area.x, area.y
        surface.blit(art.back(cw), (x, y))
        # Translators: under the stock's picture: how many cards are left in it.
        said, size = shrunk(_("stock {n}").format(n=f.stock_count), small, round(cw * 1.4), 8)
        stock = label(said, size, TABLE_MUTED)
        at = stock.get_rect(midtop=(x + cw // 2, y + ch + 4))
        at.left = max(at.left, 2)
        surface.blit(stock, at)
        x += cw + round(cw * 0.5)
        if f.tiplu_id is not None:
            self._card(surface, f.tiplu_id, x, y, cw, None)
            tip = label(_("tiplu"), small, GOLD_LIGHT, True)
        else:
            pygame.draw.rect(surface, (200, 220, 200), (x, y, cw, ch), 2, border_radius=8)
            # Under the empty place: smaller type if the words need it.
            none, none_size = shrunk(_("no tiplu yet"), small, round(cw * 1.4), 8)
            tip = label(none, none_size, TABLE_MUTED)
        surface.blit(tip, tip.get_rect(midtop=(x + cw // 2, y + ch + 4)))
        x += cw + round(cw * 0.8)
        room = area.right - x - cw
        pile = f.discards
        step = min(cw * 0.5, room / max(1, len(pile) - 1))
        shown = pile
        if step < cw * 0.28:
            # Too many to read: the newest that fit, the older ones slide under the first.
            step = cw * 0.28
            shown = pile[-(int(room / step) + 1) :]
        for k, cid in enumerate(shown):
            self._card(surface, cid, x + k * step, y, cw, None)
        words = (
            # Translators: under the discard pile: how many cards, and how many of the newest
            # are drawn when they are too many to show.
            _("discards {n} (newest {shown} shown)").format(n=len(pile), shown=len(shown))
            if shown != pile
            # Translators: under the discard pile: how many cards are in it.
            else _("discards {n}").format(n=len(pile))
        )
        words, size = shrunk(words, small, area.right - x, 8)
        caption = label(words, size, TABLE_MUTED)
        surface.blit(caption, (x, y + ch + 4))
        return area.y + ch + small + 14

    def _draw_seats(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """A row per seat: the name and its state, the shown melds, the hand sorted by suit (split
        into its melds once the hand is over)."""
        f = self.frame
        n = f.players
        row_h = area.height / n
        name_w = round(area.width * 0.15)
        size = max(12, min(22, round(row_h * 0.16)))
        cw, ch = card_size(max(24, round((row_h - 16) * 0.7)))
        for seat in range(n):
            box = pygame.Rect(area.x, round(area.y + seat * row_h), area.width, round(row_h) - 6)
            acted = seat == f.actor and self.at > 0
            panel(
                surface,
                box,
                10,
                (70, 56, 16, 220) if acted else (10, 40, 28, 210),
                GOLD_LIGHT if acted else None,
                edge_width=2,
            )
            name = label(
                fit(self.names[seat], size + 2, name_w - 12, True),
                size + 2,
                GOLD_LIGHT if acted else TABLE_TEXT,
                True,
            )
            surface.blit(name, (box.x + 10, box.y + 8))
            held = len(f.hands[seat])
            seen = (
                ngettext("seen  ·  {n} card", "seen  ·  {n} cards", held)
                if f.seen[seat]
                else ngettext("not seen  ·  {n} card", "not seen  ·  {n} cards", held)
            )
            state = [(seen.format(n=held), False)]
            if f.current_player == seat and f.phase in _PLAYED:
                # Translators: under a player's name in the replay: it is their turn.
                state.append((_("to play"), True))
            ty = box.y + 12 + name.get_height()
            for line, turn in state:
                ink = GOLD_LIGHT if turn else TABLE_MUTED
                words, fitted = shrunk(line, max(10, size - 2), name_w - 12, 9, turn)
                img = label(words, fitted, ink, turn)
                if ty + img.get_height() > box.bottom - 4:
                    break
                surface.blit(img, (box.x + 10, ty))
                ty += img.get_height()
            self._draw_groups(
                surface,
                seat,
                pygame.Rect(
                    box.x + name_w, box.y + (box.height - ch) // 2, box.width - name_w - 8, ch
                ),
                cw,
            )

    def _draw_groups(self, surface: pygame.Surface, seat: int, area: pygame.Rect, cw: int) -> None:
        """``seat``'s cards overlapping in a row, a gap between groups, squeezed to fit
        ``area``."""
        groups = self.groups(seat)
        if not any(groups):
            return
        full = card_size(cw)[1]
        cw, step, gap = squeeze([len(g) for g in groups], area.width, cw)
        y = area.y + (full - card_size(cw)[1]) // 2
        x = float(area.x)
        for g in groups:
            for cid in g:
                self._card(surface, cid, x, y, cw, seat)
                x += step
            # The next group starts clear of this one's last card.
            x += cw - step + gap


def row_height(buttons: Sequence[Button], h: int, width: int, gap: int) -> int:
    """The buttons' height for a row ``width`` wide: ``h``, or lower (their words smaller) when
    their words need more room than the row has."""
    while h > 26 and sum(b.width_for(h) for b in buttons) + gap * (len(buttons) - 1) > width:
        h -= 1
    return h


def move_lines(said: str, size: int, width: int) -> list[tuple[str, int]]:
    """The move's words in ``width``: one line, a little smaller if it must be; words too long
    for that (a longer language) go on two lines, cut only beyond them."""
    one = fitting_size(said, size, width, size - 3, True)
    if text_width(said, one, True) <= width:
        return [(said, one)]
    two = max(11, size - 2)
    lines = wrap(said, two, width, True)
    if len(lines) > 2:
        lines = [lines[0], together(" ", lines[1:])]
    return [shrunk(line, two, width, 10, True) for line in lines]


def squeeze(sizes: Sequence[int], width: int, cw: int) -> tuple[int, float, float]:
    """(card width, step between overlapping cards, gap between groups) for groups of
    ``sizes`` cards in a row ``width`` wide: the overlaps tighten first, then the gaps, and only
    then do the cards get smaller."""
    groups, cards = len(sizes), sum(sizes)
    overlaps, gaps = cards - groups, max(0, groups - 1)
    # Each group ends on a whole card, then a gap: the rest is shared by the overlaps.
    gap = cw * 0.3
    room = width - groups * cw - gap * gaps
    step = max(cw * 0.2, min(cw * 0.6, room / max(1, overlaps)))
    if groups * cw + gap * gaps + step * overlaps <= width:
        return cw, step, gap
    if gaps:
        gap = (width - groups * cw - step * overlaps) / gaps
        if gap >= cw * 0.1:
            return cw, step, gap
    cw = int(width / (groups + 0.1 * gaps + 0.2 * overlaps))
    return cw, cw * 0.2, cw * 0.1
