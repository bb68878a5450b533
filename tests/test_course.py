"""The course pages' building blocks: quizzes that save progress, the start page, the demos."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import batak_core as bc
from batak_core.teaching import drills, topics
from batak_core.teaching.examples import EDGE_CASES, PLAY_EXAMPLES, SCORE_EXAMPLES
from batak_core.teaching.progress import Progress
from batak_core.teaching.rounds import QuizRound
from widgets import course

LESSONS_DIR = Path(__file__).resolve().parents[1] / "lessons"


@pytest.fixture(autouse=True)
def progress_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.json"
    monkeypatch.setenv("BATAK_PROGRESS", str(path))
    return path


def right_answer(question: drills.Question) -> object:
    if isinstance(question, drills.LegalCardsQuestion):
        return sorted(question.answer)
    if isinstance(question, drills.PlayQuestion):
        return min(question.answer)
    return question.answer if not isinstance(question, drills.ScoreQuestion) else list(question.answer)


def test_every_lesson_has_its_notebook_and_valid_topics() -> None:
    for lesson in course.LESSONS:
        assert (LESSONS_DIR / lesson.file).exists(), lesson.file
        assert lesson.topics and all(t in topics.TOPICS for t in lesson.topics)
        text = (LESSONS_DIR / lesson.file).read_text(encoding="utf-8")
        assert f"LessonQuiz('{lesson.id}'" in text, f"{lesson.file} has no quiz for {lesson.id}"
    assert (LESSONS_DIR / "00_start_here.ipynb").exists()


def test_a_round_is_five_questions_and_records_each_first_answer(progress_file: Path) -> None:
    quiz = course.LessonQuiz("following", seed=5)
    assert quiz.rules.name == "miniokey"
    for number in range(1, 6):
        assert f"Question {number} of 5." in quiz.prompt.value
        assert quiz.next_button.disabled
        assert quiz.question is not None
        quiz.answer(right_answer(quiz.question))
        quiz.answer(right_answer(quiz.question))  # a second answer does not count
        quiz.next_button.click()
    assert quiz.asked == 5  # "Next" stops at the round's end
    assert quiz.next_button.layout.display == "none"
    assert "Round complete: 5 of 5 right" in quiz.note.value
    assert "batak-emphasis" in quiz.new_round_button._dom_classes
    assert Progress.load().result("following").correct == 5
    saved = json.loads(progress_file.read_text())
    assert saved["lessons"]["following"] == {"answered": 5, "correct": 5, "rounds": 1, "completed": True}

    quiz.new_round_button.click()
    assert quiz.asked == 1 and quiz.answered == 0 and "Question 1 of 5." in quiz.prompt.value
    assert quiz.note.value == ""


def test_an_answer_is_saved_before_its_feedback_reaches_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: the feedback went to the page first and the answer was saved after it, so a
    learner who saw "Right!" and left at once (the page shuts its kernel down) lost the answer."""
    quiz = course.LessonQuiz("following", seed=5)
    shown_when_saved: list[str] = []
    original = Progress.record

    def record(progress: Progress, *args: object) -> None:
        shown_when_saved.append(quiz.feedback.value)
        original(progress, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Progress, "record", record)
    assert quiz.question is not None
    quiz.answer(right_answer(quiz.question))
    assert shown_when_saved == [""], "nothing was on the page yet when the answer was saved"
    assert "Right!" in quiz.feedback.value


def test_wrong_answers_are_saved_as_wrong_and_feedback_names_the_rule() -> None:
    quiz = course.LessonQuiz("winner", seed=9)
    question = quiz.question
    assert isinstance(question, drills.TrickWinnerQuestion)
    loser = next(c for c in question.trick if c != question.answer)
    quiz.card_button(loser).click()
    assert "batak-wrong" in quiz.feedback._dom_classes and "rule:" in quiz.feedback.value
    assert Progress.load().result("winner").answered == 1
    assert Progress.load().result("winner").correct == 0


