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
from ..i18n import N_, _, format_list, format_number, gettext, ngettext, pgettext, upper_first
from ..legality import RULE_TITLES as PLAY_RULE_TITLES
from ..legality import IllegalMove, Verdict
from ..rules import DEFAULT_PRESET, PRESETS, AllPass, RuleSet, Variant, preset, variants_of
from ..seats import partner, side_seats, side_tricks
from ..shuffle import derive_seed, new_seed
from ..trick import trick_winner
from . import examples
from .names import about, in_sentence, possessive, seat_name
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
    HIGHEST_TRUMP: N_("The highest trump wins"),
    HIGHEST_OF_LED_SUIT: N_("The highest card of the led suit wins"),
    ALL_PASS: N_("When everyone passes"),
    LOWEST_BID: N_("The lowest bid"),
    BID_TOO_LOW: N_("A bid must beat the highest bid so far"),
    LOWEST_ANNOUNCEMENT: N_("The lowest announcement"),
    DECLARER_MADE: N_("The declarer made the bid"),
    DECLARER_FAILED: N_("The declarer went down"),
    DEFENDER_PER_TRICK: N_("Defenders score their tricks"),
    DEFENDER_ZERO: N_("A defender without a trick"),
    ANNOUNCEMENT_MADE: N_("The announcement was made"),
    ANNOUNCEMENT_FAILED: N_("Fewer tricks than announced"),
    OVERTRICKS_SINK: N_("Too many tricks sink"),
    NONE_MADE: N_("Announced none and took none"),
    NONE_FAILED: N_("Announced none but took a trick"),
}
"""A plain title for every rule id the drills report (the play rules' titles are ``legality``'s),
in English (``rule_title`` translates): the feedback shows the title and keeps the id for a tooltip."""


OTHER_TITLES: Final[dict[str, str]] = {
    "announce-once": N_("Announce once"),
    "auction-end": N_("Auction end"),
    "best-trump": N_("Best trump"),
    "bury": N_("Bury"),
    "cash": N_("Cash"),
    "count-suit": N_("Count suit"),
    "dealer-rotates": N_("Dealer rotates"),
    "declarer-names-trump": N_("Declarer names trump"),
    "discard": N_("Discard"),
    "double-penalty": N_("Double penalty"),
    "draw-trumps": N_("Draw trumps"),
    "equal-length": N_("Equal length"),
    "every-trick-counts": N_("Every trick counts"),
    "exact-bid-scores-bid": N_("Exact bid scores bid"),
    "first-lead": N_("First lead"),
    "fixed-trump": N_("Fixed trump"),
    "game-end": N_("Game end"),
    "game-length": N_("Game length"),
    "game-over": N_("Game over"),
    "hand-size": N_("Hand size"),
    "hand-value": N_("Hand value"),
    "highest-bid": N_("Highest bid"),
    "highest-bid-ends": N_("Highest bid ends"),
    "keep-high": N_("Keep high"),
    "kitty": N_("Kitty"),
    "longest-suit": N_("Longest suit"),
    "made-thirteen-doubles": N_("Made thirteen doubles"),
    "min-bid": N_("Min bid"),
    "move-clock": N_("Move clock"),
    "must-announce": N_("Must announce"),
    "next-dealer": N_("Next dealer"),
    "none-and-sinking": N_("None and sinking"),
    "open-dummy": N_("Open dummy"),
    "pass-is-final": N_("Pass is final"),
    "play-order": N_("Play order"),
    "rank-order": N_("Rank order"),
    "save-trick": N_("Save trick"),
    "sure-tricks": N_("Sure tricks"),
    "tie-rule": N_("Tie rule"),
    "timeout-call": N_("Timeout call"),
    "timeout-card": N_("Timeout card"),
    "timeout-trump": N_("Timeout trump"),
    "top-tricks": N_("Top tricks"),
    "tricks-per-deal": N_("Tricks per deal"),
    "trumps-out": N_("Trumps out"),
    "weak-hand-redeal": N_("Weak hand redeal"),
    "winner-leads": N_("Winner leads"),
}
"""The plain titles of the rule ids the other quiz modules report (``course_drills``, ``rule_drills``,
``judgement_drills``, ``variant_drills``, ``guided``, ``endings``, the house rules), in English: the
id read as words, marked for the catalog so that ``rule_title`` can translate them."""


