"""RulesPanel: preset, variant and house rules, validated by the engine, described in English."""

from __future__ import annotations

import batak_core as bc
import widgets


def test_preset_and_house_rules() -> None:
    seen: list[bc.RuleSet] = []
    panel = widgets.RulesPanel(on_change=seen.append)
    assert panel.rules == bc.preset("miniokey")
    panel.preset.value = "classic"
    assert seen[-1] == bc.preset("classic") and panel.inputs["min_bid"].value == 5
    panel.inputs["min_bid"].value = 4
    assert panel.rules == bc.preset("classic", min_bid=4)
    assert "min bid = 4 (preset: 5)" in panel.summary.value
    panel.inputs["every_trick_counts"].value = True
    assert panel.rules.every_trick_counts


def test_invalid_combination_shows_the_engines_message() -> None:
    panel = widgets.RulesPanel(bc.preset("miniokey"))
    panel.inputs["every_trick_counts"].value = True  # needs the 10·B + (T − B) formula
    assert "every_trick_counts" in panel.error.value
    assert panel.rules == bc.preset("miniokey")


def test_description_lists_every_option_with_its_source() -> None:
    panel = widgets.RulesPanel(bc.preset("gamelake"))
    rows = widgets.rules_panel.describe_rules(panel.rules)
    assert rows and all(text and source for _option, text, source in rows)
    assert rows[0][1] in panel.description.value


def test_variants_when_the_engine_has_them() -> None:
    panel = widgets.RulesPanel(bc.preset("turkish"))
    values = [value for _title, value in panel.variant.options]
    assert values[0] == "ihaleli"
    if widgets.rules_panel.variants_supported() and "koz_maca" in values:
        panel.variant.value = "koz_maca"
        assert str(panel.rules.variant) == "koz_maca" or panel.error.value
