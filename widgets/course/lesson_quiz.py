"""A lesson's quiz: rounds of questions on the lesson's topics (``teaching.rounds``), each first
answer saved as progress (and for spaced practice), and each finished round counted.
"""


from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from html import escape

import ipywidgets as w

from batak_core import RuleSet
from batak_core.i18n import _, ngettext
from batak_core.shuffle import new_seed
from batak_core.teaching import drills
from batak_core.teaching.lessons import LESSONS_BY_ID
from batak_core.teaching.rounds import QuizRound
from batak_core.teaching.topics import TOPICS

from ..quiz import Quiz
from ..style import control, set_classes, show, style_widget
from .page import course_style, current_rules, load_progress


class LessonQuiz(Quiz):
    """Rounds of ``count`` questions on a lesson's topics, each first answer saved to the progress file.

    The round (``QuizRound``) takes turns between the topics' kinds of question and never repeats
    one; "New questions" starts a fresh round from a new seed.
    """

    def __init__(self, lesson: str, topics: Sequence[str] = (), count: int = 5, rules: RuleSet | None = None,
                 seed: int | None = None) -> None:
        if lesson not in LESSONS_BY_ID:
            raise ValueError(f"unknown lesson {lesson!r}; the lessons are: {', '.join(LESSONS_BY_ID)}")
        self.lesson = lesson
        self.topics = tuple(topics) or LESSONS_BY_ID[lesson].topics
        unknown = [t for t in self.topics if t not in TOPICS]
        if unknown or not self.topics:
            raise ValueError(f"unknown quiz topic(s) {unknown}; choose from: {', '.join(TOPICS)}")
        if count < 1:
            raise ValueError("a round has at least one question")
        self.count = count
        self.saving_problem: str | None = None
        self.round: QuizRound | None = None
        super().__init__(self.topics[0], rules or current_rules(), seed)
        self.next_button = control(_("Next question"), _("The next question of this round"), "batak-next-question")
        self.next_button.on_click(lambda _b: self.new_question())
        self.new_round_button = control(_("New questions"),
                                        ngettext("A new round of {n} question", "A new round of {n} questions",
                                                 count).format(n=count),
                                        "batak-new-question")
        self.new_round_button.on_click(lambda _b: self.new_round())
        self.note = w.HTML()
        set_classes(self.note, ("batak-quiz-note",))
        footer = w.HBox([self.next_button, self.new_round_button, self.tally], layout=w.Layout(align_items="center"))
        # Translators: {title} is the lesson's title.
        heading = _("Quiz: {title}").format(title=_(LESSONS_BY_ID[lesson].title))
        # Translators: {rules} is a rule book's name ("classic"), in bold.
        judged = _("Judged by the engine under the {rules} rules (change them on the start page).").format(
            rules=f"<b>{self.rules.name}</b>")
        title = w.HTML(f'<div class="batak-panel-title">{heading}</div><div class="batak-quiz-rules">{judged}</div>')
        # the topic chooser and the single "New question" button give way to the round's controls
        self.children = (style_widget(), course_style(), title, *self.body, footer, self.note)
        set_classes(self, ("batak-lesson-quiz",))
        self._update_buttons()

    def ask(self, seed: int) -> drills.Question:
        """The round's next question (the round is the quiz's seed's: ``seed`` is not needed)."""
        if self.round is None or self.round.seed != self.seed:
            self.round = QuizRound(self.topics, self.rules, self.seed, self.count)
        return self.round.question(self.asked)

    def new_question(self) -> None:
        if self.asked >= self.count:
            return
        super().new_question()
        assert self.question is not None
        number = _("Question {number} of {count}.").format(number=self.asked, count=self.count)
        self.prompt.value = f"<b>{number}</b> {escape(self.question.prompt, quote=False)}"
        if hasattr(self, "next_button"):
            self._update_buttons()

    def new_round(self) -> None:
        """Five (``count``) new questions from a fresh seed; the tally starts again."""
        self.seed, self.asked, self.right, self.answered = new_seed(), 0, 0, 0
        self.round = None
        self.note.value = ""
        self.new_question()

    def answer(self, value: object) -> drills.Result | None:
        result = super().answer(value)
        if result is not None:
            self._update_buttons()
        return result

    def judged(self, result: drills.Result) -> None:
        """Save the answer, and the round once it is complete, before any feedback shows, so leaving
        right after seeing it loses nothing; the answer also goes to spaced practice, so a missed
        topic comes back on the Practice page."""
        assert self.question is not None
        progress = load_progress()
        progress.record(self.lesson, result.correct, self.question.topic)
        progress.review_topic(self.question.topic, result.correct, datetime.now(UTC))
        if self.asked >= self.count:
            progress.finish_round(self.lesson, self.right + result.correct, self.count)
        self.saving_problem = progress.problem

    def _update_buttons(self) -> None:
        done = self.result is not None and self.asked >= self.count
        show(self.next_button, not done)
        self.next_button.disabled = self.result is None
        toggle = ("batak-emphasis",) if done else ()
        set_classes(self.new_round_button, toggle, () if done else ("batak-emphasis",))
        notes = []
        if done:
            complete = _("Round complete: {right} of {count} right.").format(right=self.right, count=self.count)
            # Translators: "New questions" is the button's label; keep the <i> tags around it.
            notes.append(f"<b>{complete}</b> " + _("Your result is saved; the start page shows it. Press "
                                                   "<i>New questions</i> for another round."))
        if self.saving_problem:
            notes.append(f'<span class="batak-error">{escape(self.saving_problem)}</span>')
        self.note.value = "<br>".join(notes)
