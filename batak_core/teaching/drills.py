"""Practice material: one-rule quiz questions and rule-lab positions, all judged by the engine.

``question(topic, rules, seed)`` deals a seeded random deal, plays it forward with legal moves
until a position really exercises the topic's rule (for overtaking: you hold cards both above
and below the highest card of the led suit), and returns a question whose answer the engine
computed. ``Question.check`` answers with the rule id and the engine's own explanation, so
a quiz can never teach something the engine would not enforce.

``Position`` is a moment of the play (four hands, trump, the trick so far, trump broken or not)
that the rule lab judges under every preset and saves as JSON.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Final

from ..cards import Card, Suit, describe_cards, sorted_hand
from ..deal import BID_TOO_LOW, Bid, Deal, Phase
from ..legality import IllegalMove, Verdict, explain_play
from ..rules import DEFAULT_PRESET, PRESETS, AllPass, RuleSet
from ..scoring import score_deal
from ..shuffle import derive_seed, new_seed
from ..trick import trick_winner
from . import examples
from .position import Position

TOPICS: Final[dict[str, str]] = {
    "follow": "Following suit and overtaking",
    "ruff": "Ruffing and overtrumping",
    "trump-lead": "Leading trump: broken or not",
    "winner": "Who wins the trick",
    "score": "Scoring a finished deal",
    "bidding": "Bidding and the all-pass outcome",
    "edge": "Where the presets disagree",
}
"""Quiz topics and their titles."""

# Rule ids of the questions that are not about a single card's legality.
HIGHEST_TRUMP: Final = "highest-trump"
HIGHEST_OF_LED_SUIT: Final = "highest-of-led-suit"
ALL_PASS: Final = "all_pass"
LOWEST_BID: Final = "min_bid"

_ATTEMPTS: Final = 400


def _example_position(example: examples.PlayExample) -> Position:
    """A worked example as a position with you (seat 0) to move; the other seats hold unseen cards."""
    return Position.around(example.hand, example.trick, example.trump, leader=-len(example.trick) % 4,
                           trump_broken=example.trump_broken)


def _edge_positions() -> dict[str, Position]:
    """RULES.md's edge cases 1-4 from ``examples.EDGE_CASES`` (those that differ by position, not by
    a house rule), and case 5: case 4's lead with the other suit gone, so only trumps are left."""
    positions = {ex.title: _example_position(ex) for ex in examples.EDGE_CASES if not ex.options}
    four = next(ex for ex in examples.EDGE_CASES if ex.title.startswith("4. "))
    only_trumps = replace(four, hand=tuple(c for c in four.hand if c.suit == four.trump))
    positions["5. On lead with only trumps: does leading one break trump?"] = _example_position(only_trumps)
    return positions


EDGE_CASES: Final[dict[str, Position]] = _edge_positions()
"""RULES.md's preset-disagreement cases that are play positions (6 and 7 are quiz topics)."""


# --- questions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Result:
    """The engine's judgement of an answer: right or not, the rule that decides, and why."""

    correct: bool
    rule: str
    explanation: str
    expected: str


@dataclass(frozen=True)
class Question:
    """One question on one rule; subclasses say what an answer is and check it."""

    kind: ClassVar[str] = ""
    topic: str
    seed: int
    rules: RuleSet
    prompt: str

    @property
    def rule(self) -> str:
        raise NotImplementedError

    @property
    def explanation(self) -> str:
        raise NotImplementedError

    @property
    def expected(self) -> str:
        """The right answer, as text."""
        raise NotImplementedError

    def check(self, answer: object) -> Result:
        raise NotImplementedError

    def _right(self) -> Result:
        return Result(True, self.rule, self.explanation, self.expected)


