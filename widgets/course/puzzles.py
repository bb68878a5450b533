"""The Puzzles page: double-dummy puzzles chosen near the learner's rating, solved by clicking.

``PuzzleBoard`` shows one puzzle (``teaching.puzzles.Solve`` judges every click) and saves its
first try through ``Progress.record_puzzle``; ``PuzzleTrainer`` picks the puzzles (the learner's
rule set, a form of the game, a theme, rated or not) and puts a board on the page. The Practice
page shows a missed puzzle on the same board, unrated.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from html import escape

import ipywidgets as w

from batak_core import Card, RuleSet
from batak_core.cards import sorted_hand
from batak_core.i18n import _, ngettext, upper_first
from batak_core.rules import Variant
from batak_core.shuffle import new_seed
from batak_core.teaching import puzzles
from batak_core.teaching.describe import VARIANT_NAMES
from batak_core.teaching.names import seat_name
from batak_core.teaching.ratings import Rating

from ..cards import CardButton, card_svg
from ..style import control, set_classes, show
from .page import current_rules, felt, lesson_page, load_progress, open_hands_html

Clock = Callable[[], datetime]
NEAREST = 8
"""The trainer picks at random among this many untried puzzles closest to the learner's rating."""
ANY_THEME = ""


def utc_now() -> datetime:
    return datetime.now(UTC)


def badge(value: int) -> str:
    """A card's value beside it: "=" for the best, "−1" for a trick less (a real minus sign)."""
    return "=" if value == 0 else f"−{-value}"


def _alphabetical(text: str) -> str:
    """A sort key that files a letter with its accents under the plain letter ("Üstten" under U,
    "İhaleli" under I), as a Turkish or German reader looks for it in a menu."""
    return "".join(c for c in unicodedata.normalize("NFD", text.casefold()) if not unicodedata.combining(c))


def _seat_played(hands: Sequence[Sequence[Card]], card: Card) -> int:
    """Whose hand ``card`` came from (the hands before it was played)."""
    return next(seat for seat, hand in enumerate(hands) if card in hand)


