"""What a view tells a screen that cannot run the engine (the phone page): the hand grouped as
Group groups it, the seat's maal so far and the wild cards it knows. Each is checked by a second
route: the groups by the meld rules, the maal counted here from the seat's cards, the wild cards
against the tiplu's ``Wilds``."""

import pytest

from engine import PRESETS, Game
from engine.ai import make_bot
from engine.cards import CARDS, code_of
from engine.scoring import maal_breakdown
from engine.view import PlayerView
from engine.wilds import Wilds


def positions(preset: str, players: int, seed: int, steps: int):
    g = Game.new(PRESETS[preset], players, seed)
    bots = {s: make_bot("easy", 50 + s) for s in range(players)}
    for _ in range(steps):
        yield g
        if g.phase not in ("draw", "play"):
            return
        seat = g.current_player
        g.apply(bots[seat].choose(g.view(seat)))


@pytest.mark.parametrize(("preset", "players", "seed"), [("nepali", 4, 3), ("house", 3, 11)])
def test_groups_are_melds_then_the_loose_cards(preset, players, seed):
    checked = 0
    for g in positions(preset, players, seed, 120):
        for seat in range(players):
            view = g.view(seat)
            groups = view.groups
            if view.phase not in ("draw", "play"):
                assert groups == ()  # between hands there is nothing to arrange
                continue
            assert sorted(i for grp in groups for i in grp) == sorted(view.hand)
            *melds, loose = groups
            for meld in melds:
                if len(meld) == 2:  # a pair kept together, as Group keeps one
                    assert code_of(meld[0]) == code_of(meld[1])
                else:
                    assert view.is_complete(meld), (seat, meld)
            assert loose == tuple(sorted(loose, key=lambda i: _suit_order(code_of(i))))
            checked += len(melds)
    assert checked > 50


def _suit_order(code: int) -> tuple[int, int]:
    return ((0, 1, 3, 2)[code // 13] if code < 52 else 4, code % 13)


def counted_by_hand(view):
    """The seat's maal counted here, from its cards: hand and shown melds, dealt tunnelas
    apart, with the wilds of its tiplu (the desktop's panel counted so before views did)."""
    if view.tiplu_id is None or not view.seen[view.seat] or not view.rules.scores_maal:
        return None
    wilds = Wilds(view.tiplu, view.rules)
    shown = [(kind, [CARDS[code_of(i)] for i in ids]) for kind, ids in view.shown[view.seat]]
    cards = [CARDS[code_of(i)] for i in view.hand] + [c for _k, m in shown for c in m]
    return maal_breakdown(
        cards,
        wilds,
        view.rules,
        exposed_tunnelas=[m for kind, m in shown if kind == "tunnela"],
        seen=True,
        shown=[m for kind, m in shown if kind != "tunnela"],
    )


def test_maal_and_wild_cards_are_counted_from_the_seats_own_cards():
    from marriage_gui.table.maal import seat_maal

    seen_views = 0
    for g in positions("nepali", 4, 5, 400):
        for seat in range(4):
            view = g.view(seat)
            assert view.maal == counted_by_hand(view) == seat_maal(view)
            if view.wilds is None:
                assert view.wild_roles == () and view.maal is None
                continue
            seen_views += 1
            wilds = Wilds(view.tiplu, view.rules)
            assert [code for code, _role in view.wild_roles] == wilds.wild_codes()
            for code, role in view.wild_roles:
                assert wilds.role(CARDS[code]).value == role
    assert seen_views > 5


def test_the_facts_travel_and_come_back():
    for g in positions("nepali", 4, 5, 200):
        view = g.view(1)
        back = PlayerView.from_dict(view.to_dict())
        assert (back.groups, back.maal, back.wild_roles) == (
            view.groups,
            view.maal,
            view.wild_roles,
        )


def test_a_view_read_without_them_works_them_out_itself():
    """Older data leaves them out, and a laptop is sent a view without them: the reader works
    out the same facts from the view when it reads them."""
    view = Game.new(PRESETS["nepali"], 3, 1).view(0)
    data = view.to_dict()
    assert data["groups"] == [] and data["maal"] is None and data["wild_roles"] == []
    for name in ("groups", "maal", "wild_roles"):
        del data[name]
    back = PlayerView.from_dict(data)
    assert back.groups and back.groups == view.groups
    assert (back.maal, back.wild_roles) == (view.maal, view.wild_roles)


def test_a_damaged_maal_count_is_refused():
    data = Game.new(PRESETS["nepali"], 3, 1).view(0).to_dict()
    data["maal"] = {"total": 3, "items": [["tiplu", "ZZ", 3]]}
    with pytest.raises(ValueError, match="maal"):
        PlayerView.from_dict(data)
