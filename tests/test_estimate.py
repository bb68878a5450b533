"""The bots' trick count per suit: the lesson shows the figures whose sum the hint uses."""

from __future__ import annotations

from itertools import pairwise

import pytest

import batak_core as bc
from batak_core.ai.bots import fitted_estimate
from batak_core.ai.bots.evaluate import (
    SIDE_FEATURES,
    TRUMP_FEATURES,
    best_trump,
    defence_estimate,
    estimate_by_suit,
    trick_estimate,
)

PINNED: dict[tuple[int, int, int], float] = {
    (0, 0, 0): 1.768, (0, 0, 1): 2.809, (0, 0, 2): 1.094,
    (0, 0, 3): 2.516, (1, 1, 0): 5.388, (1, 1, 1): 2.865,
    (1, 1, 2): 3.1870000000000003, (1, 1, 3): 3.037, (2, 2, 0): 5.211,
    (2, 2, 1): 4.166, (2, 2, 2): 5.935, (2, 2, 3): 2.738,
    (3, 3, 0): 0.42600000000000005, (3, 3, 1): 0.7410000000000001, (3, 3, 2): 4.234999999999999,
    (3, 3, 3): 0.42600000000000005, (4, 0, 0): 1.2650000000000001, (4, 0, 1): 0.8419999999999999,
    (4, 0, 2): 1.904, (4, 0, 3): 0.8419999999999999, (5, 1, 0): 3.556,
    (5, 1, 1): 2.385, (5, 1, 2): 3.2830000000000004, (5, 1, 3): 1.861,
}
"""(seed, seat, trump) -> the fitted count of that seeded miniokey hand, as shipped: refitting
(``benchmarks/calibrate_bidding.py``) moves these numbers, and must update them on purpose."""


def test_trick_estimate_keeps_the_fitted_numbers() -> None:
    for (seed, seat, trump), expected in PINNED.items():
        hand = bc.Deal.random(bc.preset("miniokey"), seed=seed).hand_mask(seat)
        assert trick_estimate(hand, trump) == pytest.approx(expected, abs=1e-9)


def test_the_fitted_model_names_every_term() -> None:
    assert list(fitted_estimate.DECLARER_TRUMP) == list(fitted_estimate.DEFENCE_TRUMP) == list(TRUMP_FEATURES)
    assert list(fitted_estimate.DECLARER_SIDE) == list(fitted_estimate.DEFENCE_SIDE) == list(SIDE_FEATURES)
    assert 0.3 < fitted_estimate.DECLARER_SPREAD < 2 and 0.3 < fitted_estimate.DEFENCE_SPREAD < 2
    reach = fitted_estimate.BID_REACH
    assert len(reach) == 14 and all(a >= b for a, b in pairwise(reach))


def test_estimate_by_suit_adds_up_to_the_hints_count() -> None:
    for seed in range(100):
        hand = bc.Deal.random(bc.preset("classic"), seed=seed).hand_mask(seed % 4)
        for trump in range(4):
            parts = estimate_by_suit(hand, trump)
            assert list(parts) == list(bc.Suit)
            assert sum(parts.values()) == pytest.approx(trick_estimate(hand, trump), abs=1e-12)
    hand = bc.cards.mask_of(bc.parse_cards("AS KS QS 5S 4S AH 2H 3D"))
    parts = estimate_by_suit(hand, int(bc.Suit.SPADES))
    trump, side = fitted_estimate.DECLARER_TRUMP, fitted_estimate.DECLARER_SIDE
    assert parts[bc.Suit.SPADES] == pytest.approx(
        trump["base"] + trump["ace"] + trump["king"] + trump["queen"] + 5 * trump["length"] + 2 * trump["long"])
    assert parts[bc.Suit.CLUBS] == pytest.approx(5 * side["void ruffs"])  # a void with five trumps to ruff
    assert best_trump(hand)[0] is bc.Suit.SPADES


def test_the_preset_term_goes_to_the_trump_suit() -> None:
    hand = bc.Deal.random(bc.preset("danish"), seed=3).hand_mask(0)
    plain, danish = estimate_by_suit(hand, 1), estimate_by_suit(hand, 1, bc.preset("danish"))
    assert danish[bc.Suit.HEARTS] - plain[bc.Suit.HEARTS] == pytest.approx(fitted_estimate.PRESET_BASE["danish"])
    assert all(danish[s] == plain[s] for s in bc.Suit if s is not bc.Suit.HEARTS)


def test_defence_counts_high_cards_and_never_goes_below_zero() -> None:
    strong = bc.cards.mask_of(bc.parse_cards("AS KS AH KH AD KD AC KC 2S 3S 2H 3H 2D"))
    weak = bc.cards.mask_of(bc.parse_cards("2S 3S 4S 5S 2H 3H 4H 5H 2D 3D 4D 2C 3C"))
    trumpless = bc.cards.mask_of(bc.parse_cards("2H 3H 4H 5H 2D 3D 4D 5D 2C 3C 4C 5C 6C"))
    assert defence_estimate(strong, 0) > 4
    assert 0 <= defence_estimate(weak, 0) < 0.25  # four small trumps may still ruff once
    assert defence_estimate(trumpless, 0) == 0  # the terms add up below zero
