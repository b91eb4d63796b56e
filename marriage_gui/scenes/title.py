"""The title screen: a fan of cards, the name of the game, and the main menu."""

from __future__ import annotations

import math
import socket
import threading
from typing import TYPE_CHECKING

import pygame

from marriage_gui.art import JOKER, felt
from marriage_gui.language import N_, _, word
from marriage_gui.saved_match import saved
from marriage_gui.scene import polling
from marriage_gui.scenes.base import MenuScene
from marriage_gui.storage import SaveError
from marriage_gui.ui import theme
from marriage_gui.ui.button import Button

if TYPE_CHECKING:
    from engine.match import LocalMatch
    from marriage_gui.scene import AppServices
    from marriage_gui.setup import MatchSetup
    from marriage_gui.ui.widget import Widget
    from marriage_net.tokens import TableMemo

# A marriage in hearts (J♥ the jhiplu, Q♥ the tiplu, K♥ the poplu) between an ace and a joker.
_FAN = (13 + 12, 13 + 9, 13 + 10, 13 + 11, JOKER)
_TIPLU = 13 + 10
#: The fan sways for a moment when the game opens, then rests so an idle title costs nothing.
SWAY_SECONDS = 4.0
#: How long the title waits for a remembered table to answer before not offering it.
PROBE_SECONDS = 1.5


