"""The score keeper of games played with real cards, driven by keys as a family drives it: the
title, names and rules, a hand typed in (maal as numbers and as cards) in every preset, the
engine's settlement on screen, a hand corrected, the sheet listed in Statistics and shared."""

from __future__ import annotations

import csv
import io
import re

import pygame
import pytest
from gui.text_trace import Trace

from engine import PRESETS
from engine.cards import parse_card, parse_cards
from engine.score_sheet import ScoreSheet
from engine.tally import MaalCards, SeatEntry, TableHand, tally
from marriage_gui.app import App
from marriage_gui.sheets import SheetStore
from marriage_gui.ui.words import match_total

DT = 1 / 30
NAMES = ("Asha", "Bina", "Chandra", "Dev")


def press(app: App, k: int, mod: int = 0, scan: int = 0) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=scan)], DT)


def typed(app: App, text: str) -> None:
    """Each character as the keyboard sends it: its key, then its text."""
    for ch in text:
        code = ord(ch.lower()) if ch.isascii() else 0
        events = [pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=ch, scancode=0)]
        events.append(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step(events, DT)


def letter(app: App, ch: str, shift: bool = False) -> None:
    """A command letter, by its key and its place on the keyboard."""
    scan = getattr(pygame, f"KSCAN_{ch.upper()}")
    mod = pygame.KMOD_SHIFT if shift else 0
    app.step(
        [
            pygame.event.Event(
                pygame.KEYDOWN, key=ord(ch.lower()), mod=mod, unicode=ch, scancode=scan
            ),
            pygame.event.Event(pygame.TEXTINPUT, text=ch),
        ],
        DT,
    )


@pytest.fixture
def app(tmp_path):
    a = App((1280, 800), headless=True, data_dir=tmp_path)
    a.go_title()
    a.step([], DT)
    return a


def start_sheet(app: App, preset: str) -> None:
    """From the title to the first hand's fields, by keys: the title's entry, the names, the
    preset, Ctrl+Enter."""
    title = app.scene
    target = next(b for b in title.buttons if title.labels[id(b)] == "Score a real game")
    while title.form.focused is not target:
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    setup = app.scene
    assert setup.name == "score_setup"
    for i, name in enumerate(NAMES):
        field = setup.seat_widgets[i][0]
        while setup.form.focused is not field:
            press(app, pygame.K_TAB)
        press(app, pygame.K_a, pygame.KMOD_CTRL)
        typed(app, name)
    while setup.form.focused is not setup.preset_stepper:
        press(app, pygame.K_TAB)
    while setup.preset_stepper.value != preset:
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN, pygame.KMOD_CTRL)
    assert app.scene.name == "score_hand"


def choose(app: App, stepper, value) -> None:
    """Step a focused picker to ``value`` with the arrow keys."""
    assert app.scene.form.focused is stepper
    while stepper.value != value:
        press(app, pygame.K_RIGHT)


