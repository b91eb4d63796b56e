"""The tuned weights of the bots' judgement, as plain data written by ``bench/tune.py``.

They live in a Python literal rather than a JSON file so that an installed or frozen game loads
them with the code, with no data file to lose. Change them by re-running the tuner.
"""

from __future__ import annotations

from collections.abc import Mapping

# -- written by bench/tune.py: begin
WEIGHTS: dict[str, float] = {
    "danger": 3.75,
    "danger_dublee_live": 1.5,
    "danger_live": 0.45,
    "danger_seen": 2.25,
    "maal": 0.8,
    "dead_partial": 0.6,
    "take_unseen_gain": 3.0,
    "take_edge_seen": 0.0,
    "take_edge_unseen": 1.5,
    "pair": 3.0,
    "run_near": 1.6,
    "run_gap": 0.9,
    "rank_mate": 0.25,
}
# -- written by bench/tune.py: end


#: A set of weights by name (the tuner tries others; the bots default to ``WEIGHTS``).
Weights = Mapping[str, float]


def weight(name: str, weights: Weights | None = None) -> float:
    """One weight by name, from ``weights`` or the tuned set."""
    return (WEIGHTS if weights is None else weights)[name]
