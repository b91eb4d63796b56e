"""The hand solver: going out, seeing, and how far a hand is from either (RULES.md §5, §6).

One room for the searches the rules and the bots ask of a hand:

- ``going_out``: the finishes of a hand (``find_going_out``, ``can_go_out``, ``going_out_options``);
- ``onto_anyone``: the finishes that lay cards off onto other players' melds too;
- ``seeing``: the pure melds a hand may show to see (``seeing_options``, ``pure_melds_in``);
- ``distance``: cards missing to see and to go out (``distance``, ``outs``);
- ``search``, ``suits``, ``bounds``: the exact meld search over packed counts, its per-suit
  tables, and the quick bounds that end a hopeless search early.
"""

from engine.solver.distance import Distance, distance, outs
from engine.solver.going_out import Finish, can_go_out, find_going_out, going_out_options
from engine.solver.onto_anyone import onto_anyone
from engine.solver.seeing import pure_melds_in, seeing_options

__all__ = [
    "Distance",
    "Finish",
    "can_go_out",
    "distance",
    "find_going_out",
    "going_out_options",
    "onto_anyone",
    "outs",
    "pure_melds_in",
    "seeing_options",
]
