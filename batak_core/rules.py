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
from .i18n import N_, _, ngettext
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
    unknown_option,
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
                raise NotSpecifiedError(_(NOT_SPECIFIED[name]))
        unknown = sorted(set(options) - set(OPTIONS_BY_NAME) - {"name"})
        if unknown:
            close = difflib.get_close_matches(unknown[0][:100], list(OPTIONS_BY_NAME), n=1)
            raise ValueError(unknown_option(shorten(unknown[0]), close[0] if close else ""))
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

    def describe(self, locale: object | None = None) -> list[RuleDescription]:
        """Every option in words with the source its value comes from, in ``locale`` (a language
        code; the active language, English unless set, when ``None``)."""
        from .teaching.describe import describe

        return describe(self, locale=locale)

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
        problems.append(_("bids must satisfy 1 <= min_bid <= max_bid <= 13 (got min_bid={min_bid}, "
                          "max_bid={max_bid})").format(min_bid=rules.min_bid, max_bid=rules.max_bid))
    if rules.all_pass in (AllPass.FIRST_BIDDER_PLAYS, AllPass.DEALER_PLAYS) and not 1 <= rules.all_pass_bid <= 13:
        problems.append(_("all_pass_bid must be 1..13, not {value}").format(value=rules.all_pass_bid))
    if rules.every_trick_counts and rules.declarer_made is not DeclarerMade.TEN_PER_BID_PLUS_OVERTRICKS:
        problems.append(_("every_trick_counts replaces the 10·B + (T − B) formula, so it needs "
                          "declarer_made='ten_per_bid_plus_overtricks'"))
    if rules.deal_choices_only and not rules.deal_choices:
        problems.append(_("deal_choices_only needs the lengths on offer: set deal_choices too"))
    elif rules.deal_choices_only and rules.game_end is GameEnd.FIXED_DEALS and rules.deals not in rules.deal_choices:
        allowed = ", ".join(map(str, rules.deal_choices))
        # Translators: {name} is a rule source (miniokey), {lengths} the game lengths it offers (3, 5, 7).
        problems.append(_("{name} plays {lengths} deals, not {deals}").format(name=rules.name, lengths=allowed,
                                                                            deals=rules.deals))
    if rules.game_end is GameEnd.TARGET_SCORE and rules.target < 1:
        problems.append(_("target must be a positive score, not {value}").format(value=rules.target))
    problems += _variant_problems(rules)
    if problems:
        # Translators: {problems} is one or more of the messages about rules, joined by "; ".
        raise ValueError(_("invalid rules: {problems}").format(problems="; ".join(problems)))


def _variant_problems(rules: RuleSet) -> list[str]:
    """Combinations no source describes, refused rather than guessed."""
    problems = []
    if _PRESETS_BUILT:
        described = _described_form(rules.name, rules.variant)
        if described is None:
            sources = [n for (n, v) in VARIANTS if v is rules.variant]
            problems.append(_not_described(rules.name, rules.variant, sources))
        else:
            changed = [o.name for o in OPTIONS if o.form and getattr(rules, o.name) != described[o.name]]
            if changed:
                # Translators: {options} are option names (partnership, dummy), {variant} a variant's id
                # (esli), {name} a rule source (classic), {values} the options' values (partnership=False).
                problems.append(ngettext(
                    "{options} belongs to the form of the game ({variant} under {name}: {values}); no source "
                    "describes other values; choose another variant with preset(name, variant)",
                    "{options} belong to the form of the game ({variant} under {name}: {values}); no source "
                    "describes other values; choose another variant with preset(name, variant)",
                    len(changed)).format(options=", ".join(changed), variant=rules.variant.value, name=rules.name,
                                         values=", ".join(f"{n}={described[n]!r}" for n in changed)))
    if rules.kitty and rules.max_bid > rules.tricks_per_deal:
        problems.append(_("with a kitty there are {n} tricks, so max_bid must be at most {n}").format(
            n=rules.tricks_per_deal))
    if rules.akq_trump_lead and rules.trump_broken_by is TrumpBreak.RUFF_ONLY:
        problems.append(_("akq_trump_lead is described with trump broken by any trump; with ruff-only "
                          "breaking the rest of the A-K-Q sequence is not described"))
    return problems