def enter_hand(app: App, preset: str) -> TableHand:
    """Type one hand by keys; what the table said, as the engine takes it."""
    rules = PRESETS[preset]
    scene = app.scene
    typed(app, "7h")
    press(app, pygame.K_RETURN)
    choose(app, scene.winner, 1)  # Bina went out
    press(app, pygame.K_RETURN)
    dublees = rules.dublees_allowed(4)
    deadwood = rules.scoring == "deadwood"
    # Asha: seen, 12 (or left holding 12 points).
    press(app, pygame.K_RETURN)
    typed(app, "12")
    press(app, pygame.K_RETURN)
    # Bina: went out (seen with dublees where allowed), her maal as cards: T P J (and A).
    if dublees:
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    bina = MaalCards()
    if not deadwood:
        letter(app, "c")
        assert app.scene.name == "maal_cards"
        for ch in "tpj" + ("a" if rules.alter else ""):
            letter(app, ch)
        letter(app, "p")
        letter(app, "p", shift=True)  # one too many, taken back
        press(app, pygame.K_RETURN)
        assert app.scene is scene
        bina = MaalCards(tiplus=1, poplus=1, jhiplus=1, alters=1 if rules.alter else 0)
    press(app, pygame.K_RETURN)
    # Chandra: not seen; 4 (or left holding 5♣ 6♣ K♦, typed in Nepali for one of them).
    press(app, pygame.K_LEFT)
    press(app, pygame.K_RETURN)
    typed(app, "5c, ६ चिडी, kd" if deadwood else "4")
    press(app, pygame.K_RETURN)
    # Dev: seen; two poplus shown as cards (or left holding 9♠ 9♠).
    press(app, pygame.K_RETURN)
    if deadwood:
        typed(app, "9s 9s")
        dev: int | MaalCards = 0
    else:
        letter(app, "c")
        letter(app, "p")
        letter(app, "p")
        press(app, pygame.K_RETURN)
        dev = MaalCards(poplus=2)
    assert app.scene.problem is None, app.scene.problem.reason
    press(app, pygame.K_RETURN, pygame.KMOD_CTRL)
    assert app.scene.name == "scorekeeper"
    left = {0: 12, 2: tuple(parse_cards("5C 6C KD")), 3: tuple(parse_cards("9S 9S"))}
    seats = (
        SeatEntry(True, False, 0 if deadwood else 12, left[0] if deadwood else 0),
        SeatEntry(True, dublees, bina),
        SeatEntry(False, False, 0 if deadwood else 4, left[2] if deadwood else 0),
        SeatEntry(True, False, dev, left[3] if deadwood else 0),
    )
    return TableHand(seats, 1, parse_card("7H"))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_hand_by_keys_alone_is_the_engines_settlement(app, tmp_path, monkeypatch, preset):
    start_sheet(app, preset)
    said = enter_hand(app, preset)
    keeper = app.scene
    sheet = keeper.sheet
    expected = tally(said, PRESETS[preset])
    assert sheet.results[0].nets == expected.nets
    assert sheet.results[0].points == expected.points
    assert sheet.names == NAMES
    if preset == "nepali":
        # Bina's marriage (10) with the dublee bonus; Dev's two poplus 5.
        assert expected.points == (12, 10, 4, 5) and expected.dublee_win
    # What the screen draws: every total as the sheet writes it.
    trace = Trace(monkeypatch)
    trace.draw(app)
    for total in sheet.totals:
        assert match_total(total, sheet.rules.lowest_wins) in trace.heard
    # And what is on disk is that sheet.
    kept = SheetStore(app.storage).load(sheet.sheet_id)
    assert kept == sheet and kept.results == sheet.results


def test_correcting_an_early_hand_moves_the_totals_and_nothing_else(app):
    start_sheet(app, "nepali")
    for maal in ("5", "9", "3"):
        scene = app.scene if app.scene.name == "score_hand" else None
        if scene is None:
            letter(app, "n")
            scene = app.scene
        typed(app, "kd")
        press(app, pygame.K_RETURN)
        choose(app, scene.winner, 0)
        press(app, pygame.K_RETURN)
        press(app, pygame.K_RETURN)
        typed(app, maal)
        press(app, pygame.K_RETURN, pygame.KMOD_CTRL)
    keeper = app.scene
    before = keeper.sheet
    assert len(before.hands) == 3
    press(app, pygame.K_HOME)
    assert keeper.selected == 0
    press(app, pygame.K_RETURN)
    entry = app.scene
    assert entry.name == "score_hand" and entry.draft.at == 0
    entry.form.focus(entry.maal[0], keyboard=True)
    press(app, pygame.K_BACKSPACE)
    typed(app, "25")
    press(app, pygame.K_RETURN, pygame.KMOD_CTRL)
    after = keeper.sheet
    assert after.hands[1:] == before.hands[1:]
    assert [r.nets for r in after.results[1:]] == [r.nets for r in before.results[1:]]
    assert after.results[0].nets != before.results[0].nets
    shift = [a - b for a, b in zip(after.results[0].nets, before.results[0].nets, strict=True)]
    assert list(after.totals) == [t + d for t, d in zip(before.totals, shift, strict=True)]
    assert SheetStore(app.storage).load(after.sheet_id) == after