def test_the_quiz_asks_its_rounds_questions_and_the_same_seed_the_same() -> None:
    quiz = course.LessonQuiz("cards", seed=3)
    round_ = QuizRound(course.LESSONS_BY_ID["cards"].topics, quiz.rules, 3)
    for index in range(5):
        assert quiz.question == round_.question(index)
        quiz.answer(right_answer(quiz.question))
        quiz.next_button.click()
    assert len({round_.slot(i) for i in range(5)}) == 4  # every kind of the lesson's two topics
    assert [round_.slot(i)[0] for i in range(4)] == ["ranks", "play-order", "ranks", "play-order"]
    assert course.LessonQuiz("cards", seed=3).question == course.LessonQuiz("cards", seed=3).question
    quiz.new_round_button.click()
    assert quiz.round is not None and quiz.round.seed == quiz.seed != 3
    assert quiz.question == QuizRound(quiz.topics, quiz.rules, quiz.seed).question(0)


def test_a_finished_round_is_counted_once_before_its_last_feedback_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    quiz = course.LessonQuiz("winner", seed=4)
    rounds: list[tuple[object, ...]] = []
    original = Progress.finish_round

    def finish_round(progress: Progress, lesson: str, right: int, count: int) -> None:
        rounds.append((lesson, right, count, quiz.feedback.value))
        original(progress, lesson, right, count)

    monkeypatch.setattr(Progress, "finish_round", finish_round)
    for index in range(5):
        assert quiz.question is not None
        if index == 1:
            assert isinstance(quiz.question, drills.TrickWinnerQuestion)
            quiz.answer(next(c for c in quiz.question.trick if c != quiz.question.answer))
        else:
            quiz.answer(right_answer(quiz.question))
        assert rounds == ([] if index < 4 else [("winner", 4, 5, "")])  # saved before the feedback
        quiz.answer(right_answer(quiz.question))  # a second answer changes nothing
        quiz.next_button.click()
    assert "Round complete: 4 of 5 right" in quiz.note.value
    result = Progress.load().result("winner")
    assert (result.rounds, result.completed, result.answered, result.correct) == (1, True, 5, 4)


def test_a_corrupt_or_unwritable_progress_file_never_breaks_a_lesson(progress_file: Path) -> None:
    progress_file.write_text("{not json")
    page = course.StartPage()
    assert "damaged progress file" in page.notice.value
    quiz = course.LessonQuiz("scoring", seed=1)
    assert quiz.question is not None
    quiz.answer(right_answer(quiz.question))
    assert Progress.load().result("scoring").correct == 1  # the file is whole again

    progress_file.unlink()
    progress_file.mkdir()  # a directory where the file should be: reading and saving fail
    quiz = course.LessonQuiz("scoring", seed=2)
    assert quiz.question is not None
    quiz.answer(right_answer(quiz.question))
    assert "could not" in quiz.note.value
    assert "could not read" in course.StartPage().notice.value


def test_the_start_page_lists_every_lesson_with_progress_and_saves_the_rule_set() -> None:
    Progress.load().record("auction", True)
    page = course.StartPage()
    for lesson in course.LESSONS:
        assert f'href="{lesson.file}"' in page.menu.value
    lessons = page.menu.value.split('data-lesson="puzzles"')[0]  # the rows of the lessons
    assert "1 of 1 right" in lessons and lessons.count("not started") == len(course.LESSONS) - 1
    assert "Lowest bid: 5." in page.rules_note.value
    page.chooser.value = "gamelake"
    assert Progress.load().preset == "gamelake"
    assert course.current_rules().name == "gamelake"
    assert "Lowest bid: 4." in page.rules_note.value
    assert course.LessonQuiz("auction", seed=1).rules.name == "gamelake"


def test_unknown_lessons_and_topics_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown lesson"):
        course.LessonQuiz("nope")
    with pytest.raises(ValueError, match="unknown quiz topic"):
        course.LessonQuiz("cards", topics=["nope"])


def test_worked_examples_match_the_sources() -> None:
    text = repr(course.play_examples(*PLAY_EXAMPLES, *EDGE_CASES))
    assert "DIFFERS" not in text
    assert "Anna has no clubs and must overtrump" in text
    scores = repr(course.score_examples())
    assert "DIFFERS" not in scores and len(scores.splitlines()) == len(SCORE_EXAMPLES)
    assert "Tricks [8, 3, 2, 0] -> +71 +30 +20 -70" in scores
    assert repr(course.winner_of("9C QC 3H 7H", "H")).endswith("7♥ wins")
    assert repr(course.rank_ladder()).startswith("highest to lowest: A♠ K♠ Q♠ J♠ 10♠ 9♠")
    outcomes = repr(course.all_pass_outcomes())
    assert "danish: The cards are thrown in" in outcomes
    assert "gamelake: After three passes the dealer may not pass" in outcomes


