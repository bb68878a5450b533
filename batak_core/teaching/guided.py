"""Lesson 2's guided first deal: one scripted deal, played step by step with a narrator, and the
lesson's quiz on the flow of a deal.

The script is data: four hands, the dealer, and the actions in order, each with who acts and what
the narrator adds. Where the learner decides, the step carries a ``Goal`` (pass, follow suit, ruff,
win cheaply, lead your ace) whose ``check`` judges a click with the engine: an illegal card gets
the engine's own reason, a legal one that misses the goal gets the goal's reason. What the
narrator says about an action (who leads, follows, ruffs, wins the trick) is worked out from the
deal, and the rules it quotes come from ``RuleSet.describe()``, so the text always matches the
learner's rules. ``script_problems`` replays the script and checks every goal; the script holds
under the İhaleli rules of every preset, and ``Tour`` refuses rules under which it does not.

``Tour`` is the state of one run through the script (the widget is a view of it): the current
step, the checks earned, the wrong clicks, and at the end the engine's score of the deal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final, NamedTuple

from ..actions import PASS, Action, ActionKind
from ..cards import CARDS, Card, Suit, describe_cards, parse_cards, sorted_hand
from ..deal import Deal, Phase, all_pass_outcome
from ..legality import IllegalMove
from ..rules import RuleSet, Variant
from ..shuffle import derive_seed
from ..trick import trick_winner
from . import drills
from .lessons import LESSONS, LESSONS_BY_ID
from .names import SEAT_NAMES, verb
from .position import Position

LEARNER: Final = 0
"""The learner's seat ("You")."""

DEALER: Final = 3
"""Zeynep deals, so the learner makes the first call."""

HANDS: Final = (
    "3S 4C QD 9D 4D 3D 2D AH 6H 5H 4H 3H 2H",  # You: few high cards, one trump, one club
    "8S 5S 4S 2S 2C TD 7D 6D KH QH JH TH 9H",  # Ayşe
    "AS KS QS JS TS 9S AC KC AD KD JD 8D 8H",  # Mehmet: the declarer, six top spades
    "7S 6S QC JC TC 9C 8C 7C 6C 5C 3C 5D 7H",  # Zeynep
)
"""The four hands, seat by seat."""


class GoalKind(StrEnum):
    """What a learner step asks; each kind has its own test of a choice and its own feedback."""

    PASS = "pass"
    FOLLOW = "follow-suit"
    RUFF = "ruff"
    CHEAP_WIN = "win-cheaply"
    LEAD_ACE = "lead-ace"


class Check(NamedTuple):
    """The verdict on a learner's click: right or not, and what the narrator says about it."""

    ok: bool
    message: str