class TitleScene(MenuScene):
    """The first screen: Continue, New game, Rules, Statistics, Settings, Quit."""

    name = "title"

    def __init__(self, app: AppServices) -> None:
        self.saved: tuple[MatchSetup, LocalMatch] | None = None
        self.save_note = ""
        self.save_broken = False
        self._t = 0.0
        # A table this laptop held a seat at, once it answers: "Rejoin Asha's table".
        self.rejoin: TableMemo | None = None
        self._answered: TableMemo | None = None
        self._probing = False
        super().__init__(app)
        self.rejoin_button = Button("", self.rejoin_table, primary=True, size=22)
        self.rejoin_button.visible = False
        # Each button with its words, worded whenever the screen lays out.
        menu = (
            (N_("Continue"), self.continue_game),
            (N_("New game"), self.new_game),
            (N_("Rules"), self.rules),
            (N_("Learn to play"), self.learn),
            (N_("Host a table"), self.host_table),
            (N_("Join a table"), self.join_table),
            (N_("Score a real game"), self.keep_score),
            (N_("Statistics"), self.statistics),
            (N_("Settings"), self.settings),
            (N_("Quit"), self.quit),
        )
        self.buttons = [
            Button(_(label), action, primary=i == 0, size=22)
            for i, (label, action) in enumerate(menu)
        ]
        self.labels = {id(b): label for b, (label, _action) in zip(self.buttons, menu, strict=True)}
        self.continue_button = self.buttons[0]
        self.check_save()
        self.look_for_seat()

    # ------------------------------------------------------------------ the save
    def check_save(self) -> None:
        """Look at the autosave: enable Continue and describe it, or say why not."""
        self.saved, self.save_broken = None, False
        try:
            self.saved = self.app.storage.load_game()
        except SaveError as exc:
            self.save_broken = True
            if self.app.save_problem != exc.message:
                self.app.save_problem = exc.message
                self.app.toast(exc.message)
        self.kept_aside = False
        if self.saved is None and self.app.save_problem and not self.app.storage.has_game():
            # The damaged save was kept aside when found; keep saying so on this run.
            self.save_broken = self.kept_aside = True
        self._word_save()

    def _word_save(self) -> None:
        """Say what Continue would take up, in the language in use."""
        if self.saved is not None:
            setup, game = self.saved
            players = ", ".join(s.name for s in setup.seats)
            # Translators: under Continue on the title: the hand the saved match is at, out of
            # how many, then the players' names.
            self.save_note = _("Hand {hand} of {hands} · {players}").format(
                hand=game.hand_no + 1, hands=game.hands_total, players=players
            )
        elif self.kept_aside:
            self.save_note = _("The saved game was damaged (kept aside)")
        elif self.save_broken:
            self.save_note = _("The saved game is damaged")
        else:
            self.save_note = _("No game in progress")
        button = getattr(self, "continue_button", None)
        if button is None:
            return
        button.enabled = self.saved is not None
        button.sub = self.save_note
        problem = self.app.save_problem
        button.tooltip = word(problem) if self.save_broken and problem else None

    # ------------------------------------------------------------------ a seat to go back to
    def look_for_seat(self) -> None:
        """Find the table this laptop last held a seat at; offer it once it answers."""
        from marriage_gui.table.hosting import TOKENS  # noqa: PLC0415 - the table loads on demand
        from marriage_net.tokens import TokenStore  # noqa: PLC0415

        memo = TokenStore(self.app.storage.path(TOKENS)).last_table()
        if memo is None or self._probing:
            self._show_rejoin(None)
            return
        self._probing = True
        threading.Thread(target=self._probe, args=(memo,), daemon=True).start()

    def _probe(self, memo: TableMemo) -> None:
        # Only knock on the door (a TCP connection, no hello): saying hello with the seat's
        # token would take the seat from wherever it is played now.
        try:
            with socket.create_connection((memo.address, memo.port), timeout=PROBE_SECONDS):
                self._answered = memo
        except OSError:
            self._answered = None
        finally:
            self._probing = False

    def _show_rejoin(self, memo: TableMemo | None) -> None:
        self.rejoin = memo
        self.rejoin_button.visible = memo is not None
        self.layout()
        default = next((b for b in self.buttons if b.enabled), None)
        if memo is not None and self.form.focused in (None, default):
            self.form.focus(self.rejoin_button, keyboard=False)  # Enter sits back down

    def rejoin_table(self) -> None:
        """Sit back down at the table this laptop held a seat at: no name or code to type."""
        if self.rejoin is None:
            return
        self.app.sounds.play("click")
        self.app.open("join", rejoin=self.rejoin)

    def resume(self) -> None:
        self.check_save()
        self.look_for_seat()
        super().resume()
        if self.form.focused is None or not self.form.focused.enabled:
            first = next(b for b in self.buttons if b.enabled)
            self.form.focus(first, keyboard=False)

    # ------------------------------------------------------------------ actions
    def continue_game(self) -> None:
        if self.saved is None:
            return
        self.app.sounds.play("click")
        setup, game = self.saved
        self.app.open_table(setup=setup, match=saved(self.app, setup, game))

    def new_game(self) -> None:
        self.app.sounds.play("click")
        self.app.open("new_game")

    def learn(self) -> None:
        """A guided first hand against three easy computer players."""
        self.app.sounds.play("click")
        self.app.open("guide")

    def host_table(self) -> None:
        """Laptops on the same Wi-Fi play at one table: this one hosts it."""
        self.app.sounds.play("click")
        self.app.open("lobby")

    def join_table(self) -> None:
        """Sit at a table hosted by another laptop."""
        self.app.sounds.play("click")
        self.app.open("join")

    def keep_score(self) -> None:
        """The score of a game played with real cards: the sheet being kept, or a new one."""
        self.app.sounds.play("click")
        from marriage_gui.sheets import SheetStore  # noqa: PLC0415 - read when asked

        sheet = SheetStore(self.app.storage).open_sheet()
        if sheet is not None:
            self.app.open("scorekeeper", sheet=sheet)
        else:
            self.app.open("score_setup")

    def rules(self) -> None:
        self.app.sounds.play("click")
        self.app.open("rules")

    def statistics(self) -> None:
        self.app.sounds.play("click")
        self.app.open("stats")

    def settings(self) -> None:
        self.app.sounds.play("click")
        self.app.open("settings")

    def quit(self) -> None:
        self.app.running = False

    def back(self) -> None:
        # Escape on the title does not quit by surprise: it moves to Quit first.
        quit_button = self.buttons[-1]
        if self.form.focused is quit_button:
            self.quit()
        else:
            self.form.focus(quit_button, keyboard=True)

    # ------------------------------------------------------------------ layout and drawing
    def _word_rejoin(self) -> None:
        """The Rejoin button's words: the table's name, its code and where it is."""
        from marriage_gui.table.hosting import spaced_code, table_words  # noqa: PLC0415

        memo = self.rejoin
        if memo is None:
            return
        # Translators: {table} is the table's own name, as its host's game calls it
        # ("Asha's table").
        self.rejoin_button.text = _("Rejoin {table}").format(table=table_words(memo.table))
        # Translators: under "Rejoin …": the table's six-digit code and the host's address.
        self.rejoin_button.sub = _("code {code} · {address}").format(
            code=spaced_code(memo.code), address=memo.address
        )

    def layout(self) -> None:
        if not hasattr(self, "buttons"):
            return
        for b in self.buttons:
            b.text = _(self.labels[id(b)])
        self._word_save()
        self._word_rejoin()
        k = self.k
        w, h = self.size
        bw, bh, gap = round(300 * k), round(48 * k), round(10 * k)
        # As wide as the longest label needs (longer words in some languages), within the window.
        menu = self.menu
        subs = [theme.text_width(b.sub, round(b.size * 0.62 * k)) + 24 for b in menu if b.sub]
        bw = min(max([bw, *subs, *(b.width_for(bh) for b in menu)]), w - round(40 * k))
        tall_h = round(64 * k)
        tall = [b for b in menu if b in (self.continue_button, self.rejoin_button)]
        # A long menu is set a little closer, so the fan of cards keeps its room above it.
        room = h - round(34 * k) - round(230 * k)
        need = len(tall) * tall_h + (len(menu) - len(tall)) * bh + (len(menu) - 1) * gap
        if need > room:
            shrink = max(0.8, room / need)
            bh, gap, tall_h = round(bh * shrink), round(gap * shrink), round(tall_h * shrink)
        self.buttons[0].place(pygame.Rect(0, 0, bw, tall_h), k)
        top = round(h * 0.50)
        x = round(w * 0.5 - bw / 2)
        y = top
        for b in menu:
            height = tall_h if b in tall else bh
            b.place(pygame.Rect(x, y, bw, height), k)
            y += height + gap
        # Short windows: keep the menu on screen by sliding it up.
        overflow = y - gap - (h - round(34 * k))
        if overflow > 0:
            for b in menu:
                b.rect.y -= overflow
        self.menu_top = menu[0].rect.y
        widgets: list[Widget] = [*menu]
        self.form.set_widgets(widgets)

    @property
    def menu(self) -> list[Button]:
        """The buttons shown, top to bottom: a table to rejoin first, when there is one."""
        return ([self.rejoin_button] if self.rejoin_button.visible else []) + self.buttons

    def handle_event(self, event: pygame.event.Event) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self.form.focused is None
        ):
            next(b for b in self.menu if b.enabled).click()
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self._t = min(self._t + dt, SWAY_SECONDS)
        if self._answered is not self.rejoin and not self._probing:
            self._show_rejoin(self._answered)

    def wake_after(self) -> float | None:
        """Look again soon while a remembered table is being asked whether it is there."""
        own = super().wake_after()
        news = self._probing or self._answered is not self.rejoin
        return polling(own) if news else own

    def animating(self) -> bool:
        return self._t < SWAY_SECONDS or super().animating()

    def draw_background(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.size), (0, 0))

    def draw_content(self, surface: pygame.Surface) -> None:
        k = self.k
        w, _h = self.size
        top_limit = getattr(self, "menu_top", round(self.size[1] * 0.5))
        # The title sits above the fan, the fan above the menu.
        # Translators: the name of the game, large on the title screen (and the window's title).
        name = _("Marriage")
        title = theme.text(name, round(66 * k), theme.GOLD_LIGHT, True)
        shadow = theme.text(name, round(66 * k), (0, 0, 0), True)
        shadow.set_alpha(120)
        trect = title.get_rect(midtop=(w // 2, round(16 * k)))
        surface.blit(shadow, trect.move(round(2 * k), round(3 * k)))
        surface.blit(title, trect)
        # Devanagari and Latin rendered apart: a shared neutral mark would take the wrong face.
        # The name in Devanagari goes under a name written otherwise (not under itself).
        own_name = name != "म्यारिज"
        nep = theme.text("म्यारिज" if own_name else " ", round(21 * k), theme.GOLD, True)
        gap = round(14 * k) if own_name else 0
        nep_w = nep.get_width() if own_name else 0
        tagline = _("the three-deck rummy of Nepal")
        room = w - round(60 * k) - nep_w - gap
        eng = theme.text(
            tagline, theme.fitting_size(tagline, round(19 * k), room, round(12 * k)), theme.TEXT_DIM
        )
        total = nep_w + gap + eng.get_width()
        x0 = w // 2 - total // 2
        y0 = trect.bottom - round(6 * k)
        srect = pygame.Rect(x0, y0, total, max(nep.get_height(), eng.get_height()))
        if own_name:
            surface.blit(nep, nep.get_rect(midleft=(x0, srect.centery)))
        surface.blit(eng, eng.get_rect(midleft=(x0 + nep_w + gap, srect.centery)))
        self.heading_rect = trect.union(srect)
        self._draw_fan(surface, srect.bottom + round(8 * k), top_limit - round(18 * k))
        words = _("Arrow keys to choose, Enter to open, F11 for full screen")
        size = theme.fitting_size(words, round(13 * k), w - round(20 * k), round(10 * k))
        foot = theme.text(words, size, theme.TEXT_FAINT)
        surface.blit(foot, foot.get_rect(midbottom=(w // 2, self.size[1] - round(8 * k))))

    def _draw_fan(self, surface: pygame.Surface, top: int, bottom: int) -> None:
        height = bottom - top
        if height < 40:
            return
        card_w = max(40, round(height / 1.62 * 0.72))
        art = self.app.art
        _cw, ch = art.size(card_w)
        n = len(_FAN)
        spread = 14.0
        pivot = (self.size[0] // 2, top + round(ch * 1.55))
        # The sway fades out as it ends, so the fan settles instead of stopping short.
        fade = 1.0 - self._t / SWAY_SECONDS
        sway = math.sin(self._t * 1.6) * 1.2 * fade * fade
        for i, code in enumerate(_FAN):
            angle = (i - (n - 1) / 2) * spread + sway
            marks = ("tiplu",) if code == _TIPLU else None
            face = art.face(code, card_w, self.app.settings.four_colour, marks)
            shadow = art.shadow(card_w)
            rad = math.radians(angle)
            # Each card hangs from the pivot below the fan, like cards held in a hand.
            dist = ch * 1.02
            cx = pivot[0] + math.sin(rad) * dist
            cy = pivot[1] - math.cos(rad) * dist
            for surf, off in ((shadow, (round(3 * self.k), round(5 * self.k))), (face, (0, 0))):
                rot = pygame.transform.rotozoom(surf, -angle, 1.0)
                rect = rot.get_rect(center=(round(cx + off[0]), round(cy + off[1])))
                surface.blit(rot, rect)
