"""'Teach me': the recommended action for the player to move, a plain-English reason, and the
alternatives with their values in words. Uses only the player's view, like the bots.

A number is shown only with what it is ("expected score for you: +12 points") and what it rests
on (the ``numbers_note``). When the numbers would mislead, the hint shows none and says why
instead: early in the deal the search guesses the tricks beyond its horizon, too few sampled
layouts make the averages noise, and choices that all come to the same result tell nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ...actions import Action, ActionKind
from ...cards import ABOVE, CARDS, SUIT_MASKS, SUIT_OF, Card, Suit, describe_cards, mask_of
from ...deal import DealView, Phase
from ...rules import DefenderZero
from ...scoring import announcement_points
from ...seats import side_mask
from ...trick import winning_index
from .bidding import CallValue, call_values, choose_trump
from .club import announce_choice, bury_choice, club_card, winner_so_far
from .evaluate import counting_trump, trick_estimate
from .expert import CARD_SEARCH, CardScore, pick, score_cards, search_horizon, searchable, second_hand_low, trusted
from .knowledge import Knowledge, knowledge

COUNT_BASIS = ("the hand's trick count: its honours, length and ruffing shortness, weighed by how such "
               "hands fare with all hands open")
"""What the trump and bury numbers rest on (``evaluate.trick_estimate``)."""
CALL_BASIS = ("the tricks you count, spread the way real deals spread around such a count, weighed with the "
              "chance of being outbid and what defending earns")
"""What the auction numbers rest on (``bidding.call_values``)."""
SAME = 0.05
"""Values closer than this (a twentieth of a point or trick) come to the same result."""
_NUMBER_WORDS = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


@dataclass(frozen=True)
class Measure:
    """What a hint's numbers are: a name a learner understands, the unit, and what they rest on."""

    name: str  # "expected score for you", "tricks you should take"
    unit: str  # "points" or "tricks"
    basis: str  # "the average of 16 ways the hidden cards may lie, each played out with all hands open"

    def says(self, value: float, detail: str = "") -> str:
        """The value in words: "expected score for you +12.5 points", "tricks you should take about 4.3"."""
        if self.unit == "points":
            number = f"{value:+.1f}".removesuffix(".0") + (" point" if abs(value) == 1 else " points")
        else:
            number = f"about {value:.1f}"
        return f"{self.name} {number}" + (f" ({detail})" if detail else "")


class Alternative(NamedTuple):
    """One choice the hint weighed. ``value`` is in the hint's ``measure`` (None: the hint shows
    no numbers); ``says`` is the value in words, for display."""

    action: Action
    value: float | None
    says: str = ""


@dataclass(frozen=True)
class Hint:
    """Advice for one decision: the action, why, and the alternatives weighed, best first.

    ``measure`` says what the values are (None: no numbers are shown, every value is None) and
    ``numbers_note`` is the sentence that goes with them: what they rest on, or why none are shown.
    """

    action: Action
    reason: str
    alternatives: tuple[Alternative, ...]
    measure: Measure | None = None
    numbers_note: str = ""

    def shown(self, limit: int = 3) -> tuple[Alternative, ...]:
        """The alternatives to list with their numbers, best first (none when no numbers are shown)."""
        return self.alternatives[:limit] if self.measure is not None else ()


def _measured(action: Action, reason: str, measure: Measure, options: list[tuple[Action, float, str]],
              noun: str) -> Hint:
    """A hint that shows its numbers, ``options`` (action, value, detail) best first. Choices
    (``noun``: "cards", "calls") that all come to the same result are shown without numbers."""
    values = [value for _, value, _ in options]
    if len(values) > 1 and max(values) - min(values) < SAME:
        return _unmeasured(action, reason, [a for a, _, _ in options],
                           f"No numbers: {_all(len(values))} {noun} come to the same result.")
    alternatives = tuple(Alternative(a, v, measure.says(v, detail)) for a, v, detail in options)
    return Hint(action, reason, alternatives, measure, f"{measure.name[0].upper()}{measure.name[1:]}: {measure.basis}.")


