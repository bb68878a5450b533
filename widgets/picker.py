"""CardPicker: a hand of card buttons where only legal cards play.

Illegal cards are dimmed with the engine's reason as their tooltip; choosing one (allowed when
``teach`` is on, so a learner can ask "why not this one?") shows the reason instead of playing
it. The buttons are a fixed pool reused in place: playing a card hides one button, a new hand
relabels them, and nothing is rebuilt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

import ipywidgets as w

import batak_core as bc
from batak_core import Card, RuleSet, Suit, Verdict
from batak_core.cards import sorted_hand
from batak_core.i18n import _

from .cards import CardButton, show_cards
from .style import root, set_classes, style_widget, toggle_class

PlayCallback = Callable[[Card], None]


class CardPicker(w.VBox):
    """A hand, sorted by suit and rank; ``on_play(callback)`` hears every legal card chosen.

    With a position (rules, trick, trump, trump_broken) the picker asks the engine itself;
    ``show(hand, verdicts)`` lets a table pass the engine's verdicts for the player to move.
    """

    def __init__(self, hand: Iterable[Card | str] = (), *, rules: RuleSet | None = None,
                 trick: Sequence[Card | str] = (), trump: Suit | str | None = None, trump_broken: bool = False,
                 teach: bool = True, on_play: PlayCallback | None = None, four_colour: bool = False) -> None:
        self.teach = teach
        self._slots: list[CardButton] = []
        self._verdicts: dict[Card, Verdict] = {}
        self._selecting = False
        self._selected: set[Card] = set()
        self._play_handlers = w.CallbackDispatcher()
        if on_play is not None:
            self.on_play(on_play)
        self.row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        set_classes(self.row, ("batak-hand",))
        self.message = w.HTML()
        set_classes(self.message, ("batak-message",))
        super().__init__([style_widget(), self.row, self.message])
        root(self, "batak-picker")
        self.four_colour = four_colour
        cards = bc.parse_cards(hand) if isinstance(hand, str) else [Card.parse(c) for c in hand]
        if cards:
            self.show_position(cards, [Card.parse(c) for c in trick], None if trump is None else Suit.parse(trump),
                               trump_broken, rules)

    # --- what is shown ---------------------------------------------------------------------

    @property
    def four_colour(self) -> bool:
        return "batak-four-colour" in self._dom_classes

    @four_colour.setter
    def four_colour(self, on: bool) -> None:
        toggle_class(self, "batak-four-colour", on)

    @property
    def hand(self) -> list[Card]:
        return [b.card for b in self._slots if b.card is not None]

    @property
    def legal(self) -> list[Card]:
        """The cards that would play now."""
        return [c for c in self.hand if c in self._verdicts and self._verdicts[c].legal]

    @property
    def selected(self) -> list[Card]:
        """The cards lifted in selection mode, in hand order."""
        return [c for c in self.hand if c in self._selected]

    def button(self, card: Card | str) -> CardButton:
        card = Card.parse(card)
        for slot in self._slots:
            if slot.card == card:
                return slot
        raise KeyError(f"{card.label} is not in this hand")

    def show_position(self, hand: Sequence[Card], trick: Sequence[Card] = (), trump: Suit | None = None,
                      trump_broken: bool = False, rules: RuleSet | None = None) -> None:
        """Show a hand to play to ``trick``, every card judged by the engine."""
        rules = rules or bc.preset(bc.DEFAULT_PRESET)
        self.show(hand, {c: bc.explain_play(rules, hand, trick, trump, trump_broken, c) for c in hand})

    def show(self, hand: Sequence[Card], verdicts: Mapping[Card, Verdict] | None = None, *,
             select: bool = False, marked: Mapping[Card, str] | None = None) -> None:
        """Show ``hand``; with ``verdicts`` the legal cards play, without them nothing does.

        ``select`` lets clicks lift cards into ``selected`` instead; ``marked`` cards are
        highlighted, their note added to the tooltip (the kitty's cards in a Gömmeli declarer's hand).
        """
        self._place(sorted_hand(hand))
        self._verdicts = dict(verdicts or {})
        self._selecting = select
        self._selected = self._selected.intersection(hand) if select else set()
        marked = marked or {}
        for slot in self._slots:
            if slot.card is not None:
                self._judge(slot, self._verdicts.get(slot.card))
                toggle_class(slot, "batak-selected", slot.card in self._selected)
                toggle_class(slot, "batak-marked", slot.card in marked)
                if slot.card in marked:
                    slot.tooltip = f"{slot.tooltip} ({marked[slot.card]})"
        if not verdicts:
            self.message.value = ""

    def _place(self, cards: list[Card]) -> None:
        """Put ``cards`` on the buttons: hide the ones that left, relabel only when the hand changed."""
        shown = self.hand
        if set(cards) <= set(shown):
            for slot in self._slots:
                if slot.card is not None and slot.card not in cards:
                    slot.set_card(None)
            return
        show_cards(self._slots, self.row, list(cards), self._clicked)

    def _judge(self, slot: CardButton, verdict: Verdict | None) -> None:
        assert slot.card is not None
        if verdict is None:
            slot.disabled, slot.tooltip = not self._selecting, slot.card.name
            set_classes(slot, remove=("batak-legal", "batak-illegal", "batak-hinted"))
            return
        slot.tooltip = f"{slot.card.name}: {verdict.reason}"
        slot.disabled = not verdict.legal and not self.teach
        set_classes(slot, ("batak-legal",) if verdict.legal else ("batak-illegal",),
                    ("batak-illegal", "batak-hinted") if verdict.legal else ("batak-legal", "batak-hinted"))

    # --- choosing -----------------------------------------------------------------------------

    def on_play(self, callback: PlayCallback, remove: bool = False) -> None:
        """Register ``callback`` to hear every legal card chosen (or unregister it with ``remove=True``),
        as ``Button.on_click`` does."""
        self._play_handlers.register_callback(callback, remove=remove)

    def pick(self, card: Card | str) -> None:
        """Choose a card as a click would."""
        self._clicked(self.button(card))

    def _clicked(self, slot: w.Button) -> None:
        assert isinstance(slot, CardButton)
        card = slot.card
        if card is None:
            return
        if self._selecting:
            self._selected ^= {card}
            toggle_class(slot, "batak-selected", card in self._selected)
            return
        verdict = self._verdicts.get(card)
        if verdict is None:
            self.message.value = _("It is not your turn to play.")
            return
        if not verdict.legal:
            rule = f'<span class="batak-rule-id">{verdict.rule}</span>'
            # Translators: {rule} is the rule's id (follow-suit, overtake...), {reason} the engine's sentence.
            self.message.value = ('<div class="batak-reason">' + _("<b>{card} cannot be played</b> (rule {rule}): "
                                                                 "{reason}").format(card=card.label, rule=rule,
                                                                                    reason=verdict.reason)
                                  + "</div>")
            return
        self.message.value = ""
        self._play_handlers(card)
