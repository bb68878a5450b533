"""Quiz questions for the course's first and last lessons, judged by the engine like ``drills``.

``drills`` asks about the rules of the play (legal cards, trick winners, scores, the auction).
A beginner's course also needs questions on card ranks, the order of play, choosing trump and
the counting a good player does (sure tricks, trumps still out); they live here and reuse the
drills question types, so a quiz widget shows and checks them the same way.
``question(topic, rules, seed)`` answers every topic of ``TOPICS``, the drills ones included.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from ..cards import Card, Suit, describe_cards, sorted_hand
from ..deal import Deal, Phase
from ..rules import DEFAULT_PRESET, PRESETS, RuleSet
from ..shuffle import derive_seed, new_seed
from . import drills

TOPICS: Final[dict[str, str]] = {
    **drills.TOPICS,
    "ranks": "Which card is higher",
    "play-order": "Who calls first",
    "trump-choice": "Choosing trump",
    "sure-tricks": "Counting sure tricks",
    "trumps-out": "Counting trumps",
}
"""Every quiz topic of the course: the drills topics and this module's."""

# Rule ids named in the feedback of this module's questions.
PLAY_ORDER: Final = "play-order"
LONGEST_SUIT: Final = "longest-suit"
SURE_TRICKS: Final = "sure-tricks"
TRUMPS_OUT: Final = "trumps-out"


def question(topic: str, rules: RuleSet | None = None, seed: int | None = None) -> drills.Question:
    """A question on ``topic`` (a key of TOPICS); the same seed always gives the same question."""
    if topic not in TOPICS:
        raise ValueError(f"unknown topic {topic!r}; choose one of: {', '.join(TOPICS)}")
    rules = PRESETS[DEFAULT_PRESET] if rules is None else rules
    seed = new_seed() if seed is None else seed
    if topic in drills.TOPICS:
        return drills.question(topic, rules, seed)
    return _GENERATORS[topic](rules, seed, random.Random(seed))


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
    """Who makes the first call: replayed on a real deal with that dealer."""
    dealer = rng.randrange(4)
    first = Deal.random(rules, seed=seed, dealer=dealer).to_move
    side = "right" if rules.direction.value == "counterclockwise" else "left"
    choices = tuple(f"Seat {s}" for s in range(4))
    why = (f"The auction starts with the player after the dealer: seat {first}. Under the {rules.name} "
           f"rules play goes {rules.direction.value}, so that player sits on the dealer's {side}.")
    return drills.ChoiceQuestion("play-order", seed, rules,
                                 f"Seat {dealer} dealt the cards. Who makes the first call of the auction?",
                                 choices, f"Seat {first}", PLAY_ORDER, why)


def _longest(hand: Sequence[Card]) -> list[Suit]:
    counts = {s: sum(c.suit == s for c in hand) for s in Suit}
    most = max(counts.values())
    return [s for s in Suit if counts[s] == most]


def _count(hand: Sequence[Card], suit: Suit) -> str:
    n = sum(c.suit == suit for c in hand)
    return f"{n} {suit.singular if n == 1 else suit.plural}"


def _trump_choice(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """A hand with one longest suit: the usual trump."""
    for attempt in range(200):
        hand = Deal.random(rules, seed=derive_seed(seed, attempt)).hand(rng.randrange(4))
        longest = _longest(hand)
        if len(longest) == 1:
            break
    suit = longest[0]
    counts = ", ".join(_count(hand, s) for s in Suit)
    choices = tuple(f"{s.symbol} {s.plural}" for s in Suit)
    why = (f"You hold {counts}: {suit.plural} are your longest suit. Long trumps win the tricks in which "
           "others run out of a suit, and drawing the others' trumps leaves yours in control.")
    return drills.ChoiceQuestion("trump-choice", seed, rules,
                                 f"You won the auction with {describe_cards(sorted_hand(hand))}. "
                                 "Which suit is the usual choice of trump?",
                                 choices, choices[suit], LONGEST_SUIT, why)


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
                                 _numbers(total, rng), str(total), SURE_TRICKS, why)


def _trumps_out(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """A deal played a few tricks forward: 13 trumps minus yours minus the ones played."""
    deal = Deal.random(rules, seed=seed, dealer=seed % 4)
    deal.bid(rules.min_bid)
    while deal.phase is Phase.AUCTION:
        deal.pass_bid()
    declarer = deal.declarer or 0
    deal.declare_trump(_longest(deal.hand(declarer))[0])
    tricks = rng.randrange(2, 6)
    while deal.phase is Phase.PLAY and len(deal.tricks) < tricks:
        deal.play(rng.choice(deal.legal_plays()))
    trump = deal.trump
    assert trump is not None
    mine = sum(c.suit == trump for c in deal.hand(declarer))
    played = [c for t in deal.tricks for c in t.cards if c.suit == trump]
    out = 13 - mine - len(played)
    seen = describe_cards(played) if played else "none"
    why = (f"A suit has 13 cards: 13 − {mine} in your hand − {len(played)} played = {out} still held "
           "by the others. Drawing trumps means leading trump until this count is 0.")
    return drills.ChoiceQuestion(
        "trumps-out", seed, rules,
        f"You are the declarer and {trump.plural} {trump.symbol} are trump. After {len(deal.tricks)} tricks "
        f"you hold {describe_cards(sorted_hand(deal.hand(declarer)))}. Trumps played so far: {seen}. "
        "How many trumps do the other three players still hold?",
        _numbers(out, rng), str(out), TRUMPS_OUT, why)


_GENERATORS: Final[dict[str, Callable[[RuleSet, int, random.Random], drills.Question]]] = {
    "ranks": _ranks, "play-order": _play_order, "trump-choice": _trump_choice,
    "sure-tricks": _sure_tricks, "trumps-out": _trumps_out,
}
