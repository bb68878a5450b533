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
from ..i18n import N_, _, ngettext, upper_first
from ..legality import IllegalMove
from ..rules import RuleSet, Variant
from ..shuffle import derive_seed
from ..trick import trick_winner
from . import drills
from .lessons import LESSONS, LESSONS_BY_ID
from .names import SEAT_NAMES, about, possessive, seat_name
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
    is what the narrator asks for (both in English, marked for the catalog: shown as ``_(title)``)."""

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
            return _("Right: you pass and are out of this auction. Now the others call.")
        card, trick = choice.card, deal.current_trick
        if self.kind is GoalKind.FOLLOW:
            held = [c for c in deal.hand(LEARNER) if c.suit == card.suit]
            # Translators: {led} is the led suit's plural name ("clubs"), {suit} a suit's name for one card ("club").
            text = (_("Right: {led} were led, the {card} is your only {suit}, and you must follow suit.")
                    if len(held) == 1 else
                    _("Right: {led} were led, the {card} is a {suit}, and you must follow suit."))
            return text.format(led=trick[0].suit.word(), card=card.label, suit=card.suit.word(plural=False))
        if self.kind is GoalKind.RUFF:
            led = trick[0].suit
            # Translators: {led} is the led suit's plural name ("clubs"), {suit} its name for one card ("club").
            return _("Right: with no {led} you must play a trump if you have one. That is a ruff: the {card} beats "
                     "every {suit}.").format(led=led.word(), card=card.label, suit=led.word(plural=False))
        if self.kind is GoalKind.CHEAP_WIN:
            top = _winning_card(trick, deal.trump)
            kept = [c for c in deal.hand(LEARNER) if c.suit == card.suit and c > card]
            text = _("Right: the {card} is your lowest card that beats the {top}, and nobody plays after you.").format(
                card=card.label, top=top.label)
            if kept:
                # Translators: {cards} lists the cards kept ("Q♦" or "Q♦ and K♦").
                text += " " + ngettext("Your {cards} stays in your hand for later.",
                                       "Your {cards} stay in your hand for later.", len(kept)).format(
                    cards=describe_cards(kept))
            return text
        # Translators: {suit} is a suit's name for one card ("heart"), {suits} its plural name ("hearts").
        return _("Right: the {card} is the highest {suit}. Nobody can beat it unless they have no {suits} left and "
                 "ruff.").format(card=card.label, suit=card.suit.word(plural=False), suits=card.suit.word())

    def _miss(self, deal: Deal, choice: Action) -> str:
        """Why a legal choice misses the goal."""
        if self.kind is GoalKind.PASS:
            return _("You may bid {n}, but a bid promises {n} tricks, and with so few high cards you would not take "
                     "them. Press Pass.").format(n=choice.number)
        card = choice.card
        target = self.action.card
        if self.kind is GoalKind.CHEAP_WIN:
            if _wins(deal, card):
                # Translators: {target} is the cheaper card that wins.
                return _("The {card} wins too, but the {target} wins it more cheaply: keep the {card} for a later "
                         "trick.").format(card=card.label, target=target.label)
            trick = deal.current_trick
            top = _winning_card(trick, deal.trump)
            seat = ((deal.trick_leader or 0) + trick.index(top)) % 4
            # Translators: {whose} is a player's name as owner ("Mehmet's"), {top} the card winning the trick.
            return _("You may play the {card}, but it does not win the trick: {whose} {top} is higher.").format(
                card=card.label, whose=possessive(seat), top=top.label)
        if self.kind is GoalKind.LEAD_ACE:
            # Translators: {target} is the learner's ace; {suits} its suit's plural name ("hearts").
            return _("You may lead the {card}, but your {target} is a sure winner while the others still hold "
                     "{suits}: lead it now.").format(card=card.label, target=target.label, suits=target.suit.word())
        # Translators: {instruction} is what the step asks, e.g. "Follow suit: play a club."
        return _("You may play the {card}, but that is not what this step asks: {instruction}").format(
            card=card.label, instruction=_(self.instruction))


def _legal(deal: Deal, card: Card) -> bool:
    return deal.phase is Phase.PLAY and deal.explain(card).legal


def _refusal(deal: Deal, choice: Action) -> str:
    """The engine's reason why ``choice`` may not be made now ('' when it may)."""
    if choice.kind is ActionKind.PLAY:
        if deal.phase is not Phase.PLAY:
            return _("You cannot play a card now: the auction is still going on.")
        verdict = deal.explain(choice.card)
        # Translators: {reason} is the engine's reason, a whole sentence.
        return "" if verdict.legal else _("The {card} may not be played. {reason}").format(
            card=choice.card.label, reason=verdict.reason)
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
    only narrates) and the narrator adds ``comment``, a template filled from ``facts`` (in English,
    marked for the catalog: filled as ``_(comment)``). A learner step has a ``goal`` and the goal's
    target is its action."""

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
    # Translators: the narrator of the guided deal. {dealer_name} is the dealer's name, {direction} a sentence on
    # the direction of play, {hand_size} and {tricks} numbers.
    Step(LEARNER, "", N_("{dealer_name} dealt the cards, one at a time: {hand_size} each. Your hand is at the "
                         "bottom, the others' cards are face down. {direction} A deal goes: the auction, trump, "
                         "{tricks} tricks, then the score. The auction starts with the player after the dealer: "
                         "you.")),
    _learner(GoalKind.PASS, "pass", N_("Pass: too few high cards"), N_("Press Pass."),
             # Translators: {high_cards} lists cards ("Q♦ and A♥"); {count_lesson} is a lesson's number and
             # {count_title} its title ("Lesson 3, Counting a hand").
             N_("In the auction each player in turn bids the number of tricks they promise to take, or passes. "
                "Your hand has few high cards (your only aces, kings and queens: {high_cards}): too few to promise "
                "tricks. Lesson {count_lesson}, {count_title}, teaches you to count a hand before you bid.")),
    # Translators: {min_bid} is a sentence on the lowest bid of the learner's rules.
    Step(1, "bid 5", N_("A bid promises at least that many tricks. {min_bid}")),
    Step(2, "bid 6", N_("Every bid must be higher than the one before.")),
    Step(3, "pass", N_("A player who passes is out of this auction.")),
    Step(1, "pass", N_("Three players have passed, so the auction is over: {declarer_name} won it and is the "
                       "declarer, who must take at least {contract} tricks.")),
    # Translators: {trump_cards} is a number of cards of the trump suit ("6 spades").
    Step(2, "trump S", N_("The declarer chooses trump: {declarer_name} holds {trump_cards}, more than of any other "
                          "suit. A trump beats every card of the other suits. The declarer leads the first trick.")),
    Step(2, "play AC", N_("The first card of a trick is the lead: the others must follow suit, a club if they "
                          "have one.")),
    Step(3, "play 3C"),
    _learner(GoalKind.FOLLOW, "play 4C", N_("Follow suit"), N_("Follow suit: play a club."),
             N_("Your turn. Clubs were led.")),
    Step(1, "play 2C"),
    Step(2, "play KC"),
    Step(3, "play 5C"),
    _learner(GoalKind.RUFF, "play 3S", N_("No clubs: ruff"), N_("You have no clubs: ruff, that is, play a trump."),
             N_("Clubs again, and you have none left.")),
    # Translators: {must_overtrump} is a sentence on the overtrump rule of the learner's rules.
    Step(1, "play 4S", N_("Under your rules: {must_overtrump} A ruff can be beaten by a higher trump.")),
    Step(1, "play 7D", ""),
    # Translators: {must_overtake} is a sentence on the overtake rule of the learner's rules.
    Step(2, "play 8D", N_("Under your rules: {must_overtake}")),
    Step(3, "play 5D"),
    _learner(GoalKind.CHEAP_WIN, "play 9D", N_("Win a trick cheaply"), N_("Take this trick, as cheaply as you can."),
             # Translators: {defender_zero} is a sentence on how the learner's rules score a player without tricks.
             N_("You play last. The players other than the declarer score for their tricks too. Under your "
                "rules: {defender_zero}")),
    _learner(GoalKind.LEAD_ACE, "play AH", N_("You won: lead your ace"), N_("Lead your ace."),
             N_("You won the trick, so you lead the next one. Your ace is the highest card of its suit.")),
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
    said.update(dealer_name=seat_name(deal.dealer), hand_size=str(rules.hand_size),
                tricks=str(rules.tricks_per_deal), high_cards=describe_cards(high),
                count_lesson=str(LESSONS.index(counting) + 1), count_title=_(counting.title))
    if deal.declarer is not None:
        said.update(declarer_name=seat_name(deal.declarer), contract=str(deal.contract))
    if deal.trump is not None and deal.declarer is not None:
        count = sum(c.suit == deal.trump for c in deal.initial_hand(deal.declarer))
        said.update(trump=deal.trump.word(), trump_count=str(count), trump_cards=deal.trump.count(count))
    return said


def action_text(deal: Deal, seat: int, action: Action) -> str:
    """What the narrator says about ``action`` by ``seat``, worked out before it is made."""
    if action.kind is ActionKind.PASS:
        return about(seat, _("You pass."), _("{name} passes."))
    if action.kind is ActionKind.BID:
        return about(seat, _("You bid {n}."), _("{name} bids {n}."), n=action.number)
    if action.kind is ActionKind.TRUMP:
        assert action.suit is not None
        # Translators: {suit} is the suit's plural name ("spades"), {symbol} its sign (♠).
        return about(seat, _("You name {suit} {symbol} as trump."), _("{name} names {suit} {symbol} as trump."),
                      suit=action.suit.word(), symbol=action.suit.symbol)
    card, trick = action.card, deal.current_trick
    if not trick:
        return about(seat, _("You lead the {card}."), _("{name} leads the {card}."), card=card.label)
    led = trick[0].suit
    if card.suit == led:
        return about(seat, _("You follow suit with the {card}."), _("{name} follows suit with the {card}."),
                      card=card.label)
    if card.suit == deal.trump:
        # Translators: {suit} is the led suit's plural name ("clubs").
        return about(seat, _("You have no {suit} and ruff with the {card}."),
                      _("{name} has no {suit} and ruffs with the {card}."), suit=led.word(), card=card.label)
    # Translators: {suit} is the led suit's plural name ("clubs").
    return about(seat, _("You have no {suit} and discard the {card}."),
                  _("{name} has no {suit} and discards the {card}."), suit=led.word(), card=card.label)


def trick_text(deal: Deal) -> str:
    """Who won the trick just finished, and why (the engine's winner)."""
    trick = deal.tricks[-1]
    card = trick.cards[trick.seats.index(trick.winner)]
    seat = trick.winner
    if card.suit == deal.trump and trick.cards[0].suit != card.suit:
        text = about(seat, _("You win the trick with the {card}, the highest trump."),
                      _("{name} wins the trick with the {card}, the highest trump."), card=card.label)
    else:
        # Translators: {suit} is the led suit's name for one card ("the highest club").
        text = about(seat, _("You win the trick with the {card}, the highest {suit}."),
                      _("{name} wins the trick with the {card}, the highest {suit}."), card=card.label,
                      suit=trick.cards[0].suit.word(plural=False))
    if deal.phase is Phase.PLAY:
        text += " " + about(seat, _("The winner of a trick leads the next one: you lead."),
                             _("The winner of a trick leads the next one: {name} leads."))
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
                _comment(step, deal)
            if step.action:
                apply(deal, step.seat, Action.parse(step.action))
            if step.goal is None:  # and after an action it narrates
                _comment(step, deal)
        for card in REST:
            apply(deal, deal.to_move if deal.to_move is not None else -1, Action.play(card))
    except (IllegalMove, KeyError) as error:
        problems.append(f"the script breaks under {rules.name}: {error}")
    if not problems and deal.phase is not Phase.OVER:
        problems.append("the script does not finish the deal")
    return problems


def _comment(step: Step, deal: Deal) -> str:
    """The narrator's comment on ``step`` in the active language, filled from the deal's facts."""
    return _(step.comment).format_map(facts(deal)) if step.comment else ""


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
            # Translators: a player's role in the score table of the guided deal; {n} is the bid.
            role = (_("declarer, bid {n}: made it") if made else _("declarer, bid {n}: went down")).format(n=contract)
        else:
            options = ["defender_zero" if tricks == 0 else "defender_per_trick"]
            # Translators: a player's role in the score table of the guided deal.
            role = _("not the declarer")
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
        self.text = " ".join(t for t in (said, _comment(step, self.deal), trick) if t)

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
        # Translators: the guided deal's declarer is always another player, never the learner.
        over = (_("The deal is over. {name} bid {contract} and took {tricks} tricks: made the contract.")
                if tricks >= contract else
                _("The deal is over. {name} bid {contract} and took {tricks} tricks: went down."))
        # Translators: {n} is the number of tricks the learner took; {rules} a rule book's name ("classic").
        yours = _("You took {n}. Here is the score under your rules ({rules}), as the engine counts it.")
        return (over.format(name=seat_name(declarer), contract=contract, tricks=tricks) + " "
                + yours.format(n=deal.tricks_won[LEARNER], rules=self.rules.name))


# --- the lesson's quiz: the flow of a deal ------------------------------------------------------

TOPIC: Final = "first-deal"
HAND_SIZE: Final = "hand-size"
TRICKS_PER_DEAL: Final = "tricks-per-deal"
DECLARER_NAMES_TRUMP: Final = "declarer-names-trump"
FIXED_TRUMP: Final = "fixed-trump"
WINNER_LEADS: Final = "winner-leads"
FIRST_LEAD: Final = "first-lead"

_ATTEMPTS: Final = 400
_NOBODY: Final = N_("Nobody: the trump suit is fixed")
_FOLLOW_CHOICES: Final = (N_("Yes: you must play a card of the led suit."),
                          N_("No, you have none of it: you must play a trump."),
                          N_("No: you may play any card."))
"""The answers to "must you follow suit?", in English (translated where asked)."""


def _played_out(rules: RuleSet, seed: int, rng: random.Random) -> Deal:
    """A seeded deal brought to the play (``drills.ready_to_play``) and played out with random legal cards."""
    deal = drills.ready_to_play(rules, seed, rng)
    while deal.phase is Phase.PLAY:
        deal.play(rng.choice(deal.legal_plays()))
    return deal


def _trick_line(leader: int, cards: tuple[Card, ...] | list[Card]) -> str:
    """"Ayşe led the K♣, Mehmet played the 3♣, ...": who played which card."""
    parts = [about(leader, _("You led the {card}"), _("{name} led the {card}"), card=cards[0].label)]
    parts += [about((leader + i) % 4, _("You played the {card}"), _("{name} played the {card}"), card=c.label)
              for i, c in enumerate(cards) if i]
    return ", ".join(parts)


def _trump_line(trump: Suit | None) -> str:
    """"Hearts are trump." or "No trump.": the opening of a quiz prompt."""
    if trump is None:
        return _("No trump.")
    word = trump.word()
    # Translators: {suit} is the suit's plural name, capitalized ("Hearts").
    return _("{suit} are trump.").format(suit=upper_first(word))


def _cards_and_tricks(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """How many cards each player gets, or how many tricks a deal has: counted on a real deal."""
    title = drills.rules_title(rules)
    kitty = rules.kitty
    if rng.random() < 0.5:
        deal = Deal.random(rules, seed=seed, dealer=seed % 4)
        answer = len(deal.hand(LEARNER))
        why = (_("All {total} cards are dealt, one at a time: {n} to each player, and the last {k} lie face down "
                 "in the middle (the kitty), for the declarer.") if deal.kitty
               else _("All {total} cards are dealt, one at a time: {n} to each player.")).format(
            total=len(CARDS), n=answer, k=len(deal.kitty))
        # Translators: {rules} is a rule book's name ("classic", "classic Koz Maça").
        prompt = _("Under the {rules} rules, how many cards does each player get in a deal?").format(rules=title)
        rule = HAND_SIZE
    else:
        deal = _played_out(rules, seed, rng)
        answer = len(deal.tricks)
        why = _("Every trick takes one card from each player, so a deal has as many tricks as each player has "
                "cards: {n}.").format(n=answer)
        if kitty:
            why += " " + _("The declarer takes the {k} face-down cards and buries {k}, so the hands stay at "
                           "{n}.").format(k=kitty, n=rules.hand_size)
        # Translators: {rules} is a rule book's name ("classic", "classic Koz Maça").
        prompt = _("Under the {rules} rules, how many tricks are played in one deal?").format(rules=title)
        rule = TRICKS_PER_DEAL
    return drills.ChoiceQuestion(TOPIC, seed, rules, prompt, drills.number_choices(answer, rng, 13),
                                 str(answer), rule, why)


def _auction_line(deal: Deal) -> str:
    """"You pass; Ayşe bids 5; ...": the calls so far."""
    calls = [about(b.seat, _("You pass"), _("{name} passes")) if b.bid is None
             else about(b.seat, _("You bid {n}"), _("{name} bids {n}"), n=b.bid) for b in deal.auction]
    return "; ".join(calls)


def _who_names_trump(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The declarer names trump: a random auction played by the engine (Koz Maça: nobody does)."""
    nobody = _(_NOBODY)
    choices = (*(seat_name(s) for s in range(4)), nobody)
    fixed = drills.not_asked(drills.TRUMP_CHOICE_KIND, rules)
    if fixed:
        # Translators: {rules} is a rule book's name ("classic Koz Maça").
        prompt = _("{rules}: every player has announced how many tricks they will take. Who names trump?").format(
            rules=drills.rules_title(rules))
        verdicts = (*(about(s, _("You do not choose: there is no auction."),
                             _("{name} does not choose: there is no auction.")) for s in range(4)), "")
        return drills.ChoiceQuestion(TOPIC, seed, rules, prompt, choices, nobody, FIXED_TRUMP, fixed, verdicts)
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
    who = seat_name(declarer)
    if all(b.bid is None for b in deal.auction):
        # Translators: {outcome} is what the rules say happens when everyone passes, a whole sentence.
        why = about(declarer, _("Everyone passed. {outcome} So You are the declarer: the declarer names trump."),
                     _("Everyone passed. {outcome} So {name} is the declarer: the declarer names trump."),
                     outcome=all_pass_outcome(rules).text)
    else:
        why = about(declarer, _("You made the highest bid, {n}, and are the declarer: the declarer names trump."),
                     _("{name} made the highest bid, {n}, and is the declarer: the declarer names trump."),
                     n=deal.contract)
    # Translators: {rules} is a rule book's name ("classic"), {auction} the calls ("You pass; Ayşe bids 5").
    prompt = about(deal.dealer, _("Under the {rules} rules, You dealt. The auction: {auction}. Who names trump?"),
                    _("Under the {rules} rules, {name} dealt. The auction: {auction}. Who names trump?"),
                    rules=drills.rules_title(rules), auction=_auction_line(deal))
    verdicts = tuple("" if s == declarer else about(s, _("You did not win the auction."),
                                                    _("{name} did not win the auction.")) for s in range(4))
    verdicts += (_("Trump is not fixed here: the winner of the auction chooses it."),)
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
    # Translators: {trick} is who played which card ("Ayşe led the K♣, Mehmet played the 3♣").
    prompt = _trump_line(position.trump) + " " + _(
        "{trick}. Now it is your turn, with the hand shown. Must you follow suit?").format(
        trick=_trick_line(position.leader, position.trick))
    choices = tuple(_(c) for c in _FOLLOW_CHOICES)
    return drills.ChoiceQuestion(TOPIC, seed, rules, prompt, choices, choices[kind],
                                 chain[-1].rule, why, verdicts, hand=tuple(sorted_hand(position.hand)))


def _follow_verdict(rules: RuleSet, position: Position, choice: int) -> str:
    """Why a wrong answer to "must you follow suit?" is wrong: the engine's refusal of a card it
    would allow, or the suit the hand does not hold."""
    hand, led, trump = position.hand, position.trick[0].suit, position.trump
    allowed = {0: [c for c in hand if c.suit == led], 1: [c for c in hand if c.suit == trump], 2: list(hand)}[choice]
    if not allowed:
        # Translators: {suit} is the led suit's plural name ("clubs").
        return _("You hold no {suit}.").format(suit=led.word()) if choice == 0 else _("You hold no trump.")
    refused = [position.explain(rules, c) for c in allowed]
    bad = next((v for v in refused if not v.legal), None)
    if bad is not None:
        # Translators: {reason} is the engine's reason, a whole sentence.
        return _("The {card} may not be played: {reason}").format(card=bad.card.label, reason=bad.reason)
    spare = next(position.explain(rules, c) for c in hand if c not in allowed)
    # Translators: {reason} is the engine's reason, a whole sentence.
    return _("The {card} may be played too: {reason}").format(card=spare.card.label, reason=spare.reason)


def _trick_winner(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Who won this trick? A trick of a real deal, with who played each card."""
    deal = _played_out(rules, seed, rng)
    mixed = [t for t in deal.tricks if any(c.suit != t.cards[0].suit for c in t.cards)]
    trick = rng.choice(mixed or deal.tricks)
    # Translators: {trick} is who played which card ("Ayşe led the K♣, Mehmet played the 3♣").
    prompt = _trump_line(deal.trump) + " " + _("{trick}. Which card wins the trick?").format(
        trick=_trick_line(trick.leader, trick.cards))
    return drills.TrickWinnerQuestion(TOPIC, seed, rules, prompt, trick.leader, trick.cards, deal.trump)


def _next_leader(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Who leads: the first trick (the declarer, or in Koz Maça the player after the dealer), or the
    next one (the winner of the last trick), as the engine moves the lead."""
    deal = drills.ready_to_play(rules, seed, rng)
    if rng.random() < 0.3:
        leader = deal.to_move
        assert leader is not None
        names = tuple(seat_name(s) for s in range(4))
        title = drills.rules_title(rules)
        if deal.declarer is not None and leader == deal.declarer:
            how = about(leader, _("You won the auction: the declarer leads the first trick."),
                         _("{name} won the auction: the declarer leads the first trick."))
            # Translators: {rules} is a rule book's name ("classic"), {auction} the calls ("You pass; Ayşe bids 5").
            prompt = about(deal.dealer, _("Under the {rules} rules, You dealt and the auction went: {auction}. Who "
                                           "leads the first trick?"),
                            _("Under the {rules} rules, {name} dealt and the auction went: {auction}. Who leads the "
                              "first trick?"), rules=title, auction=_auction_line(deal))
        else:
            assert leader == (deal.dealer + 1) % 4, "without a declarer the player after the dealer leads"
            if leader == LEARNER:
                how = _("There is no auction: the player after the dealer leads the first trick. {dealer} dealt, so "
                        "You lead.")
            elif deal.dealer == LEARNER:
                how = _("There is no auction: the player after the dealer leads the first trick. You dealt, so "
                        "{leader} leads.")
            else:
                how = _("There is no auction: the player after the dealer leads the first trick. {dealer} dealt, so "
                        "{leader} leads.")
            how = how.format(dealer=seat_name(deal.dealer), leader=seat_name(leader))
            # Translators: {rules} is a rule book's name ("classic Koz Maça").
            prompt = about(deal.dealer, _("Under the {rules} rules, You dealt and everyone has announced. Who leads "
                                           "the first trick?"),
                            _("Under the {rules} rules, {name} dealt and everyone has announced. Who leads the first "
                              "trick?"), rules=title)
        return drills.ChoiceQuestion(TOPIC, seed, rules, prompt, names, names[leader], FIRST_LEAD, how)
    stop = rng.randrange(1, rules.tricks_per_deal)
    while len(deal.tricks) < stop:
        deal.play(rng.choice(deal.legal_plays()))
    trick, leader = deal.tricks[-1], deal.to_move
    assert leader is not None
    card = trick.cards[trick.seats.index(trick.winner)]
    # Translators: {n} is the trick's number; {leader} the name of the player who leads next (the winner).
    why = about(trick.winner, _("You won trick {n} with the {card}, and the winner of a trick leads the next one: "
                                 "{leader}."),
                 _("{name} won trick {n} with the {card}, and the winner of a trick leads the next one: {leader}."),
                 n=stop, card=card.label, leader=seat_name(leader))
    # Translators: {n} is the trick's number, {next} the next one's; {trick} is who played which card.
    prompt = _trump_line(deal.trump) + " " + _("Trick {n}: {trick}. Who leads trick {next}?").format(
        n=stop, trick=_trick_line(trick.leader, trick.cards), next=stop + 1)
    verdicts = tuple("" if s == leader else _not_leader(trick.leader, s, trick.winner) for s in range(4))
    names = tuple(seat_name(s) for s in range(4))
    return drills.ChoiceQuestion(TOPIC, seed, rules, prompt, names, names[leader], WINNER_LEADS, why, verdicts)


def _not_leader(led: int, seat: int, winner: int) -> str:
    if seat == led:
        return about(seat, _("You led this trick, but the lead goes to whoever wins it."),
                      _("{name} led this trick, but the lead goes to whoever wins it."))
    if seat == (winner + 1) % 4:
        return about(seat, _("You sit after the winner, but the lead does not pass round the table: the winner "
                              "keeps it."),
                      _("{name} sits after the winner, but the lead does not pass round the table: the winner keeps "
                        "it."))
    return about(seat, _("You did not win the trick."), _("{name} did not win the trick."))


QUIZ_TOPICS: Final[dict[str, drills.Topic]] = {
    TOPIC: drills.Topic(N_("The flow of a deal"), {
        "cards-and-tricks": _cards_and_tricks,
        "who-names-trump": _who_names_trump,
        "must-follow": _must_follow,
        "trick-winner": _trick_winner,
        "next-leader": _next_leader,
    }),
}
"""This module's quiz topic (``topics`` merges it)."""