def _all(count: int) -> str:
    """'both', 'all three', ..., 'all 13': how many choices share one result."""
    if count == 2:
        return "both"
    return f"all {_NUMBER_WORDS[count]}" if count < len(_NUMBER_WORDS) else f"all {count}"


def _unmeasured(action: Action, reason: str, actions: list[Action], why: str) -> Hint:
    """A hint without numbers; ``why`` says in words why none are shown."""
    return Hint(action, reason, tuple(Alternative(a, None) for a in actions), None, why)


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
    """The auction call worth most in expected points (``bidding.call_values``, the expert's auction)."""
    values = call_values(view)
    best = values[0]
    hand = mask_of(view.hand)
    counted = next((v for v in values if v.trump is not None), None)
    if counted is None or counted.trump is None or counted.tricks is None:  # no bid is legal: pass
        return _unmeasured(best.call, "No bid is open to you: pass.", [best.call],
                           "No numbers: passing is the only call.")
    base = (f"You count about {counted.tricks:.1f} tricks with {counted.trump.symbol} as trump "
            f"({_strength_words(hand, counted.trump)})")
    if best.call.kind is ActionKind.PASS:
        lowest = next(v for v in values if v.call.kind is not ActionKind.PASS)
        reason = (f"{base}. Pass: defending is expected to do better against the others than any bid "
                  f"(the lowest open to you is {lowest.call.number}).")
    elif view.can_pass:
        reason = f"{base}: bid {best.call.number}, the call expected to gain most on the others."
    else:
        reason = (f"{base}. You may not pass here: bid {best.call.number}, the call expected to gain most "
                  "on the others.")
    measure = Measure("expected score for you less the others'", "points", CALL_BASIS)
    return _measured(best.call, reason, measure, [(v.call, v.points, _call_detail(v)) for v in values], "calls")


def _call_detail(value: CallValue) -> str:
    """What a call's expected score rests on beyond the count the reason gives, in words."""
    if value.trump is None:
        return "you defend"
    return f"{value.outbid:.0%} chance of being outbid" if value.outbid >= 0.005 else ""


def _announce_hint(view: DealView) -> Hint:
    rules = view.rules
    hand = mask_of(view.hand)
    trump = counting_trump(rules, hand)
    estimate = trick_estimate(hand, trump, rules)
    choice = announce_choice(view)
    counted = round(estimate)
    options = sorted(((Action.bid(n), float(announcement_points(rules, n, counted)), "") for n in view.legal_bids),
                     key=lambda o: (o[0] != Action.bid(choice), -o[1]))
    reason = (f"With {trump.plural} {trump.symbol} as trump you count about {estimate:.1f} tricks "
              f"({_strength_words(hand, trump)}): announce {choice}. Taking fewer than your number costs "
              "points, so round down.")
    measure = Measure(f"your score if you take the {counted} tricks you count", "points", COUNT_BASIS)
    return _measured(Action.bid(choice), reason, measure, options, "announcements")


def _bury_hint(view: DealView) -> Hint:
    choice = bury_choice(view)
    assert view.trump is not None
    kept = mask_of(view.hand) & ~mask_of(choice)
    reason = (f"Bury {describe_cards(choice)}: keep your trumps and high cards. Low cards of short suits "
              "are worth least, and once a suit is gone you can ruff it.")
    action = Action.bury(choice)
    measure = Measure("tricks the kept hand should take", "tricks", COUNT_BASIS)
    return _measured(action, reason, measure, [(action, trick_estimate(kept, int(view.trump), view.rules), "")],
                     "choices")


def _trump_hint(view: DealView) -> Hint:
    """The trump the expert names (``bidding.choose_trump``), with each suit's trick count."""
    hand = mask_of(view.hand)
    rules = view.rules
    trump = choose_trump(view)
    counts = {s: trick_estimate(hand, s, rules) for s in Suit}
    options = sorted(((Action.trump(s), v, "") for s, v in counts.items()),
                     key=lambda o: (o[0] != Action.trump(trump), -o[1]))
    reason = (f"Make {trump.plural} {trump.symbol} trump: {_strength_words(hand, trump)} should take about "
              f"{counts[trump]:.1f} tricks, more than any other suit.")
    return _measured(Action.trump(trump), reason, Measure("tricks you should take", "tricks", COUNT_BASIS),
                     options, "suits")