@dataclass(frozen=True)
class LegalCardsQuestion(Question):
    """Pick every card the player to move may play."""

    kind: ClassVar[str] = "cards"
    position: Position
    note: str = ""

    @property
    def answer(self) -> frozenset[Card]:
        return frozenset(self.position.legal(self.rules))

    def _split(self) -> tuple[Verdict, list[Verdict]]:
        """A legal card's verdict (its rule is the deepest rule at work) and the excluded cards'."""
        verdicts = self.position.verdicts(self.rules)
        return next(v for v in verdicts if v.legal), [v for v in verdicts if not v.legal]

    @property
    def rule(self) -> str:
        return self._split()[0].rule

    @property
    def explanation(self) -> str:
        legal, excluded = self._split()
        same = [v.reason for v in excluded if v.rule == legal.rule]
        parts = same[:1] or [v.reason for v in excluded[:1]] + [legal.reason]
        text = " ".join([*parts, f"You may play: {describe_cards(sorted_hand(self.answer))}."])
        return f"{text} {self.note}" if self.note else text

    @property
    def expected(self) -> str:
        return describe_cards(sorted_hand(self.answer))

    def check(self, answer: object) -> Result:
        chosen = frozenset(_cards(answer))
        if chosen == self.answer:
            return self._right()
        p = self.position
        wrong = sorted(chosen - self.answer)
        if wrong:
            v = explain_play(self.rules, p.hand, p.trick, p.trump, p.trump_broken, wrong[0])
            return Result(False, v.rule, f"{v.card.label} may not be played. {v.reason}", self.expected)
        missed = sorted(self.answer - chosen)[0]
        v = explain_play(self.rules, p.hand, p.trick, p.trump, p.trump_broken, missed)
        return Result(False, v.rule, f"You left out {missed.label}, which may be played too. {v.reason}",
                      self.expected)


@dataclass(frozen=True)
class TrickWinnerQuestion(Question):
    """A complete trick: pick the card that wins it."""

    kind: ClassVar[str] = "card"
    leader: int
    trick: tuple[Card, ...]
    trump: Suit | None

    @property
    def answer(self) -> Card:
        return self.trick[trick_winner(self.trick, self.trump)]

    @property
    def rule(self) -> str:
        return HIGHEST_TRUMP if self.trump is not None and self.answer.suit == self.trump else HIGHEST_OF_LED_SUIT

    @property
    def explanation(self) -> str:
        win, led = self.answer, self.trick[0].suit
        if self.rule == HIGHEST_TRUMP and led != self.trump:
            return (f"{win.label} wins: a trump beats every card of another suit, and it is the highest "
                    f"trump in the trick.")
        if self.rule == HIGHEST_TRUMP:
            return f"{win.label} wins: trump was led and it is the highest trump in the trick."
        return (f"{win.label} wins: no trump was played, so the highest {led.singular} wins; cards of "
                f"other suits never win.")

    @property
    def expected(self) -> str:
        return self.answer.label

    def check(self, answer: object) -> Result:
        chosen = _cards([answer] if isinstance(answer, (str, Card)) else answer)
        if len(chosen) != 1 or chosen[0] not in self.trick:
            raise ValueError("answer with one card of the trick")
        card = chosen[0]
        if card == self.answer:
            return self._right()
        if card.suit != self.trick[0].suit and card.suit != self.trump:
            why = (f"{card.label} is neither a {self.trick[0].suit.singular} (the led suit) nor a trump, "
                   "so it cannot win.")
        else:
            why = f"{self.answer.label} beats {card.label}."
        return Result(False, self.rule, f"{why} {self.explanation}", self.expected)


