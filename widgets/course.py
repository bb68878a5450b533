"""The course's page building blocks: the start page, lesson quizzes that save progress, and demos.

A lesson notebook is a thin page: markdown that teaches and a line or two of code that shows
one of these. The rule set is the learner's choice from the start page (``current_rules``),
every answer is judged by the engine, and progress goes to the small JSON file of
``batak_core.progress``, whose problems (missing, corrupt, read-only) are shown, never raised.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from html import escape
from pathlib import Path
from typing import Final

import ipywidgets as w

import batak_core as bc
from batak_core import Card, Deal, Phase, RuleSet, Suit, course_drills, drills
from batak_core.cards import sorted_hand
from batak_core.examples import SCORE_EXAMPLES, PlayExample
from batak_core.progress import Progress
from batak_core.shuffle import derive_seed, new_seed

from .bidding import BidPanel, TrumpPicker
from .cards import card_svg, faces
from .game_table import GameTable
from .picker import CardPicker
from .quiz import Quiz
from .rule_lab import RuleLab
from .rules_panel import RulesPanel
from .style import control, root, set_classes, show, style_widget


@dataclass(frozen=True)
class Lesson:
    """One page of the course: its stable id (the progress key), notebook and quiz topics."""

    id: str
    file: str
    title: str
    summary: str
    topics: tuple[str, ...] = ()


LESSONS: Final = (
    Lesson("cards", "01_cards_and_dealing.ipynb", "Cards and dealing",
           "The deck, the order of the cards, how the cards are dealt.", ("ranks", "play-order")),
    Lesson("auction", "02_auction.ipynb", "The auction",
           "Bidding, passing, and what happens when everyone passes.", ("bidding",)),
    Lesson("trump", "03_trump.ipynb", "Choosing trump",
           "What trump does and which suit to choose.", ("trump-choice", "winner")),
    Lesson("following", "04_following_and_overtaking.ipynb", "Following suit and overtaking",
           "Play the led suit, and beat the highest card if you can.", ("follow",)),
    Lesson("ruffing", "05_ruffing_and_overtrumping.ipynb", "Ruffing and overtrumping",
           "No card of the led suit? Then a trump, and a higher one if you can.", ("ruff",)),
    Lesson("leading-trump", "06_leading_trump.ipynb", "Leading trump",
           "Why you may not lead trump until it is broken.", ("trump-lead",)),
    Lesson("winner", "07_who_wins_the_trick.ipynb", "Who wins the trick",
           "The highest trump, else the highest card of the led suit.", ("winner",)),
    Lesson("scoring", "08_scoring.ipynb", "Scoring",
           "Every source's formula, with the sources' own worked examples.", ("score",)),
    Lesson("variants", "09_variants_and_house_rules.ipynb", "Variants and house rules",
           "Koz Maça, Eşli, Gömmeli, house rules, and where the sources disagree.", ("edge",)),
    Lesson("strategy", "10_strategy.ipynb", "Strategy basics",
           "Count your sure tricks, draw trumps, keep a trick for the end.", ("sure-tricks", "trumps-out")),
    Lesson("games", "11_full_games.ipynb", "Full games against bots",
           "Play whole games with hints and a review; a final quiz on everything.",
           ("follow", "ruff", "trump-lead", "winner", "score")),
)
"""The lessons in course order (the start page, 00_start_here.ipynb, is the menu over them)."""

LESSONS_BY_ID: Final = {lesson.id: lesson for lesson in LESSONS}

PRESET_BLURBS: Final = {
    "miniokey": "an online game's how-to page (German), the course's default",
    "classic": "detailed German rules with many variants",
    "danish": "Danish rules and scoring",
    "turkish": "a Turkish rules site",
    "gamelake": "an online game's rules page (Spanish)",
}

_KEY_OPTIONS: Final = ("min_bid", "all_pass", "trump_lead_restricted", "must_overtake",
                       "overtake_when_trumped", "declarer_made", "defender_zero")

COURSE_CSS: Final = Path(__file__).with_name("course.css").read_text(encoding="utf-8")


@cache
def course_style() -> w.HTML:
    """The course pages' own <style> (one shared widget, like ``style_widget``)."""
    return w.HTML(f"<style>{COURSE_CSS}</style>", layout=w.Layout(height="0px", margin="0"))


