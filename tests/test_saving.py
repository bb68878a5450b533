"""Save files: JSON round trips, and every kind of broken or edited file refused cleanly."""

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import batak_core as bc
from tests.test_game import play_out


def _played_game() -> bc.Game:
    rng = random.Random(4)
    game = bc.Game(bc.preset("gamelake", double_penalty=True), seed=21)
    for _ in range(2):
        play_out(game.deal, rng)
        game.next_deal()
    game.deal.pass_bid()
    return game


def test_deal_round_trip_mid_play() -> None:
    deal = bc.Deal.random(bc.preset("turkish"), seed=3)
    for action in ["bid 5", "pass", "pass", "pass", "trump H"]:
        deal.apply(action)
    deal.play(deal.legal_plays()[0])
    loaded = bc.load_deal(bc.to_json(deal))
    assert loaded.snapshot() == deal.snapshot() and loaded.rules == deal.rules and loaded.seed == 3


def test_hand_built_deal_round_trip() -> None:
    from tests.conftest import suit_hands

    deal = bc.Deal(bc.preset("classic"), suit_hands(), dealer=2)
    assert bc.load_deal(bc.to_json(deal)).snapshot() == deal.snapshot()


def test_game_round_trip() -> None:
    game = _played_game()
    loaded = bc.load_game(bc.to_json(game))
    assert loaded.records == game.records
    assert loaded.deal.snapshot() == game.deal.snapshot()
    assert loaded.rules == game.rules


def _edit(text: str, change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d.update(format="chess"), "not a batak-tutor save file"),
    (lambda d: d.update(version=99), "unsupported save file version 99"),
    (lambda d: d["rules"].update(min_bid="five"), "rules are invalid: min_bid must be a whole number"),
    (lambda d: d["deals"][0]["actions"].__setitem__(5, "play ZZ"), "action 6 .* cannot be replayed"),
    (lambda d: d["deals"][0]["hands"][0].__setitem__(0, d["deals"][0]["hands"][1][0]), "dealt twice"),
    (lambda d: d.update(totals=[999, 0, 0, 0]), "stored totals .* do not match"),
    (lambda d: d["deals"][1].update(dealer=3), "is not the deal this game's seed"),
    (lambda d: d.pop("deals"), "has no 'deals' field"),
])
def test_edited_game_files_are_refused(mutate: Callable[[dict[str, Any]], None], message: str) -> None:
    text = bc.to_json(_played_game())
    with pytest.raises(bc.SaveFileError, match=message):
        bc.from_json(_edit(text, mutate))


def test_swapped_cards_under_a_seed_are_detected() -> None:
    deal = bc.Deal.random(bc.preset("classic"), seed=3)
    data = json.loads(bc.to_json(deal))
    data["hands"][0][0], data["hands"][1][0] = data["hands"][1][0], data["hands"][0][0]
    with pytest.raises(bc.SaveFileError, match="do not match seed 3"):
        bc.from_json(json.dumps(data))


@pytest.mark.parametrize("text,message", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "expected a JSON object"),
    (b"\xff\xfe", "not UTF-8"),
])
def test_garbage_is_refused(text: str | bytes, message: str) -> None:
    with pytest.raises(bc.SaveFileError, match=message):
        bc.from_json(text)


def test_wrong_kind_is_named() -> None:
    deal_text = bc.to_json(bc.Deal.random(bc.preset("classic"), seed=1))
    with pytest.raises(bc.SaveFileError, match="single deal, not a game"):
        bc.load_game(deal_text)
    with pytest.raises(bc.SaveFileError, match="whole game, not a single deal"):
        bc.load_deal(bc.to_json(bc.Game(bc.preset("classic"), seed=1)))


def test_save_errors_are_value_errors() -> None:
    assert issubclass(bc.SaveFileError, ValueError)


# --- regressions: every bad input is a SaveFileError with a short message ---------------------
# One test per bug, named after it (python-chess style). MESSAGE_LIMIT is what a person can read.

MESSAGE_LIMIT = 300


def _deal_text() -> str:
    deal = bc.Deal.random(bc.preset("classic"), seed=3)
    for action in ["bid 5", "pass", "pass", "pass", "trump H"]:
        deal.apply(action)
    return bc.to_json(deal)


def _refused(text: object, message: str | None = None) -> str:
    with pytest.raises(bc.SaveFileError, match=message) as caught:
        bc.from_json(text)  # type: ignore[arg-type]
    text_of_error = str(caught.value)
    assert len(text_of_error) < MESSAGE_LIMIT, text_of_error
    return text_of_error


def test_from_json_of_none_raises_save_file_error() -> None:
    _refused(None, "must be text or bytes, not NoneType")


def test_from_json_of_a_number_raises_save_file_error() -> None:
    _refused(12, "must be text or bytes, not int")


