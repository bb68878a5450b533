"""Glicko-2 ratings, checked against Glickman's worked example ("Example of the Glicko-2 system", 2013)."""

import math

import pytest

from batak_core.teaching.ratings import SCALE, Rating, expected_score, solved, update

PLAYER = Rating(1500, 200, 0.06)
EXAMPLE = [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)]


def test_glickmans_worked_example() -> None:
    after = update(PLAYER, EXAMPLE)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    # the same on the Glicko-2 scale, as the paper prints it in step 7
    assert (after.rating - 1500) / SCALE == pytest.approx(-0.2069, abs=0.00005)
    assert after.rd / SCALE == pytest.approx(0.8722, abs=0.00005)


def test_the_example_expected_scores() -> None:
    # the paper's table in step 3: E = 0.639, 0.432, 0.303
    scores = [expected_score(PLAYER, opponent) for opponent, _ in EXAMPLE]
    assert scores == pytest.approx([0.639, 0.432, 0.303], abs=0.0005)
    assert expected_score(Rating(), Rating()) == pytest.approx(0.5)


def test_a_period_without_games_only_grows_the_rd() -> None:
    after = update(PLAYER, [])
    assert (after.rating, after.volatility) == (PLAYER.rating, PLAYER.volatility)
    assert after.rd == pytest.approx(SCALE * math.sqrt((200 / SCALE) ** 2 + 0.06 ** 2))
    assert update(Rating(1500, 349.9), []).rd == 350, "never less certain than an unrated player"


def test_a_right_answer_raises_the_learner_and_lowers_the_puzzle() -> None:
    learner, puzzle = Rating(1500, 150), Rating(1500, 150)
    up, down = solved(learner, puzzle, True)
    assert up.rating > 1500 > down.rating
    assert up.rating - 1500 == pytest.approx(1500 - down.rating), "equal players move equally"
    assert up.rd < 150 and down.rd < 150
    low, high = solved(learner, puzzle, False)
    assert low.rating == pytest.approx(down.rating) and high.rating == pytest.approx(up.rating)


def test_solving_a_hard_puzzle_gains_more_than_an_easy_one() -> None:
    learner = Rating(1500, 100)
    hard, _ = solved(learner, Rating(1800, 60), True)
    easy, _ = solved(learner, Rating(1200, 60), True)
    assert hard.rating - 1500 > easy.rating - 1500 > 0
    missed_easy, _ = solved(learner, Rating(1200, 60), False)
    missed_hard, _ = solved(learner, Rating(1800, 60), False)
    assert 1500 - missed_easy.rating > 1500 - missed_hard.rating > 0


def test_a_new_learner_moves_more_than_a_settled_one() -> None:
    new, _ = solved(Rating(), Rating(1500, 60), True)
    settled, _ = solved(Rating(1500, 60), Rating(1500, 60), True)
    assert new.rating - 1500 > settled.rating - 1500 > 0


def test_ratings_stay_in_range_at_the_extremes() -> None:
    bottom = update(Rating(0, 350), [(Rating(4000, 30), 0.0)] * 5)
    top = update(Rating(4000, 350), [(Rating(0, 30), 1.0)] * 5)
    assert 0 <= bottom.rating <= 4000 and 0 <= top.rating <= 4000
    assert update(Rating(10, 350), [(Rating(3000, 30), 0.0), (Rating(2000, 30), 0.0)]).rating >= 0


@pytest.mark.parametrize(("make", "message"), [
    (lambda: Rating(1500, -10), "deviation .* above 0"),
    (lambda: Rating(1500, 0), "deviation .* above 0"),
    (lambda: Rating(1500, 400), "at most 350"),
    (lambda: Rating(math.nan), "rating must be a number from 0 to 4000"),
    (lambda: Rating(1500, math.nan), "deviation .* finite"),
    (lambda: Rating(1500, 200, math.inf), "volatility .* finite"),
    (lambda: Rating(1500, 200, -0.06), "volatility .* above 0"),
    (lambda: Rating(True), "rating must be a number"),
    (lambda: update(PLAYER, [(Rating(), 1.5)]), "score is a number from 0"),
    (lambda: update(PLAYER, [(Rating(), -0.5)]), "score is a number from 0"),
    (lambda: update(PLAYER, [(Rating(), math.nan)]), "score is a number from 0"),
    (lambda: update(PLAYER, [(Rating(), True)]), "score is a number from 0"),
    (lambda: update(PLAYER, [(1500, 1.0)]), "opponent must be a Rating"),  # type: ignore[list-item]
    (lambda: update(PLAYER, [], tau=0), "tau must be"),
    (lambda: solved(PLAYER, PLAYER, 1), "right must be True or False"),  # type: ignore[arg-type]
])
def test_bad_input_says_what_is_allowed(make: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()  # type: ignore[operator]
