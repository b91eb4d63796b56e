"""The translation catalogs: the template is in step with the code, the Nepali catalog is
whole (nothing missing, nothing fuzzy, the same fields as the English), and no word is handed
to the screen without being marked."""

from __future__ import annotations

import ast
import gettext
import importlib.util
import io
import re
import string
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUI = ROOT / "marriage_gui"


def _catalogs():
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "build" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


catalogs = _catalogs()


@pytest.fixture(scope="module")
def template():
    return catalogs.read(catalogs.TEMPLATE)


@pytest.fixture(scope="module")
def nepali():
    return catalogs.read(catalogs.LOCALE / "ne" / "LC_MESSAGES" / "marriage.po")


def test_the_template_is_in_step_with_the_code():
    made = catalogs.template_text(catalogs.extract())
    kept = catalogs.TEMPLATE.read_bytes()
    assert made == kept, (
        "marriage_gui/locale/marriage.pot is behind the code: run "
        "`python build/catalogs.py extract` then `python build/catalogs.py update`"
    )


def test_the_template_holds_the_game_words(template):
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    # A few words from each part of the game: menus, table, rules, engine, network.
    for word in ("Settings", "New game", "Devanagari digits"):
        assert word in ids
    assert len(ids) > 300


def _fields(text: str) -> set[str]:
    return {name for _t, name, _s, _c in string.Formatter().parse(text) if name is not None}


def _ids(message) -> tuple[str, ...]:
    return message.id if isinstance(message.id, tuple) else (message.id,)


def _strs(message) -> tuple[str, ...]:
    return message.string if isinstance(message.string, tuple) else (message.string,)


def test_every_message_has_its_nepali(template, nepali):
    missing = [m.id for m in template if m.id and (nepali.get(m.id) is None)]
    assert missing == [], f"{len(missing)} messages have no Nepali entry: {missing[:10]}"
    empty = [m.id for m in template if m.id and not all(_strs(nepali.get(m.id)))]
    assert empty == [], f"{len(empty)} messages are not translated: {empty[:10]}"


def test_no_nepali_message_is_fuzzy(nepali):
    fuzzy = [m.id for m in nepali if m.id and m.fuzzy]
    assert fuzzy == [], f"fuzzy (to be checked by a translator): {fuzzy[:10]}"


def _english_for_form(message, form: int, plural_of) -> str:
    """The English a plural form translates: the singular for the form a count of one takes,
    the plural for every other."""
    ids = _ids(message)
    return ids[0] if len(ids) == 1 or form == plural_of(1) else ids[1]


def misplaced_fields(catalog) -> list[tuple[str, str]]:
    """Every msgstr (each plural form apart) that lacks a field of the English it translates,
    or names one it lacks, or whose braces are broken: (msgid, msgstr)."""
    plural_of = catalog.plural_expr and _plural_function(catalog.plural_expr)
    wrong = []
    for m in catalog:
        if not m.id:
            continue
        for form, text in enumerate(_strs(m)):
            if not text:
                continue  # missing: the test above says so
            try:
                got = _fields(text)
            except ValueError as exc:
                wrong.append((_ids(m)[0], f"broken braces: {exc}"))
                continue
            if got != _fields(_english_for_form(m, form, plural_of)):
                wrong.append((_ids(m)[0], text))
    return wrong


def _plural_function(expr: str):
    """The catalog's ``Plural-Forms`` rule as a function of the count."""
    return gettext.c2py(expr)


def test_nepali_keeps_every_field_of_its_english_in_every_plural_form(nepali):
    """Each msgstr keeps every ``{field}`` of its msgid, each plural form those of the English
    form it stands for (``{n}`` too: "1 card" is said with its number), and adds none."""
    assert misplaced_fields(nepali) == []


def test_the_field_check_finds_a_lost_field_in_any_plural_form(nepali):
    from babel.messages.catalog import Catalog

    sample = Catalog(locale="ne")
    sample.add("{name} drew", "{name}ले तान्नुभयो")
    sample.add("you pay {payee} {amount}", "तपाईंले तिर्ने")  # lost both
    sample.add(("{n} card", "{n} cards"), ("एक पत्ती", "{n} पत्ती"))  # singular lost {n}
    sample.add(("{n} hand of {cards}", "{n} hands of {cards}"), ("{n} बाजी {cards}", "{n} बाजी"))
    sample.add("{rule} is {value}", "{rule} {value} {extra}")  # added one
    found = [msgid for msgid, _text in misplaced_fields(sample)]
    assert found == [
        "you pay {payee} {amount}",
        "{n} card",
        "{n} hand of {cards}",
        "{rule} is {value}",
    ]


def test_nepali_plural_forms_and_charset(nepali):
    assert nepali.plural_forms == "nplurals=2; plural=(n != 1);"
    assert nepali.locale is not None and str(nepali.locale) == "ne"


def test_the_compiled_nepali_catalog_says_the_words(nepali):
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, nepali, use_fuzzy=False)
    out.seek(0)
    words = gettext.GNUTranslations(out)
    assert words.gettext("Settings") != "Settings"
    assert re.search("[\u0900-\u097f]", words.gettext("New game"))


