"""The README's "How to play" names every key the table answers to."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# pygame key names as the README writes them.
LABELS = {
    "ESCAPE": "**Esc**",
    "RETURN": "**Enter**",
    "KP_ENTER": "**Enter**",
    "SPACE": "**Space**",
    "LEFT": "←",
    "RIGHT": "→",
    "UP": "↑",
    "DOWN": "↓",
    "KP1": "**1**",
    "KP2": "**2**",
    "F1": "**F1**",
    "F11": "**F11**",
    "QUESTION": "**?**",
    "SLASH": "**?**",
    "z": "**Ctrl+Z**",
    "y": "**Ctrl+Y**",
    "HOME": "**Home**",
    "END": "**End**",
}

# Button hotkeys as the README writes them, where it differs from **Name**.
HOTKEY_LABELS = {"Left": "←", "Right": "→"}


def how_to_play() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## How to play")
    end = text.index("\n## ", start + 1)
    return text[start:end]


@pytest.mark.parametrize(
    "module",
    [
        "table/input.py",
        "table/scene.py",
        "table/dialogs.py",
        "table/net.py",
        "table/guide.py",
        "table/overlays.py",
        "scenes/replay.py",
        "scenes/hand_result.py",
        "scenes/match_over.py",
    ],
)
def test_every_table_key_is_in_the_readme(module):
    section = how_to_play()
    source = (ROOT / "marriage_gui" / module).read_text(encoding="utf-8")
    keys = sorted(set(re.findall(r"pygame\.K_(\w+)", source)))
    # A button's hotkey is a key too ("Enter", "R", "Left"), however the scene hears it.
    hotkeys = sorted(set(re.findall(r'hotkey="([^"]+)"', source)))
    assert keys or hotkeys, f"no keys found: has {module} moved?"
    missing = []
    for key in keys:
        label = LABELS.get(key, f"**{key.upper()}**")
        if label not in section:
            missing.append(f"K_{key} (as {label})")
    for name in hotkeys:
        label = HOTKEY_LABELS.get(name, f"**{name}**")
        if label not in section:
            missing.append(f"hotkey {name} (as {label})")
    assert missing == [], f"add these to README 'How to play': {missing}"


def test_the_pause_menu_and_controls_overlay_are_described():
    section = how_to_play()
    assert "in the pause menu, **Esc** resumes" in section
    assert "**F1** or **?**" in section
    assert "double-click" in section and "drag" in section and "right-click" in section


#: The score keeper's keys as its README section writes them.
SCORE_LABELS = {
    **LABELS,
    "TAB": "**Tab**",
    "DELETE": "**Del**",
    "PAGEUP": "**PgUp**",
    "PAGEDOWN": "**PgDn**",
}


@pytest.mark.parametrize(
    "module",
    [
        "scenes/score_hand.py",
        "scenes/scorekeeper.py",
        "scenes/maal_cards.py",
        "scenes/card_pick.py",
    ],
)
def test_every_score_keeper_key_is_in_its_readme_section(module):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Keep the score of a real game")
    section = text[start : text.index("\n## ", start + 1)]
    source = (ROOT / "marriage_gui" / module).read_text(encoding="utf-8")
    keys = set(re.findall(r"pygame\.K_(\w+)", source)) | set(
        re.findall(r"pygame\.KSCAN_(\w)\b", source)
    )
    hotkeys = set(re.findall(r'hotkey="([^"]+)"', source))
    assert keys, f"no keys found: has {module} moved?"
    missing = [k for k in keys if SCORE_LABELS.get(k, f"**{k.upper()}**") not in section]
    missing += [h for h in hotkeys if HOTKEY_LABELS.get(h, f"**{h}**") not in section]
    assert missing == [], f"add these to the README's score keeper section: {missing}"