@dataclass(frozen=True)
class ScoreQuestion(Question):
    """A finished deal: enter the points of every seat."""

    kind: ClassVar[str] = "scores"
    declarer: int
    contract: int
    tricks: tuple[int, ...]

    @property
    def answer(self) -> tuple[int, ...]:
        return tuple(score_deal(self.rules, self.declarer, self.contract, self.tricks))

    def _option(self, seat: int) -> str:
        """The rule option that decides this seat's points."""
        if seat == self.declarer:
            return "declarer_made" if self.tricks[seat] >= self.contract else "declarer_failed_per_bid"
        return "defender_zero" if self.tricks[seat] == 0 else "defender_per_trick"

    def _line(self, seat: int) -> str:
        t, b, points = self.tricks[seat], self.contract, self.answer[seat]
        if seat == self.declarer:
            role = f"Seat {seat} (declarer, bid {b}) took {t}"
            rule = "made the bid" if t >= b else "went down"
        else:
            role = f"Seat {seat} (defender) took {t}"
            rule = "no trick at all" if t == 0 else "points per trick"
        return f"{role}: {rule}, {points:+d}."

    @property
    def rule(self) -> str:
        return self._option(self.declarer)

    @property
    def explanation(self) -> str:
        return " ".join(self._line(s) for s in range(4))

    @property
    def expected(self) -> str:
        return ", ".join(f"{p:+d}" for p in self.answer)

    def check(self, answer: object) -> Result:
        if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
            raise ValueError("answer with four scores, one per seat")
        given = list(answer)
        if len(given) != 4 or not all(isinstance(p, int) and not isinstance(p, bool) for p in given):
            raise ValueError("answer with four whole-number scores, one per seat")
        wrong = [s for s in range(4) if given[s] != self.answer[s]]
        if not wrong:
            return self._right()
        seat = wrong[0]
        return Result(False, self._option(seat), f"Seat {seat}: you wrote {given[seat]:+d}. {self._line(seat)}",
                      self.expected)


@dataclass(frozen=True)
class ChoiceQuestion(Question):
    """Choose one of a few answers; each answer's verdict comes from replaying it on a deal."""

    kind: ClassVar[str] = "choice"
    choices: tuple[str, ...]
    answer: str
    rule_id: str
    why: str
    verdicts: tuple[str, ...] = ()  # per choice: why it is wrong (empty for the answer)

    @property
    def rule(self) -> str:
        return self.rule_id

    @property
    def explanation(self) -> str:
        return self.why

    @property
    def expected(self) -> str:
        return self.answer

    def check(self, answer: object) -> Result:
        if answer not in self.choices:
            raise ValueError(f"answer with one of: {', '.join(self.choices)}")
        if answer == self.answer:
            return self._right()
        wrong = self.verdicts[self.choices.index(answer)] if self.verdicts else ""
        return Result(False, self.rule_id, f"{wrong} {self.why}".strip(), self.expected)


def _cards(answer: object) -> list[Card]:
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise ValueError("answer with a collection of cards")
    out = []
    for item in answer:
        if not isinstance(item, (Card, str)):
            raise ValueError(f"{item!r} is not a card")
        out.append(Card.parse(item))
    return out


# --- generators -----------------------------------------------------------------------------


def question(topic: str, rules: RuleSet | None = None, seed: int | None = None) -> Question:
    """A question on ``topic`` (a key of TOPICS); the same seed always gives the same question."""
    if topic not in TOPICS:
        raise ValueError(f"unknown topic {topic!r}; choose one of: {', '.join(TOPICS)}")
    rules = PRESETS[DEFAULT_PRESET] if rules is None else rules
    seed = new_seed() if seed is None else seed
    return _GENERATORS[topic](rules, seed, random.Random(seed))


def _ready_to_play(rules: RuleSet, seed: int, rng: random.Random) -> Deal:
    """A seeded deal after a short auction; the declarer names their longest suit as trump."""
    deal = Deal.random(rules, seed=seed, dealer=seed % 4)
    deal.bid(rng.randint(rules.min_bid, min(rules.max_bid, rules.min_bid + 3)))
    while deal.phase is Phase.AUCTION:
        deal.pass_bid()
    hand = deal.hand(deal.to_move or 0)
    deal.declare_trump(max(Suit, key=lambda s: (sum(c.suit == s for c in hand), -s)))
    return deal


Predicate = Callable[[Deal], bool]


