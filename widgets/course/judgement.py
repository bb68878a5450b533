"""The judgement lessons' widgets: count a dealt hand (top tricks, which are sure, the hint's count
against the lowest bid), and play a small ending with every hand face up, each card judged by the
double-dummy solver.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as w

import batak_core as bc
from batak_core import Card, RuleSet, Suit
from batak_core.ai.bots.evaluate import bid_choice
from batak_core.cards import mask_of, sorted_hand, suit_length
from batak_core.i18n import DEFAULT_LANGUAGE, _, active_locale, format_number, ngettext, pgettext
from batak_core.shuffle import derive_seed
from batak_core.teaching import drills, endings, judgement_drills, topics
from batak_core.teaching.names import seat_name

from ..cards import CardButton, card_svg, show_cards
from ..style import control, set_classes, show
from .page import again_button, current_rules, felt, lesson_page, message_area, open_hands_html

CHECK = '<span class="batak-check-mark">✓</span>'


class HandCounter(w.VBox):
    """A dealt hand, suit by suit: its top tricks, which of them are sure before the play (with
    the trump you pick), the hint's count, and whether that is enough to bid."""

    def __init__(self, rules: RuleSet | None = None, seed: int = 1) -> None:
        self.rules = rules or current_rules()
        self.seed, self.dealt = seed, 0
        self.trump = w.ToggleButtons(options=[(f"{s.symbol} {s.word()}", s.letter) for s in Suit],
                                     description=_("Trump"))
        set_classes(self.trump, ("batak-trump-toggle",))
        self.trump.observe(lambda _c: self.show(), "value")
        self.view = w.HTML()
        set_classes(self.view, ("batak-hand-view",))
        self.deal_button = again_button(_("Deal again"), _("Shuffle and deal a new hand"), self.deal)
        super().__init__([felt(self.trump, self.view), self.deal_button])
        lesson_page(self, "batak-panel", "batak-hand-counter")
        self.deal()

    def deal(self) -> None:
        """A new hand for you, the first to call; trump starts as the suit the hint counts with."""
        self.game = bc.Deal.random(self.rules, seed=derive_seed(self.seed, self.dealt), dealer=3)
        self.dealt += 1
        self.hand = self.game.hand(0)
        start = judgement_drills.hand_count(self.rules, self.hand).trump
        self.trump.disabled = bool(self.rules.fixed_trump)
        if self.trump.value == start.letter:
            self.show()
        else:
            self.trump.value = start.letter  # redraws through the observer

    def show(self) -> None:
        trump = Suit.parse(self.trump.value)
        count = judgement_drills.hand_count(self.rules, self.hand, trump)
        out = 13 - suit_length(mask_of(self.hand), trump)
        rows = []
        for suit in Suit:
            cards = sorted_hand(c for c in self.hand if c.suit == suit)
            top = count.top[suit]
            drawn = "".join(card_svg(c, scale=0.62, extra="batak-win" if i < top else "") for i, c in enumerate(cards))
            if not top:
                note = escape(_("no top trick"))
            elif suit == trump:
                note = CHECK + " " + escape(ngettext("{n} top trump: sure", "{n} top trumps: sure", top).format(n=top))
            elif count.sure[suit] == top:
                note = CHECK + " " + escape(ngettext("{n} top trick: sure", "{n} top tricks: sure", top).format(n=top))
            else:
                note = escape(ngettext("{n} top trick, not sure: a player out of {suit} may ruff",
                                       "{n} top tricks, not sure: a player out of {suit} may ruff",
                                       top).format(n=top, suit=suit.word()))
            # Translators: beside a suit's cards: the tricks the hint counts for the suit ("the hint counts 1.5").
            hint = escape(_("the hint counts {n}").format(n=format_number(count.by_suit[suit], 1)))
            rows.append(f'<div class="batak-suit-row"><span class="batak-suit-label batak-suit-{suit.letter}">'
                        f'{suit.symbol} {len(cards)}</span>{drawn}<span class="batak-suit-note">{note} · {hint}'
                        "</span></div>")
        tops, sure = sum(count.top.values()), sum(count.sure.values())
        verdict = self._verdict(count.estimate)
        counted = ngettext("<b>{n} top trick</b>, <b>{sure} sure</b> before the play.",
                           "<b>{n} top tricks</b>, <b>{sure} sure</b> before the play.", tops).format(n=tops, sure=sure)
        hint = _("With {suit} as trump the others hold {out} trumps: until they are drawn, a player who runs out "
                 "of a side suit can ruff your top card in it. The hint counts about <b>{estimate}</b> "
                 "tricks: top cards, trump length, and the ruffs your short suits give.").format(
                     suit=trump.word(), out=out, estimate=format_number(count.estimate, 1))
        self.view.value = "".join(rows) + f"<p>{counted} {hint} {verdict}</p>"

    def _verdict(self, estimate: float) -> str:
        """The hint's count against the lowest call, as the bots decide (``evaluate.bid_choice``)."""
        view = self.game.view(0)
        if self.rules.announcements:
            return _("Koz Maça has no auction: you announce a number from {low} to {high}.").format(
                low=view.legal_bids[0], high=view.legal_bids[-1])
        lowest = view.legal_bids[0]
        if bid_choice(view, estimate) is None:
            return _("The lowest bid is {n}: that is more than this hand can make safely, so <b>pass</b>.").format(
                n=lowest)
        return _("The lowest bid is {n}: this hand can make it, so <b>bid {n}</b>.").format(n=lowest)


