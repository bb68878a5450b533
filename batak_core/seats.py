"""Who sits where and who plays together: the one place partner seats are computed.

Seats are 0..3 in play order. In Eşli the partners sit opposite, 0+2 and 1+3, and their tricks
count together; in every other form each player is a side of their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import RuleSet


def partner(seat: int) -> int:
    """The seat opposite ``seat`` (the partner in Eşli)."""
    return seat ^ 2


def side_seats(rules: RuleSet, seat: int) -> tuple[int, ...]:
    """The seats whose tricks count together with ``seat``'s: the partners in Eşli, else the seat."""
    return (seat, partner(seat)) if rules.partnership else (seat,)


def side_mask(rules: RuleSet, seat: int) -> int:
    """``side_seats`` as a 4-bit mask (the solver's form)."""
    mask = 0
    for s in side_seats(rules, seat):
        mask |= 1 << s
    return mask


def side_tricks(rules: RuleSet, tricks_won: Sequence[int], seat: int) -> int:
    """Tricks won by ``seat``'s side."""
    return sum(tricks_won[s] for s in side_seats(rules, seat))


def contract_made(rules: RuleSet, declarer: int | None, contract: int | None,
                  tricks_won: Sequence[int]) -> bool | None:
    """Whether the declaring side has taken its contract so far; None where there is no contract."""
    if declarer is None or contract is None:
        return None
    return side_tricks(rules, tricks_won, declarer) >= contract