@dataclass(frozen=True)
class Goal:
    """A learner step's target: ``kind`` says what is asked, ``target`` is the one right action
    (as text: "pass", "play 9D"), ``title`` names the step in the step list and ``instruction``
    is what the narrator asks for."""

    kind: GoalKind
    target: str
    title: str
    instruction: str

    @property
    def action(self) -> Action:
        return Action.parse(self.target)

    def meets(self, deal: Deal, choice: Action) -> bool:
        """Whether ``choice`` does what the goal asks in this position (the engine decides legality)."""
        if self.kind is GoalKind.PASS:
            return choice is PASS and deal.can_pass
        if choice.kind is not ActionKind.PLAY or not _legal(deal, choice.card):
            return False
        card, trick, trump = choice.card, deal.current_trick, deal.trump
        if self.kind is GoalKind.FOLLOW:
            return bool(trick) and card.suit == trick[0].suit
        if self.kind is GoalKind.RUFF:
            return bool(trick) and card.suit == trump != trick[0].suit
        if self.kind is GoalKind.CHEAP_WIN:
            return card == _cheapest_winner(deal)
        return not trick and card.rank == 14  # LEAD_ACE

    def check(self, deal: Deal, choice: Action) -> Check:
        """Judge the learner's ``choice`` (a call or a card) before it is made: ``ok`` when it meets
        the goal; otherwise the engine's reason for an illegal choice, or the goal's reason."""
        if self.meets(deal, choice):
            return Check(True, self._praise(deal, choice))
        refusal = _refusal(deal, choice)
        return Check(False, refusal or self._miss(deal, choice))

    def problem(self, deal: Deal) -> str:
        """Why this goal does not hold in this position ('' when it does): exactly one of the
        learner's choices must meet it, the target; a trick to win cheaply is the learner's to
        close; an ace led must be one nobody can ruff."""
        choices = [PASS, *(Action.bid(n) for n in deal.legal_bids())] if self.kind is GoalKind.PASS else [
            Action.play(c) for c in deal.hand(LEARNER)]
        meeting = [str(c) for c in choices if self.meets(deal, c)]
        if meeting != [self.target]:
            return f"{self.title}: {meeting or 'nothing'} meets the goal, not just {self.target}"
        if self.kind is GoalKind.CHEAP_WIN and len(deal.current_trick) != 3:
            return f"{self.title}: the learner must play last to know the card wins"
        if self.kind is GoalKind.LEAD_ACE:
            suit = self.action.card.suit
            if any(not any(c.suit == suit for c in deal.hand(s)) for s in range(4) if s != LEARNER):
                return f"{self.title}: someone could ruff the ace"
        return ""

    def _praise(self, deal: Deal, choice: Action) -> str:
        if self.kind is GoalKind.PASS:
            return "Right: you pass and are out of this auction. Now the others call."
        card, trick = choice.card, deal.current_trick
        if self.kind is GoalKind.FOLLOW:
            held = [c for c in deal.hand(LEARNER) if c.suit == card.suit]
            only = f"the {card.label} is your only {card.suit.singular}" if len(held) == 1 else \
                f"the {card.label} is a {card.suit.singular}"
            return f"Right: {trick[0].suit.plural} were led, {only}, and you must follow suit."
        if self.kind is GoalKind.RUFF:
            led = trick[0].suit
            return (f"Right: with no {led.plural} you must play a trump if you have one. That is a ruff: "
                    f"the {card.label} beats every {led.singular}.")
        if self.kind is GoalKind.CHEAP_WIN:
            top = _winning_card(trick, deal.trump)
            kept = [c for c in deal.hand(LEARNER) if c.suit == card.suit and c > card]
            keep = f" Your {describe_cards(kept)} stay{'s' if len(kept) == 1 else ''} in your hand for later." \
                if kept else ""
            return (f"Right: the {card.label} is your lowest card that beats the {top.label}, and nobody plays "
                    f"after you.{keep}")
        return (f"Right: the {card.label} is the highest {card.suit.singular}. Nobody can beat it unless "
                f"they have no {card.suit.plural} left and ruff.")

    def _miss(self, deal: Deal, choice: Action) -> str:
        """Why a legal choice misses the goal."""
        if self.kind is GoalKind.PASS:
            n = choice.number
            return (f"You may bid {n}, but a bid promises {n} tricks, and with so few high cards you would not "
                    f"take them. Press Pass.")
        card = choice.card
        target = self.action.card
        if self.kind is GoalKind.CHEAP_WIN:
            if _wins(deal, card):
                return (f"The {card.label} wins too, but the {target.label} wins it more cheaply: keep the "
                        f"{card.label} for a later trick.")
            trick = deal.current_trick
            top = _winning_card(trick, deal.trump)
            who = SEAT_NAMES[((deal.trick_leader or 0) + trick.index(top)) % 4]
            return f"You may play the {card.label}, but it does not win the trick: {who}'s {top.label} is higher."
        if self.kind is GoalKind.LEAD_ACE:
            return (f"You may lead the {card.label}, but your {target.label} is a sure winner while the others "
                    f"still hold {target.suit.plural}: lead it now.")
        return f"You may play the {card.label}, but that is not what this step asks: {self.instruction}"


def _legal(deal: Deal, card: Card) -> bool:
    return deal.phase is Phase.PLAY and deal.explain(card).legal


def _refusal(deal: Deal, choice: Action) -> str:
    """The engine's reason why ``choice`` may not be made now ('' when it may)."""
    if choice.kind is ActionKind.PLAY:
        if deal.phase is not Phase.PLAY:
            return "You cannot play a card now: the auction is still going on."
        verdict = deal.explain(choice.card)
        return "" if verdict.legal else f"The {choice.card.label} may not be played. {verdict.reason}"
    trial = deal.copy()
    try:
        trial.act(choice)
    except IllegalMove as error:
        return error.reason
    return ""


def _winning_card(trick: list[Card], trump: Suit | None) -> Card:
    return trick[trick_winner(trick, trump)]


def _wins(deal: Deal, card: Card) -> bool:
    """Whether ``card``, played now, would be the winning card of the trick so far."""
    trick = [*deal.current_trick, card]
    return trick_winner(trick, deal.trump) == len(trick) - 1


def _cheapest_winner(deal: Deal) -> Card | None:
    """The learner's lowest legal card that wins the trick as it stands (a card of the led suit
    before a trump)."""
    winners = [c for c in deal.hand(LEARNER) if _legal(deal, c) and _wins(deal, c)]
    return min(winners, key=lambda c: (c.suit == deal.trump, c.rank), default=None)


