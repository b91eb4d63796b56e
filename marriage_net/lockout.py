"""The table code's lockout: wrong guesses from one address wait longer, then are turned away.

Only a guess made without a seat counts: a player who shows a valid seat token (or the host's
own screen, with its secret) is let in before the lockout is even looked at, so a code-guesser
behind the same router as the players cannot lock them out of their seats.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

FORGOTTEN_AFTER = 600.0  # seconds after the last wrong code that an address starts afresh


@dataclass
class WrongCodes:
    """Wrong table codes by address: how many, and when the last one came."""

    limit: int = 20  # wrong codes from one address before it is turned away
    wait_max: float = 5.0  # the longest a wrong code waits before its answer
    forgotten_after: float = FORGOTTEN_AFTER
    _seen: dict[str, tuple[int, float]] = field(default_factory=dict)

    def count(self, address: str) -> int:
        """Wrong codes from ``address`` that still count."""
        fails, last = self._seen.get(address, (0, 0.0))
        if fails and time.monotonic() - last > self.forgotten_after:
            del self._seen[address]
            return 0
        return fails

    def locked(self, address: str) -> bool:
        """Whether ``address`` has guessed wrong too often to be heard now."""
        return self.count(address) >= self.limit

    def wrong(self, address: str) -> float:
        """Count one wrong code from ``address``; how long to wait before answering it.

        Each wait doubles: guessing a million codes from one place stalls.
        """
        fails = self.count(address)
        self._seen[address] = (fails + 1, time.monotonic())
        return float(min(0.2 * 2**fails, self.wait_max))

    def forget(self, address: str) -> None:
        """``address`` gave the right code: its count starts afresh."""
        self._seen.pop(address, None)