def test_a_hand_that_cannot_be_is_refused_on_screen_and_not_kept(app):
    start_sheet(app, "nepali")
    scene = app.scene
    typed(app, "7h")
    press(app, pygame.K_RETURN, pygame.KMOD_CTRL)  # nobody said who went out
    assert app.scene is scene and "went out" in scene.problem.reason
    press(app, pygame.K_RETURN)
    choose(app, scene.winner, 0)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    letter(app, "c")
    for _ in range(3):
        letter(app, "t")  # only two tiplus can be held: the picker stops at two
    press(app, pygame.K_RETURN)
    assert scene.draft.seats[0].cards == MaalCards(tiplus=2)
    scene.draft.seats[1].cards = MaalCards(tiplus=1)
    scene.recount()
    assert scene.problem is not None and "only 2 can be held" in scene.problem.reason.english
    press(app, pygame.K_RETURN, pygame.KMOD_CTRL)
    assert app.scene is scene
    press(app, pygame.K_ESCAPE)  # out of the field
    press(app, pygame.K_ESCAPE)  # leave: the question first
    assert app.scene.name == "confirm"
    press(app, pygame.K_ESCAPE)
    assert app.scene is scene


def test_sheets_are_listed_in_statistics_and_shared_as_picture_and_csv(app, tmp_path):
    start_sheet(app, "house")
    enter_hand(app, "house")
    keeper = app.scene
    sheet = keeper.sheet
    letter(app, "s")
    picture = tmp_path / "exports" / f"marriage-{sheet.sheet_id}.png"
    table = tmp_path / "exports" / f"marriage-{sheet.sheet_id}.csv"
    image = pygame.image.load(str(picture))
    assert image.get_width() >= 1000
    rows = list(csv.reader(io.StringIO(table.read_text(encoding="utf-8-sig"))))
    assert rows[0][:3] == ["Hand", "Tiplu", "Went out"]
    # Bina went out having seen with dublees: the route is kept, in her column and the hand's.
    assert rows[1][2] == "Bina (dublees)" and sheet.results[0].dublee_win
    assert rows[0][6] == "Bina: seen" and rows[1][6] == "seen with dublees"
    assert rows[1][3] == "seen" and rows[1][9] == "not seen"
    nets = [int(v) for v in rows[1][5::3]]
    assert tuple(nets) == sheet.results[0].nets
    totals = [int(v) for v in rows[2][5::3]]
    assert tuple(totals) == sheet.totals
    app.go_title()
    app.open("stats")
    stats = app.scene
    assert [k.sheet for k in stats.sheets.kept] == [sheet]
    stats.sheets.buttons[0].click()
    assert app.scene.name == "scorekeeper" and app.scene.sheet == sheet


def test_sharing_again_never_writes_over_a_shared_file(app, tmp_path, monkeypatch):
    start_sheet(app, "nepali")
    enter_hand(app, "nepali")
    sheet = app.scene.sheet
    letter(app, "s")
    first = tmp_path / "exports" / f"marriage-{sheet.sheet_id}.csv"
    first.write_bytes(b"the family's own notes")  # edited since, or a sheet of its own
    for _ in range(10):
        app.step([], 1.0)  # the first toast has gone
    letter(app, "s")
    assert first.read_bytes() == b"the family's own notes"
    second = tmp_path / "exports" / f"marriage-{sheet.sheet_id} (2).csv"
    assert second.exists() and (second.with_suffix(".png")).exists()
    assert second.read_bytes() != first.read_bytes()
    drawn = " ".join(Trace(monkeypatch).draw(app).trace.heard)
    assert f"marriage-{sheet.sheet_id} (2).csv" in drawn  # the toast names the new file
    # A picture alone in the way moves both on, so a picture and its table keep one name.
    (tmp_path / "exports" / f"marriage-{sheet.sheet_id} (3).png").write_bytes(b"kept")
    letter(app, "s")
    assert (tmp_path / "exports" / f"marriage-{sheet.sheet_id} (3).png").read_bytes() == b"kept"
    assert (tmp_path / "exports" / f"marriage-{sheet.sheet_id} (4).csv").exists()
    assert not (tmp_path / "exports" / f"marriage-{sheet.sheet_id} (3).csv").exists()


