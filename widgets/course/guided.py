"""GuidedDeal: lesson 2's first deal, played step by step with a narrator.

A thin view of ``batak_core.teaching.guided.Tour``: the script, its goals and every message live
there. This widget draws the narrator (the step's text and goal), the table, your hand as card
buttons, the Pass button when the auction is yours, the step list with its check marks, and at the
end the engine's score of the deal with the stars earned.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from batak_core import Action, Card, RuleSet
from batak_core.cards import sorted_hand
from batak_core.i18n import _, format_number
from batak_core.teaching import guided
from batak_core.teaching.names import seat_name

from ..bidding import BidPanel
from ..cards import CardButton, show_cards
from ..style import control, set_classes, show, toggle_class
from ..table import TableView
from .page import current_rules, lesson_page

CHECK_MARK = "✓"
STAR, NO_STAR = "★", "☆"


class GuidedDeal(w.VBox):
    """The scripted first deal under the learner's rules (``current_rules()`` unless given)."""

    def __init__(self, rules: RuleSet | None = None) -> None:
        self.rules = rules or current_rules()
        self.tour = guided.Tour(self.rules)
        self.narrator = w.HTML()
        set_classes(self.narrator, ("batak-narrator",))
        self.feedback = w.HTML()
        set_classes(self.feedback, ("batak-feedback", "batak-guided-feedback"))
        self.continue_button = control(_("Continue"), _("Go on to the next step"), "batak-guided-continue")
        self.continue_button.on_click(lambda _b: self._act(self.tour.next))
        self.rest_button = control(_("Play the rest"), _("Play the other tricks and see the score"),
                                   "batak-guided-rest")
        self.rest_button.on_click(lambda _b: self._act(self.tour.play_rest))
        self.again_button = control(_("Start again"), _("The same cards, from the first step"),
                                    "batak-guided-again")
        self.again_button.on_click(lambda _b: self._act(self.tour.restart))
        self.steps = [w.HTML() for _ in guided.DECISIONS]
        for item in self.steps:
            set_classes(item, ("batak-guided-step",))
        step_list = w.VBox([w.HTML('<div class="batak-panel-title">' + escape(_("Your steps")) + "</div>"),
                            *self.steps])
        set_classes(step_list, ("batak-guided-steps",))
        story = w.VBox([self.narrator, self.feedback,
                        w.HBox([self.continue_button, self.rest_button, self.again_button])])
        set_classes(story, ("batak-guided-story",))
        self.table = TableView(self.rules)
        self.bids = BidPanel(names=[seat_name(s) for s in range(4)], on_bid=self._choose)
        self.hand_row = w.HBox()
        set_classes(self.hand_row, ("batak-hand", "batak-guided-hand"))
        self.cards: list[CardButton] = []
        self.score = w.HTML()
        set_classes(self.score, ("batak-guided-score",))
        super().__init__([w.HBox([story, step_list]), self.score, self.table, self.bids, self.hand_row])
        lesson_page(self, "batak-panel", "batak-guided-deal")
        self.refresh()

    # --- what the learner does ---------------------------------------------------------------

    def card_button(self, card: Card | str) -> CardButton:
        """The button of a card in your hand."""
        card = Card.parse(card)
        return next(b for b in self.cards if b.card == card)

    def _card_clicked(self, button: w.Button) -> None:
        assert isinstance(button, CardButton)
        if button.card is not None:
            self._choose(Action.play(button.card))

    def _choose(self, choice: Action) -> None:
        if self.tour.goal is not None:
            self._act(lambda: self.tour.choose(choice))

    def _act(self, action: Callable[[], object]) -> None:
        action()
        self.refresh()

    # --- drawing -------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw everything from the tour."""
        tour = self.tour
        goal = tour.goal
        text = f"<p>{escape(tour.text)}</p>"
        if goal is not None:
            label, instruction = _("Your goal"), _(goal.instruction)
            text += (f'<div class="batak-goal"><span class="batak-goal-label">{escape(label)}</span> '
                     f"{escape(instruction)}</div>")
        self.narrator.value = text
        self._show_feedback(tour.feedback)
        show(self.continue_button, tour.can_continue)
        show(self.rest_button, tour.can_play_rest)
        view = tour.deal.view(guided.LEARNER)
        self.table.show(view)
        calling = goal is not None and goal.kind is guided.GoalKind.PASS
        show(self.bids, calling)
        if calling:
            self.bids.show_view(view)
        hand = sorted_hand(tour.deal.hand(guided.LEARNER))
        show_cards(self.cards, self.hand_row, hand, self._card_clicked)
        show(self.hand_row, bool(hand))
        playing = goal is not None and not calling
        for button in self.cards:
            button.disabled = not playing
            toggle_class(button, "batak-legal", playing)
        self._show_steps()
        self.score.value = self._score_html() if tour.finished else ""

    def _show_feedback(self, result: guided.Check | None) -> None:
        toggle_class(self.feedback, "batak-correct", result is not None and result.ok)
        toggle_class(self.feedback, "batak-wrong", result is not None and not result.ok)
        show(self.feedback, result is not None)
        if result is None:
            self.feedback.value = ""
        elif result.ok:
            self.feedback.value = f'<span class="batak-step-mark">{CHECK_MARK}</span> {escape(result.message)}'
        else:
            self.feedback.value = "<b>" + escape(_("Not quite.")) + f"</b> {escape(result.message)}"

    def _show_steps(self) -> None:
        tour = self.tour
        for number, (item, index) in enumerate(zip(self.steps, guided.DECISIONS, strict=True)):
            goal = guided.STEPS[index].goal
            assert goal is not None
            done = tour.done[number]
            mark = (f'<span class="batak-step-mark">{CHECK_MARK}</span>' if done
                    else f'<span class="batak-step-mark batak-step-mark-todo">{number + 1}</span>')
            tries = tour.wrong[number]
            # Translators: how many wrong clicks the learner made at a step of the guided deal.
            wrong = _("({n} wrong)").format(n=tries)
            note = f' <span class="batak-tries">{escape(wrong)}</span>' if tries else ""
            item.value = f"{mark} " + escape(_(goal.title)) + note
            toggle_class(item, "batak-step-done", done)
            toggle_class(item, "batak-step-current", tour.decision == number and not done)

    def _score_html(self) -> str:
        tour = self.tour
        rows = "".join(
            f"<tr><th class='batak-left'>{escape(seat_name(line.seat))}</th>"
            f"<td class='batak-left'>{escape(line.role)}</td>"
            f"<td>{line.tricks}</td><td><b>{format_number(line.points, signed=True)}</b></td>"
            f"<td class='batak-left'>{escape(line.why)}</td></tr>"
            for line in guided.score_lines(tour.deal))
        stars = (f'<span class="batak-star">{STAR}</span>' * tour.stars
                 + f'<span class="batak-star batak-star-off">{NO_STAR}</span>' * (3 - tour.stars))
        steps = len(guided.DECISIONS)
        # Translators: the headings of the guided deal's score table.
        player, role, tricks, points, why = _("Player"), _("Role"), _("Tricks"), _("Points"), _("Why")
        head = (f'<tr><th class="batak-left">{escape(player)}</th><th class="batak-left">{escape(role)}</th>'
                f"<th>{escape(tricks)}</th><th>{escape(points)}</th><th class='batak-left'>{escape(why)}</th></tr>")
        # Translators: {n} is how many stars the learner earned, of 3.
        label = _("{n} of 3 stars").format(n=tour.stars)
        # Translators: {right} of {steps} learner steps were done right at the first click; keep the <b> tags.
        done = _("You did <b>{right} of {steps}</b> steps right first time. Press <b>Start again</b> to play the "
                 "deal once more.").format(right=tour.first_time, steps=steps)
        return (f'<table class="batak-compare">{head}{rows}</table>'
                f'<div class="batak-guided-stars" aria-label="{escape(label)}">{stars}</div>'
                f"<p>{done}</p>")