def test_from_json_of_deeply_nested_json_raises_save_file_error() -> None:
    _refused("[" * 100_000 + "]" * 100_000, "nested deeper than")


def test_from_json_of_json_nested_past_the_limit_inside_a_save_raises_save_file_error() -> None:
    data = json.loads(_deal_text())
    data["rules"]["name"] = json.loads("[" * 40 + "]" * 40)
    _refused(json.dumps(data), "nested deeper than 20")


def test_from_json_of_a_5000_digit_integer_raises_save_file_error() -> None:
    _refused(_deal_text().replace('"dealer": 0', '"dealer": ' + "7" * 5000), "5,000 digits")


def test_from_json_of_a_50_digit_seed_raises_save_file_error() -> None:
    _refused(_deal_text().replace('"seed": 3', '"seed": ' + "9" * 50), "50 digits")


def test_from_json_of_invalid_utf8_raises_save_file_error() -> None:
    _refused(_deal_text().encode() + b"\xff", "not UTF-8")


def test_from_json_of_utf16_bytes_raises_save_file_error() -> None:
    _refused(_deal_text().encode("utf-16"), "not UTF-8")


def test_from_json_of_utf8_bytes_with_a_byte_order_mark_loads() -> None:
    text = _deal_text()
    assert bc.load_deal(b"\xef\xbb\xbf" + text.encode()).snapshot() == bc.load_deal(text).snapshot()


def test_from_json_of_a_text_over_the_size_limit_raises_save_file_error() -> None:
    _refused(" " * 5_000_001 + _deal_text(), "5,000,000")


def test_a_10_mb_field_is_quoted_short() -> None:
    data = json.loads(_deal_text())
    data["format"] = "x" * 10_000_000
    _refused(json.dumps(data), "at most 5,000,000")


@pytest.mark.parametrize("edit", [
    lambda d: d.update(format="x" * 1_000_000),
    lambda d: d.update(version="9" * 1_000_000),
    lambda d: d.update(dealer="0" * 1_000_000),
    lambda d: d.update(seed="3" * 1_000_000),
    lambda d: d["actions"].append("play " + "Q" * 1_000_000),
    lambda d: d["actions"].append("bury " + "2C " * 300_000),
    lambda d: d["actions"].append("x" * 1_000_000),
    lambda d: d["hands"][0].__setitem__(0, "Q" * 1_000_000),
    lambda d: d["rules"].update(direction="x" * 1_000_000),
    lambda d: d["rules"].update(name="x" * 1_000_000),
    lambda d: d["rules"].update(deal_choices=list(range(200_000))),
    lambda d: d["rules"].update({"x" * 1_000_000: 1}),
    lambda d: d.update({"y" * 1_000_000: 1}),
], ids=["format", "version", "dealer", "seed", "play", "bury", "verb", "card", "rule-value", "rule-name",
        "rule-list", "rule-key", "field-key"])
