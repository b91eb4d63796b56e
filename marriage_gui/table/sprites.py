"""Card sprites: one per physical card on view, easing toward wherever the layout wants it."""

from __future__ import annotations

import pygame

from marriage_gui.art.cards import CardArt, card_size

from .tween import Tween, ease_in_out_cubic, ease_out_cubic


class CardSprite:
    """A card on the table: position and width ease toward a target; the face can flip."""

    __slots__ = (
        "card_id",
        "code",
        "x",
        "y",
        "w",
        "face_up",
        "was_face_up",
        "tween",
        "leaving",
        "z",
    )

    def __init__(
        self, card_id: int, code: int, pos: tuple[float, float], w: float, face_up: bool
    ) -> None:
        self.card_id = card_id
        self.code = code
        self.x, self.y = pos
        self.w = w
        self.face_up = face_up
        self.was_face_up = face_up
        self.tween: Tween | None = None
        self.leaving = False  # flying off to a hidden place, then removed
        self.z = 0

    @property
    def moving(self) -> bool:
        """Whether a tween is still running."""
        return self.tween is not None and not self.tween.done

    @property
    def rect(self) -> pygame.Rect:
        """Where the card is now."""
        w, h = card_size(round(self.w))
        return pygame.Rect(round(self.x), round(self.y), w, h)

    def move_to(
        self,
        pos: tuple[float, float],
        w: float,
        face_up: bool,
        duration: float,
        delay: float = 0.0,
        long: bool = False,
    ) -> None:
        """Ease to ``pos`` at width ``w``; ``duration`` 0 jumps there."""
        if self.tween is not None and not self.tween.done and self.tween.end == (*pos, w):
            self.face_up = face_up
            return
        self.was_face_up = self.face_up if not self.moving else self.was_face_up
        self.face_up = face_up
        if duration <= 0 and delay <= 0:
            self.x, self.y = pos
            self.w = w
            self.tween = None
            self.was_face_up = face_up
            return
        easing = ease_in_out_cubic if long else ease_out_cubic
        self.tween = Tween((self.x, self.y, self.w), (*pos, w), duration, easing, delay)

    def snap(self) -> None:
        """Finish any movement now."""
        if self.tween is not None:
            self.tween.finish()
            self.update(0.0)

    def update(self, dt: float) -> None:
        """Advance the movement."""
        if self.tween is None:
            return
        self.tween.update(dt)
        self.x, self.y, self.w = self.tween.value
        if self.tween.done:
            self.tween = None
            self.was_face_up = self.face_up

    def draw(
        self,
        surface: pygame.Surface,
        art: CardArt,
        width: int,
        marks: frozenset[str] = frozenset(),
        four_colour: bool = False,
        shadow: bool = True,
        at: tuple[float, float] | None = None,
    ) -> None:
        """Draw at the current place; ``width`` is the layout width the art is rendered at."""
        x, y = at if at is not None else (self.x, self.y)
        showing_face = self.face_up
        squash = 1.0
        if self.tween is not None and self.was_face_up != self.face_up:
            p = self.tween.progress
            showing_face = self.was_face_up if p < 0.5 else self.face_up
            squash = max(0.08, abs(1 - 2 * p))
        img = art.face(self.code, width, four_colour, marks) if showing_face else art.back(width)
        cur_w = round(self.w)
        if cur_w != width or squash < 1.0:
            h = round(img.get_height() * cur_w / width)
            sw = max(1, round(cur_w * squash))
            img = pygame.transform.smoothscale(img, (sw, max(1, h)))
            x += (cur_w - sw) / 2
        if shadow:
            m = art.shadow_margin(width)
            sh = art.shadow(width)
            if sh.get_width() - 2 * m != img.get_width():
                sh = pygame.transform.smoothscale(
                    sh, (img.get_width() + 2 * m, img.get_height() + 2 * m)
                )
            surface.blit(sh, (round(x) - m + 2, round(y) - m + 4))
        surface.blit(img, (round(x), round(y)))
