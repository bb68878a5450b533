"""Rule sets: one source's rules as a validated value, its variants, and house-rule changes.

A preset is nothing but a ``RuleSet`` value built from the options table (``options.OPTIONS``,
where each source's value of each option is declared); no code outside these two modules knows
which source says what. ``rules.replace(**options)`` gives a house-rule variant and validates it.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

from .errors import shorten
from .frozen import constructor_arguments
from .options import (
    OPTIONS,
    OPTIONS_BY_NAME,
    SOURCES,
    AllPass,
    DeclarerMade,
    DefenderZero,
    Direction,
    GameEnd,
    TieRule,
    TrumpBreak,
    Variant,
)

if TYPE_CHECKING:
    from .teaching.describe import RuleDescription


@dataclass(frozen=True)
class RuleSet:
    """One complete, validated set of table rules. Build with ``preset()`` and ``replace()``.

    ``name`` is the source the rules come from (always one of ``PRESETS``); every other field is
    an option of ``options.OPTIONS``, in the same order, where its meaning and values are declared.
    """

    name: str
    direction: Direction
    # the auction
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
    # scoring, and its house rules
    declarer_made: DeclarerMade
    declarer_failed_per_bid: int
    defender_per_trick: int
    defender_zero: DefenderZero
    every_trick_counts: bool
    double_penalty: bool
    made_thirteen_doubles: bool
    exact_bid_scores_bid: bool
    # the game
    game_end: GameEnd
    deals: int
    deal_choices: tuple[int, ...]
    deal_choices_only: bool
    target: int
    target_choices: tuple[int, ...]
    tie_rule: TieRule
    # timers (seconds; 0 = no clock)
    move_seconds: int
    extra_seconds: int
    # the form of the game, set by the variant (see VARIANTS), and its house rules
    variant: Variant
    announcements: bool
    announce_min: int
    nil_points: int
    overtricks_sink: int
    fixed_trump: str
    partnership: bool
    partner_winning_exempt: bool
    dummy: bool
    kitty: int
    # house rules
    weak_hand_redeal: bool
    akq_trump_lead: bool

    def __post_init__(self) -> None:
        _validate(self)

    def __reduce__(self) -> tuple[type[RuleSet], tuple[Any, ...]]:
        return (RuleSet, constructor_arguments(self))  # see batak_core.frozen (match workers get rules)

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
        """A copy with some options changed (house rules); unknown names, bad values and
        combinations no source describes raise ValueError saying what is allowed."""
        for name in options:
            if name in NOT_SPECIFIED:
                raise NotSpecifiedError(NOT_SPECIFIED[name])
        unknown = sorted(set(options) - set(OPTIONS_BY_NAME) - {"name"})
        if unknown:
            close = difflib.get_close_matches(unknown[0][:100], list(OPTIONS_BY_NAME), n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise ValueError(f"unknown rule option {shorten(unknown[0])}{hint}; every option is listed by "
                             "`batak rules` and in docs/rules.md")
        if "name" in options and options["name"] != self.name:
            raise ValueError(f"a rule set's name is its source ({self.name}); for another source use "
                             f"preset({shorten(options['name'])})")
        if "variant" in options and Variant(OPTIONS_BY_NAME["variant"].check(options["variant"])) != self.variant:
            raise ValueError(f"the variant is chosen with the preset: preset({self.name!r}, "
                             f"{shorten(options['variant'])}), not changed as a house rule")
        coerced = {name: OPTIONS_BY_NAME[name].check(value) for name, value in options.items() if name != "name"}
        return dataclasses.replace(self, **coerced)

    def options(self) -> dict[str, Any]:
        """Every option as plain JSON-ready values (enums as their strings)."""
        out: dict[str, Any] = {"name": self.name}
        for option in OPTIONS:
            value = getattr(self, option.name)
            out[option.name] = list(value) if isinstance(value, tuple) else (
                value.value if isinstance(value, StrEnum) else value)
        return out

    def describe(self) -> list[RuleDescription]:
        """Every option in plain English with the source its value comes from."""
        from .teaching.describe import describe

        return describe(self)

    def differences(self, other: RuleSet) -> dict[str, tuple[Any, Any]]:
        """Options whose values differ: {name: (mine, other's)}."""
        mine, theirs = self.options(), other.options()
        return {k: (mine[k], theirs[k]) for k in mine if k != "name" and mine[k] != theirs[k]}

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> RuleSet:
        """Rebuild from ``options()`` output: the named source and variant, every value checked."""
        if not isinstance(options, dict):
            raise ValueError("rules must be a JSON object of option names and values")
        name, variant = options.get("name"), options.get("variant", Variant.IHALELI)
        base = preset(name, variant)  # type: ignore[arg-type]  # preset() checks both
        changes = {k: v for k, v in options.items() if k not in ("name", "variant")}
        return base.replace(**changes)


def _validate(rules: RuleSet) -> None:
    if not isinstance(rules.name, str) or rules.name not in SOURCES:
        raise ValueError(f"a rule set's name is its source, one of {', '.join(SOURCES)}; not {shorten(rules.name)}")
    for option in OPTIONS:
        value = getattr(rules, option.name)
        checked = option.check(value)
        if checked != value or type(checked) is not type(value):
            raise ValueError(f"{option.name} has the wrong type: {shorten(value)}")
    problems = []
    if not 1 <= rules.min_bid <= rules.max_bid <= 13:
        problems.append(f"bids must satisfy 1 <= min_bid <= max_bid <= 13 "
                        f"(got min_bid={rules.min_bid}, max_bid={rules.max_bid})")
    if rules.all_pass in (AllPass.FIRST_BIDDER_PLAYS, AllPass.DEALER_PLAYS) and not 1 <= rules.all_pass_bid <= 13:
        problems.append(f"all_pass_bid must be 1..13, not {rules.all_pass_bid}")
    if rules.every_trick_counts and rules.declarer_made is not DeclarerMade.TEN_PER_BID_PLUS_OVERTRICKS:
        problems.append("every_trick_counts replaces the 10·B + (T − B) formula, so it needs "
                        "declarer_made='ten_per_bid_plus_overtricks'")
    if rules.deal_choices_only and not rules.deal_choices:
        problems.append("deal_choices_only needs the lengths on offer: set deal_choices too")
    elif rules.deal_choices_only and rules.game_end is GameEnd.FIXED_DEALS and rules.deals not in rules.deal_choices:
        allowed = ", ".join(map(str, rules.deal_choices))
        problems.append(f"{rules.name} plays {allowed} deals, not {rules.deals}")
    if rules.game_end is GameEnd.TARGET_SCORE and rules.target < 1:
        problems.append(f"target must be a positive score, not {rules.target}")
    problems += _variant_problems(rules)
    if problems:
        raise ValueError("invalid rules: " + "; ".join(problems))


def _variant_problems(rules: RuleSet) -> list[str]:
    """Combinations no source describes, refused rather than guessed."""
    problems = []
    if _PRESETS_BUILT:
        described = _described_form(rules.name, rules.variant)
        if described is None:
            sources = [n for (n, v) in VARIANTS if v is rules.variant]
            problems.append(f"the {rules.name} rules do not describe {rules.variant.value}; it is described by: "
                            f"{', '.join(sources)}")
        else:
            changed = [o.name for o in OPTIONS if o.form and getattr(rules, o.name) != described[o.name]]
            if changed:
                verb = "belongs" if len(changed) == 1 else "belong"
                problems.append(f"{', '.join(changed)} {verb} to the form of the game ({rules.variant.value} under "
                                f"{rules.name}: {', '.join(f'{n}={described[n]!r}' for n in changed)}); no source "
                                "describes other values; choose another variant with preset(name, variant)")
    if rules.kitty and rules.max_bid > rules.tricks_per_deal:
        problems.append(f"with a kitty there are {rules.tricks_per_deal} tricks, so max_bid must be at most "
                        f"{rules.tricks_per_deal}")
    if rules.akq_trump_lead and rules.trump_broken_by is TrumpBreak.RUFF_ONLY:
        problems.append("akq_trump_lead is described with trump broken by any trump; with ruff-only "
                        "breaking the rest of the A-K-Q sequence is not described")
    return problems


def _described_form(name: str, variant: Variant) -> dict[str, Any] | None:
    """The form options (``Option.form``) of ``variant`` as ``name``'s source describes it."""
    if variant is not Variant.IHALELI and (name, variant) not in VARIANTS:
        return None
    changes = VARIANTS.get((name, variant), {})
    form = {o.name: o.check(changes.get(o.name, o.presets[name])) for o in OPTIONS if o.form}
    form["variant"] = variant
    return form


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

_PRESETS_BUILT = False
PRESETS: Final[Mapping[str, RuleSet]] = MappingProxyType({
    name: RuleSet(name=name, **{o.name: o.presets[name] for o in OPTIONS}) for name in SOURCES})
"""The five sources as rule sets, each option's value from the options table."""
_PRESETS_BUILT = True

DEFAULT_PRESET: Final = "miniokey"


def preset(name: str, variant: str | Variant | None = None, **options: Any) -> RuleSet:
    """The named source's rules, optionally as a variant, with house-rule options changed."""
    if not isinstance(name, str) or name.strip().lower() not in PRESETS:
        raise ValueError(f"unknown preset {shorten(name)}; choose one of: {', '.join(PRESETS)}")
    key = name.strip().lower()
    rules = PRESETS[key]
    if variant is not None and variant != Variant.IHALELI:
        if variant == "gonullu":
            raise NotSpecifiedError(NOT_SPECIFIED["gonullu"])
        try:
            chosen = Variant(variant)
        except ValueError:
            allowed = ", ".join(repr(v.value) for v in Variant)
            raise ValueError(f"unknown variant {shorten(variant)}; choose one of: {allowed}") from None
        if (key, chosen) in MENTIONED_ONLY:
            raise NotSpecifiedError(MENTIONED_ONLY[(key, chosen)])
        changes = VARIANTS.get((key, chosen))
        if changes is None:
            sources = [n for (n, v) in VARIANTS if v is chosen]
            raise ValueError(f"the {key} rules do not describe {chosen.value}; it is described by: "
                             f"{', '.join(sources)}")
        coerced = {n: OPTIONS_BY_NAME[n].check(v) for n, v in changes.items()}
        rules = dataclasses.replace(rules, variant=chosen, **coerced)
    return rules.replace(**options) if options else rules


def variants_of(name: str) -> list[Variant]:
    """The variants a preset's source describes, İhaleli first."""
    return [Variant.IHALELI, *(v for (n, v) in VARIANTS if n == name)]


__all__ = ["DEFAULT_PRESET", "MENTIONED_ONLY", "NOT_SPECIFIED", "PRESETS", "VARIANTS", "AllPass", "DeclarerMade",
           "DefenderZero", "Direction", "GameEnd", "NotSpecifiedError", "RuleSet", "TieRule", "TrumpBreak", "Variant",
           "preset", "variants_of"]
