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

from ..cards import Card, Suit, longest_suit, mask_of, rank_face, sorted_hand, suit_length
from ..deal import Deal, Phase
from ..game import Game
from ..i18n import N_, _
from ..options import Direction
from ..rules import AllPass, RuleSet
from ..shuffle import derive_seed
from . import drills
from .names import about, seat_name

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
    # Translators: {suit} is the suit's plural name ("hearts").
    led = about(leader, _("You led the {card} and the others followed with the {suit} shown."),
                _("{name} led the {card} and the others followed with the {suit} shown."),
                card=trick[0].label, suit=trick[0].suit.word())
    prompt = _("No trump.") + f" {led} " + _("Which card is highest and wins?")
    return drills.TrickWinnerQuestion("ranks", seed, rules, prompt, leader, trick, None)


def _order_text(cards: Sequence[Card]) -> str:
    return " > ".join(rank_face(c.rank) for c in cards)


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
        # Translators: {card} and {other} are cards' spoken names ("queen of spades").
        verdicts.append("" if wrong is None else
                        _("The {card} ranks above the {other}.").format(card=order[wrong + 1].name,
                                                                        other=order[wrong].name))
    why = (_("Highest to lowest: {order}.").format(order=_order_text(right)) + " "
           + _("In every suit the ace is highest, then king, queen, jack, 10, 9 and so on down to 2: the 10 sits "
               "just below the jack."))
    suit = shown[0].suit
    # Translators: {suit} is the suit's plural name ("hearts").
    return drills.ChoiceQuestion("ranks", seed, rules,
                                 _("Here are four {suit}. Which order is right, highest first?").format(
                                     suit=suit.word()),
                                 choices, _order_text(right), RANK_ORDER, why, tuple(verdicts), tuple(shown))


def _seat_names() -> tuple[str, ...]:
    """The four players as answer buttons, in the active language."""
    return tuple(seat_name(seat) for seat in range(4))