def _card_hint(view: DealView) -> Hint:
    know = knowledge(view)
    if len(view.legal_plays) == 1:
        card = view.legal_plays[0]
        verdict = view.explain(card)
        whose = "the only legal card of the open hand" if view.to_move == view.dummy else "your only legal card"
        return _unmeasured(Action.play(card), f"{card.label} is {whose}: {verdict.reason}", [Action.play(card)],
                           "No numbers: there is nothing to choose.")
    if not searchable(view):
        card = club_card(view, know)
        return _unmeasured(Action.play(card), card_reason(view, know, card), _card_order(view, card, []),
                           f"No numbers: {_unsearched(view)}, so the choice follows a club player's rules.")
    scores = score_cards(view, know, seed=0)
    searched = pick(scores, club_card(view, know))
    card = second_hand_low(view, know, searched)
    reason = card_reason(view, know, card) if card == searched else _kept_reason(searched, card)
    actions = _card_order(view, card, scores)
    if not trusted(scores):
        layouts = scores[0].layouts if scores else 0
        return _unmeasured(Action.play(card), reason, actions,
                           f"No numbers: only {layouts} of the ways the hidden cards may lie fitted the "
                           "search, too few to trust an average, so the choice follows a club player's rules.")
    if not _played_out_to_the_end(view):
        return _unmeasured(Action.play(card), reason, actions,
                           f"No numbers: this early in the deal the search plays out only the next "
                           f"{CARD_SEARCH.lookahead_tricks + 1} tricks and guesses the rest from a few counts "
                           "(top cards, trumps, sure tricks), about half a trick off on average: too rough "
                           "to tell the cards apart by points.")
    by_card = {s.card: s.points for s in scores}
    measure = Measure(_card_measure_name(view), "points",
                      f"the average of {scores[0].layouts} ways the hidden cards may lie, each played out "
                      "with all hands open")
    return _measured(Action.play(card), reason, measure,
                     [(a, round(by_card[a.card], 1), "") for a in actions], "cards")


def _kept_reason(kept: Card, card: Card) -> str:
    """Why the hint follows low instead of the card the search scores best (``second_hand_low``)."""
    return (f"You have no trick yet and play second: keep {kept.label} for later, since a higher "
            f"{kept.suit.singular} is still out and the players after you may hold it, and follow with "
            f"{card.label}. Played out with all hands open, {kept.label} scores more, but only because "
            "there the declarer always knows where your cards are.")


def _card_order(view: DealView, card: Card, scores: list[CardScore]) -> list[Action]:
    """The legal cards as plays, the recommended one first, then best-scoring first."""
    ranked = [s.card for s in scores] or list(view.legal_plays)
    return [Action.play(c) for c in sorted(ranked, key=lambda c: c != card)]


def _played_out_to_the_end(view: DealView) -> bool:
    """Whether ``expert.score_cards`` solved this position to the last trick, not to a horizon
    with a guess beyond it."""
    return search_horizon(view) == 0


def _card_measure_name(view: DealView) -> str:
    """What ``expert.score_cards``'s points are for this player: the declarer side's score, or a
    defender's own score minus the declarer's."""
    assert view.declarer is not None
    if side_mask(view.rules, view.declarer) >> view.seat & 1:
        return "expected score for your side" if view.rules.partnership else "expected score for you"
    return "your expected score minus the declarer's"


def _unsearched(view: DealView) -> str:
    """Why the search does not value this card decision (see ``expert.searchable``)."""
    if view.rules.announcements:
        return "the search does not play Koz Maça's own-number contracts"
    if view.rules.kitty:
        return "the search does not model the kitty's buried cards"
    return "the search does not play the open dummy's cards"


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