@dataclass(frozen=True)
class Step:
    """One step of the script: ``seat`` does ``action`` (text like "play AC"; '' for a step that
    only narrates) and the narrator adds ``comment``, a template filled from ``facts``. A learner
    step has a ``goal`` and the goal's target is its action."""

    seat: int
    action: str
    comment: str = ""
    goal: Goal | None = None

    @property
    def decides(self) -> bool:
        """Whether the learner decides this step."""
        return self.goal is not None


def _learner(kind: GoalKind, target: str, title: str, instruction: str, comment: str) -> Step:
    return Step(LEARNER, target, comment, Goal(kind, target, title, instruction))


STEPS: Final = (
    Step(LEARNER, "", "{dealer_name} dealt the cards, one at a time: {hand_size} each. Your hand is at the "
                      "bottom, the others' cards are face down. {direction} A deal goes: the auction, trump, "
                      "{tricks} tricks, then the score. The auction starts with the player after the dealer: you."),
    _learner(GoalKind.PASS, "pass", "Pass: too few high cards", "Press Pass.",
             "In the auction each player in turn bids the number of tricks they promise to take, or passes. "
             "Your hand has few high cards (your only aces, kings and queens: {high_cards}): too few to promise "
             "tricks. Lesson {count_lesson}, {count_title}, teaches you to count a hand before you bid."),
    Step(1, "bid 5", "A bid promises at least that many tricks. {min_bid}"),
    Step(2, "bid 6", "Every bid must be higher than the one before."),
    Step(3, "pass", "A player who passes is out of this auction."),
    Step(1, "pass", "Three players have passed, so the auction is over: {declarer_name} won it and is the "
                    "declarer, who must take at least {contract} tricks."),
    Step(2, "trump S", "The declarer chooses trump: {declarer_name} holds {trump_count} {trump}, more than of "
                       "any other suit. A trump beats every card of the other suits. The declarer leads the "
                       "first trick."),
    Step(2, "play AC", "The first card of a trick is the lead: the others must follow suit, a club if they "
                       "have one."),
    Step(3, "play 3C"),
    _learner(GoalKind.FOLLOW, "play 4C", "Follow suit", "Follow suit: play a club.",
             "Your turn. Clubs were led."),
    Step(1, "play 2C"),
    Step(2, "play KC"),
    Step(3, "play 5C"),
    _learner(GoalKind.RUFF, "play 3S", "No clubs: ruff", "You have no clubs: ruff, that is, play a trump.",
             "Clubs again, and you have none left."),
    Step(1, "play 4S", "Under your rules: {must_overtrump} A ruff can be beaten by a higher trump."),
    Step(1, "play 7D", ""),
    Step(2, "play 8D", "Under your rules: {must_overtake}"),
    Step(3, "play 5D"),
    _learner(GoalKind.CHEAP_WIN, "play 9D", "Win a trick cheaply", "Take this trick, as cheaply as you can.",
             "You play last. The players other than the declarer score for their tricks too. Under your "
             "rules: {defender_zero}"),
    _learner(GoalKind.LEAD_ACE, "play AH", "You won: lead your ace", "Lead your ace.",
             "You won the trick, so you lead the next one. Your ace is the highest card of its suit."),
    Step(1, "play 9H"),
    Step(2, "play 8H"),
    Step(3, "play 7H"),
)
"""The guided part of the deal: the auction, the trump and four tricks."""

REST: Final = tuple(parse_cards("2H TH 9S 6S  AS 7S 2D 2S  KS 6C 3D 5S  QS 7C 3H 8S  KD 8C 4D 6D  AD 9C QD TD  "
                                 "JD TC 4H JH  TS JC 5H QH  JS QC 6H KH"))
"""The cards of the other nine tricks, in play order ("Play the rest")."""

DECISIONS: Final = tuple(i for i, step in enumerate(STEPS) if step.decides)
"""The indices of the learner's steps, in order."""


def new_deal(rules: RuleSet) -> Deal:
    """The script's deal, freshly dealt under ``rules``."""
    return Deal(rules, HANDS, DEALER)


def facts(deal: Deal) -> dict[str, str]:
    """What the narrator's templates may say: the learner's rules in words (by option name, from
    ``describe()``) and the facts of the deal so far."""
    rules = deal.rules
    said: dict[str, str] = {d.option: d.text for d in rules.describe()}
    counting = LESSONS_BY_ID["hand-count"]
    high = [c for c in sorted_hand(deal.initial_hand(LEARNER)) if c.rank >= 12]
    said.update(dealer_name=SEAT_NAMES[deal.dealer], hand_size=str(rules.hand_size),
                tricks=str(rules.tricks_per_deal), high_cards=describe_cards(high),
                count_lesson=str(LESSONS.index(counting) + 1), count_title=counting.title)
    if deal.declarer is not None:
        said.update(declarer_name=SEAT_NAMES[deal.declarer], contract=str(deal.contract))
    if deal.trump is not None and deal.declarer is not None:
        count = sum(c.suit == deal.trump for c in deal.initial_hand(deal.declarer))
        said.update(trump=deal.trump.plural, trump_count=str(count))
    return said