def test_worked_play_judges_clicks_with_the_engine() -> None:
    demo = course.WorkedPlay(PLAY_EXAMPLES[0])
    demo.picker.pick("3S")
    assert "cannot be played" in demo.picker.message.value
    demo.picker.pick("KS")
    assert "K♠ may be played" in demo.picker.message.value


def test_the_demos_answer_clicks() -> None:
    auction = course.AuctionDemo(seed=4)
    auction.panel.pass_button.click()
    assert "won the auction" in auction.outcome.value or "Everyone passed" in auction.outcome.value
    trump = course.TrumpDemo(seed=4)
    trump.picker.buttons[bc.Suit.SPADES].click()
    assert "Spades are trump" in trump.outcome.value
    trick = course.TrickDemo()
    assert "7♥ wins" in trick.view.value
    trick.trump.value = ""
    assert "Q♣ wins" in trick.view.value
    trick.again.click()
    assert "wins" in trick.view.value
    calc = course.ScoreCalculator()
    assert "+80" in calc.view.value and "+71" in calc.view.value
    calc.tricks[0].value = 9
    assert "add up to 14" in calc.view.value
    hand = course.HandDemo(seed=2, sure=True)
    first = hand.view.value
    hand.deal_button.click()
    assert hand.view.value != first and "sure trick" in hand.view.value


def test_course_questions_are_checked_by_the_engine() -> None:
    for topic in ("ranks", "play-order", "trump-choice", "sure-tricks", "trumps-out"):
        for seed in range(20):
            question = topics.question(topic, bc.preset("turkish"), seed)
            assert question.check(right_answer(question)).correct
            assert question.rule
    with pytest.raises(ValueError, match="unknown topic"):
        topics.question("nope")


# --- regression tests: one rule per idea, shown by the lessons as the engine computes it ----------


def test_lesson_all_pass_text_is_the_engines_all_pass_outcome() -> None:
    assert not hasattr(course, "all_pass_text")
    outcomes = repr(course.all_pass_outcomes())
    for name, rules in bc.PRESETS.items():
        assert f"{name}: {bc.all_pass_outcome(rules).text}" in outcomes


def test_lesson_bid_count_is_the_hints_count() -> None:
    from batak_core.ai.bots.evaluate import best_trump, estimate_by_suit

    demo = course.HandDemo(seed=2, sure=True)
    for _ in range(3):
        hand = bc.cards.mask_of(demo.hand)
        trump, estimate = best_trump(hand)
        assert f"about <b>{estimate:.1f}</b> tricks" in demo.view.value
        for suit, part in estimate_by_suit(hand, int(trump)).items():
            assert f"{part:.1f} counted" in demo.view.value, suit
        demo.deal_button.click()


def test_trump_demo_judges_by_the_engines_longest_suit() -> None:
    from batak_core.cards import longest_suit, mask_of

    demo = course.TrumpDemo(seed=4)
    best = longest_suit(mask_of(demo.deal.hand(0)))
    demo.picker.buttons[best].click()
    assert "Your longest suit" in demo.outcome.value


def test_trick_line_says_broken_when_a_ruff_in_the_trick_broke_it() -> None:
    overtrump = PLAY_EXAMPLES[5]  # Anna: 9♣ Q♣ 3♥ on the table, hearts trump
    assert any(c.suit == overtrump.trump for c in overtrump.trick) and not overtrump.trump_broken
    html = course.play_examples(overtrump).html
    assert "(broken)" in html and "not broken yet" not in html
    demo = course.WorkedPlay(overtrump)
    assert "(broken)" in demo.trick.value and "not broken yet" not in demo.trick.value
    lead = EDGE_CASES[3]  # on lead, nothing in the trick: not broken yet
    assert "not broken yet" in course.play_examples(lead).html
