"""The Puzzles and Practice pages' widgets driven by clicks: the puzzle trainer, spaced practice,
the bidding trainer, and the lesson quiz feeding practice. Every answer comes from the shipped
puzzles and the engine (``teaching.puzzles.Solve`` judges, the solver valued the cards)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

import batak_core as bc
from batak_core import Card
from batak_core.teaching import drills, puzzles
from batak_core.teaching.progress import Progress
from widgets.course.bidding_trainer import BiddingTrainer, likely_range
from widgets.course.lesson_quiz import LessonQuiz
from widgets.course.practice import PracticePage, PracticeQuestion
from widgets.course.puzzles import PuzzleBoard, PuzzleTrainer, badge

T0 = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
MINIOKEY = bc.preset("miniokey")


@pytest.fixture(autouse=True)
def progress_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.json"
    monkeypatch.setenv("BATAK_PROGRESS", str(path))
    return path


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: datetime = T0) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def walk(puzzle: puzzles.Puzzle) -> list[tuple[Card, dict[Card, int]]]:
    """The learner's right cards, decision by decision, with every legal card's value there."""
    attempt, steps, index = puzzles.Solve(puzzle), [], 0
    while not attempt.done:
        verdict = attempt.play(puzzle.line[index])
        assert verdict.correct
        steps.append((puzzle.line[index], dict(verdict.values)))
        index += 1 + len(verdict.replies)
    return steps


@cache
def miniokey_puzzles() -> list[puzzles.Puzzle]:
    """Puzzles from the generator (a second of bot deals), so these tests do not hang on the data file."""
    return list(puzzles.generate("miniokey", "ihaleli", 16, seed=0)[0])


def with_a_wrong_card() -> tuple[puzzles.Puzzle, Card, Card]:
    """A shipped puzzle, its right first card and a card that loses a trick there."""
    for puzzle in miniokey_puzzles():
        right, values = walk(puzzle)[0]
        wrong = [c for c, v in sorted(values.items()) if v < 0]
        if wrong:
            return puzzle, right, wrong[0]
    raise AssertionError("no shipped puzzle has a losing card at its first decision")


def multi_move() -> puzzles.Puzzle:
    return next(p for p in miniokey_puzzles() if p.moves() >= 2)


def trainer_on(puzzle: puzzles.Puzzle, clock: Clock | None = None) -> PuzzleTrainer:
    return PuzzleTrainer(MINIOKEY, pool=[puzzle], seed=1, clock=clock or Clock())


def solve_by_clicking(board: PuzzleBoard, puzzle: puzzles.Puzzle) -> None:
    for card, _values in walk(puzzle):
        board.button(card).click()


def test_a_right_card_solves_the_puzzle_and_moves_the_rating_up() -> None:
    puzzle = next(p for p in miniokey_puzzles() if p.moves() == 1)
    trainer = trainer_on(puzzle)
    assert "batak-puzzle-trainer" in trainer._dom_classes
    assert f"Puzzle rating <b>{round(puzzle.rating)}</b>" in trainer.board.heading.value
    assert "Your puzzle rating: <b>1500</b> (rated)" in trainer.board.rating.value
    solve_by_clicking(trainer.board, puzzle)
    assert "batak-correct" in trainer.feedback._dom_classes and "Solved" in trainer.feedback.value
    progress = Progress.load()
    assert progress.attempts == {puzzle.id: True}
    assert progress.rating.rating > 1500
    assert f"1500 → {round(progress.rating.rating)}" in trainer.board.rating.value
    assert all(b.disabled for b in trainer.board.buttons)


def test_a_wrong_card_fails_and_shows_every_cards_value_with_the_right_card_marked() -> None:
    puzzle, right, wrong = with_a_wrong_card()
    trainer = trainer_on(puzzle)
    legal = set(puzzles.Solve(puzzle).legal())
    for button in trainer.board.buttons:
        if button.card is not None:
            assert button.disabled == (button.card not in legal)
            assert {f"batak-card-{button.card.code}", "batak-card"} <= set(button._dom_classes)
    trainer.board.button(wrong).click()
    assert "batak-wrong" in trainer.feedback._dom_classes
    _card, values = walk(puzzle)[0]
    for card, value in values.items():
        assert trainer.board.badge_of(card).endswith(f">{badge(value)}</span>")
    assert badge(0) == "=" and badge(-2) == "−2"
    assert "batak-right" in trainer.board.button(right)._dom_classes
    assert "batak-wrong-pick" in trainer.board.button(wrong)._dom_classes
    progress = Progress.load()
    assert progress.attempts == {puzzle.id: False} and progress.rating.rating < 1500
    assert f"puzzle:{puzzle.id}" in progress.practice.missed()
    with pytest.raises(ValueError, match="this try is over"):
        trainer.board.play(right)


def test_a_longer_puzzle_shows_the_replies_and_asks_for_the_next_card() -> None:
    puzzle = multi_move()
    trainer = trainer_on(puzzle)
    steps = walk(puzzle)
    assert f"{puzzle.moves()} cards in a row" in trainer.board.heading.value
    first, _values = steps[0]
    trainer.board.button(first).click()
    assert "batak-correct" in trainer.feedback._dom_classes
    assert "next card" in trainer.feedback.value and "The others reply" in trainer.feedback.value
    assert first not in [b.card for b in trainer.board.buttons if b.layout.display != "none"]
    assert Progress.load().attempts == {}  # nothing is saved until the puzzle is over
    for card, _values in steps[1:]:
        trainer.board.button(card).click()
    assert "Solved" in trainer.feedback.value
    assert Progress.load().attempts == {puzzle.id: True}


def test_only_the_first_try_counts() -> None:
    puzzle, _right, wrong = with_a_wrong_card()
    trainer = trainer_on(puzzle)
    trainer.board.button(wrong).click()
    after_miss = Progress.load().rating
    trainer.again_button.click()
    assert "does not count" in trainer.board.heading.value
    solve_by_clicking(trainer.board, puzzle)
    assert "Solved" in trainer.feedback.value
    progress = Progress.load()
    assert progress.rating == after_miss and progress.attempts == {puzzle.id: False}
    assert "does not count" in trainer.board.rating.value
    assert f"stays <b>{round(after_miss.rating)}</b>" in trainer.board.rating.value


def test_an_unrated_try_never_changes_the_rating() -> None:
    puzzle, _right, wrong = with_a_wrong_card()
    trainer = trainer_on(puzzle)
    trainer.mode.value = "Unrated"
    assert "unrated" in trainer.board.rating.value
    trainer.board.button(wrong).click()
    progress = Progress.load()
    assert progress.rating.rating == 1500 and progress.attempts == {puzzle.id: False}
    assert "stays <b>1500</b>" in trainer.board.rating.value


def test_the_theme_filter_and_the_choice_near_the_rating() -> None:
    trainer = PuzzleTrainer(MINIOKEY, pool=miniokey_puzzles(), seed=3, clock=Clock())
    assert trainer.variant.value == "ihaleli"
    assert trainer.theme.options[0] == ("any theme", "")
    label, theme = trainer.theme.options[1]
    assert label == puzzles.THEME_TITLES[theme]
    trainer.theme.value = theme
    for _ in range(5):
        assert theme in trainer.puzzle.themes and trainer.puzzle.preset == "miniokey"
        nearest = sorted(trainer.candidates(), key=lambda p: abs(p.rating - 1500))[:8]
        assert abs(trainer.puzzle.rating - 1500) <= abs(nearest[-1].rating - 1500)
        trainer.next_button.click()
    trainer.theme.value = ""
    assert len(trainer.candidates()) == len(miniokey_puzzles())


def test_next_puzzle_never_brings_back_one_left_unfinished() -> None:
    """Regression: a puzzle left after its first right card was never saved as tried, so "Next
    puzzle" could bring the same one straight back."""
    longer = [p for p in miniokey_puzzles() if p.moves() >= 2]
    trainer = PuzzleTrainer(MINIOKEY, pool=longer[:2], seed=1, clock=Clock())
    first = trainer.puzzle
    trainer.board.button(walk(first)[0][0]).click()
    trainer.next_button.click()
    assert trainer.puzzle != first