def action_text(deal: Deal, seat: int, action: Action) -> str:
    """What the narrator says about ``action`` by ``seat``, worked out before it is made."""
    name = SEAT_NAMES[seat]
    if action.kind is ActionKind.PASS:
        return f"{name} {verb(seat, 'pass', 'passes')}."
    if action.kind is ActionKind.BID:
        return f"{name} {verb(seat, 'bid', 'bids')} {action.number}."
    if action.kind is ActionKind.TRUMP:
        assert action.suit is not None
        return f"{name} {verb(seat, 'name', 'names')} {action.suit.plural} {action.suit.symbol} as trump."
    card, trick = action.card, deal.current_trick
    if not trick:
        return f"{name} {verb(seat, 'lead', 'leads')} the {card.label}."
    led = trick[0].suit
    if card.suit == led:
        return f"{name} {verb(seat, 'follow', 'follows')} suit with the {card.label}."
    has = verb(seat, "have", "has")
    if card.suit == deal.trump:
        return f"{name} {has} no {led.plural} and {verb(seat, 'ruff', 'ruffs')} with the {card.label}."
    return f"{name} {has} no {led.plural} and {verb(seat, 'discard', 'discards')} the {card.label}."


def trick_text(deal: Deal) -> str:
    """Who won the trick just finished, and why (the engine's winner)."""
    trick = deal.tricks[-1]
    card = trick.cards[trick.seats.index(trick.winner)]
    why = ("the highest trump" if card.suit == deal.trump and trick.cards[0].suit != card.suit
           else f"the highest {trick.cards[0].suit.singular}")
    seat = trick.winner
    text = f"{SEAT_NAMES[seat]} {verb(seat, 'win', 'wins')} the trick with the {card.label}, {why}."
    if deal.phase is Phase.PLAY:
        again = "you" if seat == LEARNER else SEAT_NAMES[seat]
        text += f" The winner of a trick leads the next one: {again} {verb(seat, 'lead', 'leads')}."
    return text


def apply(deal: Deal, seat: int, action: Action) -> tuple[str, str]:
    """Make ``action`` for ``seat`` (IllegalMove if the engine refuses it) and say what happened:
    the action, and the trick's result when it finished one ('' otherwise)."""
    if deal.to_move != seat:
        raise IllegalMove("wrong-seat", f"It is not {SEAT_NAMES[seat]}'s turn.")
    before = len(deal.tricks)
    text = action_text(deal, seat, action)
    deal.act(action)
    return text, trick_text(deal) if len(deal.tricks) > before else ""


def script_problems(rules: RuleSet) -> list[str]:
    """Replay the whole script under ``rules``: every action must be legal for the seat named, every
    goal must hold, every template must fill ('' problems: the script holds)."""
    if rules.variant is not Variant.IHALELI:
        return [f"the guided deal is an İhaleli deal (an auction, then trump), not {rules.variant.value}"]
    deal = new_deal(rules)
    problems = []
    try:
        for number, step in enumerate(STEPS):
            if step.goal is not None:  # the narrator speaks before the learner acts
                problems += [f"step {number}: {p}" for p in [step.goal.problem(deal)] if p]
                step.comment.format_map(facts(deal))
            if step.action:
                apply(deal, step.seat, Action.parse(step.action))
            if step.goal is None:  # and after an action it narrates
                step.comment.format_map(facts(deal))
        for card in REST:
            apply(deal, deal.to_move if deal.to_move is not None else -1, Action.play(card))
    except (IllegalMove, KeyError) as error:
        problems.append(f"the script breaks under {rules.name}: {error}")
    if not problems and deal.phase is not Phase.OVER:
        problems.append("the script does not finish the deal")
    return problems


def stars(wrong_clicks: int) -> int:
    """Three stars for no wrong click, two for one or two, one otherwise."""
    return 3 if wrong_clicks == 0 else 2 if wrong_clicks <= 2 else 1


class ScoreLine(NamedTuple):
    """One player's result: role, tricks, the engine's points, and the rule that gave them."""

    seat: int
    role: str
    tricks: int
    points: int
    why: str


