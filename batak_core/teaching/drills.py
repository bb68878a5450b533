"""Practice material: one-rule quiz questions and rule-lab positions, all judged by the engine.

The question types live here (pick the legal cards, pick the trick winner, enter the scores,
choose one answer), with the generators of the play-rule topics; ``course_drills`` has the
beginner topics and ``topics`` is the one registry: ``topics.question(topic, rules, seed)``.

A generator deals a seeded random deal, brings it to the play whatever the form of the game
(an auction and a trump choice, Koz Maça's announcements, Gömmeli's burying: ``ready_to_play``),
plays it forward with legal moves until a position really exercises the topic's rule (for
overtaking: you hold cards both above and below the highest card of the led suit), and returns
a question whose answer the engine computed. ``Question.check`` answers with the rule id and the
engine's own explanation, so a quiz can never teach something the engine would not enforce.
``not_asked`` is the one place that says which kind of question a form of the game cannot have.

``Position`` is a moment of the play (four hands, trump, the trick so far, trump broken or not)
that the rule lab judges under every preset and saves as JSON.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, Final

from ..ai.bots.evaluate import trick_estimate
from ..cards import Card, Suit, describe_cards, longest_suit, sorted_hand
from ..deal import BID_TOO_LOW, Bid, Deal, Phase, all_pass_outcome
from ..errors import shorten
from ..legality import IllegalMove, Verdict
from ..rules import DEFAULT_PRESET, PRESETS, AllPass, RuleSet, Variant, preset, variants_of
from ..seats import partner, side_seats, side_tricks
from ..shuffle import derive_seed, new_seed
from ..trick import trick_winner
from . import examples
from .position import Position

# Rule ids of the questions that are not about a single card's legality (the play rules' ids are
# ``legality``'s). Every id the course shows is kebab-case.
HIGHEST_TRUMP: Final = "highest-trump"
HIGHEST_OF_LED_SUIT: Final = "highest-of-led-suit"
ALL_PASS: Final = "all-pass"
LOWEST_BID: Final = "lowest-bid"
LOWEST_ANNOUNCEMENT: Final = "lowest-announcement"
# scoring: which part of the rule set's scoring decides a seat's points
DECLARER_MADE: Final = "declarer-made"
DECLARER_FAILED: Final = "declarer-failed"
DEFENDER_PER_TRICK: Final = "defender-per-trick"
DEFENDER_ZERO: Final = "defender-zero"
ANNOUNCEMENT_MADE: Final = "announcement-made"
ANNOUNCEMENT_FAILED: Final = "announcement-failed"
OVERTRICKS_SINK: Final = "overtricks-sink"
NONE_MADE: Final = "none-made"
NONE_FAILED: Final = "none-failed"

_ATTEMPTS: Final = 400


# --- which questions a form of the game cannot have: the one place -----------------------------

# Kinds of question that some forms of the game cannot have (the generators ask something fitting
# instead, see ``not_asked``).
ALL_PASS_KIND: Final = "all-pass"
LOWEST_BID_KIND: Final = "lowest-bid"
TRUMP_CHOICE_KIND: Final = "trump-choice"
TRICKLESS_DEFENDER_KIND: Final = "trickless-defender"


def not_asked(kind: str, rules: RuleSet) -> str:
    """Why a kind of question cannot be asked under ``rules`` ('' when it can). The one place that
    says so; what is asked instead:

    - no auction (Koz Maça): no all-pass and no lowest-bid question; the bidding topic asks the
      lowest announcement, the edge topic one of its play positions;
    - a fixed trump (Koz Maça): no choice of trump; the trump-choice topic asks which suit is trump;
    - no lone defenders (Koz Maça: everyone plays for their own number; Eşli: partners' tricks
      count together): no trickless-defender score; the edge topic asks a play position.
    """
    if kind in (ALL_PASS_KIND, LOWEST_BID_KIND) and rules.announcements:
        return ("Koz Maça has no auction: nobody bids or passes, every player announces how many "
                "tricks they will take.")
    if kind == TRUMP_CHOICE_KIND and rules.fixed_trump:
        suit = Suit.parse(rules.fixed_trump)
        return f"Nobody chooses trump here: {suit.plural} {suit.symbol} are always trump."
    if kind == TRICKLESS_DEFENDER_KIND and rules.announcements:
        return "Koz Maça has no defenders: every player is scored against their own announcement."
    if kind == TRICKLESS_DEFENDER_KIND and rules.partnership:
        return ("Partners count their tricks together, so a defender's own tricks do not decide the "
                "score: a side takes no trick only very rarely.")
    return ""


_VARIANT_TITLES: Final = {Variant.KOZ_MACA: "Koz Maça", Variant.ESLI: "Eşli", Variant.GOMMELI: "Gömmeli"}


def rules_title(rules: RuleSet) -> str:
    """'classic', or 'classic Koz Maça' for a variant: how a question names its rules."""
    variant = _VARIANT_TITLES.get(rules.variant)
    return f"{rules.name} {variant}" if variant else rules.name


def _peers(rules: RuleSet) -> dict[str, RuleSet]:
    """Every preset's rules in the same form of the game (all five for İhaleli)."""
    return {name: preset(name, rules.variant) for name in PRESETS if rules.variant in variants_of(name)}


