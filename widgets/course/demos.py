"""The lessons' hands-on demos: deal a hand, bid against bots, choose trump, watch a trick's winner,
score a deal, try house rules, play a whole game.
"""


from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Final

import ipywidgets as w

import batak_core as bc
from batak_core import Card, Deal, Phase, RuleSet, Suit
from batak_core.cards import mask_of, sorted_hand, suit_length
from batak_core.shuffle import derive_seed
from batak_core.teaching import course_drills, drills, judgement_drills, topics
from batak_core.teaching.describe import INFERRED
from batak_core.teaching.names import SEAT_NAMES, verb

from ..bidding import BidPanel, TrumpPicker
from ..cards import card_svg, faces
from ..game_table import GameTable
from ..picker import CardPicker
from ..rule_lab import RuleLab
from ..rules_panel import RulesPanel
from ..style import set_classes
from .page import again_button, current_rules, felt, lesson_page, load_progress, message_area

TRICK_RANGE: Final = range(0, 14)
"""What a player's trick count may be in the score calculator: 0 to 13."""


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
    """A freshly dealt hand laid out by suit; ``sure=True`` also counts it as the hint does: sure tricks
    from the top, and the hint's trick count suit by suit (``judgement_drills.hand_count``)."""

    def __init__(self, rules: RuleSet | None = None, seed: int = 1, *, sure: bool = False) -> None:
        self.rules = rules or current_rules()
        self.seed, self.sure, self.dealt = seed, sure, 0
        self.view = w.HTML()
        set_classes(self.view, ("batak-hand-view",))
        self.deal_button = again_button("Deal again", "Shuffle and deal a new hand", self.deal)
        super().__init__([self.view, self.deal_button])
        lesson_page(self, "batak-panel", "batak-hand-demo")
        self.deal()

    def deal(self) -> None:
        seed = derive_seed(self.seed, self.dealt)
        self.dealt += 1
        dealer = seed % 4
        deal = Deal.random(self.rules, seed=seed, dealer=dealer)
        self.hand = hand = deal.hand(0)
        intro = (f"{SEAT_NAMES[dealer]} dealt, one card at a time, starting with {SEAT_NAMES[(dealer + 1) % 4]} "
                 f"and going {self.rules.direction.value}. Your {len(hand)} cards, sorted by suit, high to low:")
        extra: dict[Suit, str] = {}
        outro = ""
        if self.sure:
            count = judgement_drills.hand_count(self.rules, hand)
            extra = {s: " · ".join([f"{count.sure[s]} sure"] * bool(count.sure[s]) + [f"{part:.1f} counted"])
                     for s, part in count.by_suit.items()}
            total = sum(count.sure.values())
            trump = count.trump
            outro = (f"<p><b>{total} sure trick{'s' if total != 1 else ''}</b> from the top. The hint counts "
                     f"more than the top cards: with {trump.symbol} {trump.plural} as trump "
                     f"({suit_length(mask_of(hand), trump)} cards) it counts about <b>{count.estimate:.1f}</b> "
                     "tricks, suit by suit as shown: every trump beyond the third nearly a trick, an ace a trick, "
                     "a guarded king most of one, a queen part of one, and a short side suit some ruffs. "
                     f"Bid no more than that, and pass if it is below the lowest bid ({self.rules.min_bid}).</p>")
        self.view.value = f"<p>{intro}</p>{_suit_rows(hand, extra)}{outro}"


class AuctionDemo(w.VBox):
    """Bid against three club-level bots on a fresh deal and see who wins the auction (or, when everyone
    passes, who must play anyway)."""

    NAMES: Final = SEAT_NAMES

    def __init__(self, rules: RuleSet | None = None, seed: int = 1) -> None:
        self.rules = rules or current_rules()
        self.seed, self.dealt = seed, 0
        self.hand = CardPicker()
        self.panel = BidPanel(names=self.NAMES, on_bid=self._call)
        self.outcome = message_area()
        self.again = again_button("New deal", "Deal new cards and bid again", self.new_deal)
        super().__init__([felt(w.HTML("<b>Your hand</b>"), self.hand, self.panel, self.outcome), self.again])
        lesson_page(self, "batak-auction-demo")
        self.new_deal()

    def new_deal(self) -> None:
        seed = derive_seed(self.seed, self.dealt)
        self.dealt += 1
        self.deal = Deal.random(self.rules, seed=seed, dealer=3)  # you call first
        self.bots = {s: bc.bots.get("club", seed=derive_seed(seed, s)) for s in (1, 2, 3)}
        self.hand.show(self.deal.hand(0))
        self.outcome.value = ""
        self._advance()

    def _call(self, call: bc.Action) -> None:
        if self.deal.phase is not Phase.AUCTION or self.deal.to_move != 0:
            return
        self.deal.act(call)
        self._advance()

    def _advance(self) -> None:
        deal = self.deal
        while deal.phase is Phase.AUCTION and deal.to_move != 0:
            seat = deal.to_move
            assert seat is not None
            deal.act(self.bots[seat].choose(deal.view(seat)))
        self.panel.show_view(deal.view(0))
        if deal.phase is Phase.REDEAL:
            self.outcome.value = f"Everyone passed. {bc.all_pass_outcome(self.rules).text}"
        elif deal.phase is not Phase.AUCTION:
            self.outcome.value = auction_outcome(deal)