def score_lines(deal: Deal) -> list[ScoreLine]:
    """Every player's score of the finished deal (``Deal.scores()``), each with the rule of the
    learner's rules that decides it, in words (``describe()``)."""
    points = deal.scores()
    said = {d.option: d.text for d in deal.rules.describe()}
    declarer, contract = deal.declarer, deal.contract
    assert declarer is not None and contract is not None
    lines = []
    for seat in range(4):
        tricks = deal.tricks_won[seat]
        if seat == declarer:
            made = tricks >= contract
            options = ["declarer_made"] if made else ["declarer_failed_per_bid"]
            house = {"every_trick_counts": made, "exact_bid_scores_bid": made,
                     "made_thirteen_doubles": made and contract == 13, "double_penalty": not made}
            options += [o for o, relevant in house.items() if relevant and getattr(deal.rules, o)]
            role = f"declarer, bid {contract}: {'made it' if made else 'went down'}"
        else:
            options = ["defender_zero" if tricks == 0 else "defender_per_trick"]
            role = "not the declarer"
        lines.append(ScoreLine(seat, role, tricks, points[seat], " ".join(said[o] for o in options)))
    return lines


@dataclass
class Tour:
    """One run through the script under ``rules``: where the learner is, the checks earned, the
    wrong clicks made. The widget shows ``text`` (the narrator), ``goal``, ``feedback`` and the deal."""

    rules: RuleSet
    deal: Deal = field(init=False)
    index: int = field(init=False)
    answered: bool = field(init=False)
    text: str = field(init=False)
    feedback: Check | None = field(init=False)
    wrong: list[int] = field(init=False)
    done: list[bool] = field(init=False)

    def __post_init__(self) -> None:
        problems = script_problems(self.rules)
        if problems:
            raise ValueError("the guided deal is written for the İhaleli rules of the five presets "
                             f"(batak_core.preset(name)); under these rules: {'; '.join(problems)}")
        self.restart()

    def restart(self) -> None:
        """Back to the first step: the cards freshly dealt, no checks, no wrong clicks."""
        self.deal = new_deal(self.rules)
        self.wrong = [0] * len(DECISIONS)
        self.done = [False] * len(DECISIONS)
        self.index = -1
        self.next()

    @property
    def step(self) -> Step | None:
        """The current step (None once the rest has been played)."""
        return STEPS[self.index] if 0 <= self.index < len(STEPS) else None

    @property
    def goal(self) -> Goal | None:
        """What the learner is asked now (None when nothing is)."""
        step = self.step
        return step.goal if step is not None and not self.answered else None

    @property
    def decision(self) -> int | None:
        """The number of the current learner step among ``DECISIONS`` (None on a narrated step)."""
        return DECISIONS.index(self.index) if self.index in DECISIONS else None

    @property
    def can_continue(self) -> bool:
        return self.goal is None and self.index < len(STEPS) - 1

    @property
    def can_play_rest(self) -> bool:
        """After the learner's last decision, until the deal is over."""
        return all(self.done) and self.deal.phase is not Phase.OVER

    @property
    def finished(self) -> bool:
        return self.deal.phase is Phase.OVER

    def next(self) -> None:
        """Go on to the next step ("Continue"); a narrated step's action is made at once."""
        if self.goal is not None or self.index >= len(STEPS) - 1:
            raise ValueError("Continue is not open now: " + ("make your choice first" if self.goal else
                                                               "the script is over: play the rest"))
        self.index += 1
        step = STEPS[self.index]
        self.answered, self.feedback = False, None
        said, trick = apply(self.deal, step.seat, Action.parse(step.action)) if step.action and not step.decides \
            else ("", "")
        self.text = " ".join(t for t in (said, step.comment.format_map(facts(self.deal)), trick) if t)

    def choose(self, choice: Action) -> Check:
        """The learner's click (a call or a card): judged by the goal; made only when right."""
        goal, number = self.goal, self.decision
        if goal is None or number is None:
            raise ValueError("there is no choice to make now: press Continue")
        result = goal.check(self.deal, choice)
        if result.ok:
            trick = apply(self.deal, LEARNER, choice)[1]
            result = Check(True, f"{result.message} {trick}".strip())
            self.answered, self.done[number] = True, True
        else:
            self.wrong[number] += 1
        self.feedback = result
        return result

    def play_rest(self) -> None:
        """Play the deal out: the script's remaining steps and the other tricks."""
        if not self.can_play_rest:
            raise ValueError("the rest can be played once your last step is done, until the deal is over")
        for step in STEPS[self.index + 1:]:
            apply(self.deal, step.seat, Action.parse(step.action))
        for card in REST:
            apply(self.deal, self.deal.to_move if self.deal.to_move is not None else -1, Action.play(card))
        self.index = len(STEPS)
        self.answered, self.feedback = True, None
        self.text = self.score_summary()

    @property
    def wrong_clicks(self) -> int:
        return sum(self.wrong)

    @property
    def first_time(self) -> int:
        """How many learner steps were done right with the first click."""
        return sum(done and not wrong for done, wrong in zip(self.done, self.wrong, strict=True))

    @property
    def stars(self) -> int:
        return stars(self.wrong_clicks)

    def score_summary(self) -> str:
        """One sentence on the deal's result, once it is over."""
        deal = self.deal
        declarer, contract = deal.declarer, deal.contract
        assert declarer is not None and contract is not None
        tricks = deal.tricks_won[declarer]
        outcome = "made the contract" if tricks >= contract else "went down"
        return (f"The deal is over. {SEAT_NAMES[declarer]} bid {contract} and took {tricks} tricks: "
                f"{outcome}. You took {deal.tricks_won[LEARNER]}. Here is the score under your rules "
                f"({self.rules.name}), as the engine counts it.")