def test_the_shipped_puzzles_of_every_form_of_the_learners_game_starting_with_ihaleli() -> None:
    trainer = PuzzleTrainer(bc.preset("turkish"), seed=5, clock=Clock())
    assert trainer.variant.value == "ihaleli" and trainer.puzzle.variant == "ihaleli"
    assert [label for label, _value in trainer.variant.options] == ["İhaleli", "Koz Maça", "Eşli", "Gömmeli"]
    trainer.variant.value = "koz_maca"
    assert (trainer.puzzle.preset, trainer.puzzle.variant) == ("turkish", "koz_maca")
    assert "You announced" in trainer.board.heading.value
    assert "(declarer)" not in trainer.board.table.value  # Koz Maça has none
    themes = {t for p in puzzles.load() if (p.preset, p.variant) == ("turkish", "koz_maca") for t in p.themes}
    assert {value for _label, value in trainer.theme.options} == {"", *themes}


def test_the_trainer_refuses_rules_without_puzzles() -> None:
    with pytest.raises(ValueError, match="no puzzles under the classic rules"):
        PuzzleTrainer(bc.preset("classic"), pool=miniokey_puzzles()[:3])


# --- what a click sends to the page (every message is a round of work in the browser) ------------

Sent = list[tuple[w.Widget, dict[str, Any]]]


