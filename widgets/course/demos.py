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
from batak_core.i18n import _, format_number, ngettext, upper_first
from batak_core.options import Direction
from batak_core.shuffle import derive_seed
from batak_core.teaching import course_drills, drills, judgement_drills, topics
from batak_core.teaching.describe import INFERRED
from batak_core.teaching.names import SEAT_NAMES, seat_name

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
        self.deal_button = again_button(_("Deal again"), _("Shuffle and deal a new hand"), self.deal)
        super().__init__([self.view, self.deal_button])
        lesson_page(self, "batak-panel", "batak-hand-demo")
        self.deal()

    def deal(self) -> None:
        seed = derive_seed(self.seed, self.dealt)
        self.dealt += 1
        dealer = seed % 4
        deal = Deal.random(self.rules, seed=seed, dealer=dealer)
        self.hand = hand = deal.hand(0)
        intro = _dealt(dealer, self.rules.direction, len(hand))
        extra: dict[Suit, str] = {}
        outro = ""
        if self.sure:
            count = judgement_drills.hand_count(self.rules, hand)
            # Translators: a suit's share of a hand's count: "2 sure · 2.5 counted" (sure tricks, counted tricks).
            extra = {s: " · ".join([_("{n} sure").format(n=count.sure[s])] * bool(count.sure[s])
                                   + [_("{n} counted").format(n=format_number(part, 1))])
                     for s, part in count.by_suit.items()}
            total = sum(count.sure.values())
            trump = count.trump
            # Translators: keep the <b> tags.
            sure = ngettext("<b>{n} sure trick</b> from the top.", "<b>{n} sure tricks</b> from the top.",
                            total).format(n=total)
            # Translators: {symbol} {suit} is the trump suit ("♠ spades"), {length} how many of them the hand
            # holds, {estimate} the tricks counted ("4.5"), {min_bid} the lowest bid; keep the <b> tags.
            counted = _("The hint counts more than the top cards: with {symbol} {suit} as trump ({length} cards) it "
                        "counts about <b>{estimate}</b> tricks, suit by suit as shown: every trump beyond the third "
                        "nearly a trick, an ace a trick, a guarded king most of one, a queen part of one, and a short "
                        "side suit some ruffs. Bid no more than that, and pass if it is below the lowest bid "
                        "({min_bid}).").format(symbol=trump.symbol, suit=trump.word(),
                                               length=suit_length(mask_of(hand), trump),
                                               estimate=format_number(count.estimate, 1), min_bid=self.rules.min_bid)
            outro = f"<p>{sure} {counted}</p>"
        self.view.value = f"<p>{intro}</p>{_suit_rows(hand, extra)}{outro}"


def _dealt(dealer: int, direction: Direction, cards: int) -> str:
    """Who dealt, to whom first and which way round, and the learner's hand below."""
    clockwise = direction is Direction.CLOCKWISE
    first = (dealer + 1) % 4
    if dealer == 0:
        # Translators: {first} is the player who got the first card; {n} the number of cards in the hand.
        text = (_("You dealt, one card at a time, starting with {first} and going clockwise. Your {n} cards, "
                  "sorted by suit, high to low:") if clockwise else
                _("You dealt, one card at a time, starting with {first} and going counterclockwise. Your {n} "
                  "cards, sorted by suit, high to low:"))
    elif first == 0:
        # Translators: {name} dealt, the learner got the first card; {n} is the number of cards in the hand.
        text = (_("{name} dealt, one card at a time, starting with You and going clockwise. Your {n} cards, "
                  "sorted by suit, high to low:") if clockwise else
                _("{name} dealt, one card at a time, starting with You and going counterclockwise. Your {n} "
                  "cards, sorted by suit, high to low:"))
    else:
        # Translators: {name} dealt; {first} is the player who got the first card; {n} the number of cards in
        # the hand.
        text = (_("{name} dealt, one card at a time, starting with {first} and going clockwise. Your {n} cards, "
                  "sorted by suit, high to low:") if clockwise else
                _("{name} dealt, one card at a time, starting with {first} and going counterclockwise. Your {n} "
                  "cards, sorted by suit, high to low:"))
    return text.format(name=seat_name(dealer), first=seat_name(first), n=cards)