class PuzzleBoard(w.VBox):
    """One puzzle with every hand face up: your legal cards are buttons, the others are drawn.

    A right card shows the others' replies and, in a longer puzzle, your next decision; a wrong
    card ends the try and shows every legal card's value as a badge with the right card marked.
    Only the learner's first try at a puzzle changes a rating (``rated``), and every try is
    reported to ``on_done(right)`` after it is saved."""

    def __init__(self, rated: bool = True, clock: Clock = utc_now,
                 on_done: Callable[[bool], None] | None = None) -> None:
        self.rated, self.clock, self.on_done = rated, clock, on_done
        self.puzzle: puzzles.Puzzle | None = None
        self.attempt: puzzles.Solve | None = None
        self.counts = False
        self.rating_before: Rating | None = None
        self.rating_after: Rating | None = None
        self.heading = w.HTML()
        set_classes(self.heading, ("batak-puzzle-heading",))
        self.table = w.HTML()
        set_classes(self.table, ("batak-puzzle-table",))
        self.buttons: list[CardButton] = []
        self.badges: list[w.HTML] = []
        self.hand_row = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        set_classes(self.hand_row, ("batak-hand", "batak-puzzle-hand"))
        self.feedback = w.HTML()
        set_classes(self.feedback, ("batak-puzzle-feedback",))
        self.rating = w.HTML()
        set_classes(self.rating, ("batak-puzzle-rating",))
        super().__init__([self.heading, felt(self.table, self.hand_row), self.feedback, self.rating])
        set_classes(self, ("batak-puzzle-board",))

    # --- showing -------------------------------------------------------------------------------

    def show_puzzle(self, puzzle: puzzles.Puzzle) -> None:
        """A fresh try at ``puzzle``; it counts only if the learner never tried it before."""
        self.puzzle, self.attempt = puzzle, puzzles.Solve(puzzle)
        progress = load_progress()
        self.counts = puzzle.id not in progress.attempts
        self.rating_before, self.rating_after = progress.rating, None
        moves = puzzle.moves()
        if puzzle.rules.partnership:
            # Translators: {n} is 2 or more.
            goal = (_("Find the card that keeps the most tricks for your side: {n} cards in a row to find.")
                    if moves > 1 else _("Find the card that keeps the most tricks for your side."))
        else:
            # Translators: {n} is 2 or more.
            goal = (_("Find the card that keeps the most tricks: {n} cards in a row to find.") if moves > 1
                    else _("Find the card that keeps the most tricks."))
        goal = goal.format(n=moves)
        repeat = ("" if self.counts else
                  '<div class="batak-puzzle-repeat">'
                  + _("You have tried this puzzle before: this try does not count for your rating.") + "</div>")
        with self.feedback.hold_sync():
            self.feedback.value = ""
            set_classes(self.feedback, remove=("batak-correct", "batak-wrong"))
        self.rating.value = self._rating_line()
        self._draw(fresh=True)
        # last: the puzzle's id on the page then means the cards under it are this puzzle's
        rating = _("Puzzle rating <b>{rating}</b>").format(rating=round(puzzle.rating))
        self.heading.value = (f'<div class="batak-example-title">{goal}</div>'
                              f'<div class="batak-puzzle-about">{self._contract()} {rating} · '
                              f'<span class="batak-puzzle-id">{escape(puzzle.id)}</span></div>{repeat}')

    def _draw(self, fresh: bool = False) -> None:
        """The position as it stands in the try: the others' hands, the trick, and your cards.

        Every message is work for the browser, so a card keeps its button for the whole try (only
        ``fresh`` lays a new hand out in order): a played card just hides its own button, and each
        button whose state changes gets one message."""
        assert self.puzzle is not None and self.attempt is not None
        self.table.value = self._table()
        legal = set(self.attempt.legal()) if not self.attempt.done else set()
        mine = sorted_hand(self.attempt.hands[0])
        self._add_buttons(len(mine))
        cards = ([*mine, *[None] * (len(self.buttons) - len(mine))] if fresh else
                 [b.card if b.card in mine else None for b in self.buttons])
        for button, mark, column, card in zip(self.buttons, self.badges, self.hand_row.children, cards, strict=True):
            illegal = card not in legal and not self.attempt.done  # once it is over, none is "illegal"
            with button.hold_sync():
                button.set_card(card)
                set_classes(button, ("batak-illegal",) if illegal else (),
                            ("batak-right", "batak-wrong-pick", *(() if illegal else ("batak-illegal",))))
                button.disabled = card not in legal
                button.tooltip = _("You may not play this card here") if illegal else button.description
            show(column, card is not None)
            mark.value = ""

    def _add_buttons(self, count: int) -> None:
        """At least ``count`` card buttons, each with its badge below it (the row changes once)."""
        columns = []
        while len(self.buttons) < count:
            button = CardButton()
            button.on_click(self._clicked)
            mark = w.HTML()
            set_classes(mark, ("batak-puzzle-badge",))
            self.buttons.append(button)
            self.badges.append(mark)
            column = w.VBox([button, mark])
            set_classes(column, ("batak-puzzle-card",))
            columns.append(column)
        if columns:
            self.hand_row.children = (*self.hand_row.children, *columns)

    def _table(self) -> str:
        assert self.puzzle is not None and self.attempt is not None
        puzzle, attempt = self.puzzle, self.attempt
        leads = (_("nothing yet: you lead") if attempt.to_move == 0 else
                 _("nothing yet: {name} leads").format(name=seat_name(attempt.to_move)))
        table = open_hands_html(attempt.hands, attempt.trick, attempt.leader, puzzle.declarer, leads)
        word = puzzle.trump.word()
        # Translators: {suit} is the suit's plural name, capitalized ("Hearts"), {symbol} its sign (♥).
        trump = _("{suit} {symbol} are trump.").format(suit=upper_first(word), symbol=puzzle.trump.symbol)
        taken = attempt.position.won
        won = (ngettext("Your side has won {n} trick so far.", "Your side has won {n} tricks so far.", taken)
               if puzzle.rules.partnership else
               ngettext("You have won {n} trick so far.", "You have won {n} tricks so far.", taken)).format(n=taken)
        return (f'{table}<span>{escape(trump, quote=False)}</span><span>{escape(won, quote=False)}</span></div>'
                f'<div class="batak-puzzle-you">{escape(self._you(), quote=False)}</div>')

    def _you(self) -> str:
        """The learner's line under the table: "You", "(declarer)" when so, and what to do."""
        assert self.puzzle is not None and self.attempt is not None
        declarer = self.puzzle.declarer == 0
        if self.attempt.done:
            return _("You (declarer)") if declarer else seat_name(0)
        return _("You (declarer): click a card") if declarer else _("You: click a card")

    def _contract(self) -> str:
        """Who declared what (in Koz Maça: your own announcement)."""
        assert self.puzzle is not None
        declarer, contract = self.puzzle.declarer, self.puzzle.contract
        if contract is None:
            return ""
        if declarer is None:
            # Translators: Koz Maça: the number of tricks the learner announced.
            return _("You announced {n}.").format(n=contract)
        if declarer == 0:
            return _("You are the declarer, with a bid of {n}.").format(n=contract)
        return _("{name} is the declarer, with a bid of {n}.").format(name=seat_name(declarer), n=contract)

    def _rating_line(self) -> str:
        before = self.rating_before
        if before is None:
            return ""
        if self.rating_after is None:
            line = (_("Your puzzle rating: <b>{rating}</b> (rated)") if self.rated and self.counts else
                    _("Your puzzle rating: <b>{rating}</b> (unrated: your rating stays as it is)") if not self.rated
                    else _("Your puzzle rating: <b>{rating}</b> (a repeat: it does not count)"))
            return line.format(rating=round(before.rating))
        if self.rating_after != before:
            return _("Your puzzle rating: <b>{before} → {after}</b>").format(before=round(before.rating),
                                                                          after=round(self.rating_after.rating))
        return _("Your puzzle rating stays <b>{rating}</b>").format(rating=round(before.rating))

    def button(self, card: Card | str) -> CardButton:
        card = Card.parse(card)
        return next(b for b in self.buttons if b.card == card)

    def badge_of(self, card: Card | str) -> str:
        """The badge shown under ``card`` ("" until a wrong try shows the values)."""
        card = Card.parse(card)
        return str(next(m.value for b, m in zip(self.buttons, self.badges, strict=True) if b.card == card))

    # --- answering -----------------------------------------------------------------------------

    def _clicked(self, button: w.Button) -> None:
        assert isinstance(button, CardButton)
        if button.card is not None:
            self.play(button.card)

    def play(self, card: Card | str) -> puzzles.Verdict:
        """Play ``card`` as the learner (one of the legal cards now) and show the verdict."""
        assert self.puzzle is not None and self.attempt is not None
        if self.attempt.done:
            raise ValueError("this try is over: press Next puzzle (or Try again)")
        card = Card.parse(card)
        before = tuple(tuple(hand) for hand in self.attempt.hands)
        verdict = self.attempt.play(card)
        # the verdict goes to the page first (after saving a finished try), then the board changes
        if verdict.correct and not verdict.done:
            self._say(True, f"✓ {escape(verdict.message, quote=False)}{self._replies(before, verdict)}")
            self._draw()
            return verdict
        self._finish(verdict.correct)
        if verdict.correct:
            self._say(True, "✓ <b>" + _("Solved!") + f"</b> {escape(verdict.message, quote=False)}")
            self._draw()
        else:
            self._say(False, f"✗ {escape(verdict.message, quote=False)} "
                      + _("The badges under your cards show what each card keeps: = is the best, −1 a trick less."))
            self._show_values(card, verdict.values)
        if self.on_done is not None:
            self.on_done(verdict.correct)
        return verdict

    @staticmethod
    def _replies(before: Sequence[Sequence[Card]], verdict: puzzles.Verdict) -> str:
        if not verdict.replies:
            return ""
        shown = "".join(f'<span class="batak-ending-play">{card_svg(c, scale=0.5)}'
                        f"<small>{seat_name(_seat_played(before, c))}</small></span>" for c in verdict.replies)
        return '<div class="batak-puzzle-replies"><span>' + _("The others reply:") + f"</span>{shown}</div>"

    def _show_values(self, picked: Card, values: dict[Card, int]) -> None:
        """Every legal card's badge, the right card and the pick marked (one message a button)."""
        for button, mark in zip(self.buttons, self.badges, strict=True):
            value = values.get(button.card) if button.card is not None else None
            with button.hold_sync():
                button.disabled = True
                if value == 0:
                    set_classes(button, ("batak-right",))
                    button.tooltip = _("{card}: ✓ the right card").format(card=button.description)
                elif value is not None and button.card == picked:
                    set_classes(button, ("batak-wrong-pick",))
                    # Translators: {value} is what the card keeps against the best, "−1" (a trick less).
                    button.tooltip = _("{card}: ✗ your pick, {value}").format(card=button.description,
                                                                              value=badge(value))
            if value is not None:
                kind = "best" if value == 0 else "loses"
                mark.value = f'<span class="batak-badge batak-badge-{kind}">{badge(value)}</span>'

    def _finish(self, right: bool) -> None:
        """Save the try (a first try moves the ratings when rated) before any verdict shows."""
        assert self.puzzle is not None
        puzzle = self.puzzle
        progress = load_progress()
        after = progress.record_puzzle(puzzle.id, Rating(puzzle.rating, puzzle.rd), right,
                                       self.rated and self.counts, self.clock())
        self.rating_after = after
        self.rating.value = self._rating_line() + (
            "" if self.counts else " · " + _("you had tried this puzzle before, so this try does not count"))
        if progress.problem:
            self.rating.value += f'<br><span class="batak-error">{escape(progress.problem)}</span>'

    def _say(self, right: bool, text: str) -> None:
        """The verdict's text and colour in one message, so the page shows both at once."""
        with self.feedback.hold_sync():
            self.feedback.value = text
            set_classes(self.feedback, ("batak-correct" if right else "batak-wrong",),
                        ("batak-wrong" if right else "batak-correct",))


