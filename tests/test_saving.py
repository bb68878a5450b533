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
    (b"\xff\xfe", "not valid JSON"),
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
