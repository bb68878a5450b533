"""GameTable: a whole game of Batak against three bots, from the first bid to the winner.

The table is a view over ``batak_core.Game``: every click becomes an engine action and an
illegal one comes back as the engine's reason. Bots play after ``delay`` seconds on the kernel's
event loop; with ``delay=0`` (or outside a running loop, as in pytest) they play at once,
synchronously, so a test can drive a whole game by clicking.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

import batak_core as bc
from batak_core import Action, Card, Deal, Game, IllegalMove, Phase, RuleSet, Suit
from batak_core.shuffle import derive_seed, new_seed

from .bidding import BidPanel, TrumpPicker
from .picker import CardPicker
from .scores import ScoreSheet
from .style import control, root, set_classes, show, style_widget
from .table import NAMES, TableView

LEARNER = 0


def bots_feature(name: str) -> Callable[..., Any] | None:
    """``batak_core.bots.<name>`` once the bots issue provides it (hint, review), else None."""
    feature = getattr(bc.bots, name, None)
    return feature if callable(feature) else None


def action_text(action: Action) -> str:
    if action is None:
        return "pass"
    if isinstance(action, Card):
        return f"play {action.label}"
    if isinstance(action, Suit):
        return f"make {action.plural} {action.symbol} trump"
    return f"bid {action}"


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class GameTable(w.VBox):
    """Play a game against three bots. ``bots`` is one level for all three or a level per bot seat."""

    def __init__(self, rules: RuleSet | None = None, bots: str | Sequence[str] = "random",
                 seed: int | None = None, delay: float = 0.8, *, names: Sequence[str] = NAMES) -> None:
        self.rules = rules or bc.preset(bc.DEFAULT_PRESET)
        variant = str(getattr(self.rules, "variant", "ihaleli"))
        if variant != "ihaleli":
            raise ValueError(f"the game table plays İhaleli (auction) Batak; the {variant} variant is not drawn yet")
        self.names = tuple(names)
        levels = [bots] * 3 if isinstance(bots, str) else list(bots)
        if len(levels) != 3:
            raise ValueError("bots is one level for all three opponents or a list of three levels")
        for level in levels:
            bc.bots.get(level)  # unknown levels raise ValueError naming the valid ones
        self.levels = levels
        self.delay = delay
        self._pending: asyncio.TimerHandle | None = None
        self._marks: list[int] = []  # the deal's history length before each of the learner's actions
        self._reviewed: tuple[int, int] | None = None  # the deal (id, length) the review panel shows

        self.table = TableView(self.rules, names=self.names, bots=("", *levels))
        self.picker = CardPicker(on_play=self._act)
        self.bid_panel = BidPanel(names=self.names, on_bid=self._act)
        self.trump_picker = TrumpPicker(on_choose=self._act)
        self.message = w.HTML()
        set_classes(self.message, ("batak-message",))
        self.table.felt.children = (*self.table.felt.children, self.message, self.bid_panel,
                                    self.trump_picker, self.picker)
        self.scores = ScoreSheet(names=self.names)
        self.review = w.HTML()
        set_classes(self.review, ("batak-panel", "batak-review"))
        self.banner = w.HTML()
        set_classes(self.banner, ("batak-game-over",))

        self.hint_button = control("Hint", "Ask which move the engine suggests, and why", "batak-hint")
        self.undo_button = control("Undo", "Take back your last move (and the bots' moves after it)", "batak-undo")
        self.next_button = control("Next deal", "Deal the next hand", "batak-next-deal")
        self.new_game_button = control("New game", "Start a new game with these rules", "batak-new-game")
        self.hint_button.on_click(lambda _b: self.hint())
        self.undo_button.on_click(lambda _b: self.undo())
        self.next_button.on_click(lambda _b: self.next_deal())
        self.new_game_button.on_click(lambda _b: self.new_game())
        self.level = w.Dropdown(options=list(bc.bots.LEVELS), value=levels[0], description="Bots",
                                tooltip="How strong the three computer players are")
        self.level.observe(lambda change: self.set_bots(change["new"]), "value")
        self.speed = w.FloatSlider(value=delay, min=0.0, max=2.0, step=0.1, description="Bot delay (s)",
                                   tooltip="Seconds between bot plays; 0 plays at once",
                                   style={"description_width": "initial"})
        self.speed.observe(lambda change: setattr(self, "delay", change["new"]), "value")
        title = w.HTML(f'<div class="batak-panel-title">Batak: {self.rules.name} rules</div>')
        header = w.HBox([title, self.level, self.speed], layout=w.Layout(align_items="center"))
        controls = w.HBox([self.hint_button, self.undo_button, self.next_button, self.new_game_button])
        side = w.VBox([w.HTML('<div class="batak-panel-title">Score sheet</div>'), self.scores, self.review],
                      layout=w.Layout(flex="0 1 390px"))
        main = w.HBox([w.VBox([self.table, controls], layout=w.Layout(flex="1 1 640px", max_width="920px")), side],
                      layout=w.Layout(align_items="flex-start", flex_flow="row wrap"))
        super().__init__([style_widget(), header, self.banner, main])
        root(self, "batak-game-table")
        self.game = Game(self.rules, seed)
        self._make_bots()
        self._start_deal()

    # --- state ----------------------------------------------------------------------------

    @property
    def deal(self) -> Deal:
        return self.game.deal

    def _make_bots(self) -> None:
        self.bots = {seat: bc.bots.get(level, seed=derive_seed(self.game.seed, 100 + seat))
                     for seat, level in zip((1, 2, 3), self.levels, strict=True)}

    def set_bots(self, level: str) -> None:
        """Play on against bots of another level (from the next bot move)."""
        self.levels = [level] * 3
        self._make_bots()
        self.table.bots = ("", *self.levels)
        self.refresh()

    # --- the learner's actions ----------------------------------------------------------------

    def _act(self, action: Action) -> None:
        """The learner's bid, pass, trump or card, checked by the engine."""
        deal = self.deal
        if deal.to_move != LEARNER:
            self.message.value = "Wait: it is not your turn."
            return
        before = len(deal.history)
        try:
            deal.act(action)
        except IllegalMove as error:
            self.message.value = f'<div class="batak-reason">{error.reason}</div>'
            return
        self._marks.append(before)
        self.message.value = ""
        self._advance()

    def hint(self) -> None:
        suggest = bots_feature("hint")
        if suggest is None or self.deal.to_move != LEARNER:
            return
        advice = suggest(self.deal.view(LEARNER))
        others = "".join(f"<li>{action_text(a)}: {value:.2f}</li>" for a, value in advice.alternatives[:3])
        self.message.value = (f'<div class="batak-reason batak-hint-text"><b>Hint: {action_text(advice.action)}.</b> '
                              f"{advice.reason}{f'<ul>{others}</ul>' if others else ''}</div>")
        if isinstance(advice.action, Card) and advice.action in self.picker.hand:
            set_classes(self.picker.button(advice.action), ("batak-hinted",))
        elif isinstance(advice.action, Suit):
            set_classes(self.trump_picker.buttons[advice.action], ("batak-hinted",))

    def undo(self) -> None:
        """Take back the learner's last action and every bot action after it."""
        if not self._marks:
            return
        self._cancel_pending()
        mark = self._marks.pop()
        while len(self.deal.history) > mark:
            self.deal.undo()
        self.message.value = "Move taken back."
        self.refresh()

    def next_deal(self) -> None:
        if not self.deal.is_finished or self.game.is_over:
            return
        self.game.next_deal()
        self._start_deal()

    def new_game(self) -> None:
        self._cancel_pending()
        self.game = Game(self.rules, new_seed())
        self._make_bots()
        self._start_deal()

    # --- the flow of play --------------------------------------------------------------------

    def _start_deal(self) -> None:
        self._marks = []
        self.message.value = ""
        self.refresh()
        self._advance()

    def _advance(self) -> None:
        """Let the bots play until it is the learner's turn or the deal is over."""
        loop = _running_loop() if self.delay > 0 else None
        if loop is None:
            while self._bot_to_move():
                self._bot_move()
            self.refresh()
        elif self._bot_to_move():
            self.refresh()
            self._pending = loop.call_later(self.delay, self._timed_bot_move)
        else:
            self.refresh()

    def _timed_bot_move(self) -> None:
        self._pending = None
        if self._bot_to_move():
            self._bot_move()
        self._advance()

    def _bot_to_move(self) -> bool:
        seat = self.deal.to_move
        return seat is not None and seat != LEARNER and not self.deal.is_finished

    def _bot_move(self) -> None:
        seat = self.deal.to_move
        assert seat is not None
        self.deal.act(self.bots[seat].choose(self.deal.view(seat)))

    def _cancel_pending(self) -> None:
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None

    # --- drawing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Bring every part of the table up to date with the engine (in place)."""
        deal, game = self.deal, self.game
        self.table.show(deal, self._status())
        mine = deal.to_move == LEARNER
        hand = deal.hand(LEARNER)
        if deal.phase is Phase.PLAY and mine:
            self.picker.show(hand, {c: deal.explain(c) for c in hand})
        else:
            self.picker.show(hand)
        self.bid_panel.show_deal(deal, LEARNER)
        show(self.bid_panel, deal.phase is Phase.AUCTION)
        show(self.trump_picker, deal.phase is Phase.TRUMP and mine)
        if deal.phase is Phase.TRUMP and mine:
            self.trump_picker.show_counts([sum(c.suit == s for c in hand) for s in Suit])
        self.hint_button.disabled = bots_feature("hint") is None or not mine or deal.is_finished
        self.hint_button.tooltip = ("Ask which move the engine suggests, and why" if bots_feature("hint")
                                    else "Hints arrive with the stronger bots")
        self.undo_button.disabled = not self._marks
        self.next_button.disabled = not deal.is_finished or game.is_over
        self.scores.show_game(game)
        self._show_deal_end()

    def _status(self) -> str:
        return "Game over." if self.game.is_over else self.game.status

    def _show_deal_end(self) -> None:
        deal, game = self.deal, self.game
        show(self.banner, game.is_over)
        if game.is_over:
            winners = [self.names[s] for s in game.winners]
            total = game.totals[game.winners[0]]
            who = f"{winners[0]} wins" if len(winners) == 1 else f"{' and '.join(winners)} share first place"
            self.banner.value = f"Game over: {who} with {total} points. Press New game to play again."
        if not deal.is_finished:
            show(self.review, False)
            return
        if deal.phase is Phase.REDEAL:
            self.message.value = "Everyone passed: the cards are thrown in. Press Next deal."
        elif not self.message.value:
            assert deal.declarer is not None
            made = "made it" if deal.tricks_won[deal.declarer] >= (deal.contract or 0) else "went down"
            self.message.value = (f"Deal over: {self.names[deal.declarer]} bid {deal.contract}, took "
                                  f"{deal.tricks_won[deal.declarer]} and {made}. "
                                  f"Your points: {deal.scores()[LEARNER]:+d}.")
        self._show_review()

    def _show_review(self) -> None:
        review = bots_feature("review")
        deal = self.deal
        if review is None or deal.phase is not Phase.OVER:
            show(self.review, False)
            return
        key = (id(deal), len(deal.history))
        if key == self._reviewed:
            return
        self._reviewed = key
        items = review(deal, LEARNER)
        lines = "".join(f"<li>Trick {i.trick_number}: {i.text}</li>" for i in items)
        self.review.value = ('<div class="batak-panel-title">Review of your play</div>'
                             + (f"<ol>{lines}</ol>" if lines else "<p>No costly mistakes this deal.</p>"))
        show(self.review, True)
