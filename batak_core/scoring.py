"""Points for one finished deal, per the rule set's scoring options."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .errors import shorten
from .i18n import _
from .rules import DeclarerMade, DefenderZero, RuleSet
from .seats import side_seats, side_tricks

# Module constants: enum member lookups are slow on Python 3.11, and every deal is scored.
_TEN_PER_BID: Final = DeclarerMade.TEN_PER_BID
_TEN_PER_TRICK: Final = DeclarerMade.TEN_PER_TRICK
_TEN_PER_BID_PLUS_OVERTRICKS: Final = DeclarerMade.TEN_PER_BID_PLUS_OVERTRICKS
_MINUS_50: Final = DefenderZero.MINUS_50
_MINUS_TEN_BID: Final = DefenderZero.MINUS_TEN_BID


def declarer_points(rules: RuleSet, bid: int, tricks: int) -> int:
    """What the declarer scores with ``tricks`` against ``bid``."""
    if tricks < bid:
        penalty = rules.declarer_failed_per_bid * bid
        return -2 * penalty if rules.double_penalty else -penalty
    counted = bid if rules.exact_bid_scores_bid and tricks == bid else tricks
    made = rules.declarer_made
    if made is _TEN_PER_BID:
        points = 10 * bid
    elif made is _TEN_PER_TRICK or (made is _TEN_PER_BID_PLUS_OVERTRICKS and rules.every_trick_counts):
        points = 10 * counted
    elif made is _TEN_PER_BID_PLUS_OVERTRICKS:
        points = 10 * bid + (counted - bid)
    else:
        points = counted
    if rules.made_thirteen_doubles and bid == 13:
        points *= 2
    return points


def defender_points(rules: RuleSet, bid: int, tricks: int) -> int:
    """What a player who is not the declarer scores with ``tricks``."""
    if tricks == 0:
        if rules.defender_zero is _MINUS_50:
            return -50
        if rules.defender_zero is _MINUS_TEN_BID:
            return -10 * bid
    return rules.defender_per_trick * tricks


def _checked_rules(rules: object) -> RuleSet:
    """``rules`` if it is a RuleSet (taken as ``object``: compiled code would raise its own
    TypeError before this message)."""
    if not isinstance(rules, RuleSet):
        raise ValueError(f"rules must be a RuleSet (see batak_core.preset), not {shorten(rules)}")
    return rules


def _check_tricks(rules: RuleSet, tricks: Sequence[int]) -> None:
    if not isinstance(tricks, Sequence) or isinstance(tricks, (str, bytes)):
        raise ValueError(f"tricks must be four counts, one per seat, not {shorten(tricks)}")
    if len(tricks) != 4 or any(isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in tricks):
        raise ValueError(f"tricks must be four counts, one per seat, not {shorten(list(tricks))}")
    if sum(tricks) != rules.tricks_per_deal:
        raise ValueError(_("the tricks of a deal add up to {total}, not {given} ({tricks})").format(
            total=rules.tricks_per_deal, given=sum(tricks), tricks=list(tricks)))


def score_deal(rules: object, declarer: object, bid: object, tricks: Sequence[int]) -> list[int]:
    """Points per seat for a finished deal: ``declarer`` is a seat 0..3, ``bid`` the contract and
    ``tricks`` the number of tricks each seat won (``rules`` and the two numbers are taken as
    ``object`` and checked here: compiled code would raise its own TypeError, or turn True into 1,
    before the check).

    In a partnership the partners' tricks count together and both partners get the side's score.
    """
    ruleset = _checked_rules(rules)
    _check_tricks(ruleset, tricks)
    if isinstance(declarer, bool) or not isinstance(declarer, int) or declarer not in (0, 1, 2, 3):
        raise ValueError(f"declarer must be a seat 0..3, not {shorten(declarer)}")
    if isinstance(bid, bool) or not isinstance(bid, int) or not 1 <= bid <= ruleset.tricks_per_deal:
        raise ValueError(f"bid must be a number of tricks 1..{ruleset.tricks_per_deal}, not {shorten(bid)}")
    return points_per_seat(ruleset, declarer, bid, tricks)


def points_per_seat(rules: RuleSet, declarer: int, bid: int, tricks: Sequence[int]) -> list[int]:
    """``score_deal`` without its checks, for a finished ``Deal``, whose numbers are its own."""
    declaring = side_seats(rules, declarer)
    return [declarer_points(rules, bid, side_tricks(rules, tricks, seat)) if seat in declaring
            else defender_points(rules, bid, side_tricks(rules, tricks, seat)) for seat in range(4)]


def announcement_points(rules: RuleSet, announced: int, tricks: int) -> int:
    """Koz Maça: what a player scores against their own announcement."""
    if announced == 0:
        return rules.nil_points if tricks == 0 else -rules.nil_points
    if rules.overtricks_sink and tricks - announced >= rules.overtricks_sink:
        return declarer_points(rules, announced, 0)  # "yandan batmak": sinks like a failed bid
    return declarer_points(rules, announced, tricks)


def score_announcements(rules: object, announced: Sequence[int], tricks: Sequence[int]) -> list[int]:
    """Points per seat for a Koz Maça deal: everyone is scored against their own number."""
    ruleset = _checked_rules(rules)
    _check_tricks(ruleset, tricks)
    if (not isinstance(announced, Sequence) or isinstance(announced, (str, bytes)) or len(announced) != 4
            or any(not isinstance(n, int) or not ruleset.announce_min <= n <= 13 for n in announced)):
        raise ValueError(_("announcements must be four numbers {low}..13, not {value}").format(
            low=ruleset.announce_min, value=shorten(list(announced))))
    return [announcement_points(ruleset, n, t) for n, t in zip(announced, tricks, strict=True)]
