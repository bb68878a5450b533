"""Quiz: one question at a time from ``batak_core.teaching.topics``, answered by clicking, judged by the engine.

The four kinds of question (pick the legal cards, pick the trick winner, enter the scores,
choose one answer) each have an input area built once and shown or hidden, so "new question"
relabels a few widgets instead of rebuilding the quiz.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

import batak_core as bc
from batak_core import Card, RuleSet
from batak_core.cards import sorted_hand
from batak_core.shuffle import derive_seed, new_seed
from batak_core.teaching import drills, topics

from .cards import CardButton, card_svg, show_cards
from .style import control, root, set_classes, show, style_widget, toggle_class


class Quiz(w.VBox):
    """Questions on ``topic`` (a key of ``batak_core.teaching.topics.TOPICS``) under ``rules``, with a tally."""

    def __init__(self, topic: str = "follow", rules: RuleSet | None = None, seed: int | None = None) -> None:
        if topic not in topics.TOPICS:
            raise ValueError(f"unknown topic {topic!r}; choose one of: {', '.join(topics.TOPICS)}")
        self.rules = rules or bc.preset(bc.DEFAULT_PRESET)
        self.seed = new_seed() if seed is None else seed
        self.asked = 0
        self.right = 0
        self.answered = 0
        self.question: drills.Question | None = None
        self.result: drills.Result | None = None
        self._selected: set[Card] = set()

        self.topic = w.Dropdown(options=[(title, key) for key, title in topics.TOPICS.items()], value=topic,
                                description="Topic")
        self.topic.observe(lambda _c: self.new_question(), "value")
        self.prompt = w.HTML()
        set_classes(self.prompt, ("batak-prompt",))
        self.context = w.HTML()
        self.cards: list[CardButton] = []
        self.card_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        set_classes(self.card_row, ("batak-hand",))
        self.score_inputs = [w.IntText(value=0, description=f"Seat {s}", layout=w.Layout(width="170px"))
                             for s in range(4)]
        self.score_row = w.HBox(self.score_inputs)
        self.choices: list[w.Button] = []
        self.choice_box = w.VBox()
        self.check_button = control("Check answer", "Let the engine check your answer", "batak-check")
        self.check_button.on_click(lambda _b: self.check())
        self.feedback = w.HTML()
        set_classes(self.feedback, ("batak-feedback",))
        self.tally = w.HTML()
        set_classes(self.tally, ("batak-tally",))
        self.new_button = control("New question", "Another question on this topic", "batak-new-question")
        self.new_button.on_click(lambda _b: self.new_question())
        answer_area = w.VBox([self.card_row, self.score_row, self.choice_box, self.check_button])
        set_classes(answer_area, ("batak-felt",))
        super().__init__([style_widget(), self.topic, self.prompt, self.context, answer_area, self.feedback,
                          w.HBox([self.new_button, self.tally], layout=w.Layout(align_items="center"))])
        root(self, "batak-panel", "batak-quiz")
        self.new_question()

    # --- asking --------------------------------------------------------------------------------

    def new_question(self) -> None:
        """The next question: the quiz's seed and a counter decide it, so a class can share a seed."""
        self.question = q = self.ask(derive_seed(self.seed, self.asked))
        self.asked += 1
        self.result = None
        self._selected = set()
        self.prompt.value = f"<b>Question {self.asked}.</b> {q.prompt}"
        self.feedback.value = ""
        set_classes(self.feedback, remove=("batak-correct", "batak-wrong"))
        self.context.value = ""
        cards: Sequence[Card] = ()
        if isinstance(q, drills.LegalCardsQuestion):
            cards = sorted_hand(q.position.hand)
            if q.position.trick:
                self.context.value = ('<div class="batak-felt">The trick so far: '
                                      + "".join(card_svg(c, scale=0.8) for c in q.position.trick) + "</div>")
        elif isinstance(q, drills.TrickWinnerQuestion):
            cards = q.trick
        self._set_cards(cards)
        self._set_choices(q.choices if isinstance(q, drills.ChoiceQuestion) else ())
        show(self.score_row, isinstance(q, drills.ScoreQuestion))
        for box in self.score_inputs:
            box.value, box.disabled = 0, False
        show(self.check_button, isinstance(q, (drills.LegalCardsQuestion, drills.ScoreQuestion)))
        self.check_button.disabled = False
        self._show_tally()

    def ask(self, seed: int) -> drills.Question:
        """The question for ``seed``: a lesson's quiz overrides this to draw on its own topics."""
        return topics.question(self.topic.value, self.rules, seed)

    def _set_cards(self, cards: Sequence[Card]) -> None:
        show_cards(self.cards, self.card_row, list(cards), self._card_clicked)
        for button in self.cards:
            button.disabled = False
            button.tooltip = button.description
            set_classes(button, remove=("batak-selected", "batak-right", "batak-wrong-pick"))
        show(self.card_row, bool(cards))

    def _set_choices(self, choices: Sequence[str]) -> None:
        while len(self.choices) < len(choices):
            button = w.Button(layout=w.Layout(width="auto"))
            set_classes(button, ("batak-control", "batak-choice"))
            button.on_click(lambda b: self.answer(b.description))
            self.choices.append(button)
            self.choice_box.children = (*self.choice_box.children, button)
        for i, button in enumerate(self.choices):
            if i < len(choices):
                button.description, button.tooltip, button.disabled = choices[i], choices[i], False
                set_classes(button, remove=("batak-right", "batak-wrong-pick"))
            show(button, i < len(choices))
        show(self.choice_box, bool(choices))

    def card_button(self, card: Card | str) -> CardButton:
        card = Card.parse(card)
        return next(b for b in self.cards if b.card == card)

    def choice_button(self, text: str) -> w.Button:
        return next(b for b in self.choices if b.description == text and b.layout.display != "none")

    # --- answering -----------------------------------------------------------------------------

    def _card_clicked(self, button: w.Button) -> None:
        assert isinstance(button, CardButton)
        if self.result is not None or button.card is None:
            return
        if isinstance(self.question, drills.TrickWinnerQuestion):
            self.answer(button.card)
            return
        self._selected ^= {button.card}
        toggle_class(button, "batak-selected", button.card in self._selected)

    def check(self) -> None:
        """Check the selected cards or the entered scores."""
        if isinstance(self.question, drills.ScoreQuestion):
            self.answer([box.value for box in self.score_inputs])
        else:
            self.answer(sorted(self._selected))

    def answer(self, value: object) -> drills.Result | None:
        """Give an answer as the buttons do; the first answer to a question is the one that counts."""
        q = self.question
        if q is None or self.result is not None:
            return None
        self.result = result = q.check(value)
        self.judged(result)  # before the page hears of it: a learner may leave once they see it
        self.answered += 1
        self.right += result.correct
        verdict = "Right!" if result.correct else "Not quite."
        expected = "" if result.correct else f"<br>The answer: <b>{result.expected}</b>."
        self.feedback.value = (f"<b>{verdict}</b> {result.explanation} "
                               f'(rule: <span class="batak-rule-id">{result.rule}</span>){expected}')
        set_classes(self.feedback, ("batak-correct" if result.correct else "batak-wrong",),
                    ("batak-wrong" if result.correct else "batak-correct",))
        self._mark_answer(value)
        self._show_tally()
        return result

    def judged(self, result: drills.Result) -> None:
        """Called with each first answer's result before any feedback is shown (a lesson saves it)."""

    def _mark_answer(self, value: object) -> None:
        """Lock the inputs and show on them what was right."""
        q = self.question
        right: set[object] = set()
        if isinstance(q, drills.LegalCardsQuestion):
            right = set(q.answer)
        elif isinstance(q, (drills.TrickWinnerQuestion, drills.ChoiceQuestion)):
            right = {q.answer}
        for button in self.cards:
            button.disabled = True
            if button.card in right:
                set_classes(button, ("batak-right",))
            elif button.card == value or button.card in self._selected:
                set_classes(button, ("batak-wrong-pick",))
        for choice in self.choices:
            choice.disabled = True
            if choice.description in right:
                set_classes(choice, ("batak-right",))
            elif choice.description == value:
                set_classes(choice, ("batak-wrong-pick",))
        for box in self.score_inputs:
            box.disabled = True
        self.check_button.disabled = True

    def _show_tally(self) -> None:
        self.tally.value = f"{self.right} of {self.answered} right" if self.answered else "No answers yet"
