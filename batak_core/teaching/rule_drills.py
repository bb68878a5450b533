"""Quiz questions on the rules around the play: how the auction ends, who leads, how long a game
lasts and who wins it, the move clock, and every house rule the sources name.

As in ``drills``, the engine gives every answer. A call is tried on a copy of a seeded deal, and
a refusal comes with the engine's own reason. The end of a game is ``game.game_over``, the next
dealer is ``Game.next_deal`` and the clock's move is ``Deal.timeout_action``. A house-rule
question switches its option on (``RuleSet.replace``) in a situation where the option matters,
and it says what the rules without the house rule would give. ``house_rule_question`` asks the
same question with the option on or off, so a test can show that the answer depends on the
house rule. ``not_asked`` adds this module's kinds to ``drills.not_asked``.

The helpers at the top (naming players, telling an auction or a trick, bringing a deal to its
first lead, a score question) are shared with ``variant_drills``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..actions import PASS, Action
from ..ai.bots.evaluate import trick_estimate
from ..cards import CARDS, Card, Suit, longest_suit, mask_of, sorted_hand, suit_length
from ..deal import Bid, Deal, Phase, Trick, all_pass_outcome
from ..game import Game, game_over, leaders
from ..i18n import N_, _, format_list, ngettext, pgettext, upper_first, use_locale
from ..legality import IllegalMove
from ..options import OPTIONS, OPTIONS_BY_NAME, AllPass, DeclarerMade, Direction, GameEnd
from ..rules import PRESETS, RuleSet, preset, variants_of
from ..scoring import score_announcements, score_deal
from ..seats import partner, side_seats
from ..shuffle import derive_seed
from . import drills
from .drills import signed
from .names import about, possessive, seat_name, verb
from .position import Position, describe_trump

ATTEMPTS: Final = 400

# Rule ids of this module's questions (kebab-case, like every id the course shows).
HIGHEST_BID_ENDS: Final = "highest-bid-ends"
PASS_IS_FINAL: Final = "pass-is-final"
AUCTION_END: Final = "auction-end"
DECLARER_NAMES_TRUMP: Final = "declarer-names-trump"
ANNOUNCE_ONCE: Final = "announce-once"
MUST_ANNOUNCE: Final = "must-announce"
FIXED_TRUMP: Final = "fixed-trump"
FIRST_LEAD: Final = "first-lead"
WINNER_LEADS: Final = "winner-leads"
GAME_LENGTH: Final = "game-length"
GAME_OVER: Final = "game-over"
TIE_RULE: Final = "tie-rule"
DEALER_ROTATES: Final = "dealer-rotates"
REDEAL_SAME_DEALER: Final = "redeal-same-dealer"
TIMEOUT_CALL: Final = "timeout-call"
TIMEOUT_TRUMP: Final = "timeout-trump"
TIMEOUT_CARD: Final = "timeout-card"
MOVE_CLOCK: Final = "move-clock"

# Kinds of question that need something some forms of the game lack (see ``not_asked``).
TOP_BID_KIND: Final = "bid-13"
PASS_FINAL_KIND: Final = "pass-final"
AUCTION_END_KIND: Final = "auction-end"
NAMES_TRUMP_KIND: Final = "declarer-names-trump"
TIMEOUT_TRUMP_KIND: Final = "timeout-trump"
_AUCTION_KINDS: Final = (TOP_BID_KIND, PASS_FINAL_KIND, AUCTION_END_KIND, NAMES_TRUMP_KIND)


def not_asked(kind: str, rules: RuleSet) -> str:
    """Why a kind of question cannot be asked under ``rules`` ('' when it can): ``drills.not_asked``
    and this module's kinds. Instead, without an auction (Koz Maça) the auction kinds ask about the
    announcements. Where trump is fixed, the clock's trump kind asks about the clock's card."""
    reason = drills.not_asked(kind, rules)
    if reason:
        return reason
    if kind in _AUCTION_KINDS and rules.announcements:
        return drills.not_asked(drills.LOWEST_BID_KIND, rules)
    if kind == TIMEOUT_TRUMP_KIND and rules.fixed_trump:
        return drills.not_asked(drills.TRUMP_CHOICE_KIND, rules)
    return ""


# --- shared helpers: names, calls, tricks, deals -----------------------------------------------


def says(seat: int, plural: str, singular: str) -> str:
    """The player's name with the verb that goes with it: 'You are', 'Ayşe is' (English text only:
    a translated sentence about a player is two messages, see ``about``)."""
    return f"{seat_name(seat)} {verb(seat, plural, singular)}"


def under(rules: RuleSet) -> str:
    """A prompt's opening that names the rule book."""
    # Translators: a prompt's opening; {rules} is a rule book's name ("classic", "classic Koz Maça").
    return _("Under the {rules} rules:").format(rules=drills.rules_title(rules))


def seat_list(seats: Sequence[int]) -> str:
    """'You and Mehmet', 'Ayşe, Mehmet and Zeynep'."""
    return format_list([seat_name(s) for s in seats])


def side_name(rules: RuleSet, seat: int) -> str:
    """The player, or with partners the pair: 'Ayşe', 'You and Mehmet'."""
    return seat_list(sorted(side_seats(rules, seat)))


def call_text(call: Bid, announcing: bool = False) -> str:
    """'Ayşe passes', 'You bid 7', 'Mehmet announces none'."""
    seat = call.seat
    if call.bid is None:
        return about(seat, _("You pass"), _("{name} passes"))
    if announcing and call.bid == 0:
        return about(seat, _("You announce none"), _("{name} announces none"))
    if announcing:
        return about(seat, _("You announce {n}"), _("{name} announces {n}"), n=call.bid)
    return about(seat, _("You bid {n}"), _("{name} bids {n}"), n=call.bid)


def auction_text(calls: Sequence[Bid], announcing: bool = False) -> str:
    return "; ".join(call_text(c, announcing) for c in calls) if calls else _("nobody has called yet")


def _card_played(seat: int, lead: bool, card: Card) -> str:
    if lead:
        return about(seat, _("You led the {card}"), _("{name} led the {card}"), card=card.label)
    return about(seat, _("You played the {card}"), _("{name} played the {card}"), card=card.label)


def trick_text(leader: int, cards: Sequence[Card]) -> str:
    """'You led the 9♣; Ayşe played the K♣' (one card a player, never a list of a hand)."""
    return "; ".join(_card_played((leader + i) % 4, i == 0, card) for i, card in enumerate(cards))


def trump_text(trump: Suit | None) -> str:
    if trump is None:
        return _("No trump.")
    # Translators: {suit} is the suit's plural name, capitalized ("Hearts"), {symbol} its sign (♥).
    return _("{suit} {symbol} are trump.").format(suit=upper_first(trump.word()), symbol=trump.symbol)


def situation(position: Position, rules: RuleSet) -> str:
    """The moment of a position whose mover is you (seat 0): trump, broken or not, the trick so far."""
    trump = describe_trump(position.trump, position.trick, position.trump_broken, rules)
    if not position.trick:
        return f"{trump} " + _("You are on lead.")
    text = f"{trump} " + _("The trick so far: {trick}.").format(trick=trick_text(position.leader, position.trick))
    if rules.partnership and position.partner_winning:
        text += " " + _("Your partner, {name}, is winning it so far.").format(
            name=seat_name(partner(position.to_move)))
    return text


def choice(topic: str, rules: RuleSet, seed: int, prompt: str, options: Sequence[tuple[str, str]], answer: str,
           rule: str, why: str, hand: Sequence[Card] = ()) -> drills.ChoiceQuestion:
    """A ChoiceQuestion from (choice, verdict) pairs. The first verdict of a repeated choice is kept,
    and the answer's verdict is empty."""
    texts: list[str] = []
    verdicts: list[str] = []
    for text, verdict in options:
        if text not in texts:
            texts.append(text)
            verdicts.append("" if text == answer else verdict)
    if answer not in texts:
        raise RuntimeError(f"the answer {answer!r} is not among the choices")  # pragma: no cover - a bug
    return drills.ChoiceQuestion(topic, seed, rules, prompt, tuple(texts), answer, rule, why, tuple(verdicts),
                                 tuple(hand))


def refusal(deal: Deal, act: Callable[[Deal], object]) -> str:
    """The engine's reason for refusing ``act`` on a copy of ``deal`` ('' when it allows it)."""
    trial = deal.copy()
    try:
        act(trial)
    except IllegalMove as error:
        return error.reason
    return ""


def announce(deal: Deal, rng: random.Random) -> None:
    """One Koz Maça announcement: what the hand should take with the fixed trump (the bots' count)."""
    legal = deal.legal_bids()
    count = int(trick_estimate(deal.hand_mask(deal.to_move or 0), deal.rules.trump_suit)) + rng.randrange(-1, 2)
    deal.bid(max(legal[0], min(legal[-1], count)))


def random_auction(deal: Deal, rng: random.Random, pass_rate: float = 0.55) -> None:
    """Calls until the auction is over: passes, and bids one or two above the lowest (any seat may win)."""
    while deal.phase is Phase.AUCTION:
        if deal.rules.announcements:
            announce(deal, rng)
            continue
        bids = deal.legal_bids()
        if deal.can_pass and (not bids or rng.random() < pass_rate):
            deal.pass_bid()
        else:
            deal.bid(bids[min(len(bids) - 1, rng.randrange(2))])


def finish_setup(deal: Deal) -> None:
    """After the auction: the declarer names the longest suit and, in Gömmeli, buries the lowest side
    cards (as ``drills.ready_to_play`` does)."""
    declarer = deal.declarer or 0
    if deal.phase is Phase.TRUMP:
        deal.declare_trump(longest_suit(deal.hand_mask(declarer)))
    if deal.phase is Phase.BURY:
        lowest = sorted(deal.hand(declarer), key=lambda c: (c.suit == deal.trump, c.rank))
        deal.bury(lowest[:deal.rules.kitty])


def first_lead(rules: RuleSet, seed: int, rng: random.Random) -> Deal:
    """A seeded deal at its first lead after a random auction, so that any seat may be the declarer."""
    for attempt in range(ATTEMPTS):
        deal = Deal.random(rules, seed=derive_seed(seed, attempt), dealer=rng.randrange(4))
        random_auction(deal, rng)
        if deal.phase is not Phase.REDEAL:
            finish_setup(deal)
            return deal
    raise RuntimeError("no deal came to its first lead")  # pragma: no cover - never seen