def _page(widget: w.Box, *classes: str) -> w.Box:
    """Put both stylesheets first and mark the composite for them."""
    widget.children = (style_widget(), course_style(), *widget.children)
    return root(widget, *classes)


def current_rules() -> RuleSet:
    """The rule set the learner chose on the start page (miniokey until they choose)."""
    return bc.preset(Progress.load().preset)


class Shown:
    """Engine output for a lesson page: a table for the learner (HTML) and plain text that nbval checks."""

    def __init__(self, html: str, text: str) -> None:
        self.html, self.text = html, text

    def _repr_html_(self) -> str:
        return f'<div class="batak-root batak-shown">{self.html}</div>'

    def __repr__(self) -> str:
        return self.text


def _key_rules(rules: RuleSet) -> str:
    items = [d.text for d in rules.describe() if d.option in _KEY_OPTIONS]
    return "<ul>" + "".join(f"<li>{escape(text)}</li>" for text in items) + "</ul>"


# --- the start page ---------------------------------------------------------------------------


class StartPage(w.VBox):
    """The course menu with each lesson's quiz results, and the rule-set chooser."""

    def __init__(self) -> None:
        progress = Progress.load()
        self.chooser = w.Dropdown(options=[(f"{name}: {PRESET_BLURBS[name]}", name) for name in bc.PRESETS],
                                  value=progress.preset, description="Rule set",
                                  layout=w.Layout(width="640px"))
        set_classes(self.chooser, ("batak-preset-chooser",))
        self.rules_note = w.HTML()
        self.notice = w.HTML()
        set_classes(self.notice, ("batak-notice",))
        self.menu = w.HTML()
        set_classes(self.menu, ("batak-menu",))
        self.chooser.observe(lambda change: self.choose(change["new"]), "value")
        rules_box = w.VBox([w.HTML('<div class="batak-panel-title">The rules you learn</div>'), self.chooser,
                            self.rules_note])
        set_classes(rules_box, ("batak-panel", "batak-rules-choice"))
        super().__init__([self.notice, w.HTML('<div class="batak-panel-title batak-menu-title">The lessons</div>'),
                          self.menu, rules_box])
        _page(self, "batak-start-page")
        self.show(progress)

    def choose(self, name: str) -> None:
        """Save the learner's rule set; every lesson opened from now on uses it."""
        progress = Progress.load()
        progress.choose_preset(name)
        self.show(progress)

    def show(self, progress: Progress) -> None:
        rules = bc.preset(progress.preset)
        self.rules_note.value = (f"<p>Every lesson, quiz and game follows the <b>{rules.name}</b> rules. "
                                 f"Their key points:</p>{_key_rules(rules)}")
        self.notice.value = (f'<div class="batak-reason">{escape(progress.problem)}. Your answers from now on '
                             "are saved again.</div>" if progress.problem else "")
        self.menu.value = menu_html(progress)


def menu_html(progress: Progress) -> str:
    """The lessons as links, each with its quiz results so far."""
    rows = []
    for number, lesson in enumerate(LESSONS, start=1):
        result = progress.result(lesson.id)
        if result.answered:
            status = (f'<span class="batak-progress-bar"><span style="width:{result.percent}%"></span></span> '
                      f"{result.correct} of {result.answered} right")
        else:
            status = '<span class="batak-not-started">not started</span>'
        rows.append(f'<tr class="batak-lesson-row" data-lesson="{lesson.id}"><td class="batak-lesson-number">'
                    f'{number}</td><td><a class="batak-lesson-link" href="{lesson.file}">{lesson.title}</a>'
                    f'<div class="batak-lesson-summary">{lesson.summary}</div></td>'
                    f'<td class="batak-lesson-status">{status}</td></tr>')
    return f'<table class="batak-menu-table"><tbody>{"".join(rows)}</tbody></table>'


# --- quizzes ----------------------------------------------------------------------------------


