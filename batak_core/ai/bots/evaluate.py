"""Hand strength: how many tricks a hand should take with a given trump, for bids and trump.

The one home of a hand's trick count: the bots, the hints and the lessons all count with it, so
advice and play agree. The count is additive by suit (the lesson shows what each suit counts
for): the trump suit's honours (guarded), its length and a base, and in each side suit the ace,
guarded kings and queens, long-suit length and the ruffs a short suit gives with trumps to ruff.
The weights are fitted on double-dummy results (``benchmarks/calibrate_bidding.py`` writes them
to ``fitted_estimate``, with the measured error and the spread of the real trick count around
the estimate); ``defence_estimate`` counts a defender's own tricks the same way.
"""

from __future__ import annotations

from functools import cache

from ...cards import Suit
from ...deal import DealView
from ...rules import AllPass, RuleSet
from . import fitted_estimate as fitted

TRUMP_FEATURES = ("base", "ace", "king", "queen", "jack", "length", "long")
"""The trump suit's terms: a base, A, K with a guard, Q with two, J with three, every trump, and
every trump past the third."""
SIDE_FEATURES = ("ace", "king with ace", "king guarded", "queen with honour", "queen guarded",
                 "void ruffs", "singleton ruffs", "doubleton ruffs", "long")
"""A side suit's terms: A; K beside the A, or with a guard; Q with two guards beside A or K, or
without; a void, singleton or doubleton times the trump length (the ruffs it may give); every
card past the fourth."""


def _has(pattern: int, rank: int) -> int:
    return pattern >> (rank - 2) & 1


def suit_features(pattern: int, is_trump: bool, trump_length: int) -> tuple[int, ...]:
    """One suit's terms (``TRUMP_FEATURES`` or ``SIDE_FEATURES``) for the 13-bit rank ``pattern``."""
    length = pattern.bit_count()
    ace, king, queen, jack = (_has(pattern, r) for r in (14, 13, 12, 11))
    if is_trump:
        return (1, ace, king * (length >= 2), queen * (length >= 3), jack * (length >= 4), length,
                max(0, length - 3))
    honour = ace | king
    return (ace, king * ace, king * (1 - ace) * (length >= 2), queen * honour * (length >= 3),
            queen * (1 - honour) * (length >= 3), (length == 0) * trump_length,
            (length == 1) * trump_length, (length == 2) * trump_length, max(0, length - 4))


def _by_suit(hand: int, trump: int, defence: bool, base: float) -> dict[Suit, float]:
    trump_length = (hand >> 13 * trump & 0x1FFF).bit_count() if trump >= 0 else 0
    return {suit: _suit_part(hand >> 13 * suit & 0x1FFF, suit == trump, trump_length, defence, base)
            for suit in Suit}


@cache
def _suit_part(pattern: int, is_trump: bool, trump_length: int, defence: bool, base: float) -> float:
    """One suit's count (with ``base`` for the trump suit), kept once worked out: the expert's
    sampling counts thousands of hands a decision, and a suit has only 8,192 patterns."""
    if defence:
        weights = fitted.DEFENCE_TRUMP if is_trump else fitted.DEFENCE_SIDE
    else:
        weights = fitted.DECLARER_TRUMP if is_trump else fitted.DECLARER_SIDE
    part = base if is_trump else 0.0
    for name, value in zip(TRUMP_FEATURES if is_trump else SIDE_FEATURES,
                           suit_features(pattern, is_trump, trump_length), strict=True):
        part += weights[name] * value
    return part


def estimate_by_suit(hand: int, trump: int, rules: RuleSet | None = None) -> dict[Suit, float]:
    """``trick_estimate`` suit by suit: what each suit's cards are counted for (the trump suit
    also carries the base, and the preset's own term where the fit found one)."""
    base = fitted.PRESET_BASE.get(rules.name, 0.0) if rules is not None else 0.0
    return _by_suit(hand, trump, False, base)


def trick_estimate(hand: int, trump: int, rules: RuleSet | None = None) -> float:
    """Expected double-dummy tricks for the declarer holding ``hand`` (a mask) with ``trump``,
    leading the first trick: the sum of ``estimate_by_suit``. The real count lies around it
    with the spread ``count_spread``."""
    base = fitted.PRESET_BASE.get(rules.name, 0.0) if rules is not None else 0.0
    trump_length = (hand >> 13 * trump & 0x1FFF).bit_count() if trump >= 0 else 0
    total = 0.0
    for suit in range(4):  # estimate_by_suit's parts, added in its order, without the dict
        total += _suit_part(hand >> 13 * suit & 0x1FFF, suit == trump, trump_length, False, base)
    return total


def declarer_suit_parts() -> tuple[list[float], list[float]]:
    """``trick_estimate``'s parts without a preset, for every 13-bit rank pattern: as the trump
    suit, and as a side suit beside each trump length 0..13 (pattern + 8192 x length). The native
    sampler adds them up in C, suit by suit as ``trick_estimate`` does, to the same float."""
    patterns = range(1 << 13)
    as_trump = [_suit_part(p, True, p.bit_count(), False, 0.0) for p in patterns]
    as_side = [_suit_part(p, False, length, False, 0.0) for length in range(14) for p in patterns]
    return as_trump, as_side


def count_spread(rules: RuleSet | None = None) -> float:
    """How far the real double-dummy tricks lie around ``trick_estimate`` (its held-out RMSE)
    under these rules: each preset's own figure where the fit has one, else the pooled one."""
    if rules is None:
        return fitted.DECLARER_SPREAD
    return fitted.PRESET_SPREAD.get(rules.name, fitted.DECLARER_SPREAD)


def defence_estimate(hand: int, trump: int) -> float:
    """Expected double-dummy tricks of a defender holding ``hand`` against a declarer with
    ``trump`` (its own tricks, everyone else against it; spread ``fitted_estimate.DEFENCE_SPREAD``)."""
    total = 0.0
    for part in _by_suit(hand, trump, True, 0.0).values():
        total += part
    return max(0.0, total)


def counting_trump(rules: RuleSet, hand: int) -> Suit:
    """The trump a hand is counted with before the auction: the fixed trump (Koz Maça), else the
    suit that makes it strongest. The hint and the lessons count with it."""
    return Suit(rules.trump_suit) if rules.fixed_trump else best_trump(hand, rules)[0]


def best_trump(hand: int, rules: RuleSet | None = None) -> tuple[Suit, float]:
    """The trump suit that makes the hand strongest, and the tricks it should take."""
    scored = [(trick_estimate(hand, s, rules), (hand >> 13 * s & 0x1FFF).bit_count(), -s) for s in range(4)]
    estimate, _, neg = max(scored)
    return Suit(-neg), estimate


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
    """Three passes so far and this seat would be made to play if it passed too: only the dealer
    where the dealer plays (the first bidder, made to play elsewhere, has passed by then)."""
    if sum(1 for b in view.auction if b.is_pass) != 3 or any(not b.is_pass for b in view.auction):
        return False
    return view.rules.all_pass is AllPass.DEALER_PLAYS and view.seat == view.dealer