def rule_title(rule: str) -> str:
    """The plain title of a rule id in the active language; an id without an entry (a newer
    topic's) reads as words."""
    if rule in PLAY_RULE_TITLES:
        return upper_first(gettext(PLAY_RULE_TITLES[rule]))
    if rule in RULE_TITLES:
        return gettext(RULE_TITLES[rule])
    if rule in OTHER_TITLES:
        return gettext(OTHER_TITLES[rule])
    return rule.replace("-", " ").capitalize()


def signed(points: int) -> str:
    """Points with their sign, as the active language writes numbers: "+50", "-70"."""
    return format_number(points, signed=True)

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
        return _("Koz Maça has no auction: nobody bids or passes, every player announces how many "
                 "tricks they will take.")
    if kind in _CHOOSING_TRUMP_KINDS and rules.fixed_trump:
        suit = Suit.parse(rules.fixed_trump)
        # Translators: {suit} is the suit's plural name ("spades"), {symbol} its sign (♠).
        return _("Nobody chooses trump here: {suit} {symbol} are always trump.").format(
            suit=suit.word(), symbol=suit.symbol)
    if kind == TRICKLESS_DEFENDER_KIND and rules.announcements:
        return _("Koz Maça has no defenders: every player is scored against their own announcement.")
    if kind in (TRICKLESS_DEFENDER_KIND, NO_TRICK_KIND) and rules.partnership:
        return _("Partners count their tricks together, so a defender's own tricks do not decide the "
                 "score: a side takes no trick only very rarely.")
    if kind == PARTNERS_KIND and not rules.partnership:
        return _("Everyone plays for themselves here: nobody's tricks count together with a partner's.")
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
    positions[N_("5. On lead with only trumps: does leading one break trump?")] = Position.from_example(only_trumps)
    return positions


