"""Quiz questions for the course's first and last lessons, judged by the engine like ``drills``.

``drills`` asks about the rules of the play (legal cards, trick winners, scores, the auction).
A beginner's course also needs questions on card ranks, the order of play (who calls first, who
deals next) and choosing trump; they live here and reuse the drills question types, so a quiz
widget shows and checks them the same way. ``topics`` is the registry of every topic:
``topics.question(topic, rules, seed)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..cards import Card, Suit, longest_suit, mask_of, sorted_hand, suit_length
from ..deal import Deal, Phase
from ..game import Game
from ..rules import AllPass, RuleSet
from ..shuffle import derive_seed
from . import drills
from .names import SEAT_NAMES

# Rule ids named in the feedback of this module's questions.
PLAY_ORDER: Final = "play-order"
NEXT_DEALER: Final = "next-dealer"
RANK_ORDER: Final = "rank-order"
LONGEST_SUIT: Final = "longest-suit"
EQUAL_LENGTH: Final = "equal-length"
FIXED_TRUMP: Final = "fixed-trump"


def _ranks(rules: RuleSet, seed: int, rng: random.Random) -> list[Card]:
    """Four cards of one suit, often with the 10 (the card beginners misplace) beside the jack."""
    suit = Suit(rng.randrange(4))
    ranks = rng.sample(range(2, 15), 4)
    if 10 not in ranks and rng.random() < 0.5:
        ranks[rng.randrange(4)] = 10
    if 10 in ranks and 11 not in ranks and rng.random() < 0.5:
        ranks[next(i for i, r in enumerate(ranks) if r != 10)] = 11
    return [Card(suit, r) for r in ranks]


def _highest(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Four cards of one suit, no trump: the rank order decides."""
    trick = tuple(_ranks(rules, seed, rng))
    leader = rng.randrange(4)
    prompt = (f"No trump. {SEAT_NAMES[leader]} led the {trick[0].label} and the others followed with the "
              f"{trick[0].suit.plural} shown. Which card is highest and wins?")
    return drills.TrickWinnerQuestion("ranks", seed, rules, prompt, leader, trick, None)


def _order_text(cards: Sequence[Card]) -> str:
    return " > ".join(c.rank_text for c in cards)


