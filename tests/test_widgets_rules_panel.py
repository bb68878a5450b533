"""RulesPanel: preset, variant and house rules, validated by the engine, described in English."""

from __future__ import annotations

from html import escape

import ipywidgets as ipw
import pytest
import traitlets

import batak_core as bc
import widgets
from batak_core.options import OPTIONS


def test_preset_and_house_rules() -> None:
    seen: list[bc.RuleSet] = []
    panel = widgets.RulesPanel(on_change=seen.append)
    assert panel.rules == bc.preset("miniokey")
    panel.preset.value = "classic"
    assert seen[-1] == bc.preset("classic") and panel.inputs["min_bid"].value == 5
    panel.inputs["min_bid"].value = 4
    assert panel.rules == bc.preset("classic", min_bid=4)
    assert "Lowest bid: 4 (the classic rules: 5)" in panel.summary.value
    panel.inputs["every_trick_counts"].value = True
    assert panel.rules.every_trick_counts


def test_invalid_combination_shows_the_engines_message() -> None:
    panel = widgets.RulesPanel(bc.preset("miniokey"))
    panel.inputs["every_trick_counts"].value = True  # needs the 10·B + (T − B) formula
    assert "every_trick_counts" in panel.error.value
    assert panel.rules == bc.preset("miniokey")


def test_description_lists_every_option_with_its_source() -> None:
    panel = widgets.RulesPanel(bc.preset("gamelake"))
    rows = panel.rules.describe()
    assert rows and all(item.text and item.source for item in rows)
    for item in rows:
        assert escape(item.text, quote=False) in panel.description.value


def test_variants_come_from_the_engine() -> None:
    panel = widgets.RulesPanel(bc.preset("turkish"))
    values = [value for _title, value in panel.variant.options]
    assert values == [v.value for v in bc.variants_of("turkish")] and values[0] == "ihaleli"
    panel.variant.value = "koz_maca"
    assert panel.rules == bc.preset("turkish", "koz_maca") and panel.error.value == ""
    assert "Koz Maça" in panel.summary.value and "House rules" not in panel.summary.value
    panel.preset.value = "danish"  # another source: its own variants, back to the auction game
    assert panel.rules == bc.preset("danish") and panel.variant.value == "ihaleli"
    assert [value for _title, value in panel.variant.options] == [v.value for v in bc.variants_of("danish")]


def test_one_input_per_house_option_grouped_and_labelled_from_the_options_table() -> None:
    panel = widgets.RulesPanel(bc.preset("miniokey"))
    house = [o for o in OPTIONS if not o.form]
    assert list(panel.inputs) == [o.name for o in house]
    assert not {o.name for o in OPTIONS if o.form} & set(panel.inputs)
    assert list(panel.groups) == list(dict.fromkeys(o.group for o in house))
    for option in house:
        widget = panel.inputs[option.name]
        assert widget.description == option.title
        assert widget in panel.groups[option.group].children
        if option.kind is bool:
            assert isinstance(widget, ipw.Checkbox)
        elif option.choices:
            assert isinstance(widget, ipw.Dropdown) and tuple(v for _label, v in widget.options) == option.choices
        elif option.kind is int:
            assert (widget.min, widget.max) == (option.low, option.high)
    assert panel.inputs["deal_choices"].value == "3, 5, 7, 9, 11"
    panel.inputs["deal_choices"].value = "3, 7"  # a list of numbers, read as the engine reads it
    assert "plays 3, 7 deals, not 5" in panel.error.value and panel.rules == bc.preset("miniokey")
    panel.inputs["deals"].value = 7
    assert panel.rules.deal_choices == (3, 7) and panel.rules.deals == 7 and panel.error.value == ""
    panel.inputs["deal_choices"].value = "3 5 7"
    assert panel.rules.deal_choices == (3, 5, 7) and panel.inputs["deal_choices"].value == "3, 5, 7"
    panel.inputs["deal_choices"].value = "3, x"
    assert "whole number" in panel.error.value and panel.rules.deal_choices == (3, 5, 7)
    panel.inputs["deal_choices"].value = "3, 5, 7"
    panel.inputs["declarer_made"].value = "ten_per_bid"
    assert panel.rules.declarer_made is bc.DeclarerMade.TEN_PER_BID


def test_summary_and_choices_are_in_words() -> None:
    """Regression: the summary said "partnership = True (preset: False)" and the lists showed "dealer_plays"."""
    panel = widgets.RulesPanel(bc.preset("classic"))
    panel.inputs["all_pass"].value = "redeal"
    summary = panel.summary.value
    assert "When everyone passes: redeal (the classic rules: dealer plays)" in summary
    assert " = " not in summary and "preset" not in summary
    assert ("dealer plays", "dealer_plays") in panel.inputs["all_pass"].options
    assert panel.preset.description == "Rule book"
    assert "<b>Who leads</b>" in panel.description.value


def test_rules_is_an_observable_trait_and_on_change_can_be_removed() -> None:
    panel = widgets.RulesPanel(bc.preset("classic"))
    observed: list[bc.RuleSet] = []
    heard: list[bc.RuleSet] = []
    panel.observe(lambda change: observed.append(change["new"]), "rules")
    panel.on_change(heard.append)
    panel.inputs["min_bid"].value = 6
    assert observed == heard == [bc.preset("classic", min_bid=6)]
    panel.on_change(heard.append, remove=True)
    panel.rules = bc.preset("turkish", "esli")  # set from outside: the inputs follow
    assert observed[-1] == bc.preset("turkish", "esli") and len(heard) == 1
    assert panel.preset.value == "turkish" and panel.variant.value == "esli"
    assert panel.inputs["min_bid"].value == 5 and panel.inputs["direction"].value == "clockwise"
    with pytest.raises(traitlets.TraitError):
        panel.rules = "classic"  # type: ignore[assignment]
