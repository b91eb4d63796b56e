"""Every reason a computer may play a person's seat (``protocol.WHY_*``) has its own words on
every screen: the note's title for the person, and the banner's line for the others, on the
laptop and on the phone page. A reason without them would fall back to another reason's words
(a player dealt out at Play again was once told "Welcome back" though they had never left)."""

from __future__ import annotations

import re
from pathlib import Path

from marriage_gui.table import net, seat_news
from marriage_net import protocol as p

WEB = Path(p.__file__).resolve().parent / "web"
WHYS = {v for k, v in vars(p).items() if k.startswith("WHY_")}


def _keys(js: str, const: str) -> set[str]:
    body = re.search(rf"const {const} = \{{(.*?)\n\}};", js, re.S)
    assert body, const
    return set(re.findall(r"^\s+(\w+): N_\(", body.group(1), re.M))


def test_every_reason_has_its_own_words_on_the_laptop():
    assert {"away", "clock", "host", "late"} == WHYS
    assert set(net._NOTE_TITLES) == WHYS
    assert set(seat_news._WHY) == WHYS
    assert len(set(net._NOTE_TITLES.values())) == len(WHYS)
    assert len(set(seat_news._WHY.values())) == len(WHYS)


def test_every_reason_has_its_own_words_on_the_phone_page():
    assert _keys((WEB / "screens.js").read_text(encoding="utf-8"), "NOTE_TITLES") == WHYS
    assert _keys((WEB / "table.js").read_text(encoding="utf-8"), "WHY") == WHYS
