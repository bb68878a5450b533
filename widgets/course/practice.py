"""The Practice page: missed puzzles and missed quiz topics come back when their spaced-practice
schedule (``teaching.practice``, kept in the learner's progress) says they are due, mixed in due
order; each answer reschedules its item. And the bidding trainer: how many tricks a hand takes as
declarer, answered by the double-dummy results over many layouts of the other hands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from html import escape

import ipywidgets as w

from batak_core import RuleSet
from batak_core.shuffle import derive_seed, new_seed
from batak_core.teaching import drills, puzzles, topics

from ..quiz import Quiz
from ..style import control, set_classes, show
from .page import current_rules, lesson_page, load_progress
from .puzzles import Clock, PuzzleBoard, utc_now

PUZZLE, TOPIC = "puzzle", "topic"


def how_soon(due: datetime, now: datetime) -> str:
    """When an item comes back, in words: "in 8 minutes", "in 3 hours", "in 2 days"."""
    wait = max(due - now, timedelta(0))
    for unit, size in (("day", timedelta(days=1)), ("hour", timedelta(hours=1)), ("minute", timedelta(minutes=1))):
        if wait >= size:
            count = round(wait / size)
            return f"in {count} {unit}{'s' if count != 1 else ''}"
    return "in less than a minute"


class PracticeQuestion(Quiz):
    """One question on a missed quiz topic; its answer reschedules the topic."""

    def __init__(self, topic: str, rules: RuleSet, seed: int, clock: Clock,
                 on_done: Callable[[bool], None]) -> None:
        self.clock, self.on_done = clock, on_done
        super().__init__(topic, rules, seed)
        title = w.HTML(f'<div class="batak-panel-title">A quiz topic you missed: {escape(topics.TOPICS[topic])}</div>')
        self.children = (title, *self.body)  # the page around it carries the styles and the "Next" button
        set_classes(self, ("batak-practice-question",))

    def judged(self, result: drills.Result) -> None:
        """Reschedule the topic before the feedback shows."""
        progress = load_progress()
        progress.review_topic(self.topic.value, result.correct, self.clock())

    def answer(self, value: object) -> drills.Result | None:
        result = super().answer(value)
        if result is not None:
            self.on_done(result.correct)
        return result


class PracticePage(w.VBox):
    """The items due now, one at a time, most overdue first: a missed puzzle on the puzzle board
    (unrated) or a question on a missed quiz topic under the learner's rules."""

    def __init__(self, rules: RuleSet | None = None, pool: Sequence[puzzles.Puzzle] | None = None,
                 clock: Clock = utc_now, seed: int | None = None) -> None:
        self.rules = rules or current_rules()
        self.pool = {p.id: p for p in (puzzles.load() if pool is None else pool)}
        """The puzzles it can show (the shipped ones): a missed puzzle a newer data file dropped is skipped."""
        self.clock = clock
        self.seed, self.shown = new_seed() if seed is None else seed, 0
        self.key: str | None = None
        self.status = w.HTML()
        set_classes(self.status, ("batak-practice-status",))
        self.area = w.VBox()
        set_classes(self.area, ("batak-practice-item",))
        self.next_button = control("Next item", "The next item that is due", "batak-next-item")
        self.next_button.on_click(lambda _b: self.show_next())
        self.board = PuzzleBoard(rated=False, clock=clock, on_done=self._answered)
        self.item: w.Widget | None = None
        super().__init__([self.status, self.area, self.next_button])
        lesson_page(self, "batak-panel", "batak-practice-page")
        self.show_next()

    def due(self) -> list[str]:
        """The keys due now whose puzzle or topic the course still has, most overdue first."""
        return [key for key in load_progress().practice.due(self.clock()) if self._known(key)]

    def _known(self, key: str) -> bool:
        kind, name = key.split(":", 1)
        return name in (topics.TOPICS if kind == TOPIC else self.pool)

    def show_next(self) -> None:
        """The most overdue item, or when the next one comes back."""
        due = self.due()
        show(self.next_button, False)
        if not due:
            self.key = self.item = None
            self.area.children = ()
            self.status.value = self._nothing_due()
            return
        self.key = key = due[0]
        kind, name = key.split(":", 1)
        more = f" ({len(due) - 1} more after this one)" if len(due) > 1 else ""
        if kind == PUZZLE:
            self.board.show_puzzle(self.pool[name])
            self.item = self.board
            self.status.value = f"<b>A puzzle you missed</b>, again, unrated{more}."
        else:
            self.item = PracticeQuestion(name, self.rules, derive_seed(self.seed, self.shown), self.clock,
                                         self._answered)
            self.status.value = f"<b>A question on a topic you missed</b>{more}."
        self.shown += 1
        self.area.children = (self.item,)

    def _nothing_due(self) -> str:
        items = load_progress().practice.items()
        if not items:
            return ("<b>Nothing to practise yet.</b> Puzzles and quiz questions you miss come back here, "
                    "a little later each time you get them right.")
        now = self.clock()
        return (f"<b>Nothing is due now.</b> The next item comes back {how_soon(items[0].due, now)} "
                f"({items[0].due.astimezone().strftime('%d %B, %H:%M')}).")

    def _answered(self, _right: bool) -> None:
        """The item is rescheduled: offer the next one, or say none is due."""
        more = bool(self.due())
        show(self.next_button, more)
        if not more:
            self.status.value += " " + self._nothing_due()
