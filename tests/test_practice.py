"""Spaced practice on the FSRS schedule: misses come back soon, right answers later, and the cards
survive a trip through the progress file (and a damaged one is refused, saying why)."""

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from batak_core.teaching.practice import MAX_CARDS, Practice

NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def test_a_miss_comes_back_sooner_than_a_hit() -> None:
    practice = Practice()
    practice.review("puzzle:miss", False, NOW)
    practice.review("puzzle:hit", True, NOW)
    missed, hit = practice.item("puzzle:miss"), practice.item("puzzle:hit")
    assert missed is not None and hit is not None
    assert NOW < missed.due < hit.due
    assert (missed.reviews, missed.misses, hit.reviews, hit.misses) == (1, 1, 1, 0)
    assert practice.due(NOW) == [], "nothing is due the moment it was answered"
    assert practice.due(missed.due) == ["puzzle:miss"] and practice.due(hit.due) == ["puzzle:miss", "puzzle:hit"]


def test_a_key_reviewed_right_twice_moves_further_out() -> None:
    practice = Practice()
    practice.review("topic:winner", True, NOW)
    first = practice.item("topic:winner")
    assert first is not None
    practice.review("topic:winner", True, first.due)
    second = practice.item("topic:winner")
    assert second is not None and second.due - first.due > first.due - NOW
    practice.review("topic:winner", True, second.due)
    third = practice.item("topic:winner")
    assert third is not None and third.due - second.due > second.due - first.due


def test_a_miss_after_hits_brings_a_key_back_soon() -> None:
    practice = Practice()
    when = NOW
    for _ in range(3):
        practice.review("topic:ruff", True, when)
        item = practice.item("topic:ruff")
        assert item is not None
        when = item.due
    practice.review("topic:ruff", False, when)
    item = practice.item("topic:ruff")
    assert item is not None and item.due - when <= timedelta(hours=1) and item.misses == 1
    assert practice.missed() == ["topic:ruff"]


def test_due_orders_the_most_overdue_first_and_keeps_to_the_limit() -> None:
    practice = Practice()
    for minutes, key in enumerate(["topic:c", "puzzle:a", "topic:b"]):
        practice.review(key, False, NOW + timedelta(minutes=minutes))
    later = NOW + timedelta(hours=1)
    assert practice.due(later) == ["topic:c", "puzzle:a", "topic:b"]
    assert practice.due(later, limit=2) == ["topic:c", "puzzle:a"]
    assert practice.due(NOW + timedelta(minutes=1)) == ["topic:c"]


def test_missed_lists_every_key_ever_missed() -> None:
    practice = Practice()
    practice.review("puzzle:x", False, NOW)
    practice.review("puzzle:x", True, NOW + timedelta(minutes=5))
    practice.review("topic:y", True, NOW)
    practice.review("topic:a", False, NOW)
    assert practice.missed() == ["puzzle:x", "topic:a"]


def test_the_schedule_is_the_same_every_time_and_reads_no_clock() -> None:
    def run() -> dict[str, Any]:
        practice = Practice()
        when = NOW
        for number in range(8):
            practice.review("topic:t", number % 3 != 1, when)
            item = practice.item("topic:t")
            assert item is not None
            when = item.due
        return practice.to_data()
    assert run() == run()


def test_any_time_zone_is_taken_and_a_naive_time_refused() -> None:
    practice = Practice()
    practice.review("topic:t", False, NOW.astimezone(timezone(timedelta(hours=3))))
    item = practice.item("topic:t")
    assert item is not None and item.last_review == NOW and item.due.tzinfo == UTC
    with pytest.raises(ValueError, match="time zone"):
        practice.review("topic:t", True, datetime(2026, 3, 1, 9, 0))
    with pytest.raises(ValueError, match="time zone"):
        practice.due(datetime(2026, 3, 1, 9, 0))


def test_a_review_before_the_last_one_counts_as_at_the_last_one() -> None:
    practice = Practice()
    practice.review("topic:t", False, NOW)
    practice.review("topic:t", True, NOW - timedelta(seconds=5))  # another page's clock is behind
    item = practice.item("topic:t")
    assert item is not None and item.last_review == NOW and item.reviews == 2