@pytest.fixture()
def sent(monkeypatch: pytest.MonkeyPatch) -> Sent:
    """Every widget state update sent to the page, in order: (widget, the state it carries)."""
    messages: Sent = []
    original = w.Widget._send

    def record(widget: w.Widget, msg: dict[str, Any], buffers: object = None) -> None:
        if msg.get("method") == "update":
            messages.append((widget, msg["state"]))
        original(widget, msg, buffers)

    monkeypatch.setattr(w.Widget, "_send", record)
    return messages


def board_widgets(board: PuzzleBoard) -> set[int]:
    """The board's widgets that change with the position (cards, badges, their layouts, the table)."""
    widgets: list[w.Widget] = [board.table, *board.buttons, *board.badges, *board.hand_row.children]
    return {id(x) for x in widgets} | {id(x.layout) for x in widgets}


@pytest.mark.parametrize("answer", ["wrong", "right, more to find", "solved"])
def test_the_verdict_goes_in_one_message_before_the_board_changes(sent: Sent, answer: str) -> None:
    """The page shows the verdict as soon as its one message arrives, whatever the board still redraws."""
    if answer == "wrong":
        puzzle, _right, card = with_a_wrong_card()
    else:
        puzzle = multi_move() if answer == "right, more to find" else next(
            p for p in miniokey_puzzles() if p.moves() == 1)
        card = walk(puzzle)[0][0]
    trainer = trainer_on(puzzle)
    sent.clear()
    trainer.board.button(card).click()
    feedback = [i for i, (widget, _state) in enumerate(sent) if widget is trainer.feedback]
    assert len(feedback) == 1 and set(sent[feedback[0]][1]) == {"value", "_dom_classes"}
    board = board_widgets(trainer.board)
    assert not [state for widget, state in sent[:feedback[0]] if id(widget) in board]


def test_a_right_card_resends_only_the_cards_that_change(sent: Sent) -> None:
    """Each card stays on its button for the whole try: playing one hides its button and changes
    only the buttons that become playable or not, each in one message."""
    puzzle = multi_move()
    trainer = trainer_on(puzzle)
    board = trainer.board
    first = walk(puzzle)[0][0]
    placed = {b.card: b for b in board.buttons if b.card is not None}
    sent.clear()
    board.button(first).click()
    assert {b.card: b for b in board.buttons if b.card is not None} == {c: placed[c] for c in placed if c != first}
    buttons = [widget for widget, _state in sent if widget in board.buttons]
    assert len(buttons) == len(set(map(id, buttons)))
    assert not [state for widget, state in sent if widget in board.buttons and "description" in state]


def test_a_new_puzzle_names_itself_last_once_its_board_is_drawn(sent: Sent) -> None:
    """The puzzle's id (in the heading) shows only when the cards under it are the new puzzle's."""
    trainer = PuzzleTrainer(MINIOKEY, pool=miniokey_puzzles(), seed=2, clock=Clock())
    sent.clear()
    trainer.next_button.click()
    assert sent[-1][0] is trainer.board.heading and trainer.puzzle.id in sent[-1][1]["value"]
    assert [widget for widget, _state in sent].count(trainer.board.heading) == 1


# --- practice ----------------------------------------------------------------------------------


def test_nothing_due_says_so_and_when_the_next_item_comes_back() -> None:
    clock = Clock()
    page = PracticePage(MINIOKEY, pool=miniokey_puzzles(), clock=clock, seed=1)
    assert "batak-practice-page" in page._dom_classes
    assert "Nothing to practise yet" in page.status.value and page.area.children == ()
    Progress.load().review_topic("winner", False, T0)
    page.show_next()
    assert "Nothing is due now" in page.status.value and "in 1 minute" in page.status.value