class LessonQuiz(Quiz):
    """Rounds of ``count`` questions on a lesson's topics, each first answer saved to the progress file.

    Topics take turns; "New questions" starts a fresh round from a new seed.
    """

    def __init__(self, lesson: str, topics: Sequence[str] = (), count: int = 5, rules: RuleSet | None = None,
                 seed: int | None = None) -> None:
        if lesson not in LESSONS_BY_ID:
            raise ValueError(f"unknown lesson {lesson!r}; the lessons are: {', '.join(LESSONS_BY_ID)}")
        self.lesson = lesson
        self.topics = tuple(topics) or LESSONS_BY_ID[lesson].topics
        unknown = [t for t in self.topics if t not in course_drills.TOPICS]
        if unknown or not self.topics:
            raise ValueError(f"unknown quiz topic(s) {unknown}; choose from: {', '.join(course_drills.TOPICS)}")
        if count < 1:
            raise ValueError("a round has at least one question")
        self.count = count
        self.saving_problem: str | None = None
        drill_topic = next((t for t in self.topics if t in drills.TOPICS), "follow")
        super().__init__(drill_topic, rules or current_rules(), seed)
        self.next_button = control("Next question", "The next question of this round", "batak-next-question")
        self.next_button.on_click(lambda _b: self.new_question())
        self.new_round_button = control("New questions", f"A new round of {count} questions",
                                        "batak-new-question")
        self.new_round_button.on_click(lambda _b: self.new_round())
        self.note = w.HTML()
        set_classes(self.note, ("batak-quiz-note",))
        footer = w.HBox([self.next_button, self.new_round_button, self.tally], layout=w.Layout(align_items="center"))
        title = w.HTML(f'<div class="batak-panel-title">Quiz: {LESSONS_BY_ID[lesson].title}</div>'
                       f'<div class="batak-quiz-rules">Judged by the engine under the <b>{self.rules.name}</b> '
                       "rules (change them on the start page).</div>")
        # the topic chooser and the single "New question" button give way to the round's controls
        prompt_to_feedback = getattr(self, "children")[2:-1]  # noqa: B009 - traitlets hide the type from mypy
        self.children = (style_widget(), course_style(), title, *prompt_to_feedback, footer, self.note)
        set_classes(self, ("batak-lesson-quiz",))
        self._update_buttons()

    def ask(self, seed: int) -> drills.Question:
        topic = self.topics[self.asked % len(self.topics)]
        return course_drills.question(topic, self.rules, seed)

    def new_question(self) -> None:
        if self.asked >= self.count:
            return
        super().new_question()
        assert self.question is not None
        self.prompt.value = f"<b>Question {self.asked} of {self.count}.</b> {self.question.prompt}"
        if hasattr(self, "next_button"):
            self._update_buttons()

    def new_round(self) -> None:
        """Five (``count``) new questions from a fresh seed; the tally starts again."""
        self.seed, self.asked, self.right, self.answered = new_seed(), 0, 0, 0
        self.note.value = ""
        self.new_question()

    def answer(self, value: object) -> drills.Result | None:
        result = super().answer(value)
        if result is not None:
            progress = Progress.load()
            progress.record(self.lesson, result.correct)
            self.saving_problem = progress.problem
            self._update_buttons()
        return result

    def _update_buttons(self) -> None:
        done = self.result is not None and self.asked >= self.count
        show(self.next_button, not done)
        self.next_button.disabled = self.result is None
        toggle = ("batak-emphasis",) if done else ()
        set_classes(self.new_round_button, toggle, () if done else ("batak-emphasis",))
        notes = []
        if done:
            notes.append(f"<b>Round complete: {self.right} of {self.count} right.</b> Your result is saved; "
                         "the start page shows it. Press <i>New questions</i> for another round.")
        if self.saving_problem:
            notes.append(f'<span class="batak-error">{escape(self.saving_problem)}</span>')
        self.note.value = "<br>".join(notes)


# --- worked examples --------------------------------------------------------------------------


def _example_rules(example: PlayExample, name: str) -> RuleSet:
    return bc.preset(name).replace(**example.options) if example.options else bc.preset(name)