EDGE_CASES: Final[dict[str, Position]] = _edge_positions()
"""RULES.md's preset-disagreement cases that are play positions (6 and 7 are quiz topics), by their
titles in English (marked for the catalog: shown as ``_(title)``)."""


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
        text = f"{self._chain_text()} " + _("You may play: {cards}.").format(
            cards=describe_cards(sorted_hand(self.answer)))
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
            refused = _("{card} may not be played.").format(card=v.card.label)
            return Result(False, v.rule, f"{refused} {self._chain_text(v)}", self.expected)
        missed = sorted(self.answer - chosen)[0]
        v = self.position.explain(self.rules, missed)
        left_out = _("You left out {card}, which may be played too.").format(card=missed.label)
        return Result(False, v.rule, f"{left_out} {self._chain_text(v)}", self.expected)


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
            return _("{card} wins: a trump beats every card of another suit, and it is the highest "
                     "trump in the trick.").format(card=win.label)
        if self.rule == HIGHEST_TRUMP:
            return _("{card} wins: trump was led and it is the highest trump in the trick.").format(card=win.label)
        # Translators: {suit} is the led suit's name in the singular ("the highest heart wins").
        return _("{card} wins: no trump was played, so the highest {suit} wins; cards of "
                 "other suits never win.").format(card=win.label, suit=led.word(plural=False))

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
            # Translators: {suit} is the led suit's name in the singular ("neither a heart").
            why = _("{card} is neither a {suit} (the led suit) nor a trump, so it cannot win.").format(
                card=card.label, suit=self.trick[0].suit.word(plural=False))
        else:
            why = _("{winner} beats {card}.").format(winner=self.answer.label, card=card.label)
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

    def _what(self, seat: int) -> str:
        """How the scoring part that decides the seat's points applies, as a short phrase."""
        option = self._option(seat)
        if option == OVERTRICKS_SINK:
            n = self.announced[seat]
            # Translators: Koz Maça; {over} tricks more than announced, {sink} the number of overtricks that sinks.
            return _("{over} over the number, and {sink} or more over sinks").format(
                over=self.tricks[seat] - n, sink=self.rules.overtricks_sink)
        # Translators: these phrases end a line of the score's explanation: "Ayşe announced 3 and took 3:
        # made the number, +30." They say how the scoring applies, without a person.
        return _({NONE_MADE: N_("no trick, as announced"), NONE_FAILED: N_("took a trick after announcing none"),
                  ANNOUNCEMENT_MADE: N_("made the number"), ANNOUNCEMENT_FAILED: N_("fewer than announced"),
                  DECLARER_MADE: N_("made the bid"), DECLARER_FAILED: N_("went down"),
                  DEFENDER_ZERO: N_("no trick at all"), DEFENDER_PER_TRICK: N_("points per trick")}[option])

    def _line(self, seat: int) -> str:
        t, points = self.tricks[seat], signed(self.answer[seat])
        fields: dict[str, object] = {"t": t, "what": self._what(seat), "points": points}
        if self.announced:
            n = self.announced[seat]
            # Translators: a Koz Maça announcement of no tricks, in a list of calls ("Ayşe none, Mehmet 3").
            said = pgettext("announcement", "none") if n == 0 else str(n)
            return about(seat, _("You announced {said} and took {t}: {what}, {points}."),
                         _("{name} announced {said} and took {t}: {what}, {points}."), said=said, **fields)
        assert self.declarer is not None
        declaring = seat in side_seats(self.rules, self.declarer)
        if self.rules.partnership:
            fields.update(n=self.contract, counted=side_tricks(self.rules, self.tricks, seat),
                          partner=seat_name(partner(seat)))
            if declaring:
                if seat == 0:
                    text = _("You (declaring side, bid {n}, with {partner}): {t} of the side's {counted} tricks, "
                             "counted together: {what}, {points}.")
                elif partner(seat) == 0:
                    text = _("{name} (declaring side, bid {n}, with you): {t} of the side's {counted} tricks, "
                             "counted together: {what}, {points}.")
                else:
                    text = _("{name} (declaring side, bid {n}, with {partner}): {t} of the side's {counted} "
                             "tricks, counted together: {what}, {points}.")
            elif seat == 0:
                text = _("You (defending side, with {partner}): {t} of the side's {counted} tricks, counted "
                         "together: {what}, {points}.")
            elif partner(seat) == 0:
                text = _("{name} (defending side, with you): {t} of the side's {counted} tricks, counted "
                         "together: {what}, {points}.")
            else:
                text = _("{name} (defending side, with {partner}): {t} of the side's {counted} tricks, counted "
                         "together: {what}, {points}.")
            return text.format(name=seat_name(seat), **fields)
        if declaring:
            return about(seat, _("You (declarer, bid {n}) took {t}: {what}, {points}."),
                         _("{name} (declarer, bid {n}) took {t}: {what}, {points}."), n=self.contract, **fields)
        return about(seat, _("You (defender) took {t}: {what}, {points}."),
                     _("{name} (defender) took {t}: {what}, {points}."), **fields)

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
        return ", ".join(f"{seat_name(seat)} {signed(p)}" for seat, p in enumerate(self.answer))

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
        # Translators: {owner} is a player's name as owner, "Ayşe's" (Turkish "Ayşe'nin", German "Ayşes").
        wrote = (_("Your points: you wrote {given}.") if seat == 0 else
                 _("{owner} points: you wrote {given}.")).format(owner=possessive(seat), given=signed(given[seat]))
        return Result(False, self._option(seat), f"{wrote} {self._line(seat)}", self.expected)


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
        lost_text = ngettext("{card} gives away {n} trick: with best play your side then ends with {got}, "
                             "not {best}.",
                             "{card} gives away {n} tricks: with best play your side then ends with {got}, "
                             "not {best}.", lost).format(card=card.label, n=lost, got=values[card], best=best)
        return Result(False, self.rule_id, f"{lost_text} {self.why}", self.expected)


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

    title: str  # English, marked for the catalog: shown as ``topics.title(name)``
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
    number = _("Trick {number}.").format(number=rules.hand_size - len(position.hand) + 1)
    if not position.trick:
        return f"{number} {trump} " + _("You are on lead.")
    led = about(position.leader, _("You led the {card}; the trick so far is shown."),
                _("{name} led the {card}; the trick so far is shown."), card=position.trick[0].label)
    text = f"{number} {trump} {led}"
    if rules.partnership and position.partner_winning:
        text += " " + _("Your partner, {name}, is winning it so far.").format(name=seat_name(partner(position.to_move)))
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
    # Translators: {same} and {others} list rule sources by their names (miniokey, classic, ...).
    if same:
        text = ngettext("The presets disagree here: {same} allow exactly these cards; {others} does not.",
                        "The presets disagree here: {same} allow exactly these cards; {others} do not.",
                        len(others))
    else:
        text = ngettext("The presets disagree here: no preset allow exactly these cards; {others} does not.",
                        "The presets disagree here: no preset allow exactly these cards; {others} do not.",
                        len(others))
    return text.format(same=", ".join(same), others=", ".join(others))


