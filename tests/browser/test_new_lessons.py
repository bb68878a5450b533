"""The second edition's new quiz topics as a learner meets them: each new lesson page opens in the real
app, its first question is answered right by clicking, and the engine's "Right!" comes back; a
glossary link lands on its term.

The page's quiz round is seeded (the seed is in the page's LessonQuiz cell), so the test computes the
question the page shows with the same ``QuizRound`` and answers it the way its kind is answered.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest

import batak_core as bc
from batak_core.teaching import drills
from batak_core.teaching.lessons import LESSONS_BY_ID, Lesson
from batak_core.teaching.rounds import QuizRound
from lessons.pages.page_parts import GLOSSARY_FILE, term_anchor
from tests.browser.conftest import check_cards
from tests.browser.test_app import WIDGETS_TIMEOUT, assert_clean

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NEW_TOPIC_LESSONS = ("hand-count", "auction", "leading-trump", "game-end", "variants", "house-rules", "strategy",
                     "defence")
"""The lessons whose quiz asks a topic the first edition did not have."""


def quiz_seed(lesson: Lesson) -> int:
    """The seed of the page's quiz cell, read from the page's own module."""
    module = importlib.import_module(f"lessons.pages.{lesson.id.replace('-', '_')}")
    cells = " ".join(source for _kind, source in module.page())
    found = re.search(rf"LessonQuiz\('{re.escape(lesson.id)}', seed=(\d+)\)", cells)
    assert found, f"{lesson.file} has no seeded quiz"
    return int(found.group(1))


def answer_right(quiz: Any, question: drills.Question) -> None:
    """Click the right answer, as a learner would, for each kind of question."""
    if isinstance(question, drills.LegalCardsQuestion):
        check_cards(quiz, question.answer)
    elif isinstance(question, drills.TrickWinnerQuestion):
        quiz.locator(f"button.batak-card-{question.answer.code}").click()
    elif isinstance(question, drills.PlayQuestion):
        quiz.locator(f"button.batak-card-{min(question.answer).code}").click()
    elif isinstance(question, drills.ScoreQuestion):
        boxes = quiz.locator("input[type='number']")
        for seat, points in enumerate(question.answer):
            boxes.nth(seat).fill(str(points))
            boxes.nth(seat).press("Tab")  # the value reaches the kernel when the box loses focus
        quiz.locator("button.batak-check").click()
    else:
        assert isinstance(question, drills.ChoiceQuestion)
        quiz.get_by_role("button", name=question.answer, exact=True).click()


@pytest.mark.parametrize("lesson_id", NEW_TOPIC_LESSONS)
def test_a_new_lesson_s_quiz_round_answered_right_completes_the_lesson(page: Any, app_url: str,
                                                                        lesson_id: str) -> None:
    """All five questions of the page's round (every topic of the lesson, four kinds or more), each
    answered by clicking; then the start page shows the lesson completed."""
    lesson = LESSONS_BY_ID[lesson_id]
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{app_url}/voila/render/{lesson.file}")
    quiz = page.locator(".batak-lesson-quiz")
    round_ = QuizRound(lesson.topics, bc.preset("miniokey"), quiz_seed(lesson))
    for index in range(round_.count):
        quiz.locator(".batak-prompt").get_by_text(f"Question {index + 1} of 5.").wait_for(timeout=WIDGETS_TIMEOUT)
        question = round_.question(index)
        shown = " ".join(quiz.locator(".batak-prompt").inner_text().split())
        asked = " ".join(re.sub(r"<[^>]+>", "", question.prompt).split())
        assert asked[:40] in shown, "the page asks the question the round computes"
        answer_right(quiz, question)
        quiz.locator(".batak-feedback.batak-correct").get_by_text("Right!").wait_for(timeout=20_000)
        if index + 1 < round_.count:
            quiz.locator("button.batak-next-question").click()
    assert_clean(page)
    quiz.locator(".batak-quiz-note").get_by_text("Round complete: 5 of 5 right.").wait_for(timeout=10_000)
    page.goto(f"{app_url}/")
    row = page.locator(f".batak-lesson-row[data-lesson='{lesson_id}']")
    row.get_by_text("✓ completed").wait_for(timeout=WIDGETS_TIMEOUT)


def test_a_glossary_link_lands_on_its_term(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    anchor = term_anchor("koz")
    page.goto(f"{app_url}/voila/render/{GLOSSARY_FILE}#{anchor}")
    target = page.locator(f"[id='{anchor}']")
    target.wait_for(state="attached", timeout=WIDGETS_TIMEOUT)
    page.wait_for_function(
        """id => { const e = document.getElementById(id); if (!e) return false;
                   const top = e.getBoundingClientRect().top; return top >= -2 && top < window.innerHeight / 2; }""",
        arg=anchor, timeout=20_000)
    assert_clean(page)
