"""The tuned weights of the bots' judgement, as plain data written by ``bench/tune.py``.

They live in a Python literal rather than a JSON file so that an installed or frozen game loads
them with the code, with no data file to lose. Change them by re-running the tuner.
"""

from __future__ import annotations

# -- written by bench/tune.py: begin
WEIGHTS: dict[str, float] = {
    "danger": 2.5,
    "danger_dublee_live": 1.5,
    "danger_live": 0.3,
    "danger_seen": 1.5,
    "dead_partial": 0.6,
    "take_unseen_gain": 3.0,
}
# -- written by bench/tune.py: end


def weight(name: str) -> float:
    """One tuned weight by name."""
    return WEIGHTS[name]