def example_verdicts(example: PlayExample) -> dict[str, list[Card]]:
    """Per preset, the cards the engine allows in a worked example (as the example's rules set them)."""
    return {name: sorted_hand(bc.legal_plays(_example_rules(example, name), example.hand, example.trick,
                                             example.trump, example.trump_broken))
            for name in example.legal}


def play_examples(*examples: PlayExample) -> Shown:
    """Worked play examples with the engine's verdict under each source's rules."""
    lines, rows = [], []
    for example in examples:
        verdicts = example_verdicts(example)
        agree = all(set(verdicts[n]) == set(example.legal[n]) for n in verdicts)
        allowed = "; ".join(f"{name}: {' '.join(c.label for c in cards)}" for name, cards in verdicts.items())
        lines.append(f"{example.title} [{example.source}]\n  engine allows: {allowed}"
                     f"{'' if agree else '  <- DIFFERS FROM THE SOURCE'}")
        cells = "".join(f"<td>{faces(cards, scale=0.45)}</td>" for cards in verdicts.values())
        heads = "".join(f"<th>{name}</th>" for name in verdicts)
        rows.append(f'<div class="batak-example-title">{escape(example.title)}</div>'
                    f'<div class="batak-source">Source: {example.source}</div>'
                    f"{_trick_line(example.trick, example.trump, example.trump_broken, example.hand)}"
                    f'<table class="batak-compare"><tr><th>rules</th>{heads}</tr><tr><th>may play</th>{cells}</tr>'
                    "</table>")
    return Shown("".join(f'<div class="batak-panel batak-example">{r}</div>' for r in rows), "\n".join(lines))


def _trick_line(trick: Sequence[Card], trump: Suit | None, broken: bool, hand: Sequence[Card] = ()) -> str:
    trump_text = "no trump" if trump is None else (f"{trump.symbol} {trump.plural} are trump "
                                                   f"({'broken' if broken else 'not broken yet'})")
    played = faces(trick, scale=0.8) if trick else '<span class="batak-muted">nothing yet: you lead</span>'
    mine = f"<span>Your hand:</span> {faces(sorted_hand(hand), scale=0.8)}" if hand else ""
    return (f'<div class="batak-example-trick"><span>The trick so far:</span> {played}{mine}'
            f"<span>{trump_text}</span></div>")


class WorkedPlay(w.VBox):
    """The sources' worked play examples: the trick, your hand to try every card on, and each preset's verdict."""

    def __init__(self, *examples: PlayExample, rules: RuleSet | None = None) -> None:
        if not examples:
            raise ValueError("give at least one worked example (see batak_core.examples)")
        self.examples = examples
        self.rules = rules or current_rules()
        self.chooser = w.Dropdown(options=[(e.title, i) for i, e in enumerate(examples)], value=0,
                                  description="Example", layout=w.Layout(width="760px"))
        self.chooser.observe(lambda change: self.show(change["new"]), "value")
        show(self.chooser, len(examples) > 1)
        self.heading = w.HTML()
        self.trick = w.HTML()
        self.picker = CardPicker(teach=True, on_play=self._played)
        self.verdicts = w.HTML()
        set_classes(self.verdicts, ("batak-example-verdicts",))
        felt = w.VBox([self.trick, self.picker])
        set_classes(felt, ("batak-felt",))
        super().__init__([self.chooser, self.heading, felt, self.verdicts])
        _page(self, "batak-panel", "batak-worked-play")
        self.show(0)

    def show(self, index: int) -> None:
        example = self.examples[index]
        self.example = example
        rules = _example_rules(example, self.rules.name) if self.rules.name in example.legal else self.rules
        self.shown_rules = rules
        self.heading.value = (f'<div class="batak-example-title">{escape(example.title)}</div>'
                              f'<div class="batak-source">Source: {example.source}. Click any card of your hand '
                              f"to ask the engine whether you may play it under the <b>{rules.name}</b> rules."
                              "</div>")
        self.trick.value = _trick_line(example.trick, example.trump, example.trump_broken)
        self.picker.show_position(list(example.hand), list(example.trick), example.trump, example.trump_broken,
                                  rules)
        rows = "".join(f"<tr><th>{name}</th><td>{faces(cards, scale=0.5) or '—'}</td></tr>"
                       for name, cards in example_verdicts(example).items())
        self.verdicts.value = f"<div>What each source allows here:</div><table>{rows}</table>"

    def _played(self, card: Card) -> None:
        ex = self.example
        verdict = bc.explain_play(self.shown_rules, ex.hand, ex.trick, ex.trump, ex.trump_broken, card)
        self.picker.message.value = (f'<div class="batak-ok"><b>{card.label} may be played.</b> '
                                     f"{escape(verdict.reason)}</div>")