def auction_outcome(deal: Deal) -> str:
    """Who plays the finished auction's contract, in words: the winner of the auction, or after four
    passes the player the rules force to play (who has won nothing)."""
    seat, contract = deal.declarer, deal.contract
    assert seat is not None
    name, choose = SEAT_NAMES[seat], verb(seat, "choose", "chooses")
    if all(b.bid is None for b in deal.auction):
        return (f"Everyone passed, so nobody wins the auction: <b>{name}</b> must play with "
                f"a contract of <b>{contract}</b> and {choose} trump.")
    return f"<b>{name}</b> won the auction with a bid of <b>{contract}</b> and now {choose} trump."


class TrumpDemo(w.VBox):
    """You won the auction: pick a trump and see how many trumps you and the others hold."""

    def __init__(self, rules: RuleSet | None = None, seed: int = 1) -> None:
        self.rules = rules or current_rules()
        self.seed, self.dealt = seed, 0
        self.hand = w.HTML()
        self.picker = TrumpPicker(on_choose=self._choose)
        self.outcome = message_area()
        self.again = again_button("Deal again", "A new hand to choose trump for", self.new_deal)
        super().__init__([felt(self.hand, self.picker, self.outcome), self.again])
        lesson_page(self, "batak-trump-demo")
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
        self.picker.show_counts([suit_length(mask_of(hand), s) for s in Suit])
        self.outcome.value = ""

    def _choose(self, choice: bc.Action) -> None:
        suit = choice.suit
        assert suit is not None
        trial = self.deal.copy()
        trial.declare_trump(suit)
        hand = self.deal.hand(0)
        mine = suit_length(mask_of(hand), suit)
        verdict = course_drills.trump_choice_verdict(hand, suit)
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
        self.again = again_button("Another trick", "Four cards from a new deal", self.new_trick)
        super().__init__([self.trump, felt(self.view), self.again])
        lesson_page(self, "batak-trick-demo")
        self.show()

    def new_trick(self) -> None:
        """A trick really played in a random deal (by the winner drill), with its trump."""
        question = topics.question("winner", seed=derive_seed(self.seed, self.dealt))
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
    """Set a bid and the tricks of a deal (you are the declarer); see it scored under your rules, and
    under the other rule books in a box that opens on request.

    The trick counts are plain number boxes, checked here: a bounded box clamps in Python but the
    browser sends what was typed (−3) first, and a clamped number would be scored as if typed."""

    def __init__(self, rules: RuleSet | None = None) -> None:
        self.rules = rules or current_rules()
        self.bid = w.IntSlider(value=7, min=4, max=13, description="Bid")
        labels = (f"{SEAT_NAMES[0]} (declarer)", *SEAT_NAMES[1:])
        self.tricks = [w.IntText(value=v, description=label, layout=w.Layout(width="190px"),
                                 style={"description_width": "100px"})
                       for v, label in zip((8, 3, 2, 0), labels, strict=True)]
        self.view = w.HTML()
        for widget in (self.bid, *self.tricks):
            widget.observe(lambda _c: self.show(), "value")
        super().__init__([self.bid, w.HBox(self.tricks), self.view])
        lesson_page(self, "batak-panel", "batak-score-calculator")
        self.show()

    def show(self) -> None:
        tricks = [t.value for t in self.tricks]
        wrong = [f"{SEAT_NAMES[seat]} {count}" for seat, count in enumerate(tricks) if count not in TRICK_RANGE]
        if wrong:
            self.view.value = (f'<p class="batak-error">A player takes from 0 to 13 tricks, not '
                               f"{escape(', '.join(wrong))}. Change it to a number from 0 to 13.</p>")
            return
        if sum(tricks) != 13:
            self.view.value = (f'<p class="batak-error">The tricks add up to {sum(tricks)}; a deal has 13. '
                               "Change one of them.</p>")
            return
        head = "<tr><th>rules</th>" + "".join(f"<th>{escape(n)}</th>" for n in SEAT_NAMES) + "</tr>"
        others = "".join(self._row(name, rules, tricks) for name, rules in bc.PRESETS.items()
                         if name != self.rules.name)
        self.view.value = (f'<table class="batak-compare">{head}{self._row(self.rules.name, self.rules, tricks)}'
                           f"</table>{self._inferred()}"
                           '<details class="batak-other-books"><summary>Other rule books: the same deal under '
                           f'the other four</summary><table class="batak-compare">{head}{others}</table></details>')

    def _row(self, name: str, rules: RuleSet, tricks: list[int]) -> str:
        if not rules.min_bid <= self.bid.value <= rules.max_bid:
            return (f"<tr><th>{name}</th><td colspan='4'>a bid of {self.bid.value} is not allowed "
                    f"(lowest {rules.min_bid})</td></tr>")
        scores = bc.score_deal(rules, 0, self.bid.value, tricks)
        return f"<tr><th>{name}</th>" + "".join(f"<td>{p:+d}</td>" for p in scores) + "</tr>"

    def _inferred(self) -> str:
        """Under your rules, the scoring rules the engine infers from the source (classic's penalties)."""
        items = [d.text for d in self.rules.describe()
                 if d.basis == INFERRED and d.option in ("declarer_failed_per_bid", "defender_zero")]
        if not items:
            return ""
        return ('<p class="batak-inferred">Inferred from the source\'s worked example (its scoring table is '
                f"missing): {escape(' '.join(items))}</p>")


def full_game(bots: str = "club", delay: float = 0.5) -> GameTable:
    """A game against three bots under the learner's rules (the last lesson's table); every game
    played to its end counts in the learner's progress (the start page shows it)."""
    return GameTable(rules=current_rules(), bots=bots, delay=delay,
                     on_game_over=lambda: load_progress().record_game())