def _rank_order(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Four cards of one suit, shown unsorted: which order, highest first, is right? The wrong
    orders each swap two neighbours of the right one."""
    shown = _ranks(rules, seed, rng)
    right = sorted(shown, reverse=True)  # the engine's card order: by rank within a suit
    orders = [right]
    for i in range(3):
        swapped = list(right)
        swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
        orders.append(swapped)
    rng.shuffle(orders)
    choices = tuple(_order_text(o) for o in orders)
    verdicts = []
    for order in orders:
        wrong = next((i for i in range(3) if order[i] < order[i + 1]), None)
        verdicts.append("" if wrong is None else
                        f"The {order[wrong + 1].name} ranks above the {order[wrong].name}.")
    why = (f"Highest to lowest: {_order_text(right)}. In every suit the ace is highest, then king, queen, "
           "jack, 10, 9 and so on down to 2: the 10 sits just below the jack.")
    suit = shown[0].suit
    return drills.ChoiceQuestion("ranks", seed, rules,
                                 f"Here are four {suit.plural}. Which order is right, highest first?",
                                 choices, _order_text(right), RANK_ORDER, why, tuple(verdicts), tuple(shown))


def _side(rules: RuleSet) -> str:
    return "right" if rules.direction.value == "counterclockwise" else "left"


def _play_order(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Who makes the first call (or, in Koz Maça, the first announcement): replayed on a real deal."""
    dealer = rng.randrange(4)
    first = Deal.random(rules, seed=seed, dealer=dealer).to_move or 0
    call, calls = ("announcement", "The announcements start") if rules.announcements else (
        "call of the auction", "The auction starts")
    why = (f"{calls} with the player after the dealer: {SEAT_NAMES[first]}. Under the "
           f"{drills.rules_title(rules)} rules play goes {rules.direction.value}, so that player sits on the "
           f"dealer's {_side(rules)}.")
    return drills.ChoiceQuestion("play-order", seed, rules,
                                 f"{SEAT_NAMES[dealer]} dealt the cards. Who makes the first {call}?",
                                 SEAT_NAMES, SEAT_NAMES[first], PLAY_ORDER, why)


def _next_dealer(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Who deals the next deal: a game's first deal played out (or thrown in, where all passing
    redeals), then the game's own next deal."""
    dealer = rng.randrange(4)
    game = Game(rules, seed, first_dealer=dealer)
    thrown_in = rules.all_pass is AllPass.REDEAL and not rules.announcements and rng.random() < 0.4
    if thrown_in:
        while game.deal.phase is Phase.AUCTION:
            game.deal.pass_bid()
    else:
        drills.play_out(game.deal, rng)
    after = game.next_deal().dealer
    if thrown_in:
        what = "Everyone passed and the cards were thrown in."
        why = (f"A deal that is thrown in is dealt again by the same player: {SEAT_NAMES[after]} deals once "
               "more.")
    else:
        what = "The deal was played to the end."
        why = (f"The deal passes to the next player in the direction of play ({rules.direction.value}): "
               f"{SEAT_NAMES[after]}, on the dealer's {_side(rules)}.")
    return drills.ChoiceQuestion("play-order", seed, rules,
                                 f"{SEAT_NAMES[dealer]} dealt. {what} Who deals the next deal?",
                                 SEAT_NAMES, SEAT_NAMES[after], NEXT_DEALER, why)


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


_SUIT_CHOICES: Final = tuple(f"{s.symbol} {s.plural}" for s in Suit)


def _won_auction(rules: RuleSet, seed: int, rng: random.Random, equal: bool) -> tuple[Deal, list[Card]]:
    """A deal the learner won the auction of, holding one longest suit or (``equal``) two of the
    same length."""
    for attempt in range(200):
        deal = Deal.random(rules, seed=derive_seed(seed, attempt), dealer=rng.randrange(4))
        mask = mask_of(deal.hand(0))
        lengths = sorted((suit_length(mask, s) for s in Suit), reverse=True)
        if (lengths[0] == lengths[1]) == equal:
            break
    while deal.phase is Phase.AUCTION:
        if deal.to_move == 0 and deal.high_bid is None:
            deal.bid(deal.legal_bids()[0] + rng.randrange(3))
        else:
            deal.pass_bid()
    return deal, sorted_hand(deal.hand(0))


def _trump_choice(equal: bool) -> drills.Generator:
    """The usual trump for a hand: its longest suit, or between two suits of the same length the
    stronger (both by ``longest_suit``); where trump is fixed (``drills.not_asked``) which suit it is."""
    kind = drills.EQUAL_LENGTH_KIND if equal else drills.LONGEST_SUIT_KIND

    def make(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
        if drills.not_asked(kind, rules):
            return _fixed_trump(rules, seed, rng)
        deal, hand = _won_auction(rules, seed, rng, equal)
        mask = mask_of(hand)
        suit = longest_suit(mask)
        counts = ", ".join(_count(mask, s) for s in Suit)
        if equal:
            why = (f"You hold {counts}. Between suits of the same length choose the stronger one, the one "
                   f"with the higher top cards: the {suit.plural}.")
        else:
            why = (f"You hold {counts}: {suit.plural} are your longest suit. Long trumps win the tricks in "
                   "which others run out of a suit, and drawing the others' trumps leaves yours in control.")
        verdicts = tuple("" if s is suit else trump_choice_verdict(hand, s) for s in Suit)
        return drills.ChoiceQuestion("trump-choice", seed, rules,
                                     f"{SEAT_NAMES[deal.dealer]} dealt and you won the auction with a bid of "
                                     f"{deal.contract}; your hand is shown. "
                                     "Which suit is the usual choice of trump?",
                                     _SUIT_CHOICES, _SUIT_CHOICES[suit], EQUAL_LENGTH if equal else LONGEST_SUIT,
                                     why, verdicts, tuple(hand))
    return make


def _fixed_trump(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Where nobody chooses trump (``drills.not_asked``): which suit is trump, whatever the hand."""
    hand = sorted_hand(Deal.random(rules, seed=seed).hand(0))
    suit = Suit.parse(rules.fixed_trump)
    longest = longest_suit(mask_of(hand))
    why = (f"{drills.not_asked(drills.TRUMP_CHOICE_KIND, rules)} Your longest suit ({longest.plural}) does not "
           "change that.")
    return drills.ChoiceQuestion("trump-choice", seed, rules,
                                 f"{drills.rules_title(rules)}: your hand is shown, with "
                                 f"{_count(mask_of(hand), longest)} as its longest suit. Which suit is trump in "
                                 "this deal?", _SUIT_CHOICES, _SUIT_CHOICES[suit], FIXED_TRUMP, why, hand=tuple(hand))


QUIZ_TOPICS: Final[dict[str, drills.Topic]] = {
    "ranks": drills.Topic("Which card is higher", {"highest": _highest, "order": _rank_order}),
    "play-order": drills.Topic("Who calls first, who deals next",
                               {"first-call": _play_order, "next-dealer": _next_dealer}),
    "trump-choice": drills.Topic("Choosing trump", {drills.LONGEST_SUIT_KIND: _trump_choice(False),
                                                    drills.EQUAL_LENGTH_KIND: _trump_choice(True)}),
}
"""This module's quiz topics (``topics`` merges them)."""
