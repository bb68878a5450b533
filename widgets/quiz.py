"""Quiz: one question at a time from ``batak_core.teaching.topics``, answered by clicking, judged by the engine.

The kinds of question (pick the legal cards, pick the trick winner, enter the scores, choose one
answer, play the best card of a small ending) each have an input area built once and shown or
hidden, so "new question" relabels a few widgets instead of rebuilding the quiz. Every hand is
drawn as cards, never written out, and the players go by their names (``names.SEAT_NAMES``).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import suppress
from functools import cache
from html import escape
from pathlib import Path

import ipywidgets as w

import batak_core as bc
from batak_core import Card, RuleSet, Suit
from batak_core.cards import sorted_hand
from batak_core.i18n import _, pgettext
from batak_core.shuffle import derive_seed, new_seed
from batak_core.teaching import drills, topics
from batak_core.teaching.names import SEAT_NAMES, possessive, seat_name

from .cards import CardButton, card_svg, faces, show_cards
from .style import control, root, set_classes, show, style_widget, toggle_class

QUIZ_CSS = Path(__file__).with_name("course") / "quiz.css"
"""The quiz's own rules (marked answers, drawn hands); course pages load it with the course CSS."""

_MARKS = ("batak-right", "batak-wrong-pick")


@cache
def quiz_style() -> w.HTML:
    """The quiz's <style>, for a quiz shown outside the course pages (one shared widget)."""
    return w.HTML(f"<style>{QUIZ_CSS.read_text(encoding='utf-8')}</style>", layout=w.Layout(height="0px", margin="0"))


def trick_html(leader: int, trick: Sequence[Card]) -> str:
    """The trick so far, each card drawn above the name of the player who played it."""
    played = "".join(f'<span class="batak-trick-card">{card_svg(c, scale=0.8)}'
                     f'<span class="batak-seat-name">{seat_name((leader + i) % 4)}</span></span>'
                     for i, c in enumerate(trick))
    return ('<div class="batak-quiz-trick"><span class="batak-quiz-label">' + _("The trick so far:")
            + f"</span>{played}</div>")


def _trump_html(trump: Suit | None) -> str:
    what = _("no trump") if trump is None else (f'<span class="batak-suit-{trump.letter}">{trump.symbol}</span> '
                                                f"{trump.word()}")
    return '<div class="batak-quiz-trump">' + _("Trump: {trump}").format(trump=f"<b>{what}</b>") + "</div>"


def play_html(q: drills.PlayQuestion) -> str:
    """A small ending with every hand face up: the other three hands, the trump and the trick so
    far (the hand of the player to move is the row of card buttons below)."""
    hands = "".join(f'<div class="batak-quiz-seat batak-quiz-seat-{seat}"><span class="batak-seat-name">'
                    f"{seat_name(seat)}</span>{faces(sorted_hand(q.hands[seat]), scale=0.7)}</div>"
                    for seat in range(4) if seat != q.to_move)
    trick = (trick_html(q.leader, q.trick) if q.trick
             else '<div class="batak-quiz-trick">' + _("A new trick: nothing played yet.") + "</div>")
    below = (_("Below: your cards. Click the card to play.") if q.to_move == 0 else
             # Translators: {owner} is a player's name as owner, "Ayşe's" (Turkish "Ayşe'nin", German "Ayşes").
             _("Below: {owner} cards. Click the card to play.").format(owner=possessive(q.to_move)))
    return (f'<div class="batak-felt batak-quiz-play">{_trump_html(q.trump)}'
            f'<div class="batak-quiz-hands">{hands}</div>{trick}'
            f'<div class="batak-quiz-label">{below}</div></div>')


