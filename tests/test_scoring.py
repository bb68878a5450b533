"""Scoring: every worked example of the sources and every house rule."""

import pytest

import batak_core as bc
from batak_core.teaching.examples import SCORE_EXAMPLES, ScoreExample


@pytest.mark.parametrize("example", SCORE_EXAMPLES, ids=[f"{e.preset}-{e.title[:30]}" for e in SCORE_EXAMPLES])
def test_worked_examples(example: ScoreExample) -> None:
    rules = bc.preset(example.preset, **example.options)
    assert bc.score_deal(rules, example.declarer, example.bid, example.tricks) == list(example.scores)


@pytest.mark.parametrize("name,expected", [("miniokey", -50), ("classic", -70), ("danish", 0),
                                           ("turkish", 0), ("gamelake", 0)])
def test_edge_case_7_defender_without_a_trick(name: str, expected: int) -> None:
    assert bc.score_deal(bc.preset(name), 0, 7, [8, 3, 2, 0])[3] == expected


def test_declarer_without_a_trick_just_loses_the_bid() -> None:
    assert bc.score_deal(bc.preset("miniokey"), 1, 5, [5, 0, 4, 4])[1] == -50
    assert bc.score_deal(bc.preset("classic"), 1, 5, [5, 0, 4, 4])[1] == -50


def test_declarer_is_scored_from_any_seat() -> None:
    assert bc.score_deal(bc.preset("classic"), 2, 7, [3, 2, 8, 0]) == [30, 20, 71, -70]


def test_exact_bid_house_rule_scores_the_bid() -> None:
    rules = bc.preset("danish", exact_bid_scores_bid=True)
    assert bc.score_deal(rules, 0, 7, [7, 2, 2, 2])[0] == 70
    assert bc.score_deal(rules, 0, 7, [8, 2, 2, 1])[0] == 71


def test_double_penalty_and_made_thirteen() -> None:
    rules = bc.preset("miniokey", double_penalty=True, made_thirteen_doubles=True)
    assert bc.score_deal(rules, 0, 7, [6, 3, 2, 2])[0] == -140
    assert bc.score_deal(rules, 0, 13, [13, 0, 0, 0]) == [260, -50, -50, -50]


@pytest.mark.parametrize("args,message", [
    ((0, 7, [8, 3, 2, 1]), "add up to 13, not 14"),
    ((0, 7, [8, 3, 2]), "four counts"),
    ((4, 7, [8, 3, 2, 0]), "declarer must be a seat"),
    ((0, 14, [8, 3, 2, 0]), "bid must be a number of tricks 1..13"),
    ((0, 7, [8, 3, 3, -1]), "four counts"),
])
def test_bad_input(args: tuple[int, int, list[int]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        bc.score_deal(bc.preset("classic"), *args)