@dataclass(frozen=True)
class Board:
    """An ending as the board shows it: every hand, the trick so far, the solver's value of each
    legal card of yours, and what to say about it."""

    title: str
    situation: str
    idea: str
    hands: tuple[tuple[Card, ...], ...]
    trump: Suit
    leader: int
    trick: tuple[Card, ...]
    values: tuple[tuple[Card, int], ...]
    declarer: int | None

    @property
    def best(self) -> frozenset[Card]:
        top = max(v for _c, v in self.values)
        return frozenset(c for c, v in self.values if v == top)


def board_of(ending: endings.Ending, rules: RuleSet) -> Board:
    """A hand-written ending solved under ``rules``."""
    spot = ending.spot(rules)
    return Board(_(ending.title), endings.situation(spot), _(ending.idea), spot.hands, spot.trump, spot.leader,
                 spot.trick, spot.values, ending.declarer)


def board_from_question(question: drills.PlayQuestion) -> Board:
    """A generated ending (a quiz question of the declarer-play or defence topic)."""
    assert question.trump is not None  # an ending is always played with a trump
    title = _(endings.THEMES[question.rule_id].title)
    if active_locale() == DEFAULT_LANGUAGE:
        title = title.lower()  # "From a real deal: drawing trumps"; other languages keep their title's case
    # Translators: the heading of an ending from a deal the bots played; {theme} is its theme's title.
    heading = _("From a real deal: {theme}").format(theme=title)
    return Board(heading, question.prompt.removesuffix(" " + endings.which_card()),
                 question.why, question.hands, question.trump, question.leader, question.trick, question.values,
                 None)