# --- the lesson's quiz: the flow of a deal ------------------------------------------------------

TOPIC: Final = "first-deal"
HAND_SIZE: Final = "hand-size"
TRICKS_PER_DEAL: Final = "tricks-per-deal"
DECLARER_NAMES_TRUMP: Final = "declarer-names-trump"
FIXED_TRUMP: Final = "fixed-trump"
WINNER_LEADS: Final = "winner-leads"
FIRST_LEAD: Final = "first-lead"

_ATTEMPTS: Final = 400
_NOBODY: Final = "Nobody: the trump suit is fixed"
_FOLLOW_CHOICES: Final = ("Yes: you must play a card of the led suit.",
                          "No, you have none of it: you must play a trump.",
                          "No: you may play any card.")


def _played_out(rules: RuleSet, seed: int, rng: random.Random) -> Deal:
    """A seeded deal brought to the play (``drills.ready_to_play``) and played out with random legal cards."""
    deal = drills.ready_to_play(rules, seed, rng)
    while deal.phase is Phase.PLAY:
        deal.play(rng.choice(deal.legal_plays()))
    return deal


def _trick_line(leader: int, cards: tuple[Card, ...] | list[Card]) -> str:
    """"Ayşe led the K♣, Mehmet played the 3♣, ...": who played which card."""
    parts = [f"{SEAT_NAMES[leader]} led the {cards[0].label}"]
    parts += [f"{SEAT_NAMES[(leader + i) % 4]} played the {c.label}" for i, c in enumerate(cards) if i]
    return ", ".join(parts)


