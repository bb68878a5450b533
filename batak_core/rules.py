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
    from .teaching.describe import RuleDescription


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
    TEN_PER_BID = "ten_per_bid"  # 10·B: classic Koz Maça ("10 × die Zahl")
    TEN_PER_BID_PLUS_OVERTRICKS = "ten_per_bid_plus_overtricks"  # 10·B + (T − B)
    ONE_PER_TRICK = "one_per_trick"  # T


class DefenderZero(StrEnum):
    """What a defender who took no trick at all scores."""

    NOTHING = "nothing"  # 0, like any other trickless count
    MINUS_50 = "minus_50"  # miniokey
    MINUS_TEN_BID = "minus_ten_bid"  # classic: "geht unter", −10·B


class Variant(StrEnum):
    """The form of Batak; each variant is a set of option values applied to a preset."""

    IHALELI = "ihaleli"  # auction Batak, every player for themselves
    KOZ_MACA = "koz_maca"  # no auction, spades always trump, everyone announces a number
    ESLI = "esli"  # partnership: seats 0+2 against 1+3
    GOMMELI = "gommeli"  # buried kitty: 12 cards each, the declarer buries 4


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
    # variants (see VARIANTS) and their house rules
    variant: Variant = Variant.IHALELI
    announcements: bool = False  # Koz Maça: each player announces a number instead of an auction
    announce_min: int = 1  # lowest announcement; 0 allows "none"
    nil_points: int = 50  # "none" announced and no trick taken: +nil_points, else −nil_points
    overtricks_sink: int = 0  # Koz Maça: this many tricks over the announcement also sinks (0: off)
    fixed_trump: str = ""  # "S" in Koz Maça: trump without a choice
    partnership: bool = False  # Eşli: seats 0+2 and 1+3 count tricks together
    partner_winning_exempt: bool = False  # turkish Eşli: no overtake/ruff duty while partner wins
    dummy: bool = False  # classic Eşli: the declarer's partner lays the hand open, the declarer plays it
    kitty: int = 0  # Gömmeli: cards dealt face down, taken and buried by the declarer
    # house rules
    weak_hand_redeal: bool = False  # classic: no card above 10 may demand a redeal
    akq_trump_lead: bool = False  # classic: holding A-K-Q of trump, lead the ace before trump is broken

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def hand_size(self) -> int:
        """Cards per hand: 13, or 12 with a kitty of 4."""
        return (52 - self.kitty) // 4

    @property
    def tricks_per_deal(self) -> int:
        return self.hand_size

    @property
    def trump_suit(self) -> int:
        """The fixed trump as a suit index, or -1 when the declarer chooses."""
        return "SHDC".index(self.fixed_trump) if self.fixed_trump else -1

    def replace(self, **options: Any) -> RuleSet:
        """A copy with some options changed; unknown names and bad values raise ValueError."""
        for name in options:
            if name in NOT_SPECIFIED:
                raise NotSpecifiedError(NOT_SPECIFIED[name])
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
        from .teaching.describe import describe

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
    "tie_rule": TieRule, "variant": Variant,
}
_BOOL_OPTIONS: Final = (
    "trump_lead_restricted", "must_overtake", "overtake_when_trumped", "must_ruff",
    "must_overtrump", "any_card_when_cannot_overtrump", "every_trick_counts",
    "double_penalty", "made_thirteen_doubles", "exact_bid_scores_bid", "announcements",
    "partnership", "partner_winning_exempt", "dummy", "weak_hand_redeal", "akq_trump_lead",
)
_INT_OPTIONS: Final = (
    "min_bid", "max_bid", "all_pass_bid", "declarer_failed_per_bid", "defender_per_trick",
    "deals", "target", "move_seconds", "extra_seconds", "announce_min", "nil_points",
    "overtricks_sink", "kitty",
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
    if name == "fixed_trump":
        if value not in ("", "S", "H", "D", "C"):
            raise ValueError(f"fixed_trump must be '', 'S', 'H', 'D' or 'C', not {value!r}")
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
    problems += _variant_problems(rules)
    if problems:
        raise ValueError("invalid rules: " + "; ".join(problems))


OPTION_NAMES: Final[tuple[str, ...]] = tuple(f.name for f in dataclasses.fields(RuleSet))

def _variant_problems(rules: RuleSet) -> list[str]:
    """Combinations no source describes, refused rather than guessed."""
    problems = []
    if rules.kitty not in (0, 4):
        problems.append(f"kitty must be 0 or 4 cards, not {rules.kitty}")
    if rules.kitty and rules.max_bid > rules.tricks_per_deal:
        problems.append(f"with a kitty there are {rules.tricks_per_deal} tricks, so max_bid must be at most "
                        f"{rules.tricks_per_deal}")
    if rules.kitty and rules.partnership:
        problems.append("no source describes Gömmeli (a kitty) with partners")
    if rules.announcements and (rules.partnership or rules.kitty):
        problems.append("no source describes Koz Maça announcements with partners or a kitty")
    if rules.announcements and not rules.fixed_trump:
        problems.append("announcements (Koz Maça) need a fixed trump: set fixed_trump")
    if rules.announce_min not in (0, 1):
        problems.append(f"announce_min must be 0 ('none' allowed) or 1, not {rules.announce_min}")
    if (rules.dummy or rules.partner_winning_exempt) and not rules.partnership:
        problems.append("dummy and partner_winning_exempt are partnership (Eşli) rules: set partnership")
    if rules.akq_trump_lead and rules.trump_broken_by is TrumpBreak.RUFF_ONLY:
        problems.append("akq_trump_lead is described with trump broken by any trump; with ruff-only "
                        "breaking the rest of the A-K-Q sequence is not described")
    if rules.overtricks_sink < 0 or rules.nil_points < 0:
        problems.append("overtricks_sink and nil_points must not be negative")
    return problems


class NotSpecifiedError(ValueError):
    """A rule a source names without saying how it works: the engine refuses to invent it."""


NOT_SPECIFIED: Final[Mapping[str, str]] = MappingProxyType({
    "two_or_fewer_sinks": "The turkish source names a regional rule that a player with 2 tricks or fewer "
                          "'sinks' and scores minus, but gives no penalty ('bu sitede standart puanlama "
                          "kullanılır'): not specified, so the engine does not invent one.",
    "gonullu": "Gönüllü Batak is only named by the danish source ('dropper auktionen helt til fordel for "
               "en frivillig udfordrer'); how the volunteer is chosen and scored is not specified, so the "
               "engine does not invent it.",
})
"""Rules the sources name but leave open; asking for one raises NotSpecifiedError with this text."""


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


VARIANTS: Final[Mapping[tuple[str, Variant], Mapping[str, Any]]] = MappingProxyType({
    ("classic", Variant.KOZ_MACA): {
        "announcements": True, "fixed_trump": "S", "announce_min": 0, "nil_points": 50,
        "overtricks_sink": 3, "declarer_made": "ten_per_bid", "declarer_failed_per_bid": 10,
    },
    ("turkish", Variant.KOZ_MACA): {
        "announcements": True, "fixed_trump": "S", "announce_min": 1,
        "declarer_made": "one_per_trick", "declarer_failed_per_bid": 1,
    },
    ("classic", Variant.ESLI): {
        "partnership": True, "dummy": True, "min_bid": 8, "all_pass": "dealer_plays", "all_pass_bid": 7,
        "declarer_made": "ten_per_trick",
    },
    ("turkish", Variant.ESLI): {"partnership": True, "partner_winning_exempt": True},
    ("danish", Variant.ESLI): {"partnership": True},
    ("gamelake", Variant.ESLI): {"partnership": True, "min_bid": 7},
    ("turkish", Variant.GOMMELI): {"kitty": 4, "max_bid": 12},
})
"""What each source says a variant changes; a pairing missing here is not described by that source."""


MENTIONED_ONLY: Final[Mapping[tuple[str, Variant], str]] = MappingProxyType({
    ("danish", Variant.KOZ_MACA): "The danish source only mentions Koz Maça ('gør spar til fast trumf hele "
                                  "vejen igennem') without its announcements or scoring: not specified. "
                                  "Choose the classic or turkish Koz Maça.",
})


def preset(name: str, variant: str | Variant | None = None, **options: Any) -> RuleSet:
    """The named source's rules, optionally as a variant, with house-rule options changed."""
    if not isinstance(name, str) or name.strip().lower() not in PRESETS:
        raise ValueError(f"unknown preset {name!r}; choose one of: {', '.join(PRESETS)}")
    key = name.strip().lower()
    rules = PRESETS[key]
    if variant is not None and variant != Variant.IHALELI:
        if variant == "gonullu":
            raise NotSpecifiedError(NOT_SPECIFIED["gonullu"])
        try:
            chosen = Variant(variant)
        except ValueError:
            allowed = ", ".join(repr(v.value) for v in Variant)
            raise ValueError(f"unknown variant {variant!r}; choose one of: {allowed}") from None
        changes = VARIANTS.get((key, chosen))
        if (key, chosen) in MENTIONED_ONLY:
            raise NotSpecifiedError(MENTIONED_ONLY[(key, chosen)])
        if changes is None:
            sources = [n for (n, v) in VARIANTS if v is chosen]
            raise ValueError(f"the {key} rules do not describe {chosen.value}; it is described by: "
                             f"{', '.join(sources)}")
        rules = rules.replace(variant=chosen, **changes)
    return rules.replace(**options) if options else rules


def variants_of(name: str) -> list[Variant]:
    """The variants a preset's source describes, İhaleli first."""
    return [Variant.IHALELI, *(v for (n, v) in VARIANTS if n == name)]
