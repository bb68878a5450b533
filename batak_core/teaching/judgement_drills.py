"""Quiz questions on judgement: what a hand is worth before the auction (top tricks, when they are
sure, the count the hint bids by) and how to play the cards (declarer play, defence).

``hand_count`` is how the lessons count a hand before bidding: sure tricks from the top, and the
trick count the hint and the bots use (``evaluate.estimate_by_suit``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..ai.bots.evaluate import counting_trump, estimate_by_suit, trick_estimate
from ..cards import Card, Suit, describe_cards, mask_of, sorted_hand, suit_length
from ..deal import Deal, Phase
from ..rules import RuleSet
from . import drills

SURE_TRICKS: Final = "sure-tricks"
TRUMPS_OUT: Final = "trumps-out"


def sure_tricks(cards: Sequence[Card]) -> dict[Suit, int]:
    """Per suit, the cards that win from the top whatever the others hold: A, A-K, A-K-Q, ..."""
    out = {}
    for suit in Suit:
        ranks = {c.rank for c in cards if c.suit == suit}
        count = 0
        while 14 - count in ranks:
            count += 1
        out[suit] = count
    return out



def _sure_tricks(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Count the top-card winners of the deal's hand that has the most of them."""
    deal = Deal.random(rules, seed=seed)
    hand = max((deal.hand(s) for s in range(4)), key=lambda h: (sum(sure_tricks(h).values()), rng.random()))
    per_suit = sure_tricks(hand)
    total = sum(per_suit.values())
    parts = [f"{' '.join(Card(s, 14 - i).label for i in range(n))} ({n})" for s, n in per_suit.items() if n]
    why = (f"Sure tricks are the aces and the cards right below them that you also hold: "
           f"{', '.join(parts) or 'none here'}: {total} in all. A king without the ace is not sure: "
           "the ace can beat it.")
    return drills.ChoiceQuestion("sure-tricks", seed, rules,
                                 f"Your hand: {describe_cards(sorted_hand(hand))}. How many sure tricks "
                                 "does it hold (tricks its top cards win whatever the others hold)?",
                                 drills.number_choices(total, rng, rules.tricks_per_deal), str(total), SURE_TRICKS, why)


def _trumps_out(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """A deal played a few tricks forward: 13 trumps minus yours, minus the ones played, minus the
    ones you buried (Gömmeli: the declarer saw the kitty)."""
    deal = drills.ready_to_play(rules, seed, rng)
    you = deal.declarer if deal.declarer is not None else rng.randrange(4)
    tricks = rng.randrange(2, 6)
    while deal.phase is Phase.PLAY and len(deal.tricks) < tricks:
        deal.play(rng.choice(deal.legal_plays()))
    trump = deal.trump
    assert trump is not None
    mine = suit_length(deal.hand_mask(you), trump)
    played = [c for t in deal.tricks for c in t.cards if c.suit == trump]
    buried = [c for c in deal.buried if c.suit == trump] if you == deal.declarer else []
    out = 13 - mine - len(played) - len(buried)
    seen = describe_cards(played) if played else "none"
    role = "You are the declarer and" if deal.declarer is not None else f"You are seat {you};"
    burial = ""
    if deal.buried and you == deal.declarer:
        burial = (f" You buried {describe_cards(deal.buried)}: "
                  f"{len(buried) or 'no'} trump{'' if len(buried) == 1 else 's'} among them.")
    minus_buried = f" − {len(buried)} you buried" if burial else ""
    why = (f"A suit has 13 cards: 13 − {mine} in your hand − {len(played)} played{minus_buried} = {out} still "
           "held by the others. Drawing trumps means leading trump until this count is 0.")
    return drills.ChoiceQuestion(
        "trumps-out", seed, rules,
        f"{role} {trump.plural} {trump.symbol} are trump. After {len(deal.tricks)} tricks "
        f"you hold {describe_cards(sorted_hand(deal.hand(you)))}.{burial} Trumps played so far: {seen}. "
        "How many trumps do the other three players still hold?",
        drills.number_choices(out, rng), str(out), TRUMPS_OUT, why)


@dataclass(frozen=True)
class HandCount:
    """How a lesson counts a hand before bidding: the sure tricks from the top, and the count the
    hint and the bots bid by, suit by suit."""

    sure: dict[Suit, int]  # per suit: A, A-K, A-K-Q, ... (``sure_tricks``)
    trump: Suit  # the trump the count is made with: the fixed trump, else the hint's best trump
    by_suit: dict[Suit, float]  # per suit, what the hint counts (``evaluate.estimate_by_suit``)
    estimate: float  # the hint's trick count (``evaluate.trick_estimate``: the sum of ``by_suit``)


def hand_count(rules: RuleSet, hand: Sequence[Card]) -> HandCount:
    """A hand counted the way the hint counts it (so the lesson and the hint never disagree)."""
    mask = mask_of(hand)
    trump = counting_trump(rules, mask)
    return HandCount(sure_tricks(hand), trump, estimate_by_suit(mask, int(trump)), trick_estimate(mask, int(trump)))



QUIZ_TOPICS: Final[dict[str, drills.Topic]] = {
    "sure-tricks": drills.Topic("Counting sure tricks", {"top-tricks": _sure_tricks}),
    "trumps-out": drills.Topic("Counting trumps", {"trumps-out": _trumps_out}),
}
"""This module's quiz topics (``topics`` merges them)."""
