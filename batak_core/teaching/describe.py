"""Plain-English descriptions of a rule set, each option with where its value comes from.

Used by the rule lab, the lessons, ``batak rules`` and the rules page in ``docs/``: a learner reads
"Lowest bid: 5." with "miniokey rules: “Das erste Gebot ist mindestens 5”" and can check the
original text. Everything here is read from the options table (``batak_core.options``); this
module only decides how to say it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from ..options import OPTIONS, SOURCES, Option
from ..rules import NOT_SPECIFIED, PRESETS, VARIANTS, RuleSet, preset, variants_of

SOURCE_TITLES: Final = {
    "miniokey": "an online game's how-to page (German)",
    "classic": "detailed German rules with a long list of variants",
    "danish": "Danish rules and scoring",
    "turkish": "a Turkish rules site (İhaleli, Koz Maça, Eşli and Gömmeli side by side)",
    "gamelake": "an online game's rules page (Spanish)",
}

VARIANT_QUOTES: Final[dict[tuple[str, str], str]] = {
    ("classic", "koz_maca"): "Es wird nicht gereizt; Pik ist immer Trumpf. Reihum sagt jeder an, wie viele "
                             "Stiche er machen wird (oder „keinen“)",
    ("turkish", "koz_maca"): "Koz maçada ihale yoktur; herkes sırayla kaç el alacağını söyler (en az 1)",
    ("classic", "esli"): "das Mindestgebot ist 8 (passen alle, spielt der Geber 7). Nach der Trumpfwahl legt "
                         "der Partner des Alleinspielers seine Karten offen auf den Tisch",
    ("turkish", "esli"): "Eşli batakta ortağınız o an eli alıyorsa yükseltme ve koz kesme zorunluluğu yoktur",
    ("danish", "esli"): "I makkerspil lægger spilførerens side sine to stiktal sammen op mod buddet",
    ("gamelake", "esli"): "La puja mínima es 7",
    ("turkish", "gommeli"): "gömmeli batakta 12'şer kart dağıtılır ve 4 kart gömülür",
}
"""The source's words for each variant it describes."""

STATED: Final = "stated"  # the source says so (quoted)
INFERRED: Final = "inferred"  # the engine's reading of the source (the reason is given)
UNMENTIONED: Final = "not mentioned"  # the source is silent; the engine plays the common rule
HOUSE: Final = "house rule"  # changed to a value a source names as a house rule
CHANGED: Final = "changed"  # changed to a value no source names as a house rule
OPEN: Final = "not specified"  # named by a source without saying how it works: not played


@dataclass(frozen=True)
class RuleDescription:
    """One option explained: its value in words, where that value comes from (``source``, in
    words), how sure that is (``basis``: stated, inferred, not mentioned, house rule, changed)
    and the source's own words where it has them."""

    option: str
    value: Any
    text: str
    source: str
    basis: str
    quote: str = ""


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, StrEnum) else list(value) if isinstance(value, tuple) else value


def _described(rules: RuleSet, option: Option) -> RuleDescription:
    name, value = rules.name, getattr(rules, option.name)
    text = option.text(rules)
    source_value = getattr(preset(name, rules.variant), option.name)
    if value == source_value:
        if source_value != getattr(PRESETS[name], option.name):  # set by the variant
            quote = VARIANT_QUOTES.get((name, rules.variant.value), "")
            return RuleDescription(option.name, _plain(value), text, f"{name} {rules.variant.value} rules",
                                   STATED, quote)
        quote, reason = option.quotes.get(name, ""), option.inferred.get(name, "")
        if reason:
            return RuleDescription(option.name, _plain(value), text, f"{name} rules, inferred: {reason}",
                                   INFERRED, quote)
        if quote:
            return RuleDescription(option.name, _plain(value), text, f"{name} rules", STATED, quote)
        if option.house and value not in option.house:
            return RuleDescription(option.name, _plain(value), text, f"{name} rules (no such house rule)",
                                   UNMENTIONED)
        return RuleDescription(option.name, _plain(value), text,
                               f"{name} rules (not mentioned by the source: the common rule)", UNMENTIONED)
    sharing = [n for n in SOURCES if getattr(PRESETS[n], option.name) == value]
    also = f"; as in the {', '.join(sharing)} rules" if sharing else ""
    house = option.house.get(value)
    if house:
        return RuleDescription(option.name, _plain(value), text, f"house rule named by {house}{also}", HOUSE)
    if sharing:
        return RuleDescription(option.name, _plain(value), text, f"changed from {name}{also}", CHANGED)
    return RuleDescription(option.name, _plain(value), text, f"changed from {name} (a table setting no source "
                                                              "names)", CHANGED)


def describe(rules: RuleSet) -> list[RuleDescription]:
    """Every option in plain English with its source, then the rules the sources name but leave open."""
    out = [_described(rules, option) for option in OPTIONS]
    out += [RuleDescription(name, None, text, "not specified", OPEN) for name, text in NOT_SPECIFIED.items()]
    return out


def rules_page() -> str:
    """The rules of every source as one Markdown page (``docs/rules.md``), from the options table:
    each option with every source's value, its words, and the source's own wording."""
    lines = ["# The rules of Batak, source by source", "",
             "This page is generated from the engine's options table (`batak_core/options.py`) by",
             "`python -m batak_core.teaching.describe > docs/rules.md`; a test keeps it current.", "",
             "The five sources:", ""]
    lines += [f"- **{name}**: {title}" for name, title in SOURCE_TITLES.items()]
    lines += ["", "Each option lists every source's value in words. *Stated* values quote the source;",
              "*inferred* ones say why the engine reads the source that way; *not mentioned* means the",
              "source is silent and the engine plays the common rule.", ""]
    group = ""
    for option in OPTIONS:
        if option.group != group:
            group = option.group
            lines += [f"## {group}", ""]
        lines += [f"### {option.title} (`{option.name}`)", ""]
        lines += [_source_line(name, option) for name in SOURCES]
        if option.house:
            lines.append(f"- house rule: {'; '.join(_house_text(v, who) for v, who in option.house.items())}")
        lines.append("")
    lines += ["## Variants", ""]
    for name in SOURCES:
        for variant in variants_of(name)[1:]:
            changes = ", ".join(f"`{k}={_plain(v)}`" for k, v in VARIANTS[(name, variant)].items())
            quote = VARIANT_QUOTES.get((name, variant.value))
            lines.append(f"- **{name} {variant.value}**: {changes}" + (f" — “{quote}”" if quote else ""))
    lines += ["", "## Named but not specified", ""]
    lines += [f"- `{name}`: {text}" for name, text in NOT_SPECIFIED.items()]
    return "\n".join(lines) + "\n"


def _source_line(name: str, option: Option) -> str:
    item = _described(PRESETS[name], option)
    quote = f" — “{item.quote}”" if item.quote else ""
    note = f" *(inferred: {option.inferred[name]})*" if item.basis == INFERRED else (
        " *(not mentioned by the source)*" if item.basis == UNMENTIONED else "")
    return f"- **{name}**: {item.text}{quote}{note}"


def _house_text(value: Any, who: str) -> str:
    return f"`{_plain(value)}`, named by {who}"


if __name__ == "__main__":
    print(rules_page(), end="")
