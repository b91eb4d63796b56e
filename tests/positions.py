"""Arranging exact positions in a game for tests."""

from engine.cards import code_of, parse_cards


def _places(g):
    places = [g.stock, g.discards] + list(g.hands)
    return places


def rig(g, seat, text, stock_top=None, discard_top=None):
    """Swap physical cards so that ``seat`` holds exactly the cards ``text`` (same count as now).

    Every card stays in the game (only places are exchanged), so the shoe is conserved.
    """
    want = [c.code for c in parse_cards(text)]
    hand = g.hands[seat]
    assert len(want) == len(hand), f"seat {seat} holds {len(hand)} cards, not {len(want)}"
    keep, spare = [], list(hand)
    missing = []
    for code in want:
        for i in spare:
            if code_of(i) == code:
                keep.append(i)
                spare.remove(i)
                break
        else:
            missing.append(code)
    for code in missing:
        for place in [g.stock, g.discards] + [h for s, h in enumerate(g.hands) if s != seat]:
            found = next((i for i in place if code_of(i) == code), None)
            if found is not None:
                out = spare.pop()
                place[place.index(found)] = out
                keep.append(found)
                break
        else:
            raise AssertionError(f"no free copy of code {code}")
    hand[:] = keep
    for pile, text_top in ((g.stock, stock_top), (g.discards, discard_top)):
        if text_top is None:
            continue
        code = parse_cards(text_top)[0].code
        for place in [g.stock, g.discards] + [h for s, h in enumerate(g.hands) if s != seat]:
            found = next(
                (i for i in place if code_of(i) == code and not (place is pile and i == pile[-1])),
                None,
            )
            if found is not None:
                j = place.index(found)
                place[j], pile[-1] = pile[-1], place[j]
                break
        else:
            raise AssertionError(f"no free copy of {text_top}")
    g.events.clear()
    return g


def sensible_action(g, rng):
    """Go out, see or deal on whenever the game allows; otherwise any legal action."""
    from engine.actions import GoOut, NextHand, See

    legal = g.legal_actions()
    for kind in (GoOut, See, NextHand):
        found = [a for a in legal if isinstance(a, kind)]
        if found:
            return found[0]
    return rng.choice(legal)
