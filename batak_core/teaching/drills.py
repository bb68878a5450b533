"""Practice material: one-rule quiz questions and rule-lab positions, all judged by the engine.

The question types live here (pick the legal cards, pick the trick winner, enter the scores,
choose one answer), with the generators of the play-rule topics; ``course_drills`` has the
beginner topics and ``topics`` is the one registry: ``topics.question(topic, rules, seed)``.

A generator deals a seeded random deal, brings it to the play whatever the form of the game
(an auction and a trump choice, Koz Maça's announcements, Gömmeli's burying: ``ready_to_play``),
plays it forward with legal moves until a position really exercises the topic's rule (for
overtaking: you hold cards both above and below the highest card of the led suit), and returns
a question whose answer the engine computed. A topic has several kinds of question (following
suit: overtaking, unable to overtake, a trump lead, a trick already trumped), which a lesson's
round takes turns between (``rounds``). ``Question.check`` answers with the rule id and the
engine's own explanation, so a quiz can never teach something the engine would not enforce;
``rule_title`` names the rule plainly for the learner. ``not_asked`` is the one place that says
which kind of question a form of the game cannot have.

Questions speak to the learner as "You" (seat 0) and name the others by ``names.SEAT_NAMES``;
positions are turned to the learner's seat (``yours``). Hands are never written out in a prompt:
the quiz draws them (a ``ChoiceQuestion`` carries its ``hand``).

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
from ..legality import RULE_TITLES as PLAY_RULE_TITLES
from ..legality import IllegalMove, Verdict
from ..rules import DEFAULT_PRESET, PRESETS, AllPass, RuleSet, Variant, preset, variants_of
from ..seats import partner, side_seats, side_tricks
from ..shuffle import derive_seed, new_seed
from ..trick import trick_winner
from . import examples
from .names import SEAT_NAMES, in_sentence, possessive
from .position import Position, describe_trump

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

RULE_TITLES: Final[dict[str, str]] = {
    **{rule: title[0].upper() + title[1:] for rule, title in PLAY_RULE_TITLES.items()},
    HIGHEST_TRUMP: "The highest trump wins",
    HIGHEST_OF_LED_SUIT: "The highest card of the led suit wins",
    ALL_PASS: "When everyone passes",
    LOWEST_BID: "The lowest bid",
    BID_TOO_LOW: "A bid must beat the highest bid so far",
    LOWEST_ANNOUNCEMENT: "The lowest announcement",
    DECLARER_MADE: "The declarer made the bid",
    DECLARER_FAILED: "The declarer went down",
    DEFENDER_PER_TRICK: "Defenders score their tricks",
    DEFENDER_ZERO: "A defender without a trick",
    ANNOUNCEMENT_MADE: "The announcement was made",
    ANNOUNCEMENT_FAILED: "Fewer tricks than announced",
    OVERTRICKS_SINK: "Too many tricks sink",
    NONE_MADE: "Announced none and took none",
    NONE_FAILED: "Announced none but took a trick",
}
"""A plain title for every rule id the drills report (the play rules' titles are ``legality``'s):
the feedback shows the title and keeps the id for a tooltip."""


def rule_title(rule: str) -> str:
    """The plain title of a rule id; an id without an entry (a newer topic's) reads as words."""
    return RULE_TITLES.get(rule) or rule.replace("-", " ").capitalize()

_ATTEMPTS: Final = 400


# --- which questions a form of the game cannot have: the one place -----------------------------

# Kinds of question that some forms of the game cannot have (the generators ask something fitting
# instead, see ``not_asked``).
ALL_PASS_KIND: Final = "all-pass"
LOWEST_BID_KIND: Final = "lowest-bid"
BEAT_THE_BID_KIND: Final = "beat-the-bid"
TRUMP_CHOICE_KIND: Final = "trump-choice"
LONGEST_SUIT_KIND: Final = "longest-suit"
EQUAL_LENGTH_KIND: Final = "equal-length"
TRICKLESS_DEFENDER_KIND: Final = "trickless-defender"
NO_TRICK_KIND: Final = "no-trick"
PARTNERS_KIND: Final = "partners-together"

_AUCTION_KINDS: Final = (ALL_PASS_KIND, LOWEST_BID_KIND, BEAT_THE_BID_KIND)
_CHOOSING_TRUMP_KINDS: Final = (TRUMP_CHOICE_KIND, LONGEST_SUIT_KIND, EQUAL_LENGTH_KIND)


def not_asked(kind: str, rules: RuleSet) -> str:
    """Why a kind of question cannot be asked under ``rules`` ('' when it can). The one place that
    says so; what is asked instead:

    - no auction (Koz Maça): no all-pass, lowest-bid or beat-the-bid question; the bidding topic
      asks the lowest announcement, the edge topic one of its play positions;
    - a fixed trump (Koz Maça): no choice of trump; the trump-choice topic asks which suit is trump;
    - no lone defenders (Koz Maça: everyone plays for their own number; Eşli: partners' tricks
      count together): no trickless-defender score; the edge topic asks a play position;
    - partners (Eşli) very rarely leave a side without a trick: no no-trick score, the score
      topic asks how partners count together instead; without partners there is no
      partners-together score, the score topic asks another finished deal.
    """
    if kind in _AUCTION_KINDS and rules.announcements:
        return ("Koz Maça has no auction: nobody bids or passes, every player announces how many "
                "tricks they will take.")
    if kind in _CHOOSING_TRUMP_KINDS and rules.fixed_trump:
        suit = Suit.parse(rules.fixed_trump)
        return f"Nobody chooses trump here: {suit.plural} {suit.symbol} are always trump."
    if kind == TRICKLESS_DEFENDER_KIND and rules.announcements:
        return "Koz Maça has no defenders: every player is scored against their own announcement."
    if kind in (TRICKLESS_DEFENDER_KIND, NO_TRICK_KIND) and rules.partnership:
        return ("Partners count their tricks together, so a defender's own tricks do not decide the "
                "score: a side takes no trick only very rarely.")
    if kind == PARTNERS_KIND and not rules.partnership:
        return "Everyone plays for themselves here: nobody's tricks count together with a partner's."
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

    def __post_init__(self) -> None:
        object.__setattr__(self, "explanation", in_sentence(self.explanation))


@dataclass(frozen=True)
class Question:
    """One question on one rule; subclasses say what an answer is and check it."""

    kind: ClassVar[str] = ""
    topic: str
    seed: int
    rules: RuleSet
    prompt: str

    def __post_init__(self) -> None:
        """Generated text says "You" wherever a seat's name goes: written small inside a sentence."""
        for name in ("prompt", "why", "note"):
            if isinstance(getattr(self, name, None), str):
                object.__setattr__(self, name, in_sentence(getattr(self, name)))

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
            return f"{SEAT_NAMES[seat]} announced {said} and took {t}: {what}, {points:+d}."
        what = {DECLARER_MADE: "made the bid", DECLARER_FAILED: "went down", DEFENDER_ZERO: "no trick at all",
                DEFENDER_PER_TRICK: "points per trick"}[option]
        assert self.declarer is not None
        declaring = seat in side_seats(self.rules, self.declarer)
        if self.rules.partnership:
            side = "declaring side" if declaring else "defending side"
            if declaring:
                side += f", bid {self.contract}"
            counted = side_tricks(self.rules, self.tricks, seat)
            return (f"{SEAT_NAMES[seat]} ({side}, with {SEAT_NAMES[partner(seat)]}): {t} of the side's "
                    f"{counted} tricks, counted together: {what}, {points:+d}.")
        role = f"declarer, bid {self.contract}" if declaring else "defender"
        return f"{SEAT_NAMES[seat]} ({role}) took {t}: {what}, {points:+d}."

    @property
    def rule(self) -> str:
        """The declarer's scoring rule; in Koz Maça the first unusual one (none, sinking), else the learner's."""
        if self.declarer is not None:
            return self._option(self.declarer)
        options = [self._option(s) for s in range(4)]
        return next((o for o in options if o in (NONE_MADE, NONE_FAILED, OVERTRICKS_SINK)), options[0])

    @property
    def explanation(self) -> str:
        return " ".join(self._line(s) for s in range(4))

    @property
    def expected(self) -> str:
        return ", ".join(f"{name} {p:+d}" for name, p in zip(SEAT_NAMES, self.answer, strict=True))

    def check(self, answer: object) -> Result:
        if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
            raise ValueError("answer with four scores, one per player")
        given = list(answer)
        if len(given) != 4 or not all(isinstance(p, int) and not isinstance(p, bool) for p in given):
            raise ValueError("answer with four whole-number scores, one per player")
        wrong = [s for s in range(4) if given[s] != self.answer[s]]
        if not wrong:
            return self._right()
        seat = wrong[0]
        whose = possessive(seat)
        return Result(False, self._option(seat),
                      f"{whose[0].upper()}{whose[1:]} points: you wrote {given[seat]:+d}. {self._line(seat)}",
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


def _bring_to_play(deal: Deal, rng: random.Random) -> Deal:
    """``deal`` brought from its first call to its first lead (see ``ready_to_play``)."""
    rules = deal.rules
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


def ready_to_play(rules: RuleSet, seed: int, rng: random.Random) -> Deal:
    """A seeded deal brought to its first lead, whatever the form of the game: after a short
    auction the declarer names their longest suit (``cards.longest_suit``) and, in Gömmeli, buries
    their lowest side cards; in Koz Maça every player announces what the hand should take with
    spades (the bots' count, ``evaluate.trick_estimate``)."""
    return _bring_to_play(Deal.random(rules, seed=seed, dealer=seed % 4), rng)


def play_out(deal: Deal, rng: random.Random) -> Deal:
    """``deal`` played to its end with random legal cards (brought to the play first if need be)."""
    if deal.phase is Phase.AUCTION:
        _bring_to_play(deal, rng)
    while deal.phase is Phase.PLAY:
        deal.play(rng.choice(deal.legal_plays()))
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


def yours(position: Position) -> Position:
    """The same moment seen from the learner's seat: the seats turned so that "You" (seat 0) are
    to move, which is how the quiz names the players (``names.SEAT_NAMES``)."""
    turn = position.to_move
    hands = tuple(position.hands[(seat + turn) % 4] for seat in range(4))
    return Position(hands, position.trump, (position.leader - turn) % 4, position.trick, position.trump_broken)


def _mover(deal: Deal) -> tuple[list[Card], list[Card], Suit | None]:
    return deal.hand(deal.to_move or 0), deal.current_trick, deal.trump


def _holds_both_sides(hand: list[Card], top: Card) -> bool:
    same = [c for c in hand if c.suit == top.suit]
    return any(c > top for c in same) and any(c < top for c in same)


def _plain_lead(deal: Deal) -> tuple[list[Card], Card] | None:
    """The mover's hand and the highest card of the led suit, when a plain suit (not trump) was led."""
    hand, trick, trump = _mover(deal)
    if not trick or trick[0].suit == trump:
        return None
    return hand, max(c for c in trick if c.suit == trick[0].suit)


def _trumped(deal: Deal) -> bool:
    return any(c.suit == deal.trump for c in deal.current_trick)


def _overtaking(deal: Deal) -> bool:
    """You hold the led suit (not trump), cards above and below its top, and another suit; no trump played."""
    lead = _plain_lead(deal)
    if lead is None or _trumped(deal):
        return False
    hand, top = lead
    return _holds_both_sides(hand, top) and any(c.suit != top.suit for c in hand)


def _cannot_overtake(deal: Deal) -> bool:
    """You hold the led suit (not trump), all of it below its top, and another suit; no trump played."""
    lead = _plain_lead(deal)
    if lead is None or _trumped(deal):
        return False
    hand, top = lead
    same = [c for c in hand if c.suit == top.suit]
    return bool(same) and all(c < top for c in same) and len(same) < len(hand)


def _trump_led_overtaking(deal: Deal) -> bool:
    """Trump was led; you hold trumps above and below the highest one, and another suit."""
    hand, trick, trump = _mover(deal)
    if not trick or trick[0].suit != trump:
        return False
    return _holds_both_sides(hand, max(trick, key=lambda c: (c.suit == trump, c.rank))) and any(
        c.suit != trump for c in hand)


def _trumped_holding_both(deal: Deal) -> bool:
    """The trick is trumped; you hold the led suit above and below its top (does the overtake duty hold?)."""
    lead = _plain_lead(deal)
    return lead is not None and _trumped(deal) and _holds_both_sides(*lead)


def _void(deal: Deal) -> list[Card] | None:
    """The mover's hand when a plain suit was led and the mover holds none of it."""
    hand, trick, trump = _mover(deal)
    if not trick or trump is None or trick[0].suit == trump or any(c.suit == trick[0].suit for c in hand):
        return None
    return hand


def _overtrumping(deal: Deal) -> bool:
    """Void in the led suit, a trump in the trick, and trumps both above and below it."""
    hand, trump = _void(deal), deal.trump
    trumps = [c for c in deal.current_trick if c.suit == trump]
    return (hand is not None and bool(trumps) and _holds_both_sides(hand, max(trumps))
            and any(c.suit != trump for c in hand))


def _ruffing(deal: Deal) -> bool:
    """Void in the led suit with trumps and other cards, no trump in the trick yet."""
    hand, trump = _void(deal), deal.trump
    return (hand is not None and not _trumped(deal) and any(c.suit == trump for c in hand)
            and any(c.suit != trump for c in hand))


def _cannot_overtrump(deal: Deal) -> bool:
    """RULES.md edge case 2: void, holding trumps all below the trump in the trick, and other cards."""
    hand, trump = _void(deal), deal.trump
    top = max((c for c in deal.current_trick if c.suit == trump), default=None)
    mine = [c for c in hand or () if c.suit == trump]
    return hand is not None and top is not None and bool(mine) and all(c < top for c in mine) and len(mine) < len(hand)


def _no_trump_left(deal: Deal) -> bool:
    """Void in the led suit and without a trump, with more than one card to choose from."""
    hand = _void(deal)
    return hand is not None and len(hand) > 1 and not any(c.suit == deal.trump for c in hand)


def _leading(broken: bool) -> Predicate:
    def wanted(deal: Deal) -> bool:
        hand, trick, trump = _mover(deal)
        return (not trick and deal.trump_broken == broken
                and any(c.suit == trump for c in hand) and any(c.suit != trump for c in hand))
    return wanted


def _trumped_and_can_overtake(deal: Deal) -> bool:
    """RULES.md edge case 1: you hold the led suit, the trick is trumped, you could overtake."""
    lead = _plain_lead(deal)
    if lead is None or not _trumped(deal):
        return False
    hand, top = lead
    return any(c.suit == top.suit and c > top for c in hand)


def _situation(rules: RuleSet, position: Position) -> str:
    """The prompt's context for a position seen from the learner's seat: trump, broken or not, who
    led; the trick itself is drawn by the quiz."""
    trump = describe_trump(position.trump, position.trick, position.trump_broken, rules)
    number = rules.hand_size - len(position.hand) + 1
    if not position.trick:
        return f"Trick {number}. {trump} You are on lead."
    text = (f"Trick {number}. {trump} {SEAT_NAMES[position.leader]} led the {position.trick[0].label}; "
            "the trick so far is shown.")
    if rules.partnership and position.partner_winning:
        text += f" Your partner, {SEAT_NAMES[partner(position.to_move)]}, is winning it so far."
    return text


def _legal_cards(topic: str, rules: RuleSet, seed: int, rng: random.Random, wanted: Predicate,
                 prompt: str, note: str = "") -> LegalCardsQuestion:
    position = yours(_find_position(rules, seed, rng, wanted))
    q = LegalCardsQuestion(topic, seed, rules, "", position)
    if topic == "edge":
        note = _disagreement(rules, position, q.answer) or note
    return LegalCardsQuestion(topic, seed, rules, f"{_situation(rules, position)} {prompt}", position, note)


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


def _cards_kind(topic: str, wanted: Predicate) -> Generator:
    """A kind of legal-cards question: a position where ``wanted`` holds."""
    return lambda rules, seed, rng: _legal_cards(topic, rules, seed, rng, wanted, _PICK_ALL)


def _trump_text(trump: Suit | None) -> str:
    return "No trump." if trump is None else f"{trump.plural.capitalize()} {trump.symbol} are trump."


TrickTest = Callable[[tuple[Card, ...], Suit | None], bool]


def _trick_kind(wanted: TrickTest) -> Generator:
    """A kind of trick-winner question: a finished trick of a played-out deal where ``wanted`` holds."""
    def make(rules: RuleSet, seed: int, rng: random.Random) -> Question:
        for attempt in range(_ATTEMPTS):
            deal = play_out(ready_to_play(rules, derive_seed(seed, attempt), rng), rng)
            fitting = [n for n, t in enumerate(deal.tricks) if wanted(t.cards, deal.trump)]
            if fitting:
                number = rng.choice(fitting)
                trick = deal.tricks[number]
                leader = rng.randrange(4)  # the learner sits anywhere: whose cards they were does not matter
                return TrickWinnerQuestion(
                    "winner", seed, rules,
                    f"Trick {number + 1}. {_trump_text(deal.trump)} {SEAT_NAMES[leader]} led the "
                    f"{trick.cards[0].label} and the others followed with the cards shown, in turn. "
                    "Which card wins the trick?",
                    leader, trick.cards, deal.trump)
        raise RuntimeError("no deal produced a fitting trick")  # pragma: no cover - never seen
    return make


def _trump_in(trick: tuple[Card, ...], trump: Suit | None) -> bool:
    return any(c.suit == trump for c in trick)


def _high_discard(trick: tuple[Card, ...], trump: Suit | None) -> bool:
    """No trump played, and a card of another suit outranks the winner: it still cannot win."""
    if _trump_in(trick, trump):
        return False
    win = trick[trick_winner(trick, trump)]
    return any(c.suit != win.suit and c.rank > win.rank for c in trick)


def _ruffed_trick(trick: tuple[Card, ...], trump: Suit | None) -> bool:
    return trick[0].suit != trump and _trump_in(trick, trump)


def _led_suit_trick(trick: tuple[Card, ...], trump: Suit | None) -> bool:
    return trick[0].suit != trump and not _trump_in(trick, trump) and not _high_discard(trick, trump)


def _trump_led_trick(trick: tuple[Card, ...], trump: Suit | None) -> bool:
    return trick[0].suit == trump


def _played_out(rules: RuleSet, seed: int, rng: random.Random, wanted: Callable[[Deal], bool]) -> Deal:
    for attempt in range(_ATTEMPTS):
        deal = play_out(ready_to_play(rules, derive_seed(seed, attempt), rng), rng)
        if wanted(deal):
            return deal
    raise RuntimeError("no deal produced a fitting score")  # pragma: no cover - never seen


def _score_question(topic: str, rules: RuleSet, seed: int, deal: Deal) -> ScoreQuestion:
    """The points of a played-out deal, as the engine scores it (``Deal.scores()``)."""
    tricks, points = tuple(deal.tricks_won), tuple(deal.scores())
    listing = ", ".join(f"{SEAT_NAMES[s]} {t}" for s, t in enumerate(tricks))
    ask = f"Enter every player's points for this deal under the {rules_title(rules)} rules."
    if rules.announcements:
        announced = tuple(n or 0 for n in deal.announcements)
        calls = ", ".join(f"{SEAT_NAMES[s]} {'none' if n == 0 else n}" for s, n in enumerate(announced))
        prompt = (f"{_trump_text(deal.trump)} There is no auction: every player announced how many tricks "
                  f"they would take ({calls}). Tricks won: {listing}. {ask}")
        return ScoreQuestion(topic, seed, rules, prompt, None, None, tricks, points, announced)
    declarer, contract = deal.declarer or 0, deal.contract or 0
    sides = ""
    if rules.partnership:
        sides = (f" Partners sit opposite and count their tricks together: {SEAT_NAMES[declarer]} and "
                 f"{SEAT_NAMES[partner(declarer)]} against {SEAT_NAMES[(declarer + 1) % 4]} and "
                 f"{SEAT_NAMES[(declarer + 3) % 4]}.")
    prompt = (f"{SEAT_NAMES[declarer]} bid {contract} and won the auction. {_trump_text(deal.trump)}{sides} "
              f"Tricks won: {listing}. {ask}")
    return ScoreQuestion(topic, seed, rules, prompt, declarer, contract, tricks, points)


def _declarer_side(deal: Deal) -> int:
    """The tricks the declarer's side took (the partners' together in Eşli)."""
    return side_tricks(deal.rules, deal.tricks_won, deal.declarer or 0)


def _numbers(deal: Deal) -> list[tuple[int, int]]:
    """Koz Maça: every player's announcement and tricks taken (a promise of none left out)."""
    return [(n or 0, t) for n, t in zip(deal.announcements, deal.tricks_won, strict=True) if n]


def _score_kind(auction: Callable[[Deal, int], bool], announced: Callable[[int, int], bool]) -> Generator:
    """A kind of score question: a played-out deal whose declarer side's tricks fit ``auction``
    (deal, side's tricks) or, in Koz Maça, where some player's announcement and tricks fit ``announced``."""
    def wanted(deal: Deal) -> bool:
        if deal.rules.announcements:
            return any(announced(n, t) for n, t in _numbers(deal))
        return auction(deal, _declarer_side(deal))
    return lambda rules, seed, rng: _score_question("score", rules, seed, _played_out(rules, seed, rng, wanted))


def _trickless(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    """A player without a trick: a defender after an auction, anyone in Koz Maça; with partners
    (``not_asked``) how a side's tricks count together instead."""
    if not_asked(NO_TRICK_KIND, rules):
        return _partners_together(rules, seed, rng)
    deal = _played_out(rules, seed, rng, lambda d: any(
        t == 0 for s, t in enumerate(d.tricks_won) if s != d.declarer))
    return _score_question("score", rules, seed, deal)


def _partners_together(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    """Eşli: the side made its bid although the declarer alone took fewer; without partners
    (``not_asked``) a deal where the declarer made the bid."""
    if not_asked(PARTNERS_KIND, rules):
        return _SCORE_KINDS["made-exactly"](rules, seed, rng)
    deal = _played_out(rules, seed, rng, lambda d: d.tricks_won[d.declarer or 0] < (d.contract or 0)
                       <= _declarer_side(d))
    return _score_question("score", rules, seed, deal)


_SCORE_KINDS: Final[dict[str, Generator]] = {
    "made-exactly": _score_kind(lambda d, t: t == d.contract, lambda n, t: t == n),
    "overtricks": _score_kind(lambda d, t: t > (d.contract or 0), lambda n, t: t > n),
    "went-down": _score_kind(lambda d, t: t < (d.contract or 0), lambda n, t: t < n),
    NO_TRICK_KIND: _trickless,
    PARTNERS_KIND: _partners_together,
}
"""The score topic's kinds: the declarer made the bid exactly, took more, went down, a player took
no trick, partners counted together (Koz Maça: some player's number made, beaten, missed, none taken)."""


def _auction_text(auction: Sequence[Bid]) -> str:
    calls = [f"{SEAT_NAMES[b.seat]} {'passed' if b.bid is None else f'bid {b.bid}'}" for b in auction]
    return "; ".join(calls) if calls else "nobody has called yet"


def _turn(seat: int) -> str:
    """"It is Ayşe's turn: what is the lowest bid Ayşe may make?" without a "seat"."""
    who = "you" if seat == 0 else SEAT_NAMES[seat]
    return f"It is {possessive(seat)} turn: what is the lowest bid {who} may make?"


def _lowest_bid(rules: RuleSet, seed: int, rng: random.Random, *, raised: bool) -> Question:
    """The lowest bid the player to move may make, after passes only or (``raised``) after a bid."""
    deal = Deal.random(rules, seed=seed, dealer=seed % 4)
    calls = rng.randrange(1, 4) if raised else rng.randrange(4)
    bid_at = rng.randrange(calls) if raised else -1
    for call in range(calls):
        if call == bid_at:
            deal.bid(min(rules.max_bid - 1, deal.legal_bids()[0] + rng.randrange(3)))
        elif deal.can_pass:
            deal.pass_bid()
    bids = deal.legal_bids()
    low = max(1, min(rules.min_bid, bids[0]) - 1)
    choices = tuple(str(n) for n in range(low, min(rules.max_bid, bids[0] + 2) + 1))
    rule = LOWEST_BID if deal.high_bid is None else BID_TOO_LOW
    why = (f"The lowest bid under the {rules_title(rules)} rules is {rules.min_bid}." if deal.high_bid is None
           else f"A bid must beat the highest bid so far ({deal.high_bid}), so the lowest is {bids[0]}.")
    prompt = (f"{SEAT_NAMES[deal.dealer]} dealt. The auction so far: {_auction_text(deal.auction)}. "
              f"{_turn(deal.to_move or 0)}")
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
    said = "; ".join(f"{SEAT_NAMES[b.seat]} announced {'none' if b.bid == 0 else b.bid}" for b in deal.auction)
    none = ' 0 is "none": a promise to take no trick at all.' if legal[0] == 0 else ""
    why = (f"Under the {rules_title(rules)} rules every player announces a number from {legal[0]} to "
           f"{legal[-1]}, whatever the others announced.{none}")
    seat = deal.to_move or 0
    who = "you" if seat == 0 else SEAT_NAMES[seat]
    prompt = (f"{rules_title(rules)}: {_trump_text(deal.trump)} Every player announces how many tricks they "
              f"will take. So far: {said or 'nobody has announced yet'}. It is {possessive(seat)} turn: "
              f"what is the lowest number {who} may announce?")
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
    prompt = f"{SEAT_NAMES[dealer]} dealt. {passes}. Under the {rules_title(rules)} rules, what happens?"
    return ChoiceQuestion(topic, seed, rules, prompt, tuple(_ALL_PASS_CHOICES.values()),
                          _ALL_PASS_CHOICES[outcome.rule], ALL_PASS, outcome.text + note)


def _bidding_kind(kind: str) -> Generator:
    """A kind of bidding question; without an auction (``not_asked``) the lowest announcement."""
    def make(rules: RuleSet, seed: int, rng: random.Random) -> Question:
        if not_asked(kind, rules):
            return _lowest_announcement(rules, seed, rng)
        if kind == ALL_PASS_KIND:
            return _all_pass("bidding", rules, seed)
        return _lowest_bid(rules, seed, rng, raised=kind == BEAT_THE_BID_KIND)
    return make


def _trickless_defender(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    """RULES.md edge case 7: a defender took no trick."""
    deal = _played_out(rules, seed, rng, lambda d: any(
        t == 0 for s, t in enumerate(d.tricks_won) if s != d.declarer))
    return _score_question("edge", rules, seed, deal)


_EDGE_KINDS: Final[tuple[tuple[str, Generator], ...]] = (
    ("trumped-overtake", _cards_kind("edge", _trumped_and_can_overtake)),
    ("cannot-overtrump", _cards_kind("edge", _cannot_overtrump)),
    ("overtrump", _cards_kind("edge", _overtrumping)),
    ("unbroken-lead", _cards_kind("edge", _leading(False))),
    (ALL_PASS_KIND, lambda r, s, g: _all_pass("edge", r, s)),
    (TRICKLESS_DEFENDER_KIND, _trickless_defender),
)
"""RULES.md's edge cases as questions: positions (cases 1-4), the all-pass outcome (6), a trickless
defender's score (7)."""


def _edge(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    kinds = [make for kind, make in _EDGE_KINDS if not not_asked(kind, rules)]
    return kinds[rng.randrange(len(kinds))](rules, seed, rng)


QUIZ_TOPICS: Final[dict[str, Topic]] = {
    "follow": Topic("Following suit and overtaking", {
        "overtake": _cards_kind("follow", _overtaking),
        "cannot-overtake": _cards_kind("follow", _cannot_overtake),
        "trump-led": _cards_kind("follow", _trump_led_overtaking),
        "trick-trumped": _cards_kind("follow", _trumped_holding_both),
    }),
    "ruff": Topic("Ruffing and overtrumping", {
        "must-ruff": _cards_kind("ruff", _ruffing),
        "overtrump": _cards_kind("ruff", _overtrumping),
        "cannot-overtrump": _cards_kind("ruff", _cannot_overtrump),
        "no-trump-left": _cards_kind("ruff", _no_trump_left),
    }),
    "trump-lead": Topic("Leading trump: broken or not", {
        "not-broken": _cards_kind("trump-lead", _leading(False)),
        "broken": _cards_kind("trump-lead", _leading(True)),
    }),
    "winner": Topic("Who wins the trick", {
        "trumped": _trick_kind(_ruffed_trick),
        "no-trump-played": _trick_kind(_led_suit_trick),
        "high-discard": _trick_kind(_high_discard),
        "trump-led": _trick_kind(_trump_led_trick),
    }),
    "score": Topic("Scoring a finished deal", _SCORE_KINDS),
    "bidding": Topic("Bidding and the all-pass outcome",
                     {kind: _bidding_kind(kind) for kind in (LOWEST_BID_KIND, BEAT_THE_BID_KIND, ALL_PASS_KIND)}),
    "edge": Topic("Where the presets disagree", {"edge": _edge}),
}
"""This module's quiz topics: each one's title and its kinds of question (``topics`` merges them)."""


def random_position(rules: RuleSet | None = None, seed: int | None = None) -> Position:
    """Some moment of the play of a seeded random deal (for the rule lab's "random" button)."""
    seed = new_seed() if seed is None else seed
    return _find_position(rules or PRESETS[DEFAULT_PRESET], seed, random.Random(seed), lambda deal: True)
