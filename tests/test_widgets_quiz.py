"""Quiz: questions from drills, answered by clicking, judged by the engine, with a tally."""

from __future__ import annotations

import batak_core as bc
import widgets
from batak_core.teaching import drills


def test_right_then_wrong_answer_with_feedback_classes() -> None:
    quiz = widgets.Quiz("follow", seed=1)
    q = quiz.question
    assert isinstance(q, drills.LegalCardsQuestion)
    for card in q.answer:
        quiz.card_button(card).click()
    quiz.check_button.click()
    assert {"batak-feedback", "batak-correct"} <= set(quiz.feedback._dom_classes)
    assert "Right!" in quiz.feedback.value and q.rule in quiz.feedback.value
    assert quiz.tally.value == "1 of 1 right"
    assert all(quiz.card_button(c).disabled for c in q.answer)

    quiz.new_button.click()
    q2 = quiz.question
    assert isinstance(q2, drills.LegalCardsQuestion) and q2 != q
    assert "batak-correct" not in quiz.feedback._dom_classes and quiz.feedback.value == ""
    wrong = next(c for c in q2.position.hand if c not in q2.answer)
    quiz.card_button(wrong).click()
    assert "batak-selected" in quiz.card_button(wrong)._dom_classes
    quiz.check_button.click()
    assert "batak-wrong" in quiz.feedback._dom_classes and "batak-correct" not in quiz.feedback._dom_classes
    verdict = bc.explain_play(q2.rules, q2.position.hand, q2.position.trick, q2.position.trump,
                              q2.position.trump_broken, wrong)
    assert verdict.reason in quiz.feedback.value and verdict.rule in quiz.feedback.value
    assert quiz.tally.value == "1 of 2 right"
    quiz.check_button.click()  # a second try does not count
    assert quiz.tally.value == "1 of 2 right"


def test_same_seed_same_questions() -> None:
    a, b = widgets.Quiz("ruff", seed=8), widgets.Quiz("ruff", seed=8)
    assert a.question == b.question and a.prompt.value == b.prompt.value


def test_trick_winner_is_one_click() -> None:
    quiz = widgets.Quiz("winner", rules=bc.preset("classic"), seed=3)
    q = quiz.question
    assert isinstance(q, drills.TrickWinnerQuestion)
    assert quiz.check_button.layout.display == "none"
    quiz.card_button(q.answer).click()
    assert "batak-correct" in quiz.feedback._dom_classes


def test_scores_are_typed_in() -> None:
    quiz = widgets.Quiz("score", rules=bc.preset("gamelake"), seed=2)
    q = quiz.question
    assert isinstance(q, drills.ScoreQuestion)
    for box, points in zip(quiz.score_inputs, q.answer, strict=True):
        box.value = points
    quiz.check_button.click()
    assert "batak-correct" in quiz.feedback._dom_classes
    quiz.new_button.click()
    quiz.check_button.click()  # all zeros: wrong
    assert "batak-wrong" in quiz.feedback._dom_classes


def test_choice_questions_and_topic_switch() -> None:
    quiz = widgets.Quiz("bidding", rules=bc.preset("danish"), seed=5)
    q = quiz.question
    assert isinstance(q, drills.ChoiceQuestion)
    wrong = next(c for c in q.choices if c != q.answer)
    quiz.choice_button(wrong).click()
    assert "batak-wrong" in quiz.feedback._dom_classes and q.answer in quiz.feedback.value
    quiz.topic.value = "trump-lead"
    assert isinstance(quiz.question, drills.LegalCardsQuestion) and quiz.choice_box.layout.display == "none"


def test_quiz_feedback_states_the_whole_duty_chain() -> None:
    """Wrong answer on a ruff-then-overtrump position: the feedback names both duties."""
    from batak_core.teaching.position import Position

    quiz = widgets.Quiz("ruff", seed=1)
    position = Position.around("4C 10C JC 5D 8S", "7H 9C", "C", leader=2)
    quiz.question = drills.LegalCardsQuestion("ruff", 0, quiz.rules, "", position)
    quiz.answer(["4C"])
    assert "must play a trump (clubs)" in quiz.feedback.value and "must overtrump" in quiz.feedback.value
    assert "10♣ and J♣" in quiz.feedback.value


def test_quiz_offers_every_course_topic() -> None:
    from batak_core.teaching import topics

    quiz = widgets.Quiz("sure-tricks", seed=2)
    assert [key for _title, key in quiz.topic.options] == list(topics.TOPICS)
    assert quiz.question is not None and quiz.question.topic == "sure-tricks"
