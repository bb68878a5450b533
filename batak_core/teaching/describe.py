"""Descriptions of a rule set in words, each option with where its value comes from.

Used by the rule lab, the lessons, ``batak rules`` and the rules page in ``docs/``: a learner reads
"Lowest bid: 5." with "miniokey rules: “Das erste Gebot ist mindestens 5”" and can check the
original text. Everything here is read from the options table (``batak_core.options``); this
module only decides how to say it. ``describe()`` speaks the active language (or ``locale=``);
the sources' quotes stay in their own words, and ``rules_page()`` (``docs/rules.md``) is English.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from ..i18n import N_, _, use_locale
from ..options import OPTIONS, SOURCES, Option, Variant
from ..rules import NOT_SPECIFIED, PRESETS, VARIANTS, RuleSet, preset, variants_of

SOURCE_TITLES: Final = {
    "miniokey": N_("an online game's how-to page (German)"),
    "classic": N_("detailed German rules with a long list of variants"),
    "danish": N_("Danish rules and scoring"),
    "turkish": N_("a Turkish rules site (İhaleli, Koz Maça, Eşli and Gömmeli side by side)"),
    "gamelake": N_("an online game's rules page (Spanish)"),
}
"""What each source is, in English (marked for the catalog: shown as ``_(title)``)."""

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

VARIANT_OPTION_QUOTES: Final[dict[tuple[str, str, str], str]] = {
    ("classic", "koz_maca", "announcements"): "Reihum sagt jeder an, wie viele Stiche er machen wird",
    ("classic", "koz_maca", "fixed_trump"): "Pik ist immer Trumpf",
    ("classic", "koz_maca", "announce_min"): "wie viele Stiche er machen wird (oder „keinen“)",
    ("classic", "koz_maca", "nil_points"): "Wer „keinen“ ansagt und keinen Stich macht, bekommt +50, sonst −50",
    ("classic", "koz_maca", "overtricks_sink"): "An vielen Tischen geht unter, wer 3 oder mehr Stiche zu viel macht",
    ("classic", "koz_maca", "declarer_made"): "Wer seine Zahl schafft, bekommt 10 × die Zahl",
    ("classic", "koz_maca", "declarer_failed_per_bid"): "wer weniger macht, verliert 10 × die Zahl",
    ("turkish", "koz_maca", "announcements"): "herkes sırayla kaç el alacağını söyler",
    ("turkish", "koz_maca", "fixed_trump"): "Koz maçada koz her zaman maçadır",
    ("turkish", "koz_maca", "announce_min"): "kaç el alacağını söyler (en az 1)",
    ("turkish", "koz_maca", "declarer_made"): "Koz Maça Alınan el kadar +",
    ("turkish", "koz_maca", "declarer_failed_per_bid"): "Söylenen kadar −",
    ("classic", "koz_maca", "defender_per_trick"): "Reihum sagt jeder an, wie viele Stiche er machen wird",
    ("classic", "koz_maca", "defender_zero"): "Reihum sagt jeder an, wie viele Stiche er machen wird",
    ("turkish", "koz_maca", "defender_per_trick"): "Herkes kendi tahminine göre",
    ("turkish", "koz_maca", "defender_zero"): "Herkes kendi tahminine göre",
}
"""The source's words for one option of a variant (one the variant sets, or one its scoring makes moot),
where the source has them; the other options the variant sets quote VARIANT_QUOTES."""

VARIANT_NAMES: Final = {"ihaleli": "İhaleli", "koz_maca": "Koz Maça", "esli": "Eşli", "gommeli": "Gömmeli"}

FIRST_LEAD: Final = "first_lead"
"""describe()'s entry on who leads: not an option (the engine follows the form of the game), but a
rule every source states, and Koz Maça's differs."""
FIRST_LEAD_TITLE: Final = N_("Who leads")
"""The entry's title in English, like the options' titles (shown as ``_(FIRST_LEAD_TITLE)``)."""