def _find_position(rules: RuleSet, seed: int, rng: random.Random, wanted: Predicate) -> Position:
    """A position of a seeded random deal, played forward by legal moves, where ``wanted`` holds."""
    for attempt in range(_ATTEMPTS):
        deal = _ready_to_play(rules, derive_seed(seed, attempt), rng)
        found = []
        while deal.phase is Phase.PLAY:
            if wanted(deal):
                found.append(Position.from_deal(deal))
            deal.play(rng.choice(deal.legal_plays()))
        if found:
            return rng.choice(found)
    raise RuntimeError("no deal produced a fitting position")  # pragma: no cover - never seen


def _mover(deal: Deal) -> tuple[list[Card], list[Card], Suit | None]:
    return deal.hand(deal.to_move or 0), deal.current_trick, deal.trump


def _holds_both_sides(hand: list[Card], top: Card) -> bool:
    same = [c for c in hand if c.suit == top.suit]
    return any(c > top for c in same) and any(c < top for c in same)


def _overtaking(deal: Deal) -> bool:
    """You hold the led suit (not trump), cards above and below its top, and another suit; no trump played."""
    hand, trick, trump = _mover(deal)
    if not trick or trick[0].suit == trump or any(c.suit == trump for c in trick):
        return False
    top = max(c for c in trick if c.suit == trick[0].suit)
    return _holds_both_sides(hand, top) and any(c.suit != top.suit for c in hand)


def _overtrumping(deal: Deal) -> bool:
    """Void in the led suit, a trump in the trick, and trumps both above and below it."""
    hand, trick, trump = _mover(deal)
    if not trick or trump is None or trick[0].suit == trump or any(c.suit == trick[0].suit for c in hand):
        return False
    trumps = [c for c in trick if c.suit == trump]
    return bool(trumps) and _holds_both_sides(hand, max(trumps)) and any(c.suit != trump for c in hand)


def _ruffing(deal: Deal) -> bool:
    """Void in the led suit with trumps and other cards, no trump in the trick yet."""
    hand, trick, trump = _mover(deal)
    if not trick or trump is None or trick[0].suit == trump or any(c.suit == trick[0].suit for c in hand):
        return False
    return (not any(c.suit == trump for c in trick) and any(c.suit == trump for c in hand)
            and any(c.suit != trump for c in hand))


def _leading(broken: bool) -> Predicate:
    def wanted(deal: Deal) -> bool:
        hand, trick, trump = _mover(deal)
        return (not trick and deal.trump_broken == broken
                and any(c.suit == trump for c in hand) and any(c.suit != trump for c in hand))
    return wanted


def _trumped_and_can_overtake(deal: Deal) -> bool:
    """RULES.md edge case 1: you hold the led suit, the trick is trumped, you could overtake."""
    hand, trick, trump = _mover(deal)
    if not trick or trick[0].suit == trump or not any(c.suit == trump for c in trick):
        return False
    top = max(c for c in trick if c.suit == trick[0].suit)
    return any(c.suit == top.suit and c > top for c in hand)


def _cannot_overtrump(deal: Deal) -> bool:
    """RULES.md edge case 2: void, holding trumps all below the trump in the trick, and other cards."""
    hand, trick, trump = _mover(deal)
    if not trick or trump is None or trick[0].suit == trump or any(c.suit == trick[0].suit for c in hand):
        return False
    top = max((c for c in trick if c.suit == trump), default=None)
    mine = [c for c in hand if c.suit == trump]
    return top is not None and bool(mine) and all(c < top for c in mine) and len(mine) < len(hand)


def _legal_cards(topic: str, rules: RuleSet, seed: int, rng: random.Random, wanted: Predicate,
                 prompt: str, note: str = "") -> LegalCardsQuestion:
    position = _find_position(rules, seed, rng, wanted)
    q = LegalCardsQuestion(topic, seed, rules, "", position)
    if topic == "edge":
        note = _disagreement(position, q.answer) or note
    return LegalCardsQuestion(topic, seed, rules, f"{position.describe()} {prompt}", position, note)