_PICK_ALL: Final = N_("Which cards may you play? Pick every one of them.")
"""A prompt's closing, in English: shown as ``_(_PICK_ALL)``."""


def _cards_kind(topic: str, wanted: Predicate) -> Generator:
    """A kind of legal-cards question: a position where ``wanted`` holds."""
    return lambda rules, seed, rng: _legal_cards(topic, rules, seed, rng, wanted, _(_PICK_ALL))


def _trump_text(trump: Suit | None) -> str:
    if trump is None:
        return _("No trump.")
    # Translators: {suit} is the suit's plural name, capitalized ("Hearts"), {symbol} its sign (♥).
    return _("{suit} {symbol} are trump.").format(suit=upper_first(trump.word()), symbol=trump.symbol)


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
                led = about(leader, _("You led the {card} and the others followed with the cards shown, in turn."),
                            _("{name} led the {card} and the others followed with the cards shown, in turn."),
                            card=trick.cards[0].label)
                prompt = (_("Trick {number}.").format(number=number + 1) + f" {_trump_text(deal.trump)} {led} "
                          + _("Which card wins the trick?"))
                return TrickWinnerQuestion("winner", seed, rules, prompt, leader, trick.cards, deal.trump)
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
    listing = _("Tricks won: {won}.").format(won=", ".join(f"{seat_name(s)} {t}" for s, t in enumerate(tricks)))
    ask = _("Enter every player's points for this deal under the {rules} rules.").format(rules=rules_title(rules))
    if rules.announcements:
        announced = tuple(n or 0 for n in deal.announcements)
        # Translators: a Koz Maça announcement of no tricks, in a list of calls ("Ayşe none, Mehmet 3").
        none = pgettext("announcement", "none")
        calls = ", ".join(f"{seat_name(s)} {none if n == 0 else n}" for s, n in enumerate(announced))
        no_auction = _("There is no auction: every player announced how many tricks they would take "
                       "({calls}).").format(calls=calls)
        prompt = f"{_trump_text(deal.trump)} {no_auction} {listing} {ask}"
        return ScoreQuestion(topic, seed, rules, prompt, None, None, tricks, points, announced)
    declarer, contract = deal.declarer or 0, deal.contract or 0
    sides = ""
    if rules.partnership:
        sides = " " + _("Partners sit opposite and count their tricks together: {side} against {others}.").format(
            side=format_list([seat_name(declarer), seat_name(partner(declarer))]),
            others=format_list([seat_name((declarer + 1) % 4), seat_name((declarer + 3) % 4)]))
    won = about(declarer, _("You bid {n} and won the auction."), _("{name} bid {n} and won the auction."), n=contract)
    prompt = f"{won} {_trump_text(deal.trump)}{sides} {listing} {ask}"
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


