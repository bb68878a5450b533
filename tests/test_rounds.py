"""A lesson's quiz round: at least four kinds of question where the lesson has them, kinds taking
turns, no question twice, the same round for the same seed."""

from __future__ import annotations

import itertools

import pytest

import batak_core as bc
from batak_core.shuffle import derive_seed
from batak_core.teaching import drills, topics
from batak_core.teaching.lessons import LESSONS_BY_ID
from batak_core.teaching.rounds import QuizRound, _shown, kinds_asked

RULE_SETS = {f"{name}/{variant.value}": bc.preset(name, variant)
             for name in bc.PRESETS for variant in bc.variants_of(name)}
MY_LESSONS = ("cards", "trump", "following", "ruffing", "winner", "scoring", "games")
"""The lessons whose topics all live in drills and course_drills."""


def lesson_topics(lesson: str) -> tuple[str, ...]:
    return LESSONS_BY_ID[lesson].topics


def asked_kinds(r: QuizRound) -> list[tuple[str, str]]:
    return [r.slot(i) for i in range(r.count)]


@pytest.mark.parametrize("key", list(RULE_SETS))
@pytest.mark.parametrize("lesson", MY_LESSONS)
def test_every_lesson_of_these_topics_asks_four_kinds_under_every_rule_set(lesson: str, key: str) -> None:
    rules = RULE_SETS[key]
    assert len(kinds_asked(lesson_topics(lesson), rules)) >= 4, (lesson, key)
    for seed in range(4):
        r = QuizRound(lesson_topics(lesson), rules, seed)
        assert len(set(asked_kinds(r))) >= 4, (lesson, key, seed, asked_kinds(r))


@pytest.mark.parametrize("key", list(RULE_SETS))
def test_a_round_never_asks_the_same_question_twice(key: str) -> None:
    rules = RULE_SETS[key]
    lessons = [lesson_topics(lesson) for lesson in MY_LESSONS]
    for lesson in [*lessons, ("trump-lead",), ("trump-choice",), ("bidding",), ("ranks",), ("play-order",)]:
        for seed in range(10):
            r = QuizRound(lesson, rules, seed)
            questions = [r.question(i) for i in range(r.count)]
            assert len({q.prompt for q in questions}) == r.count, (lesson, key, seed)
            for i, q in enumerate(questions):
                for earlier in questions[:i]:
                    assert not _shown(q) & _shown(earlier), (lesson, key, seed, q.prompt)


def test_kinds_take_turns_before_any_comes_twice() -> None:
    for lesson in MY_LESSONS:
        for seed in range(10):
            r = QuizRound(lesson_topics(lesson), bc.preset("classic"), seed, count=8)
            planned = kinds_asked(lesson_topics(lesson), r.rules)
            first = [r.slot(i) for i in range(min(len(planned), r.count))]
            assert len(set(first)) == len(first), (lesson, seed, first)
            assert all(r.slot(i) in planned for i in range(r.count))


def test_the_same_seed_gives_the_same_round_and_another_seed_another() -> None:
    rules = bc.preset("turkish")
    a, b = (QuizRound(lesson_topics("following"), rules, 14) for _ in range(2))
    assert [a.question(i) for i in range(5)] == [b.question(i) for i in range(5)]
    assert asked_kinds(a) == asked_kinds(b)
    other = QuizRound(lesson_topics("following"), rules, 15)
    assert [q.prompt for q in (other.question(i) for i in range(5))] != [a.question(i).prompt for i in range(5)]
    # the questions do not depend on the order they are asked in
    late = QuizRound(lesson_topics("following"), rules, 14)
    assert late.question(3) == a.question(3)


def test_the_question_is_the_topics_question_of_its_kind() -> None:
    r = QuizRound(lesson_topics("ruffing"), bc.preset("danish"), 3)
    for i in range(5):
        q = r.question(i)
        topic, kind = r.slot(i)
        assert q.topic == topic and kind in topics.KINDS[topic]
        base = derive_seed(3, i)
        assert q in [topics.question(topic, r.rules, s, kind=kind)
                     for s in (base, *(derive_seed(base, attempt) for attempt in range(1, 40)))]


def test_a_lesson_with_fewer_kinds_takes_turns_between_them() -> None:
    r = QuizRound(("trump-lead",), bc.preset("miniokey"), 5)
    kinds = asked_kinds(r)
    assert set(kinds) == {("trump-lead", k) for k in topics.KINDS["trump-lead"]}
    assert all(a != b for a, b in itertools.pairwise(kinds)), kinds
    broken = [q.position.trump_broken for q in (r.question(i) for i in range(5))
              if isinstance(q, drills.LegalCardsQuestion)]
    assert broken == [kind == "broken" for _topic, kind in kinds]


def test_kinds_the_rules_rule_out_do_not_count() -> None:
    koz = bc.preset("classic", "koz_maca")
    asked = kinds_asked(("bidding", "trump-choice", "winner"), koz)
    assert ("bidding", "lowest-bid") in asked and ("bidding", "all-pass") not in asked  # the fallback slot
    assert [kind for topic, kind in asked if topic == "trump-choice"] == ["longest-suit"]
    assert {kind for topic, kind in asked if topic == "winner"} == set(topics.KINDS["winner"])
    esli = kinds_asked(("score",), bc.preset("danish", "esli"))
    assert ("score", "no-trick") not in esli and ("score", "partners-together") in esli
    alone = kinds_asked(("score",), bc.preset("danish"))
    assert ("score", "no-trick") in alone and ("score", "partners-together") not in alone
    q = QuizRound(("trump-choice", "winner"), koz, 2).question(0)
    assert isinstance(q, (drills.ChoiceQuestion, drills.TrickWinnerQuestion))


def test_bad_rounds_are_refused() -> None:
    rules = bc.preset("classic")
    with pytest.raises(ValueError, match="unknown quiz topic"):
        QuizRound(("juggling",), rules, 1)
    with pytest.raises(ValueError, match="unknown quiz topic"):
        QuizRound((), rules, 1)
    with pytest.raises(ValueError, match="at least one question"):
        QuizRound(("follow",), rules, 1, count=0)
    with pytest.raises(ValueError, match="seed"):
        QuizRound(("follow",), rules, -1)
    with pytest.raises(ValueError, match="questions 0 to 4"):
        QuizRound(("follow",), rules, 1).question(5)