def play_out(deal: Deal, rng: random.Random, tricks: int | None = None) -> None:
    """Random legal cards to the end of the deal, or until ``tricks`` tricks are complete."""
    while deal.phase is Phase.PLAY and (tricks is None or len(deal.tricks) < tricks):
        deal.play(rng.choice(deal.legal_plays()))


Wanted = Callable[[Deal], bool]


def find_deal(rules: RuleSet, seed: int, rng: random.Random, wanted: Wanted,
              stop: Wanted | None = None) -> Deal:
    """A copy of a seeded deal, played forward by legal cards, at a moment when you (seat 0) are to play
    your own cards and ``wanted`` holds. ``stop`` ends a deal early when no later moment can fit."""
    for attempt in range(ATTEMPTS):
        deal = drills.ready_to_play(rules, derive_seed(seed, attempt), rng)
        found: list[Deal] = []
        while deal.phase is Phase.PLAY and not (stop is not None and stop(deal)):
            if deal.to_move == 0 and deal.decider == 0 and wanted(deal):
                found.append(deal.copy())
            deal.play(rng.choice(deal.legal_plays()))
        if found:
            return rng.choice(found)
    raise RuntimeError("no deal produced a fitting position")  # pragma: no cover - never seen


PICK_ALL: Final = N_("Which cards may you play? Pick every one of them.")
"""A prompt's closing, in English: shown as ``_(PICK_ALL)``."""


def score_question(topic: str, rules: RuleSet, seed: int, deal: Deal, intro: str = "") -> drills.ScoreQuestion:
    """The points of a played-out deal, as the engine scores it (``Deal.scores()``)."""
    tricks, points = tuple(deal.tricks_won), tuple(deal.scores())
    won = ", ".join(f"{seat_name(s)} {t}" for s, t in enumerate(tricks))
    title = drills.rules_title(rules)
    ask = _("Enter every player's points for this deal under the {rules} rules.").format(rules=title)
    tricks_won = _("Tricks won: {won}.").format(won=won)
    lead = f"{intro} " if intro else ""
    if rules.announcements:
        announced = tuple(n or 0 for n in deal.announcements)
        calls = ", ".join(f"{seat_name(s)} {announced_number(n)}" for s, n in enumerate(announced))
        no_auction = _("There is no auction: every player announced how many tricks they would take "
                       "({calls}).").format(calls=calls)
        prompt = f"{lead}{trump_text(deal.trump)} {no_auction} {tricks_won} {ask}"
        return drills.ScoreQuestion(topic, seed, rules, prompt, None, None, tricks, points, announced)
    declarer, contract = deal.declarer, deal.contract
    assert declarer is not None and contract is not None
    sides = ""
    if rules.partnership:
        sides = " " + _("Partners sit opposite and count their tricks together: {side} against {others}.").format(
            side=side_name(rules, declarer), others=side_name(rules, (declarer + 1) % 4))
    won_auction = about(declarer, _("You won the auction with a bid of {n}."),
                        _("{name} won the auction with a bid of {n}."), n=contract)
    prompt = f"{lead}{won_auction} {trump_text(deal.trump)}{sides} {tricks_won} {ask}"
    return drills.ScoreQuestion(topic, seed, rules, prompt, declarer, contract, tricks, points)


def announced_number(n: int | None) -> str:
    """An announcement's number as a list shows it: 'none' for 0."""
    # Translators: a Koz Maça announcement of no tricks, in a list of calls ("Ayşe none, Mehmet 3").
    return pgettext("announcement", "none") if n == 0 else str(n)


def name_options(verdict: Callable[[int], str]) -> list[tuple[str, str]]:
    """The four players as choices, each with its verdict."""
    return [(seat_name(s), verdict(s)) for s in range(4)]


def number_options(numbers: Sequence[int], verdict: Callable[[int], str],
                   label: Callable[[int], str] = str) -> list[tuple[str, str]]:
    """Whole numbers as choices, lowest first (each written by ``label``), each with its verdict."""
    return [(label(n), verdict(n)) for n in sorted(set(numbers))]


# --- the auction's end ---------------------------------------------------------------------------


_TOPIC_AUCTION: Final = "auction-rules"


def _opening_calls(deal: Deal, rng: random.Random, calls: int, below: int) -> None:
    """A few calls that cannot end the auction: passes, or bids below ``below``."""
    for _i in range(calls):
        bids = [b for b in deal.legal_bids() if b < below]
        if deal.can_pass and (not bids or rng.random() < 0.5):
            deal.pass_bid()
        else:
            deal.bid(bids[min(len(bids) - 1, rng.randrange(2))])


def _after_auction(deal: Deal) -> str:
    """What the declarer does once the auction is won, as the engine goes on: trump, the kitty, the lead."""
    seat = deal.declarer or 0
    trial = deal.copy()
    names_trump = trial.phase is Phase.TRUMP
    if names_trump:
        trial.declare_trump(longest_suit(trial.hand_mask(seat)))
    k = trial.rules.kitty
    if trial.phase is Phase.BURY and names_trump:
        return about(seat, _("You are the declarer: You name trump, take the {k} face-down cards, bury {k} and "
                             "lead to the first trick."),
                     _("{name} is the declarer: {name} names trump, takes the {k} face-down cards, buries {k} and "
                       "leads to the first trick."), k=k)
    if trial.phase is Phase.BURY:
        return about(seat, _("You are the declarer: You take the {k} face-down cards, bury {k} and lead to the "
                             "first trick."),
                     _("{name} is the declarer: {name} takes the {k} face-down cards, buries {k} and leads to the "
                       "first trick."), k=k)
    if names_trump:
        return about(seat, _("You are the declarer: You name trump and lead to the first trick."),
                     _("{name} is the declarer: {name} names trump and leads to the first trick."))
    return about(seat, _("You are the declarer: You lead to the first trick."),
                 _("{name} is the declarer: {name} leads to the first trick."))


