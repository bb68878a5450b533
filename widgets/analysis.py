"""AnalysisBoard: a finished deal replayed with all four hands open and every legal card valued.

A thin view over ``batak_core.ai.analysis``: step through the deal card by card (the Previous and
Next buttons or the slider); at each step the player to move has every legal card drawn with a
badge of its double-dummy value against the best ("=", "−1" a trick less, ... or the same in
points where the score follows from the tricks), the card actually played is marked, and the
header says whose turn it is in which trick. Above the hands: the auction and trump findings and,
when the search budget left early tricks out, which tricks are valued.
"""

from __future__ import annotations

from functools import cache
from html import escape
from pathlib import Path

import ipywidgets as w

from batak_core import Card, Deal, Phase
from batak_core.ai.analysis import CardChoice, DealAnalysis, analyse, board_budget
from batak_core.i18n import _, format_number, ngettext, npgettext, pgettext
from batak_core.teaching.names import seat_name

from .cards import card_svg
from .style import control, root, set_classes, show, style_widget
from .table import NAMES, owner_name, seat_names

CARD_SCALE = 0.55
TRICKS = "Tricks"
POINTS = "Points"
"""The values of the units toggle (ids; its labels are in the active language)."""
LEARNER = 0
"""The learner's seat: sentences about it are the learner's own messages ("You lead this trick.")."""

_CSS = Path(__file__).with_name("analysis.css").read_text(encoding="utf-8")


@cache
def analysis_style() -> w.HTML:
    """The board's own stylesheet, one shared <style> widget."""
    return w.HTML(f"<style>{_CSS}</style>", layout=w.Layout(height="0px", margin="0"))


def badge_text(value: int) -> str:
    """"=" for a best card, else "−1", "−2" ... with a true minus sign."""
    return "=" if value == 0 else f"\u2212{-value}"


