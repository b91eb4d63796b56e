"""Cards read as 10♠ and Q♥ wherever the screen names one: the log, the curtain, the maal panel,
the score sheet, the replay's captions and the hint; the bundled fonts draw every suit sign."""

from __future__ import annotations

import re

import pygame
import pytest

from engine.cards import CARDS, JOKER, parse_card, parse_cards
from engine.words import Cards, say, words
from marriage_gui.art import fonts
from marriage_gui.language import fill, word
from marriage_gui.scenes.replay import ReplayScene
from marriage_gui.setup import SeatSetup
from marriage_gui.table.curtain import Curtain
from marriage_gui.table.maal import maal_lines
from marriage_gui.ui.card_names import (
    RED_SUIT,
    card_label,
    card_text,
    cards_label,
    readable,
    red_spans,
)

from .test_replay import SOLO, drawn_text, key, sheet
from .test_table import DT, click, solo, table
from .test_table_calm import ask_hint, see_now

#: A card in the engine's notation, as a whole word.
CODE = re.compile(r"(?<![\w♠♥♦♣])(?:[2-9TJQKA][SHDC]|JK)(?![\w♠♥♦♣])")
KING = parse_card("KC")
#: A card as a player reads it.
SAID = r"(?:(?:10|[2-9JQKA])[♠♥♦♣]|Joker)"


def test_every_card_has_its_rank_and_suit_sign():
    assert [card_label(parse_card(c)) for c in ("TS", "QH", "7D", "AC", "2S")] == [
        "10♠",
        "Q♥",
        "7♦",
        "A♣",
        "2♠",
    ]
    assert card_label(CARDS[52]) == "Joker"
    labels = [card_label(c) for c in CARDS]
    assert len(set(labels)) == len(labels)
    assert not any("T" in x for x in labels[:52])
    assert cards_label([parse_card("9C"), parse_card("TC")]) == "9♣ 10♣"


def test_the_games_words_name_cards_as_a_player_reads_them():
    drew = say("{name} drew from the stock — {card}", name="You", card=Cards.of(parse_cards("TS")))
    assert readable(drew) == "You drew from the stock — 10♠"
    melds = say("see now with {melds}", melds=Cards.apart([parse_cards("AH 2H 3H"), [JOKER]]))
    assert readable(melds) == "see now with A♥ 2♥ 3♥ | Joker"
    # A name is a field of its own: one that looks like a card (or is written like one) stays.
    for name in ("AS", "10♥", "JK", "QC"):
        took = say("{name} took {card} from the discards", name=name, card=Cards.of([KING]))
        said = readable(took, [name])
        assert said == f"{name} took K♣ from the discards"
        assert [c for _a, _b, c in said.cards] == [KING]
        assert red_spans(said) == ()


def test_old_words_name_cards_the_old_way():
    """Plain words an older release wrote (no card fields): read for cards in the notation."""
    assert readable("You drew from the stock — TS") == "You drew from the stock — 10♠"
    assert readable("tunnela of 6S (dealt)") == "tunnela of 6♠ (dealt)"
    assert readable("discard AH: keeps 9C TC JC") == "discard A♥: keeps 9♣ 10♣ J♣"
    assert readable("Asha dealt hand 1; JK starts the discard pile") == (
        "Asha dealt hand 1; Joker starts the discard pile"
    )
    # Words that merely contain the letters stay as they are.
    assert readable("ASK QC? 10S ATS") == "ASK Q♣? 10S ATS"
    # A seat called like a card keeps its name where it acts; the cards are still said.
    assert (
        readable("AS took KC from the discards", ["AS", "Bina"]) == "AS took K♣ from the discards"
    )
    assert readable("Bina discarded AS", ["AS", "Bina"]) == "Bina discarded A♠"
    assert readable(words("AS drew; QC went out"), ["AS", "QC"]) == "AS drew; QC went out"
    # Their red cards are where the old reading put them.
    said = readable("Ram discarded 7H")
    assert red_spans(said) == ((len("Ram discarded "), len(said), RED_SUIT),)


def _tofu(size: int) -> bytes:
    """What the symbols face draws for a character it has no glyph for."""
    img = fonts.face(size, False, fonts.SYMBOLS).render("\ue000", True, (255, 255, 255))
    return pygame.image.tobytes(img, "RGBA")


@pytest.mark.parametrize("bold", [False, True])
def test_the_bundled_fonts_draw_every_suit_sign(bold):
    """Each sign goes to the face that has it, and comes out as its own shape, never a box."""
    pygame.font.init()
    shapes = set()
    for sign in "♠♥♦♣":
        assert fonts.runs(f"10{sign}") == [(fonts.LATIN, "10"), (fonts.SYMBOLS, sign)]
        face = fonts.face(24, bold, fonts.SYMBOLS)
        img = pygame.image.tobytes(face.render(sign, True, (255, 255, 255)), "RGBA")
        assert img != _tofu(24)
        shapes.add(img)
    assert len(shapes) == 4