def _edge_positions() -> dict[str, Position]:
    """RULES.md's edge cases 1-4 from ``examples.EDGE_CASES`` (those that differ by position, not by
    a house rule), and case 5: case 4's lead with the other suit gone, so only trumps are left."""
    positions = {ex.title: Position.from_example(ex) for ex in examples.EDGE_CASES if not ex.options}
    four = next(ex for ex in examples.EDGE_CASES if ex.title.startswith("4. "))
    only_trumps = replace(four, hand=tuple(c for c in four.hand if c.suit == four.trump))
    positions["5. On lead with only trumps: does leading one break trump?"] = Position.from_example(only_trumps)
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

    def _chain(self) -> list[Verdict]:
        """The duties that decide the answer, step by step (``legality.duty_chain``)."""
        return self.position.duty_chain(self.rules)

    def _chain_text(self, told: Verdict | None = None) -> str:
        """The whole chain as sentences. A card ``told`` about is named where it is decided: the step
        that rules it out is told on that card, an allowed card's reason follows the chain."""
        reasons = [step.reason for step in self._chain()]
        if told is not None and not told.legal:
            ruled = [i for i, step in enumerate(self._chain()) if step.rule == told.rule]
            if ruled:
                reasons[ruled[0]] = told.reason
            else:  # not in the hand: no duty decides it
                reasons.insert(0, told.reason)
        elif told is not None and told.reason not in reasons:
            reasons.append(told.reason)
        return " ".join(reasons)

    @property
    def rule(self) -> str:
        """The deepest rule at work: the last duty of the chain, which the legal cards follow."""
        return self._chain()[-1].rule

    @property
    def explanation(self) -> str:
        text = f"{self._chain_text()} You may play: {describe_cards(sorted_hand(self.answer))}."
        return f"{text} {self.note}" if self.note else text

    @property
    def expected(self) -> str:
        return describe_cards(sorted_hand(self.answer))

    def check(self, answer: object) -> Result:
        chosen = frozenset(_cards(answer))
        if chosen == self.answer:
            return self._right()
        wrong = sorted(chosen - self.answer)
        if wrong:
            v = self.position.explain(self.rules, wrong[0])
            return Result(False, v.rule, f"{v.card.label} may not be played. {self._chain_text(v)}", self.expected)
        missed = sorted(self.answer - chosen)[0]
        v = self.position.explain(self.rules, missed)
        return Result(False, v.rule, f"You left out {missed.label}, which may be played too. {self._chain_text(v)}",
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
    """A finished deal: enter the points of every seat, as the engine scored it (``Deal.scores()``).

    After an auction ``declarer`` and ``contract`` say who played for what (with partners, the
    declarer's side); in Koz Maça they are None and ``announced`` holds every seat's number.
    """

    kind: ClassVar[str] = "scores"
    declarer: int | None
    contract: int | None
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    announced: tuple[int, ...] = ()

    @property
    def answer(self) -> tuple[int, ...]:
        return self.points

    def _option(self, seat: int) -> str:
        """The part of the scoring rules that decides this seat's points."""
        t = self.tricks[seat]
        if self.announced:
            n, sink = self.announced[seat], self.rules.overtricks_sink
            if n == 0:
                return NONE_MADE if t == 0 else NONE_FAILED
            if sink and t - n >= sink:
                return OVERTRICKS_SINK
            return ANNOUNCEMENT_MADE if t >= n else ANNOUNCEMENT_FAILED
        assert self.declarer is not None and self.contract is not None
        counted = side_tricks(self.rules, self.tricks, seat)
        if seat in side_seats(self.rules, self.declarer):
            return DECLARER_MADE if counted >= self.contract else DECLARER_FAILED
        return DEFENDER_ZERO if counted == 0 else DEFENDER_PER_TRICK

    def _line(self, seat: int) -> str:
        t, points, option = self.tricks[seat], self.answer[seat], self._option(seat)
        if self.announced:
            n = self.announced[seat]
            said = "none" if n == 0 else str(n)
            what = {NONE_MADE: "no trick, as announced", NONE_FAILED: "took a trick after announcing none",
                    OVERTRICKS_SINK: f"{t - n} over the number, and {self.rules.overtricks_sink} or more over sinks",
                    ANNOUNCEMENT_MADE: "made the number", ANNOUNCEMENT_FAILED: "fewer than announced"}[option]
            return f"Seat {seat} announced {said} and took {t}: {what}, {points:+d}."
        what = {DECLARER_MADE: "made the bid", DECLARER_FAILED: "went down", DEFENDER_ZERO: "no trick at all",
                DEFENDER_PER_TRICK: "points per trick"}[option]
        assert self.declarer is not None
        declaring = seat in side_seats(self.rules, self.declarer)
        if self.rules.partnership:
            side = "declaring side" if declaring else "defending side"
            if declaring:
                side += f", bid {self.contract}"
            counted = side_tricks(self.rules, self.tricks, seat)
            return (f"Seat {seat} ({side}, with seat {partner(seat)}): {t} of the side's {counted} tricks, "
                    f"counted together: {what}, {points:+d}.")
        role = f"declarer, bid {self.contract}" if declaring else "defender"
        return f"Seat {seat} ({role}) took {t}: {what}, {points:+d}."

    @property
    def rule(self) -> str:
        """The declarer's scoring rule; in Koz Maça the first unusual one (none, sinking), else seat 0's."""
        if self.declarer is not None:
            return self._option(self.declarer)
        options = [self._option(s) for s in range(4)]
        return next((o for o in options if o in (NONE_MADE, NONE_FAILED, OVERTRICKS_SINK)), options[0])

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
    hand: tuple[Card, ...] = ()  # the hand the question is about, drawn as cards by the quiz

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


@dataclass(frozen=True)
class PlayQuestion(Question):
    """Choose the card to play in a small ending with every hand shown: the double-dummy solver
    (``ai.solver``) has valued each legal card, and every card that keeps the best result is right.

    ``values`` holds each legal card of the player to move and the tricks that player's side ends
    the deal with after it, everyone playing perfectly from there.
    """

    kind: ClassVar[str] = "play"
    hands: tuple[tuple[Card, ...], ...]  # every seat's cards, seat order, shown face up
    to_move: int
    leader: int
    trick: tuple[Card, ...]  # the current trick, lead first
    trump: Suit | None
    values: tuple[tuple[Card, int], ...]
    rule_id: str
    why: str  # the idea of the position, said after any answer

    @property
    def answer(self) -> frozenset[Card]:
        best = max(v for _c, v in self.values)
        return frozenset(c for c, v in self.values if v == best)

    @property
    def rule(self) -> str:
        return self.rule_id

    @property
    def explanation(self) -> str:
        return self.why

    @property
    def expected(self) -> str:
        return describe_cards(sorted_hand(self.answer))

    def check(self, answer: object) -> Result:
        chosen = _cards([answer] if isinstance(answer, (str, Card)) else answer)
        values = dict(self.values)
        if len(chosen) != 1 or chosen[0] not in values:
            raise ValueError(f"answer with one of the cards you may play: {describe_cards(sorted_hand(values))}")
        card = chosen[0]
        if card in self.answer:
            return self._right()
        best = max(values.values())
        lost = best - values[card]
        return Result(False, self.rule_id,
                      f"{card.label} gives away {lost} trick{'s' if lost != 1 else ''}: with best play your side "
                      f"then ends with {values[card]}, not {best}. {self.why}", self.expected)


def _cards(answer: object) -> list[Card]:
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise ValueError("answer with a collection of cards")
    out = []
    for item in answer:
        if not isinstance(item, (Card, str)):
            raise ValueError(f"{shorten(item)} is not a card")
        out.append(Card.parse(item))
    return out


def number_choices(answer: int, rng: random.Random, top: int = 13) -> tuple[str, ...]:
    """Four neighbouring whole numbers around ``answer`` (within 0..top), as answer buttons."""
    low = max(0, min(top - 3, answer - rng.randrange(4)))
    return tuple(str(n) for n in range(low, low + 4))



# --- generators -----------------------------------------------------------------------------

Generator = Callable[[RuleSet, int, random.Random], Question]


@dataclass(frozen=True)
class Topic:
    """A quiz topic: its title and its kinds of question, each a generator. A lesson's round of
    questions takes turns between the kinds (``rounds``), so one topic can teach several cases of a
    rule; a generator whose kind cannot be asked under some rules (``not_asked``) asks a fitting
    question instead."""

    title: str
    kinds: Mapping[str, Generator]


def ready_to_play(rules: RuleSet, seed: int, rng: random.Random) -> Deal:
    """A seeded deal brought to its first lead, whatever the form of the game: after a short
    auction the declarer names their longest suit (``cards.longest_suit``) and, in Gömmeli, buries
    their lowest side cards; in Koz Maça every player announces what the hand should take with
    spades (the bots' count, ``evaluate.trick_estimate``)."""
    deal = Deal.random(rules, seed=seed, dealer=seed % 4)
    if rules.announcements:
        while deal.phase is Phase.AUCTION:
            legal = deal.legal_bids()
            count = int(trick_estimate(deal.hand_mask(deal.to_move or 0), rules.trump_suit)) + rng.randrange(-1, 2)
            deal.bid(max(legal[0], min(legal[-1], count)))
        return deal
    deal.bid(rng.randint(rules.min_bid, min(rules.max_bid, rules.min_bid + 3)))
    while deal.phase is Phase.AUCTION:
        deal.pass_bid()
    declarer = deal.declarer or 0
    if deal.phase is Phase.TRUMP:
        deal.declare_trump(longest_suit(deal.hand_mask(declarer)))
    if deal.phase is Phase.BURY:
        lowest = sorted(deal.hand(declarer), key=lambda c: (c.suit == deal.trump, c.rank))
        deal.bury(lowest[:rules.kitty])
    return deal


Predicate = Callable[[Deal], bool]


def _find_position(rules: RuleSet, seed: int, rng: random.Random, wanted: Predicate) -> Position:
    """A position of a seeded random deal, played forward by legal moves, where ``wanted`` holds."""
    for attempt in range(_ATTEMPTS):
        deal = ready_to_play(rules, derive_seed(seed, attempt), rng)
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
        note = _disagreement(rules, position, q.answer) or note
    return LegalCardsQuestion(topic, seed, rules, f"{position.describe(rules)} {prompt}", position, note)


def _disagreement(rules: RuleSet, position: Position, answer: frozenset[Card]) -> str:
    """Which presets (in the same form of the game) allow other cards here."""
    peers = _peers(rules)
    others = [name for name, peer in peers.items() if frozenset(position.legal(peer)) != answer]
    same = [name for name, peer in peers.items() if frozenset(position.legal(peer)) == answer]
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
        deal = ready_to_play(rules, derive_seed(seed, attempt), rng)
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
        deal = ready_to_play(rules, derive_seed(seed, attempt), rng)
        while deal.phase is Phase.PLAY:
            deal.play(rng.choice(deal.legal_plays()))
        if wanted(deal):
            return deal
    raise RuntimeError("no deal produced a fitting score")  # pragma: no cover - never seen


def _score_question(topic: str, rules: RuleSet, seed: int, deal: Deal) -> ScoreQuestion:
    """The points of a played-out deal, as the engine scores it (``Deal.scores()``)."""
    tricks, points = tuple(deal.tricks_won), tuple(deal.scores())
    listing = ", ".join(f"seat {s} {t}" for s, t in enumerate(tricks))
    ask = f"Enter every seat's points for this deal under the {rules_title(rules)} rules."
    if rules.announcements:
        announced = tuple(n or 0 for n in deal.announcements)
        calls = ", ".join(f"seat {s} {'none' if n == 0 else n}" for s, n in enumerate(announced))
        prompt = (f"{_trump_text(deal.trump)} There is no auction: every player announced how many tricks "
                  f"they would take ({calls}). Tricks won: {listing}. {ask}")
        return ScoreQuestion(topic, seed, rules, prompt, None, None, tricks, points, announced)
    declarer, contract = deal.declarer or 0, deal.contract or 0
    sides = ""
    if rules.partnership:
        sides = (f" Partners sit opposite and count their tricks together: seats {declarer} and "
                 f"{partner(declarer)} against seats {(declarer + 1) % 4} and {(declarer + 3) % 4}.")
    prompt = f"Seat {declarer} bid {contract}; {_trump_text(deal.trump)}{sides} Tricks won: {listing}. {ask}"
    return ScoreQuestion(topic, seed, rules, prompt, declarer, contract, tricks, points)


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
    rule = LOWEST_BID if deal.high_bid is None else BID_TOO_LOW
    why = (f"The lowest bid under the {rules_title(rules)} rules is {rules.min_bid}." if deal.high_bid is None
           else f"A bid must beat the highest bid so far ({deal.high_bid}), so the lowest is {bids[0]}.")
    prompt = (f"The auction so far: {_auction_text(deal.auction)}. It is seat {deal.to_move}'s turn: "
              "what is the lowest bid this player may make?")
    return ChoiceQuestion("bidding", seed, rules, prompt, choices, str(bids[0]), rule, why,
                          _tried_bids(deal, choices, bids[0]))


def _tried_bids(deal: Deal, choices: Sequence[str], lowest: int) -> tuple[str, ...]:
    """Each choice played on a copy of the deal: the engine's refusal, or why it is not the lowest."""
    verdicts = []
    for text in choices:
        trial = deal.copy()
        try:
            trial.bid(int(text))
            verdicts.append("" if int(text) == lowest else f"{text} is allowed, but {lowest} is lower.")
        except IllegalMove as error:
            verdicts.append(error.reason)
    return tuple(verdicts)


def _lowest_announcement(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    """Koz Maça's counterpart of the lowest bid (``not_asked``): the lowest number a player may announce."""
    deal = Deal.random(rules, seed=seed, dealer=seed % 4)
    for _ in range(rng.randrange(4)):
        deal.bid(rng.choice(deal.legal_bids()[:5]))
    legal = deal.legal_bids()
    low = max(0, legal[0] - 1)
    choices = tuple(str(n) for n in range(low, low + 4))
    said = "; ".join(f"seat {b.seat} announced {'none' if b.bid == 0 else b.bid}" for b in deal.auction)
    none = ' 0 is "none": a promise to take no trick at all.' if legal[0] == 0 else ""
    why = (f"Under the {rules_title(rules)} rules every player announces a number from {legal[0]} to "
           f"{legal[-1]}, whatever the others announced.{none}")
    prompt = (f"{rules_title(rules)}: {_trump_text(deal.trump)} Every player announces how many tricks they "
              f"will take. So far: {said or 'nobody has announced yet'}. It is seat {deal.to_move}'s turn: "
              "what is the lowest number this player may announce?")
    return ChoiceQuestion("bidding", seed, rules, prompt, choices, str(legal[0]), LOWEST_ANNOUNCEMENT, why,
                          _tried_bids(deal, choices, legal[0]))


_ALL_PASS_CHOICES: Final[dict[AllPass, str]] = {
    AllPass.FIRST_BIDDER_PLAYS: "The player after the dealer must play the contract.",
    AllPass.DEALER_PLAYS: "The dealer must play the contract.",
    AllPass.REDEAL: "The cards are thrown in and dealt again.",
    AllPass.DEALER_MUST_BID: "The dealer may not pass and must bid.",
}
"""The all-pass question's answers, one per outcome the engine knows (``deal.all_pass_outcome``)."""


def _all_pass(topic: str, rules: RuleSet, seed: int) -> ChoiceQuestion:
    """What happens when nobody bids: ``deal.all_pass_outcome``, which the engine replays."""
    outcome = all_pass_outcome(rules)
    differs = sorted(name for name, peer in _peers(rules).items() if all_pass_outcome(peer).text != outcome.text)
    note = f" Under {', '.join(differs)} it goes differently." if differs else ""
    dealer = seed % 4
    passes = "The first three players pass" if outcome.rule is AllPass.DEALER_MUST_BID else "All four players pass"
    prompt = f"Seat {dealer} dealt. {passes}. Under the {rules_title(rules)} rules, what happens?"
    return ChoiceQuestion(topic, seed, rules, prompt, tuple(_ALL_PASS_CHOICES.values()),
                          _ALL_PASS_CHOICES[outcome.rule], ALL_PASS, outcome.text + note)


def _bidding(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    if not_asked(LOWEST_BID_KIND, rules):
        return _lowest_announcement(rules, seed, rng)
    if rng.random() < 0.35 and not not_asked(ALL_PASS_KIND, rules):
        return _all_pass("bidding", rules, seed)
    return _lowest_bid(rules, seed, rng)


def _trickless_defender(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    """RULES.md edge case 7: a defender took no trick."""
    deal = _played_out(rules, seed, rng, lambda d: any(
        t == 0 for s, t in enumerate(d.tricks_won) if s != d.declarer))
    return _score_question("edge", rules, seed, deal)


_EDGE_KINDS: Final[tuple[tuple[str, Generator], ...]] = (
    ("trumped-overtake", lambda r, s, g: _legal_cards("edge", r, s, g, _trumped_and_can_overtake, _PICK_ALL)),
    ("cannot-overtrump", lambda r, s, g: _legal_cards("edge", r, s, g, _cannot_overtrump, _PICK_ALL)),
    ("overtrump", lambda r, s, g: _legal_cards("edge", r, s, g, _overtrumping, _PICK_ALL)),
    ("unbroken-lead", lambda r, s, g: _legal_cards("edge", r, s, g, _leading(False), _PICK_ALL)),
    (ALL_PASS_KIND, lambda r, s, g: _all_pass("edge", r, s)),
    (TRICKLESS_DEFENDER_KIND, _trickless_defender),
)
"""RULES.md's edge cases as questions: positions (cases 1-4), the all-pass outcome (6), a trickless
defender's score (7)."""


def _edge(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    kinds = [make for kind, make in _EDGE_KINDS if not not_asked(kind, rules)]
    return kinds[rng.randrange(len(kinds))](rules, seed, rng)


QUIZ_TOPICS: Final[dict[str, Topic]] = {
    "follow": Topic("Following suit and overtaking", {"overtake": _follow}),
    "ruff": Topic("Ruffing and overtrumping", {"ruff-or-overtrump": _ruff}),
    "trump-lead": Topic("Leading trump: broken or not", {"lead": _trump_lead}),
    "winner": Topic("Who wins the trick", {"winner": _winner}),
    "score": Topic("Scoring a finished deal", {"score": _score}),
    "bidding": Topic("Bidding and the all-pass outcome", {"lowest-bid": _bidding}),
    "edge": Topic("Where the presets disagree", {"edge": _edge}),
}
"""This module's quiz topics: each one's title and its kinds of question (``topics`` merges them)."""


def random_position(rules: RuleSet | None = None, seed: int | None = None) -> Position:
    """Some moment of the play of a seeded random deal (for the rule lab's "random" button)."""
    seed = new_seed() if seed is None else seed
    return _find_position(rules or PRESETS[DEFAULT_PRESET], seed, random.Random(seed), lambda deal: True)