def test_a_missed_quiz_topic_comes_back_and_answering_reschedules_it() -> None:
    quiz = LessonQuiz("winner", seed=9)
    question = quiz.question
    assert isinstance(question, drills.TrickWinnerQuestion)
    quiz.card_button(next(c for c in question.trick if c != question.answer)).click()
    item = Progress.load().practice.item("topic:winner")
    assert item is not None and item.misses == 1
    clock = Clock(item.due + timedelta(seconds=1))
    page = PracticePage(MINIOKEY, pool=miniokey_puzzles(), clock=clock, seed=2)
    assert isinstance(page.item, PracticeQuestion) and page.item.topic.value == "winner"
    asked = page.item.question
    assert isinstance(asked, drills.TrickWinnerQuestion)
    page.item.card_button(asked.answer).click()
    again = Progress.load().practice.item("topic:winner")
    assert again is not None and again.reviews == 2 and again.due > clock.now
    assert "Nothing is due now" in page.status.value


def test_a_right_quiz_answer_on_a_topic_never_missed_is_not_kept() -> None:
    quiz = LessonQuiz("winner", seed=9)
    assert isinstance(quiz.question, drills.TrickWinnerQuestion)
    quiz.card_button(quiz.question.answer).click()
    assert len(Progress.load().practice) == 0


def test_a_missed_puzzle_comes_back_unrated_and_a_solve_reschedules_it() -> None:
    puzzle, _right, wrong = with_a_wrong_card()
    trainer_on(puzzle).board.button(wrong).click()
    rating = Progress.load().rating
    item = Progress.load().practice.item(f"puzzle:{puzzle.id}")
    assert item is not None
    clock = Clock(item.due + timedelta(seconds=1))
    page = PracticePage(MINIOKEY, pool=miniokey_puzzles(), clock=clock, seed=1)
    assert page.item is page.board and page.board.puzzle == puzzle and not page.board.rated
    solve_by_clicking(page.board, puzzle)
    progress = Progress.load()
    assert progress.rating == rating
    reviewed = progress.practice.item(f"puzzle:{puzzle.id}")
    assert reviewed is not None and reviewed.reviews == 2 and reviewed.due > clock.now


def test_due_items_come_in_due_order_a_topic_then_a_puzzle() -> None:
    puzzle, _right, wrong = with_a_wrong_card()
    Progress.load().review_topic("follow", False, T0)
    trainer_on(puzzle, Clock(T0 + timedelta(seconds=30))).board.button(wrong).click()
    clock = Clock(T0 + timedelta(hours=1))
    page = PracticePage(MINIOKEY, pool=miniokey_puzzles(), clock=clock, seed=1)
    assert isinstance(page.item, PracticeQuestion) and "1 more after this one" in page.status.value
    asked = page.item.question
    assert asked is not None
    page.item.answer([] if not isinstance(asked, drills.LegalCardsQuestion) else sorted(asked.answer))
    assert page.next_button.layout.display != "none"
    page.next_button.click()
    assert page.item is page.board and page.board.puzzle == puzzle


# --- the bidding trainer -----------------------------------------------------------------------


def test_the_bidding_trainer_shows_the_distribution_and_judges_the_guess() -> None:
    trainer = BiddingTrainer(preset="miniokey", seed=4)
    assert "batak-bidding-trainer" in trainer._dom_classes
    hand = trainer.hand
    assert hand.trump.plural in trainer.question.value and "batak-face" in trainer.hand_view.value
    low, high = likely_range(dict(hand.distribution))
    assert trainer.answer(low) is True
    assert "Good judgement" in trainer.answer_view.value
    assert trainer.answer_view.value.count('class="batak-bar') >= len(hand.distribution)
    assert "batak-likely" in trainer.answer_view.value and "batak-guessed" in trainer.answer_view.value
    trainer.next_button.click()
    low, high = likely_range(dict(trainer.hand.distribution))
    outside = high + 1 if high < len(trainer.hand.hand) else low - 1
    trainer.number_button(outside).click()
    assert "Not quite" in trainer.answer_view.value and "batak-wrong" in trainer.answer_view._dom_classes
    with pytest.raises(ValueError, match="a guess is a number of tricks"):
        trainer.answer(99)


def test_the_likely_range_is_the_middle_two_thirds() -> None:
    assert likely_range({5: 0.1, 6: 0.2, 7: 0.4, 8: 0.2, 9: 0.1}) == (6, 8)
    assert likely_range({7: 1.0}) == (7, 7)