# --- demos for single lessons -----------------------------------------------------------------


def _suit_rows(hand: Sequence[Card], extra: dict[Suit, str] | None = None) -> str:
    rows = []
    for suit in Suit:
        cards = [c for c in sorted_hand(hand) if c.suit == suit]
        note = (extra or {}).get(suit, "")
        rows.append(f'<div class="batak-suit-row"><span class="batak-suit-label batak-suit-{suit.letter}">'
                    f"{suit.symbol} {len(cards)}</span>{faces(cards, scale=0.62)}"
                    f'<span class="batak-suit-note">{note}</span></div>')
    return "".join(rows)


class HandDemo(w.VBox):
    """A freshly dealt hand laid out by suit; ``sure=True`` also counts its sure tricks."""

    def __init__(self, rules: RuleSet | None = None, seed: int = 1, *, sure: bool = False) -> None:
        self.rules = rules or current_rules()
        self.seed, self.sure, self.dealt = seed, sure, 0
        self.view = w.HTML()
        set_classes(self.view, ("batak-hand-view",))
        self.deal_button = control("Deal again", "Shuffle and deal a new hand", "batak-deal-again")
        self.deal_button.on_click(lambda _b: self.deal())
        super().__init__([self.view, self.deal_button])
        _page(self, "batak-panel", "batak-hand-demo")
        self.deal()

    def deal(self) -> None:
        seed = derive_seed(self.seed, self.dealt)
        self.dealt += 1
        dealer = seed % 4
        deal = Deal.random(self.rules, seed=seed, dealer=dealer)
        hand = deal.hand(0)
        intro = (f"Seat {dealer} dealt, one card at a time, starting with seat {(dealer + 1) % 4} and going "
                 f"{self.rules.direction.value}. Your 13 cards, sorted by suit, high to low:")
        extra: dict[Suit, str] = {}
        outro = ""
        if self.sure:
            per_suit = course_drills.sure_tricks(hand)
            extra = {s: f"{n} sure" for s, n in per_suit.items() if n}
            total = sum(per_suit.values())
            longest = max(Suit, key=lambda s: (sum(c.suit == s for c in hand), -s))
            length = sum(c.suit == longest for c in hand)
            outro = (f"<p><b>{total} sure trick{'s' if total != 1 else ''}</b> from the top. With "
                     f"{longest.plural} as trump ({length} cards) every trump beyond the third usually "
                     f"wins a trick too: about <b>{total + max(0, length - 3)}</b> tricks. Bid no more than "
                     f"that, and pass if it is below the lowest bid ({self.rules.min_bid}).</p>")
        self.view.value = f"<p>{intro}</p>{_suit_rows(hand, extra)}{outro}"


def all_pass_text(rules: RuleSet) -> str:
    """What four passes (or three, where the dealer must bid) lead to, found by replaying them."""
    deal = Deal.random(rules, seed=1, dealer=0)
    for _ in range(3):
        deal.pass_bid()
    if not deal.can_pass:
        return f"After three passes the dealer may not pass and must bid at least {deal.legal_bids()[0]}."
    deal.pass_bid()
    if deal.phase is Phase.REDEAL:
        return "The cards are thrown in and dealt again."
    who = "the dealer" if deal.declarer == deal.dealer else "the player after the dealer"
    return f"{who.capitalize()} must play, with a bid of {deal.contract}."


