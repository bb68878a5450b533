"""RulesPanel: choose a preset, a variant and house rules, and read what they mean.

Every option of the rule set gets an input; each change goes through ``RuleSet.replace`` so
the engine validates it, and a rejected combination shows the engine's message.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from enum import StrEnum
from typing import Any

import ipywidgets as w

import batak_core as bc
from batak_core import RuleSet

from .style import root, set_classes, style_widget

RulesCallback = Callable[[RuleSet], None]

VARIANT_TITLES = {"ihaleli": "İhaleli (the auction game)", "koz_maca": "Koz Maça (spades always trump)",
                  "esli": "Eşli (partners)", "gommeli": "Gömmeli (buried kitty)"}
_FIXED = ("name", "variant", "deal_choices", "target_choices")


def describe_rules(rules: RuleSet) -> list[tuple[str, str, str]]:
    """(option, plain-English text, source) rows: ``rules.describe()`` where the engine has it,
    else the raw option values (the one place to change when describe() lands everywhere)."""
    describe = getattr(rules, "describe", None)
    if callable(describe):
        return [(item.option, item.text, item.source) for item in describe()]
    return [(name, f"{name.replace('_', ' ')}: {value}", f"{rules.name} preset")
            for name, value in rules.options().items() if name not in _FIXED]


def variants_supported() -> bool:
    return "variant" in inspect.signature(bc.preset).parameters


def variant_options(preset: str) -> list[tuple[str, str]]:
    """(title, value) of the variants a preset's source describes; the auction game first."""
    listed = getattr(bc.rules, "variants_of", None)
    names = [str(getattr(v, "value", v)) for v in listed(preset)] if callable(listed) else []
    return [(VARIANT_TITLES.get(n, n), n) for n in ["ihaleli", *(n for n in names if n != "ihaleli")]]


def _option_input(name: str, value: Any) -> w.ValueWidget | None:
    label, style = name.replace("_", " "), {"description_width": "220px"}
    if isinstance(value, bool):
        return w.Checkbox(value=value, description=label, indent=False)
    if isinstance(value, StrEnum):
        return w.Dropdown(options=[m.value for m in type(value)], value=value.value, description=label, style=style)
    if isinstance(value, int):
        return w.BoundedIntText(value=value, min=0, max=10_000, description=label, style=style)
    if isinstance(value, str):
        return w.Text(value=value, description=label, style=style)
    return None


class RulesPanel(w.VBox):
    """The rules in force, chosen from the five sources and adjusted by house rules."""

    def __init__(self, rules: RuleSet | None = None, *, on_change: RulesCallback | None = None) -> None:
        rules = rules or bc.preset(bc.DEFAULT_PRESET)
        self._callbacks: list[RulesCallback] = [on_change] if on_change else []
        self._quiet = False
        base = rules.name if rules.name in bc.PRESETS else bc.DEFAULT_PRESET
        self.preset = w.Dropdown(options=list(bc.PRESETS), value=base, description="Preset",
                                 tooltip="Which of the five rule sources to follow")
        self.variant = w.Dropdown(options=variant_options(base), description="Variant",
                                  value=str(getattr(rules, "variant", "ihaleli")),
                                  disabled=not variants_supported(), tooltip="The form of the game")
        inputs = {name: _option_input(name, getattr(rules, name)) for name in bc.rules.OPTION_NAMES
                  if name not in _FIXED}
        self.inputs: dict[str, w.ValueWidget] = {n: i for n, i in inputs.items() if i is not None}
        for widget in (self.preset, self.variant, *self.inputs.values()):
            widget.observe(self._changed, "value")
        self.house = w.Accordion([w.VBox(list(self.inputs.values()))], selected_index=None)
        self.house.set_title(0, "House rules: change any option")
        self.summary = w.HTML()
        self.error = w.HTML()
        set_classes(self.error, ("batak-error",))
        self.description = w.HTML()
        set_classes(self.description, ("batak-describe",))
        super().__init__([style_widget(), w.HBox([self.preset, self.variant]), self.house, self.summary,
                          self.error, self.description])
        root(self, "batak-panel", "batak-rules-panel")
        self.rules = rules
        self._show()

    def on_change(self, callback: RulesCallback) -> None:
        self._callbacks.append(callback)

    def _base(self) -> RuleSet:
        if variants_supported() and self.variant.value != "ihaleli":
            return bc.preset(self.preset.value, variant=self.variant.value)
        return bc.preset(self.preset.value)

    def _changed(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        try:
            base = self._base()
            if change["owner"] is self.preset:
                self._quiet = True
                self.variant.options = variant_options(self.preset.value)
                self.variant.value = "ihaleli"
                self._quiet = False
                base = self._base()
            if change["owner"] in (self.preset, self.variant):
                self._set_inputs(base)
                rules = base
            else:
                rules = base.replace(**{n: i.value for n, i in self.inputs.items()
                                        if i.value != base.options()[n]})
        except ValueError as error:
            self.error.value = str(error)
            return
        self.error.value = ""
        self.rules = rules
        self._show()
        for callback in self._callbacks:
            callback(rules)

    def _set_inputs(self, rules: RuleSet) -> None:
        self._quiet = True
        try:
            for name, widget in self.inputs.items():
                widget.value = rules.options()[name]
        finally:
            self._quiet = False

    def _show(self) -> None:
        rules = self.rules
        base = bc.PRESETS.get(rules.name)
        changed = rules.differences(base) if base is not None else {}
        self.summary.value = ("<b>House rules:</b> " + ", ".join(
            f"{n.replace('_', ' ')} = {mine} (preset: {theirs})" for n, (mine, theirs) in changed.items())
            if changed else f"<b>{rules.name}</b> rules as the source gives them.")
        rows = "".join(f'<tr><td><b>{option.replace("_", " ")}</b></td><td>{text}</td>'
                       f'<td class="batak-source">{source}</td></tr>'
                       for option, text, source in describe_rules(rules))
        self.description.value = f"<table>{rows}</table>"