class AuctionDemo(w.VBox):
    """Bid against three club-level bots on a fresh deal and see who wins the auction (or, when everyone
    passes, who must play anyway)."""

    NAMES: Final = SEAT_NAMES

    def __init__(self, rules: RuleSet | None = None, seed: int = 1) -> None:
        self.rules = rules or current_rules()
        self.seed, self.dealt = seed, 0
        self.hand = CardPicker()
        self.panel = BidPanel(names=[seat_name(s) for s in range(len(self.NAMES))], on_bid=self._call)
        self.outcome = message_area()
        self.again = again_button(_("New deal"), _("Deal new cards and bid again"), self.new_deal)
        your_hand = w.HTML("<b>" + escape(_("Your hand")) + "</b>")
        super().__init__([felt(your_hand, self.hand, self.panel, self.outcome), self.again])
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
            # Translators: {outcome} is what the rules say happens when everyone passes, a whole sentence.
            self.outcome.value = _("Everyone passed. {outcome}").format(
                outcome=bc.all_pass_outcome(self.rules).text)
        elif deal.phase is not Phase.AUCTION:
            self.outcome.value = auction_outcome(deal)


def auction_outcome(deal: Deal) -> str:
    """Who plays the finished auction's contract, in words: the winner of the auction, or after four
    passes the player the rules force to play (who has won nothing)."""
    seat, contract = deal.declarer, deal.contract
    assert seat is not None
    if all(b.bid is None for b in deal.auction):
        # Translators: {n} is the contract the player must play; keep the <b> tags.
        text = (_("Everyone passed, so nobody wins the auction: <b>You</b> must play with a contract of <b>{n}</b> "
                  "and choose trump.") if seat == 0 else
                _("Everyone passed, so nobody wins the auction: <b>{name}</b> must play with a contract of "
                  "<b>{n}</b> and chooses trump."))
    else:
        # Translators: {n} is the winning bid; keep the <b> tags.
        text = (_("<b>You</b> won the auction with a bid of <b>{n}</b> and now choose trump.") if seat == 0 else
                _("<b>{name}</b> won the auction with a bid of <b>{n}</b> and now chooses trump."))
    return text.format(name=seat_name(seat), n=contract)


class TrumpDemo(w.VBox):
    """You won the auction: pick a trump and see how many trumps you and the others hold."""

    def __init__(self, rules: RuleSet | None = None, seed: int = 1) -> None:
        self.rules = rules or current_rules()
        self.seed, self.dealt = seed, 0
        self.hand = w.HTML()
        self.picker = TrumpPicker(on_choose=self._choose)
        self.outcome = message_area()
        self.again = again_button(_("Deal again"), _("A new hand to choose trump for"), self.new_deal)
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
        said = _("You bid {n} and the others passed: you are the declarer.").format(n=deal.contract)
        self.hand.value = f"<p>{said}</p>{_suit_rows(hand)}"
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
        word = suit.word()
        # Translators: {suit} is the suit's plural name, capitalized ("Spades"), {symbol} its sign; {mine} and
        # {others} count trumps; {verdict} is a sentence on the choice. Keep the <b> tags.
        self.outcome.value = _("{symbol} <b>{suit} are trump.</b> You hold {mine}, the other three {others} between "
                               "them. {verdict} You lead the first trick.").format(
            symbol=suit.symbol, suit=upper_first(word), mine=mine, others=13 - mine, verdict=verdict)


