"""'Teach me': the recommended action for the player to move, a plain-English reason, and the
alternatives with their values in words. Uses only the player's view, like the bots.

A number is shown only with what it is ("expected score for you: +12 points") and what it rests
on (the ``numbers_note``). When the numbers would mislead, the hint shows none and says why
instead: early in the deal the search guesses the tricks beyond its horizon, too few sampled
layouts make the averages noise, and choices that all come to the same result tell nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from ...actions import Action, ActionKind
from ...cards import ABOVE, CARDS, SUIT_MASKS, SUIT_OF, Card, Suit, describe_cards, mask_of
from ...deal import DealView, Phase
from ...i18n import N_, _, format_number, format_percent, gettext, ngettext
from ...rules import DefenderZero
from ...scoring import announcement_points
from ...seats import side_mask
from ...trick import winning_index
from .bidding import CallValue, call_values, choose_trump
from .club import announce_choice, bury_choice, club_card, winner_so_far
from .evaluate import counting_trump, trick_estimate
from .expert import CARD_SEARCH, CardScore, pick, score_cards, search_horizon, searchable, second_hand_low, trusted
from .knowledge import Knowledge, knowledge

COUNT_BASIS = N_("the hand's trick count: its honours, length and ruffing shortness, weighed by how such "
                 "hands fare with all hands open")
"""What the trump and bury numbers rest on (``evaluate.trick_estimate``), in English (shown as
``_(COUNT_BASIS)``)."""
CALL_BASIS = N_("the tricks you count, spread the way real deals spread around such a count, weighed with the "
                "chance of being outbid and what defending earns")
"""What the auction numbers rest on (``bidding.call_values``), in English (shown as ``_(CALL_BASIS)``)."""
SAME = 0.05
"""Values closer than this (a twentieth of a point or trick) come to the same result."""
_NUMBER_WORDS = ("none", "one", N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"),
                 N_("nine"), N_("ten"))
"""How many choices share one result, in words (from three up: "all three cards"), in English."""
_ALL_THE_SAME: Final[dict[str, tuple[str, str]]] = {
    # Each kind of choice: (both of two, all of {count}: "all three", "all 13").
    "cards": (N_("No numbers: both cards come to the same result."),
              N_("No numbers: all {count} cards come to the same result.")),
    "calls": (N_("No numbers: both calls come to the same result."),
              N_("No numbers: all {count} calls come to the same result.")),
    "announcements": (N_("No numbers: both announcements come to the same result."),
                      N_("No numbers: all {count} announcements come to the same result.")),
    "choices": (N_("No numbers: both choices come to the same result."),
                N_("No numbers: all {count} choices come to the same result.")),
    "suits": (N_("No numbers: both suits come to the same result."),
              N_("No numbers: all {count} suits come to the same result.")),
}
"""Why a hint shows no numbers when its choices (``_measured``'s ``noun``) all come to the same result."""


@dataclass(frozen=True)
class Measure:
    """What a hint's numbers are: a name a learner understands, the unit, and what they rest on."""

    name: str  # "expected score for you", "tricks you should take" (in the active language)
    unit: str  # "points" or "tricks" (an id, not shown)
    basis: str  # "the average of 16 ways the hidden cards may lie, each played out with all hands open"

    def says(self, value: float, detail: str = "") -> str:
        """The value in words: "expected score for you +12.5 points", "tricks you should take about 4.3"."""
        if self.unit == "points":
            english = f"{value:+.1f}"  # the sign and the rounding; ".0" is left out
            shown = english[0] + format_number(abs(value), 0 if english.endswith(".0") else 1)
            # Translators: a signed number of points, "+12.5 points", "-1 point".
            number = ngettext("{value} point", "{value} points", 1 if abs(value) == 1 else 2).format(value=shown)
        else:
            # Translators: an estimated number of tricks, "about 4.3".
            number = _("about {value}").format(value=format_number(value, 1))
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
    values = [value for _action, value, _detail in options]
    if len(values) > 1 and max(values) - min(values) < SAME:
        return _unmeasured(action, reason, [a for a, _v, _d in options], _all_the_same(len(values), noun))
    alternatives = tuple(Alternative(a, v, measure.says(v, detail)) for a, v, detail in options)
    return Hint(action, reason, alternatives, measure, f"{measure.name[0].upper()}{measure.name[1:]}: {measure.basis}.")


def _all_the_same(count: int, noun: str) -> str:
    """"No numbers: both cards ...", "... all three cards ...", "... all 13 cards ...": ``count``
    choices of the kind ``noun`` share one result."""
    both, every = _ALL_THE_SAME[noun]
    if count == 2:
        return gettext(both)
    words = gettext(_NUMBER_WORDS[count]) if count < len(_NUMBER_WORDS) else str(count)
    return gettext(every).format(count=words)


def _unmeasured(action: Action, reason: str, actions: list[Action], why: str) -> Hint:
    """A hint without numbers; ``why`` says in words why none are shown."""
    return Hint(action, reason, tuple(Alternative(a, None) for a in actions), None, why)


def hint(view: DealView) -> Hint:
    """What the player whose view this is should do now, and why (in the active language)."""
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
    """"5 hearts with A♥, Q♥": the trump length and its honours."""
    pattern = hand >> 13 * trump & 0x1FFF
    length = trump.count(pattern.bit_count())
    honours = [CARDS[13 * trump + rank - 2].label for rank in (14, 13, 12, 11) if pattern >> (rank - 2) & 1]
    if not honours:
        return length
    # Translators: {length} is "5 hearts", {honours} the honours held, "A♥, Q♥".
    return _("{length} with {honours}").format(length=length, honours=", ".join(honours))


def _bid_hint(view: DealView) -> Hint:
    """The auction call worth most in expected points (``bidding.call_values``, the expert's auction)."""
    values = call_values(view)
    best = values[0]
    hand = mask_of(view.hand)
    counted = next((v for v in values if v.trump is not None), None)
    if counted is None or counted.trump is None or counted.tricks is None:  # no bid is legal: pass
        return _unmeasured(best.call, _("No bid is open to you: pass."), [best.call],
                           _("No numbers: passing is the only call."))
    counts = {"tricks": format_number(counted.tricks, 1), "symbol": counted.trump.symbol,
              "strength": _strength_words(hand, counted.trump)}
    # Translators (the three reasons): {tricks} is an estimate ("4.3"), {symbol} the suit's sign (♥),
    # {strength} the trump length and honours ("5 hearts with A♥, Q♥").
    if best.call.kind is ActionKind.PASS:
        lowest = next(v for v in values if v.call.kind is not ActionKind.PASS)
        reason = _("You count about {tricks} tricks with {symbol} as trump ({strength}). Pass: defending is "
                   "expected to do better against the others than any bid (the lowest open to you is "
                   "{lowest}).").format(**counts, lowest=lowest.call.number)
    elif view.can_pass:
        reason = _("You count about {tricks} tricks with {symbol} as trump ({strength}): bid {bid}, the call "
                   "expected to gain most on the others.").format(**counts, bid=best.call.number)
    else:
        reason = _("You count about {tricks} tricks with {symbol} as trump ({strength}). You may not pass here: "
                   "bid {bid}, the call expected to gain most on the others.").format(**counts,
                                                                                     bid=best.call.number)
    measure = Measure(_("expected score for you less the others'"), "points", _(CALL_BASIS))
    return _measured(best.call, reason, measure, [(v.call, v.points, _call_detail(v)) for v in values], "calls")


def _call_detail(value: CallValue) -> str:
    """What a call's expected score rests on beyond the count the reason gives, in words."""
    if value.trump is None:
        return _("you defend")
    if value.outbid < 0.005:
        return ""
    # Translators: {percent} is a percentage with its sign, "35%" (Turkish "%35").
    return _("{percent} chance of being outbid").format(percent=format_percent(value.outbid))


def _announce_hint(view: DealView) -> Hint:
    rules = view.rules
    hand = mask_of(view.hand)
    trump = counting_trump(rules, hand)
    estimate = trick_estimate(hand, trump, rules)
    choice = announce_choice(view)
    counted = round(estimate)
    options = sorted(((Action.bid(n), float(announcement_points(rules, n, counted)), "") for n in view.legal_bids),
                     key=lambda o: (o[0] != Action.bid(choice), -o[1]))
    # Translators: {suit} is the suit's name (hearts), {symbol} its sign, {tricks} an estimate ("4.3"),
    # {strength} the trump length and honours ("5 hearts with A♥, Q♥"), {number} the announcement.
    reason = _("With {suit} {symbol} as trump you count about {tricks} tricks ({strength}): announce {number}. "
               "Taking fewer than your number costs points, so round down.").format(
        suit=trump.word(), symbol=trump.symbol, tricks=format_number(estimate, 1),
        strength=_strength_words(hand, trump), number=choice)
    measure = Measure(ngettext("your score if you take the {n} trick you count",
                               "your score if you take the {n} tricks you count", counted).format(n=counted),
                      "points", _(COUNT_BASIS))
    return _measured(Action.bid(choice), reason, measure, options, "announcements")


def _bury_hint(view: DealView) -> Hint:
    choice = bury_choice(view)
    assert view.trump is not None
    kept = mask_of(view.hand) & ~mask_of(choice)
    # Translators: {cards} are the cards to bury, "2♣, 3♣ and 4♦".
    reason = _("Bury {cards}: keep your trumps and high cards. Low cards of short suits are worth least, and "
               "once a suit is gone you can ruff it.").format(cards=describe_cards(choice))
    action = Action.bury(choice)
    measure = Measure(_("tricks the kept hand should take"), "tricks", _(COUNT_BASIS))
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
    # Translators: {suit} is the suit's name (hearts), {symbol} its sign, {strength} the trump length
    # and honours ("5 hearts with A♥, Q♥"), {tricks} an estimate ("4.3").
    reason = _("Make {suit} {symbol} trump: {strength} should take about {tricks} tricks, more than any other "
               "suit.").format(suit=trump.word(), symbol=trump.symbol, strength=_strength_words(hand, trump),
                               tricks=format_number(counts[trump], 1))
    return _measured(Action.trump(trump), reason, Measure(_("tricks you should take"), "tricks", _(COUNT_BASIS)),
                     options, "suits")


def _card_hint(view: DealView) -> Hint:
    know = knowledge(view)
    if len(view.legal_plays) == 1:
        card = view.legal_plays[0]
        verdict = view.explain(card)
        if view.to_move == view.dummy:
            # Translators: {reason} is the rule's sentence, "You must follow suit: ...".
            only = _("{card} is the only legal card of the open hand: {reason}")
        else:
            only = _("{card} is your only legal card: {reason}")
        return _unmeasured(Action.play(card), only.format(card=card.label, reason=verdict.reason),
                           [Action.play(card)], _("No numbers: there is nothing to choose."))
    if not searchable(view):
        card = club_card(view, know)
        return _unmeasured(Action.play(card), card_reason(view, know, card), _card_order(view, card, []),
                           _unsearched(view))
    scores = score_cards(view, know, seed=0)
    searched = pick(scores, club_card(view, know))
    card = second_hand_low(view, know, searched)
    reason = card_reason(view, know, card) if card == searched else _kept_reason(searched, card)
    actions = _card_order(view, card, scores)
    if not trusted(scores):
        layouts = scores[0].layouts if scores else 0
        return _unmeasured(Action.play(card), reason, actions,
                           _("No numbers: only {layouts} of the ways the hidden cards may lie fitted the search, "
                             "too few to trust an average, so the choice follows a club player's rules.").format(
                               layouts=layouts))
    if not _played_out_to_the_end(view):
        ahead = CARD_SEARCH.lookahead_tricks + 1
        return _unmeasured(Action.play(card), reason, actions,
                           ngettext("No numbers: this early in the deal the search plays out only the next trick "
                                    "and guesses the rest from a few counts (top cards, trumps, sure tricks), about "
                                    "half a trick off on average: too rough to tell the cards apart by points.",
                                    "No numbers: this early in the deal the search plays out only the next {n} "
                                    "tricks and guesses the rest from a few counts (top cards, trumps, sure "
                                    "tricks), about half a trick off on average: too rough to tell the cards apart "
                                    "by points.", ahead).format(n=ahead))
    by_card = {s.card: s.points for s in scores}
    measure = Measure(_card_measure_name(view), "points",
                      _("the average of {n} ways the hidden cards may lie, each played out with all hands "
                        "open").format(n=scores[0].layouts))
    return _measured(Action.play(card), reason, measure,
                     [(a, round(by_card[a.card], 1), "") for a in actions], "cards")


def _kept_reason(kept: Card, card: Card) -> str:
    """Why the hint follows low instead of the card the search scores best (``second_hand_low``)."""
    # Translators: {kept} is the card kept back (K♥), {suit} the suit in the singular ("a higher heart").
    return _("You have no trick yet and play second: keep {kept} for later, since a higher {suit} is still out "
             "and the players after you may hold it, and follow with {card}. Played out with all hands open, "
             "{kept} scores more, but only because there the declarer always knows where your cards "
             "are.").format(kept=kept.label, suit=kept.suit.word(plural=False), card=card.label)


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
        return _("expected score for your side") if view.rules.partnership else _("expected score for you")
    return _("your expected score minus the declarer's")


def _unsearched(view: DealView) -> str:
    """Why the hint shows no numbers where the search does not value the card decision (see
    ``expert.searchable``)."""
    if view.rules.announcements:
        return _("No numbers: the search does not play Koz Maça's own-number contracts, so the choice follows "
                 "a club player's rules.")
    if view.rules.kitty:
        return _("No numbers: the search does not model the kitty's buried cards, so the choice follows a club "
                 "player's rules.")
    return _("No numbers: the search does not play the open dummy's cards, so the choice follows a club "
             "player's rules.")


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
            # Translators: {left} is a count of the suit, "3 hearts".
            return _("Draw trumps: the others still hold {left}. Leading {card} pulls them out so they cannot "
                     "ruff your winners later.").format(left=suit.count(left), card=card.label)
        if top and unseen & SUIT_MASKS[suit]:
            # Translators: {suit} is the suit in the singular, "the highest heart left".
            return _("{card} is the highest {suit} left: cash it and win the trick now.").format(
                card=card.label, suit=suit.word(plural=False))
        if not me_declarer and view.declarer is not None and know.is_void(view.declarer, suit):
            return _("The declarer has no {suit}: leading {card} forces a ruff, which shortens the declarer's "
                     "trumps.").format(suit=suit.word(), card=card.label)
        # Translators: {suit} is the suit in the singular, "this heart trick".
        return _("Lead the small {card}: keep your high cards for later and let the others spend theirs on this "
                 "{suit} trick.").format(card=card.label, suit=suit.word(plural=False))
    assert view.trick_leader is not None
    win_seat, win_card = winner_so_far(view.current_trick, view.trick_leader, trump)
    cards = [c.index for c in view.current_trick]
    wins_now = winning_index([*cards, index], trump) == len(cards)
    last = len(cards) == 3
    if wins_now:
        if trickless:
            return _("You have no trick yet, and a defender without a trick loses points: take this trick with "
                     "{card}.").format(card=card.label)
        if SUIT_OF[index] == trump and SUIT_OF[cards[0]] != trump:
            return _("You have no {suit}: ruff with {card} to win the trick.").format(
                suit=Suit(SUIT_OF[cards[0]]).word(), card=card.label)
        if last:
            return _("You play last, so {card} wins the trick for sure: the cheapest card that does.").format(
                card=card.label)
        if top:
            return _("{card} is the highest {suit} left: win the trick now.").format(
                card=card.label, suit=suit.word(plural=False))
        # Translators: {winning} is the card winning the trick so far.
        return _("{card} beats the {winning} and may well hold the trick.").format(card=card.label,
                                                                                   winning=CARDS[win_card].label)
    if win_seat != view.seat and not me_declarer and win_seat != view.declarer:
        # Translators: {seat} is a seat number, 0-3.
        return _("Seat {seat} is already winning against the declarer: keep your high cards and play the low "
                 "{card}.").format(seat=win_seat, card=card.label)
    return _("You cannot win this trick profitably: give up your least useful card, {card}, and keep your "
             "winners.").format(card=card.label)
