"""Rule sets: the five presets, validated options, and plain-English descriptions."""

import pytest

import batak_core as bc
from batak_core.teaching.describe import FIRST_LEAD


def test_five_presets() -> None:
    assert list(bc.PRESETS) == ["miniokey", "classic", "danish", "turkish", "gamelake"]
    for name, rules in bc.PRESETS.items():
        assert rules.name == name
        assert bc.preset(name) is rules


def test_unknown_preset_lists_the_valid_names() -> None:
    with pytest.raises(ValueError, match="unknown preset 'poker'; choose one of: miniokey, classic"):
        bc.preset("poker")


@pytest.mark.parametrize("name,low,high", [("miniokey", 5, 13), ("classic", 5, 13), ("danish", 5, 13),
                                           ("turkish", 5, 13), ("gamelake", 4, 13)])
def test_auction_limits(name: str, low: int, high: int) -> None:
    rules = bc.preset(name)
    assert (rules.min_bid, rules.max_bid) == (low, high)


def test_directions() -> None:
    assert {n for n, r in bc.PRESETS.items() if r.direction is bc.Direction.CLOCKWISE} == {"danish", "turkish"}


def test_replace_validates_names_types_and_combinations() -> None:
    rules = bc.preset("classic")
    assert rules.replace(min_bid=4).min_bid == 4
    assert rules.min_bid == 5, "replace returns a copy"
    with pytest.raises(ValueError, match="unknown rule option"):
        rules.replace(min_bids=4)
    with pytest.raises(ValueError, match="min_bid takes whole numbers"):
        rules.replace(min_bid="4")
    with pytest.raises(ValueError, match="all_pass must be one of"):
        rules.replace(all_pass="shrug")
    with pytest.raises(ValueError, match="must_overtake must be true or false"):
        rules.replace(must_overtake=1)
    with pytest.raises(ValueError, match="min_bid <= max_bid"):
        rules.replace(min_bid=9, max_bid=8)
    with pytest.raises(ValueError, match="every_trick_counts replaces"):
        bc.preset("turkish", every_trick_counts=True)
    with pytest.raises(ValueError, match="miniokey plays 3, 5, 7, 9, 11 deals, not 4"):
        bc.preset("miniokey", deals=4)


def test_enum_values_accept_their_strings() -> None:
    rules = bc.preset("miniokey", all_pass="redeal")
    assert rules.all_pass is bc.AllPass.REDEAL


def test_rule_sets_are_frozen() -> None:
    with pytest.raises(AttributeError):
        bc.preset("classic").min_bid = 4  # type: ignore[misc]


def test_options_round_trip() -> None:
    for rules in bc.PRESETS.values():
        changed = rules.replace(min_bid=4, double_penalty=True)
        assert bc.RuleSet.from_options(changed.options()) == changed


def test_describe_covers_every_option_with_a_source() -> None:
    rules = bc.preset("classic", min_bid=4, double_penalty=True)
    items = {item.option: item for item in rules.describe() if item.source != "not specified"}
    assert set(items) == set(rules.options()) - {"name"} | {FIRST_LEAD}  # who leads: the form of the game
    assert items["min_bid"].text == "Lowest bid: 4."
    assert "gamelake" in items["min_bid"].source
    assert "house rule" in items["double_penalty"].source
    assert "Bietet niemand" in items["all_pass"].quote
    assert all(item.text and item.source for item in items.values())


def test_describe_matches_the_disagreements() -> None:
    said = {name: {i.option: i.text for i in r.describe()} for name, r in bc.PRESETS.items()}
    assert "need not overtake" in said["miniokey"]["overtake_when_trumped"]
    assert "even when the trick is already trumped" in said["classic"]["overtake_when_trumped"]
    assert "only by a ruff" in said["gamelake"]["trump_broken_by"]
    assert "any card" in said["turkish"]["any_card_when_cannot_overtrump"]