def _not_described(name: str, variant: Variant, sources: list[str]) -> str:
    # Translators: {name} is a rule source (miniokey), {variant} a variant's id (esli), {sources} rule sources.
    return _("the {name} rules do not describe {variant}; it is described by: {sources}").format(
        name=name, variant=variant.value, sources=", ".join(sources))


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
    "two_or_fewer_sinks": N_("The turkish source names a regional rule that a player with 2 tricks or fewer "
                             "'sinks' and scores minus, but gives no penalty ('bu sitede standart puanlama "
                             "kullanılır'): not specified, so the engine does not invent one."),
    "gonullu": N_("Gönüllü Batak is only named by the danish source ('dropper auktionen helt til fordel for "
                  "en frivillig udfordrer'); how the volunteer is chosen and scored is not specified, so the "
                  "engine does not invent it."),
})
"""Rules the sources name but leave open; asking for one raises NotSpecifiedError with this text
(in English here, marked for the catalog: shown as ``_(NOT_SPECIFIED[name])``)."""


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
    ("danish", Variant.KOZ_MACA): N_("The danish source only mentions Koz Maça ('gør spar til fast trumf hele "
                                     "vejen igennem') without its announcements or scoring: not specified. "
                                     "Choose the classic or turkish Koz Maça."),
})
"""Variants a source only mentions (English, marked for the catalog: raised as ``_(text)``)."""

_PRESETS_BUILT = False
PRESETS: Final[Mapping[str, RuleSet]] = MappingProxyType({
    name: RuleSet(name=name, **{o.name: o.presets[name] for o in OPTIONS}) for name in SOURCES})
"""The five sources as rule sets, each option's value from the options table."""
_PRESETS_BUILT = True

DEFAULT_PRESET: Final = "miniokey"


def preset(name: str, variant: str | Variant | None = None, **options: Any) -> RuleSet:
    """The named source's rules, optionally as a variant, with house-rule options changed."""
    if not isinstance(name, str) or name.strip().lower() not in PRESETS:
        raise ValueError(_("unknown preset {name}; choose one of: {presets}").format(
            name=shorten(name), presets=", ".join(PRESETS)))
    key = name.strip().lower()
    rules = PRESETS[key]
    if variant is not None and variant != Variant.IHALELI:
        if variant == "gonullu":
            raise NotSpecifiedError(_(NOT_SPECIFIED["gonullu"]))
        try:
            chosen = Variant(variant)
        except ValueError:
            allowed = ", ".join(repr(v.value) for v in Variant)
            raise ValueError(_("unknown variant {variant}; choose one of: {variants}").format(
                variant=shorten(variant), variants=allowed)) from None
        if (key, chosen) in MENTIONED_ONLY:
            raise NotSpecifiedError(_(MENTIONED_ONLY[(key, chosen)]))
        changes = VARIANTS.get((key, chosen))
        if changes is None:
            raise ValueError(_not_described(key, chosen, [n for (n, v) in VARIANTS if v is chosen]))
        coerced = {n: OPTIONS_BY_NAME[n].check(v) for n, v in changes.items()}
        rules = dataclasses.replace(rules, variant=chosen, **coerced)
    return rules.replace(**options) if options else rules


def variants_of(name: str) -> list[Variant]:
    """The variants a preset's source describes, İhaleli first."""
    return [Variant.IHALELI, *(v for (n, v) in VARIANTS if n == name)]


__all__ = ["DEFAULT_PRESET", "MENTIONED_ONLY", "NOT_SPECIFIED", "PRESETS", "VARIANTS", "AllPass", "DeclarerMade",
           "DefenderZero", "Direction", "GameEnd", "NotSpecifiedError", "RuleSet", "TieRule", "TrumpBreak", "Variant",
           "preset", "variants_of"]