_LATER_LEADS: Final = {
    "miniokey": "Der Gewinner spielt den nächsten Stich aus",
    "classic": "Der Gewinner spielt zum nächsten Stich aus",
    "danish": "Vinderen spiller ud til næste stik",
    "turkish": "Sonraki ellere önceki eli alan oyuncu başlar",
    "gamelake": "Quien gana sale en la siguiente baza",
}
FIRST_LEAD_QUOTES: Final[dict[tuple[str, str], str]] = {
    ("miniokey", "ihaleli"): "Der Bieter spielt die erste Karte aus",
    ("classic", "ihaleli"): "Der Alleinspieler spielt zum ersten Stich aus",
    ("danish", "ihaleli"): "vælger trumffarve og spiller ud til første stik",
    ("turkish", "ihaleli"): "İhaleyi alan oyuncu (koz maçada dağıtanın solundaki) ilk ele başlar",
    ("gamelake", "ihaleli"): "Quien gana la subasta elige el palo de triunfo (koz) y sale en la primera baza",
    ("turkish", "koz_maca"): "İhaleyi alan oyuncu (koz maçada dağıtanın solundaki) ilk ele başlar",
    ("classic", "koz_maca"): "Der erste Stich darf nicht mit Trumpf eröffnet werden",
}
"""Each source's words on who leads the first trick (classic Koz Maça: only what may not open it)."""

STATED: Final = "stated"  # the source says so (quoted)
INFERRED: Final = "inferred"  # the engine's reading of the source (the reason is given)
UNMENTIONED: Final = "not mentioned"  # the source is silent; the engine plays the common rule
HOUSE: Final = "house rule"  # changed to a value a source names as a house rule
CHANGED: Final = "changed"  # changed to a value no source names as a house rule
OPEN: Final = "not specified"  # named by a source without saying how it works: not played
SILENT: Final = "the source says nothing of this; the engine plays the common rule"


@dataclass(frozen=True)
class RuleDescription:
    """One option explained: its value in words, where that value comes from (``source``, in
    words), how sure that is (``basis``: stated, inferred, not mentioned, house rule, changed)
    and the source's own words where it has them; ``reason``: why an inferred value is read so
    (also inside ``source``)."""

    option: str
    value: Any
    text: str
    source: str
    basis: str
    quote: str = ""
    reason: str = ""


def _rules_name(name: str, variant: Variant) -> str:
    """"classic rules", "classic Koz Maça rules"."""
    if variant is Variant.IHALELI:
        # Translators: {name} is a rule source's name (classic, turkish), kept as it is.
        return _("{name} rules").format(name=name)
    # Translators: {name} is a rule source's name (classic), {variant} a variant's name (Koz Maça).
    return _("{name} {variant} rules").format(name=name, variant=VARIANT_NAMES[variant.value])


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, StrEnum) else list(value) if isinstance(value, tuple) else value


def _described(rules: RuleSet, option: Option) -> RuleDescription:
    name, value = rules.name, getattr(rules, option.name)
    text = option.text(rules)
    source_value = getattr(preset(name, rules.variant), option.name)
    if value == source_value:
        key = (name, rules.variant.value, option.name)
        if option.name in VARIANTS.get((name, rules.variant), {}) or key in VARIANT_OPTION_QUOTES:  # the variant's
            quote = VARIANT_OPTION_QUOTES.get(key, VARIANT_QUOTES.get((name, rules.variant.value), ""))
            return RuleDescription(option.name, _plain(value), text, _rules_name(name, rules.variant), STATED, quote)
        quote, reason = option.quotes.get(name, ""), option.inferred.get(name, "")
        if reason:
            reason = _(reason)
            # Translators: {name} is a rule source (classic); {reason} says why the engine reads it so.
            return RuleDescription(option.name, _plain(value), text, _("{name} rules, inferred: {reason}").format(
                name=name, reason=reason), INFERRED, quote, reason)
        if quote:
            return RuleDescription(option.name, _plain(value), text, _("{name} rules").format(name=name), STATED,
                                   quote)
        if option.house and value not in option.house:
            return RuleDescription(option.name, _plain(value), text,
                                   _("{name} rules (no such house rule)").format(name=name), UNMENTIONED)
        return RuleDescription(option.name, _plain(value), text, _(
            "{name} rules: the source says nothing of this; the engine plays the common rule").format(name=name),
            UNMENTIONED)
    sharing = ", ".join(n for n in SOURCES if getattr(PRESETS[n], option.name) == value)
    house = option.house.get(value)
    if house:
        # Translators: {who} names the source and its words ("classic (Neu geben: '...')"); {sources} rule sources.
        source = (_("house rule named by {who}; as in the {sources} rules") if sharing
                  else _("house rule named by {who}")).format(who=_(house), sources=sharing)
        return RuleDescription(option.name, _plain(value), text, source, HOUSE)
    if sharing:
        return RuleDescription(option.name, _plain(value), text, _(
            "changed from {name}; as in the {sources} rules").format(name=name, sources=sharing), CHANGED)
    return RuleDescription(option.name, _plain(value), text, _(
        "changed from {name} (a table setting no source names)").format(name=name), CHANGED)


