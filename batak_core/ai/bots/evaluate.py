"""Hand strength: how many tricks a hand should take with a given trump, for bids and trump.

Rough counts a club player makes at the table (aces, guarded kings, long trumps, ruffing
shortness); the expert bot and the hints use the same numbers, so advice and play agree.
"""

from __future__ import annotations

from ...cards import Suit
from ...deal import DealView
from ...rules import AllPass, RuleSet
from ...scoring import declarer_points, defender_points


def _has(pattern: int, rank: int) -> int:
    return pattern >> (rank - 2) & 1


def _suit_terms(hand: int, suit: int, trump: int, trump_length: int) -> tuple[float, ...]:
    """What one suit of ``hand`` adds to the trick count, term by term in the order they are added."""
    pattern = hand >> 13 * suit & 0x1FFF
    length = pattern.bit_count()
    ace, king, queen, jack = (_has(pattern, r) for r in (14, 13, 12, 11))
    if suit == trump:
        honours = ace + 0.9 * king * (length >= 2) + 0.7 * queen * (length >= 3) + 0.4 * jack * (length >= 4)
        return (honours + 0.85 * max(0, length - 3),)
    terms = (
        ace * (1.0 if length <= 5 else 0.85),
        king * (0.85 if ace else 0.5 if length >= 2 else 0.1),
        queen * (0.5 if (ace or king) and length >= 3 else 0.2 if length >= 3 else 0.0),
    )
    if length <= 1 and trump_length >= 4:
        return (*terms, 0.45 * (2 - length))  # a short suit lets the long trumps ruff
    return terms


def trick_estimate(hand: int, trump: int) -> float:
    """Expected tricks for the declarer holding ``hand`` (a mask) with ``trump`` as trump: the sum
    of ``estimate_by_suit``, added term by term in one running total (the bots' exact numbers)."""
    total = 0.0
    trump_length = (hand >> 13 * trump & 0x1FFF).bit_count()
    for suit in range(4):
        for term in _suit_terms(hand, suit, trump, trump_length):
            total += term
    return total


def estimate_by_suit(hand: int, trump: int) -> dict[Suit, float]:
    """``trick_estimate`` suit by suit: what each suit's cards are counted for (the trump suit's
    honours and length; elsewhere aces, guarded kings and queens, and the ruffs a short suit gives)."""
    trump_length = (hand >> 13 * trump & 0x1FFF).bit_count()
    out = {}
    for suit in Suit:
        part = 0.0
        for term in _suit_terms(hand, suit, trump, trump_length):
            part += term
        out[suit] = part
    return out


def counting_trump(rules: RuleSet, hand: int) -> Suit:
    """The trump a hand is counted with before the auction: the fixed trump (Koz Maça), else the
    suit that makes it strongest. The hint and the lessons count with it."""
    return Suit(rules.trump_suit) if rules.fixed_trump else best_trump(hand)[0]


def best_trump(hand: int) -> tuple[Suit, float]:
    """The trump suit that makes the hand strongest, and the tricks it should take."""
    scored = [(trick_estimate(hand, s), (hand >> 13 * s & 0x1FFF).bit_count(), -s) for s in range(4)]
    estimate, _, neg = max(scored)
    return Suit(-neg), estimate


def careful_margin(rules: RuleSet) -> float:
    """The tricks to spare the expert (and the hint) want before bidding. Passing means
    defending: where defenders earn about as much as a contract is worth (miniokey and classic
    10 a trick against 10 a bid, turkish and gamelake 1 a trick against 1 a bid) a bid needs 0.6
    to spare; where defending earns next to nothing (danish: 1 a trick against 10 a bid) a
    borderline contract is worth trying, so 0.2."""
    stake = declarer_points(rules, 5, 5)
    defending = defender_points(rules, 5, 3)
    return 0.6 if defending >= 0.3 * stake else 0.2


def bid_choice(view: DealView, estimate: float, margin: float = 0.4) -> int | None:
    """The bid a player with ``estimate`` tricks makes now: the lowest legal bid if the hand can
    make it with ``margin`` to spare, else a pass (or the lowest bid when passing is not allowed)."""
    if not view.legal_bids:
        return None
    lowest = view.legal_bids[0]
    if lowest <= estimate - margin or not view.can_pass:
        return lowest
    if _last_chance_to_choose(view) and lowest <= estimate + 0.5:
        return lowest  # everyone passed and we would be stuck with the contract anyway
    return None


def _last_chance_to_choose(view: DealView) -> bool:
    """Three passes so far and this seat would be made to play if it passed too."""
    rules = view.rules
    if sum(1 for b in view.auction if b.is_pass) != 3 or any(not b.is_pass for b in view.auction):
        return False
    if rules.all_pass is AllPass.FIRST_BIDDER_PLAYS:
        return view.seat == (view.dealer + 1) % 4
    return rules.all_pass is AllPass.DEALER_PLAYS and view.seat == view.dealer
