"""The bidding trainer: a dealt hand, "how many tricks will it take as declarer with this trump?",
answered by the double-dummy results over many layouts of the other hands (computed when the data
file was built, ``teaching.puzzles.load_bidding``), shown as a small bar chart.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import ipywidgets as w

from batak_core.cards import sorted_hand
from batak_core.i18n import _, format_number, format_percent, ngettext
from batak_core.shuffle import new_seed
from batak_core.teaching import puzzles

from ..cards import faces
from ..style import control, set_classes
from .page import current_rules, felt, lesson_page


def likely_range(distribution: dict[int, float]) -> tuple[int, int]:
    """The middle two thirds of the layouts: from the count where the lowest sixth ends to the
    count where the highest sixth begins."""
    low = high = None
    total = 0.0
    for tricks in sorted(distribution):
        total += distribution[tricks]
        if low is None and total >= 1 / 6:
            low = tricks
        if high is None and total >= 5 / 6 - 1e-9:
            high = tricks
    assert low is not None and high is not None
    return low, high


def bars_html(distribution: dict[int, float], guess: int, likely: tuple[int, int]) -> str:
    """The distribution as bars, one per trick count, the likely ones green and the guess outlined."""
    top = max(distribution.values())
    bars = []
    for tricks in range(min(min(distribution), guess), max(max(distribution), guess) + 1):
        share = distribution.get(tricks, 0.0)
        classes = ["batak-bar"]
        if likely[0] <= tricks <= likely[1]:
            classes.append("batak-likely")
        if tricks == guess:
            classes.append("batak-guessed")
        height = round(100 * share / top)
        percent = format_percent(share)
        # Translators: {percent} is a share with its sign, "25%".
        what = ngettext("{n} trick in {percent} of the layouts", "{n} tricks in {percent} of the layouts",
                        tricks).format(n=tricks, percent=percent)
        bars.append(f'<div class="{" ".join(classes)}" title="{what}">'
                    f"<span>{percent}</span><div class=\"batak-bar-fill\" style=\"height:{height}%\"></div>"
                    f'<span class="batak-bar-label">{tricks}</span></div>')
    label = _("tricks taken over the layouts")
    return f'<div class="batak-bars" role="img" aria-label="{label}">{"".join(bars)}</div>'


class BiddingTrainer(w.VBox):
    """Guess how many tricks a hand takes as declarer; see how it went over many layouts."""

    def __init__(self, hands: Sequence[puzzles.BiddingHand] | None = None, preset: str | None = None,
                 seed: int | None = None) -> None:
        name = preset or current_rules().name
        every = puzzles.load_bidding() if hands is None else hands
        self.hands = [h for h in every if h.preset == name] or list(every)
        if not self.hands:
            raise ValueError("no bidding hands to practise with")
        self.rng = random.Random(new_seed() if seed is None else seed)
        self.question = w.HTML()
        set_classes(self.question, ("batak-prompt",))
        self.hand_view = w.HTML()
        set_classes(self.hand_view, ("batak-bidding-hand",))
        self.numbers: list[w.Button] = []
        self.number_row = w.HBox()
        set_classes(self.number_row, ("batak-bidding-numbers",))
        self.answer_view = w.HTML()
        set_classes(self.answer_view, ("batak-bidding-answer",))
        self.next_button = control(_("Another hand"), _("Deal another hand to judge"), "batak-next-hand")
        self.next_button.on_click(lambda _b: self.new_hand())
        super().__init__([self.question, felt(self.hand_view), self.number_row, self.answer_view, self.next_button])
        lesson_page(self, "batak-panel", "batak-bidding-trainer")
        self.new_hand()

    def new_hand(self) -> None:
        self.hand = hand = self.hands[self.rng.randrange(len(self.hands))]
        self.guess: int | None = None
        self.guess_was_likely = False
        trump = f'<span class="batak-suit-{hand.trump.letter}">{hand.trump.symbol}</span> {hand.trump.word()}'
        # Translators: {trump} is the trump suit, its sign and plural name ("♥ hearts").
        ask = _("How many tricks will this hand take as declarer with {trump} trump?").format(trump=trump)
        self.question.value = (f"<b>{ask}</b> " + _("Everyone plays their best, and you do not know how the other "
                                                    "cards lie."))
        self.hand_view.value = faces(sorted_hand(hand.hand), scale=0.8)
        most = len(hand.hand)
        while len(self.numbers) < most + 1:
            count = len(self.numbers)
            tip = ngettext("{n} trick", "{n} tricks", count).format(n=count)
            button = w.Button(description=str(count), tooltip=tip)
            set_classes(button, ("batak-control", "batak-tricks-guess"))
            value = len(self.numbers)
            button.on_click(lambda _b, n=value: self.answer(n))
            self.numbers.append(button)
        self.number_row.children = tuple(self.numbers[:most + 1])
        for button in self.numbers:
            button.disabled = False
            set_classes(button, remove=("batak-right", "batak-wrong-pick"))
        self.answer_view.value = ""

    def number_button(self, tricks: int) -> w.Button:
        return self.numbers[tricks]

    def answer(self, tricks: int) -> bool:
        """Judge a guess of ``tricks``: within the likely range or not; the chart shows the rest."""
        if not 0 <= tricks < len(self.number_row.children):
            raise ValueError(f"a guess is a number of tricks from 0 to {len(self.number_row.children) - 1}")
        if self.guess is not None:
            return self.guess_was_likely
        self.guess = tricks
        distribution = dict(self.hand.distribution)
        low, high = likely_range(distribution)
        self.guess_was_likely = low <= tricks <= high
        # Translators: {span} is one number of tricks or a range of them ("7 to 9").
        span = f"{low}" if low == high else _("{low} to {high}").format(low=low, high=high)
        verdict = ("✓ " + _("<b>Good judgement:</b> {n} is within the likely range, {span} tricks.")
                   if self.guess_was_likely else
                   _("<b>Not quite:</b> {n} is outside the likely range, {span} tricks.")).format(n=tricks, span=span)
        # Translators: {mean} is an average number of tricks with one decimal ("7.4").
        over = _("Over {layouts} layouts of the other hands, played double dummy, this hand took {mean} tricks "
                 "on average:").format(layouts=self.hand.layouts, mean=format_number(self.hand.mean, 1))
        self.answer_view.value = (
            f"<p>{verdict} {over}</p>{bars_html(distribution, tricks, (low, high))}<p>"
            + _("Green bars: the likely range, the middle two thirds of the layouts. Outlined: your guess.") + "</p>")
        for n, button in enumerate(self.numbers):
            button.disabled = True
            if low <= n <= high:
                set_classes(button, ("batak-right",))
            elif n == tricks:
                set_classes(button, ("batak-wrong-pick",))
        set_classes(self.answer_view, ("batak-correct" if self.guess_was_likely else "batak-wrong",),
                    ("batak-wrong" if self.guess_was_likely else "batak-correct",))
        return self.guess_was_likely