def test_words_after_a_suit_sign_keep_their_own_face():
    """The symbols face has no brackets or commas: what follows a sign is drawn in Latin."""
    runs = fonts.runs("tunnela of 6♠ (dealt), 7♥: 9♣")
    assert [r for s, r in runs if s == fonts.SYMBOLS] == ["♠", "♥", "♣"]
    assert "".join(r for _s, r in runs) == "tunnela of 6♠ (dealt), 7♥: 9♣"


def _inks(img: pygame.Surface) -> set[tuple[int, int, int]]:
    """The solid colours of a line of text (anti-aliased edges left out)."""
    w, h = img.get_size()
    return {
        tuple(img.get_at((x, y)))[:3]
        for x in range(w)
        for y in range(h)
        if img.get_at((x, y)).a == 255
    }


def _one(code: str) -> Cards:
    return Cards.of(parse_cards(code))


def test_hearts_and_diamonds_are_red_in_words_drawn_card_by_card():
    pygame.font.init()
    white = (238, 240, 232)
    queen = word(say("tiplu: {card}", card=_one("QH")))
    assert RED_SUIT in _inks(card_text(fill("{said}  = 3", said=queen), 20, white))
    assert RED_SUIT in _inks(card_text(cards_label(parse_cards("TD")), 20, white))
    black = word(say("tiplu: {cards}", cards=_one("TS 3C")))
    assert _inks(card_text(black, 20, white)) == {white}
    # The rank and the sign of a red card are red, the words around them are not.
    inks = _inks(card_text(word(say("poplu: {card}", card=_one("TH"))), 20, white))
    assert inks == {white, RED_SUIT}
    # Words that are no sentence name no card: a "10♥" typed as a name is never red.
    assert _inks(card_text("10♥", 20, white)) == {white}


def no_codes(texts: list[str]) -> None:
    coded = [t for t in texts if CODE.search(t)]
    assert coded == [], coded


def test_the_table_says_cards_with_suit_signs(app, monkeypatch):
    scene = table(app, [SeatSetup("You", "human"), SeatSetup("Sita", "easy")], seed=13)
    see_now(app, scene)
    scene.seats.log.open = True
    texts = drawn_text(app, monkeypatch)
    no_codes(texts)
    # The log (drawn, opened) names the card drawn and the tiplu; the maal panel its cards.
    assert any("You drew from the stock — " in t and re.search(r"[♠♥♦♣]$", t) for t in texts)
    lines = maal_lines(scene.seats.state)
    assert lines
    for item, cards, _points in lines:
        assert not CODE.search(item), item
        assert re.fullmatch(rf"{SAID}( {SAID})*", cards), cards


def test_the_hint_says_its_card_with_a_suit_sign(app):
    scene = solo(app)
    click(app, scene.staging.layout.stock.center)
    ask_hint(app, scene)
    hint = scene.toast.current or ""
    assert hint.startswith("Hint: ") and re.search(SAID, hint) and not CODE.search(hint), hint


def test_the_curtain_says_cards_with_suit_signs(app, monkeypatch):
    discarded = say("{name} discarded {card}", name="AS", card=_one("9C"))
    took = say("{name} took {card} from the discards", name="Ram", card=_one("TD"))
    old = words("QC discarded 9H")  # plain words from an older release
    curtain = Curtain("Bina", [discarded, took, old], names=("AS", "QC"))
    seen: list[str] = []
    real = fonts.render
    monkeypatch.setattr(fonts, "render", lambda t, *a, **k: seen.append(t) or real(t, *a, **k))
    curtain.draw(app.screen)
    assert "AS discarded 9♣" in seen and "Ram took 10♦ from the discards" in seen
    assert "QC discarded 9♥" in seen


def test_the_score_sheet_and_the_replay_say_cards_with_suit_signs(app, monkeypatch):
    app.go_title()
    result, _match = sheet(app, SOLO)
    texts = drawn_text(app, monkeypatch)
    no_codes(texts)
    assert any(t.startswith("Tiplu: ") and t[-1] in "♠♥♦♣" for t in texts)
    key(app, pygame.K_r, "r")
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    for at in range(scene.replay.moves + 1):
        scene.go(at)
        assert not CODE.search(scene.said(scene.frame)), scene.frame.text
    scene.go(1)
    app.step([], DT)
    no_codes(drawn_text(app, monkeypatch))


def test_a_card_touched_by_devanagari_is_still_named():
    from marriage_gui.ui.card_names import readable

    assert "A♥बाट" in readable("फालेका पत्ती AHबाट सुरु भयो")
    assert readable("ASHA") == "ASHA"  # letters around a code: a word, not a card