def _call_text(call: Bid) -> str:
    """'Ayşe passed', 'You bid 7': a call made earlier in the auction."""
    if call.bid is None:
        return about(call.seat, pgettext("auction so far", "You passed"),
                     pgettext("auction so far", "{name} passed"))
    return about(call.seat, pgettext("auction so far", "You bid {n}"),
                 pgettext("auction so far", "{name} bid {n}"), n=call.bid)


def _auction_text(auction: Sequence[Bid]) -> str:
    calls = [_call_text(b) for b in auction]
    return "; ".join(calls) if calls else _("nobody has called yet")


def _dealt(dealer: int) -> str:
    return about(dealer, _("You dealt."), _("{name} dealt."))


def _turn(seat: int) -> str:
    """"It is Ayşe's turn: what is the lowest bid Ayşe may make?" without a "seat"."""
    # Translators: {whose} is the player's name as owner ("Ayşe's"), {name} the name itself.
    return about(seat, _("It is your turn: what is the lowest bid you may make?"),
                 _("It is {whose} turn: what is the lowest bid {name} may make?"), whose=possessive(seat))


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
    why = (_("The lowest bid under the {rules} rules is {n}.").format(rules=rules_title(rules), n=rules.min_bid)
           if deal.high_bid is None else
           _("A bid must beat the highest bid so far ({high}), so the lowest is {n}.").format(
               high=deal.high_bid, n=bids[0]))
    so_far = _("The auction so far: {auction}.").format(auction=_auction_text(deal.auction))
    prompt = f"{_dealt(deal.dealer)} {so_far} {_turn(deal.to_move or 0)}"
    return ChoiceQuestion("bidding", seed, rules, prompt, choices, str(bids[0]), rule, why,
                          _tried_bids(deal, choices, bids[0]))


def _tried_bids(deal: Deal, choices: Sequence[str], lowest: int) -> tuple[str, ...]:
    """Each choice played on a copy of the deal: the engine's refusal, or why it is not the lowest."""
    verdicts = []
    for text in choices:
        trial = deal.copy()
        try:
            trial.bid(int(text))
            verdicts.append("" if int(text) == lowest else
                            _("{n} is allowed, but {lowest} is lower.").format(n=text, lowest=lowest))
        except IllegalMove as error:
            verdicts.append(error.reason)
    return tuple(verdicts)


def _lowest_announcement(rules: RuleSet, seed: int, rng: random.Random) -> Question:
    """Koz Maça's counterpart of the lowest bid (``not_asked``): the lowest number a player may announce."""
    deal = Deal.random(rules, seed=seed, dealer=seed % 4)
    for _i in range(rng.randrange(4)):
        deal.bid(rng.choice(deal.legal_bids()[:5]))
    legal = deal.legal_bids()
    low = max(0, legal[0] - 1)
    choices = tuple(str(n) for n in range(low, low + 4))
    said = "; ".join(about(b.seat, _("You announced none"), _("{name} announced none")) if b.bid == 0 else
                     about(b.seat, _("You announced {n}"), _("{name} announced {n}"), n=b.bid) for b in deal.auction)
    none = (" " + _('0 is "none": a promise to take no trick at all.')) if legal[0] == 0 else ""
    why = _("Under the {rules} rules every player announces a number from {low} to {high}, whatever the others "
            "announced.").format(rules=rules_title(rules), low=legal[0], high=legal[-1]) + none
    seat = deal.to_move or 0
    so_far = _("So far: {said}.").format(said=said or _("nobody has announced yet"))
    # Translators: {whose} is the player's name as owner ("Ayşe's"), {name} the name itself.
    turn = about(seat, _("It is your turn: what is the lowest number you may announce?"),
                 _("It is {whose} turn: what is the lowest number {name} may announce?"), whose=possessive(seat))
    prompt = (f"{rules_title(rules)}: {_trump_text(deal.trump)} "
              + _("Every player announces how many tricks they will take.") + f" {so_far} {turn}")
    return ChoiceQuestion("bidding", seed, rules, prompt, choices, str(legal[0]), LOWEST_ANNOUNCEMENT, why,
                          _tried_bids(deal, choices, legal[0]))