def _play_order(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Who makes the first call (or, in Koz Maça, the first announcement): replayed on a real deal."""
    dealer = rng.randrange(4)
    first = Deal.random(rules, seed=seed, dealer=dealer).to_move or 0
    right = rules.direction is Direction.COUNTERCLOCKWISE
    # Translators: {name} is the player who starts, {rules} a rule book's name ("classic").
    if rules.announcements:
        why = (_("The announcements start with the player after the dealer: {name}. Under the {rules} rules play "
                 "goes counterclockwise, so that player sits on the dealer's right.") if right else
               _("The announcements start with the player after the dealer: {name}. Under the {rules} rules play "
                 "goes clockwise, so that player sits on the dealer's left."))
        ask = _("Who makes the first announcement?")
    else:
        why = (_("The auction starts with the player after the dealer: {name}. Under the {rules} rules play "
                 "goes counterclockwise, so that player sits on the dealer's right.") if right else
               _("The auction starts with the player after the dealer: {name}. Under the {rules} rules play "
                 "goes clockwise, so that player sits on the dealer's left."))
        ask = _("Who makes the first call of the auction?")
    why = why.format(name=seat_name(first), rules=drills.rules_title(rules))
    dealt = about(dealer, _("You dealt the cards."), _("{name} dealt the cards."))
    return drills.ChoiceQuestion("play-order", seed, rules, f"{dealt} {ask}",
                                 _seat_names(), seat_name(first), PLAY_ORDER, why)


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
        what = _("Everyone passed and the cards were thrown in.")
        why = about(after, _("A deal that is thrown in is dealt again by the same player: you deal once more."),
                    _("A deal that is thrown in is dealt again by the same player: {name} deals once more."))
    else:
        what = _("The deal was played to the end.")
        why = (_("The deal passes to the next player in the direction of play (counterclockwise): {name}, on the "
                 "dealer's right.") if rules.direction is Direction.COUNTERCLOCKWISE else
               _("The deal passes to the next player in the direction of play (clockwise): {name}, on the "
                 "dealer's left.")).format(name=seat_name(after))
    dealt = about(dealer, _("You dealt."), _("{name} dealt."))
    return drills.ChoiceQuestion("play-order", seed, rules, f"{dealt} {what} " + _("Who deals the next deal?"),
                                 _seat_names(), seat_name(after), NEXT_DEALER, why)


def _count(hand: int, suit: Suit) -> str:
    return suit.count(suit_length(hand, suit))


def trump_choice_verdict(hand: Sequence[Card], suit: Suit) -> str:
    """What a lesson says when ``suit`` is chosen as trump for ``hand``: judged by ``longest_suit``."""
    mask = mask_of(hand)
    best = longest_suit(mask)
    if suit is best:
        return _("Your longest suit: a good choice.")
    if suit_length(mask, suit) == suit_length(mask, best):
        # Translators: {chosen} and {best} are suits' plural names ("hearts").
        return _("Your {chosen} are as long as your {best}, but the {best} are stronger: between suits of the "
                 "same length choose the stronger one.").format(chosen=suit.word(), best=best.word())
    # Translators: {count} is a number of cards of a suit ("5 hearts").
    return _("You hold a longer suit ({count}): more trumps usually means more tricks.").format(
        count=_count(mask, best))


def _suit_choices() -> tuple[str, ...]:
    """The four suits as answer buttons, "♠ spades", in the active language."""
    return tuple(f"{s.symbol} {s.word()}" for s in Suit)


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
        # Translators: {counts} lists the hand's suits, "4 spades, 3 hearts, 3 diamonds, 3 clubs"; {suit} is
        # a suit's plural name.
        if equal:
            why = _("You hold {counts}. Between suits of the same length choose the stronger one, the one "
                    "with the higher top cards: the {suit}.").format(counts=counts, suit=suit.word())
        else:
            why = _("You hold {counts}: {suit} are your longest suit. Long trumps win the tricks in "
                    "which others run out of a suit, and drawing the others' trumps leaves yours in control.").format(
                        counts=counts, suit=suit.word())
        verdicts = tuple("" if s is suit else trump_choice_verdict(hand, s) for s in Suit)
        won = about(deal.dealer, _("You dealt and you won the auction with a bid of {n}; your hand is shown."),
                    _("{name} dealt and you won the auction with a bid of {n}; your hand is shown."),
                    n=deal.contract)
        choices = _suit_choices()
        return drills.ChoiceQuestion("trump-choice", seed, rules,
                                     f"{won} " + _("Which suit is the usual choice of trump?"),
                                     choices, choices[suit], EQUAL_LENGTH if equal else LONGEST_SUIT,
                                     why, verdicts, tuple(hand))
    return make


def _fixed_trump(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Where nobody chooses trump (``drills.not_asked``): which suit is trump, whatever the hand."""
    hand = sorted_hand(Deal.random(rules, seed=seed).hand(0))
    suit = Suit.parse(rules.fixed_trump)
    longest = longest_suit(mask_of(hand))
    why = (f"{drills.not_asked(drills.TRUMP_CHOICE_KIND, rules)} "
           + _("Your longest suit ({suit}) does not change that.").format(suit=longest.word()))
    # Translators: after a rule book's name and a colon; {count} is a number of cards of a suit ("5 hearts").
    ask = _("your hand is shown, with {count} as its longest suit. Which suit is trump in this deal?").format(
        count=_count(mask_of(hand), longest))
    choices = _suit_choices()
    return drills.ChoiceQuestion("trump-choice", seed, rules, f"{drills.rules_title(rules)}: {ask}",
                                 choices, choices[suit], FIXED_TRUMP, why, hand=tuple(hand))


QUIZ_TOPICS: Final[dict[str, drills.Topic]] = {
    "ranks": drills.Topic(N_("Which card is higher"), {"highest": _highest, "order": _rank_order}),
    "play-order": drills.Topic(N_("Who calls first, who deals next"),
                               {"first-call": _play_order, "next-dealer": _next_dealer}),
    "trump-choice": drills.Topic(N_("Choosing trump"), {drills.LONGEST_SUIT_KIND: _trump_choice(False),
                                                    drills.EQUAL_LENGTH_KIND: _trump_choice(True)}),
}
"""This module's quiz topics (``topics`` merges them)."""