class AnalysisBoard(w.VBox):
    """Step through ``deal`` with every decision valued. ``analysis`` is computed when not given
    (with ``board_budget()`` and the auction of ``auction_seats``)."""

    def __init__(self, deal: Deal, analysis: DealAnalysis | None = None, *,
                 auction_seats: tuple[int, ...] = (0, 1, 2, 3), names: tuple[str, ...] = NAMES) -> None:
        if analysis is not None and analysis.deal is not deal:
            raise ValueError("the analysis given is of another deal: pass the deal it was made for")
        self.analysis = analysis or analyse(deal, board_budget(), auction_seats=auction_seats)
        self.deal = deal
        self.names = seat_names(names)
        steps = len(self.analysis.choices)
        self.header = w.HTML()
        set_classes(self.header, ("batak-analysis-header",))
        self.previous_button = control(_("← Previous"), _("Go back one card"), "batak-analysis-previous")
        self.next_button = control(_("Next →"), _("Go on to the next card"), "batak-analysis-next")
        self.slider = w.IntSlider(value=0, min=0, max=steps, description=pgettext("slider", "Card"), readout=True,
                                  continuous_update=True, layout=w.Layout(width="320px"))
        set_classes(self.slider, ("batak-analysis-slider",))
        self.previous_button.on_click(lambda _b: self.go(self.step - 1))
        self.next_button.on_click(lambda _b: self.go(self.step + 1))
        self.slider.observe(lambda change: self._show(), "value")
        self.units = w.ToggleButtons(options=[(_("Tricks"), TRICKS)], value=TRICKS, style={"button_width": "70px"})
        set_classes(self.units, ("batak-analysis-units",))
        self._set_units()
        self.units.observe(lambda change: self._show(), "value")
        controls = w.HBox([self.previous_button, self.slider, self.next_button, self.units],
                          layout=w.Layout(align_items="center", flex_flow="row wrap"))
        set_classes(controls, ("batak-analysis-controls",))
        self.findings = w.HTML(self._findings_html())
        set_classes(self.findings, ("batak-analysis-findings",))
        self.note = w.HTML()
        self.set_note(self.analysis.note)
        self.felt = w.HTML()
        set_classes(self.felt, ("batak-analysis-felt",))
        heading = _("Analysis board: every card against perfect play")
        title = w.HTML(f'<div class="batak-panel-title">{escape(heading)}</div>')
        super().__init__([style_widget(), analysis_style(), title, self.findings, self.note, controls,
                          self.header, self.felt])
        root(self, "batak-analysis-board")
        self._show()

    def fill_in(self, analysis: DealAnalysis) -> None:
        """Show the values of a longer search of the same deal (the game table's background
        analysis of the earliest tricks); the step shown stays."""
        if analysis.deal is not self.deal:
            raise ValueError("the analysis given is of another deal: pass the deal it was made for")
        self.analysis = analysis
        self._set_units()
        self.set_note(analysis.note)
        self._show()

    def set_note(self, text: str) -> None:
        """The line above the controls that says what is not valued (hidden when empty)."""
        self.note.value = f'<p class="batak-analysis-note">{escape(text)}</p>'
        show(self.note, bool(text))

    def _set_units(self) -> None:
        """Tricks, and points where the analysis has them."""
        has_points = any(c.points is not None and len(c.legal) > 1 for c in self.analysis.choices)
        tooltips = [_("Values in tricks against the best card"),
                    _("Values in points of these rules against the best card")]
        options = [(_("Tricks"), TRICKS), (_("Points"), POINTS)]
        with self.units.hold_trait_notifications():
            self.units.options = options if has_points else options[:1]
            self.units.tooltips = tooltips[:2 if has_points else 1]
        show(self.units, has_points)

    @property
    def step(self) -> int:
        """The card about to be played (0 up); ``len(choices)`` is the end of the deal."""
        return int(self.slider.value)

    def go(self, step: int) -> None:
        """Show step ``step`` (kept within the deal)."""
        self.slider.value = max(0, min(step, self.slider.max))

    # --- drawing -----------------------------------------------------------------------------

    def _show(self) -> None:
        step, choices = self.step, self.analysis.choices
        self.previous_button.disabled = step == 0
        self.next_button.disabled = step >= len(choices)
        # The felt first, the header last: a page (or a test) that sees the new header then sees
        # the hands and badges of the same step.
        if step < len(choices):
            choice = choices[step]
            self.felt.value = self._felt(choice)
            self.header.value = self._header(choice)
        else:
            self.felt.value = self._end_felt()
            self.header.value = f'<p class="batak-analysis-turn">{escape(self._end_text())}</p>'

    def _header(self, choice: CardChoice) -> str:
        name = self.names[choice.seat]
        you = choice.seat == LEARNER
        # Translators: the learner's own messages (context "the learner") have {name} = You (Sen, Du).
        turn = (pgettext("the learner", "Trick {number}: {name} to play.") if you
                else _("Trick {number}: {name} to play.")).format(number=choice.trick, name=name)
        # Translators (the sentences below): {card} is a card's name, "queen of spades".
        if not choice.valued:
            said = (pgettext("the learner", "{name} played the {card}. This card is not valued (see the note above).")
                    if you else _("{name} played the {card}. This card is not valued (see the note above)."))
        elif len(choice.legal) == 1:
            said = (pgettext("the learner", "{name} played the {card}, the only legal card.") if you
                    else _("{name} played the {card}, the only legal card."))
        elif choice.loss == 0:
            said = (pgettext("the learner", "{name} played the {card}, one of the best cards.") if you
                    else _("{name} played the {card}, one of the best cards."))
        elif you:
            said = npgettext("the learner", "{name} played the {card}: {n} trick less than the best card, with "
                             "perfect play on all sides.",
                             "{name} played the {card}: {n} tricks less than the best card, with perfect play on "
                             "all sides.", choice.loss)
        else:
            said = ngettext("{name} played the {card}: {n} trick less than the best card, with perfect play on all "
                            "sides.",
                            "{name} played the {card}: {n} tricks less than the best card, with perfect play on "
                            "all sides.", choice.loss)
        said = said.format(name=name, card=choice.played.name, n=choice.loss)
        return (f'<p class="batak-analysis-turn"><b>{escape(turn)}</b></p>'
                f'<p class="batak-analysis-said">{escape(said)}</p>')

    def _badge(self, choice: CardChoice, card: Card) -> str:
        if self.units.value == POINTS and choice.points is not None:
            value = choice.points[card]
            # Translators: a card's value in points against the best card, "−20 pts" (a true minus sign).
            text = badge_text(value) if value == 0 else _("{value} pts").format(value=badge_text(value))
        else:
            value = choice.values[card]
            text = badge_text(value)
        kind = "batak-analysis-best" if value == 0 else "batak-analysis-worse"
        return f'<span class="batak-analysis-badge {kind}">{escape(text)}</span>'

    def _hand(self, seat: int, cards: tuple[Card, ...], choice: CardChoice | None) -> str:
        parts = []
        # Translators: the mark on the card a player played.
        played = escape(pgettext("card mark", "played"))
        for card in cards:
            face = card_svg(card, scale=CARD_SCALE)
            if choice is not None and choice.seat == seat and card in choice.values:
                classes = "batak-analysis-card" + (" batak-analysis-played" if card == choice.played else "")
                mark = f'<span class="batak-analysis-mark">{played}</span>' if card == choice.played else ""
                parts.append(f'<span class="{classes}">{face}{self._badge(choice, card)}{mark}</span>')
            elif choice is not None and choice.seat == seat and card == choice.played:
                parts.append(f'<span class="batak-analysis-played">{face}'
                             f'<span class="batak-analysis-mark">{played}</span></span>')
            else:
                parts.append(f'<span class="batak-analysis-rest">{face}</span>')
        empty = _("no cards left")
        return "".join(parts) or f'<span class="batak-analysis-empty">{escape(empty)}</span>'

    def _seat_rows(self, hands: tuple[tuple[Card, ...], ...], won: tuple[int, ...], choice: CardChoice | None) -> str:
        rows = []
        for seat in range(4):
            to_move = choice is not None and choice.seat == seat
            tricks = escape(ngettext("{n} trick", "{n} tricks", won[seat]).format(n=won[seat]))
            rows.append(f'<div class="batak-analysis-seat{" batak-analysis-to-move" if to_move else ""}">'
                        f'<div class="batak-analysis-name">{escape(self.names[seat])}'
                        f'<span class="batak-analysis-won">{tricks}</span></div>'
                        f'<div class="batak-analysis-hand">{self._hand(seat, hands[seat], choice)}</div></div>')
        return "".join(rows)

    def _felt(self, choice: CardChoice) -> str:
        trick = "".join(f'<span class="batak-analysis-trick-card">{card_svg(card, scale=CARD_SCALE)}'
                        f'<span class="batak-analysis-by">{escape(self.names[(choice.leader + i) % 4])}</span></span>'
                        for i, card in enumerate(choice.in_trick))
        lead = (pgettext("the learner", "{name} lead this trick.") if choice.leader == LEARNER
                else _("{name} leads this trick.")).format(name=self.names[choice.leader])
        trick_row = (f'<div class="batak-analysis-trick"><span class="batak-analysis-trick-title">'
                     f'{escape(lead)}</span>{trick}</div>')
        return self._seat_rows(choice.hands, choice.tricks_won, choice) + trick_row

    def _end_text(self) -> str:
        deal = self.deal
        if deal.phase is Phase.OVER:
            scores = deal.scores()
            points = ", ".join(f"{self.names[s]} {format_number(scores[s], signed=True)}" for s in range(4))
            # Translators: {points} lists each player with their points, "You +71, Ayşe +30, ...".
            return _("The deal is over. Points: {points}.").format(points=points)
        if deal.phase is Phase.REDEAL:
            return _("The cards were thrown in: there was no play.")
        return _("This is as far as the deal has been played.")

    def _end_felt(self) -> str:
        deal = self.deal
        hands = tuple(tuple(deal.hand(s)) for s in range(4))
        return self._seat_rows(hands, tuple(deal.tricks_won), None)

    def _findings_html(self) -> str:
        items = []
        for seat, review in enumerate(self.analysis.auction):
            if review is None or not review.calls:
                continue
            whose = owner_name(self.names, seat)
            you = self.names[seat] == seat_name(LEARNER)
            # Translators (two sentences each, the learner's own and another player's): {whose} is a
            # player's name as owner, "Ayşe's" (Turkish "Ayşe'nin", German "Ayşes").
            if not review.judged:
                items.append(_("Your calls: too few layouts of the hidden cards fitted the search budget to judge "
                               "them.") if you else
                             _("{whose} calls: too few layouts of the hidden cards fitted the search budget to "
                               "judge them.").format(whose=whose))
            elif not review.findings:
                items.append(_("Your calls and trump choice cost nothing against perfect play.") if you else
                             _("{whose} calls and trump choice cost nothing against perfect play.").format(
                                 whose=whose))
            items.extend(f"{self.names[seat]}: {finding.text}" for finding in review.findings)
        if not items:
            return ""
        lines = "".join(f"<li>{escape(item)}</li>" for item in items)
        heading = escape(_("The auction and the trump choice"))
        return f'<div class="batak-analysis-auction"><b>{heading}</b><ul>{lines}</ul></div>'
