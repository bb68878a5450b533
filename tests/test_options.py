"""The options table: declared once, agreeing with RuleSet, quoting the sources word for word."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

import batak_core as bc
from batak_core.options import OPTIONS, OPTIONS_BY_NAME, SOURCES, parse_value
from batak_core.teaching.describe import INFERRED, STATED, VARIANT_QUOTES, rules_page

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
SEED_FILES = {"miniokey": "000", "classic": "001", "danish": "002", "turkish": "003", "gamelake": "004"}


def test_every_ruleset_field_is_an_option_of_the_table_in_its_order() -> None:
    fields = [f.name for f in dataclasses.fields(bc.RuleSet)]
    assert fields == ["name", *(o.name for o in OPTIONS)]


def test_presets_are_built_from_the_table() -> None:
    for name in SOURCES:
        rules = bc.PRESETS[name]
        for option in OPTIONS:
            assert getattr(rules, option.name) == option.check(option.presets[name]), (name, option.name)


def source_texts() -> dict[str, str]:
    if not SEEDS.is_dir():
        pytest.skip("the original source texts are not beside this clone")
    return {name: re.sub(r"\s+", " ", next(SEEDS.glob(f"{number}_*.txt")).read_text(encoding="utf-8"))
            for name, number in SEED_FILES.items()}


def test_every_quote_is_the_source_word_for_word() -> None:
    texts = source_texts()
    every = " ".join(texts.values())
    for option in OPTIONS:
        for name, quote in option.quotes.items():
            assert re.sub(r"\s+", " ", quote) in texts[name], (option.name, name, quote)
        for who in option.house.values():
            for quote in re.findall(r"'([^']{8,})'", who):
                assert quote in every, (option.name, quote)
    for (name, _), quote in VARIANT_QUOTES.items():
        assert quote in texts[name], quote


def test_the_rules_page_in_docs_is_generated_from_the_table() -> None:
    """docs/rules.md is regenerated with `python -m batak_core.teaching.describe > docs/rules.md`."""
    page = Path(__file__).resolve().parents[1] / "docs" / "rules.md"
    assert page.read_text(encoding="utf-8") == rules_page()


@pytest.mark.parametrize(("name", "text", "value"), [
    ("min_bid", "4", 4), ("must_ruff", "false", False), ("all_pass", "redeal", bc.AllPass.REDEAL),
    ("deal_choices", "3,5,7", (3, 5, 7)), ("deal_choices", "[3, 5]", (3, 5)), ("fixed_trump", "S", "S"),
])
def test_option_values_parse_from_text(name: str, text: str, value: object) -> None:
    assert parse_value(name, text) == value


@pytest.mark.parametrize(("name", "text"), [
    ("min_bid", "9" * 5000), ("min_bid", "[" * 10_000), ("min_bid", "14"), ("min_bid", "four"),
    ("must_ruff", "maybe"), ("all_pass", "x" * 1000), ("kitty", "3"), ("nope", "1"),
])
def test_bad_option_text_is_refused_with_a_short_message(name: str, text: str) -> None:
    with pytest.raises(ValueError) as error:
        parse_value(name, text)
    assert len(str(error.value)) < 700


def test_a_partnership_is_refused_where_no_source_describes_one() -> None:
    """Regression: preset("miniokey", partnership=True) was accepted."""
    with pytest.raises(ValueError, match="form of the game"):
        bc.preset("miniokey", partnership=True)


def test_a_variant_cannot_be_changed_as_a_house_rule() -> None:
    """Regression: preset("classic", "esli").replace(variant="ihaleli") was accepted."""
    with pytest.raises(ValueError, match="variant is chosen with the preset"):
        bc.preset("classic", "esli").replace(variant="ihaleli")
    with pytest.raises(ValueError, match="form of the game"):
        bc.preset("turkish", "esli").replace(partner_winning_exempt=False)


def test_a_rule_set_keeps_its_source_name() -> None:
    with pytest.raises(ValueError, match="name is its source"):
        bc.preset("classic").replace(name="my table")


def test_house_rules_of_the_form_stay_changeable() -> None:
    koz = bc.preset("classic", "koz_maca")
    assert koz.overtricks_sink == 3 and koz.replace(overtricks_sink=0).overtricks_sink == 0


def test_describe_marks_inferred_values_and_quotes_stated_ones() -> None:
    classic = {d.option: d for d in bc.preset("classic").describe()}
    assert classic["declarer_failed_per_bid"].basis == INFERRED
    assert classic["defender_zero"].basis == INFERRED and "inferred" in classic["defender_zero"].source
    miniokey = {d.option: d for d in bc.preset("miniokey").describe()}
    assert miniokey["min_bid"].basis == STATED and miniokey["min_bid"].quote == "Das erste Gebot ist mindestens 5"


def test_every_option_has_words_for_every_preset_and_variant() -> None:
    for name in SOURCES:
        for variant in bc.variants_of(name):
            for item in bc.preset(name, variant).describe():
                assert item.text and item.source, (name, variant, item.option)
    assert set(OPTIONS_BY_NAME) <= {d.option for d in bc.preset("turkish").describe()}