class PuzzleTrainer(w.VBox):
    """Puzzles under the learner's rule set, near their rating: a form of the game (İhaleli first),
    a theme ("any theme"), rated or unrated, and "Next puzzle"."""

    def __init__(self, rules: RuleSet | None = None, pool: Sequence[puzzles.Puzzle] | None = None,
                 seed: int | None = None, clock: Clock = utc_now) -> None:
        self.rules = rules or current_rules()
        self.pool = [p for p in (puzzles.load() if pool is None else pool) if p.preset == self.rules.name]
        if not self.pool:
            # Translators: {rules} is a rule source's name (miniokey), kept as it is.
            raise ValueError(_("no puzzles under the {rules} rules").format(rules=self.rules.name))
        self.rng = random.Random(new_seed() if seed is None else seed)
        self.shown: set[str] = set()
        self.board = PuzzleBoard(clock=clock)
        present = {p.variant for p in self.pool}
        variants = [v for v in Variant if v.value in present]
        first = Variant.IHALELI.value if Variant.IHALELI.value in present else variants[0].value
        self.variant = w.Dropdown(options=[(VARIANT_NAMES[v.value], v.value) for v in variants], value=first,
                                  description=_("Game"))
        show(self.variant, len(variants) > 1)
        self.theme = w.Dropdown(description=_("Theme"), layout=w.Layout(width="380px"))
        self._quiet = False
        self._set_themes()
        self.mode = w.ToggleButtons(options=[(_("Rated"), "Rated"), (_("Unrated"), "Unrated")], value="Rated",
                                    tooltips=[_("Your first try at each puzzle moves your rating"),
                                              _("Practise freely: your rating never changes")])
        set_classes(self.mode, ("batak-puzzle-mode",))
        self.variant.observe(lambda _c: self._variant_chosen(), "value")
        self.theme.observe(lambda _c: None if self._quiet else self.next_puzzle(), "value")
        self.mode.observe(lambda _c: self._set_mode(), "value")
        self.next_button = control(_("Next puzzle"), _("Another puzzle near your rating"), "batak-next-puzzle")
        self.next_button.on_click(lambda _b: self.next_puzzle())
        self.again_button = control(_("Try again"), _("The same puzzle again (it does not count a second time)"),
                                    "batak-try-again")
        self.again_button.on_click(lambda _b: self.try_again())
        controls = w.HBox([self.variant, self.theme, self.mode], layout=w.Layout(flex_flow="row wrap"))
        super().__init__([controls, self.board, w.HBox([self.next_button, self.again_button])])
        lesson_page(self, "batak-panel", "batak-puzzle-trainer")
        self.next_puzzle()

    @property
    def feedback(self) -> w.HTML:
        return self.board.feedback

    @property
    def puzzle(self) -> puzzles.Puzzle:
        assert self.board.puzzle is not None
        return self.board.puzzle

    def _in_variant(self) -> list[puzzles.Puzzle]:
        return [p for p in self.pool if p.variant == self.variant.value]

    def _set_themes(self) -> None:
        """The themes of the chosen form of the game's puzzles, in plain words (no notification:
        the caller shows the next puzzle)."""
        titles = {t: puzzles.theme_title(t) for p in self._in_variant() for t in p.themes}
        themes = sorted(titles, key=lambda t: _alphabetical(titles[t]))
        options = [(_("any theme"), ANY_THEME), *((titles[t], t) for t in themes)]
        self._quiet = True
        self.theme.options = options
        self.theme.value = ANY_THEME
        self._quiet = False

    def _variant_chosen(self) -> None:
        self._set_themes()
        self.next_puzzle()

    def _set_mode(self) -> None:
        self.board.rated = self.mode.value == "Rated"
        self.board.rating.value = self.board._rating_line()

    def candidates(self) -> list[puzzles.Puzzle]:
        """The puzzles the filters allow."""
        theme = self.theme.value
        return [p for p in self._in_variant() if theme == ANY_THEME or theme in p.themes]

    def choose(self) -> puzzles.Puzzle:
        """One of the untried puzzles nearest the learner's rating, none shown on this page yet
        (a puzzle left unfinished is untried too); the others once every one is used up."""
        progress = load_progress()
        allowed = self.candidates()
        untried = ([p for p in allowed if p.id not in progress.attempts and p.id not in self.shown]
                   or [p for p in allowed if p.id not in self.shown] or allowed)
        target = progress.rating.rating
        nearest = sorted(untried, key=lambda p: (abs(p.rating - target), p.id))[:NEAREST]
        return nearest[self.rng.randrange(len(nearest))]

    def next_puzzle(self) -> None:
        """A puzzle the filters allow, near the learner's rating."""
        self.board.rated = self.mode.value == "Rated"
        puzzle = self.choose()
        self.shown.add(puzzle.id)
        self.board.show_puzzle(puzzle)

    def try_again(self) -> None:
        """The same puzzle from its start: a repeat, which never counts."""
        self.board.show_puzzle(self.puzzle)
