"""Quiz questions for the course's first and last lessons, judged by the engine like ``drills``.

``drills`` asks about the rules of the play (legal cards, trick winners, scores, the auction).
A beginner's course also needs questions on card ranks, the order of play, choosing trump and
the counting a good player does (sure tricks, trumps still out); they live here and reuse the
drills question types, so a quiz widget shows and checks them the same way. ``topics`` is the
registry of every topic: ``topics.question(topic, rules, seed)``.

``hand_count`` is how the lessons count a hand before bidding: sure tricks from the top, and the
trick count the hint and the bots use (``evaluate.estimate_by_suit``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from ..ai.bots.evaluate import counting_trump, estimate_by_suit, trick_estimate
from ..cards import Card, Suit, describe_cards, longest_suit, mask_of, sorted_hand, suit_length
from ..deal import Deal, Phase
from ..rules import RuleSet
from ..shuffle import derive_seed
from . import drills

# Rule ids named in the feedback of this module's questions.
PLAY_ORDER: Final = "play-order"
LONGEST_SUIT: Final = "longest-suit"
FIXED_TRUMP: Final = "fixed-trump"
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


def _numbers(answer: int, rng: random.Random, top: int = 13) -> tuple[str, ...]:
    """Four neighbouring whole numbers around ``answer`` (within 0..top), as answer buttons."""
    low = max(0, min(top - 3, answer - rng.randrange(4)))
    return tuple(str(n) for n in range(low, low + 4))


def _ranks(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Four cards of one suit, no trump: the rank order decides."""
    suit = Suit(rng.randrange(4))
    ranks = rng.sample(range(2, 15), 4)
    if 10 not in ranks and rng.random() < 0.5:  # the 10 is the card beginners misplace
        ranks[rng.randrange(4)] = 10
    trick = tuple(Card(suit, r) for r in ranks)
    prompt = (f"Four {suit.plural} are played and there is no trump: "
              f"{', then '.join(c.label for c in trick)}. Which card is highest and wins?")
    return drills.TrickWinnerQuestion("ranks", seed, rules, prompt, rng.randrange(4), trick, None)


def _play_order(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Who makes the first call (or, in Koz Maça, the first announcement): replayed on a real deal."""
    dealer = rng.randrange(4)
    first = Deal.random(rules, seed=seed, dealer=dealer).to_move
    side = "right" if rules.direction.value == "counterclockwise" else "left"
    choices = tuple(f"Seat {s}" for s in range(4))
    call, calls = ("announcement", "The announcements start") if rules.announcements else (
        "call of the auction", "The auction starts")
    why = (f"{calls} with the player after the dealer: seat {first}. Under the {drills.rules_title(rules)} "
           f"rules play goes {rules.direction.value}, so that player sits on the dealer's {side}.")
    return drills.ChoiceQuestion("play-order", seed, rules,
                                 f"Seat {dealer} dealt the cards. Who makes the first {call}?",
                                 choices, f"Seat {first}", PLAY_ORDER, why)


def _count(hand: int, suit: Suit) -> str:
    n = suit_length(hand, suit)
    return f"{n} {suit.singular if n == 1 else suit.plural}"


def trump_choice_verdict(hand: Sequence[Card], suit: Suit) -> str:
    """What a lesson says when ``suit`` is chosen as trump for ``hand``: judged by ``longest_suit``."""
    mask = mask_of(hand)
    best = longest_suit(mask)
    if suit is best:
        return "Your longest suit: a good choice."
    if suit_length(mask, suit) == suit_length(mask, best):
        return (f"As long as your {best.plural}, but the {best.plural} are stronger: between suits of the same "
                "length choose the stronger one.")
    return (f"You hold a longer suit ({_count(mask, best)}): more trumps usually means more tricks.")


def _trump_choice(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """A hand with one longest suit (by suit lengths): the usual trump."""
    if drills.not_asked(drills.TRUMP_CHOICE_KIND, rules):
        return _fixed_trump(rules, seed, rng)
    for attempt in range(200):
        hand = Deal.random(rules, seed=derive_seed(seed, attempt)).hand(rng.randrange(4))
        mask = mask_of(hand)
        lengths = sorted((suit_length(mask, s) for s in Suit), reverse=True)
        if lengths[0] > lengths[1]:
            break
    suit = longest_suit(mask)
    counts = ", ".join(_count(mask, s) for s in Suit)
    choices = tuple(f"{s.symbol} {s.plural}" for s in Suit)
    why = (f"You hold {counts}: {suit.plural} are your longest suit. Long trumps win the tricks in which "
           "others run out of a suit, and drawing the others' trumps leaves yours in control.")
    return drills.ChoiceQuestion("trump-choice", seed, rules,
                                 f"You won the auction with {describe_cards(sorted_hand(hand))}. "
                                 "Which suit is the usual choice of trump?",
                                 choices, choices[suit], LONGEST_SUIT, why)


def _fixed_trump(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Where nobody chooses trump (``drills.not_asked``): which suit is trump, whatever the hand."""
    hand = Deal.random(rules, seed=seed).hand(rng.randrange(4))
    suit = Suit.parse(rules.fixed_trump)
    choices = tuple(f"{s.symbol} {s.plural}" for s in Suit)
    why = (f"{drills.not_asked(drills.TRUMP_CHOICE_KIND, rules)} Your longest suit "
           f"({longest_suit(mask_of(hand)).plural}) does not change that.")
    return drills.ChoiceQuestion("trump-choice", seed, rules,
                                 f"{drills.rules_title(rules)}: you hold {describe_cards(sorted_hand(hand))}. "
                                 "Which suit is trump in this deal?",
                                 choices, choices[suit], FIXED_TRUMP, why)


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
                                 _numbers(total, rng, rules.tricks_per_deal), str(total), SURE_TRICKS, why)


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
        _numbers(out, rng), str(out), TRUMPS_OUT, why)


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


GENERATORS: Final[dict[str, drills.Generator]] = {
    "ranks": _ranks, "play-order": _play_order, "trump-choice": _trump_choice,
    "sure-tricks": _sure_tricks, "trumps-out": _trumps_out,
}
"""This module's quiz topics (``topics.TOPICS`` has their titles)."""
