"""'Teach me': the recommended action for the player to move, a plain-English reason, and the
alternatives with their values. Uses only the player's view, like the bots.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...actions import PASS, Action
from ...cards import ABOVE, CARDS, SUIT_MASKS, SUIT_OF, Card, Suit, describe_cards, mask_of
from ...deal import DealView, Phase
from ...rules import DefenderZero
from ...scoring import announcement_points, declarer_points, defender_points
from ...trick import winning_index
from .club import announce_choice, bury_choice, club_card, winner_so_far
from .evaluate import best_trump, bid_choice, careful_margin, counting_trump, trick_estimate
from .expert import pick, score_cards, searchable, trusted
from .knowledge import Knowledge, knowledge

TYPICAL_DEFENDER_TRICKS = 3
"""What a defender takes in an ordinary deal: the value a pass is compared with."""


@dataclass(frozen=True)
class Hint:
    """Advice for one decision.

    ``alternatives`` holds (action, value) pairs, best first. Values are points of the preset
    for the player to move: for a card, the expected score of the deal after playing it (by
    sampling the hidden hands and solving each layout; where the search does not reach, Koz Maça
    or an open dummy's cards, or too few layouts fit its budget to trust the averages, 1 marks the
    recommended card and 0 the others); for a bid, the score
    if the hand takes the tricks it is counted for (a pass: what a defender with a typical 3 tricks
    scores); for a Koz Maça announcement, the score if the hand takes its counted tricks; for a
    trump suit, the tricks the hand should take with that trump; for a bury, the tricks the kept
    hand should take.
    """

    action: Action
    reason: str
    alternatives: tuple[tuple[Action, float], ...]


def hint(view: DealView) -> Hint:
    """What the player whose view this is should do now, and why."""
    if not view.my_turn:
        raise ValueError(f"seat {view.seat} is not to move: there is nothing to advise")
    if view.phase is Phase.AUCTION and view.rules.announcements:
        return _announce_hint(view)
    if view.phase is Phase.AUCTION:
        return _bid_hint(view)
    if view.phase is Phase.TRUMP:
        return _trump_hint(view)
    if view.phase is Phase.BURY:
        return _bury_hint(view)
    return _card_hint(view)


def _strength_words(hand: int, trump: Suit) -> str:
    pattern = hand >> 13 * trump & 0x1FFF
    honours = [name for rank, name in ((14, "A"), (13, "K"), (12, "Q"), (11, "J")) if pattern >> (rank - 2) & 1]
    held = f" with {', '.join(h + trump.symbol for h in honours)}" if honours else ""
    return f"{pattern.bit_count()} {trump.plural}{held}"


def _bid_hint(view: DealView) -> Hint:
    hand = mask_of(view.hand)
    trump, estimate = best_trump(hand)
    choice = bid_choice(view, estimate, margin=careful_margin(view.rules))
    rules = view.rules
    options: list[tuple[Action, float]] = []
    if view.can_pass:
        options.append((PASS, float(defender_points(rules, rules.min_bid, TYPICAL_DEFENDER_TRICKS))))
    counted = round(estimate)
    options += [(Action.bid(b), float(declarer_points(rules, b, counted))) for b in view.legal_bids]
    options.sort(key=lambda o: (o[0] != Action.call(choice), -o[1]))
    base = f"You count about {estimate:.1f} tricks with {trump.symbol} as trump ({_strength_words(hand, trump)})"
    if choice is None:
        lowest = view.legal_bids[0] if view.legal_bids else rules.max_bid
        reason = (f"{base}. The lowest bid now is {lowest}, more than the hand can safely make: pass, "
                  f"and a failed contract would cost {rules.declarer_failed_per_bid * lowest} points.")
    elif view.can_pass:
        reason = f"{base}: enough to bid {choice} and win the auction."
    else:
        reason = f"{base}. You may not pass here, so bid the lowest you can: {choice}."
    return Hint(Action.call(choice), reason, tuple(options))


def _announce_hint(view: DealView) -> Hint:
    rules = view.rules
    hand = mask_of(view.hand)
    trump = counting_trump(rules, hand)
    estimate = trick_estimate(hand, trump)
    choice = announce_choice(view)
    counted = round(estimate)
    options = sorted(((Action.bid(n), float(announcement_points(rules, n, counted))) for n in view.legal_bids),
                     key=lambda o: (o[0] != Action.bid(choice), -o[1]))
    reason = (f"With {trump.plural} {trump.symbol} as trump you count about {estimate:.1f} tricks "
              f"({_strength_words(hand, trump)}): announce {choice}. Taking fewer than your number costs "
              "points, so round down.")
    return Hint(Action.bid(choice), reason, tuple(options))


def _bury_hint(view: DealView) -> Hint:
    choice = bury_choice(view)
    assert view.trump is not None
    kept = mask_of(view.hand) & ~mask_of(choice)
    reason = (f"Bury {describe_cards(choice)}: keep your trumps and high cards. Low cards of short suits "
              "are worth least, and once a suit is gone you can ruff it.")
    action = Action.bury(choice)
    return Hint(action, reason, ((action, round(trick_estimate(kept, int(view.trump)), 1)),))


def _trump_hint(view: DealView) -> Hint:
    hand = mask_of(view.hand)
    trump, estimate = best_trump(hand)
    options = sorted(((s, round(trick_estimate(hand, s), 1)) for s in Suit), key=lambda o: (o[0] != trump, -o[1]))
    reason = (f"Make {trump.plural} {trump.symbol} trump: {_strength_words(hand, trump)} should take about "
              f"{estimate:.1f} tricks, more than any other suit.")
    return Hint(Action.trump(trump), reason, tuple((Action.trump(s), float(v)) for s, v in options))


def _card_hint(view: DealView) -> Hint:
    know = knowledge(view)
    if len(view.legal_plays) == 1:
        card = view.legal_plays[0]
        verdict = view.explain(card)
        whose = "the only legal card of the open hand" if view.to_move == view.dummy else "your only legal card"
        return Hint(Action.play(card), f"{card.label} is {whose}: {verdict.reason}",
                    ((Action.play(card), 0.0),))
    scores = score_cards(view, know, seed=0) if searchable(view) else []
    card = pick(scores, club_card(view, know))
    if not trusted(scores):  # the club choice, as the expert plays it: no averages to show
        values = tuple((Action.play(c), 1.0 if c == card else 0.0)
                       for c in sorted(view.legal_plays, key=lambda c: c != card))
        return Hint(Action.play(card), card_reason(view, know, card), values)
    alternatives = tuple((Action.play(s.card), round(s.points, 1))
                         for s in sorted(scores, key=lambda s: s.card != card))
    return Hint(Action.play(card), card_reason(view, know, card), alternatives)


def card_reason(view: DealView, know: Knowledge, card: Card) -> str:
    """Why this card, in the words a teacher would use."""
    trump = -1 if view.trump is None else int(view.trump)
    index = card.index
    unseen = know.unseen
    top = not ABOVE[index] & unseen
    suit = card.suit
    me_declarer = view.seat == view.declarer
    trickless = (not me_declarer and view.tricks_won[view.seat] == 0
                 and view.rules.defender_zero is not DefenderZero.NOTHING)
    if not view.current_trick:
        if SUIT_OF[index] == trump and me_declarer and unseen & SUIT_MASKS[trump]:
            left = (unseen & SUIT_MASKS[trump]).bit_count()
            return (f"Draw trumps: the others still hold {left} {suit.plural}. Leading {card.label} pulls "
                    "them out so they cannot ruff your winners later.")
        if top and unseen & SUIT_MASKS[suit]:
            return f"{card.label} is the highest {suit.singular} left: cash it and win the trick now."
        if not me_declarer and view.declarer is not None and know.is_void(view.declarer, suit):
            return (f"The declarer has no {suit.plural}: leading {card.label} forces a ruff, which "
                    "shortens the declarer's trumps.")
        return (f"Lead the small {card.label}: keep your high cards for later and let the others "
                f"spend theirs on this {suit.singular} trick.")
    assert view.trick_leader is not None
    win_seat, win_card = winner_so_far(view.current_trick, view.trick_leader, trump)
    cards = [c.index for c in view.current_trick]
    wins_now = winning_index([*cards, index], trump) == len(cards)
    last = len(cards) == 3
    if wins_now:
        if trickless:
            return (f"You have no trick yet, and a defender without a trick loses points: "
                    f"take this trick with {card.label}.")
        if SUIT_OF[index] == trump and SUIT_OF[cards[0]] != trump:
            return f"You have no {Suit(SUIT_OF[cards[0]]).plural}: ruff with {card.label} to win the trick."
        if last:
            return f"You play last, so {card.label} wins the trick for sure: the cheapest card that does."
        if top:
            return f"{card.label} is the highest {suit.singular} left: win the trick now."
        return f"{card.label} beats the {CARDS[win_card].label} and may well hold the trick."
    if win_seat != view.seat and not me_declarer and win_seat != view.declarer:
        return (f"Seat {win_seat} is already winning against the declarer: keep your high cards and "
                f"play the low {card.label}.")
    return (f"You cannot win this trick profitably: give up your least useful card, {card.label}, and "
            "keep your winners.")
