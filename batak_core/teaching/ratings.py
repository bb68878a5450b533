"""Glicko-2 ratings for the learner and for each puzzle (Glickman, "Example of the Glicko-2 system", 2013).

A puzzle attempt is one game between the learner and the puzzle: solving it is a win for the learner
and a loss for the puzzle, so easy puzzles sink and hard ones rise as learners try them. Ratings are
kept on the familiar Glicko scale (1500, RD 350 for someone new) and converted to the Glicko-2 scale
only inside ``update``, exactly as the paper's steps 1 to 8 do.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

SCALE: Final = 173.7178
"""Glicko points per Glicko-2 unit (the paper's step 2)."""
EPSILON: Final = 0.000001
"""The convergence tolerance of the volatility iteration (the paper's step 5)."""
TAU: Final = 0.5
"""The system constant: how much the volatility may change in one period (Glickman suggests 0.3 to 1.2)."""
START_RATING: Final = 1500.0
START_RD: Final = 350.0
"""An unrated player's RD; a long pause never makes anyone less certain than that."""
START_VOLATILITY: Final = 0.06
LOWEST: Final = 0.0
HIGHEST: Final = 4000.0
"""Ratings are kept between these: far beyond any real learner or puzzle, and near enough that
the formulas never overflow."""


def _positive(value: float, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
        raise ValueError(f"{what} must be a finite number above 0, not {value!r}")


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: the rating, its deviation (RD) and the volatility σ."""

    rating: float = START_RATING
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    def __post_init__(self) -> None:
        r = self.rating
        if isinstance(r, bool) or not isinstance(r, (int, float)) or not LOWEST <= r <= HIGHEST:
            raise ValueError(f"a rating must be a number from {LOWEST:g} to {HIGHEST:g}, not {r!r}")
        _positive(self.rd, "a rating deviation (RD)")
        if self.rd > START_RD:
            raise ValueError(f"a rating deviation (RD) is at most {START_RD:g}, not {self.rd!r}")
        _positive(self.volatility, "a rating volatility")

    @property
    def _mu(self) -> float:
        return (self.rating - START_RATING) / SCALE

    @property
    def _phi(self) -> float:
        return self.rd / SCALE


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi ** 2)


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance (0 to 1) that ``player`` beats ``opponent``, allowing for the opponent's uncertainty."""
    return _expected(player._mu, opponent._mu, opponent._phi)


def update(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period with ``results`` (opponent, score: 1.0 a win, 0.5 a
    draw, 0.0 a loss), all against the opponents' ratings from before the period; with no results only
    the RD grows (the paper's step 6), never past an unrated player's."""
    _positive(tau, "the system constant tau")
    for opponent, score in results:
        if not isinstance(opponent, Rating):
            raise ValueError(f"an opponent must be a Rating, not {type(opponent).__name__}")
        if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score <= 1:
            raise ValueError(f"a score is a number from 0 (a loss) to 1 (a win), not {score!r}")
    mu, phi, sigma = player._mu, player._phi, player.volatility
    if not results:
        return Rating(player.rating, min(SCALE * math.sqrt(phi * phi + sigma * sigma), START_RD), sigma)
    # step 3 (v) and step 4 (delta)
    v_inverse = 0.0
    improvement = 0.0
    for opponent, score in results:
        g = _g(opponent._phi)
        e = _expected(mu, opponent._mu, opponent._phi)
        v_inverse += g * g * e * (1 - e)
        improvement += g * (score - e)
    v = 1 / v_inverse
    delta = v * improvement
    new_sigma = _volatility(delta, phi, v, sigma, tau)
    # steps 6 and 7
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * improvement
    # step 8
    rating = min(max(SCALE * new_mu + START_RATING, LOWEST), HIGHEST)
    return Rating(rating, min(SCALE * new_phi, START_RD), new_sigma)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """The new volatility σ' (the paper's step 5): the root of f by the Illinois algorithm."""
    a = math.log(sigma * sigma)
    spread = phi * phi + v

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - spread - ex) / (2 * (spread + ex) ** 2) - (x - a) / (tau * tau)

    low = a
    if delta * delta > spread:
        high = math.log(delta * delta - spread)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        high = a - k * tau
    f_low, f_high = f(low), f(high)
    while abs(high - low) > EPSILON:
        middle = low + (low - high) * f_low / (f_high - f_low)
        f_middle = f(middle)
        if f_middle * f_high <= 0:
            low, f_low = high, f_high
        else:
            f_low /= 2
        high, f_high = middle, f_middle
    return math.exp(low / 2)


def solved(learner: Rating, puzzle: Rating, right: bool) -> tuple[Rating, Rating]:
    """A puzzle attempt as one game: the learner's and the puzzle's new ratings (a right answer is a
    win for the learner and a loss for the puzzle; both are rated against the other's old rating)."""
    if not isinstance(right, bool):
        raise ValueError(f"right must be True or False, not {right!r}")
    score = 1.0 if right else 0.0
    return update(learner, [(puzzle, score)]), update(puzzle, [(learner, 1.0 - score)])
