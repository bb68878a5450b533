"""The bots' trick count per suit: the lesson shows the figures whose sum the hint uses."""

from __future__ import annotations

import pytest

import batak_core as bc
from batak_core.ai.bots.evaluate import best_trump, estimate_by_suit, trick_estimate


def _reference_estimate(hand: int, trump: int) -> float:
    """trick_estimate as it was before the per-suit split, verbatim: the bots' numbers must not move."""
    def has(pattern: int, rank: int) -> int:
        return pattern >> (rank - 2) & 1

    total = 0.0
    trump_length = (hand >> 13 * trump & 0x1FFF).bit_count()
    for suit in range(4):
        pattern = hand >> 13 * suit & 0x1FFF
        length = pattern.bit_count()
        ace, king, queen, jack = (has(pattern, r) for r in (14, 13, 12, 11))
        if suit == trump:
            honours = ace + 0.9 * king * (length >= 2) + 0.7 * queen * (length >= 3) + 0.4 * jack * (length >= 4)
            total += honours + 0.85 * max(0, length - 3)
            continue
        total += ace * (1.0 if length <= 5 else 0.85)
        total += king * (0.85 if ace else 0.5 if length >= 2 else 0.1)
        total += queen * (0.5 if (ace or king) and length >= 3 else 0.2 if length >= 3 else 0.0)
        if length <= 1 and trump_length >= 4:
            total += 0.45 * (2 - length)
    return total


def test_trick_estimate_keeps_the_bots_numbers_exactly() -> None:
    for seed in range(300):
        for rules in (bc.preset("miniokey"), bc.preset("turkish", "gommeli")):
            deal = bc.Deal.random(rules, seed=seed)
            for seat in range(4):
                hand = deal.hand_mask(seat)
                for trump in range(4):
                    assert trick_estimate(hand, trump) == _reference_estimate(hand, trump)


def test_estimate_by_suit_adds_up_to_the_hints_count() -> None:
    for seed in range(100):
        hand = bc.Deal.random(bc.preset("classic"), seed=seed).hand_mask(seed % 4)
        for trump in range(4):
            parts = estimate_by_suit(hand, trump)
            assert list(parts) == list(bc.Suit)
            assert sum(parts.values()) == pytest.approx(trick_estimate(hand, trump), abs=1e-12)
    hand = bc.cards.mask_of(bc.parse_cards("AS KS QS 5S 4S AH 2H 3D"))
    parts = estimate_by_suit(hand, int(bc.Suit.SPADES))
    assert parts[bc.Suit.SPADES] == pytest.approx(1 + 0.9 + 0.7 + 0.85 * 2)
    assert parts[bc.Suit.CLUBS] == pytest.approx(0.9)  # void: two ruffs' worth with five trumps
    assert best_trump(hand)[0] is bc.Suit.SPADES
