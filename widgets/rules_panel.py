"""RulesPanel: choose a preset, a variant and house rules, and read what they mean.

The house-rule inputs come from the options table, ``batak_core.options.OPTIONS``: one input per
option a table may change (not the options a variant sets), under the table's group headings,
labelled with its titles, of the option's type. Each change goes through ``RuleSet.replace`` so
the engine validates it, and a rejected combination shows the engine's message.

``rules`` is a traitlet: ``panel.observe(handler, "rules")`` hears every new rule set, and
``on_change(callback)`` is the same as a plain callback of the new rules. Setting ``panel.rules``
from outside updates the inputs to match.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from html import escape
from typing import Any

import ipywidgets as w
import traitlets

import batak_core as bc
from batak_core import RuleSet
from batak_core.i18n import N_, _, pgettext
from batak_core.options import OPTIONS, OPTIONS_BY_NAME, Option, parse_value
from batak_core.teaching.describe import FIRST_LEAD, FIRST_LEAD_TITLE

from .style import root, set_classes, style_widget

RulesCallback = Callable[[RuleSet], None]

VARIANT_TITLES = {"ihaleli": N_("İhaleli (the auction game)"), "koz_maca": N_("Koz Maça (spades always trump)"),
                  "esli": N_("Eşli (partners)"), "gommeli": N_("Gömmeli (buried kitty)")}
"""Each variant's menu title, in English (shown as ``_(title)``)."""

NAMED_TITLES = {"two_or_fewer_sinks": N_("two or fewer sinks"), "gonullu": N_("gonullu")}
"""Titles of the rules the sources only name (``rules.NOT_SPECIFIED``), in English."""

VALUE_WORDS = {
    "counterclockwise": N_("counterclockwise"), "clockwise": N_("clockwise"),
    "first_bidder_plays": N_("first bidder plays"), "dealer_plays": N_("dealer plays"), "redeal": N_("redeal"),
    "dealer_must_bid": N_("dealer must bid"),
    "any_trump": N_("any trump"), "ruff_only": N_("ruff only"),
    "ten_per_trick": N_("ten per trick"), "ten_per_bid": N_("ten per bid"),
    "ten_per_bid_plus_overtricks": N_("ten per bid plus overtricks"), "one_per_trick": N_("one per trick"),
    "nothing": N_("nothing"), "minus_50": N_("minus 50"), "minus_ten_bid": N_("minus ten bid"),
    "fixed_deals": N_("fixed deals"), "target_score": N_("target score"),
    "share": N_("share"), "extra_deal": N_("extra deal"), "deal_until_decided": N_("deal until decided"),
}
"""The options' word values as the inputs and the summary show them, in English (the value with
spaces for underscores; shown as ``_(words)``)."""

HOUSE_OPTIONS: tuple[Option, ...] = tuple(o for o in OPTIONS if not o.form)
"""The options a table may change as house rules, in display order (the variant sets the others)."""


def variant_options(preset: str) -> list[tuple[str, str]]:
    """(title, value) of the variants a preset's source describes, İhaleli (the auction game) first."""
    return [(_(VARIANT_TITLES[v.value]) if v.value in VARIANT_TITLES else v.value, v.value)
            for v in bc.variants_of(preset)]


def option_title(name: str) -> str:
    """The options table's short label for ``name`` (rules that are only named have none)."""
    option = OPTIONS_BY_NAME.get(name)
    if name == FIRST_LEAD:
        return _(FIRST_LEAD_TITLE)
    if option is not None:
        return _(option.title)
    return _(NAMED_TITLES[name]) if name in NAMED_TITLES else name.replace("_", " ")


def _shown(option: Option, value: Any) -> Any:
    """An option's value as its input holds it: enums as their text, lists of numbers as "3, 5, 7"."""
    if option.kind is tuple:
        return ", ".join(map(str, value))
    return value.value if isinstance(value, StrEnum) else value


def _words(value: Any) -> str:
    """An option's value in words for the summary line ("yes", "3, 5, 7", "dealer plays"), in the
    active language."""
    if isinstance(value, bool):
        return pgettext("rule is on", "yes") if value else pgettext("rule is on", "no")
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value)) or pgettext("rule value", "none")
    if isinstance(value, str):  # enum values ("dealer_plays") and the fixed trump's letter
        if value in VALUE_WORDS:
            return _(VALUE_WORDS[value])
        return value.replace("_", " ") or pgettext("rule value", "none")
    return str(value)


def _option_input(option: Option, value: Any) -> w.ValueWidget:
    """The input for one option, by its kind: a checkbox, a list to choose from, a number within the
    option's range, or text (lists of numbers are typed as "3, 5, 7")."""
    common: dict[str, Any] = {"value": _shown(option, value), "description": _(option.title),
                              "tooltip": option.name}
    style = {"description_width": "260px"}
    if option.kind is bool:
        return w.Checkbox(indent=False, **common)
    if option.choices:  # the enums, and any option with a fixed list of values, labelled in words
        return w.Dropdown(options=[(_words(c), c) for c in option.choices], style=style, **common)
    if option.kind is int:
        if option.low is not None and option.high is not None:
            return w.BoundedIntText(min=option.low, max=option.high, style=style, **common)
        return w.IntText(style=style, **common)
    return w.Text(continuous_update=False, style=style, **common)