class TrickDemo(w.VBox):
    """One trick and a trump chooser: see the winner change with the trump."""

    def __init__(self, trick: str = "9C QC 3H 7H", seed: int = 1) -> None:
        self.cards = tuple(bc.parse_cards(trick))
        self.seed, self.dealt = seed, 0
        self.trump = w.ToggleButtons(options=[(_("no trump"), "")] + [(f"{s.symbol} {s.word()}", s.letter)
                                                                      for s in Suit],
                                     value="H", description=_("Trump"))
        set_classes(self.trump, ("batak-trump-toggle",))
        self.trump.observe(lambda _c: self.show(), "value")
        self.view = w.HTML()
        self.again = again_button(_("Another trick"), _("Four cards from a new deal"), self.new_trick)
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
        if trump is not None and win.suit == trump:
            # Translators: {led} is the card led, {card} the winning card; keep the <b> tags.
            said = _("Led: {led}. <b>{card} wins</b>: it is the highest trump in the trick.")
        else:
            # Translators: {led} is the card led, {card} the winning card, {suit} the led suit's name for one card
            # ("club"); keep the <b> tags.
            said = _("Led: {led}. <b>{card} wins</b>: no trump was played, and it is the highest {suit}, the led "
                     "suit.")
        said = said.format(led=self.cards[0].label, card=win.label, suit=self.cards[0].suit.word(plural=False))
        self.view.value = f'<div class="batak-example-trick">{cells}</div><p>{said}</p>'


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
        self.bid = w.IntSlider(value=7, min=4, max=13, description=_("Bid"))
        # Translators: the learner's box in the score calculator.
        labels = (_("You (declarer)"), *(seat_name(s) for s in range(1, len(SEAT_NAMES))))
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
        wrong = [f"{seat_name(seat)} {count}" for seat, count in enumerate(tricks) if count not in TRICK_RANGE]
        if wrong:
            # Translators: {wrong} lists players with the numbers typed ("Ayşe -3, Zeynep 14").
            said = _("A player takes from 0 to 13 tricks, not {wrong}. Change it to a number from 0 to 13.").format(
                wrong=escape(", ".join(wrong)))
            self.view.value = f'<p class="batak-error">{said}</p>'
            return
        if sum(tricks) != 13:
            said = _("The tricks add up to {n}; a deal has 13. Change one of them.").format(n=sum(tricks))
            self.view.value = f'<p class="batak-error">{said}</p>'
            return
        head = ("<tr><th>" + _("rules") + "</th>"
                + "".join(f"<th>{escape(seat_name(s))}</th>" for s in range(len(SEAT_NAMES))) + "</tr>")
        others = "".join(self._row(name, rules, tricks) for name, rules in bc.PRESETS.items()
                         if name != self.rules.name)
        summary = escape(_("Other rule books: the same deal under the other four"))
        self.view.value = (f'<table class="batak-compare">{head}{self._row(self.rules.name, self.rules, tricks)}'
                           f"</table>{self._inferred()}"
                           f'<details class="batak-other-books"><summary>{summary}</summary>'
                           f'<table class="batak-compare">{head}{others}</table></details>')

    def _row(self, name: str, rules: RuleSet, tricks: list[int]) -> str:
        if not rules.min_bid <= self.bid.value <= rules.max_bid:
            # Translators: {lowest} is the lowest bid the rules allow.
            said = _("a bid of {n} is not allowed (lowest {lowest})").format(n=self.bid.value, lowest=rules.min_bid)
            return f"<tr><th>{name}</th><td colspan='4'>{said}</td></tr>"
        scores = bc.score_deal(rules, 0, self.bid.value, tricks)
        return f"<tr><th>{name}</th>" + "".join(f"<td>{format_number(p, signed=True)}</td>" for p in scores) + "</tr>"

    def _inferred(self) -> str:
        """Under your rules, the scoring rules the engine infers from the source (classic's penalties)."""
        items = [d.text for d in self.rules.describe()
                 if d.basis == INFERRED and d.option in ("declarer_failed_per_bid", "defender_zero")]
        if not items:
            return ""
        # Translators: {rules} are the scoring rules inferred, whole sentences.
        said = _("Inferred from the source's worked example (its scoring table is missing): {rules}").format(
            rules=escape(" ".join(items)))
        return f'<p class="batak-inferred">{said}</p>'


def full_game(bots: str = "club", delay: float = 0.5) -> GameTable:
    """A game against three bots under the learner's rules (the last lesson's table); every game
    played to its end counts in the learner's progress (the start page shows it)."""
    return GameTable(rules=current_rules(), bots=bots, delay=delay,
                     on_game_over=lambda: load_progress().record_game())
