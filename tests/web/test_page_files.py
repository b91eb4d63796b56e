"""The page's files say what the game says: the protocol's version and refusals, the engine's
settlement, the desktop's card faces, the catalogs; and the whole page stays small."""

import json
import random
import re

import pytest

from engine import PRESETS
from engine.ledger import describe_payments, ledger, payments
from engine.result import HandResult
from marriage_gui import language
from marriage_net import page
from marriage_net import protocol as p
from marriage_net.page import FILES, load_files

WEB = page.PAGE_DIR


def test_the_page_speaks_the_protocols_version():
    found = re.search(r"export const PROTO = (\d+);", (WEB / "net.js").read_text())
    assert found and int(found.group(1)) == p.PROTO


def test_the_page_words_every_refusal_as_the_protocol_does():
    text = (WEB / "screens.js").read_text()
    text = text[text.index("export const REFUSAL_WORDS = {") :]
    text = text[: text.index("};")]
    table = dict(re.findall(r'^\s+(\w+): N_\("((?:[^"\\]|\\.)*)"\),$', text, re.M))
    assert table == {str(k): v.english for k, v in p._REFUSAL_WORDS.items()}
    for code in p.Refusal:
        assert code.value in table or code in (p.Refusal.ILLEGAL, p.Refusal.BAD_ACTION)


def test_the_whole_page_with_its_art_and_fonts_is_at_most_one_and_a_half_megabytes():
    files = load_files()
    assert set(files) == set(FILES), "every file of the page is there"
    total = sum(len(f.body) for f in files.values())
    assert total <= 1.5 * 1024 * 1024, total


def test_the_card_sheet_shows_the_desktops_faces():
    import importlib.util

    import pygame

    recipe = page.ROOT / "build" / "page_art.py"
    spec = importlib.util.spec_from_file_location("page_art", recipe)
    art = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(art)
    drawn = art.draw_sheet()
    kept = pygame.image.load(str(WEB / "cards.png"))
    assert kept.get_size() == drawn.get_size()
    a = pygame.image.tobytes(kept, "RGBA")
    b = pygame.image.tobytes(drawn, "RGBA")
    # The same drawing, whatever the CPU's rounding: no byte differs by more than a little.
    step = 97  # a sample of every channel across the sheet
    worst = max(abs(a[i] - b[i]) for i in range(0, len(a), step))
    assert worst <= 8


def test_the_pages_catalog_is_the_games_own():
    data = json.loads(page.page_words("ne"))
    ne = language.catalog("ne")
    words = data["words"]
    for msgid in ("Sort", "Group", "Go out", "Welcome back", "{name} drew from the stock"):
        assert words[msgid] == ne.gettext(msgid)
    assert words["{n} group found"] == [
        ne.ngettext("{n} group found", "{n} groups found", 1),
        ne.ngettext("{n} group found", "{n} groups found", 2),
    ]
    # Only what a phone can show: the desktop's own screens stay out.
    assert "Host a table" not in words
    assert data["plural"] == "one_other"


def test_every_word_the_pages_modules_mark_reaches_the_phone_in_nepali():
    from babel.messages.pofile import read_po

    template = read_po((page.ROOT / "marriage_gui" / "locale" / "marriage.pot").open("rb"))
    marked = {
        m.id if isinstance(m.id, str) else m.id[0]
        for m in template
        if m.id and any(path.startswith("marriage_net/web/") for path, _line in m.locations)
    }
    words = json.loads(page.page_words("ne"))["words"]
    assert len(marked) > 100
    assert sorted(marked - set(words)) == []
    for msgid in ("Play again", "Your turn clock ran out", "{prompt}  ·  {seconds} s, paused"):
        assert msgid in marked