# --- No word reaches the screen unmarked --------------------------------------------------------

#: Calls that put their first argument (or a keyword) on screen.
SHOWN_FIRST = {"text", "render", "toast", "fit", "shrunk", "wrap", "Button"}
SHOWN_KEYWORDS = {"label", "tooltip", "heading", "title", "placeholder", "hint", "prompt"}
MARKERS = {"_", "N_", "ngettext", "say", "say_n", "word"}
_LETTERS = re.compile(r"[A-Za-z]{2,}")
#: Strings that are not words: key caps, symbols, sample text for measuring.
NOT_WORDS = {"Ag", "Ag♦", "Esc", "F1", "F11", "Alt", "Enter", "Tab", "OK"}


def _literal_words(node: ast.AST) -> str | None:
    """The English a literal or an f-string puts on screen, or None if it has none."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
    else:
        return None
    words = [w for w in _LETTERS.findall(text) if w not in NOT_WORDS]
    return text if words and text not in NOT_WORDS else None


def _name(func: ast.AST) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def unmarked(path: Path) -> list[str]:
    """Literal English handed straight to a showing call, or set as a screen's heading."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name in MARKERS:
                continue
            shown = []
            if name in SHOWN_FIRST and node.args:
                shown.append(node.args[0])
            shown += [k.value for k in node.keywords if k.arg in SHOWN_KEYWORDS]
            for arg in shown:
                words = _literal_words(arg)
                if words is not None:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {words!r}")
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            targets = [_name(t) for t in node.targets]
            if any(t in ("heading", "title") for t in targets):
                words = _literal_words(node.value)
                if words is not None:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {words!r}")
    return found


#: Files whose text is never a person's reading: the install check draws a sample line.
NOT_SHOWN = {"selftest.py"}


def test_no_word_is_handed_to_the_screen_unmarked():
    paths = [p for p in sorted(GUI.rglob("*.py")) if p.name not in NOT_SHOWN]
    found = [line for path in paths for line in unmarked(path)]
    assert found == [], "\n".join(found)


def test_the_unmarked_finder_finds(tmp_path):
    sample = ROOT / "marriage_gui" / "_sample_for_test.py"
    try:
        sample.write_text(
            "def f(theme, app, name):\n"
            "    theme.text('Deal again', 12)\n"
            "    app.toast(f'Pass to {name}')\n"
            "    theme.text(_('Deal again'), 12)\n"
            "    Button(label='Quit')\n"
            "    marks.add('dim')\n",
            encoding="utf-8",
        )
        assert len(unmarked(sample)) == 3
    finally:
        sample.unlink()


# --- One idea, one word (the Nepali reader's review) --------------------------------------------

#: Words the Nepali catalog no longer uses, each with the one it says instead (docs/translating.md).
NOT_SAID = {
    "मेल्ड": "सेट (a meld), प्योर सेट",
    "डेडवुड": "बाँकी पत्ती",
    "प्रशिक्षक": "कोच",
    "विजेता": "जित्ने",
    "कुञ्जी": "की",
    "घरायसी": "घरको नियम",
    "सिड": "खेल नम्बर",
    "अनियमित": "जुनसुकै",
    "तिराइ": "लेनदेन",
    "दण्ड": "लाग्ने अङ्क",
    "अद्यावधिक": "अपडेट",
    "प्रतीक्षा": "पर्खाइ",
    "ऋणात्मक": "माइनस",
    "तयारी नियम": "नियम-समूह",
    "आफैं": "आफैँ",
    "फेट्": "फिट्",
    "दैछ": "-दै छ, apart",
    "गर्य": "गर्\u200dयो (with the joiner)",
}
#: Patterns the catalog no longer writes: the log as लग (a log file aside), an ordinal after a
#: number (2 औँ), a hand counted as "4 मध्ये 2".
NOT_WRITTEN = {
    r"(?<![\u0900-\u097f])लग(?![\u0900-\u097f]| फाइल)": "खेलको विवरण",
    r"[}0-9]\s?औँ": "बाजी 2/4",
    r"\{(hands|total)\} मध्ये": "बाजी 2/4",
}
#: Single messages as the review words them.
SAID_SO = {
    "On": "चालु",
    "Off": "बन्द",
    "Group": "समूह बनाउनुहोस्",
    "Pair by pair": "कसले कसलाई",
    "You win": "तपाईंले जित्नुभयो",
    "{name} wins": "{name}ले जित्नुभयो",
    "Log": "खेलको विवरण",
    "Seed": "खेल नम्बर",
    "House rules": "घरको नियम",
    "Pass to {name}": "{name}लाई ल्यापटप दिनुहोस्",
}


def test_nepali_says_each_idea_with_one_word(nepali):
    found = []
    for m in nepali:
        if not m.id:
            continue
        for text in _strs(m):
            found += [(_ids(m)[0], w) for w in NOT_SAID if w in text]
            found += [(_ids(m)[0], p) for p in NOT_WRITTEN if re.search(p, text)]
    assert found == [], found
    assert {k: nepali.get(k).string for k in SAID_SO} == SAID_SO
