"""The expert's sampling reads the auction: bidders tend to get strong hands, passers weak ones,
the declarer length in its trump; facts still always win over clues."""

from __future__ import annotations

import dataclasses
import random
import statistics

from batak_core import Deal, preset
from batak_core.ai.bots.evaluate import best_trump
from batak_core.ai.bots.knowledge import AuctionClue, auction_clues, knowledge, sample_hands
from batak_core.cards import SUIT_MASKS


def declared(seed: int) -> Deal:
    """A miniokey deal where seat 1 bid 8 and made hearts trump, the others passing; seat 0 to lead."""
    deal = Deal.random(preset("miniokey"), seed=seed, dealer=3)
    deal.pass_bid()  # seat 0
    deal.bid(8)  # seat 1
    deal.pass_bid()
    deal.pass_bid()
    deal.declare_trump("H")
    return deal


def test_auction_clues_read_bids_passes_and_the_declarers_trump() -> None:
    deal = declared(5)
    view = deal.view(2)
    clues = {clue.seat: clue for clue in auction_clues(view)}
    assert set(clues) == {0, 1, 3}
    assert clues[1] == AuctionClue(1, bid=8, declined=0, trump=int(deal.trump or 0))
    assert clues[0].bid == 0 and clues[0].declined == deal.rules.min_bid
    assert clues[3].declined == 9  # it passed over the 8


def test_the_declarer_sampled_after_a_high_bid_holds_more_of_its_trump_and_more_strength() -> None:
    with_clues: list[int] = []
    without: list[int] = []
    strength_with: list[float] = []
    strength_without: list[float] = []
    hearts = SUIT_MASKS[1]
    for seed in range(12):
        deal = declared(seed)
        know = knowledge(deal.view(0))
        blind = dataclasses.replace(know, clues=())
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        for _ in range(20):
            a = sample_hands(know, rng_a)
            b = sample_hands(blind, rng_b)
            assert a is not None and b is not None
            with_clues.append((a[1] & hearts).bit_count())
            without.append((b[1] & hearts).bit_count())
            strength_with.append(best_trump(a[1])[1])
            strength_without.append(best_trump(b[1])[1])
    assert statistics.fmean(with_clues) > statistics.fmean(without) + 0.3
    assert statistics.fmean(strength_with) > statistics.fmean(strength_without) + 0.5


def test_an_unlikely_clue_never_stops_a_layout_that_fits_the_facts() -> None:
    deal = declared(3)
    know = knowledge(deal.view(0))
    impossible = dataclasses.replace(know, clues=(AuctionClue(1, bid=13, declined=0, trump=-1),
                                                  AuctionClue(2, bid=0, declined=1, trump=-1)))
    rng = random.Random(0)
    for _ in range(10):
        hands = sample_hands(impossible, rng)
        assert hands is not None
        for seat in range(4):
            assert hands[seat].bit_count() == 13
            if seat:
                assert not hands[seat] & know.excluded[seat]


def test_a_forced_lowest_bid_after_three_passes_is_no_clue() -> None:
    rules = preset("gamelake")
    deal = Deal.random(rules, seed=11, dealer=3)
    for _ in range(3):
        deal.pass_bid()
    deal.bid(deal.legal_bids()[0])  # the dealer may not pass here
    assert 3 not in {clue.seat for clue in auction_clues(deal.view(0))}
