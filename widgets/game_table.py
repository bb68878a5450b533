"""GameTable: a whole game of Batak against three bots, from the first bid to the winner.

The table is a view over ``batak_core.Game``: every click becomes an engine action and an
illegal one comes back as the engine's reason. Bots play after ``delay`` seconds on the kernel's
event loop; with ``delay=0`` (or outside a running loop, as in pytest) they play at once,
synchronously, so a test can drive a whole game by clicking.

Every variant the engine knows is played: Koz Maça's announcements, Eşli's sides and classic's
open dummy (the declarer plays it, whether that is you or a bot), Gömmeli's kitty and bury,
and the weak-hand redeal house rule.

The move clock (a setting, on where the rules have one) times the learner's moves only: the
rules' seconds a move, "More time" once a move, then the engine's ``Deal.timeout_action()`` is
played for the learner. ``tick(seconds)`` moves it on; on the kernel's event loop a task calls
it once a second while a page shows the table (``on_screen``), so tests drive the clock
without waiting and a page that is slow to show costs the learner nothing.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable, Sequence
from html import escape as html_escape

import ipywidgets as w

import batak_core as bc
from batak_core import (
    Action,
    ActionKind,
    Card,
    Deal,
    DealView,
    Game,
    IllegalMove,
    Phase,
    RuleSet,
    Suit,
    Variant,
    Verdict,
)
from batak_core.ai.analysis import BackgroundCardValues, pending_note, values_every_trick, with_card_values
from batak_core.ai.bots import ReviewItem
from batak_core.ai.bots import hint as bot_hint
from batak_core.ai.bots import review as bot_review
from batak_core.errors import shorten
from batak_core.i18n import _, format_list, format_number, ngettext
from batak_core.options import option
from batak_core.seats import partner
from batak_core.shuffle import derive_seed, new_seed
from batak_core.teaching.names import seat_name

from .analysis import AnalysisBoard
from .bidding import BidPanel, TrumpPicker, call_text
from .cards import card_svg
from .picker import CardPicker
from .rules_panel import VARIANT_TITLES
from .scores import ScoreSheet
from .style import control, root, set_classes, show, style_widget, toggle_class
from .table import NAMES, TableView, owner_name, seat_names

LEARNER = 0
PARTNER = partner(LEARNER)
REVIEW_START_DELAY = 0.05
"""Seconds between showing 'Reviewing…' and starting the check, so the message reaches the page first."""
CLOCK_STEP = 1.0
"""Seconds between two ticks of the move clock on the kernel's event loop."""
CLOCK_SOURCE = "miniokey"
"""The rule book whose move clock a learner may switch on under rules that have none."""
LOW_TIME = 10
"""Seconds left from which the clock is drawn as running out."""


def clock_rules(rules: RuleSet) -> RuleSet:
    """The rules as the move clock times them: their own clock, or the clock of ``CLOCK_SOURCE``
    (read from the options table) for rules without one."""
    if rules.move_seconds:
        return rules
    return rules.replace(**{name: option(name).presets[CLOCK_SOURCE] for name in ("move_seconds", "extra_seconds")})


def _action_html(action: Action, announcing: bool) -> str:
    """An action in words; a card to play is also drawn, small, so its suit does not rest on a glyph."""
    text = escape(action.text(announcing=announcing))
    if action.kind is not ActionKind.PLAY:
        return text
    return f"{_inline_card(action)} {text}"


def _inline_card(action: Action) -> str:
    """A card to play, drawn small in a line of text."""
    return (f'<span class="batak-inline-card" style="display: inline-block; vertical-align: middle">'
            f"{card_svg(action.card, scale=0.3)}</span>")