def test_the_title_takes_up_the_open_sheet_and_a_closed_one_stays_listed(app):
    start_sheet(app, "contract")
    enter_hand(app, "contract")
    keeper = app.scene
    sheet = keeper.sheet
    app.go_title()
    app.scene.keep_score()
    assert app.scene.name == "scorekeeper" and app.scene.sheet == sheet
    app.scene.close_match()
    press(app, pygame.K_TAB)
    app.scene.yes_button.click()
    closed = app.scene.sheet
    assert closed.closed is not None
    assert SheetStore(app.storage).open_sheet() is None
    app.go_title()
    app.scene.keep_score()
    assert app.scene.name == "score_setup"
    assert tuple(name for name, _kind in app.scene.seats) == NAMES  # the last sheet's players


def test_a_damaged_sheet_is_kept_aside_and_said_and_the_others_still_read(app, tmp_path):
    store = SheetStore(app.storage)
    good = ScoreSheet(NAMES, PRESETS["nepali"], started=1.0, sheet_id="20261012-193000-aaaa")
    store.save(good)
    broken = tmp_path / "score sheets" / "20261013-193000-bbbb.json"
    broken.write_text('{"version": 1, "names": ["Asha"', encoding="utf-8")
    assert [k.sheet for k in store.kept()] == [good]
    assert not broken.exists()
    aside = list((tmp_path / "score sheets").glob("20261013-193000-bbbb.damaged-*.json"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8").startswith('{"version"')
    notices = app.storage.take_notices()
    assert any("could not be read" in n.english and "kept aside" in n.english for n in notices)


def test_a_click_chooses_a_hand_and_a_second_click_opens_it(app):
    start_sheet(app, "nepali")
    enter_hand(app, "nepali")
    letter(app, "n")
    app.scene.draft.tiplu_text = "kd"
    app.scene.draft.went_out(0)
    press(app, pygame.K_RETURN, pygame.KMOD_CTRL)
    keeper = app.scene
    assert keeper.selected == 1
    first = next(rect for i, rect in keeper.grid.row_rects if i == 0)
    for _ in range(2):
        app.step(
            [
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=first.center, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=first.center, button=1),
            ],
            DT,
        )
    assert keeper.selected == 0
    assert app.scene.name == "score_hand" and app.scene.draft.at == 0


def test_the_nepali_csv_sets_a_latin_name_apart_from_its_postposition_as_the_screen(
    app, tmp_path, monkeypatch
):
    from marriage_gui.art.fonts import SET_APART, render

    start_sheet(app, "nepali")
    enter_hand(app, "nepali")
    app.set_language("ne")
    sheet = app.scene.sheet
    app.step([], DT)
    drawn = Trace(monkeypatch).draw(app).trace.heard
    letter(app, "s")
    table = tmp_path / "exports" / f"marriage-{sheet.sheet_id}.csv"
    text = table.read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    # The settling line the screen draws is the CSV's last, set apart as it is drawn.
    settle = next(t for t in drawn if t.startswith("खेलको हिसाब मिलाउन"))
    spaced = re.sub(r"(?<=[A-Za-z])ले", SET_APART + "ले", settle)
    assert spaced != settle and rows[-1] == [spaced]
    assert not any(f"{n}ले" in text for n in NAMES)
    assert any(f"{n}{SET_APART}ले" in text for n in NAMES)
    # The screen draws that name and its postposition apart too: wider than glued.
    name = next(n for n in NAMES if f"{n}ले" in settle)
    glued = render(f"{name}ले", 20, (255, 255, 255)).get_width()
    assert (
        glued
        > render(name, 20, (255, 255, 255)).get_width()
        + render("ले", 20, (255, 255, 255)).get_width()
        - 1
    )
