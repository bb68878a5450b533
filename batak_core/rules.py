"""Rule sets: every way the five sources differ, as named options with validated values.

A preset is nothing but a ``RuleSet`` value; no code outside this module knows which source
says what. ``rules.replace(**options)`` gives a house-rule variant and validates it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from .describe import RuleDescription


class Direction(StrEnum):
    """Where the next player sits: only the drawing of the table depends on it."""

    COUNTERCLOCKWISE = "counterclockwise"  # to your right
    CLOCKWISE = "clockwise"  # to your left


class AllPass(StrEnum):
    """What happens when nobody bids."""

    FIRST_BIDDER_PLAYS = "first_bidder_plays"  # miniokey: the player after the dealer, at all_pass_bid
    DEALER_PLAYS = "dealer_plays"  # classic (4), turkish (5)
    REDEAL = "redeal"  # danish: throw in and deal again
    DEALER_MUST_BID = "dealer_must_bid"  # gamelake: after three passes the dealer may not pass


class TrumpBreak(StrEnum):
    """What counts as breaking trump, which lifts the trump-lead restriction."""

    ANY_TRUMP = "any_trump"  # the first trump played by anyone, led or not
    RUFF_ONLY = "ruff_only"  # gamelake: only a trump played on a lead of another suit


class DeclarerMade(StrEnum):
    """What a declarer who made the bid scores (B bid, T tricks)."""

    TEN_PER_TRICK = "ten_per_trick"  # 10·T
    TEN_PER_BID_PLUS_OVERTRICKS = "ten_per_bid_plus_overtricks"  # 10·B + (T − B)
    ONE_PER_TRICK = "one_per_trick"  # T


class DefenderZero(StrEnum):
    """What a defender who took no trick at all scores."""

    NOTHING = "nothing"  # 0, like any other trickless count
    MINUS_50 = "minus_50"  # miniokey
    MINUS_TEN_BID = "minus_ten_bid"  # classic: "geht unter", −10·B


class GameEnd(StrEnum):
    FIXED_DEALS = "fixed_deals"
    TARGET_SCORE = "target_score"


class TieRule(StrEnum):
    """What a tie for first place at the end of the game means."""

    SHARE = "share"  # the tied players share first place
    EXTRA_DEAL = "extra_deal"  # gamelake: play one more deal (again while still tied)
    DEAL_UNTIL_DECIDED = "deal_until_decided"  # danish: deal again until one leads


@dataclass(frozen=True)
class RuleSet:
    """One complete, validated set of table rules. Build with ``preset()`` and ``replace()``."""

    name: str
    direction: Direction
    # auction
    min_bid: int
    max_bid: int
    all_pass: AllPass
    all_pass_bid: int
    # leading trump
    trump_lead_restricted: bool
    trump_broken_by: TrumpBreak
    # following and ruffing
    must_overtake: bool
    overtake_when_trumped: bool
    must_ruff: bool
    must_overtrump: bool
    any_card_when_cannot_overtrump: bool
    # scoring
    declarer_made: DeclarerMade
    declarer_failed_per_bid: int
    defender_per_trick: int
    defender_zero: DefenderZero
    every_trick_counts: bool = False
    double_penalty: bool = False
    made_thirteen_doubles: bool = False
    exact_bid_scores_bid: bool = False
    # the game
    game_end: GameEnd = GameEnd.FIXED_DEALS
    deals: int = 5
    deal_choices: tuple[int, ...] = ()
    target: int = 0
    target_choices: tuple[int, ...] = ()
    tie_rule: TieRule = TieRule.SHARE
    # timers (seconds; 0 = no clock)
    move_seconds: int = 0
    extra_seconds: int = 0

    def __post_init__(self) -> None:
        _validate(self)

    def replace(self, **options: Any) -> RuleSet:
        """A copy with some options changed; unknown names and bad values raise ValueError."""
        unknown = sorted(set(options) - set(OPTION_NAMES))
        if unknown:
            raise ValueError(
                f"unknown rule option(s) {', '.join(unknown)}; the options are: {', '.join(OPTION_NAMES)}"
            )
        coerced = {name: _coerce(name, value) for name, value in options.items()}
        return dataclasses.replace(self, **coerced)

    def options(self) -> dict[str, Any]:
        """Every option as plain JSON-ready values (enums as their strings)."""
        out: dict[str, Any] = {}
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            out[field.name] = list(value) if isinstance(value, tuple) else (
                value.value if isinstance(value, StrEnum) else value)
        return out

    def describe(self) -> list[RuleDescription]:
        """Every option in plain English with the source its value comes from."""
        from .describe import describe

        return describe(self)

    def differences(self, other: RuleSet) -> dict[str, tuple[Any, Any]]:
        """Options whose values differ: {name: (mine, other's)}; the name itself is ignored."""
        mine, theirs = self.options(), other.options()
        return {k: (mine[k], theirs[k]) for k in mine if k != "name" and mine[k] != theirs[k]}

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> RuleSet:
        """Rebuild from ``options()`` output: based on the named preset, every value checked."""
        if not isinstance(options, dict):
            raise ValueError("rules must be a JSON object of option names and values")
        name = str(options.get("name"))
        base = preset(name) if name in PRESETS else PRESETS[DEFAULT_PRESET].replace(name=str(name))
        return base.replace(**{k: v for k, v in options.items() if k != "name"}).replace(name=base.name)


_ENUM_OPTIONS: Final[dict[str, type[StrEnum]]] = {
    "direction": Direction, "all_pass": AllPass, "trump_broken_by": TrumpBreak,
    "declarer_made": DeclarerMade, "defender_zero": DefenderZero, "game_end": GameEnd,
    "tie_rule": TieRule,
}
_BOOL_OPTIONS: Final = (
    "trump_lead_restricted", "must_overtake", "overtake_when_trumped", "must_ruff",
    "must_overtrump", "any_card_when_cannot_overtrump", "every_trick_counts",
    "double_penalty", "made_thirteen_doubles", "exact_bid_scores_bid",
)
_INT_OPTIONS: Final = (
    "min_bid", "max_bid", "all_pass_bid", "declarer_failed_per_bid", "defender_per_trick",
    "deals", "target", "move_seconds", "extra_seconds",
)
_TUPLE_OPTIONS: Final = ("deal_choices", "target_choices")


def _coerce(name: str, value: Any) -> Any:
    """Turn JSON-style values into the option's type, with a message naming what is allowed."""
    if name in _ENUM_OPTIONS:
        enum = _ENUM_OPTIONS[name]
        try:
            return enum(value)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in enum)
            raise ValueError(f"{name} must be one of {allowed}, not {value!r}") from None
    if name in _BOOL_OPTIONS:
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false, not {value!r}")
        return value
    if name in _INT_OPTIONS:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} must be a whole number, not {value!r}")
        return value
    if name in _TUPLE_OPTIONS:
        if not isinstance(value, (list, tuple)) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise ValueError(f"{name} must be a list of whole numbers, not {value!r}")
        return tuple(value)
    if name == "name":
        if not isinstance(value, str) or not value:
            raise ValueError(f"name must be a non-empty string, not {value!r}")
        return value
    raise AssertionError(name)