class RulesPanel(w.VBox):
    """The rules in force, chosen from the five sources and adjusted by house rules."""

    rules = traitlets.Instance(RuleSet)
    """The rule set in force (observable: ``panel.observe(handler, "rules")``)."""

    def __init__(self, rules: RuleSet | None = None, *, on_change: RulesCallback | None = None) -> None:
        rules = rules or bc.preset(bc.DEFAULT_PRESET)
        self._change_handlers = w.CallbackDispatcher()
        self._quiet = False
        self.preset = w.Dropdown(options=list(bc.PRESETS), value=rules.name, description=_("Rule book"),
                                 tooltip=_("Which of the five rule sources to follow"))
        self.variant = w.Dropdown(options=variant_options(rules.name), value=rules.variant.value,
                                  description=_("Variant"), tooltip=_("The form of the game"))
        self.inputs: dict[str, w.ValueWidget] = {o.name: _option_input(o, getattr(rules, o.name))
                                                 for o in HOUSE_OPTIONS}
        grouped: dict[str, list[w.ValueWidget]] = {}
        for option in HOUSE_OPTIONS:
            grouped.setdefault(option.group, []).append(self.inputs[option.name])
        self.groups: dict[str, w.VBox] = {}
        for group, inputs in grouped.items():
            heading = w.HTML(f'<div class="batak-option-group">{escape(_(group))}</div>')
            self.groups[group] = w.VBox([heading, *inputs])
            set_classes(self.groups[group], ("batak-option-box",))
        for widget in (self.preset, self.variant, *self.inputs.values()):
            widget.observe(self._changed, "value")
        self.house = w.Accordion([w.VBox(list(self.groups.values()))], selected_index=None)
        self.house.set_title(0, _("House rules: change any option"))
        self.summary = w.HTML()
        self.error = w.HTML()
        set_classes(self.error, ("batak-error",))
        self.description = w.HTML()
        set_classes(self.description, ("batak-describe",))
        super().__init__([style_widget(), w.HBox([self.preset, self.variant]), self.house, self.summary,
                          self.error, self.description])
        root(self, "batak-panel", "batak-rules-panel")
        self.rules = rules
        self.observe(self._on_new_rules, "rules")
        self._show()
        if on_change is not None:
            self.on_change(on_change)

    def on_change(self, callback: RulesCallback, remove: bool = False) -> None:
        """Call ``callback(rules)`` with every new rule set (or stop, with ``remove=True``): a
        shorthand for observing the ``rules`` trait."""
        self._change_handlers.register_callback(callback, remove=remove)

    def _base(self) -> RuleSet:
        """The chosen source and variant, without house rules."""
        return bc.preset(self.preset.value, self.variant.value)

    def _house_changes(self, base: RuleSet) -> dict[str, Any]:
        """The inputs whose values differ from ``base`` (lists of numbers read as the engine reads them)."""
        changes = {}
        for name, widget in self.inputs.items():
            option = OPTIONS_BY_NAME[name]
            value = parse_value(name, widget.value) if option.kind is tuple else widget.value
            if value != getattr(base, name):
                changes[name] = value
        return changes

    def _changed(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        try:
            if change["owner"] is self.preset:  # another source: its own variants, no house rules
                rules = bc.preset(self.preset.value)
            elif change["owner"] is self.variant:
                rules = self._base()
            else:
                base = self._base()
                rules = base.replace(**self._house_changes(base))
        except ValueError as error:
            self.error.value = escape(str(error), quote=False)
            return
        self.error.value = ""
        self.rules = rules  # _on_new_rules then shows it: a new preset or variant resets the house rules

    def _on_new_rules(self, change: dict[str, Any]) -> None:
        rules: RuleSet = change["new"]
        self._set_inputs(rules)
        self._show()
        self._change_handlers(rules)

    def _set_inputs(self, rules: RuleSet) -> None:
        """Make the dropdowns and inputs show ``rules`` (without treating that as the user's change)."""
        self._quiet = True
        try:
            self.preset.value = rules.name
            self.variant.options = variant_options(rules.name)
            self.variant.value = rules.variant.value
            for name, widget in self.inputs.items():
                widget.value = _shown(OPTIONS_BY_NAME[name], getattr(rules, name))
        finally:
            self._quiet = False

    def _show(self) -> None:
        rules = self.rules
        changed = rules.differences(bc.preset(rules.name, rules.variant))
        if changed:
            # Translators: {option} is an option's title, {value} its value here, {name} a rule source
            # (classic) and {source_value} that source's value: "Lowest bid: 4 (the classic rules: 5)".
            item = _("{option}: {value} (the {name} rules: {source_value})")
            # Translators: {changes} is one or more "Lowest bid: 4 (the classic rules: 5)", joined by "; ".
            self.summary.value = _("<b>House rules:</b> {changes}").format(changes="; ".join(
                item.format(option=escape(option_title(n)), value=escape(_words(mine)), name=rules.name,
                            source_value=escape(_words(theirs))) for n, (mine, theirs) in changed.items()))
        elif rules.variant.value != "ihaleli":
            # Translators: {name} is a rule source (turkish), {variant} a variant's menu title
            # ("Koz Maça (spades always trump)").
            self.summary.value = _("<b>{name}</b> rules, {variant} as the source gives them.").format(
                name=rules.name, variant=_(VARIANT_TITLES[rules.variant.value]))
        else:
            self.summary.value = _("<b>{name}</b> rules as the source gives them.").format(name=rules.name)
        rows = "".join(f'<tr><td title="{escape(item.option)}"><b>{escape(option_title(item.option))}</b></td>'
                       f"<td>{escape(item.text, quote=False)}</td>"
                       f'<td class="batak-source">{escape(item.source, quote=False)}</td></tr>'
                       for item in rules.describe())
        self.description.value = f"<table>{rows}</table>"
