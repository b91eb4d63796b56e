"""The ledger of a finished hand: each player's net taken apart, and who pays whom.

``ledger(result, rules)`` splits every net of a ``HandResult`` into the parts a family
argues about at the table (§7, §9, §10): the maal difference, the seen or unseen fee, any
bonus, and deadwood. The parts of each player always add up to that player's net, and the
payments, fewest first, settle exactly those nets. A pure function of the result and rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.result import HandResult
from engine.rules import RuleSet
from engine.scoring import effective_maal
from engine.words import Said, clauses, commas, say

__all__ = ["Ledger", "Payment", "Share", "describe_payments", "ledger", "payments"]


@dataclass(frozen=True)
class Share:
    """One player's net for a hand, in parts (positive: received, negative: paid).

    ``maal`` is the maal difference under settlement and the maal points in a points race;
    ``fee`` the seen or unseen fee; ``bonus`` the dublee bonus (settlement) or the points for
    going out (contract); ``deadwood`` the deadwood charged (deadwood scoring).
    ``counted`` is the maal that took part in the settlement, after a murder or a kidnap.
    """

    maal: int = 0
    fee: int = 0
    bonus: int = 0
    deadwood: int = 0
    counted: int = 0

    @property
    def net(self) -> int:
        """The parts added up: the player's result for the hand."""
        return self.maal + self.fee + self.bonus + self.deadwood


@dataclass(frozen=True)
class Payment:
    """``payer`` gives ``payee`` ``amount`` points (always more than zero)."""

    payer: int
    payee: int
    amount: int


@dataclass(frozen=True)
class Ledger:
    """Every player's share, and the payments that settle a settlement hand (else none)."""

    scoring: str
    shares: tuple[Share, ...]
    payments: tuple[Payment, ...]

    @property
    def nets(self) -> tuple[int, ...]:
        """Each player's net, from the parts."""
        return tuple(s.net for s in self.shares)


def ledger(result: HandResult, rules: RuleSet) -> Ledger:
    """Split each net of ``result`` into maal, fee, bonus and deadwood under ``rules``."""
    n = len(result.nets)
    if result.void:
        return Ledger(rules.scoring, tuple(Share() for _ in range(n)), ())
    if rules.scoring == "contract":
        return Ledger("contract", _contract(result, rules), ())
    if rules.scoring == "deadwood":
        shares = tuple(Share(deadwood=net) for net in result.nets)
        return Ledger("deadwood", shares, ())
    shares = _settlement(result, rules)
    return Ledger("settlement", shares, payments([s.net for s in shares]))


def _contract(result: HandResult, rules: RuleSet) -> tuple[Share, ...]:
    n, winner = len(result.points), result.winner
    win = rules.contract_win_points * (n - 1)
    return tuple(
        Share(maal=p, bonus=win if s == winner else 0, counted=p)
        for s, p in enumerate(result.points)
    )


def _settlement(result: HandResult, rules: RuleSet) -> tuple[Share, ...]:
    winner, seen = result.winner, result.seen
    counted = effective_maal(result.points, winner, seen, rules)
    n, total = len(counted), sum(counted)
    # Everyone receives from everyone else the difference of their maal: n*s - total.
    maal = [n * s - total for s in counted]
    fee = [0] * n
    bonus = [0] * n
    if winner is not None:
        extra = rules.dublee_bonus if result.dublee_win else 0
        for s in range(n):
            if s == winner:
                continue
            paid = rules.seen_fee if seen[s] else rules.unseen_fee
            fee[s] -= paid
            fee[winner] += paid
            bonus[s] -= extra
            bonus[winner] += extra
    return tuple(
        Share(maal=maal[s], fee=fee[s], bonus=bonus[s], counted=counted[s]) for s in range(n)
    )


def payments(nets: Sequence[int]) -> tuple[Payment, ...]:
    """The fewest-at-the-table payments that settle ``nets`` (which must sum to zero).

    The biggest debtor pays the biggest creditor first, so no one both pays and receives and
    there are at most ``players - 1`` payments.
    """
    if sum(nets) != 0:
        raise ValueError("nets that do not sum to zero cannot be settled by payments")
    owe = {s: -v for s, v in enumerate(nets) if v < 0}
    due = {s: v for s, v in enumerate(nets) if v > 0}
    out: list[Payment] = []
    while owe:
        payer = max(owe, key=lambda s: (owe[s], -s))
        payee = max(due, key=lambda s: (due[s], -s))
        amount = min(owe[payer], due[payee])
        out.append(Payment(payer, payee, amount))
        for book, seat in ((owe, payer), (due, payee)):
            book[seat] -= amount
            if not book[seat]:
                del book[seat]
    return tuple(out)


def describe_payments(book: Ledger, names: Sequence[str]) -> Said:
    """One line for the table: who pays whom (or how the points race moved)."""
    if book.payments:
        # One clause per payer, in the order they first pay: "Dev pays Asha 16, Bina 11".
        by_payer: dict[int, list[Payment]] = {}
        for p in book.payments:
            by_payer.setdefault(p.payer, []).append(p)
        return clauses(
            [
                _pays(names[payer], [(names[p.payee], p.amount) for p in paid])
                for payer, paid in by_payer.items()
            ]
        )
    if book.scoring == "settlement":
        return say("Nobody pays anybody this hand.")
    if book.scoring == "contract":
        return clauses([_scores(names[s], share.net) for s, share in enumerate(book.shares)])
    charged = [(s, share.net) for s, share in enumerate(book.shares) if share.net]
    if not charged:
        return say("Nobody is charged this hand.")
    return clauses([_charged(names[s], points) for s, points in charged])


# "You pays" reads wrongly: the default seat name "You" has sentences of its own.
def _pays(name: str, paid: list[tuple[str, int]]) -> Said:
    payees = commas([_payee(payee, amount) for payee, amount in paid])
    if name == "You":
        # Translators: {payees} lists who is paid how much ("Asha 16, Bina 11").
        return say("You pay {payees}", payees=payees)
    # Translators: {payees} lists who is paid how much ("Asha 16, Bina 11").
    return say("{name} pays {payees}", name=name, payees=payees)


def _payee(name: str, amount: int) -> Said:
    if name == "You":
        # Translators: one payment to the person at this screen, said mid-sentence after "pays"
        # ("Ram pays you 16"): "you" in small letters.
        return say("you {amount}", amount=amount)
    # Translators: one payment: the name of who is paid, then the amount ("Asha 16").
    return say("{name} {amount}", name=name, amount=amount)


def _scores(name: str, points: int) -> Said:
    if name == "You":
        return say("You score {points}", points=points)
    return say("{name} scores {points}", name=name, points=points)


def _charged(name: str, points: int) -> Said:
    if name == "You":
        return say("You are charged {points}", points=points)
    return say("{name} is charged {points}", name=name, points=points)