def test_a_1_mb_field_is_quoted_short(edit: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(_deal_text())
    edit(data)
    _refused(json.dumps(data))


def test_a_long_game_total_is_quoted_short() -> None:
    data = json.loads(bc.to_json(_played_game()))
    data["totals"] = list(range(100_000))
    _refused(json.dumps(data), "'totals' must be four whole numbers")


def test_from_json_with_an_unknown_field_raises_save_file_error() -> None:
    data = json.loads(_deal_text())
    data["dealr"] = 1
    _refused(json.dumps(data), "unknown field 'dealr'")


def test_from_json_with_game_totals_of_booleans_raises_save_file_error() -> None:
    game = bc.Game(bc.preset("classic"), seed=1)
    data = json.loads(bc.to_json(game))
    data["totals"] = [False, False, False, False]
    _refused(json.dumps(data), "'totals' must be four whole numbers")


def test_from_json_with_a_rules_list_raises_save_file_error() -> None:
    data = json.loads(_deal_text())
    data["rules"] = list(data["rules"].items())
    _refused(json.dumps(data), "'rules' must be an object")


def test_from_json_with_rules_without_a_name_raises_save_file_error() -> None:
    data = json.loads(_deal_text())
    del data["rules"]["name"]
    _refused(json.dumps(data), "'name'")


def test_from_json_with_a_rules_name_that_is_a_number_raises_save_file_error() -> None:
    data = json.loads(_deal_text())
    data["rules"]["name"] = 5
    _refused(json.dumps(data), "rules are invalid: name must be text")


def test_an_unknown_rule_option_is_named_in_a_short_message() -> None:
    data = json.loads(_deal_text())
    data["rules"]["gonullu"] = True
    _refused(json.dumps(data), "unknown rule option 'gonullu'")


def test_a_rule_option_of_the_wrong_kind_is_named() -> None:
    data = json.loads(_deal_text())
    data["rules"]["min_bid"] = {"five": 5}
    _refused(json.dumps(data), "rules are invalid: min_bid must be a whole number")


def test_a_card_dealt_twice_is_refused() -> None:
    data = json.loads(_deal_text())
    data["seed"] = None
    data["hands"][0][0] = data["hands"][1][0]
    _refused(json.dumps(data), "dealt twice")


def test_a_hand_of_the_wrong_size_is_refused_before_its_cards_are_read() -> None:
    data = json.loads(_deal_text())
    data["hands"][0] = ["AS"] * 100_000
    _refused(json.dumps(data), "seat 0's hand has 100,000 cards; these rules deal 13")


def test_an_unknown_action_verb_is_refused() -> None:
    data = json.loads(_deal_text())
    data["actions"].append("castle")
    _refused(json.dumps(data), "action 6 .*'castle'.* cannot be replayed")


def test_a_huge_list_of_actions_is_refused_at_the_first_that_cannot_be_replayed() -> None:
    data = json.loads(_deal_text())
    data["actions"] += ["pass"] * 200_000
    _refused(json.dumps(data), "action 6 .* cannot be replayed")


def test_an_action_that_is_not_text_is_refused() -> None:
    data = json.loads(_deal_text())
    data["actions"].append(["play", "QS"])
    _refused(json.dumps(data), "action 6 must be text")


def test_a_game_deal_with_a_seed_of_the_wrong_type_is_refused() -> None:
    data = json.loads(bc.to_json(_played_game()))
    data["deals"][1]["seed"] = str(data["deals"][1]["seed"])
    _refused(json.dumps(data), "deal 2 of the game: 'seed' must be a whole number")


def test_a_game_deal_with_an_unknown_field_is_refused() -> None:
    data = json.loads(bc.to_json(_played_game()))
    data["deals"][0]["rules"] = data["rules"]
    _refused(json.dumps(data), "deal 1 of the game has an unknown field 'rules'")


# --- the rule lab's position files share the one reader ---------------------------------------

def _position_refused(text: object, message: str | None = None) -> None:
    from batak_core.teaching.position import Position

    with pytest.raises(bc.SaveFileError, match=message) as caught:
        Position.from_json(text)  # type: ignore[arg-type]
    assert len(str(caught.value)) < MESSAGE_LIMIT, str(caught.value)


def _position_text() -> str:
    from batak_core.teaching.position import Position

    return Position.around("AS KS 3H", "QH", "S").to_json()


def test_position_from_json_of_none_raises_save_file_error() -> None:
    _position_refused(None, "must be text or bytes")


def test_position_from_json_of_deeply_nested_json_raises_save_file_error() -> None:
    _position_refused('{"hands": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested deeper than")


def test_position_from_json_of_a_5000_digit_integer_raises_save_file_error() -> None:
    _position_refused(_position_text().replace('"leader": 1', '"leader": ' + "1" * 5000), "5,000 digits")


def test_position_from_json_with_version_true_raises_save_file_error() -> None:
    _position_refused(_position_text().replace('"version": 1', '"version": true'), "version")


def test_position_from_json_with_leader_true_raises_save_file_error() -> None:
    _position_refused(_position_text().replace('"leader": 1', '"leader": true'), "'leader' must be a seat")


def test_position_from_json_with_a_1_mb_card_is_quoted_short() -> None:
    data = json.loads(_position_text())
    data["trick"] = ["Q" * 1_000_000]
    _position_refused(json.dumps(data), "not a card")


def test_position_from_json_with_a_hand_of_100_000_cards_is_refused() -> None:
    data = json.loads(_position_text())
    data["hands"][0] = ["AS"] * 100_000
    _position_refused(json.dumps(data), "at most 13 card names")


# A field of a saved deal written another way, and what the refusal must say.
EDITED_FIELDS = [
    ("version_true", '"version": 1', '"version": true', "version"),
    ("nan", '"dealer": 0', '"dealer": NaN', "NaN"),
    ("infinity", '"dealer": 0', '"dealer": -Infinity', "Infinity"),
    ("a_float_too_large", '"dealer": 0', '"dealer": 1e999', "too large"),
    ("a_duplicate_key", '"dealer": 0', '"dealer": 0, "dealer": 1', "'dealer' appears twice"),
    ("dealer_true", '"dealer": 0', '"dealer": true', "'dealer' must be a seat 0..3"),
    ("a_negative_dealer", '"dealer": 0', '"dealer": -1', "'dealer' must be a seat 0..3, not -1"),
    ("a_negative_seed", '"seed": 3', '"seed": -3', "'seed' must be a whole number from 0"),
]


@pytest.mark.parametrize(("case", "field", "edited", "message"), EDITED_FIELDS, ids=[c[0] for c in EDITED_FIELDS])
def test_from_json_with_an_edited_field_raises_save_file_error(case: str, field: str, edited: str,
                                                               message: str) -> None:
    _refused(_deal_text().replace(field, edited), message)