def all_pass_outcomes() -> Shown:
    """Every preset's all-pass outcome, replayed by the engine (the auction lesson's worked example)."""
    outcomes = {name: all_pass_text(rules) for name, rules in bc.PRESETS.items()}
    rows = "".join(f"<tr><th>{name}</th><td class='batak-left'>{escape(text)}</td></tr>"
                   for name, text in outcomes.items())
    head = '<tr><th>rules</th><th class="batak-left">when everyone passes</th></tr>'
    return Shown(f'<table class="batak-compare">{head}{rows}</table>',
                 "\n".join(f"{name}: {text}" for name, text in outcomes.items()))


class AuctionDemo(w.VBox):
    """Bid against three club-level bots on a fresh deal and see who wins the auction."""

    NAMES: Final = ("You", "Ayşe", "Mehmet", "Zeynep")

    def __init__(self, rules: RuleSet | None = None, seed: int = 1) -> None:
        self.rules = rules or current_rules()
        self.seed, self.dealt = seed, 0
        self.hand = CardPicker()
        self.panel = BidPanel(names=self.NAMES, on_bid=self._call)
        self.outcome = w.HTML()
        set_classes(self.outcome, ("batak-message",))
        self.again = control("New deal", "Deal new cards and bid again", "batak-deal-again")
        self.again.on_click(lambda _b: self.new_deal())
        felt = w.VBox([w.HTML("<b>Your hand</b>"), self.hand, self.panel, self.outcome])
        set_classes(felt, ("batak-felt",))
        super().__init__([felt, self.again])
        _page(self, "batak-auction-demo")
        self.new_deal()

    def new_deal(self) -> None:
        seed = derive_seed(self.seed, self.dealt)
        self.dealt += 1
        self.deal = Deal.random(self.rules, seed=seed, dealer=3)  # you call first
        self.bots = {s: bc.bots.get("club", seed=derive_seed(seed, s)) for s in (1, 2, 3)}
        self.hand.show(self.deal.hand(0))
        self.outcome.value = ""
        self._advance()

    def _call(self, bid: int | None) -> None:
        if self.deal.phase is not Phase.AUCTION or self.deal.to_move != 0:
            return
        self.deal.act(bid)
        self._advance()

    def _advance(self) -> None:
        deal = self.deal
        while deal.phase is Phase.AUCTION and deal.to_move != 0:
            seat = deal.to_move
            assert seat is not None
            deal.act(self.bots[seat].choose(deal.view(seat)))
        self.panel.show_deal(deal, 0)
        if deal.phase is Phase.REDEAL:
            self.outcome.value = f"Everyone passed. {all_pass_text(self.rules)}"
        elif deal.phase is not Phase.AUCTION:
            assert deal.declarer is not None
            passed = "Everyone passed, so " if all(b.bid is None for b in deal.auction) else ""
            self.outcome.value = (f"{passed}<b>{self.NAMES[deal.declarer]}</b> won the auction with a bid of "
                                  f"<b>{deal.contract}</b> and now chooses trump.")


class TrumpDemo(w.VBox):
    """You won the auction: pick a trump and see how many trumps you and the others hold."""

    def __init__(self, rules: RuleSet | None = None, seed: int = 1) -> None:
        self.rules = rules or current_rules()
        self.seed, self.dealt = seed, 0
        self.hand = w.HTML()
        self.picker = TrumpPicker(on_choose=self._choose)
        self.outcome = w.HTML()
        set_classes(self.outcome, ("batak-message",))
        self.again = control("Deal again", "A new hand to choose trump for", "batak-deal-again")
        self.again.on_click(lambda _b: self.new_deal())
        felt = w.VBox([self.hand, self.picker, self.outcome])
        set_classes(felt, ("batak-felt",))
        super().__init__([felt, self.again])
        _page(self, "batak-trump-demo")
        self.new_deal()

    def new_deal(self) -> None:
        seed = derive_seed(self.seed, self.dealt)
        self.dealt += 1
        self.deal = deal = Deal.random(self.rules, seed=seed, dealer=3)
        deal.bid(self.rules.min_bid)
        while deal.phase is Phase.AUCTION:
            deal.pass_bid()
        hand = deal.hand(0)
        self.hand.value = (f"<p>You bid {deal.contract} and the others passed: you are the declarer.</p>"
                           f"{_suit_rows(hand)}")
        self.picker.show_counts([sum(c.suit == s for c in hand) for s in Suit])
        self.outcome.value = ""

    def _choose(self, suit: Suit) -> None:
        trial = self.deal.copy()
        trial.declare_trump(suit)
        mine = sum(c.suit == suit for c in trial.hand(0))
        longest = max(sum(c.suit == s for c in trial.hand(0)) for s in Suit)
        verdict = ("Your longest suit: a good choice." if mine == longest else
                   f"You hold a longer suit ({longest} cards): more trumps usually means more tricks.")
        self.outcome.value = (f"{suit.symbol} <b>{suit.plural.capitalize()} are trump.</b> You hold {mine}, the "
                              f"other three {13 - mine} between them. {verdict} You lead the first trick.")


