"""Hints: every number shown says what it is in words; when the numbers would mislead (a guess,
too few layouts, or the same for every choice) the hint shows none and says why."""

from __future__ import annotations

import re

from batak_core import Deal, DealView, Phase, bots, preset
from batak_core.ai.bots.advice import Hint

BARE_VALUE = re.compile(r"\b(?:play \S+|bid \d+|pass|announce \w+):? [-+]?\d+(?:\.\d+)?(?![\d.]| points?| tricks?)")
"""An action followed by a number with no word saying what the number is ("play 2♠: -60.00")."""


def club_deal_to(seed: int, stop: int, rules_name: str = "miniokey") -> DealView:
    """Seat 0's view at its card decision in trick ``stop`` (counted from 1), club bots everywhere."""
    deal = Deal.random(preset(rules_name), seed=seed)
    club = bots.get("club")
    while not deal.is_finished:
        seat = deal.decider
        assert seat is not None
        view = deal.view(seat)
        if (seat == 0 and deal.phase is Phase.PLAY and len(deal.tricks) + 1 == stop
                and len(view.legal_plays) > 1):
            return view
        deal.act(club.choose(view))
    raise AssertionError(f"seat 0 had no choice of card in trick {stop} of deal {seed}")


def shown_lines(advice: Hint, limit: int = 3) -> list[str]:
    return [f"{line.action.text()}: {line.says}" for line in advice.shown(limit)]


def test_early_card_hint_showed_the_same_bare_number_for_every_card() -> None:
    """Regression: early in a deal the search guesses the tricks beyond its horizon, so every card
    averaged to the same points, and the hint listed 'play 5♦: 70.0 / play 7♦: 70.0 / ...' with
    nothing to say what 70 was. It now shows no numbers and says why."""
    view = club_deal_to(7, stop=2)
    advice = bots.hint(view)
    assert len(advice.alternatives) > 1
    assert all(alt.value is None for alt in advice.alternatives)
    assert advice.shown() == ()
    assert "no numbers" in advice.numbers_note.lower() and "guess" in advice.numbers_note


def test_late_card_hint_numbers_are_expected_scores_over_named_layouts() -> None:
    for seed in range(20):
        advice = bots.hint(club_deal_to(seed, stop=9))
        if advice.shown():
            break
    else:
        raise AssertionError("no late card hint with numbers in 20 deals")
    assert advice.measure is not None and advice.measure.unit == "points"
    assert "expected score" in advice.measure.name
    assert re.search(r"average of \d+ ways the hidden cards may lie", advice.numbers_note)
    values = [alt.value for alt in advice.alternatives]
    assert values[0] == max(v for v in values if v is not None)  # the recommended card comes first
    for line in shown_lines(advice):
        assert re.search(r"[-+]\d+(\.\d)? points$", line), line
        assert not BARE_VALUE.search(line), line


def test_all_equal_values_are_not_shown_as_numbers() -> None:
    """In the exact part of the deal, cards that all come to the same score are said to, in words."""
    for seed in range(30):
        advice = bots.hint(club_deal_to(seed, stop=10))
        if advice.measure is None and "same result" in advice.numbers_note:
            break
    else:
        raise AssertionError("no late hint whose cards all came to the same result in 30 deals")
    assert advice.shown() == () and all(alt.value is None for alt in advice.alternatives)


def test_trump_hint_counts_tricks_in_words() -> None:
    deal = Deal.random(preset("miniokey"), seed=3)
    deal.bid(deal.rules.min_bid)
    while deal.phase is Phase.AUCTION:
        deal.pass_bid()
    assert deal.phase is Phase.TRUMP and deal.to_move is not None
    advice = bots.hint(deal.view(deal.to_move))
    assert advice.measure is not None and advice.measure.unit == "tricks"
    lines = shown_lines(advice, limit=4)
    assert len(lines) == 4 and all(re.search(r"tricks you should take about \d+\.\d$", line) for line in lines)
    assert "count" in advice.numbers_note