@pytest.mark.parametrize(("call", "message"), [
    (lambda p: p.review("puzzle:", True, NOW), "not a practice key"),
    (lambda p: p.review("lesson:trump", True, NOW), "not a practice key"),
    (lambda p: p.review("topic:a b", True, NOW), "not a practice key"),
    (lambda p: p.review("topic:" + "x" * 200, True, NOW), "at most 120 characters"),
    (lambda p: p.review("topic:t", 1, NOW), "right must be True or False"),
    (lambda p: p.review("topic:t", True, "2026-03-01"), "must be a datetime"),
    (lambda p: p.due(NOW, limit=-1), "limit must be a whole number"),
])
def test_bad_calls_say_what_is_allowed(call: Callable[[Practice], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call(Practice())


def test_a_full_practice_drops_the_best_known_card() -> None:
    practice = Practice()
    for number in range(MAX_CARDS):
        practice.review(f"topic:t{number}", number != 7, NOW)  # t7 missed: due soonest
    practice.review("topic:t0", True, NOW + timedelta(minutes=10))  # t0 now the furthest out
    practice.review("puzzle:new", False, NOW + timedelta(minutes=11))
    assert len(practice) == MAX_CARDS and "puzzle:new" in practice and "topic:t0" not in practice
    assert "topic:t7" in practice


def test_round_trip_through_json() -> None:
    practice = Practice()
    practice.review("puzzle:miniokey-ihaleli-000123", False, NOW)
    practice.review("topic:trump-choice", True, NOW)
    practice.review("topic:trump-choice", True, NOW + timedelta(minutes=10))
    data = json.loads(json.dumps(practice.to_data()))
    again = Practice.from_data(data)
    assert again == practice and again.to_data() == practice.to_data()
    later = NOW + timedelta(days=30)
    again.review("topic:trump-choice", True, later)
    practice.review("topic:trump-choice", True, later)
    assert again == practice, "a card read back schedules exactly like the original"
    assert Practice.from_data({"cards": {}}) == Practice()


def _card(**changes: object) -> dict[str, Any]:
    practice = Practice()
    practice.review("topic:t", False, NOW)
    card: dict[str, Any] = practice.to_data()["cards"]["topic:t"]
    return {**card, **changes}


@pytest.mark.parametrize(("data", "message"), [
    ([], "practice is not an object"),
    ({}, "no 'cards' object"),
    ({"cards": []}, "no 'cards' object"),
    ({"cards": {"lesson:t": _card()}}, "'lesson:t' is not a practice key"),
    ({"cards": {"topic:t": "soon"}}, "card 'topic:t' is not an object"),
    ({"cards": {"topic:t": {**_card(), "extra": 1}}}, "exactly the fields"),
    ({"cards": {"topic:t": _card(due="tomorrow")}}, "due 'tomorrow' is not an ISO date"),
    ({"cards": {"topic:t": _card(due="2026-03-01T09:00:00")}}, "time zone"),
    ({"cards": {"topic:t": _card(due=5)}}, "due 5 is not a date"),
    ({"cards": {"topic:t": _card(due="2026-02-01T09:00:00+00:00")}}, "due before its last review"),
    ({"cards": {"topic:t": _card(state="forgotten")}}, "state 'forgotten'; allowed: learning, review"),
    ({"cards": {"topic:t": _card(step=5)}}, "step 5; allowed: 0 to 1"),
    ({"cards": {"topic:t": _card(state="review")}}, "in review, so its step must be null"),
    ({"cards": {"topic:t": _card(stability=-1.0)}}, "stability -1.0"),
    ({"cards": {"topic:t": _card(stability=None)}}, "stability None"),
    ({"cards": {"topic:t": _card(difficulty=11)}}, "difficulty 11; it must be a number from 1 to 10"),
    ({"cards": {"topic:t": _card(difficulty=True)}}, "difficulty True"),
    ({"cards": {"topic:t": _card(misses=2)}}, "impossible counts"),
    ({"cards": {"topic:t": _card(reviews=0, misses=0)}}, "impossible counts"),
    ({"cards": {f"topic:t{n}": _card() for n in range(MAX_CARDS + 1)}}, "5,001 cards; at most 5,000"),
])
def test_damaged_data_is_refused_saying_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Practice.from_data(data)