def first_lead(rules: RuleSet) -> RuleDescription:
    """Who leads the first trick and the later ones, as the engine plays it, with the source's words:
    the declarer in the auction game; in Koz Maça, which has no declarer, the player after the
    dealer (turkish says so; classic says only that the first trick may not be led with a trump)."""
    if rules.announcements and rules.trump_lead_restricted:
        text = _("The player after the dealer leads to the first trick (it may not be led with a trump); after "
                 "that, whoever won the last trick leads.")
    elif rules.announcements:
        text = _("The player after the dealer leads to the first trick; after that, whoever won the last trick "
                 "leads.")
    else:
        text = _("The declarer leads to the first trick; after that, whoever won the last trick leads.")
    name, variant = rules.name, rules.variant
    quote = FIRST_LEAD_QUOTES.get((name, variant.value), "")
    where = _rules_name(name, variant)
    if variant is Variant.KOZ_MACA and name == "classic":
        # Translators: {rules} is "classic Koz Maça rules".
        return RuleDescription(FIRST_LEAD, None, text, _(
            "{rules}: the source does not say who leads, only that the first trick may not be led with a trump; the "
            "engine lets the player after the dealer lead, as the turkish rules say").format(rules=where),
            UNMENTIONED, quote)
    if not quote:  # a variant that leaves the auction game's lead as it is
        quote = FIRST_LEAD_QUOTES[(name, Variant.IHALELI.value)]
    return RuleDescription(FIRST_LEAD, None, text, where, STATED, f"{quote} … {_LATER_LEADS[name]}")


def describe(rules: RuleSet, locale: object | None = None) -> list[RuleDescription]:
    """Every option in words with its source (who leads, after the auction's options), then the
    rules the sources name but leave open; in ``locale`` (a language code; the active language,
    English unless set, when ``None``). The sources' quotes stay in their own words."""
    with use_locale(locale):
        out = [_described(rules, option) for option in OPTIONS]
        at = next(i for i, item in enumerate(out) if item.option == "trump_lead_restricted")
        out.insert(at, first_lead(rules))
        out += [RuleDescription(name, None, _(text), _("not specified"), OPEN) for name, text in NOT_SPECIFIED.items()]
    return out


def rules_page() -> str:
    """The rules of every source as one Markdown page (``docs/rules.md``), from the options table:
    each option with every source's value, its words, and the source's own wording. In English
    whatever the active language (the page in ``docs/`` is English)."""
    with use_locale("en"):
        return _rules_page()


def _rules_page() -> str:
    lines = ["# The rules of Batak, source by source", "",
             "This page is generated from the engine's options table (`batak_core/options.py`) by",
             "`python -m batak_core.teaching.describe > docs/rules.md`; a test keeps it current.", "",
             "The five sources:", ""]
    lines += [f"- **{name}**: {title}" for name, title in SOURCE_TITLES.items()]
    lines += ["", "Each option lists every source's value in words. *Stated* values quote the source;",
              "*inferred* ones say why the engine reads the source that way; where the source says nothing",
              "of a rule, the line says so and what the engine plays.", ""]
    group = ""
    for option in OPTIONS:
        if option.group != group:
            if option.name == "trump_lead_restricted":
                lines += _lead_section()
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


def _lead_section() -> list[str]:
    """Who leads, source by source, in the auction game and in Koz Maça."""
    lines = [f"## {FIRST_LEAD_TITLE}", ""]
    for name in SOURCES:
        for variant in (Variant.IHALELI, Variant.KOZ_MACA):
            if variant in variants_of(name):
                item = first_lead(preset(name, variant))
                quote = f" — “{item.quote}”" if item.quote else ""
                note = f" *({item.source.split(': ', 1)[1]})*" if item.basis == UNMENTIONED else ""
                label = name if variant is Variant.IHALELI else f"{name} {VARIANT_NAMES[variant.value]}"
                lines.append(f"- **{label}**: {item.text}{quote}{note}")
    return [*lines, ""]


def _source_line(name: str, option: Option) -> str:
    item = _described(PRESETS[name], option)
    quote = f" — “{item.quote}”" if item.quote else ""
    note = f" *(inferred: {option.inferred[name]})*" if item.basis == INFERRED else (
        f" *({SILENT})*" if item.basis == UNMENTIONED and item.source.endswith(SILENT) else
        " *(not mentioned by the source)*" if item.basis == UNMENTIONED else "")
    return f"- **{name}**: {item.text}{quote}{note}"


def _house_text(value: Any, who: str) -> str:
    return f"`{_plain(value)}`, named by {who}"


if __name__ == "__main__":
    print(rules_page(), end="")
