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
from batak_core.i18n import _, active_locale, ngettext
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
    if wait >= timedelta(days=1):
        count = round(wait / timedelta(days=1))
        return ngettext("in {n} day", "in {n} days", count).format(n=count)
    if wait >= timedelta(hours=1):
        count = round(wait / timedelta(hours=1))
        return ngettext("in {n} hour", "in {n} hours", count).format(n=count)
    if wait >= timedelta(minutes=1):
        count = round(wait / timedelta(minutes=1))
        return ngettext("in {n} minute", "in {n} minutes", count).format(n=count)
    return _("in less than a minute")


def when_text(moment: datetime) -> str:
    """A date and time in the learner's time zone as the active language writes it: "07 December, 14:05"."""
    local = moment.astimezone()
    if active_locale() == "en":
        return local.strftime("%d %B, %H:%M")
    from babel.dates import format_datetime

    return format_datetime(local, "dd MMMM, HH:mm", locale=active_locale())


class PracticeQuestion(Quiz):
    """One question on a missed quiz topic; its answer reschedules the topic."""

    def __init__(self, topic: str, rules: RuleSet, seed: int, clock: Clock,
                 on_done: Callable[[bool], None]) -> None:
        self.clock, self.on_done = clock, on_done
        super().__init__(topic, rules, seed)
        said = _("A quiz topic you missed: {topic}").format(topic=topics.title(topic))
        title = w.HTML(f'<div class="batak-panel-title">{escape(said)}</div>')
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
        self.next_button = control(_("Next item"), _("The next item that is due"), "batak-next-item")
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
        more = len(due) - 1
        if kind == PUZZLE:
            self.board.show_puzzle(self.pool[name])
            self.item = self.board
            self.status.value = (ngettext("<b>A puzzle you missed</b>, again, unrated ({n} more after this one).",
                                          "<b>A puzzle you missed</b>, again, unrated ({n} more after this one).",
                                          more).format(n=more)
                                 if more else _("<b>A puzzle you missed</b>, again, unrated."))
        else:
            self.item = PracticeQuestion(name, self.rules, derive_seed(self.seed, self.shown), self.clock,
                                         self._answered)
            self.status.value = (ngettext("<b>A question on a topic you missed</b> ({n} more after this one).",
                                          "<b>A question on a topic you missed</b> ({n} more after this one).",
                                          more).format(n=more)
                                 if more else _("<b>A question on a topic you missed</b>."))
        self.shown += 1
        self.area.children = (self.item,)

    def _nothing_due(self) -> str:
        items = load_progress().practice.items()
        if not items:
            return _("<b>Nothing to practise yet.</b> Puzzles and quiz questions you miss come back here, "
                     "a little later each time you get them right.")
        now = self.clock()
        # Translators: {when} is "in 8 minutes", "in 3 hours"; {date} a date and time, "07 December, 14:05".
        return _("<b>Nothing is due now.</b> The next item comes back {when} ({date}).").format(
            when=how_soon(items[0].due, now), date=when_text(items[0].due))

    def _answered(self, _right: bool) -> None:
        """The item is rescheduled: offer the next one, or say none is due."""
        more = bool(self.due())
        show(self.next_button, more)
        if not more:
            self.status.value += " " + self._nothing_due()