def _cards_and_tricks(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """How many cards each player gets, or how many tricks a deal has: counted on a real deal."""
    title = drills.rules_title(rules)
    kitty = rules.kitty
    if rng.random() < 0.5:
        deal = Deal.random(rules, seed=seed, dealer=seed % 4)
        answer = len(deal.hand(LEARNER))
        rest = (f", and the last {len(deal.kitty)} lie face down in the middle (the kitty), for the declarer"
                if deal.kitty else "")
        why = f"All {len(CARDS)} cards are dealt, one at a time: {answer} to each player{rest}."
        prompt = f"Under the {title} rules, how many cards does each player get in a deal?"
        rule = HAND_SIZE
    else:
        deal = _played_out(rules, seed, rng)
        answer = len(deal.tricks)
        buried = (f" The declarer takes the {kitty} face-down cards and buries {kitty}, so the hands stay at "
                  f"{rules.hand_size}." if kitty else "")
        why = (f"Every trick takes one card from each player, so a deal has as many tricks as each player "
               f"has cards: {answer}.{buried}")
        prompt = f"Under the {title} rules, how many tricks are played in one deal?"
        rule = TRICKS_PER_DEAL
    return drills.ChoiceQuestion(TOPIC, seed, rules, prompt, drills.number_choices(answer, rng, 13),
                                 str(answer), rule, why)


def _auction_line(deal: Deal) -> str:
    """"You pass; Ayşe bids 5; ...": the calls so far."""
    calls = [f"{SEAT_NAMES[b.seat]} {verb(b.seat, 'pass', 'passes')}" if b.bid is None
             else f"{SEAT_NAMES[b.seat]} {verb(b.seat, 'bid', 'bids')} {b.bid}" for b in deal.auction]
    return "; ".join(calls)


def _who_names_trump(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The declarer names trump: a random auction played by the engine (Koz Maça: nobody does)."""
    choices = (*SEAT_NAMES, _NOBODY)
    fixed = drills.not_asked(drills.TRUMP_CHOICE_KIND, rules)
    if fixed:
        prompt = (f"{drills.rules_title(rules)}: every player has announced how many tricks they will take. "
                  "Who names trump?")
        verdicts = (*(f"{SEAT_NAMES[s]} {verb(s, 'do', 'does')} not choose: there is no auction."
                      for s in range(4)), "")
        return drills.ChoiceQuestion(TOPIC, seed, rules, prompt, choices, _NOBODY, FIXED_TRUMP, fixed, verdicts)
    for attempt in range(100):
        deal = Deal.random(rules, seed=derive_seed(seed, attempt), dealer=rng.randrange(4))
        while deal.phase is Phase.AUCTION:
            legal = deal.legal_bids()
            bids = sum(b.bid is not None for b in deal.auction)
            if deal.can_pass and (rng.random() < 0.4 + 0.2 * bids or not legal):
                deal.pass_bid()
            else:
                deal.bid(legal[min(len(legal) - 1, rng.randrange(2))])
        if deal.phase is Phase.TRUMP:
            break
    declarer = deal.declarer
    assert declarer is not None and deal.phase is Phase.TRUMP
    who = SEAT_NAMES[declarer]
    nobody_bid = all(b.bid is None for b in deal.auction)
    role = f"{verb(declarer, 'are', 'is')} the declarer"
    how = (f"Everyone passed. {all_pass_outcome(rules).text} So {who} {role}" if nobody_bid
           else f"{who} made the highest bid, {deal.contract}, and {role}")
    why = f"{how}: the declarer names trump."
    prompt = (f"Under the {drills.rules_title(rules)} rules, {SEAT_NAMES[deal.dealer]} dealt. "
              f"The auction: {_auction_line(deal)}. Who names trump?")
    verdicts = tuple("" if s == declarer else f"{SEAT_NAMES[s]} did not win the auction." for s in range(4))
    verdicts += ("Trump is not fixed here: the winner of the auction chooses it.",)
    return drills.ChoiceQuestion(TOPIC, seed, rules, prompt, choices, who, DECLARER_NAMES_TRUMP, why, verdicts)


def _follow_class(position: Position, legal: list[Card]) -> int | None:
    """Which of ``_FOLLOW_CHOICES`` the engine's legal cards match (None when none does)."""
    hand, led, trump = position.hand, position.trick[0].suit, position.trump
    if len({c.suit for c in hand}) < 2:
        return None  # one suit only: every answer would describe the same cards
    if any(c.suit == led for c in hand):
        return 0 if all(c.suit == led for c in legal) else None
    if trump is not None and led != trump and legal and all(c.suit == trump for c in legal):
        return 1
    return 2 if set(legal) == set(hand) else None


def _must_follow(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Must you follow suit here? Your hand is drawn; the engine's legal cards decide the answer."""
    wanted = rng.randrange(len(_FOLLOW_CHOICES))
    for attempt in range(_ATTEMPTS):
        deal = drills.ready_to_play(rules, derive_seed(seed, attempt), rng)
        found: list[tuple[Position, int]] = []
        while deal.phase is Phase.PLAY:
            if deal.to_move == LEARNER and deal.decider == LEARNER and deal.current_trick:
                position = Position.from_deal(deal)
                kind = _follow_class(position, deal.legal_plays())
                if kind is not None:
                    found.append((position, kind))
            deal.play(rng.choice(deal.legal_plays()))
        fitting = [p for p in found if p[1] == wanted] or (found if attempt > 20 else [])
        if fitting:
            position, kind = rng.choice(fitting)
            break
    else:  # pragma: no cover - never seen
        raise RuntimeError("no deal produced a fitting position")
    chain = position.duty_chain(rules)
    why = " ".join(v.reason for v in chain)
    verdicts = tuple("" if i == kind else _follow_verdict(rules, position, i) for i in range(len(_FOLLOW_CHOICES)))
    trump = "No trump." if position.trump is None else f"{position.trump.plural.capitalize()} are trump."
    prompt = (f"{trump} {_trick_line(position.leader, position.trick)}. Now it is your turn, with the hand "
              "shown. Must you follow suit?")
    return drills.ChoiceQuestion(TOPIC, seed, rules, prompt, _FOLLOW_CHOICES, _FOLLOW_CHOICES[kind],
                                 chain[-1].rule, why, verdicts, hand=tuple(sorted_hand(position.hand)))


def _follow_verdict(rules: RuleSet, position: Position, choice: int) -> str:
    """Why a wrong answer to "must you follow suit?" is wrong: the engine's refusal of a card it
    would allow, or the suit the hand does not hold."""
    hand, led, trump = position.hand, position.trick[0].suit, position.trump
    allowed = {0: [c for c in hand if c.suit == led], 1: [c for c in hand if c.suit == trump], 2: list(hand)}[choice]
    if not allowed:
        return f"You hold no {led.plural}." if choice == 0 else "You hold no trump."
    refused = [position.explain(rules, c) for c in allowed]
    bad = next((v for v in refused if not v.legal), None)
    if bad is not None:
        return f"The {bad.card.label} may not be played: {bad.reason}"
    spare = next(position.explain(rules, c) for c in hand if c not in allowed)
    return f"The {spare.card.label} may be played too: {spare.reason}"


def _trick_winner(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Who won this trick? A trick of a real deal, with who played each card."""
    deal = _played_out(rules, seed, rng)
    mixed = [t for t in deal.tricks if any(c.suit != t.cards[0].suit for c in t.cards)]
    trick = rng.choice(mixed or deal.tricks)
    trump = "No trump." if deal.trump is None else f"{deal.trump.plural.capitalize()} are trump."
    prompt = f"{trump} {_trick_line(trick.leader, trick.cards)}. Which card wins the trick?"
    return drills.TrickWinnerQuestion(TOPIC, seed, rules, prompt, trick.leader, trick.cards, deal.trump)


def _next_leader(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Who leads: the first trick (the declarer, or in Koz Maça the player after the dealer), or the
    next one (the winner of the last trick), as the engine moves the lead."""
    deal = drills.ready_to_play(rules, seed, rng)
    if rng.random() < 0.3:
        leader = deal.to_move
        assert leader is not None
        if deal.declarer is not None and leader == deal.declarer:
            how = f"{SEAT_NAMES[leader]} won the auction: the declarer leads the first trick."
            prompt = (f"Under the {drills.rules_title(rules)} rules, {SEAT_NAMES[deal.dealer]} dealt and "
                      f"the auction went: {_auction_line(deal)}. Who leads the first trick?")
        else:
            assert leader == (deal.dealer + 1) % 4, "without a declarer the player after the dealer leads"
            how = (f"There is no auction: the player after the dealer leads the first trick. "
                   f"{SEAT_NAMES[deal.dealer]} dealt, so {SEAT_NAMES[leader]} {verb(leader, 'lead', 'leads')}.")
            prompt = (f"Under the {drills.rules_title(rules)} rules, {SEAT_NAMES[deal.dealer]} dealt and everyone "
                      "has announced. Who leads the first trick?")
        return drills.ChoiceQuestion(TOPIC, seed, rules, prompt, SEAT_NAMES, SEAT_NAMES[leader], FIRST_LEAD, how)
    stop = rng.randrange(1, rules.tricks_per_deal)
    while len(deal.tricks) < stop:
        deal.play(rng.choice(deal.legal_plays()))
    trick, leader = deal.tricks[-1], deal.to_move
    assert leader is not None
    winner = SEAT_NAMES[trick.winner]
    card = trick.cards[trick.seats.index(trick.winner)]
    why = (f"{winner} won trick {stop} with the {card.label}, and the winner of "
           f"a trick leads the next one: {SEAT_NAMES[leader]}.")
    trump = "No trump." if deal.trump is None else f"{deal.trump.plural.capitalize()} are trump."
    prompt = f"{trump} Trick {stop}: {_trick_line(trick.leader, trick.cards)}. Who leads trick {stop + 1}?"
    verdicts = tuple("" if s == leader else _not_leader(trick.leader, s, trick.winner) for s in range(4))
    return drills.ChoiceQuestion(TOPIC, seed, rules, prompt, SEAT_NAMES, SEAT_NAMES[leader], WINNER_LEADS, why,
                                 verdicts)


def _not_leader(led: int, seat: int, winner: int) -> str:
    if seat == led:
        return f"{SEAT_NAMES[seat]} led this trick, but the lead goes to whoever wins it."
    if seat == (winner + 1) % 4:
        return (f"{SEAT_NAMES[seat]} {verb(seat, 'sit', 'sits')} after the winner, but the lead does not pass "
                "round the table: the winner keeps it.")
    return f"{SEAT_NAMES[seat]} did not win the trick."


QUIZ_TOPICS: Final[dict[str, drills.Topic]] = {
    TOPIC: drills.Topic("The flow of a deal", {
        "cards-and-tricks": _cards_and_tricks,
        "who-names-trump": _who_names_trump,
        "must-follow": _must_follow,
        "trick-winner": _trick_winner,
        "next-leader": _next_leader,
    }),
}
"""This module's quiz topic (``topics`` merges it)."""

