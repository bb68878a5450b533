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
from typing import Final

from ..cards import Card, Suit, describe_cards, longest_suit, mask_of, sorted_hand, suit_length
from ..deal import Deal
from ..rules import RuleSet
from ..shuffle import derive_seed
from . import drills

# Rule ids named in the feedback of this module's questions.
PLAY_ORDER: Final = "play-order"
LONGEST_SUIT: Final = "longest-suit"
FIXED_TRUMP: Final = "fixed-trump"


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


QUIZ_TOPICS: Final[dict[str, drills.Topic]] = {
    "ranks": drills.Topic("Which card is higher", {"ranks": _ranks}),
    "play-order": drills.Topic("Who calls first", {"first-call": _play_order}),
    "trump-choice": drills.Topic("Choosing trump", {"longest-suit": _trump_choice}),
}
"""This module's quiz topics (``topics`` merges them)."""
