"""Duplicate matches between two bot levels: the same deals played twice with the seats swapped,
so luck of the cards cancels and the difference measures skill.

Bot ``a`` sits in seats 0 and 2 and bot ``b`` in seats 1 and 3; then the same deal is played
again with ``a`` in 1 and 3. A deal's figure is (a's points − b's points) averaged over the two
tables; the match reports the mean with a 95% confidence interval (normal approximation).
Any preset and variant plays: in Eşli the two ``a`` seats are partners, and where the declarer
plays an open dummy (classic Eşli) the declarer's bot chooses the dummy's cards too. A bot
matched against itself scores exactly 0, and the same seed always gives the same result.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ..deal import Deal
from ..errors import shorten
from ..i18n import format_number, ngettext
from ..rules import RuleSet, Variant, preset
from ..shuffle import check_seed, derive_seed
from .bots import LEVELS, Bot, get

Z_95 = 1.96

BotMaker = Callable[[str, int], Bot]
"""Makes a player's bot from its name and seed: ``bots.get`` for the levels; a benchmark may
name bots its own way (say, one level with other search settings)."""


@dataclass(frozen=True)
class MatchResult:
    """Points per deal, ``a`` minus ``b``: mean and 95% interval, plus each deal's figure."""

    rules: str
    a: str
    b: str
    deals: int
    mean_diff: float
    ci_low: float
    ci_high: float
    diffs: tuple[float, ...]
    variant: str = Variant.IHALELI.value

    def summary(self) -> str:
        label = self.rules if self.variant == Variant.IHALELI else f"{self.rules} {self.variant}"
        # Translators: {a} and {b} are bot levels ("expert", "club"), which stay as they are; the mean and the
        # interval's ends come signed ("+0.46"); CI is the 95% confidence interval.
        return f"{label:9} " + ngettext(
            "{a} vs {b}: {mean} points per deal (95% CI {low} .. {high}, {deals} deal)",
            "{a} vs {b}: {mean} points per deal (95% CI {low} .. {high}, {deals} deals)", self.deals).format(
            a=self.a, b=self.b, mean=format_number(self.mean_diff, 2, signed=True),
            low=format_number(self.ci_low, 2, signed=True), high=format_number(self.ci_high, 2, signed=True),
            deals=self.deals)


def play_out(deal: Deal, levels: tuple[str, str, str, str], seed: int, make: BotMaker = get) -> list[int]:
    """Play a deal to the end with one bot per seat; the points per seat.

    Each decision goes to the seat that decides it (``deal.decider``): the declarer plays an open
    dummy's cards."""
    bots = [make(level, seed * 4 + seat) for seat, level in enumerate(levels)]
    while not deal.is_finished:
        seat = deal.decider
        assert seat is not None
        deal.act(bots[seat].choose(deal.view(seat)))
    return deal.scores()


def duplicate_deal(rules: RuleSet, a: str, b: str, seed: int, index: int, make: BotMaker = get) -> float:
    """One deal at both tables: (a's points − b's points) averaged over the two seatings."""
    deal_seed = derive_seed(seed, index)
    total = 0
    # sign +1: a in seats 0 and 2; sign -1: the same deal with b there (by the seating, not by
    # comparing the names, so a bot against itself scores 0)
    for sign, first, second in ((1, a, b), (-1, b, a)):
        deal = Deal.random(rules, seed=deal_seed, dealer=index % 4)
        scores = play_out(deal, (first, second, first, second), deal_seed, make)
        total += sign * (scores[0] + scores[2] - scores[1] - scores[3])
    return total / 2


def match(rules: RuleSet | str, a: str, b: str, deals: int, seed: int = 0, workers: int = 1,
          make: BotMaker = get) -> MatchResult:
    """A duplicate match of ``deals`` deals between levels ``a`` and ``b``.

    ``workers`` > 1 spreads the deals over processes (the result does not depend on it). ``make``
    builds the bots from the names (with other makers than ``get``, a module-level function, so
    the worker processes can find it).
    """
    ruleset = preset(rules) if isinstance(rules, str) else rules
    if not isinstance(ruleset, RuleSet):
        raise ValueError(f"rules must be a preset name or a RuleSet (see batak_core.preset), not {shorten(rules)}")
    for level in (a, b):
        if make is get and level not in LEVELS:
            raise ValueError(f"unknown bot level {shorten(level)}; choose one of: {', '.join(LEVELS)}")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"a match needs at least one deal, not {shorten(deals)}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number of processes, at least 1, not {shorten(workers)}")
    try:
        check_seed(seed)
    except ValueError:
        raise ValueError(f"a seed must be a whole number from 0 to 2**64 - 1, not {shorten(seed)}") from None
    args = [(ruleset, a, b, seed, i, make) for i in range(deals)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            diffs = list(pool.map(_duplicate_star, args, chunksize=max(1, deals // (8 * workers))))
    else:
        diffs = [duplicate_deal(*arg) for arg in args]
    mean, low, high = mean_interval(diffs)
    return MatchResult(ruleset.name, a, b, deals, mean, low, high, tuple(diffs), ruleset.variant.value)


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of per-deal figures and its 95% interval (normal approximation; one deal: unbounded)."""
    mean = statistics.fmean(values)
    half = Z_95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def _duplicate_star(arg: tuple[RuleSet, str, str, int, int, BotMaker]) -> float:
    return duplicate_deal(*arg)
