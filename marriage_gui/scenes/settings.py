"""Settings: language, speed, cards, sound and window; every change is saved at once."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from marriage_gui import language
from marriage_gui.language import N_, _
from marriage_gui.scenes.base import MenuScene
from marriage_gui.settings import ANIMATION_SPEEDS, BOT_DELAYS, CARD_SCALE_RANGE
from marriage_gui.ui import theme
from marriage_gui.ui.pickers import Slider, Stepper, Toggle
from marriage_gui.ui.widget import Widget

if TYPE_CHECKING:
    from marriage_gui.scene import AppServices

SPEED_LABELS = {
    "instant": N_("Instant"),
    "fast": N_("Fast"),
    "normal": N_("Normal"),
    "slow": N_("Slow"),
}
# Cards shown in the preview: one of each suit, so the four-colour deck is visible.
_PREVIEW = (12, 13 + 12, 26 + 12, 39 + 12)


class SettingsScene(MenuScene):
    """All settings in one column with a live card preview."""

    name = "settings"
    heading = N_("Settings")

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        s = app.settings
        languages = tuple(language.LANGUAGES)
        #: Each row: its label and its help (both kept in English, worded when drawn), its widget.
        self.rows: list[tuple[str, str, Widget]] = [
            (
                N_("Language · भाषा"),
                N_("The words of the whole game; every screen changes at once."),
                Stepper(
                    languages,
                    languages.index(s.language) if s.language in languages else 0,
                    app.set_language,
                    fmt=lambda v: language.LANGUAGES[v],
                ),
            ),
            (
                N_("Devanagari digits"),
                N_("Numbers as ०१२३ instead of 0123."),
                Toggle(s.devanagari_digits, app.set_devanagari_digits),
            ),
            (
                N_("Animation speed"),
                N_("How fast cards fly across the table."),
                Stepper(
                    ANIMATION_SPEEDS,
                    ANIMATION_SPEEDS.index(s.animation_speed),
                    lambda v: self._set(animation_speed=v),
                    fmt=lambda v: _(SPEED_LABELS[v]),
                ),
            ),
            (
                N_("Bot thinking time"),
                N_("A pause before each bot move, so you can follow the play."),
                Stepper(
                    sorted(set(BOT_DELAYS) | {s.bot_delay}),
                    sorted(set(BOT_DELAYS) | {s.bot_delay}).index(s.bot_delay),
                    lambda v: self._set(bot_delay=v),
                    # Translators: the pause before a computer player's move; {seconds} is a number.
                    fmt=lambda v: (
                        _("None") if v == 0 else _("{seconds} s").format(seconds=f"{v:g}")
                    ),
                ),
            ),
            (
                N_("Four-colour deck"),
                N_("Diamonds blue and clubs green: easier to tell apart at a glance."),
                Toggle(s.four_colour, lambda v: self._set(four_colour=v)),
            ),
            (
                N_("Card size"),
                N_("Bigger or smaller cards on the table."),
                Slider(
                    s.card_scale,
                    *CARD_SCALE_RANGE,
                    0.05,
                    lambda v: self._set(card_scale=v),
                    fmt=lambda v: f"{round(v * 100)}%",
                ),
            ),
            (
                N_("Volume"),
                N_("Card and table sounds."),
                Slider(
                    s.volume,
                    0.0,
                    1.0,
                    0.05,
                    lambda v: self._set(volume=v),
                    fmt=lambda v: f"{round(v * 100)}%",
                ),
            ),
            (N_("Mute"), N_("Silence every sound."), Toggle(s.muted, lambda v: self._set(muted=v))),
            (
                N_("Full screen"),
                N_("Fill the screen (F11 or Alt+Enter anywhere)."),
                Toggle(s.fullscreen, self._fullscreen),
            ),
        ]
        self.layout()

    def _set(self, **change: object) -> None:
        for key, value in change.items():
            setattr(self.app.settings, key, value)
        self.app.settings.validate()
        self.app.save_settings()
        if "volume" in change or "muted" in change:
            self.app.sounds.play("click")

    def _fullscreen(self, on: bool) -> None:
        self.app.set_fullscreen(on)
        self.app.save_settings()

    def resume(self) -> None:
        super().resume()
        # F11 may have changed full screen elsewhere.
        for label, _help, widget in getattr(self, "rows", []):
            if label == "Full screen" and isinstance(widget, Toggle):
                widget.value = self.app.settings.fullscreen

    def layout(self) -> None:
        if not hasattr(self, "rows"):
            return
        k, (w, h) = self.k, self.size
        box_w = round(min(1000 * k, w - 80 * k))
        row_h = round(56 * k)
        self.box = pygame.Rect(0, 0, box_w, row_h * len(self.rows) + round(32 * k))
        self.box.midtop = (w // 2, self.content_top + round(10 * k))
        # Room for the preview cards at the bottom of the panel.
        self.preview_h = max(0, min(round(150 * k), h - self.box.bottom - round(30 * k)))
        control_w = round(260 * k)
        self.words_w = box_w - round(32 * k) - control_w - round(44 * k)
        widgets: list[Widget] = [self.back_button]
        self.row_rects: list[pygame.Rect] = []
        y = self.box.y + round(16 * k)
        for _label, _help, widget in self.rows:
            r = pygame.Rect(self.box.x + round(16 * k), y, box_w - round(32 * k), row_h)
            self.row_rects.append(r)
            widget.place(
                pygame.Rect(
                    r.right - control_w - round(8 * k),
                    r.centery - round(20 * k),
                    control_w,
                    round(40 * k),
                ),
                k,
            )
            widgets.append(widget)
            y += row_h
        self.form.set_widgets(widgets)

    def draw_content(self, surface: pygame.Surface) -> None:
        k = self.k
        theme.panel(surface, self.box, round(14 * k), shadow=round(10 * k))
        for i, ((label, help_text, _w), r) in enumerate(
            zip(self.rows, self.row_rects, strict=True)
        ):
            if i % 2 == 0:
                band = pygame.Surface(r.size, pygame.SRCALPHA)
                band.fill((255, 255, 255, 9))
                surface.blit(band, r.topleft)
            self._draw_words(surface, r, _(label), _(help_text))
        if self.preview_h >= round(60 * k):
            self._draw_preview(surface)

    def _draw_words(
        self, surface: pygame.Surface, r: pygame.Rect, label: str, help_text: str
    ) -> None:
        """A row's label over its help, each shrunk (then wrapped) to the room left of the
        control: longer words never run under it."""
        k, room = self.k, self.words_w
        x = r.x + round(14 * k)
        size = theme.fitting_size(label, round(18 * k), room, round(13 * k), True)
        t = theme.text(label, size, theme.TEXT, True)
        surface.blit(t, (x, r.y + round(6 * k)))
        help_size = theme.fitting_size(help_text, round(13 * k), room, round(11 * k))
        lines = theme.wrap(help_text, help_size, room)[:2]
        if len(lines) > 1:
            help_size = round(11 * k)
            lines = theme.wrap(help_text, help_size, room)[:2]
        y = r.y + round(6 * k) + t.get_height()
        for line in lines:
            img = theme.text(line, help_size, theme.TEXT_DIM)
            surface.blit(img, (x, y))
            y += img.get_height() - round(2 * k)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        k = self.k
        s = self.app.settings
        card_w = round(self.preview_h * 0.68 / CARD_SCALE_RANGE[1] * s.card_scale)
        cw, ch = self.app.art.size(card_w)
        gap = round(cw * 0.28)
        total = len(_PREVIEW) * cw + (len(_PREVIEW) - 1) * gap
        x = self.size[0] // 2 - total // 2
        y = self.box.bottom + round(18 * k)
        for code in _PREVIEW:
            m = self.app.art.shadow_margin(card_w)
            surface.blit(self.app.art.shadow(card_w), (x - m + round(2 * k), y - m + round(4 * k)))
            surface.blit(self.app.art.face(code, card_w, s.four_colour), (x, y))
            x += cw + gap