def _top_bid(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The highest bid ends the auction at once: the engine asks nobody else."""
    if not_asked(TOP_BID_KIND, rules):
        return _announcement_question(TOP_BID_KIND, rules, seed, rng)
    deal = Deal.random(rules, seed=seed, dealer=rng.randrange(4))
    top = rules.max_bid
    _opening_calls(deal, rng, rng.randrange(3), top - 1)
    before = deal.auction
    bidder = deal.to_move or 0
    deal.bid(top)
    over = about(bidder, _("The auction is over at once: You have won it."),
                 _("The auction is over at once: {name} has won it."))
    goes_on = _("The players who have not passed still get their calls.")
    thrown_in = _("The cards are thrown in and dealt again.")
    answer = over if deal.declarer == bidder else goes_on if deal.phase is Phase.AUCTION else thrown_in
    stopped = refusal(deal, lambda d: d.pass_bid())
    asked = seat_name(deal.to_move or 0)
    options = [(over, about(bidder, _("You have not won yet: the engine asks {asked} next."),
                            _("{name} has not won yet: the engine asks {asked} next."), asked=asked)),
               (goes_on, _("Nobody calls any more: {reason}").format(reason=stopped)),
               (thrown_in, about(bidder, _("The deal goes on: You are the declarer."),
                                 _("The deal goes on: {name} is the declarer.")))]
    title, call = drills.rules_title(rules), call_text(Bid(bidder, top))
    prompt = (_("Under the {rules} rules: the auction so far: {auction}. Now {call}. What happens next?").format(
        rules=title, auction=auction_text(before), call=call) if before else
        _("Under the {rules} rules: Now {call}. What happens next?").format(rules=title, call=call))
    why = _("{n} is the highest bid: nobody can bid more, so the auction ends at once, without waiting for the "
            "others to pass.").format(n=top) + " " + _after_auction(deal)
    return choice(_TOPIC_AUCTION, rules, seed, prompt, options, answer, HIGHEST_BID_ENDS, why)


def _turns_left(deal: Deal) -> list[int]:
    """The seats the engine still asks for a call if everyone passes from now on (on a copy)."""
    trial = deal.copy()
    asked = []
    while trial.phase is Phase.AUCTION:
        asked.append(trial.to_move or 0)
        if trial.can_pass:
            trial.pass_bid()
        else:
            trial.bid(trial.legal_bids()[0])
    return asked


def _pass_final(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """A player who passed wants to bid again: the engine never gives that player another call."""
    if not_asked(PASS_FINAL_KIND, rules):
        return _announcement_question(PASS_FINAL_KIND, rules, seed, rng)
    deal = Deal.random(rules, seed=seed, dealer=rng.randrange(4))
    if rng.random() < 0.5:
        deal.bid(deal.legal_bids()[0])
    passer = deal.to_move or 0
    deal.pass_bid()
    for _call in range(3):  # the others call once more (one of them may pass): the auction goes on past the passer
        passes = sum(b.bid is None for b in deal.auction)
        if passes < 2 and deal.high_bid is not None and rng.random() < 0.3:
            deal.pass_bid()
        else:
            deal.bid(deal.legal_bids()[0])
    called = _turns_left(deal)
    allowed = passer in called
    now = deal.to_move or 0
    high = deal.high_bid or 0
    yes = about(passer, _("Yes: You may bid again when the turn comes round."),
                _("Yes: {name} may bid again when the turn comes round."))
    no = about(passer, _("No: You passed and are out of this auction."),
               _("No: {name} passed and is out of this auction."))
    only_top = _("Only with a bid of {n}.").format(n=rules.max_bid)
    whose = possessive(now)
    skipped = about(passer, _("The engine skips you: it is {whose} turn now, and you get no call before the auction "
                              "ends."),
                    _("The engine skips {name}: it is {whose} turn now, and {name} gets no call before the auction "
                      "ends."), whose=whose)
    options = [(yes, skipped), (no, about(passer, _("The engine asks you again."), _("The engine asks {name} again."))),
               (only_top, skipped)]
    prompt = about(passer, _("Under the {rules} rules: the auction so far: {auction}. You would now like to bid {n}. "
                             "May you still bid in this auction?"),
                   _("Under the {rules} rules: the auction so far: {auction}. {name} would now like to bid {n}. "
                     "May {name} still bid in this auction?"),
                   rules=drills.rules_title(rules), auction=auction_text(deal.auction), n=min(high + 1, rules.max_bid))
    why = _("A pass is final: a player who passed is out of this auction, and the turn goes round the players "
            "still in it. It is {whose} turn now.").format(whose=whose)
    return choice(_TOPIC_AUCTION, rules, seed, prompt, options, yes if allowed else no, PASS_IS_FINAL, why)


def _auction_end(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """When does the auction end: once the other three have passed (tried on a copy)."""
    if not_asked(AUCTION_END_KIND, rules):
        return _announcement_question(AUCTION_END_KIND, rules, seed, rng)
    deal = Deal.random(rules, seed=seed, dealer=rng.randrange(4))
    if rng.random() < 0.4:
        deal.pass_bid()
    high = deal.to_move or 0
    deal.bid(deal.legal_bids()[rng.randrange(3)])
    _opening_calls(deal, rng, rng.randrange(2), 0)  # passes only: nobody bids over the high bidder
    if sum(b.bid is None for b in deal.auction) < 2 and rng.random() < 0.6:
        deal.pass_bid()
    caller = deal.to_move or 0
    trial = deal.copy()
    trial.pass_bid()
    contract = deal.high_bid
    over = about(high, _("The auction is over: You win it with {n}."),
                 _("The auction is over: {name} wins it with {n}."), n=contract)
    goes_on = _("The auction goes on: someone still has a call.")
    thrown_in = _("The cards are thrown in and dealt again.")
    passes = sum(b.bid is None for b in trial.auction)
    answer = (over if trial.declarer == high else goes_on if trial.phase is Phase.AUCTION else thrown_in)
    nxt = trial.to_move or 0
    options = [(over, about(nxt, ngettext("Only {n} player has passed: You still have a call.",
                                          "Only {n} players have passed: You still have a call.", passes),
                            ngettext("Only {n} player has passed: {name} still has a call.",
                                     "Only {n} players have passed: {name} still has a call.", passes), n=passes)),
               (goes_on, _("With your pass the other three have all passed: the engine ends the auction.")
                if caller == 0 else
                _("With {whose} pass the other three have all passed: the engine ends the auction.").format(
                    whose=possessive(caller))),
               (thrown_in, about(high, _("You bid, so there is a declarer: the cards are not thrown in."),
                                 _("{name} bid, so there is a declarer: the cards are not thrown in.")))]
    prompt = about(caller, _("Under the {rules} rules: the auction so far: {auction}. Now you pass too. What happens?"),
                   _("Under the {rules} rules: the auction so far: {auction}. Now {name} passes too. What happens?"),
                   rules=drills.rules_title(rules), auction=auction_text(deal.auction))
    result = (about(high, _("You win it with {n}."), _("{name} wins it with {n}."), n=contract) if answer == over
              else about(nxt, _("Not all three others have passed yet, so you call next."),
                         _("Not all three others have passed yet, so {name} calls next.")))
    why = _("The auction ends when the other three players have passed: the highest bidder wins it.") + " " + result
    return choice(_TOPIC_AUCTION, rules, seed, prompt, options, answer, AUCTION_END, why)


def _last_calls(deal: Deal) -> dict[int, int | None]:
    """Each seat's last call of the auction (a missing seat made none)."""
    return {call.seat: call.bid for call in deal.auction}


def _names_trump(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Who chooses trump: the declarer, the seat the engine asks in its trump phase."""
    if not_asked(NAMES_TRUMP_KIND, rules):
        return _announcement_question(NAMES_TRUMP_KIND, rules, seed, rng)
    for attempt in range(ATTEMPTS):
        deal = Deal.random(rules, seed=derive_seed(seed, attempt), dealer=rng.randrange(4))
        random_auction(deal, rng, rng.choice((0.5, 0.6, 0.95)))
        if deal.phase is Phase.TRUMP:
            break
    chooser, contract = deal.to_move or 0, deal.contract
    last = _last_calls(deal)

    def verdict(seat: int) -> str:
        if seat not in last:
            return about(seat, _("You made no call."), _("{name} made no call."))
        if last[seat] is None:
            return about(seat, _("You passed."), _("{name} passed."))
        return about(seat, _("You bid {n}, but the contract went higher."),
                     _("{name} bid {n}, but the contract went higher."), n=last[seat])

    if deal.high_bid is None:
        why = about(chooser, _("Nobody bid: {outcome} So you are the declarer, and the declarer names trump."),
                    _("Nobody bid: {outcome} So {name} is the declarer, and the declarer names trump."),
                    outcome=all_pass_outcome(rules).text)
    else:
        why = about(chooser, _("You won the auction with the highest bid, {n}: the winner of the auction is the "
                               "declarer, names trump and leads to the first trick."),
                    _("{name} won the auction with the highest bid, {n}: the winner of the auction is the declarer, "
                      "names trump and leads to the first trick."), n=contract)
    prompt = about(deal.dealer, _("Under the {rules} rules: You dealt. The auction: {auction}. Who chooses trump?"),
                   _("Under the {rules} rules: {name} dealt. The auction: {auction}. Who chooses trump?"),
                   rules=drills.rules_title(rules), auction=auction_text(deal.auction))
    return choice(_TOPIC_AUCTION, rules, seed, prompt, name_options(verdict), seat_name(chooser),
                  DECLARER_NAMES_TRUMP, why)


def _announcement_question(kind: str, rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The auction kinds where there is no auction (``not_asked``): the same question on the announcements."""
    reason = not_asked(kind, rules)
    title = drills.rules_title(rules)
    deal = Deal.random(rules, seed=seed, dealer=rng.randrange(4))
    if kind == NAMES_TRUMP_KIND:
        while deal.phase is Phase.AUCTION:
            announce(deal, rng)
        trump = deal.trump
        assert trump is not None
        nobody = _("Nobody: {suit} {symbol} are always trump.").format(suit=trump.word(), symbol=trump.symbol)
        options = [*name_options(lambda s: about(s, _("You only announced a number: in {rules} nobody chooses trump."),
                                                 _("{name} only announced a number: in {rules} nobody chooses trump."),
                                                 rules=title)), (nobody, "")]
        why = f"{reason} {not_asked(TIMEOUT_TRUMP_KIND, rules)}"
        prompt = _("Under the {rules} rules: everyone has announced ({auction}). Who chooses trump?").format(
            rules=title, auction=auction_text(deal.auction, True))
        return choice(_TOPIC_AUCTION, rules, seed, prompt, options, nobody, FIXED_TRUMP, why)
    for _call in range(3 if kind == AUCTION_END_KIND else rng.randrange(3)):
        announce(deal, rng)
    mover = deal.to_move or 0
    said = (_("So far: {auction}.").format(auction=auction_text(deal.auction, True)) if deal.auction
            else _("Nobody has announced yet."))
    if kind == PASS_FINAL_KIND:
        refused = refusal(deal, lambda d: d.pass_bid())
        yes = about(mover, _("Yes: You may pass."), _("Yes: {name} may pass."))
        no = about(mover, _("No: You must announce a number."), _("No: {name} must announce a number."))
        ask = (_("It is your turn. You would rather not say a number. May you pass?") if mover == 0 else
               _("It is {whose} turn. {name} would rather not say a number. May {name} pass?").format(
                   whose=possessive(mover), name=seat_name(mover)))
        prompt = f"{under(rules)} {said} {ask}"
        return choice(_TOPIC_AUCTION, rules, seed, prompt, [(yes, refused), (no, "")], no if refused else yes,
                      MUST_ANNOUNCE, f"{reason} {refused}")
    number = deal.legal_bids()[-1] if kind == TOP_BID_KIND else deal.legal_bids()[rng.randrange(4)]
    deal.bid(number)
    goes_on = _("The next player still announces.")
    begins = _("The announcements are over and the play begins.")
    leader = deal.to_move or 0
    options = [(goes_on, about(leader, _("All four have announced: the engine starts the play, and you lead."),
                               _("All four have announced: the engine starts the play, and {name} leads."))),
               (begins, about(leader, _("Not everyone has announced yet: the engine asks you next."),
                              _("Not everyone has announced yet: the engine asks {name} next.")))]
    answer = goes_on if deal.phase is Phase.AUCTION else begins
    if kind == AUCTION_END_KIND:
        options.append((_("Everyone announces once more, higher than before."),
                        about(leader, _("Each player announces once: after the fourth, You lead."),
                              _("Each player announces once: after the fourth, {name} leads."))))
    now = _("Now {call}. What happens next?").format(call=call_text(Bid(mover, number), True))
    prompt = f"{under(rules)} {said} {now}"
    result = (about(leader, _("You announce next."), _("{name} announces next.")) if answer == goes_on
              else about(leader, _("The play begins: You, the player after the dealer, lead."),
                         _("The play begins: {name}, the player after the dealer, leads.")))
    why = (f"{reason} " + _("Each player announces once, in turn, whatever the others said; after the fourth "
                            "announcement the play begins.") + f" {result}")
    return choice(_TOPIC_AUCTION, rules, seed, prompt, options, answer, ANNOUNCE_ONCE, why)


# --- leads ------------------------------------------------------------------------------------------


_TOPIC_LEADS: Final = "leads"


def _role(seat: int, you: str, other: str, **fields: object) -> str:
    """One thing a player did, as a predicate for ``_roles`` ("dealt the cards"): the learner's form or
    another player's (the verb agrees with "You" or with a name)."""
    return (you if seat == 0 else other).format(**fields)


def _roles(deal: Deal) -> dict[int, str]:
    """What each seat did before the first lead: dealt, called first, won the auction, lies open."""
    roles: dict[int, list[str]] = {s: [] for s in range(4)}
    # Translators: "role, you" and "role, other player" are predicates joined into one sentence about a
    # player: "Ayşe dealt the cards and made the first call." The first go with "You", the others with a name.
    roles[deal.dealer].append(_role(deal.dealer, pgettext("role, you", "dealt the cards"),
                                    pgettext("role, other player", "dealt the cards")))
    first = (deal.dealer + 1) % 4
    if deal.rules.announcements:
        roles[first].append(_role(first, pgettext("role, you", "announced first"),
                                  pgettext("role, other player", "announced first")))
    else:
        roles[first].append(_role(first, pgettext("role, you", "made the first call"),
                                  pgettext("role, other player", "made the first call")))
    for seat, call in _last_calls(deal).items():
        if seat == deal.declarer:
            roles[seat].append(_role(seat, pgettext("role, you", "won the auction with {n}"),
                                     pgettext("role, other player", "won the auction with {n}"), n=deal.contract))
        elif deal.rules.announcements and call == 0:
            roles[seat].append(_role(seat, pgettext("role, you", "announced none"),
                                     pgettext("role, other player", "announced none")))
        elif deal.rules.announcements:
            roles[seat].append(_role(seat, pgettext("role, you", "announced {n}"),
                                     pgettext("role, other player", "announced {n}"), n=call))
        elif call is None:
            roles[seat].append(_role(seat, pgettext("role, you", "passed"), pgettext("role, other player", "passed")))
        else:
            roles[seat].append(_role(seat, pgettext("role, you", "bid {n}, but the auction went higher"),
                                     pgettext("role, other player", "bid {n}, but the auction went higher"), n=call))
    if deal.dummy is not None:
        roles[deal.dummy].append(_role(deal.dummy, pgettext("role, you", "are the dummy, whose hand lies open"),
                                       pgettext("role, other player", "is the dummy, whose hand lies open")))
    return {s: _joined(r) if r else _role(s, pgettext("role, you", "made no call"),
                                          pgettext("role, other player", "made no call"))
            for s, r in roles.items()}


def _joined(predicates: list[str]) -> str:
    """'dealt the cards and made the first call': a player's predicates, each joined by the language's "and"."""
    text = predicates[0]
    for predicate in predicates[1:]:
        # Translators: two things one player did: "dealt the cards and made the first call".
        text = pgettext("roles", "{first} and {last}").format(first=text, last=predicate)
    return text


def _first_lead(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Who leads the first trick of a replayed deal: the declarer; in Koz Maça the player after the dealer."""
    deal = first_lead(rules, seed, rng)
    leader = deal.to_move or 0
    roles = _roles(deal)
    if rules.announcements:
        said = _("Everyone announced: {auction}.").format(auction=auction_text(deal.auction, True))
    elif deal.buried:
        said = _("The auction: {auction}. Trump is named and {k} cards are buried.").format(
            auction=auction_text(deal.auction), k=deal.rules.kitty)
    else:
        said = _("The auction: {auction}. Trump is named.").format(auction=auction_text(deal.auction))
    prompt = about(deal.dealer, _("Under the {rules} rules: You dealt. {said} Who leads to the first trick?"),
                   _("Under the {rules} rules: {name} dealt. {said} Who leads to the first trick?"),
                   rules=drills.rules_title(rules), said=said)
    if deal.declarer is not None and leader == deal.declarer:
        why = about(leader, _("You won the auction with {n}, so you are the declarer: the declarer leads to the "
                              "first trick."),
                    _("{name} won the auction with {n}, so {name} is the declarer: the declarer leads to the first "
                      "trick."), n=deal.contract)
        if deal.dummy is not None:
            why += " " + _("{whose} hand lies open as the dummy, and the declarer plays it too, but the lead is from "
                           "the declarer's own hand.").format(whose=upper_first(possessive(deal.dummy)))
    else:
        why = f"{not_asked(TOP_BID_KIND, rules)} " + about(
            leader, _("So there is no declarer: you are the player after the dealer, and you lead to the first trick."),
            _("So there is no declarer: the player after the dealer, {name}, leads to the first trick."))
    # Translators: a player and what the player did: "Ayşe dealt the cards and made the first call."
    options = name_options(lambda s: pgettext("roles", "{name} {did}.").format(name=seat_name(s), did=roles[s]))
    return choice(_TOPIC_LEADS, rules, seed, prompt, options, seat_name(leader), FIRST_LEAD, why)


def _next_lead(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Who leads the next trick: the winner of the last one, on a deal played forward."""
    deal = drills.ready_to_play(rules, seed, rng)
    play_out(deal, rng, rng.randrange(1, rules.tricks_per_deal - 1))
    last: Trick = deal.tricks[-1]
    leader = deal.to_move or 0
    won = drills.TrickWinnerQuestion(_TOPIC_LEADS, seed, rules, "", last.leader, last.cards, deal.trump)

    def verdict(seat: int) -> str:
        card = last.cards[(seat - last.leader) % 4]
        if seat == last.leader:
            return about(seat, _("You led this trick, but the next lead belongs to its winner."),
                         _("{name} led this trick, but the next lead belongs to its winner."))
        if seat == 0:
            return _("Your {card} did not win the trick.").format(card=card.label)
        return _("{whose} {card} did not win the trick.").format(whose=upper_first(possessive(seat)), card=card.label)

    why = f"{won.explanation} " + about(leader, _("So you won the trick, and the winner of a trick leads to the next."),
                                        _("So {name} won the trick, and the winner of a trick leads to the next."))
    if deal.decider != leader:
        why += " " + about(deal.decider or 0, _("{whose} hand is the open dummy: You choose the card it leads."),
                           _("{whose} hand is the open dummy: {name} chooses the card it leads."),
                           whose=upper_first(possessive(leader)))
    prompt = _("Under the {rules} rules: {trump} The last trick: {trick}. Who leads to the next trick?").format(
        rules=drills.rules_title(rules), trump=trump_text(deal.trump), trick=trick_text(last.leader, last.cards))
    return choice(_TOPIC_LEADS, rules, seed, prompt, name_options(verdict), seat_name(leader), WINNER_LEADS, why)


# --- the game: its length, its end, the next dealer ---------------------------------------------------


_TOPIC_GAME: Final = "game-end"


def game_length(rules: RuleSet) -> str:
    """How long a game lasts, in the options table's words."""
    detail = "deals" if rules.game_end is GameEnd.FIXED_DEALS else "target"
    return f"{OPTIONS_BY_NAME['game_end'].text(rules)} {OPTIONS_BY_NAME[detail].text(rules)}"


def _game_length(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    own = game_length(rules)
    books: dict[str, list[str]] = {}
    for book in PRESETS.values():
        books.setdefault(game_length(book), []).append(book.name)
    texts = [own, *(t for t in books if t != own)]
    rng.shuffle(texts)
    options = [(t, _("That is how the {rules} rules play it.").format(rules=and_list(books.get(t, []))))
               for t in texts]
    why = f"{under(rules)} {own} {OPTIONS_BY_NAME['tie_rule'].text(rules)}"
    return choice(_TOPIC_GAME, rules, seed,
                  _("How long does a game last under the {rules} rules?").format(rules=drills.rules_title(rules)),
                  options, own, GAME_LENGTH, why)


def and_list(items: Sequence[str]) -> str:
    """'A and B and C': every item joined by the language's "and" (as a list of rule books reads)."""
    text = ""
    for item in items:
        text = pgettext("list", "{first} and {last}").format(first=text, last=item) if text else item
    return text


def deal_scores(rules: RuleSet, rng: random.Random) -> list[int]:
    """One plausible deal's points, scored by the engine: the declaring side takes about its bid."""
    n = rules.tricks_per_deal
    tricks = [0, 0, 0, 0]
    if rules.announcements:
        announced = [rng.randint(rules.announce_min, 4) for _i in range(4)]
        for _i in range(n):
            tricks[rng.randrange(4)] += 1
        return score_announcements(rules, announced, tricks)
    declarer = rng.randrange(4)
    bid = rng.randint(rules.min_bid, min(rules.max_bid, rules.min_bid + 2))
    side = side_seats(rules, declarer)
    others = [s for s in range(4) if s not in side]
    take = max(0, min(n, bid + rng.randint(-2, 2)))
    for _i in range(take):
        tricks[rng.choice(side)] += 1
    for _i in range(n - take):
        tricks[rng.choice(others)] += 1
    return score_deal(rules, declarer, bid, tricks)


def firsts(rules: RuleSet, totals: Sequence[int]) -> list[int]:
    """The sides in first place, each named by its lowest seat (partners share a total)."""
    return sorted({min(side_seats(rules, s)) for s in leaders(list(totals))})


def sides_text(rules: RuleSet, sides: Sequence[int]) -> str:
    """'Ayşe and Mehmet', or with partners 'both sides'."""
    if rules.partnership and len(sides) == 2:
        return _("both sides")
    return and_list([side_name(rules, s) for s in sides])

def totals_text(rules: RuleSet, totals: Sequence[int]) -> str:
    shown = sorted({min(side_seats(rules, s)) for s in range(4)})
    return ", ".join(f"{side_name(rules, s)} {totals[s]}" for s in shown)


def _tie(rules: RuleSet, totals: list[int]) -> list[int]:
    """The totals with the best two sides level at the top."""
    sides = sorted({min(side_seats(rules, s)) for s in range(4)}, key=lambda s: -totals[s])
    best, second = sides[0], sides[1]
    tied = list(totals)
    for seat in side_seats(rules, second):
        tied[seat] = totals[best]
    return tied


@dataclass(frozen=True)
class GameMoment:
    """A game after some deals: the totals, how many deals were played, and whether it is over."""

    rules: RuleSet
    totals: tuple[int, ...]
    deals: int

    @property
    def over(self) -> bool:
        return game_over(self.rules, list(self.totals), self.deals)

    @property
    def reached(self) -> bool:
        if self.rules.game_end is GameEnd.FIXED_DEALS:
            return self.deals >= self.rules.deals
        return max(self.totals) >= self.rules.target

    def reason(self) -> str:
        """Why the game is over or goes on, in the words of its rules."""
        r, top = self.rules, firsts(self.rules, self.totals)
        fixed = r.game_end is GameEnd.FIXED_DEALS
        if not self.reached:
            return (_("Only {n} of the {total} deals are played.").format(n=self.deals, total=r.deals) if fixed
                    else _("Nobody has reached the target of {target} yet.").format(target=r.target))
        if len(top) == 1:
            side = top[0]
            if fixed:
                alone = (_("The game is over: all {n} deals are played, and {side} lead alone.") if r.partnership else
                         _("The game is over: all {n} deals are played, and you lead alone.") if side == 0 else
                         _("The game is over: all {n} deals are played, and {side} leads alone."))
            else:
                alone = (_("The game is over: {target} or more is reached, and {side} lead alone.") if r.partnership
                         else _("The game is over: {target} or more is reached, and you lead alone.") if side == 0
                         else _("The game is over: {target} or more is reached, and {side} leads alone."))
            return alone.format(n=r.deals, target=r.target, side=side_name(r, side))
        tied, tie_rule = sides_text(r, top), OPTIONS_BY_NAME['tie_rule'].text(r)
        if self.over:
            over = (_("The game is over: all {n} deals are played. {tied} are tied for first: {tie_rule}") if fixed
                    else _("The game is over: {target} or more is reached. {tied} are tied for first: {tie_rule}"))
            return over.format(n=r.deals, target=r.target, tied=upper_first(tied), tie_rule=tie_rule)
        on = (_("All {n} deals are played, but {tied} are tied for first: {tie_rule}") if fixed
              else _("{target} or more is reached, but {tied} are tied for first: {tie_rule}"))
        return on.format(n=r.deals, target=r.target, tied=tied, tie_rule=tie_rule)

    def prompt(self) -> str:
        return ngettext("Under the {rules} rules: after {n} deal the totals are: {totals}.",
                        "Under the {rules} rules: after {n} deals the totals are: {totals}.", self.deals).format(
            rules=drills.rules_title(self.rules), n=self.deals, totals=totals_text(self.rules, self.totals))

def game_moment(rules: RuleSet, rng: random.Random, reached: bool, tie: bool) -> GameMoment:
    """A game's totals after plausible deals (scored by the engine): at its length or target, or one deal
    before it; with the best two level at the top when ``tie``."""
    totals = [0, 0, 0, 0]
    history = [list(totals)]
    fixed = rules.game_end is GameEnd.FIXED_DEALS
    while (len(history) - 1 < rules.deals) if fixed else (max(totals) < rules.target and len(history) < 400):
        totals = [t + s for t, s in zip(totals, deal_scores(rules, rng), strict=True)]
        history.append(list(totals))
    deals = len(history) - 1 if reached else max(1, len(history) - 2)
    chosen = history[deals]
    if fixed and not reached and deals >= rules.deals:  # a one-deal game: nothing is "before" it
        deals, chosen = 0, history[0]
    if not fixed and reached and max(chosen) < rules.target:  # never reached in 400 deals: lift the leader
        best = max(range(4), key=lambda s: chosen[s])
        for seat in side_seats(rules, best):
            chosen[seat] = rules.target
    return GameMoment(rules, tuple(_tie(rules, chosen) if tie else chosen), deals)


_OVER: Final = N_("Yes: the game is over.")
_ON: Final = N_("No: another deal is played.")


def _game_over(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Is the game over after these totals (``game.game_over``)?"""
    moment = game_moment(rules, rng, rng.random() < 0.6, rng.random() < 0.35)
    reason = moment.reason()
    over, on = _(_OVER), _(_ON)
    options = [(over, _("Not yet.")), (on, _("No more deals are played."))]
    prompt = f"{moment.prompt()} " + _("Is the game over?")
    return choice(_TOPIC_GAME, rules, seed, prompt, options, over if moment.over else on, GAME_OVER, reason)

def _winner(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """At the end of the game's length: who wins, or how a tie for first is settled (``tie_rule``)."""
    moment = game_moment(rules, rng, True, rng.random() < 0.65)
    top = firsts(rules, moment.totals)
    sides = sorted({min(side_seats(rules, s)) for s in range(4)}, key=lambda s: (-moment.totals[s], s))
    tie_text = OPTIONS_BY_NAME["tie_rule"].text(rules)
    another = _("Another deal is played to break the tie.")
    pair = sides[:2] if len(top) == 1 else top
    share = _("{sides} share first place.").format(sides=upper_first(sides_text(rules, pair)))
    title = drills.rules_title(rules)

    def wins(side: int) -> str:
        text = (_("{side} win the game.") if rules.partnership else _("You win the game.") if side == 0
                else _("{side} wins the game."))
        return text.format(side=side_name(rules, side))

    def not_alone(side: int) -> str:
        if side not in top:
            return _("{n} is less than {m}.").format(n=moment.totals[side], m=moment.totals[top[0]])
        others = and_list([side_name(rules, t) for t in top if t != side])
        text = (_("{side} are tied with {others}.") if rules.partnership else _("You are tied with {others}.")
                if side == 0 else _("{side} is tied with {others}."))
        return text.format(side=side_name(rules, side), others=others)

    tied = len(top) > 1
    options = [(wins(s), not_alone(s)) for s in sides[:3]]
    options.append((share, _("Under the {rules} rules a tie is not shared: {tie_rule}").format(
        rules=title, tie_rule=tie_text) if tied else _("They are not tied: the higher total wins.")))
    options.append((another, _("The {rules} rules play no deal to break the tie: {tie_rule}").format(
        rules=title, tie_rule=tie_text) if tied else _("Nobody is tied for first.")))
    if not moment.over:
        answer = another
    else:
        answer = wins(top[0]) if len(top) == 1 else share
    totals = totals_text(rules, moment.totals)
    prompt = (_("Under the {rules} rules: all {n} deals are played. The totals: {totals}. What now?")
              if rules.game_end is GameEnd.FIXED_DEALS else
              _("Under the {rules} rules: after this deal someone has reached the target of {target}. The totals: "
                "{totals}. What now?")).format(rules=title, n=rules.deals, target=rules.target, totals=totals)
    return choice(_TOPIC_GAME, rules, seed, prompt, options, answer, TIE_RULE, moment.reason())


def _next_dealer(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Who deals next (``Game.next_deal``): the next player in the direction of play, or the same dealer
    again after a thrown-in deal."""
    redeals = rules.all_pass is AllPass.REDEAL and not rules.announcements
    for attempt in range(ATTEMPTS):
        game = Game(rules, seed=derive_seed(seed, attempt), first_dealer=rng.randrange(4))
        deal = game.deal
        random_auction(deal, rng, 0.85 if redeals and rng.random() < 0.5 else 0.5)
        if deal.phase is not Phase.REDEAL:
            finish_setup(deal)
            play_out(deal, rng)
        if not game.is_over:
            break
    dealer = deal.dealer
    thrown_in = deal.phase is Phase.REDEAL
    following = game.next_deal().dealer
    after = (dealer + 1) % 4
    title = drills.rules_title(rules)
    if thrown_in:
        happened = _("Everyone passed, and under the {rules} rules the cards are thrown in.").format(rules=title)
        why = about(dealer, _("The cards were thrown in, so the deal was not played: you dealt, and you deal again."),
                    _("The cards were thrown in, so the deal was not played: the same dealer, {name}, deals again."))
    elif rules.direction is Direction.COUNTERCLOCKWISE:
        happened = _("The deal was played to the end.")
        why = about(following, _("After every deal the next player deals, in the direction of play "
                                 "(counterclockwise): You sit on {whose} right."),
                    _("After every deal the next player deals, in the direction of play (counterclockwise): {name} "
                      "sits on {whose} right."), whose=possessive(dealer))
    else:
        happened = _("The deal was played to the end.")
        why = about(following, _("After every deal the next player deals, in the direction of play (clockwise): "
                                 "You sit on {whose} left."),
                    _("After every deal the next player deals, in the direction of play (clockwise): {name} sits on "
                      "{whose} left."), whose=possessive(dealer))

    def verdict(seat: int) -> str:
        if seat == dealer:
            return about(dealer, _("You dealt this deal: after a played deal the next player deals."),
                         _("{name} dealt this deal: after a played deal the next player deals."))
        if seat == after:
            return _("That is who deals after a played deal; a thrown-in deal is dealt again by the same dealer.")
        if dealer == 0:
            return _("{name} does not sit next to you in the direction of play.").format(name=seat_name(seat))
        return about(seat, _("You do not sit next to {dealer} in the direction of play."),
                     _("{name} does not sit next to {dealer} in the direction of play."), dealer=seat_name(dealer))

    prompt = about(dealer, _("Under the {rules} rules: You dealt. {happened} Who deals the next deal?"),
                   _("Under the {rules} rules: {name} dealt. {happened} Who deals the next deal?"),
                   rules=title, happened=happened)
    return choice(_TOPIC_GAME, rules, seed, prompt, name_options(verdict), seat_name(following),
                  REDEAL_SAME_DEALER if thrown_in else DEALER_ROTATES, why)


# --- the move clock ---------------------------------------------------------------------------


_TOPIC_CLOCK: Final = "move-clock"


def clocked(rules: RuleSet) -> tuple[RuleSet, str]:
    """The rules with a move clock, and the prompt's opening: under rules without a clock, the clock
    of the source that has one is switched on as a table setting."""
    if rules.move_seconds:
        return rules, under(rules)
    source = next(p for p in PRESETS.values() if p.move_seconds)
    timed = rules.replace(move_seconds=source.move_seconds, extra_seconds=source.extra_seconds)
    return timed, _("The {rules} rules have no move clock; this table has switched on the {source} clock as a table "
                    "setting.").format(rules=drills.rules_title(rules), source=source.name)


def _time_runs_out(rules: RuleSet, seat: int) -> str:
    """'Your time runs out (the extra time included). What does the table do for you?'"""
    if rules.extra_seconds:
        return about(seat, _("Your time runs out (the extra time included). What does the table do for you?"),
                     _("{whose} time runs out (the extra time included). What does the table do for {name}?"),
                     whose=upper_first(possessive(seat)))
    return about(seat, _("Your time runs out. What does the table do for you?"),
                 _("{whose} time runs out. What does the table do for {name}?"), whose=upper_first(possessive(seat)))


def _timeout_call(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The clock runs out in the auction: ``Deal.timeout_action`` passes (or makes the lowest call
    where passing is not allowed)."""
    timed, note = clocked(rules)
    deal = Deal.random(timed, seed=seed, dealer=rng.randrange(4))
    if timed.announcements:
        for _call in range(rng.randrange(4)):
            announce(deal, rng)
    elif timed.all_pass is AllPass.DEALER_MUST_BID and rng.random() < 0.35:
        for _call in range(3):
            deal.pass_bid()
    else:
        _opening_calls(deal, rng, rng.randrange(3), timed.max_bid - 1)
    mover = deal.to_move or 0
    action = deal.timeout_action()
    bids = deal.legal_bids()
    announcing = timed.announcements
    candidates = [PASS, Action.bid(bids[0]), Action.bid(bids[min(len(bids) - 1, 2)]), Action.bid(bids[-1])]

    def verdict(a: Action) -> str:
        if a == PASS:
            return refusal(deal, lambda d: d.pass_bid())
        if action == PASS:
            return about(mover, _("You may pass, and the clock never bids for a player: it passes."),
                         _("{name} may pass, and the clock never bids for a player: it passes."))
        return about(mover, _("The clock makes the lowest call you may make: {action}."),
                     _("The clock makes the lowest call {name} may make: {action}."),
                     action=action.text(announcing=announcing))

    options = [(upper_first(a.text(announcing=announcing)), verdict(a)) for a in candidates]
    said = (_("So far: {auction}.").format(auction=auction_text(deal.auction, announcing)) if deal.auction
            else _("Nobody has called yet."))
    prompt = f"{note} {said} {_time_runs_out(timed, mover)}"
    why = f"{OPTIONS_BY_NAME['move_seconds'].text(timed)} " + about(
        mover, _("Here the table makes you {action}."), _("Here the table makes {name} {action}."),
        action=action.text(announcing=announcing))
    if action != PASS and not announcing:
        why += f" {refusal(deal, lambda d: d.pass_bid())}"
    return choice(_TOPIC_CLOCK, timed, seed, prompt, options, upper_first(action.text(announcing=announcing)),
                  TIMEOUT_CALL, why)


def _length_verdict(mask: int, suit: Suit, best: Suit) -> str:
    """Why the clock does not make ``suit`` trump: ``cards.longest_suit`` takes ``best``."""
    mine, theirs = suit_length(mask, suit), suit_length(mask, best)
    if mine == theirs:
        # Translators: {chosen} and {best} are suits' plural names ("hearts").
        return _("Your {chosen} are as long as your {best}, but the {best} are stronger: between suits of the same "
                 "length the clock takes the stronger one.").format(chosen=suit.word(), best=best.word())
    return _("You hold {mine} but {theirs}.").format(mine=suit.count(mine), theirs=best.count(theirs))

def _timeout_trump(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The clock runs out while the declarer chooses trump: the longest suit (``Deal.timeout_action``)."""
    if not_asked(TIMEOUT_TRUMP_KIND, rules):
        return _timeout_card(rules, seed, rng)
    timed, note = clocked(rules)
    deal = Deal.random(timed, seed=seed, dealer=rng.randrange(4))
    while deal.phase is Phase.AUCTION:  # you bid at your first call, the others pass
        if deal.to_move == 0 and deal.high_bid is None:
            bids = deal.legal_bids()
            deal.bid(bids[min(len(bids) - 1, rng.randrange(3))])
        else:
            deal.pass_bid()
    action = deal.timeout_action()
    assert action.suit is not None
    hand = deal.hand(0)
    mask = mask_of(hand)
    options = [(f"{s.symbol} {s.word()}", _length_verdict(mask, s, action.suit)) for s in Suit]
    ask = (_("You won the auction with {n}, and your time runs out (the extra time included) while you choose trump. "
             "Your hand is shown. Which suit does the table make trump?") if timed.extra_seconds else
           _("You won the auction with {n}, and your time runs out while you choose trump. Your hand is shown. Which "
             "suit does the table make trump?")).format(n=deal.contract)
    prompt = f"{note} {ask}"
    lengths = ", ".join(s.count(n) for s in Suit if (n := suit_length(mask, s)))
    why = _("When time runs out in the choice of trump, the longest suit becomes trump (between suits of the same "
            "length, the stronger). You hold {lengths}: {suit} {symbol}.").format(
        lengths=lengths, suit=action.suit.word(), symbol=action.suit.symbol)
    return choice(_TOPIC_CLOCK, timed, seed, prompt, options, f"{action.suit.symbol} {action.suit.word()}",
                  TIMEOUT_TRUMP, why, sorted_hand(hand))


def _lowest_is_clear(deal: Deal) -> bool:
    """One card you may play is lower than all the others, and the choice is not a plain one: three cards
    or more may be played, or a lower card of your hand may not."""
    legal = deal.legal_plays()
    ranks = sorted(c.rank for c in legal)
    if len(ranks) < 2 or ranks[0] == ranks[1]:
        return False
    return len(ranks) >= 3 or any(c.rank < ranks[0] for c in deal.hand(0) if c not in legal)


def _timeout_card(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The clock runs out in the play: the lowest legal card (``Deal.timeout_action``)."""
    timed, note = clocked(rules)
    deal = find_deal(timed, seed, rng, _lowest_is_clear)
    card = deal.timeout_action().card
    hand, legal = deal.hand(0), deal.legal_plays()
    illegal = [c for c in hand if c not in legal]
    picks = {card, max(legal, key=lambda c: (c.rank, c.suit)), rng.choice(legal)}
    if illegal:
        picks.add(min(illegal, key=lambda c: (c.rank, c.suit)))

    def verdict(c: Card) -> str:
        if c not in legal:
            return deal.explain(c).reason
        return _("{card} may be played, but {lowest} is lower: the clock plays the lowest card you may play.").format(
            card=c.label, lowest=card.label)

    options = [(c.label, verdict(c)) for c in sorted_hand(picks)]
    position = Position.from_deal(deal)
    ask = (_("Your time runs out (the extra time included). Your hand is shown. Which card does the table play for "
             "you?") if timed.extra_seconds else
           _("Your time runs out. Your hand is shown. Which card does the table play for you?"))
    prompt = f"{note} {situation(position, timed)} {ask}"
    lower = [c for c in illegal if c.rank < card.rank]
    why = _("When time runs out in the play, the table plays the lowest card you may play: {card}.").format(
        card=card.label)
    if lower:
        why += " " + _("Your {card} is lower, but you may not play it.").format(
            card=min(lower, key=lambda c: c.rank).label)
    return choice(_TOPIC_CLOCK, timed, seed, prompt, options, card.label, TIMEOUT_CARD, why, sorted_hand(hand))


def _seconds(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """How long a move may take: its own time, and with the extra time once."""
    timed, note = clocked(rules)
    own, extra = timed.move_seconds, timed.extra_seconds
    whole = rng.random() < 0.6 and extra > 0
    answer = own + extra if whole else own

    def verdict(n: int) -> str:
        if n == own:
            return _("{own} seconds is the move's own time; when it runs out, {extra} seconds extra follow, "
                     "once.").format(own=own, extra=extra)
        if n == own + extra:
            return _("The extra {extra} seconds come only after the move's own {own} seconds have run out.").format(
                own=own, extra=extra)
        if n == own + 2 * extra:
            return _("The extra time is given once, not twice.")
        return _("A move has {own} seconds, and once {extra} seconds extra.").format(own=own, extra=extra)

    def seconds(n: int) -> str:
        return ngettext("{n} second", "{n} seconds", n).format(n=n)

    numbers = [own, own + extra, own + 2 * extra, own // 2]
    ask = (_("At most how many seconds may one move take, the extra time included?") if whole
           else _("How many seconds does a player have for a move before any extra time?"))
    prompt = f"{note} {ask}"
    why = f"{OPTIONS_BY_NAME['move_seconds'].text(timed)} {OPTIONS_BY_NAME['extra_seconds'].text(timed)}"
    return choice(_TOPIC_CLOCK, timed, seed, prompt, number_options(numbers, verdict, seconds),
                  seconds(answer), MOVE_CLOCK, why)


# --- house rules ------------------------------------------------------------------------------


_TOPIC_HOUSE: Final = "house-rules"


def kebab(option: str) -> str:
    return option.replace("_", "-")


@dataclass(frozen=True)
class HouseSetting:
    """A house rule ready to ask: the rules with it and without it, and the prompt's opening that says
    which house rule is played and under which rules."""

    option: str
    value: Any
    source: str  # the rule book that names it
    with_rule: RuleSet
    without: RuleSet
    intro: str

    def rules(self, on: bool) -> RuleSet:
        return self.with_rule if on else self.without

    @property
    def rule(self) -> str:
        return kebab(self.option)

    def compare(self, on: bool, mine: str, other: str, detail: str = "") -> str:
        """What the house rule changes: the answer with the option switched (and why, in ``detail``)."""
        if mine == other:
            said = (_("Without the house rule the answer would be the same.") if on
                    else _("With the house rule the answer would be the same."))
        else:
            said = (_("Without the house rule the answer would be: {answer}.") if on
                    else _("With the house rule the answer would be: {answer}.")).format(answer=other.rstrip("."))
        return f"{said} {detail}" if detail else said

@dataclass(frozen=True)
class _HouseRule:
    """How a house rule is asked: what the rules need for it to matter (said in the prompt when the
    learner's rules lack it) and the question, on the rules with or without it."""

    needs: str  # English, marked for the catalog: shown as _(needs)
    fits: Callable[[RuleSet], bool]
    ask: Callable[[HouseSetting, bool, int, random.Random], drills.Question]


def house_value(option: str) -> tuple[Any, str]:
    """The option's house value and the rule book that names it (the first word of ``Option.house``)."""
    ((value, named),) = OPTIONS_BY_NAME[option].house.items()
    source = named.split()[0].rstrip(",")
    if source not in PRESETS:
        raise ValueError(f"the house rule {option} is named by {source!r}, which is not a preset")
    return value, named


def house_setting(option: str, rules: RuleSet) -> HouseSetting:
    """The house rule of ``option`` switched on: under ``rules`` where it fits and changes something;
    else under the rule book that names it (its variant of the same form, İhaleli, or another form)."""
    o, spec = OPTIONS_BY_NAME[option], HOUSE_RULES[option]
    value, named = house_value(option)
    source = named.split()[0].rstrip(",")
    off = o.presets[source] if o.presets[source] != value else not value

    def pair(base: RuleSet) -> tuple[RuleSet, RuleSet] | None:
        own = getattr(base, option)
        if not spec.fits(base) or (own == value and base.name != source) or own not in (value, off):
            return None
        try:
            return base.replace(**{option: value}), base if own == off else base.replace(**{option: off})
        except ValueError:
            return None

    candidates = [rules, *(preset(source, v) for v in (rules.variant, *variants_of(source))
                          if v in variants_of(source))]
    base, found = next((b, p) for b in candidates if (p := pair(b)) is not None)
    with use_locale("en"):
        switched_on = o.text(found[0]).endswith(": yes.")  # a rule switched on: named by its title
    # Translators: a house rule's title in quotes, as a sentence ("“Every trick counts”.").
    shown = _("“{title}”.").format(title=_(o.title)) if switched_on else o.text(found[0])
    title = drills.rules_title(found[0])
    form = drills.rules_title(preset(source, found[0].variant)) if found[0].variant in variants_of(source) else ""
    book = form if form and form in named else source  # "classic Koz Maça" where the house text names the form
    intro = (_("A table setting from the {book} rules is played at this table: {rule}") if "table setting" in named
             else _("A house rule from the {book} rules is played at this table: {rule}")).format(book=book, rule=shown)
    if base is rules:
        intro += " " + _("The table plays the {rules} rules with it.").format(rules=title)
    else:
        mine = drills.rules_title(rules)
        own = getattr(rules, option)
        if not spec.fits(rules):
            unfit = _("It does not fit your {mine} rules (it needs {needs}, which the {mine} rules do not have), so "
                      "this question uses the {rules} rules.")
        elif own == value:
            unfit = _("It does not fit your {mine} rules (the {mine} rules play it this way anyway), so this question "
                      "uses the {rules} rules.")
        elif own != off:
            unfit = _("It does not fit your {mine} rules (it changes a rule of the {book} rules, and the {mine} rules "
                      "have their own: {theirs}), so this question uses the {rules} rules.")
        else:
            unfit = _("It does not fit your {mine} rules (the rule books do not describe it together with the rest of "
                      "the {mine} rules), so this question uses the {rules} rules.")
        intro += " " + unfit.format(mine=mine, needs=_(spec.needs), book=book, theirs=o.text(rules).rstrip("."),
                                    rules=title)
    return HouseSetting(option, value, source, found[0], found[1], intro)


def _min_bid(s: HouseSetting, on: bool, seed: int, rng: random.Random) -> drills.Question:
    """The lowest opening bid, with passes so far (so the house rule's lowest bid decides)."""
    dealer, passes = rng.randrange(4), rng.randrange(3)

    def opened(rules: RuleSet) -> Deal:
        deal = Deal.random(rules, seed=seed, dealer=dealer)
        for _call in range(passes):
            deal.pass_bid()
        return deal

    deal, other = opened(s.rules(on)), opened(s.rules(not on))
    low, other_low = deal.legal_bids()[0], other.legal_bids()[0]

    def verdict(n: int) -> str:
        reason = refusal(deal, lambda d: d.bid(n))
        return reason or _("{n} is allowed, but {low} is lower.").format(n=n, low=low)

    numbers = range(max(1, min(low, other_low) - 1), max(low, other_low) + 2)
    mover = deal.to_move or 0
    said = _("The auction so far: {auction}.").format(auction=auction_text(deal.auction))
    ask = (_("It is your turn: what is the lowest bid this player may make?") if mover == 0 else
           _("It is {whose} turn: what is the lowest bid this player may make?").format(whose=possessive(mover)))
    prompt = f"{s.intro} {said} {ask}"
    why = (f"{OPTIONS_BY_NAME['min_bid'].text(s.rules(on))} "
           + _("Nobody has bid yet, so the lowest bid is {n}.").format(n=low)
           + f" {s.compare(on, str(low), str(other_low))}")
    return choice(_TOPIC_HOUSE, s.rules(on), seed, prompt, number_options(numbers, verdict), str(low), s.rule, why)


def _all_pass_redeal(s: HouseSetting, on: bool, seed: int, rng: random.Random) -> drills.Question:
    """Everyone passes: who deals next (``Game.next_deal``)? A thrown-in deal is dealt again by the same
    dealer; a forced contract is played, and then the next player deals."""
    dealer = rng.randrange(4)

    def next_dealer(rules: RuleSet) -> int:
        game = Game(rules, seed=seed, first_dealer=dealer)
        while game.deal.phase is Phase.AUCTION:
            if game.deal.can_pass:
                game.deal.pass_bid()
            else:
                game.deal.bid(game.deal.legal_bids()[0])
        if game.deal.phase is not Phase.REDEAL:
            finish_setup(game.deal)
            play_out(game.deal, random.Random(seed))
        return game.next_deal().dealer

    rules = s.rules(on)
    following, other = next_dealer(rules), next_dealer(s.rules(not on))
    outcome, other_outcome = all_pass_outcome(rules), all_pass_outcome(s.rules(not on))

    def verdict(seat: int) -> str:
        if seat == other:
            return (_("That would be the next dealer without the house rule: {outcome}") if on else
                    _("That would be the next dealer with the house rule: {outcome}")).format(
                outcome=other_outcome.text)
        return about(seat, _("You are not the next dealer after this deal."),
                     _("{name} is not the next dealer after this deal."))

    then = (_("A thrown-in deal is dealt again by the same dealer: {name}.") if following == dealer
            else _("The deal is played, and then the next player deals: {name}.")).format(name=seat_name(following))
    prompt = f"{s.intro} " + about(
        dealer, _("You dealt, and nobody bids: all four players pass. Who deals the next deal?"),
        _("{name} dealt, and nobody bids: all four players pass. Who deals the next deal?"))
    why = (f"{outcome.text} {then} "
           f"{s.compare(on, seat_name(following), seat_name(other), other_outcome.text)}")
    return choice(_TOPIC_HOUSE, rules, seed, prompt, name_options(verdict), seat_name(following), s.rule, why)


def _weak_hand(s: HouseSetting, on: bool, seed: int, rng: random.Random) -> drills.Question:
    """Your hand holds no card above 10 (a 10 at most): may you demand a redeal?"""
    rules = s.rules(on)
    cards = list(CARDS)
    random.Random(seed).shuffle(cards)
    weak = [c for c in cards if c.rank <= 10][:rules.hand_size]
    rest = [c for c in cards if c not in weak]
    size = rules.hand_size
    hands = [weak, rest[:size], rest[size:2 * size], rest[2 * size:3 * size]]
    deal = Deal(rules, hands, rng.randrange(4), kitty=rest[3 * size:])
    while deal.to_move != 0:
        deal.pass_bid()
    hand = deal.hand(0)
    top = max(hand, key=lambda c: (c.rank, c.suit))
    demand = _("Demand a new deal: the cards are thrown in and dealt again.")
    usual = _("Only bid or pass, as usual.")
    can = deal.can_demand_redeal
    refused = refusal(deal, lambda d: d.demand_redeal())
    options = [(demand, refused), (usual, _("Your highest card is the {card}: no card above 10, so you may ask for a "
                                            "new deal.").format(card=top.label))]
    said = (_("The auction so far: {auction}.").format(auction=auction_text(deal.auction)) + " "
            if deal.auction else "")
    prompt = f"{s.intro} {said}" + _("It is your turn in the auction, with the hand shown. What may you do?")
    mine, other = (demand, usual) if can else (usual, demand)
    why = (f"{OPTIONS_BY_NAME['weak_hand_redeal'].text(rules)} "
           + _("Your highest card is the {card}.").format(card=top.label) + f" {s.compare(on, mine, other)}")
    return choice(_TOPIC_HOUSE, rules, seed, prompt, options, mine, s.rule, why, sorted_hand(hand))


Scorer = Callable[[RuleSet], int]


def _score_choice(s: HouseSetting, on: bool, seed: int, situation_text: str, scorer: Scorer,
                  seat: int) -> drills.Question:
    """What one player scores, by the engine, with the house rule on or off; the wrong choices are the
    score with the option switched and the other rule books' scores of the same form."""
    rules = s.rules(on)
    points, other = scorer(rules), scorer(s.rules(not on))
    books: dict[int, list[str]] = {}
    for name in PRESETS:
        if rules.variant in variants_of(name):
            books.setdefault(scorer(preset(name, rules.variant)), []).append(name)
    values = {points, other, *books}
    step = 1 if max(abs(v) for v in values) < 30 else 10
    for extra in (points + step, points - step):
        if len(values) < 4:
            values.add(extra)

    def verdict(n: int) -> str:
        if n == other:
            return (_("That is the score without the house rule.") if on
                    else _("That is the score with the house rule."))
        if n in books:
            return _("That is what the {rules} rules give.").format(rules=and_list(books[n]))
        return ""

    options = [(signed(n), verdict(n)) for n in sorted(values)]
    ask = about(seat, _("What do you score for this deal?"), _("What does {name} score for this deal?"))
    prompt = f"{s.intro} {situation_text} {ask}"
    if on:
        scored = about(seat, _("Under the {rules} rules with the house rule, you score {points}."),
                       _("Under the {rules} rules with the house rule, {name} scores {points}."),
                       rules=drills.rules_title(rules), points=signed(points))
    else:
        scored = about(seat, _("Under the {rules} rules without the house rule, you score {points}."),
                       _("Under the {rules} rules without the house rule, {name} scores {points}."),
                       rules=drills.rules_title(rules), points=signed(points))
    why = f"{scored} {s.compare(on, signed(points), signed(other))}"
    return choice(_TOPIC_HOUSE, rules, seed, prompt, options, signed(points), s.rule, why)


def _declarer_score(tricks_of: Callable[[RuleSet, random.Random, int], tuple[int, int]]) -> Callable[
        [HouseSetting, bool, int, random.Random], drills.Question]:
    """A scoring house rule asked on one declarer: ``tricks_of`` gives the bid and the declaring side's tricks."""

    def ask(s: HouseSetting, on: bool, seed: int, rng: random.Random) -> drills.Question:
        rules = s.rules(on)
        declarer = rng.randrange(4)
        bid, taken = tricks_of(rules, rng, rules.tricks_per_deal)
        side = side_seats(rules, declarer)
        tricks = [0, 0, 0, 0]
        for i in range(taken):
            tricks[side[i % len(side)]] += 1
        others = [seat for seat in range(4) if seat not in side]
        for _trick in range(rules.tricks_per_deal - taken):
            tricks[rng.choice(others)] += 1
        if rules.partnership:
            text = about(declarer, ngettext("You bid {bid}, and {side} took {n} trick together.",
                                            "You bid {bid}, and {side} took {n} tricks together.", taken),
                         ngettext("{name} bid {bid}, and {side} took {n} trick together.",
                                  "{name} bid {bid}, and {side} took {n} tricks together.", taken),
                         bid=bid, side=side_name(rules, declarer), n=taken)
        else:
            text = about(declarer, ngettext("You bid {bid} and took {n} trick.", "You bid {bid} and took {n} tricks.",
                                            taken),
                         ngettext("{name} bid {bid} and took {n} trick.", "{name} bid {bid} and took {n} tricks.",
                                  taken), bid=bid, n=taken)
        return _score_choice(s, on, seed, text, lambda r: score_deal(r, declarer, bid, tricks)[declarer], declarer)

    return ask


def _overtricks(rules: RuleSet, rng: random.Random, n: int) -> tuple[int, int]:
    bid = rng.randint(rules.min_bid, min(rules.max_bid - 1, rules.min_bid + 3))
    return bid, rng.randint(bid + 1, min(n, bid + 4))


def _down(rules: RuleSet, rng: random.Random, n: int) -> tuple[int, int]:
    bid = rng.randint(rules.min_bid, min(rules.max_bid, rules.min_bid + 3))
    return bid, rng.randint(max(0, bid - 4), bid - 1)


def _exact(rules: RuleSet, rng: random.Random, n: int) -> tuple[int, int]:
    bid = rng.randint(rules.min_bid, min(rules.max_bid, rules.min_bid + 3))
    return bid, bid


def _all_thirteen(rules: RuleSet, rng: random.Random, n: int) -> tuple[int, int]:
    return rules.max_bid, n


def _sinking(s: HouseSetting, on: bool, seed: int, rng: random.Random) -> drills.Question:
    """Koz Maça: a player takes 3 or more tricks over the announcement (yandan batmak)."""
    rules = s.rules(on)
    sink = s.with_rule.overtricks_sink
    seat = rng.randrange(4)
    number = rng.randint(max(1, rules.announce_min), 4)
    taken = rng.randint(number + sink, min(rules.tricks_per_deal, number + sink + 2))
    announced = [rng.randint(1, 3) for _seat in range(4)]  # numbers every Koz Maça rule book allows
    announced[seat] = number
    tricks = [0, 0, 0, 0]
    tricks[seat] = taken
    others = [t for t in range(4) if t != seat]
    for _trick in range(rules.tricks_per_deal - taken):
        tricks[rng.choice(others)] += 1
    text = about(seat, ngettext("You announced {number} and took {n} trick.",
                                "You announced {number} and took {n} tricks.", taken),
                 ngettext("{name} announced {number} and took {n} trick.",
                          "{name} announced {number} and took {n} tricks.", taken), number=number, n=taken)
    return _score_choice(s, on, seed, text, lambda r: score_announcements(r, announced, tricks)[seat], seat)


def _fixed_length(s: HouseSetting, on: bool, seed: int, rng: random.Random) -> drills.Question:
    """A fixed number of deals instead of a target: is the game over after these totals?"""
    fixed, target = s.with_rule, s.without
    if rng.random() < 0.5:  # all the deals played, nobody at the target
        deals = fixed.deals
        totals = [min(t, target.target - 1) for t in game_moment(fixed, rng, True, False).totals]
    else:  # someone past the target, alone in the lead, before the agreed deals are played
        deals = rng.randint(1, fixed.deals - 1)
        totals = list(game_moment(target, rng, True, False).totals)
        best = firsts(target, totals)[0]
        for seat in side_seats(target, best):
            totals[seat] = max(max(totals) + 1, target.target + rng.randrange(30))
    moment = GameMoment(s.rules(on), tuple(totals), deals)
    other = GameMoment(s.rules(not on), tuple(totals), deals)
    over, on_ = _(_OVER), _(_ON)
    options = [(over, _("Not yet.")), (on_, _("No more deals are played."))]
    prompt = f"{s.intro} " + ngettext("After {n} deal the totals are: {totals}. Is the game over?",
                                      "After {n} deals the totals are: {totals}. Is the game over?", deals).format(
        n=deals, totals=totals_text(moment.rules, moment.totals))
    mine, theirs = (over if moment.over else on_), (over if other.over else on_)
    why = f"{game_length(moment.rules)} {moment.reason()} {s.compare(on, mine, theirs, other.reason())}"
    return choice(_TOPIC_HOUSE, moment.rules, seed, prompt, options, mine, s.rule, why)


def _on_lead(akq: bool) -> Wanted:
    """On lead before trump is broken, holding trumps and other cards (with ``akq``: the ace, king and
    queen of trump among them)."""
    def wanted(deal: Deal) -> bool:
        hand, trump = deal.hand(0), deal.trump
        if deal.current_trick or deal.trump_broken or trump is None:
            return False
        trumps = {c.rank for c in hand if c.suit == trump}
        return bool(trumps) and len(trumps) < len(hand) and (not akq or {12, 13, 14} <= trumps)
    return wanted


def _trump_lead(akq: bool) -> Callable[[HouseSetting, bool, int, random.Random], drills.Question]:
    """A lead before trump is broken, judged with the house rule on or off (found under the rules without it)."""

    def ask(s: HouseSetting, on: bool, seed: int, rng: random.Random) -> drills.Question:
        deal = find_deal(s.without, seed, rng, _on_lead(akq), stop=lambda d: d.trump_broken)
        position = Position.from_deal(deal)
        rules, other = s.rules(on), s.rules(not on)
        mine, theirs = set(position.legal(rules)), set(position.legal(other))
        changed = sorted(mine ^ theirs)
        note = ""
        if changed:
            v = position.explain(other, changed[0])
            note = (_("Without the house rule: {reason}") if on else _("With the house rule: {reason}")).format(
                reason=v.reason)
        prompt = f"{s.intro} {situation(position, rules)} " + _("Which cards may you lead? Pick every one of them.")
        return drills.LegalCardsQuestion(_TOPIC_HOUSE, seed, rules, prompt, position, note)

    return ask


def _auction(rules: RuleSet) -> bool:
    return not rules.announcements


HOUSE_RULES: Final[dict[str, _HouseRule]] = {
    "min_bid": _HouseRule(N_("an auction"), _auction, _min_bid),
    "all_pass": _HouseRule(N_("an auction"), _auction, _all_pass_redeal),
    "trump_lead_restricted": _HouseRule(
        N_("an auction and trump that must be broken before it is led"),
        lambda r: _auction(r) and r.trump_lead_restricted, _trump_lead(False)),
    "every_trick_counts": _HouseRule(
        N_("a declarer scored 10 × the bid + 1 per extra trick"),
        lambda r: _auction(r) and r.declarer_made is DeclarerMade.TEN_PER_BID_PLUS_OVERTRICKS,
        _declarer_score(_overtricks)),
    "double_penalty": _HouseRule(N_("an auction"), _auction, _declarer_score(_down)),
    "made_thirteen_doubles": _HouseRule(N_("a bid of 13"), lambda r: _auction(r) and r.max_bid == 13,
                                        _declarer_score(_all_thirteen)),
    "exact_bid_scores_bid": _HouseRule(N_("an auction"), _auction, _declarer_score(_exact)),
    "game_end": _HouseRule(N_("a game played to a target score"), lambda r: True, _fixed_length),
    "overtricks_sink": _HouseRule(N_("Koz Maça's announcements"), lambda r: r.announcements, _sinking),
    "weak_hand_redeal": _HouseRule(N_("an auction"), _auction, _weak_hand),
    "akq_trump_lead": _HouseRule(
        N_("an auction and trump that must be broken before it is led"),
        lambda r: _auction(r) and r.trump_lead_restricted, _trump_lead(True)),
}
"""Every house rule of the options table (``Option.house``), keyed by its option."""


def house_rule_question(kind: str, rules: RuleSet, seed: int, rng: random.Random, *,
                        on: bool = True) -> drills.Question:
    """The question of house-rule ``kind`` (an option's name in kebab-case) with the option on, or the
    same question with it off (a test's check that the answer depends on the house rule)."""
    option = kind.replace("-", "_")
    if option not in HOUSE_RULES:
        raise ValueError(f"unknown house rule {kind!r}; choose one of: {', '.join(map(kebab, HOUSE_RULES))}")
    return HOUSE_RULES[option].ask(house_setting(option, rules), on, seed, rng)


def _house_kind(option: str) -> drills.Generator:
    return lambda rules, seed, rng: house_rule_question(kebab(option), rules, seed, rng)


QUIZ_TOPICS: Final[dict[str, drills.Topic]] = {
    "auction-rules": drills.Topic(N_("How the auction ends"), {
        TOP_BID_KIND: _top_bid, PASS_FINAL_KIND: _pass_final, AUCTION_END_KIND: _auction_end,
        NAMES_TRUMP_KIND: _names_trump}),
    "leads": drills.Topic(N_("Who leads"), {"first-lead": _first_lead, "next-lead": _next_lead}),
    "game-end": drills.Topic(N_("A whole game: its length, its end, the next dealer"), {
        "game-length": _game_length, "game-over": _game_over, "winner": _winner, "next-dealer": _next_dealer}),
    "move-clock": drills.Topic(N_("The move clock"), {
        "timeout-call": _timeout_call, TIMEOUT_TRUMP_KIND: _timeout_trump, "timeout-card": _timeout_card,
        "seconds": _seconds}),
    "house-rules": drills.Topic(N_("House rules"), {
        kebab(o.name): _house_kind(o.name) for o in OPTIONS if o.name in HOUSE_RULES}),
}
"""This module's quiz topics (``topics`` merges them)."""