class TrickDemo(w.VBox):
    """One trick and a trump chooser: see the winner change with the trump."""

    def __init__(self, trick: str = "9C QC 3H 7H", seed: int = 1) -> None:
        self.cards = tuple(bc.parse_cards(trick))
        self.seed, self.dealt = seed, 0
        self.trump = w.ToggleButtons(options=[("no trump", "")] + [(f"{s.symbol} {s.plural}", s.letter) for s in Suit],
                                     value="H", description="Trump")
        set_classes(self.trump, ("batak-trump-toggle",))
        self.trump.observe(lambda _c: self.show(), "value")
        self.view = w.HTML()
        self.again = control("Another trick", "Four cards from a new deal", "batak-deal-again")
        self.again.on_click(lambda _b: self.new_trick())
        felt = w.VBox([self.view])
        set_classes(felt, ("batak-felt",))
        super().__init__([self.trump, felt, self.again])
        _page(self, "batak-trick-demo")
        self.show()

    def new_trick(self) -> None:
        """A trick really played in a random deal (by the winner drill), with its trump."""
        question = drills.question("winner", seed=derive_seed(self.seed, self.dealt))
        assert isinstance(question, drills.TrickWinnerQuestion)
        self.dealt += 1
        self.cards = question.trick
        if question.trump is None or self.trump.value == question.trump.letter:
            self.show()
        else:
            self.trump.value = question.trump.letter  # redraws through the observer

    def show(self) -> None:
        trump = Suit.parse(self.trump.value) if self.trump.value else None
        winner = bc.trick_winner(self.cards, trump)
        cells = "".join(card_svg(c, extra="batak-win" if i == winner else "batak-dim")
                        for i, c in enumerate(self.cards))
        win = self.cards[winner]
        why = ("it is the highest trump in the trick" if trump is not None and win.suit == trump
               else f"no trump was played, and it is the highest {self.cards[0].suit.singular}, the led suit")
        self.view.value = (f'<div class="batak-example-trick">{cells}</div>'
                           f"<p>Led: {self.cards[0].label}. <b>{win.label} wins</b>: {why}.</p>")


def score_examples() -> Shown:
    """Every scoring example of the sources, each score computed by the engine."""
    lines, rows = [], []
    for ex in SCORE_EXAMPLES:
        rules = bc.preset(ex.preset).replace(**ex.options) if ex.options else bc.preset(ex.preset)
        scores = bc.score_deal(rules, ex.declarer, ex.bid, list(ex.tricks))
        agree = tuple(scores) == ex.scores
        house = f" + {', '.join(ex.options)}" if ex.options else ""
        lines.append(f"{ex.preset}{house}: {ex.title}. Tricks {list(ex.tricks)} -> "
                     f"{' '.join(f'{p:+d}' for p in scores)}{'' if agree else '  <- DIFFERS FROM THE SOURCE'}")
        note = f'<div class="batak-source">house rule: {", ".join(ex.options)}</div>' if ex.options else ""
        cells = "".join(f"<td>{t}</td><td><b>{p:+d}</b></td>" for t, p in zip(ex.tricks, scores, strict=True))
        rows.append(f"<tr><th>{ex.preset}</th><td class='batak-left'>{escape(ex.title)}{note}</td>"
                    f"<td>{ex.bid}</td>{cells}</tr>")
    head = "".join(f"<th>{who}<br>tricks</th><th>points</th>"
                   for who in ("declarer", "defender", "defender", "defender"))
    return Shown(f'<table class="batak-compare"><tr><th>rules</th><th class="batak-left">example</th><th>bid</th>'
                 f"{head}</tr>{''.join(rows)}</table>", "\n".join(lines))