class EndingBoard(w.VBox):
    """Small endings with all four hands face up: click one of your cards to try it, or show the
    best card; the double-dummy solver judges every card. ``topic`` (declarer-play or defence)
    adds a button for a new ending from a deal the bots play."""

    def __init__(self, positions: Sequence[endings.Ending], rules: RuleSet | None = None, topic: str = "",
                 seed: int = 1) -> None:
        if not positions and not topic:
            raise ValueError("give at least one ending (see batak_core.teaching.endings), or a topic")
        if topic and topic not in topics.TOPICS:
            raise ValueError(f"unknown topic {topic!r}; choose one of: {', '.join(topics.TOPICS)}")
        self.rules = rules or current_rules()
        self.boards = [board_of(p, self.rules) for p in positions]
        self.topic, self.seed, self.generated = topic, seed, 0
        self.chooser = w.Dropdown(options=[(b.title, i) for i, b in enumerate(self.boards)],
                                  description=_("Ending"), layout=w.Layout(width="640px"))
        self.chooser.observe(lambda change: self.show(self.boards[change["new"]]), "value")
        show(self.chooser, len(self.boards) > 1)
        self.heading = w.HTML()
        self.table = w.HTML()
        self.buttons: list[CardButton] = []
        self.hand_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        set_classes(self.hand_row, ("batak-hand",))
        self.best_button = control(_("Show the best card"), _("Let the solver show the card that keeps most tricks"),
                                   "batak-show-best")
        self.best_button.on_click(lambda _b: self.show_best())
        self.new_button = control(_("An ending from a real deal"),
                                  _("The bots play a new deal to an ending like these"), "batak-new-ending")
        self.new_button.on_click(lambda _b: self.new_ending())
        show(self.new_button, bool(topic))
        self.message = message_area()
        controls = w.HBox([self.best_button, self.new_button])
        yours = escape(_("Your cards: click one to try it"))
        super().__init__([self.chooser, self.heading, felt(self.table, w.HTML(f"<b>{yours}</b>"), self.hand_row),
                          controls, self.message])
        lesson_page(self, "batak-panel", "batak-ending-board")
        if self.boards:
            self.show(self.boards[0])
        else:
            self.new_ending()

    def new_ending(self) -> None:
        """A new solver-judged ending on the board's topic, from a deal the club bots play."""
        question = topics.question(self.topic, self.rules, derive_seed(self.seed, self.generated))
        self.generated += 1
        assert isinstance(question, drills.PlayQuestion)
        self.show(board_from_question(question))

    def show(self, board: Board) -> None:
        self.board = board
        self.heading.value = (f'<div class="batak-example-title">{escape(board.title, quote=False)}</div>'
                              f"<p>{escape(board.situation, quote=False)}</p>")
        self.table.value = self._table(board)
        legal = {c for c, _v in board.values}
        mine = sorted_hand(board.hands[0])
        show_cards(self.buttons, self.hand_row, mine, self._clicked)
        for button in self.buttons:
            set_classes(button, remove=("batak-right", "batak-wrong-pick"))
            button.disabled = button.card not in legal
            button.tooltip = button.description if button.card in legal else _("You may not play this card here")
        self.message.value = ""

    def _table(self, board: Board) -> str:
        trump = endings.trump_sentence(board.trump)
        # Translators: the learner's name under their cards when they are the declarer, "You (declarer)".
        you = _("{name} (declarer)").format(name=seat_name(0)) if board.declarer == 0 else seat_name(0)
        return (open_hands_html(board.hands, board.trick, board.leader, board.declarer, _("nothing yet: you lead"))
                + f"<span>{escape(trump, quote=False)}</span></div>"
                f'<div class="batak-ending-name">{escape(you, quote=False)}</div>')

    def button(self, card: Card | str) -> CardButton:
        card = Card.parse(card)
        return next(b for b in self.buttons if b.card == card)

    def _clicked(self, button: w.Button) -> None:
        assert isinstance(button, CardButton)
        if button.card is not None:
            self.try_card(button.card)

    def try_card(self, card: Card) -> str:
        """The solver's verdict on playing ``card`` (one of your legal cards), shown and returned."""
        values = dict(self.board.values)
        if card not in values:
            raise ValueError(f"{card.label} is not one of the cards you may play here")
        best = max(values.values())
        if card in self.board.best:
            said = ngettext("<b>{card} is best.</b> With perfect play from everyone your side ends the deal with "
                            "{n} trick.", "<b>{card} is best.</b> With perfect play from everyone your side ends "
                            "the deal with {n} tricks.", best).format(card=card.label, n=best)
            text = f"{CHECK} {said} {escape(self.board.idea, quote=False)}"
            set_classes(self.button(card), ("batak-right",))
        else:
            lost = best - values[card]
            text = ngettext("<b>{card} gives away {n} trick:</b> your side then ends with {value}, not {best}. "
                            "Try another card, or show the best one.",
                            "<b>{card} gives away {n} tricks:</b> your side then ends with {value}, not {best}. "
                            "Try another card, or show the best one.", lost).format(
                                card=card.label, n=lost, value=values[card], best=best)
            set_classes(self.button(card), ("batak-wrong-pick",))
        self.message.value = text
        return text

    def show_best(self) -> None:
        """Mark the best card(s) and say the idea."""
        for button in self.buttons:
            if button.card in self.board.best:
                set_classes(button, ("batak-right",))
        best = max(v for _c, v in self.board.values)
        labels = [c.label for c in sorted_hand(self.board.best)]
        cards = labels[0]
        for label in labels[1:]:
            # Translators: two cards that are as good, "Q♠ or 4♠" (and "Q♠ or 4♠ or 2♠" for three).
            cards = pgettext("alternatives", "{first} or {last}").format(first=cards, last=label)
        said = ngettext("<b>Best: {cards}</b>, and your side ends the deal with {n} trick.",
                        "<b>Best: {cards}</b>, and your side ends the deal with {n} tricks.", best).format(
                            cards=cards, n=best)
        self.message.value = f"{CHECK} {said} {escape(self.board.idea, quote=False)}"