def _validate(rules: RuleSet) -> None:
    for name in OPTION_NAMES:
        value = getattr(rules, name)
        if _coerce(name, value) != value or type(_coerce(name, value)) is not type(value):
            raise ValueError(f"{name} has the wrong type: {value!r}")
    problems = []
    if not 1 <= rules.min_bid <= rules.max_bid <= 13:
        problems.append(f"bids must satisfy 1 <= min_bid <= max_bid <= 13 "
                        f"(got min_bid={rules.min_bid}, max_bid={rules.max_bid})")
    if rules.all_pass in (AllPass.FIRST_BIDDER_PLAYS, AllPass.DEALER_PLAYS) and not (
            1 <= rules.all_pass_bid <= 13):
        problems.append(f"all_pass_bid must be 1..13, not {rules.all_pass_bid}")
    if rules.every_trick_counts and rules.declarer_made is not DeclarerMade.TEN_PER_BID_PLUS_OVERTRICKS:
        problems.append("every_trick_counts replaces the 10·B + (T − B) formula, so it needs "
                        "declarer_made='ten_per_bid_plus_overtricks'")
    if rules.declarer_failed_per_bid < 0 or rules.defender_per_trick < 0:
        problems.append("points per trick and per bid must not be negative")
    if rules.game_end is GameEnd.FIXED_DEALS and rules.deals < 1:
        problems.append(f"deals must be at least 1, not {rules.deals}")
    if rules.deal_choices and rules.game_end is GameEnd.FIXED_DEALS and rules.deals not in rules.deal_choices:
        allowed = ", ".join(map(str, rules.deal_choices))
        problems.append(f"{rules.name} plays {allowed} deals, not {rules.deals}")
    if rules.game_end is GameEnd.TARGET_SCORE and rules.target < 1:
        problems.append(f"target must be a positive score, not {rules.target}")
    if rules.move_seconds < 0 or rules.extra_seconds < 0:
        problems.append("timer seconds must not be negative")
    if problems:
        raise ValueError("invalid rules: " + "; ".join(problems))


OPTION_NAMES: Final[tuple[str, ...]] = tuple(f.name for f in dataclasses.fields(RuleSet))