_ALL_PASS_CHOICES: Final[dict[AllPass, str]] = {
    AllPass.FIRST_BIDDER_PLAYS: N_("The player after the dealer must play the contract."),
    AllPass.DEALER_PLAYS: N_("The dealer must play the contract."),
    AllPass.REDEAL: N_("The cards are thrown in and dealt again."),
    AllPass.DEALER_MUST_BID: N_("The dealer may not pass and must bid."),
}
"""The all-pass question's answers, one per outcome the engine knows (``deal.all_pass_outcome``), in
English: shown as ``_(choice)``."""


def _all_pass(topic: str, rules: RuleSet, seed: int) -> ChoiceQuestion:
    """What happens when nobody bids: ``deal.all_pass_outcome``, which the engine replays."""
    outcome = all_pass_outcome(rules)
    differs = sorted(name for name, peer in _peers(rules).items() if all_pass_outcome(peer).text != outcome.text)
    # Translators: {presets} lists rule sources by their names (miniokey, classic, ...).
    note = (" " + _("Under {presets} it goes differently.").format(presets=", ".join(differs))) if differs else ""
    passes = (_("The first three players pass. Under the {rules} rules, what happens?")
              if outcome.rule is AllPass.DEALER_MUST_BID else
              _("All four players pass. Under the {rules} rules, what happens?")).format(rules=rules_title(rules))
    prompt = f"{_dealt(seed % 4)} {passes}"
    return ChoiceQuestion(topic, seed, rules, prompt, tuple(_(text) for text in _ALL_PASS_CHOICES.values()),
                          _(_ALL_PASS_CHOICES[outcome.rule]), ALL_PASS, outcome.text + note)


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
    "follow": Topic(N_("Following suit and overtaking"), {
        "overtake": _cards_kind("follow", _overtaking),
        "cannot-overtake": _cards_kind("follow", _cannot_overtake),
        "trump-led": _cards_kind("follow", _trump_led_overtaking),
        "trick-trumped": _cards_kind("follow", _trumped_holding_both),
    }),
    "ruff": Topic(N_("Ruffing and overtrumping"), {
        "must-ruff": _cards_kind("ruff", _ruffing),
        "overtrump": _cards_kind("ruff", _overtrumping),
        "cannot-overtrump": _cards_kind("ruff", _cannot_overtrump),
        "no-trump-left": _cards_kind("ruff", _no_trump_left),
    }),
    "trump-lead": Topic(N_("Leading trump: broken or not"), {
        "not-broken": _cards_kind("trump-lead", _leading(False)),
        "broken": _cards_kind("trump-lead", _leading(True)),
    }),
    "winner": Topic(N_("Who wins the trick"), {
        "trumped": _trick_kind(_ruffed_trick),
        "no-trump-played": _trick_kind(_led_suit_trick),
        "high-discard": _trick_kind(_high_discard),
        "trump-led": _trick_kind(_trump_led_trick),
    }),
    "score": Topic(N_("Scoring a finished deal"), _SCORE_KINDS),
    "bidding": Topic(N_("Bidding and the all-pass outcome"),
                     {kind: _bidding_kind(kind) for kind in (LOWEST_BID_KIND, BEAT_THE_BID_KIND, ALL_PASS_KIND)}),
    "edge": Topic(N_("Where the presets disagree"), {"edge": _edge}),
}
"""This module's quiz topics: each one's title and its kinds of question (``topics`` merges them)."""


def random_position(rules: RuleSet | None = None, seed: int | None = None) -> Position:
    """Some moment of the play of a seeded random deal (for the rule lab's "random" button)."""
    seed = new_seed() if seed is None else seed
    return _find_position(rules or PRESETS[DEFAULT_PRESET], seed, random.Random(seed), lambda deal: True)