def feedback_html(result: drills.Result) -> str:
    """Right or not, the engine's explanation, and the rule by its plain title (its id only in the tooltip)."""
    verdict = _("Right!") if result.correct else _("Not quite.")
    expected = "" if result.correct else "<br>" + _("The answer: {answer}.").format(
        answer=f"<b>{escape(result.expected, quote=False)}</b>")
    rule = (f'<span class="batak-rule-id" title="{escape(result.rule)}">'
            f"{escape(drills.rule_title(result.rule))}</span>")
    # Translators: {rule} is the plain title of the rule that decides the question.
    return (f"<b>{verdict}</b> {escape(result.explanation, quote=False)} " + _("(rule: {rule})").format(rule=rule)
            + expected)


def _picked(value: object) -> set[object]:
    """The cards or the choice an answer picked, however it was given (buttons, card codes, text)."""
    items = list(value) if isinstance(value, (list, tuple, set, frozenset)) else [value]
    picked: set[object] = set(items)
    for item in items:
        if isinstance(item, str):
            with suppress(ValueError):  # a choice's text, not a card code
                picked.add(Card.parse(item))
    return picked


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
        self._choice_texts: list[str] = []

        self.topic = w.Dropdown(options=[(topics.title(key), key) for key in topics.TOPICS], value=topic,
                                description=_("Topic"))
        self.topic.observe(lambda _c: self.new_question(), "value")
        self.prompt = w.HTML()
        set_classes(self.prompt, ("batak-prompt",))
        self.context = w.HTML()
        self.cards: list[CardButton] = []
        self.card_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        set_classes(self.card_row, ("batak-hand",))
        self.score_inputs = [w.IntText(value=0, description=seat_name(seat), layout=w.Layout(width="170px"))
                             for seat in range(len(SEAT_NAMES))]
        self.score_row = w.HBox(self.score_inputs)
        self.choices: list[w.Button] = []
        self.choice_box = w.VBox()
        self.check_button = control(_("Check answer"), _("Let the engine check your answer"), "batak-check")
        self.check_button.on_click(lambda _b: self.check())
        self.feedback = w.HTML()
        set_classes(self.feedback, ("batak-feedback",))
        self.tally = w.HTML()
        set_classes(self.tally, ("batak-tally",))
        self.new_button = control(_("New question"), _("Another question on this topic"), "batak-new-question")
        self.new_button.on_click(lambda _b: self.new_question())
        answer_area = w.VBox([self.card_row, self.score_row, self.choice_box, self.check_button])
        set_classes(answer_area, ("batak-felt",))
        self.body: tuple[w.Widget, ...] = (self.prompt, self.context, answer_area, self.feedback)
        """The question and its answer, from prompt to feedback (a lesson's quiz frames them its own way)."""
        super().__init__([style_widget(), quiz_style(), self.topic, *self.body,
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
        self.prompt.value = ("<b>" + _("Question {number}.").format(number=self.asked)
                             + f"</b> {escape(q.prompt, quote=False)}")
        self.feedback.value = ""
        set_classes(self.feedback, remove=("batak-correct", "batak-wrong"))
        self.context.value = self._context(q)
        cards: Sequence[Card] = ()
        if isinstance(q, drills.LegalCardsQuestion):
            cards = sorted_hand(q.position.hand)
        elif isinstance(q, drills.TrickWinnerQuestion):
            cards = q.trick
        elif isinstance(q, drills.PlayQuestion):
            cards = sorted_hand(q.hands[q.to_move])
        self._set_cards(cards)
        if isinstance(q, drills.PlayQuestion):
            playable = dict(q.values)
            for button in self.cards:
                if button.card is not None and button.card not in playable:
                    button.disabled = True
                    set_classes(button, ("batak-illegal",))
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

    @staticmethod
    def _context(q: drills.Question) -> str:
        """What the question shows besides its answer buttons: the trick so far, a hand, a whole ending."""
        if isinstance(q, drills.LegalCardsQuestion) and q.position.trick:
            return f'<div class="batak-felt">{trick_html(q.position.leader, q.position.trick)}</div>'
        if isinstance(q, drills.ChoiceQuestion) and q.hand:
            return f'<div class="batak-felt batak-quiz-hand">{faces(sorted_hand(q.hand), scale=0.8)}</div>'
        if isinstance(q, drills.PlayQuestion):
            return play_html(q)
        return ""

    def _set_cards(self, cards: Sequence[Card]) -> None:
        show_cards(self.cards, self.card_row, list(cards), self._card_clicked)
        for button in self.cards:
            button.disabled = False
            button.tooltip = button.description
            set_classes(button, remove=("batak-selected", "batak-illegal", *_MARKS))
        show(self.card_row, bool(cards))

    def _set_choices(self, choices: Sequence[str]) -> None:
        while len(self.choices) < len(choices):
            button = w.Button(layout=w.Layout(width="auto"))
            set_classes(button, ("batak-control", "batak-choice"))
            index = len(self.choices)
            button.on_click(lambda _b, i=index: self.answer(self._choice_texts[i]))
            self.choices.append(button)
            self.choice_box.children = (*self.choice_box.children, button)
        self._choice_texts = list(choices)
        for i, button in enumerate(self.choices):
            if i < len(choices):
                button.description, button.tooltip, button.disabled = choices[i], choices[i], False
                set_classes(button, remove=_MARKS)
            show(button, i < len(choices))
        show(self.choice_box, bool(choices))

    def card_button(self, card: Card | str) -> CardButton:
        card = Card.parse(card)
        return next(b for b in self.cards if b.card == card)

    def choice_button(self, text: str) -> w.Button:
        """The button of the answer ``text`` (its label gains a mark once answered)."""
        return self.choices[self._choice_texts.index(text)]

    # --- answering -----------------------------------------------------------------------------

    def _card_clicked(self, button: w.Button) -> None:
        assert isinstance(button, CardButton)
        if self.result is not None or button.card is None:
            return
        if isinstance(self.question, (drills.TrickWinnerQuestion, drills.PlayQuestion)):
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
        self.feedback.value = feedback_html(result)
        set_classes(self.feedback, ("batak-correct" if result.correct else "batak-wrong",),
                    ("batak-wrong" if result.correct else "batak-correct",))
        self._mark_answer(value)
        self._show_tally()
        return result

    def judged(self, result: drills.Result) -> None:
        """Called with each first answer's result before any feedback is shown (a lesson saves it)."""

    def _mark_answer(self, value: object) -> None:
        """Lock the inputs and show on them what was right and what was picked: a colour and, on the
        answer buttons, a written mark, so the colour is never the only sign."""
        q = self.question
        right: set[object] = set()
        if isinstance(q, (drills.LegalCardsQuestion, drills.PlayQuestion)):
            right = set(q.answer)
        elif isinstance(q, (drills.TrickWinnerQuestion, drills.ChoiceQuestion)):
            right = {q.answer}
        picked = _picked(value) | set(self._selected)
        for button in self.cards:
            button.disabled = True
            if button.card in right:
                set_classes(button, ("batak-right",))
                mark = _("your pick, right") if button.card in picked else pgettext("quiz mark", "right")
                button.tooltip = f"{button.description}: ✓ {mark}"
            elif button.card in picked:
                set_classes(button, ("batak-wrong-pick",))
                button.tooltip = f"{button.description}: ✗ " + _("your pick")
        for text, choice in zip(self._choice_texts, self.choices, strict=False):
            choice.disabled = True
            if text in right:
                set_classes(choice, ("batak-right",))
                mark = _("your answer: right") if text == value else _("the right answer")
                choice.description = f"✓ {text} ({mark})"
            elif text == value:
                set_classes(choice, ("batak-wrong-pick",))
                choice.description = f"✗ {text} (" + _("your answer") + ")"
        for box in self.score_inputs:
            box.disabled = True
        self.check_button.disabled = True

    def _show_tally(self) -> None:
        self.tally.value = (_("{right} of {answered} right").format(right=self.right, answered=self.answered)
                            if self.answered else _("No answers yet"))