def _disagreement(position: Position, answer: frozenset[Card]) -> str:
    others = [name for name, preset in PRESETS.items() if frozenset(position.legal(preset)) != answer]
    same = [name for name, preset in PRESETS.items() if frozenset(position.legal(preset)) == answer]
    if not others:
        return ""
    verb = "does" if len(others) == 1 else "do"
    return (f"The presets disagree here: {', '.join(same) or 'no preset'} allow exactly these cards; "
            f"{', '.join(others)} {verb} not.")


_PICK_ALL: Final = "Which cards may you play? Pick every one of them."


def _follow(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    return _legal_cards("follow", rules, seed, rng, _overtaking, _PICK_ALL)


def _ruff(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    wanted = _overtrumping if rng.random() < 0.6 else _ruffing
    return _legal_cards("ruff", rules, seed, rng, wanted, _PICK_ALL)


def _trump_lead(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    return _legal_cards("trump-lead", rules, seed, rng, _leading(rng.random() < 0.4), _PICK_ALL)


def _winner(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    for attempt in range(_ATTEMPTS):
        deal = _ready_to_play(rules, derive_seed(seed, attempt), rng)
        while deal.phase is Phase.PLAY:
            deal.play(rng.choice(deal.legal_plays()))
        mixed = [t for t in deal.tricks if any(c.suit != t.cards[0].suit for c in t.cards)]
        if mixed:
            trick = rng.choice(mixed)
            return TrickWinnerQuestion(
                "winner", seed, rules,
                f"{_trump_text(deal.trump)} The trick: {', then '.join(c.label for c in trick.cards)} "
                f"(the {trick.cards[0].label} was led). Which card wins the trick?",
                trick.leader, trick.cards, deal.trump)
    raise RuntimeError("no deal produced a fitting trick")  # pragma: no cover - never seen


def _trump_text(trump: Suit | None) -> str:
    return "No trump." if trump is None else f"{trump.plural.capitalize()} {trump.symbol} are trump."


def _played_out(rules: RuleSet, seed: int, rng: random.Random, wanted: Callable[[Deal], bool]) -> Deal:
    for attempt in range(_ATTEMPTS):
        deal = _ready_to_play(rules, derive_seed(seed, attempt), rng)
        while deal.phase is Phase.PLAY:
            deal.play(rng.choice(deal.legal_plays()))
        if wanted(deal):
            return deal
    raise RuntimeError("no deal produced a fitting score")  # pragma: no cover - never seen


def _score_question(topic: str, rules: RuleSet, seed: int, deal: Deal) -> ScoreQuestion:
    declarer, contract = deal.declarer or 0, deal.contract or 0
    tricks = tuple(deal.tricks_won)
    listing = ", ".join(f"seat {s} {t}" for s, t in enumerate(tricks))
    prompt = (f"Seat {declarer} bid {contract}; {_trump_text(deal.trump)} Tricks won: {listing}. "
              f"Enter every seat's points for this deal under the {rules.name} rules.")
    return ScoreQuestion(topic, seed, rules, prompt, declarer, contract, tricks)


def _score(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    return _score_question("score", rules, seed, _played_out(rules, seed, rng, lambda d: True))


def _auction_text(auction: Sequence[Bid]) -> str:
    calls = [f"seat {b.seat} {'passes' if b.bid is None else f'bids {b.bid}'}" for b in auction]
    return "; ".join(calls) if calls else "nobody has called yet"


def _lowest_bid(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    deal = Deal.random(rules, seed=seed, dealer=seed % 4)
    for _ in range(rng.randrange(4)):
        if rng.random() < 0.5 and deal.legal_bids()[0] < rules.max_bid - 1:
            deal.bid(deal.legal_bids()[0] + rng.randrange(2))
        elif deal.can_pass:
            deal.pass_bid()
    bids = deal.legal_bids()
    low = max(1, min(rules.min_bid, bids[0]) - 1)
    choices = tuple(str(n) for n in range(low, min(rules.max_bid, bids[0] + 2) + 1))
    verdicts = []
    for text in choices:
        trial = deal.copy()
        try:
            trial.bid(int(text))
            verdicts.append("" if int(text) == bids[0] else f"{text} is allowed, but {bids[0]} is lower.")
        except IllegalMove as error:
            verdicts.append(error.reason)
    rule = LOWEST_BID if deal.high_bid is None else BID_TOO_LOW
    why = (f"The lowest bid under the {rules.name} rules is {rules.min_bid}." if deal.high_bid is None
           else f"A bid must beat the highest bid so far ({deal.high_bid}), so the lowest is {bids[0]}.")
    prompt = (f"The auction so far: {_auction_text(deal.auction)}. It is seat {deal.to_move}'s turn: "
              "what is the lowest bid this player may make?")
    return ChoiceQuestion("bidding", seed, rules, prompt, choices, str(bids[0]), rule, why, tuple(verdicts))


_ALL_PASS_CHOICES: Final = (
    "The player after the dealer must play the contract.",
    "The dealer must play the contract.",
    "The cards are thrown in and dealt again.",
    "The dealer may not pass and must bid.",
)


def _all_pass(topic: str, rules: RuleSet, seed: int) -> ChoiceQuestion:
    """What happens when nobody bids, found by replaying four passes on a real deal."""
    deal = Deal.random(rules, seed=seed, dealer=seed % 4)
    for _ in range(3):
        deal.pass_bid()
    try:
        deal.pass_bid()
    except IllegalMove as error:
        answer, why = _ALL_PASS_CHOICES[3], error.reason
    else:
        if deal.phase is Phase.REDEAL:
            answer, why = _ALL_PASS_CHOICES[2], "Nobody plays this deal: the cards are thrown in and dealt again."
        else:
            first = deal.declarer != deal.dealer
            answer = _ALL_PASS_CHOICES[0 if first else 1]
            who = "the player after the dealer" if first else "the dealer"
            why = f"After four passes {who} (seat {deal.declarer}) plays at a bid of {deal.contract}."
    differs = sorted({name for name, p in PRESETS.items() if p.all_pass is not rules.all_pass})
    note = f" Under {', '.join(differs)} it goes differently." if differs else ""
    prompt = (f"Seat {deal.dealer} dealt. All four players pass. Under the {rules.name} rules, "
              "what happens?")
    if rules.all_pass is AllPass.DEALER_MUST_BID:
        prompt = (f"Seat {deal.dealer} dealt. The first three players pass. Under the {rules.name} rules, "
                  "what happens now?")
    return ChoiceQuestion(topic, seed, rules, prompt, _ALL_PASS_CHOICES, answer, ALL_PASS, why + note)


def _bidding(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    return _all_pass("bidding", rules, seed) if rng.random() < 0.35 else _lowest_bid(rules, seed, rng)


def _edge(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    case = rng.randrange(6)
    if case == 0:
        return _legal_cards("edge", rules, seed, rng, _trumped_and_can_overtake, _PICK_ALL)
    if case == 1:
        return _legal_cards("edge", rules, seed, rng, _cannot_overtrump, _PICK_ALL)
    if case == 2:
        return _legal_cards("edge", rules, seed, rng, _overtrumping, _PICK_ALL)
    if case == 3:
        return _legal_cards("edge", rules, seed, rng, _leading(False), _PICK_ALL)
    if case == 4:
        return _all_pass("edge", rules, seed)
    deal = _played_out(rules, seed, rng, lambda d: any(
        t == 0 for s, t in enumerate(d.tricks_won) if s != d.declarer))
    return _score_question("edge", rules, seed, deal)


_GENERATORS: Final[dict[str, Callable[[RuleSet, int, random.Random], Question]]] = {
    "follow": _follow, "ruff": _ruff, "trump-lead": _trump_lead, "winner": _winner,
    "score": _score, "bidding": _bidding, "edge": _edge,
}


def random_position(rules: RuleSet | None = None, seed: int | None = None) -> Position:
    """Some moment of the play of a seeded random deal (for the rule lab's "random" button)."""
    seed = new_seed() if seed is None else seed
    return _find_position(rules or PRESETS[DEFAULT_PRESET], seed, random.Random(seed), lambda deal: True)