PRESETS: Final[Mapping[str, RuleSet]] = MappingProxyType({
    "miniokey": RuleSet(
        name="miniokey", direction=Direction.COUNTERCLOCKWISE, min_bid=5, max_bid=13,
        all_pass=AllPass.FIRST_BIDDER_PLAYS, all_pass_bid=4,
        trump_lead_restricted=True, trump_broken_by=TrumpBreak.ANY_TRUMP,
        must_overtake=True, overtake_when_trumped=False, must_ruff=True, must_overtrump=True,
        any_card_when_cannot_overtrump=False,
        declarer_made=DeclarerMade.TEN_PER_TRICK, declarer_failed_per_bid=10,
        defender_per_trick=10, defender_zero=DefenderZero.MINUS_50,
        game_end=GameEnd.FIXED_DEALS, deals=5, deal_choices=(3, 5, 7, 9, 11),
        tie_rule=TieRule.SHARE, move_seconds=30, extra_seconds=30,
    ),
    "classic": RuleSet(
        name="classic", direction=Direction.COUNTERCLOCKWISE, min_bid=5, max_bid=13,
        all_pass=AllPass.DEALER_PLAYS, all_pass_bid=4,
        trump_lead_restricted=True, trump_broken_by=TrumpBreak.ANY_TRUMP,
        must_overtake=True, overtake_when_trumped=True, must_ruff=True, must_overtrump=True,
        any_card_when_cannot_overtrump=False,
        declarer_made=DeclarerMade.TEN_PER_BID_PLUS_OVERTRICKS, declarer_failed_per_bid=10,
        defender_per_trick=10, defender_zero=DefenderZero.MINUS_TEN_BID,
        game_end=GameEnd.FIXED_DEALS, deals=5, deal_choices=(5, 7, 11, 15, 21),
        tie_rule=TieRule.SHARE,
    ),
    "danish": RuleSet(
        name="danish", direction=Direction.CLOCKWISE, min_bid=5, max_bid=13,
        all_pass=AllPass.REDEAL, all_pass_bid=0,
        trump_lead_restricted=False, trump_broken_by=TrumpBreak.ANY_TRUMP,
        must_overtake=False, overtake_when_trumped=False, must_ruff=True, must_overtrump=False,
        any_card_when_cannot_overtrump=False,
        declarer_made=DeclarerMade.TEN_PER_BID_PLUS_OVERTRICKS, declarer_failed_per_bid=10,
        defender_per_trick=1, defender_zero=DefenderZero.NOTHING,
        game_end=GameEnd.TARGET_SCORE, target=151, target_choices=(151, 501),
        tie_rule=TieRule.DEAL_UNTIL_DECIDED,
    ),
    "turkish": RuleSet(
        name="turkish", direction=Direction.CLOCKWISE, min_bid=5, max_bid=13,
        all_pass=AllPass.DEALER_PLAYS, all_pass_bid=5,
        trump_lead_restricted=True, trump_broken_by=TrumpBreak.ANY_TRUMP,
        must_overtake=True, overtake_when_trumped=False, must_ruff=True, must_overtrump=True,
        any_card_when_cannot_overtrump=True,
        declarer_made=DeclarerMade.ONE_PER_TRICK, declarer_failed_per_bid=1,
        defender_per_trick=1, defender_zero=DefenderZero.NOTHING,
        game_end=GameEnd.TARGET_SCORE, target=51, target_choices=(51, 101),
        tie_rule=TieRule.SHARE,
    ),
    "gamelake": RuleSet(
        name="gamelake", direction=Direction.COUNTERCLOCKWISE, min_bid=4, max_bid=13,
        all_pass=AllPass.DEALER_MUST_BID, all_pass_bid=0,
        trump_lead_restricted=True, trump_broken_by=TrumpBreak.RUFF_ONLY,
        must_overtake=True, overtake_when_trumped=True, must_ruff=True, must_overtrump=True,
        any_card_when_cannot_overtrump=False,
        declarer_made=DeclarerMade.ONE_PER_TRICK, declarer_failed_per_bid=1,
        defender_per_trick=1, defender_zero=DefenderZero.NOTHING,
        game_end=GameEnd.FIXED_DEALS, deals=5, deal_choices=(3, 5, 10),
        tie_rule=TieRule.EXTRA_DEAL,
    ),
})
"""The five sources as rule sets (see shared/RULES.md for the side-by-side tables)."""

DEFAULT_PRESET: Final = "miniokey"


def preset(name: str, **options: Any) -> RuleSet:
    """The named source's rules, optionally with house-rule options changed."""
    if not isinstance(name, str) or name.strip().lower() not in PRESETS:
        raise ValueError(f"unknown preset {name!r}; choose one of: {', '.join(PRESETS)}")
    rules = PRESETS[name.strip().lower()]
    return rules.replace(**options) if options else rules