@pytest.fixture(scope="module")
def sheet_page(browser):
    """A page with the sheet's module loaded (from a table's own door)."""
    from net.tablekit import HostThread

    from marriage_net.host import TableHost
    from marriage_net.seats import make_seats

    table = HostThread(
        lambda: TableHost(make_seats([("open", ""), ("easy", "")]), PRESETS["nepali"], 1)
    )
    context = browser.new_context()
    pg = context.new_page()
    pg.goto(f"http://127.0.0.1:{table.port}/")
    pg.evaluate("async () => { window.sheet = await import('./sheet.js'); }")
    yield pg
    context.close()
    table.stop()


def _result(rng, players, nets=None):
    """A finished hand's result: random maal, seers and winner; ``nets`` given or zero."""
    winner = rng.randrange(players)
    return {
        "hand_no": 0,
        "dealer": 0,
        "winner": winner,
        "reason": "went out",
        "dublee_win": False,
        "tiplu": None,
        "seen": [s == winner or rng.random() < 0.6 for s in range(players)],
        "points": [rng.choice([0, 0, 3, 5, 8, 12, 20]) for _ in range(players)],
        "breakdowns": [{"total": 0, "items": []}] * players,
        "nets": nets or [0] * players,
        "hands": [[]] * players,
        "shown": [[]] * players,
        "finish": [],
        "final_discard": None,
        "totals": [0] * players,
        "deadwood": [],
    }


def test_who_pays_whom_is_the_engines_settlement(sheet_page):
    rng = random.Random(35)
    names = ["Asha", "Bina", "Chandra", "Dipa", "Esha"]
    for _ in range(150):
        players = rng.randint(2, 5)
        nets = [rng.randint(-60, 60) for _ in range(players - 1)]
        nets.append(-sum(nets))
        ours = sheet_page.evaluate("(nets) => window.sheet.payments(nets)", nets)
        assert [tuple(x) for x in ours] == [(q.payer, q.payee, q.amount) for q in payments(nets)]
        for preset in ("nepali", "contract", "indian"):
            rules = PRESETS[preset]
            data = _result(rng, players)
            # The hand's nets as the engine scores them: what its ledger settles.
            data["nets"] = list(ledger(HandResult.from_dict(data), rules).nets)
            if preset == "indian":
                data["nets"] = [
                    0 if s == data["winner"] else rng.randint(0, 80) for s in range(players)
                ]
            result = HandResult.from_dict(data)
            words = sheet_page.evaluate(
                "([r, s, n]) => window.sheet.paymentWords(r, s, n)",
                [result.to_dict(), rules.scoring, names[:players]],
            )
            engine_words = describe_payments(ledger(result, rules), names[:players])
            assert words == engine_words.english, (preset, data)


def test_the_page_names_a_sentences_cards_from_its_card_fields_as_a_laptop_does(sheet_page):
    """The same engine sentences, worded by the page and by a laptop: the same words, the
    cards from their fields (a seat named like a card stays a name), a damaged card field "?"."""
    from engine.cards import parse_cards
    from engine.words import CODE_MARK, Cards, say
    from marriage_gui import language
    from tests.engine.test_card_fields import _walk

    sheet_page.evaluate("async () => { window.words = await import('./words.js'); }")
    language.use("en")
    said = [s for s in _walk(5, "nepali", 8)]
    said.append(say("{name} discarded {card}", name="AS", card=Cards.of(parse_cards("TH"))))
    codes = [s.code for s in said]
    page = sheet_page.evaluate("(codes) => codes.map((c) => window.words.said(c, ['AS']))", codes)
    assert page == [language.word(s) for s in said]
    assert page[-1] == "AS discarded 10♥"
    damaged = CODE_MARK + '["you threw {card}",{"card":{"cards":["10H"]}}]'
    assert sheet_page.evaluate("(c) => window.words.said(c)", damaged) == "?"
    # Plain words from an older release are still read for cards, names kept.
    old = sheet_page.evaluate("() => window.words.said('AS discarded 9C', ['AS'])")
    assert old == "AS discarded 9♣"