def escape(text: str) -> str:
    """Text for an HTML element's content (quotes stay as they are: no attribute is written)."""
    return html_escape(text, quote=False)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class GameTable(w.VBox):
    """Play a game against three bots. ``bots`` is one level for all three or a level per bot seat."""

    # nothing waits yet: close() may run for a table whose __init__ refused its arguments
    _pending: asyncio.TimerHandle | None = None
    _pending_review: asyncio.TimerHandle | None = None
    _pending_analysis: asyncio.TimerHandle | None = None
    _background: BackgroundCardValues | None = None  # the analysis board's earliest tricks, being valued
    _clock_task: asyncio.Task[None] | None = None

    def __init__(self, rules: RuleSet | None = None, bots: str | Sequence[str] = "random",
                 seed: int | None = None, delay: float = 0.8, *, names: Sequence[str] = NAMES,
                 on_game_over: Callable[[], None] | None = None) -> None:
        self.rules = rules or bc.preset(bc.DEFAULT_PRESET)
        if on_game_over is not None and not callable(on_game_over):
            raise ValueError(f"on_game_over is a function called without arguments when a game ends, or None; "
                             f"not {shorten(on_game_over)}")
        self.on_game_over = on_game_over
        self._game_over_told: Game | None = None  # the game whose end on_game_over has heard
        self.names = seat_names(names)
        levels = [bots] * 3 if isinstance(bots, str) else list(bots)
        if len(levels) != 3:
            raise ValueError("bots is one level for all three opponents or a list of three levels")
        for level in levels:
            bc.bots.get(level)  # unknown levels raise ValueError naming the valid ones
        self.levels = levels
        self.delay = delay
        self._marks: list[int] = []  # the deal's history length before each of the learner's actions
        self._reviewed: tuple[int, int] | None = None  # the deal (id, length) the review panel shows
        self._analysed: tuple[int, int] | None = None  # the deal (id, length) the analysis board shows

        self.table = TableView(self.rules, names=self.names, bots=("", *levels))
        self.table.dummy_apart = True  # your partner's open hand is drawn as the buttons you play
        self.picker = CardPicker(on_play=lambda card: self._act(Action.play(card)))
        set_classes(self.picker, ("batak-learner-hand",))
        self.hand_title = w.HTML()
        set_classes(self.hand_title, ("batak-hand-title",))
        # Translators: the bury button, "Bury these 4"; the hand's title tells the learner to press it.
        self.bury_button = control(_("Bury these {n}").format(n=self.rules.kitty),
                                   _("Bury the cards you picked face down: they count for nobody"), "batak-bury")
        self.bury_button.layout.flex = "0 0 auto"  # the long hint beside it must not squeeze it
        self.bury_button.on_click(lambda _b: self._act(Action.bury(self.picker.selected)))
        self.dummy_title = w.HTML()
        set_classes(self.dummy_title, ("batak-hand-title",))
        self.dummy_picker = CardPicker(on_play=lambda card: self._act(Action.play(card)))
        self.dummy_box = w.VBox([self.dummy_title, self.dummy_picker])
        set_classes(self.dummy_box, ("batak-dummy",))
        self.bid_panel = BidPanel(names=self.names, on_bid=self._act, on_redeal=self._demand_redeal)
        self.trump_picker = TrumpPicker(on_choose=self._act)
        self.message = w.HTML()
        set_classes(self.message, ("batak-message",))
        self.clock_note = w.HTML()  # what the clock did for the learner, and why
        set_classes(self.clock_note, ("batak-message", "batak-clock-note"))

        self._clock_rules = clock_rules(self.rules)
        self.seconds_left: float | None = None  # on the learner's move with the clock on, else None
        self._extended = False
        self._clock_move: tuple[int, int] | None = None  # the move (deal, history length) being timed
        self.clock_setting = w.Checkbox(
            value=self.rules.move_seconds > 0, description=_("Move clock"), indent=False,
            tooltip=option("move_seconds").text(self._clock_rules), layout=w.Layout(width="auto"))
        set_classes(self.clock_setting, ("batak-clock-setting",))
        self.clock_setting.observe(lambda _c: self._clock_switched(), "value")
        self.clock = w.HTML()
        set_classes(self.clock, ("batak-clock",))
        extra = self._clock_rules.extra_seconds
        self.more_time_button = control(_("More time"), ngettext("Once a move: {n} second more for this move",
                                                                 "Once a move: {n} seconds more for this move",
                                                                 extra).format(n=extra), "batak-more-time")
        self.more_time_button.on_click(lambda _b: self.more_time())

        self.hint_button = control(_("Hint"), _("Ask which move the engine suggests, and why"), "batak-hint")
        self.undo_button = control(_("Undo"), _("Take back your last move (and the bots' moves after it)"),
                                   "batak-undo")
        self.next_button = control(_("Next deal"), _("Deal the next hand"), "batak-next-deal")
        self.new_game_button = control(_("New game"), _("Start a new game with these rules"), "batak-new-game")
        hand_row = w.HBox([self.hand_title, self.clock, self.more_time_button, self.bury_button, self.hint_button,
                           self.undo_button, self.next_button, self.table.last_trick_button],
                          layout=w.Layout(align_items="center", flex_flow="row wrap"))
        set_classes(hand_row, ("batak-hand-row",))
        info, grid, _last_trick_row = self.table.felt.children  # its button joins the row above your hand
        self.table.felt.children = (info, self.dummy_box, grid, self.table.last_trick, self.message,
                                    self.clock_note, self.bid_panel, self.trump_picker, hand_row, self.picker)
        self.scores = ScoreSheet(names=self.names)
        self.review = w.HTML()
        set_classes(self.review, ("batak-panel", "batak-review"))
        # on request: the double-dummy check takes the kernel seconds, and nothing else moves meanwhile
        self.review_button = control(_("Review my play"),
                                     _("Check your calls and cards in this deal against perfect play"),
                                     "batak-review-button")
        self.review_button.on_click(lambda _b: self.show_review())
        # on request too, and under the table: the board is as wide as the table and seconds to compute
        self.analyse_button = control(_("Analyse this deal"), _("Replay the deal with all four hands open and every "
                                                                "card valued against perfect play"),
                                      "batak-analyse-button")
        self.analyse_button.on_click(lambda _b: self.show_analysis())
        self.analysis_box = w.VBox()
        set_classes(self.analysis_box, ("batak-analysis-box",))
        show(self.analysis_box, False)
        self.banner = w.HTML()
        set_classes(self.banner, ("batak-game-over",))

        self.hint_button.on_click(lambda _b: self.hint())
        self.undo_button.on_click(lambda _b: self.undo())
        self.next_button.on_click(lambda _b: self.next_deal())
        self.new_game_button.on_click(lambda _b: self.new_game())
        self.level = w.Dropdown(options=list(bc.bots.LEVELS), value=levels[0], description=_("Bots"),
                                tooltip=_("How strong the three computer players are"),
                                layout=w.Layout(width="170px"), style={"description_width": "initial"})
        self.level.observe(lambda change: self.set_bots(change["new"]), "value")
        self.speed = w.FloatSlider(value=delay, min=0.0, max=2.0, step=0.1, description=_("Bot delay (s)"),
                                   tooltip=_("Seconds between bot plays; 0 plays at once"),
                                   style={"description_width": "initial"}, layout=w.Layout(width="260px"))
        self.speed.observe(lambda change: setattr(self, "delay", change["new"]), "value")
        # Translators: the table's title; {rules} is the rule book's name (classic, miniokey...), {variant} a
        # variant's title ("Eşli (partners)").
        heading = (_("Batak: {rules} rules").format(rules=self.rules.name) if self.rules.variant is Variant.IHALELI
                   else _("Batak: {rules} rules, {variant}").format(rules=self.rules.name,
                                                                     variant=_(VARIANT_TITLES[self.rules.variant])))
        title = w.HTML(f'<div class="batak-panel-title">{heading}</div>')
        header = w.HBox([title, self.level, self.speed, self.clock_setting, self.new_game_button],
                        layout=w.Layout(align_items="center", flex_flow="row wrap"))
        set_classes(header, ("batak-table-header",))
        side = w.VBox([w.HTML('<div class="batak-panel-title">' + _("Score sheet") + "</div>"), self.scores,
                       self.review_button,
                       self.analyse_button, self.review])
        set_classes(side, ("batak-table-side",))
        set_classes(self.table, ("batak-table-main",))
        main = w.HBox([self.table, side], layout=w.Layout(align_items="flex-start", flex_flow="row wrap"))
        set_classes(main, ("batak-table-body",))
        # _view_count=0 asks the front end to count the views it draws: the clock runs only then.
        super().__init__([style_widget(), header, self.banner, main, self.analysis_box], _view_count=0)
        root(self, "batak-game-table")
        self.game = Game(self.rules, seed)
        self._make_bots()
        self._start_deal()
        self._start_clock_task()

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
        """The learner's bid or announcement, pass, trump, cards to bury or card, checked by the engine."""
        self._learner_move(lambda deal: deal.act(action))

    def _demand_redeal(self) -> None:
        self._learner_move(Deal.demand_redeal)

    def _learner_move(self, move: Callable[[Deal], None]) -> None:
        """Apply a move of the learner (or of the dummy the learner plays); the engine's refusal
        is shown with its reason and changes nothing."""
        deal = self.deal
        if deal.decider != LEARNER:
            self.message.value = _("Wait: it is not your turn.")
            return
        before = len(deal.history)
        try:
            move(deal)
        except IllegalMove as error:
            self.message.value = f'<div class="batak-reason">{error.reason}</div>'
            return
        self._marks.append(before)
        self.message.value = self.clock_note.value = ""
        self._advance()

    def hint(self) -> None:
        """The suggested move, why, and its numbers each said in words (or why there are none)."""
        if self.deal.decider != LEARNER or self.deal.is_finished:
            return
        advice = bot_hint(self.deal.view(LEARNER))
        announcing = self.rules.announcements
        lines = "".join(f"<li>{_action_html(alt.action, announcing)}: {escape(alt.says)}</li>"
                        for alt in advice.shown())
        hint = _("Hint: {action}.").format(action=_action_html(advice.action, announcing))
        self.message.value = (f'<div class="batak-reason batak-hint-text"><b>{hint}</b> {escape(advice.reason)}'
                              f'<p class="batak-hint-numbers">{escape(advice.numbers_note)}</p>'
                              f"{f'<ul>{lines}</ul>' if lines else ''}</div>")
        picker = self.dummy_picker if self.deal.to_move == PARTNER else self.picker
        action = advice.action
        if action.kind is ActionKind.PLAY and action.card in picker.hand:
            set_classes(picker.button(action.card), ("batak-hinted",))
        elif action.kind is ActionKind.TRUMP and action.suit is not None:
            set_classes(self.trump_picker.buttons[action.suit], ("batak-hinted",))

    def undo(self) -> None:
        """Take back the learner's last action and every bot action after it."""
        if not self._marks:
            return
        self._cancel_pending()
        mark = self._marks.pop()
        while len(self.deal.history) > mark:
            self.deal.undo()
        self.message.value = _("Move taken back.")
        self.refresh()

    def next_deal(self) -> None:
        if not self.deal.is_finished or self.game.is_over:
            return
        self.game.next_deal()
        self._start_deal()

    def new_game(self) -> None:
        self._cancel_pending()
        self._stop_clock_task()
        self.game = Game(self.rules, new_seed())
        self._make_bots()
        self._start_deal()
        self._start_clock_task()

    def close(self) -> None:
        """Stop the bots' and the clock's waiting tasks with the widget."""
        self._cancel_pending()
        self._stop_clock_task()
        super().close()

    # --- the move clock ------------------------------------------------------------------------

    def tick(self, seconds: float = CLOCK_STEP) -> None:
        """Let ``seconds`` of the learner's time run; at zero the engine's timeout move is played
        for the learner. Bots are never timed: off the learner's move this does nothing."""
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) \
                or seconds < 0:
            raise ValueError(f"seconds is a number of seconds, 0 or more; not {shorten(seconds)}")
        if self.seconds_left is None:
            return
        self.seconds_left = max(0.0, self.seconds_left - seconds)
        if self.seconds_left > 0:
            self._show_clock()
            return
        self._time_out()

    def more_time(self) -> None:
        """The one extension a move may have: the rules' extra seconds on the clock."""
        extra = self._clock_rules.extra_seconds
        if self.seconds_left is None or self._extended or not extra:
            return
        self._extended = True
        self.seconds_left += extra
        self._show_clock()

    def _time_out(self) -> None:
        """Play the engine's move for the learner, and say what it was and why."""
        action = self.deal.timeout_action()
        announcing = self.rules.announcements
        if action.kind is ActionKind.BID:
            forced = " " + (_("Announcements cannot be passed, so the lowest announcement allowed was made.")
                            if announcing else _("You could not pass here, so the lowest bid allowed was made."))
        elif action.kind is ActionKind.BURY:
            forced = " " + _("Your lowest cards were buried.")
        else:
            forced = ""
        self._act(action)
        rule = option("move_seconds").text(self._clock_rules)
        moved = _("Time ran out, so the table moved for you: {action}.").format(action=_action_html(action, announcing))
        self.clock_note.value = (f'<div class="batak-reason batak-timeout"><b>{moved}</b>{escape(forced)} '
                                 f"{escape(rule)}</div>")

    def _clock_switched(self) -> None:
        if self.clock_setting.value:
            self._start_clock_task()
        else:
            self._stop_clock_task()
        self._sync_clock()

    def _sync_clock(self) -> None:
        """Give each new move of the learner a full clock (and none to a bot's move)."""
        deal = self.deal
        if self.clock_setting.value and deal.decider == LEARNER and not deal.is_finished:
            move = (id(deal), len(deal.history))
            if move != self._clock_move:
                self._clock_move = move
                self.seconds_left = float(self._clock_rules.move_seconds)
                self._extended = False
        else:
            self._clock_move = self.seconds_left = None
        self._show_clock()

    def _show_clock(self) -> None:
        left = self.seconds_left
        running = left is not None
        show(self.clock, running)
        show(self.more_time_button, running and self._clock_rules.extra_seconds > 0)
        if left is None:
            return
        seconds = math.ceil(left)
        # Translators: the move clock; "s" is the unit, seconds.
        self.clock.value = ('<span class="batak-clock-text">' + _("Your move: <b>{n} s</b> left").format(n=seconds)
                            + "</span>")
        toggle_class(self.clock, "batak-clock-low", seconds <= LOW_TIME)
        self.more_time_button.disabled = self._extended

    def _start_clock_task(self) -> None:
        """On the kernel's event loop, tick the clock once a second while the setting is on."""
        loop = _running_loop()
        if loop is None or self._clock_task is not None or not self.clock_setting.value:
            return
        self._clock_task = loop.create_task(self._run_clock())

    @property
    def on_screen(self) -> bool:
        """Whether a page shows the table now. The clock runs only then, so a page that is slow to
        show (a cold, busy classroom server) costs the learner none of their time."""
        return bool(self._view_count)

    async def _run_clock(self) -> None:
        while True:
            await asyncio.sleep(CLOCK_STEP)
            if self.on_screen:
                self.tick(CLOCK_STEP)

    def _stop_clock_task(self) -> None:
        if self._clock_task is not None:
            self._clock_task.cancel()
            self._clock_task = None

    # --- the flow of play --------------------------------------------------------------------

    def _start_deal(self) -> None:
        self._marks = []
        self.message.value = self.clock_note.value = ""
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
        """A bot decides now: its own move, or its open dummy's (or the learner's, as dummy)."""
        seat = self.deal.decider
        return seat is not None and seat != LEARNER and not self.deal.is_finished

    def _bot_move(self) -> None:
        seat = self.deal.decider
        assert seat is not None
        self.deal.act(self.bots[seat].choose(self.deal.view(seat)))

    def _cancel_pending(self) -> None:
        for handle in (self._pending, self._pending_review, self._pending_analysis):
            if handle is not None:
                handle.cancel()
        self._pending = self._pending_review = self._pending_analysis = None
        self._stop_background()

    def _stop_background(self) -> None:
        """Stop valuing the last deal's earliest tricks (the board they were for is gone)."""
        background, self._background = self._background, None
        if background is not None:
            loop = _running_loop()
            if loop is not None:
                loop.remove_reader(background.fileno())
            background.cancel()

    # --- drawing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Bring every part of the table up to date with the engine (in place). The views get the
        learner's ``DealView``; only the verdicts on the learner's cards come from the deal itself."""
        deal, game = self.deal, self.game
        view = deal.view(LEARNER)
        self.table.show(view, self._status())
        deciding = view.my_turn
        self._show_hand(view, deciding)
        self._show_dummy(view, deciding)
        self.bid_panel.show_view(view)
        show(self.bid_panel, view.phase is Phase.AUCTION)
        show(self.trump_picker, view.phase is Phase.TRUMP and deciding)
        if view.phase is Phase.TRUMP and deciding:
            self.trump_picker.show_counts([sum(c.suit == s for c in view.hand) for s in Suit])
        self.hint_button.disabled = not deciding or deal.is_finished
        self.undo_button.disabled = not self._marks
        self.next_button.disabled = not deal.is_finished or game.is_over
        show(self.next_button, not self.next_button.disabled)  # in view only when it deals: room for the rest
        self.scores.show_game(game)
        self._sync_clock()
        self._show_deal_end()

    def _show_hand(self, view: DealView, deciding: bool) -> None:
        """Your hand: cards to play, to pick for the bury, or (as dummy) open for your partner to play."""
        hand = view.hand
        burying = view.phase is Phase.BURY and deciding
        show(self.bury_button, burying)
        if burying:
            size = self.rules.kitty
            self.picker.show(hand, select=True, marked=dict.fromkeys(view.kitty, _("from the kitty")))
            # Translators: "Bury these {n}" is the bury button's label.
            self.hand_title.value = _("<b>You took the kitty</b> (its {n} cards are marked): pick {n} "
                                      "cards to bury face down, then press Bury these {n}.").format(n=size)
            return
        if view.phase is Phase.PLAY and deciding and view.to_move == LEARNER:
            self.picker.show(hand, self._verdicts(hand))
        else:
            self.picker.show(hand)
        if view.dummy == LEARNER:
            self.hand_title.value = _("<b>You are the dummy.</b> Your hand lies open for everyone, and "
                                      "{name}, your partner and the declarer, plays it.").format(
                                          name=self.names[PARTNER])
        else:
            self.hand_title.value = "<b>" + _("Your hand") + "</b>"

    def _show_dummy(self, view: DealView, deciding: bool) -> None:
        """Your partner's open hand while you are declarer: you play its cards on its turns."""
        playing = view.dummy == PARTNER and view.phase is Phase.PLAY
        show(self.dummy_box, playing)
        if not playing:
            return
        hand = view.dummy_hand
        turn = deciding and view.to_move == PARTNER
        self.dummy_picker.show(hand, self._verdicts(hand) if turn else None)
        # Translators: {owner} is the partner's name as owner, "Mehmet's" (Turkish "Mehmet'in", German "Mehmets").
        title = (_("<b>{owner} open hand (the dummy)</b>: you are declarer and play these cards too. Its turn now: "
                   "play one.") if turn else
                 _("<b>{owner} open hand (the dummy)</b>: you are declarer and play these cards too."))
        self.dummy_title.value = title.format(owner=owner_name(self.names, PARTNER))

    def _verdicts(self, hand: Sequence[Card]) -> dict[Card, Verdict]:
        """The engine's verdict on each card of the hand the learner plays from now."""
        return {card: self.deal.explain(card) for card in hand}

    def _status(self) -> str:
        """The game's own progress line ("Deal 1 of 5."), which names the deal just finished until
        the next one is dealt."""
        return _("Game over.") if self.game.is_over else self.game.status

    def _show_deal_end(self) -> None:
        deal, game = self.deal, self.game
        show(self.banner, game.is_over)
        if game.is_over:
            # Translators: {winners} is who won, "Ayşe wins with 230 points".
            self.banner.value = _("Game over: {winners}. Press New game to play again.").format(
                winners=self._winners())
            if self._game_over_told is not game:
                self._game_over_told = game
                if self.on_game_over is not None:
                    self.on_game_over()
        if not deal.is_finished:
            show(self.review, False)
            show(self.review_button, False)
            show(self.analyse_button, False)
            show(self.analysis_box, False)
            if self.analysis_box.children:
                self.analysis_box.children = ()  # the last deal's board goes with it
                self._stop_background()
            return
        if deal.phase is Phase.REDEAL:
            self.message.value = (_("A redeal was demanded (no card above 10): the cards are thrown in. "
                                    "Press Next deal.") if deal.redeal_demanded else
                                  _("Everyone passed: the cards are thrown in. Press Next deal."))
        elif not self.message.value:
            self.message.value = self._result(deal)
        reviewed = self._reviewed == (id(deal), len(deal.history))
        show(self.review_button, deal.phase is Phase.OVER and not reviewed)
        show(self.review, reviewed)
        analysed = self._analysed == (id(deal), len(deal.history))
        show(self.analyse_button, deal.phase is Phase.OVER and not analysed)
        show(self.analysis_box, analysed)

    def _winners(self) -> str:
        """Who won, with partners winning together."""
        game = self.game
        seats = game.winners
        points = game.totals[seats[0]]
        if game.shared_first:
            return _("{names} share first place with {points} points").format(
                names=format_list([self.names[s] for s in seats]), points=points)
        if len(seats) == 1:
            if self._is_you(seats[0]):
                return _("You win with {points} points").format(points=points)
            return _("{name} wins with {points} points").format(name=self.names[seats[0]], points=points)
        # Translators: partners winning together; {names} is "Ayşe and Zeynep" (or "You and Mehmet").
        return _("{names} win with {points} points").format(names=format_list([self.names[s] for s in seats]),
                                                            points=points)

    def _is_you(self, seat: int) -> bool:
        """Whether the seat bears the learner's own name ("You"), which sentences address directly."""
        return self.names[seat] == seat_name(0)

    def _result(self, deal: Deal) -> str:
        # Translators: the learner's points for the deal, signed: "+70", "−50".
        points = _("Your points: {points}.").format(points=format_number(deal.scores()[LEARNER], signed=True))
        if deal.rules.announcements:
            return _("Deal over: you announced {call} and took {tricks}. {points}").format(
                call=call_text(deal.announcements[LEARNER]), tricks=deal.tricks_won[LEARNER], points=points)
        assert deal.declarer is not None and deal.contract is not None
        took = deal.side_tricks(deal.declarer)
        declarer, mate = deal.declarer, partner(deal.declarer)
        # Translators: {points} is the sentence "Your points: +70."
        if deal.rules.partnership:
            if self._is_you(declarer):
                line = (_("Deal over: You bid {contract}; You and {mate} took {tricks} together and made it. {points}")
                        if deal.made else
                        _("Deal over: You bid {contract}; You and {mate} took {tricks} together and went down. "
                          "{points}"))
            elif self._is_you(mate):
                line = (_("Deal over: {name} bid {contract}; {name} and You took {tricks} together and made it. "
                          "{points}") if deal.made else
                        _("Deal over: {name} bid {contract}; {name} and You took {tricks} together and went down. "
                          "{points}"))
            else:
                line = (_("Deal over: {name} bid {contract}; {name} and {mate} took {tricks} together and made it. "
                          "{points}") if deal.made else
                        _("Deal over: {name} bid {contract}; {name} and {mate} took {tricks} together and went down. "
                          "{points}"))
        elif self._is_you(declarer):
            line = (_("Deal over: You bid {contract}, took {tricks} and made it. {points}") if deal.made else
                    _("Deal over: You bid {contract}, took {tricks} and went down. {points}"))
        else:
            line = (_("Deal over: {name} bid {contract}, took {tricks} and made it. {points}") if deal.made else
                    _("Deal over: {name} bid {contract}, took {tricks} and went down. {points}"))
        return line.format(name=self.names[declarer], mate=self.names[mate], contract=deal.contract, tricks=took,
                           points=points)

    def show_review(self) -> None:
        """The learner's costliest calls and cards in the deal just played, checked double dummy.
        The check takes seconds: the panel says 'Reviewing…' first, and on the kernel's event
        loop the check starts a moment later, once that message is on its way (the compiled
        solver holds the interpreter while it runs, so nothing else is sent meanwhile)."""
        deal = self.deal
        if deal.phase is not Phase.OVER:
            return
        key = (id(deal), len(deal.history))
        show(self.review_button, False)
        show(self.review, True)
        if key == self._reviewed:
            return
        self._reviewed = key
        self.review.value = (_review_title() + '<p class="batak-review-scope batak-reviewing">'
                             + _("<b>Reviewing…</b> checking your calls and cards against perfect play. This can "
                                 "take up to a minute.") + "</p>")
        loop = _running_loop()
        if loop is None:
            self._finish_review(deal, key)
        else:
            self._pending_review = loop.call_later(REVIEW_START_DELAY, self._finish_review, deal, key)

    def _finish_review(self, deal: Deal, key: tuple[int, int]) -> None:
        self._pending_review = None
        if self._reviewed != key or self.deal is not deal:
            return  # the learner moved on to another deal meanwhile
        try:
            result = bot_review(deal, LEARNER)
        except Exception as error:  # any failure: the panel must not hang on "Reviewing…"
            # Translators: {error} is the error's name and message as the program gives them (English).
            self.review.value = (_review_title() + '<p class="batak-review-scope">'
                                 + _("The review could not be finished ({error}). The game goes on as before.").format(
                                     error=f"{escape(type(error).__name__)}: {escape(shorten(str(error)))}")
                                 + "</p>")
            return
        lines = "".join(f"<li>{_review_item_html(item)}</li>" for item in result.items)
        shortfall = f'<p class="batak-review-shortfall">{escape(result.shortfall)}</p>' if result.shortfall else ""
        # Translators: {scope} says what was checked, "your 13 cards and your bid" (from the review).
        scope = _("Double-dummy check of {scope}.").format(scope=escape(result.scope))
        self.review.value = (_review_title() + f'<p class="batak-review-scope">{scope}</p>'
                             + shortfall + (f"<ol>{lines}</ol>" if lines else
                                            "<p>" + _("No costly mistakes found.") + "</p>"))


    def show_analysis(self) -> None:
        """The analysis board of the deal just played, under the table. Like the review it says
        'Analysing…' first and, on the kernel's event loop, starts a moment later."""
        deal = self.deal
        if deal.phase is not Phase.OVER:
            return
        key = (id(deal), len(deal.history))
        show(self.analyse_button, False)
        show(self.analysis_box, True)
        if key == self._analysed:
            return
        self._analysed = key
        waiting = w.HTML('<p class="batak-analysing">' + _("<b>Analysing…</b> valuing every card of the deal against "
                                                           "perfect play. This can take up to a minute.") + "</p>")
        self.analysis_box.children = (waiting,)
        loop = _running_loop()
        if loop is None:
            self._finish_analysis(deal, key)
        else:
            self._pending_analysis = loop.call_later(REVIEW_START_DELAY, self._finish_analysis, deal, key)

    def _finish_analysis(self, deal: Deal, key: tuple[int, int]) -> None:
        self._pending_analysis = None
        if self._analysed != key or self.deal is not deal:
            return  # the learner moved on to another deal meanwhile
        self._stop_background()
        if values_every_trick():
            # The whole deal, started now beside the board's budget (the other core): a hard
            # deal's earliest tricks then come a budget's time sooner; an easy one stops it.
            self._background = BackgroundCardValues(deal)
        try:
            board = AnalysisBoard(deal, auction_seats=(LEARNER,), names=self.names)
        except Exception as error:  # any failure: the box must not hang on "Analysing…"
            self._stop_background()
            # Translators: {error} is the error's name and message as the program gives them (English).
            self.analysis_box.children = (w.HTML(
                '<p class="batak-analysing">' + _("The analysis could not be finished ({error}). The game goes on as "
                                                  "before.").format(
                    error=f"{escape(type(error).__name__)}: {escape(shorten(str(error)))}") + "</p>"),)
            return
        self.analysis_box.children = (board,)
        if board.analysis.complete or self._background is None:
            self._stop_background()
        else:
            self._wait_for_the_rest(board, key, self._background)

    def _wait_for_the_rest(self, board: AnalysisBoard, key: tuple[int, int], background: BackgroundCardValues) -> None:
        """The tricks the board's budget left out come from the background process; the board says
        so meanwhile and fills them in as they arrive, trick by trick on a hard deal
        (``background_arrived``; on the kernel's event loop this happens by itself)."""
        board.set_note(pending_note(board.analysis))
        loop = _running_loop()
        if loop is not None:
            loop.add_reader(background.fileno(), self.background_arrived, board, key)

    def background_arrived(self, board: AnalysisBoard, key: tuple[int, int]) -> None:
        """Take the background's next message (waits for it): the tricks valued so far go on the
        board where they reach further than it shows, and the final values end the wait."""
        background = self._background
        if background is None:
            return
        if self._analysed != key or board not in self.analysis_box.children:
            self._stop_background()
            return
        try:
            values, final = background.receive()
        except ValueError:
            self._stop_background()
            board.set_note(f"{board.analysis.note} " + _("(The search of the earliest tricks stopped unfinished.)"))
            return
        if final:
            self._stop_background()
            board.fill_in(with_card_values(board.analysis, values))
            return
        progress = with_card_values(board.analysis, values)
        if len(progress.covered) > len(board.analysis.covered):
            board.fill_in(progress)
            board.set_note(pending_note(progress))

    def finish_background(self, board: AnalysisBoard, key: tuple[int, int]) -> None:
        """Wait for the background's final values and put them on the board (as the event loop
        does message by message)."""
        while self._background is not None:
            self.background_arrived(board, key)


def _review_title() -> str:
    return '<div class="batak-panel-title">' + _("Review of your play") + "</div>"


def _review_item_html(item: ReviewItem) -> str:
    """One review item: for a card, the card played and the better one drawn, then the words."""
    if item.in_auction:
        return escape(item.text)
    return f"{_inline_card(item.played)}{_inline_card(item.better)} {escape(item.text)}"