def rank_ladder(suit: str = "S") -> Shown:
    """One suit from the highest card to the lowest, in the engine's order."""
    cards = sorted_hand(Card(Suit.parse(suit), rank) for rank in range(2, 15))
    return Shown(f'<div class="batak-example-trick">{faces(cards, scale=0.7)}</div>',
                 "highest to lowest: " + " ".join(c.label for c in cards))


def winner_of(trick: str, trump: str | None = None) -> Shown:
    """A whole trick with its winner highlighted, as the engine decides it."""
    cards = bc.parse_cards(trick)
    suit = None if trump is None else Suit.parse(trump)
    win = bc.trick_winner(cards, suit)
    cells = "".join(card_svg(c, scale=0.8, extra="batak-win" if i == win else "batak-dim")
                    for i, c in enumerate(cards))
    text = (f"{' '.join(c.label for c in cards)} with {'no trump' if suit is None else suit.plural + ' trump'}: "
            f"{cards[win].label} wins")
    return Shown(f'<div class="batak-felt batak-example-trick">{cells}</div><p>{escape(text)}.</p>', text)


def house_rules_lab() -> w.Box:
    """The rules panel (preset, variant, house rules) feeding the rule lab, so a house rule shows at once."""
    rules = current_rules()
    lab = RuleLab(rules)

    def changed(new: RuleSet) -> None:
        lab.rules = new
        if lab.position is not None:
            lab.set_position(lab.position)

    return w.VBox([RulesPanel(rules, on_change=changed), lab])


class ScoreCalculator(w.VBox):
    """Set a bid and the tricks of a deal; see every preset score it side by side."""

    def __init__(self) -> None:
        self.bid = w.IntSlider(value=7, min=4, max=13, description="Bid")
        self.tricks = [w.BoundedIntText(value=v, min=0, max=13, description=label, layout=w.Layout(width="190px"),
                                        style={"description_width": "90px"})
                       for v, label in zip((8, 3, 2, 0), ("Declarer", "Defender 1", "Defender 2", "Defender 3"),
                                           strict=True)]
        self.view = w.HTML()
        for widget in (self.bid, *self.tricks):
            widget.observe(lambda _c: self.show(), "value")
        super().__init__([self.bid, w.HBox(self.tricks), self.view])
        _page(self, "batak-panel", "batak-score-calculator")
        self.show()

    def show(self) -> None:
        tricks = [t.value for t in self.tricks]
        if sum(tricks) != 13:
            self.view.value = (f'<p class="batak-error">The tricks add up to {sum(tricks)}; a deal has 13. '
                               "Change one of them.</p>")
            return
        rows = []
        for name, rules in bc.PRESETS.items():
            if not rules.min_bid <= self.bid.value <= rules.max_bid:
                rows.append(f"<tr><th>{name}</th><td colspan='4'>a bid of {self.bid.value} is not allowed "
                            f"(lowest {rules.min_bid})</td></tr>")
                continue
            scores = bc.score_deal(rules, 0, self.bid.value, tricks)
            rows.append(f"<tr><th>{name}</th>" + "".join(f"<td>{p:+d}</td>" for p in scores) + "</tr>")
        self.view.value = ('<table class="batak-compare"><tr><th>rules</th><th>declarer</th><th>defender 1</th>'
                           f"<th>defender 2</th><th>defender 3</th></tr>{''.join(rows)}</table>")


def full_game(bots: str = "club", delay: float = 0.5) -> GameTable:
    """A game against three bots under the learner's rules (the last lesson's table)."""
    return GameTable(rules=current_rules(), bots=bots, delay=delay)
