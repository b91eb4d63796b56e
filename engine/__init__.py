"""The rules of Marriage: cards, wild cards, melds, scoring, the game state machine, solver, bots.

Pure Python; never imports pygame. Everything a program needs is importable from here.
"""

from engine.actions import (
    Action,
    Discard,
    DrawStock,
    ExposeTunnela,
    GoOut,
    NextHand,
    See,
    TakeDiscard,
    parse_action,
)
from engine.cards import Card, format_cards, parse_card, parse_cards
from engine.deadwood import DeadwoodResult, deadwood, deadwood_scores
from engine.events import Event
from engine.game import Game, GameLog, IllegalAction
from engine.match import LocalMatch, Match, Update
from engine.melds import MeldKind, classify_meld
from engine.record import MatchRecord
from engine.result import HandResult
from engine.rules import PRESETS, RuleSet
from engine.scoring import (
    MaalBreakdown,
    MaalItem,
    contract_scores,
    maal_breakdown,
    maal_points,
    settle,
)
from engine.solver import (
    Distance,
    Finish,
    can_go_out,
    distance,
    find_going_out,
    going_out_options,
    outs,
    seeing_options,
)
from engine.view import PlayerView
from engine.wilds import Role, Wilds

__all__ = [
    "PRESETS",
    "Action",
    "Card",
    "DeadwoodResult",
    "Discard",
    "Distance",
    "DrawStock",
    "Event",
    "ExposeTunnela",
    "Finish",
    "Game",
    "GameLog",
    "GoOut",
    "HandResult",
    "IllegalAction",
    "LocalMatch",
    "MaalBreakdown",
    "MaalItem",
    "Match",
    "MatchRecord",
    "MeldKind",
    "NextHand",
    "PlayerView",
    "Role",
    "RuleSet",
    "See",
    "TakeDiscard",
    "Update",
    "Wilds",
    "can_go_out",
    "classify_meld",
    "contract_scores",
    "deadwood",
    "deadwood_scores",
    "distance",
    "find_going_out",
    "format_cards",
    "going_out_options",
    "maal_breakdown",
    "maal_points",
    "outs",
    "parse_action",
    "parse_card",
    "parse_cards",
    "seeing_options",
    "settle",
]
