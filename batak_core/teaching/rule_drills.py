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
from ..legality import IllegalMove
from ..options import OPTIONS, OPTIONS_BY_NAME, AllPass, DeclarerMade, Direction, GameEnd
from ..rules import PRESETS, RuleSet, preset, variants_of
from ..scoring import score_announcements, score_deal
from ..seats import partner, side_seats
from ..shuffle import derive_seed
from . import drills
from .names import possessive, seat_name, verb
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


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def says(seat: int, plural: str, singular: str) -> str:
    """The player's name with the verb that goes with it: 'You are', 'Ayşe is'."""
    return f"{seat_name(seat)} {verb(seat, plural, singular)}"


def under(rules: RuleSet) -> str:
    """A prompt's opening that names the rule book."""
    return f"Under the {drills.rules_title(rules)} rules:"


def whom(seat: int) -> str:
    """The player as the object of a sentence: 'you', 'Ayşe'."""
    return "you" if seat == 0 else seat_name(seat)


def seat_list(seats: Sequence[int]) -> str:
    """'You and Mehmet', 'Ayşe, Mehmet and Zeynep'."""
    named = [seat_name(s) for s in seats]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def side_name(rules: RuleSet, seat: int) -> str:
    """The player, or with partners the pair: 'Ayşe', 'You and Mehmet'."""
    return seat_list(sorted(side_seats(rules, seat)))


def call_text(call: Bid, announcing: bool = False) -> str:
    """'Ayşe passes', 'You bid 7', 'Mehmet announces none'."""
    seat = call.seat
    if call.bid is None:
        return f"{seat_name(seat)} {verb(seat, 'pass', 'passes')}"
    if announcing:
        return f"{seat_name(seat)} {verb(seat, 'announce', 'announces')} {'none' if call.bid == 0 else call.bid}"
    return f"{seat_name(seat)} {verb(seat, 'bid', 'bids')} {call.bid}"


def auction_text(calls: Sequence[Bid], announcing: bool = False) -> str:
    return "; ".join(call_text(c, announcing) for c in calls) if calls else "nobody has called yet"


def trick_text(leader: int, cards: Sequence[Card]) -> str:
    """'You led the 9♣; Ayşe played the K♣' (one card a player, never a list of a hand)."""
    return "; ".join(f"{seat_name((leader + i) % 4)} {'led' if i == 0 else 'played'} the {card.label}"
                     for i, card in enumerate(cards))


def trump_text(trump: Suit | None) -> str:
    return "No trump." if trump is None else f"{trump.plural.capitalize()} {trump.symbol} are trump."


def situation(position: Position, rules: RuleSet) -> str:
    """The moment of a position whose mover is you (seat 0): trump, broken or not, the trick so far."""
    trump = describe_trump(position.trump, position.trick, position.trump_broken, rules)
    if not position.trick:
        return f"{trump} You are on lead."
    text = f"{trump} The trick so far: {trick_text(position.leader, position.trick)}."
    if rules.partnership and position.partner_winning:
        text += f" Your partner, {seat_name(partner(position.to_move))}, is winning it so far."
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


PICK_ALL: Final = "Which cards may you play? Pick every one of them."


def score_question(topic: str, rules: RuleSet, seed: int, deal: Deal, intro: str = "") -> drills.ScoreQuestion:
    """The points of a played-out deal, as the engine scores it (``Deal.scores()``)."""
    tricks, points = tuple(deal.tricks_won), tuple(deal.scores())
    won = ", ".join(f"{seat_name(s)} {t}" for s, t in enumerate(tricks))
    ask = f"Enter every player's points for this deal under the {drills.rules_title(rules)} rules."
    lead = f"{intro} " if intro else ""
    if rules.announcements:
        announced = tuple(n or 0 for n in deal.announcements)
        calls = ", ".join(f"{seat_name(s)} {'none' if n == 0 else n}" for s, n in enumerate(announced))
        prompt = (f"{lead}{trump_text(deal.trump)} There is no auction: every player announced how many tricks "
                  f"they would take ({calls}). Tricks won: {won}. {ask}")
        return drills.ScoreQuestion(topic, seed, rules, prompt, None, None, tricks, points, announced)
    declarer, contract = deal.declarer, deal.contract
    assert declarer is not None and contract is not None
    sides = ""
    if rules.partnership:
        sides = (f" Partners sit opposite and count their tricks together: {side_name(rules, declarer)} "
                 f"against {side_name(rules, (declarer + 1) % 4)}.")
    prompt = (f"{lead}{seat_name(declarer)} won the auction with a bid of {contract}. {trump_text(deal.trump)}"
              f"{sides} Tricks won: {won}. {ask}")
    return drills.ScoreQuestion(topic, seed, rules, prompt, declarer, contract, tricks, points)


def name_options(verdict: Callable[[int], str]) -> list[tuple[str, str]]:
    """The four players as choices, each with its verdict."""
    return [(seat_name(s), verdict(s)) for s in range(4)]


def number_options(numbers: Sequence[int], verdict: Callable[[int], str], unit: str = "") -> list[tuple[str, str]]:
    """Whole numbers as choices, lowest first, each with its verdict."""
    return [(f"{n}{unit}", verdict(n)) for n in sorted(set(numbers))]


def signed(points: int) -> str:
    return f"{points:+d}"


# --- the auction's end ---------------------------------------------------------------------------


_TOPIC_AUCTION: Final = "auction-rules"


def _opening_calls(deal: Deal, rng: random.Random, calls: int, below: int) -> None:
    """A few calls that cannot end the auction: passes, or bids below ``below``."""
    for _ in range(calls):
        bids = [b for b in deal.legal_bids() if b < below]
        if deal.can_pass and (not bids or rng.random() < 0.5):
            deal.pass_bid()
        else:
            deal.bid(bids[min(len(bids) - 1, rng.randrange(2))])


def _after_auction(deal: Deal) -> str:
    """What the declarer does once the auction is won, as the engine goes on: trump, the kitty, the lead."""
    seat = deal.declarer or 0
    trial = deal.copy()
    steps = []
    if trial.phase is Phase.TRUMP:
        steps.append(verb(seat, "name trump", "names trump"))
        trial.declare_trump(longest_suit(trial.hand_mask(seat)))
    if trial.phase is Phase.BURY:
        k = trial.rules.kitty
        steps.append(f"{verb(seat, 'take', 'takes')} the {k} face-down cards, {verb(seat, 'bury', 'buries')} {k}")
    steps.append(verb(seat, "lead to the first trick", "leads to the first trick"))
    done = f"{', '.join(steps[:-1])} and {steps[-1]}" if len(steps) > 1 else steps[0]
    return f"{seat_name(seat)} {verb(seat, 'are', 'is')} the declarer: {seat_name(seat)} {done}."


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
    over = f"The auction is over at once: {seat_name(bidder)} {verb(bidder, 'have', 'has')} won it."
    goes_on = "The players who have not passed still get their calls."
    thrown_in = "The cards are thrown in and dealt again."
    answer = over if deal.declarer == bidder else goes_on if deal.phase is Phase.AUCTION else thrown_in
    stopped = refusal(deal, lambda d: d.pass_bid())
    asked = seat_name(deal.to_move or 0)
    options = [(over, f"{says(bidder, 'have', 'has')} not won yet: the engine asks {asked} next."),
               (goes_on, f"Nobody calls any more: {stopped}"),
               (thrown_in, f"The deal goes on: {says(bidder, 'are', 'is')} the declarer.")]
    said = f"the auction so far: {auction_text(before)}. " if before else ""
    prompt = (f"{under(rules)} {said}Now "
              f"{call_text(Bid(bidder, top))}. What happens next?")
    why = (f"{top} is the highest bid: nobody can bid more, so the auction ends at once, without waiting for "
           f"the others to pass. {_after_auction(deal)}")
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
    for _ in range(3):  # the others call once more (one of them may pass): the auction goes on past the passer
        passes = sum(b.bid is None for b in deal.auction)
        if passes < 2 and deal.high_bid is not None and rng.random() < 0.3:
            deal.pass_bid()
        else:
            deal.bid(deal.legal_bids()[0])
    called = _turns_left(deal)
    allowed = passer in called
    now = deal.to_move or 0
    high = deal.high_bid or 0
    yes = f"Yes: {seat_name(passer)} may bid again when the turn comes round."
    no = f"No: {seat_name(passer)} passed and {verb(passer, 'are', 'is')} out of this auction."
    only_top = f"Only with a bid of {rules.max_bid}."
    skipped = (f"The engine skips {seat_name(passer)}: it is {possessive(now)} turn now, and "
               f"{says(passer, 'get', 'gets')} no call before the auction ends.")
    options = [(yes, skipped), (no, f"The engine asks {seat_name(passer)} again."), (only_top, skipped)]
    prompt = (f"{under(rules)} the auction so far: {auction_text(deal.auction)}. "
              f"{seat_name(passer)} would now like to bid {min(high + 1, rules.max_bid)}. "
              f"May {whom(passer)} still bid in this auction?")
    why = (f"A pass is final: a player who passed is out of this auction, and the turn goes round the players "
           f"still in it. It is {possessive(now)} turn now.")
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
    over = f"The auction is over: {seat_name(high)} {verb(high, 'win', 'wins')} it with {contract}."
    goes_on = "The auction goes on: someone still has a call."
    thrown_in = "The cards are thrown in and dealt again."
    passes = sum(b.bid is None for b in trial.auction)
    answer = (over if trial.declarer == high else goes_on if trial.phase is Phase.AUCTION else thrown_in)
    options = [(over, f"Only {passes} {'player has' if passes == 1 else 'players have'} passed: "
                      f"{seat_name(trial.to_move or 0)} still has a call."),
               (goes_on, f"With {possessive(caller)} pass the other three have all passed: the engine ends the "
                         "auction."),
               (thrown_in, f"{seat_name(high)} bid, so there is a declarer: the cards are not thrown in.")]
    prompt = (f"{under(rules)} the auction so far: {auction_text(deal.auction)}. "
              f"Now {seat_name(caller)} {verb(caller, 'pass', 'passes')} too. What happens?")
    result = (f"{seat_name(high)} {verb(high, 'win', 'wins')} it with {contract}." if answer == over
              else f"Not all three others have passed yet, so {says(trial.to_move or 0, 'call', 'calls')} next.")
    why = f"The auction ends when the other three players have passed: the highest bidder wins it. {result}"
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
            return f"{seat_name(seat)} made no call."
        if last[seat] is None:
            return f"{seat_name(seat)} passed."
        return f"{seat_name(seat)} bid {last[seat]}, but the contract went higher."

    if deal.high_bid is None:
        why = (f"Nobody bid: {all_pass_outcome(rules).text} So {says(chooser, 'are', 'is')} the declarer, and the "
               "declarer names trump.")
    else:
        why = (f"{seat_name(chooser)} won the auction with the highest bid, {contract}: the winner of the auction "
               "is the declarer, names trump and leads to the first trick.")
    prompt = (f"{under(rules)} {seat_name(deal.dealer)} dealt. The auction: "
              f"{auction_text(deal.auction)}. Who chooses trump?")
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
        nobody = f"Nobody: {trump.plural} {trump.symbol} are always trump."
        options = [*name_options(lambda s: f"{seat_name(s)} only announced a number: in {title} nobody chooses "
                                           "trump."), (nobody, "")]
        why = f"{reason} {not_asked(TIMEOUT_TRUMP_KIND, rules)}"
        prompt = (f"{under(rules)} everyone has announced ({auction_text(deal.auction, True)}). Who chooses trump?")
        return choice(_TOPIC_AUCTION, rules, seed, prompt, options, nobody, FIXED_TRUMP, why)
    for _ in range(3 if kind == AUCTION_END_KIND else rng.randrange(3)):
        announce(deal, rng)
    mover = deal.to_move or 0
    said = f"So far: {auction_text(deal.auction, True)}." if deal.auction else "Nobody has announced yet."
    if kind == PASS_FINAL_KIND:
        refused = refusal(deal, lambda d: d.pass_bid())
        yes = f"Yes: {seat_name(mover)} may pass."
        no = f"No: {seat_name(mover)} must announce a number."
        prompt = (f"{under(rules)} {said} It is {possessive(mover)} turn. {seat_name(mover)} would rather not say a "
                  f"number. May {whom(mover)} pass?")
        return choice(_TOPIC_AUCTION, rules, seed, prompt, [(yes, refused), (no, "")], no if refused else yes,
                      MUST_ANNOUNCE, f"{reason} {refused}")
    number = deal.legal_bids()[-1] if kind == TOP_BID_KIND else deal.legal_bids()[rng.randrange(4)]
    deal.bid(number)
    goes_on = "The next player still announces."
    begins = "The announcements are over and the play begins."
    options = [(goes_on, f"All four have announced: the engine starts the play, and {seat_name(deal.to_move or 0)} "
                         "leads."),
               (begins, f"Not everyone has announced yet: the engine asks {seat_name(deal.to_move or 0)} next.")]
    answer = goes_on if deal.phase is Phase.AUCTION else begins
    if kind == AUCTION_END_KIND:
        options.append(("Everyone announces once more, higher than before.",
                        f"Each player announces once: after the fourth, {says(deal.to_move or 0, 'lead', 'leads')}."))
    prompt = (f"{under(rules)} {said} Now {call_text(Bid(mover, number), True)}. What happens next?")
    leader = deal.to_move or 0
    result = (f"{says(leader, 'announce', 'announces')} next." if answer == goes_on
              else f"The play begins: {seat_name(leader)}, the player after the dealer, "
                   f"{verb(leader, 'lead', 'leads')}.")
    why = (f"{reason} Each player announces once, in turn, whatever the others said; after the fourth "
           f"announcement the play begins. {result}")
    return choice(_TOPIC_AUCTION, rules, seed, prompt, options, answer, ANNOUNCE_ONCE, why)


# --- leads ------------------------------------------------------------------------------------------


_TOPIC_LEADS: Final = "leads"


def _roles(deal: Deal) -> dict[int, str]:
    """What each seat did before the first lead: dealt, called first, won the auction, lies open."""
    roles: dict[int, list[str]] = {s: [] for s in range(4)}
    roles[deal.dealer].append("dealt the cards")
    first = (deal.dealer + 1) % 4
    roles[first].append("announced first" if deal.rules.announcements else "made the first call")
    for seat, call in _last_calls(deal).items():
        if seat == deal.declarer:
            roles[seat].append(f"won the auction with {deal.contract}")
        elif deal.rules.announcements:
            roles[seat].append(f"announced {'none' if call == 0 else call}")
        else:
            roles[seat].append("passed" if call is None else f"bid {call}, but the auction went higher")
    if deal.dummy is not None:
        roles[deal.dummy].append(f"{verb(deal.dummy, 'are', 'is')} the dummy, whose hand lies open")
    return {s: " and ".join(r) if r else "made no call" for s, r in roles.items()}


def _first_lead(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Who leads the first trick of a replayed deal: the declarer; in Koz Maça the player after the dealer."""
    deal = first_lead(rules, seed, rng)
    leader = deal.to_move or 0
    roles = _roles(deal)
    if rules.announcements:
        said = f"Everyone announced: {auction_text(deal.auction, True)}."
    else:
        buried = f" and {deal.rules.kitty} cards are buried" if deal.buried else ""
        said = f"The auction: {auction_text(deal.auction)}. Trump is named{buried}."
    prompt = f"{under(rules)} {seat_name(deal.dealer)} dealt. {said} Who leads to the first trick?"
    if deal.declarer is not None and leader == deal.declarer:
        why = (f"{seat_name(leader)} won the auction with {deal.contract}, so {says(leader, 'are', 'is')} the "
               "declarer: the declarer leads to the first trick.")
        if deal.dummy is not None:
            why += (f" {cap(possessive(deal.dummy))} hand lies open as the dummy, and the declarer plays it too, "
                    "but the lead is from the declarer's own hand.")
    else:
        why = (f"{not_asked(TOP_BID_KIND, rules)} So there is no declarer: the player after the dealer, "
               f"{seat_name(leader)}, leads to the first trick.")
    return choice(_TOPIC_LEADS, rules, seed, prompt, name_options(lambda s: f"{seat_name(s)} {roles[s]}."),
                  seat_name(leader), FIRST_LEAD, why)


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
            return f"{seat_name(seat)} led this trick, but the next lead belongs to its winner."
        return f"{cap(possessive(seat))} {card.label} did not win the trick."

    why = f"{won.explanation} So {seat_name(leader)} won the trick, and the winner of a trick leads to the next."
    if deal.decider != leader:
        why += (f" {cap(possessive(leader))} hand is the open dummy: "
                f"{says(deal.decider or 0, 'choose', 'chooses')} the card it leads.")
    prompt = (f"{under(rules)} {trump_text(deal.trump)} The last trick: "
              f"{trick_text(last.leader, last.cards)}. Who leads to the next trick?")
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
    options = [(t, f"That is how the {' and '.join(books.get(t, []))} rules play it.") for t in texts]
    why = f"Under the {drills.rules_title(rules)} rules: {own} {OPTIONS_BY_NAME['tie_rule'].text(rules)}"
    return choice(_TOPIC_GAME, rules, seed, f"How long does a game last under the {drills.rules_title(rules)} rules?",
                  options, own, GAME_LENGTH, why)


def deal_scores(rules: RuleSet, rng: random.Random) -> list[int]:
    """One plausible deal's points, scored by the engine: the declaring side takes about its bid."""
    n = rules.tricks_per_deal
    tricks = [0, 0, 0, 0]
    if rules.announcements:
        announced = [rng.randint(rules.announce_min, 4) for _ in range(4)]
        for _ in range(n):
            tricks[rng.randrange(4)] += 1
        return score_announcements(rules, announced, tricks)
    declarer = rng.randrange(4)
    bid = rng.randint(rules.min_bid, min(rules.max_bid, rules.min_bid + 2))
    side = side_seats(rules, declarer)
    others = [s for s in range(4) if s not in side]
    take = max(0, min(n, bid + rng.randint(-2, 2)))
    for _ in range(take):
        tricks[rng.choice(side)] += 1
    for _ in range(n - take):
        tricks[rng.choice(others)] += 1
    return score_deal(rules, declarer, bid, tricks)


def firsts(rules: RuleSet, totals: Sequence[int]) -> list[int]:
    """The sides in first place, each named by its lowest seat (partners share a total)."""
    return sorted({min(side_seats(rules, s)) for s in leaders(list(totals))})


def sides_text(rules: RuleSet, sides: Sequence[int]) -> str:
    """'Ayşe and Mehmet', or with partners 'both sides'."""
    if rules.partnership and len(sides) == 2:
        return "both sides"
    return " and ".join(side_name(rules, s) for s in sides)


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
            return (f"Only {self.deals} of the {r.deals} deals are played." if fixed
                    else f"Nobody has reached the target of {r.target} yet.")
        length = f"all {r.deals} deals are played" if fixed else f"{r.target} or more is reached"
        if len(top) == 1:
            return f"The game is over: {length}, and {side_name(r, top[0])} {self._lead_verb(top[0])} alone."
        tied = sides_text(r, top)
        if self.over:
            return f"The game is over: {length}. {cap(tied)} are tied for first: {OPTIONS_BY_NAME['tie_rule'].text(r)}"
        return f"{cap(length)}, but {tied} are tied for first: {OPTIONS_BY_NAME['tie_rule'].text(r)}"

    def _lead_verb(self, side: int) -> str:
        return "lead" if side == 0 or self.rules.partnership else "leads"

    def prompt(self) -> str:
        return (f"{under(self.rules)} after {self.deals} deal{'s' if self.deals != 1 else ''} the totals "
                f"are: {totals_text(self.rules, self.totals)}.")


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


_OVER: Final = "Yes: the game is over."
_ON: Final = "No: another deal is played."


def _game_over(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """Is the game over after these totals (``game.game_over``)?"""
    moment = game_moment(rules, rng, rng.random() < 0.6, rng.random() < 0.35)
    reason = moment.reason()
    options = [(_OVER, "Not yet."), (_ON, "No more deals are played.")]
    prompt = f"{moment.prompt()} Is the game over?"
    return choice(_TOPIC_GAME, rules, seed, prompt, options, _OVER if moment.over else _ON, GAME_OVER, reason)


def _winner(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """At the end of the game's length: who wins, or how a tie for first is settled (``tie_rule``)."""
    moment = game_moment(rules, rng, True, rng.random() < 0.65)
    top = firsts(rules, moment.totals)
    sides = sorted({min(side_seats(rules, s)) for s in range(4)}, key=lambda s: (-moment.totals[s], s))
    tie_text = OPTIONS_BY_NAME["tie_rule"].text(rules)
    another = "Another deal is played to break the tie."
    pair = sides[:2] if len(top) == 1 else top
    share = f"{cap(sides_text(rules, pair))} share first place."

    def plural(side: int) -> bool:
        return side == 0 or rules.partnership

    def wins(side: int) -> str:
        return f"{side_name(rules, side)} {'win' if plural(side) else 'wins'} the game."

    def not_alone(side: int) -> str:
        if side not in top:
            return f"{moment.totals[side]} is less than {moment.totals[top[0]]}."
        others = " and ".join(side_name(rules, t) for t in top if t != side)
        return f"{side_name(rules, side)} {'are' if plural(side) else 'is'} tied with {others}."

    tied = len(top) > 1
    options = [(wins(s), not_alone(s)) for s in sides[:3]]
    options.append((share, f"Under the {drills.rules_title(rules)} rules a tie is not shared: {tie_text}" if tied
                    else "They are not tied: the higher total wins."))
    options.append((another, f"The {drills.rules_title(rules)} rules play no deal to break the tie: {tie_text}"
                    if tied else "Nobody is tied for first."))
    if not moment.over:
        answer = another
    else:
        answer = wins(top[0]) if len(top) == 1 else share
    length = (f"all {rules.deals} deals are played" if rules.game_end is GameEnd.FIXED_DEALS
              else f"after this deal someone has reached the target of {rules.target}")
    prompt = (f"{under(rules)} {length}. The totals: {totals_text(rules, moment.totals)}. "
              "What now?")
    return choice(_TOPIC_GAME, rules, seed, prompt, options, answer, TIE_RULE, moment.reason())


def _side(rules: RuleSet) -> str:
    return "right" if rules.direction is Direction.COUNTERCLOCKWISE else "left"


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
    if thrown_in:
        happened = f"Everyone passed, and under the {drills.rules_title(rules)} rules the cards are thrown in."
        why = (f"The cards were thrown in, so the deal was not played: the same dealer, {seat_name(dealer)}, "
               "deals again.")
    else:
        happened = "The deal was played to the end."
        why = (f"After every deal the next player deals, in the direction of play ({rules.direction.value}): "
               f"{says(following, 'sit', 'sits')} on {possessive(dealer)} {_side(rules)}.")

    def verdict(seat: int) -> str:
        if seat == dealer:
            return f"{seat_name(dealer)} dealt this deal: after a played deal the next player deals."
        if seat == after:
            return "That is who deals after a played deal; a thrown-in deal is dealt again by the same dealer."
        return f"{says(seat, 'do', 'does')} not sit next to {seat_name(dealer)} in the direction of play."

    prompt = f"{under(rules)} {seat_name(dealer)} dealt. {happened} Who deals the next deal?"
    return choice(_TOPIC_GAME, rules, seed, prompt, name_options(verdict), seat_name(following),
                  REDEAL_SAME_DEALER if thrown_in else DEALER_ROTATES, why)


# --- the move clock ---------------------------------------------------------------------------


_TOPIC_CLOCK: Final = "move-clock"


def clocked(rules: RuleSet) -> tuple[RuleSet, str]:
    """The rules with a move clock, and the prompt's opening: under rules without a clock, the clock
    of the source that has one is switched on as a table setting."""
    if rules.move_seconds:
        return rules, f"Under the {drills.rules_title(rules)} rules:"
    source = next(p for p in PRESETS.values() if p.move_seconds)
    timed = rules.replace(move_seconds=source.move_seconds, extra_seconds=source.extra_seconds)
    return timed, (f"The {drills.rules_title(rules)} rules have no move clock; this table has switched on the "
                   f"{source.name} clock as a table setting.")


def _runs_out(rules: RuleSet) -> str:
    return " (the extra time included)" if rules.extra_seconds else ""


def _timeout_call(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """The clock runs out in the auction: ``Deal.timeout_action`` passes (or makes the lowest call
    where passing is not allowed)."""
    timed, note = clocked(rules)
    deal = Deal.random(timed, seed=seed, dealer=rng.randrange(4))
    if timed.announcements:
        for _ in range(rng.randrange(4)):
            announce(deal, rng)
    elif timed.all_pass is AllPass.DEALER_MUST_BID and rng.random() < 0.35:
        for _ in range(3):
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
            return f"{seat_name(mover)} may pass, and the clock never bids for a player: it passes."
        return f"The clock makes the lowest call {seat_name(mover)} may make: {action.text(announcing=announcing)}."

    options = [(cap(a.text(announcing=announcing)), verdict(a)) for a in candidates]
    said = f"So far: {auction_text(deal.auction, announcing)}." if deal.auction else "Nobody has called yet."
    prompt = (f"{note} {said} {cap(possessive(mover))} time runs out"
              f"{_runs_out(timed)}. What does the table do for {whom(mover)}?")
    why = (f"{OPTIONS_BY_NAME['move_seconds'].text(timed)} Here the table makes "
           f"{whom(mover)} {action.text(announcing=announcing)}.")
    if action != PASS and not announcing:
        why += f" {refusal(deal, lambda d: d.pass_bid())}"
    return choice(_TOPIC_CLOCK, timed, seed, prompt, options, cap(action.text(announcing=announcing)), TIMEOUT_CALL,
                  why)


def _length_verdict(mask: int, suit: Suit, best: Suit) -> str:
    """Why the clock does not make ``suit`` trump: ``cards.longest_suit`` takes ``best``."""
    mine, theirs = suit_length(mask, suit), suit_length(mask, best)
    if mine == theirs:
        return (f"As long as your {best.plural}, but the {best.plural} are stronger: between suits of the same "
                "length the clock takes the stronger one.")
    return f"You hold {mine} {suit.plural if mine != 1 else suit.singular} but {theirs} {best.plural}."


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
    options = [(f"{s.symbol} {s.plural}", _length_verdict(mask, s, action.suit)) for s in Suit]
    prompt = (f"{note} You won the auction with {deal.contract}, and your time runs out"
              f"{_runs_out(timed)} while you choose trump. Your hand is shown. Which suit does the table make trump?")
    lengths = ", ".join(f"{n} {s.plural if n != 1 else s.singular}" for s in Suit if (n := suit_length(mask, s)))
    why = (f"When time runs out in the choice of trump, the longest suit becomes trump (between suits of the same "
           f"length, the stronger). You hold {lengths}: {action.suit.plural} {action.suit.symbol}.")
    return choice(_TOPIC_CLOCK, timed, seed, prompt, options, f"{action.suit.symbol} {action.suit.plural}",
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
        return f"{c.label} may be played, but {card.label} is lower: the clock plays the lowest card you may play."

    options = [(c.label, verdict(c)) for c in sorted_hand(picks)]
    position = Position.from_deal(deal)
    prompt = (f"{note} {situation(position, timed)} Your time runs out"
              f"{_runs_out(timed)}. Your hand is shown. Which card does the table play for you?")
    lower = [c for c in illegal if c.rank < card.rank]
    why = f"When time runs out in the play, the table plays the lowest card you may play: {card.label}."
    if lower:
        why += f" Your {min(lower, key=lambda c: c.rank).label} is lower, but you may not play it."
    return choice(_TOPIC_CLOCK, timed, seed, prompt, options, card.label, TIMEOUT_CARD, why, sorted_hand(hand))


def _seconds(rules: RuleSet, seed: int, rng: random.Random) -> drills.Question:
    """How long a move may take: its own time, and with the extra time once."""
    timed, note = clocked(rules)
    own, extra = timed.move_seconds, timed.extra_seconds
    whole = rng.random() < 0.6 and extra > 0
    answer = own + extra if whole else own

    def verdict(n: int) -> str:
        if n == own:
            return f"{own} seconds is the move's own time; when it runs out, {extra} seconds extra follow, once."
        if n == own + extra:
            return f"The extra {extra} seconds come only after the move's own {own} seconds have run out."
        if n == own + 2 * extra:
            return "The extra time is given once, not twice."
        return f"A move has {own} seconds, and once {extra} seconds extra."

    numbers = [own, own + extra, own + 2 * extra, own // 2]
    ask = ("At most how many seconds may one move take, the extra time included?" if whole
           else "How many seconds does a player have for a move before any extra time?")
    prompt = f"{note} {ask}"
    why = f"{OPTIONS_BY_NAME['move_seconds'].text(timed)} {OPTIONS_BY_NAME['extra_seconds'].text(timed)}"
    return choice(_TOPIC_CLOCK, timed, seed, prompt, number_options(numbers, verdict, " seconds"),
                  f"{answer} seconds", MOVE_CLOCK, why)


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
        switched = "Without" if on else "With"
        said = (f"{switched} the house rule the answer would be the same." if mine == other
                else f"{switched} the house rule the answer would be: {other.rstrip('.')}.")
        return f"{said} {detail}" if detail else said


@dataclass(frozen=True)
class _HouseRule:
    """How a house rule is asked: what the rules need for it to matter (said in the prompt when the
    learner's rules lack it) and the question, on the rules with or without it."""

    needs: str
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
    kind = "a table setting" if "table setting" in named else "a house rule"
    words = o.text(found[0])
    shown = f"“{o.title}”." if words.endswith(": yes.") else words
    title = drills.rules_title(found[0])
    form = drills.rules_title(preset(source, found[0].variant)) if found[0].variant in variants_of(source) else ""
    book = form if form and form in named else source  # "classic Koz Maça" where the house text names the form
    intro = f"{cap(kind)} from the {book} rules is played at this table: {shown}"
    if base is rules:
        intro += f" The table plays the {title} rules with it."
    else:
        mine = drills.rules_title(rules)
        own = getattr(rules, option)
        if not spec.fits(rules):
            why = f"it needs {spec.needs}, which the {mine} rules do not have"
        elif own == value:
            why = f"the {mine} rules play it this way anyway"
        elif own != off:
            theirs = o.text(rules).rstrip(".")
            why = f"it changes a rule of the {book} rules, and the {mine} rules have their own: {theirs}"
        else:
            why = f"the rule books do not describe it together with the rest of the {mine} rules"
        intro += f" It does not fit your {mine} rules ({why}), so this question uses the {title} rules."
    return HouseSetting(option, value, source, found[0], found[1], intro)


def _min_bid(s: HouseSetting, on: bool, seed: int, rng: random.Random) -> drills.Question:
    """The lowest opening bid, with passes so far (so the house rule's lowest bid decides)."""
    dealer, passes = rng.randrange(4), rng.randrange(3)

    def opened(rules: RuleSet) -> Deal:
        deal = Deal.random(rules, seed=seed, dealer=dealer)
        for _ in range(passes):
            deal.pass_bid()
        return deal

    deal, other = opened(s.rules(on)), opened(s.rules(not on))
    low, other_low = deal.legal_bids()[0], other.legal_bids()[0]

    def verdict(n: int) -> str:
        reason = refusal(deal, lambda d: d.bid(n))
        return reason or f"{n} is allowed, but {low} is lower."

    numbers = range(max(1, min(low, other_low) - 1), max(low, other_low) + 2)
    mover = deal.to_move or 0
    prompt = (f"{s.intro} The auction so far: {auction_text(deal.auction)}. It is {possessive(mover)} turn: what "
              "is the lowest bid this player may make?")
    why = (f"{OPTIONS_BY_NAME['min_bid'].text(s.rules(on))} Nobody has bid yet, so the lowest bid is {low}. "
           f"{s.compare(on, str(low), str(other_low))}")
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
            return f"That would be the next dealer {'without' if on else 'with'} the house rule: {other_outcome.text}"
        return f"{says(seat, 'are', 'is')} not the next dealer after this deal."

    then = (f"A thrown-in deal is dealt again by the same dealer: {seat_name(following)}." if following == dealer
            else f"The deal is played, and then the next player deals: {seat_name(following)}.")
    prompt = f"{s.intro} {seat_name(dealer)} dealt, and nobody bids: all four players pass. Who deals the next deal?"
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
    demand = "Demand a new deal: the cards are thrown in and dealt again."
    usual = "Only bid or pass, as usual."
    can = deal.can_demand_redeal
    refused = refusal(deal, lambda d: d.demand_redeal())
    options = [(demand, refused), (usual, f"Your highest card is the {top.label}: no card above 10, so you may ask "
                                          "for a new deal.")]
    said = f"The auction so far: {auction_text(deal.auction)}. " if deal.auction else ""
    prompt = f"{s.intro} {said}It is your turn in the auction, with the hand shown. What may you do?"
    mine, other = (demand, usual) if can else (usual, demand)
    why = (f"{OPTIONS_BY_NAME['weak_hand_redeal'].text(rules)} Your highest card is the {top.label}. "
           f"{s.compare(on, mine, other)}")
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
            return f"That is the score {'without' if on else 'with'} the house rule."
        if n in books:
            return f"That is what the {' and '.join(books[n])} rules give."
        return ""

    options = [(signed(n), verdict(n)) for n in sorted(values)]
    who = whom(seat)
    prompt = f"{s.intro} {situation_text} What {verb(seat, 'do', 'does')} {who} score for this deal?"
    why = (f"Under the {drills.rules_title(rules)} rules {'with' if on else 'without'} the house rule, {who} "
           f"{verb(seat, 'score', 'scores')} {points:+d}. {s.compare(on, signed(points), signed(other))}")
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
        for _ in range(rules.tricks_per_deal - taken):
            tricks[rng.choice(others)] += 1
        who = seat_name(declarer)
        tricks_text = f"{taken} trick{'s' if taken != 1 else ''}"
        text = (f"{who} bid {bid}, and {side_name(rules, declarer)} took {tricks_text} together." if rules.partnership
                else f"{who} bid {bid} and took {tricks_text}.")
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
    announced = [rng.randint(1, 3) for _ in range(4)]  # numbers every Koz Maça rule book allows
    announced[seat] = number
    tricks = [0, 0, 0, 0]
    tricks[seat] = taken
    others = [t for t in range(4) if t != seat]
    for _ in range(rules.tricks_per_deal - taken):
        tricks[rng.choice(others)] += 1
    who = seat_name(seat)
    text = f"{who} announced {number} and took {taken} tricks."
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
    options = [(_OVER, "Not yet."), (_ON, "No more deals are played.")]
    prompt = (f"{s.intro} After {deals} deal{'s' if deals != 1 else ''} the totals are: "
              f"{totals_text(moment.rules, moment.totals)}. Is the game over?")
    mine, theirs = (_OVER if moment.over else _ON), (_OVER if other.over else _ON)
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
            note = f"{'Without' if on else 'With'} the house rule: {v.reason}"
        prompt = f"{s.intro} {situation(position, rules)} Which cards may you lead? Pick every one of them."
        return drills.LegalCardsQuestion(_TOPIC_HOUSE, seed, rules, prompt, position, note)

    return ask


def _auction(rules: RuleSet) -> bool:
    return not rules.announcements


HOUSE_RULES: Final[dict[str, _HouseRule]] = {
    "min_bid": _HouseRule("an auction", _auction, _min_bid),
    "all_pass": _HouseRule("an auction", _auction, _all_pass_redeal),
    "trump_lead_restricted": _HouseRule(
        "an auction and trump that must be broken before it is led",
        lambda r: _auction(r) and r.trump_lead_restricted, _trump_lead(False)),
    "every_trick_counts": _HouseRule(
        "a declarer scored 10 × the bid + 1 per extra trick",
        lambda r: _auction(r) and r.declarer_made is DeclarerMade.TEN_PER_BID_PLUS_OVERTRICKS,
        _declarer_score(_overtricks)),
    "double_penalty": _HouseRule("an auction", _auction, _declarer_score(_down)),
    "made_thirteen_doubles": _HouseRule("a bid of 13", lambda r: _auction(r) and r.max_bid == 13,
                                        _declarer_score(_all_thirteen)),
    "exact_bid_scores_bid": _HouseRule("an auction", _auction, _declarer_score(_exact)),
    "game_end": _HouseRule("a game played to a target score", lambda r: True, _fixed_length),
    "overtricks_sink": _HouseRule("Koz Maça's announcements", lambda r: r.announcements, _sinking),
    "weak_hand_redeal": _HouseRule("an auction", _auction, _weak_hand),
    "akq_trump_lead": _HouseRule(
        "an auction and trump that must be broken before it is led",
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
    "auction-rules": drills.Topic("How the auction ends", {
        TOP_BID_KIND: _top_bid, PASS_FINAL_KIND: _pass_final, AUCTION_END_KIND: _auction_end,
        NAMES_TRUMP_KIND: _names_trump}),
    "leads": drills.Topic("Who leads", {"first-lead": _first_lead, "next-lead": _next_lead}),
    "game-end": drills.Topic("A whole game: its length, its end, the next dealer", {
        "game-length": _game_length, "game-over": _game_over, "winner": _winner, "next-dealer": _next_dealer}),
    "move-clock": drills.Topic("The move clock", {
        "timeout-call": _timeout_call, TIMEOUT_TRUMP_KIND: _timeout_trump, "timeout-card": _timeout_card,
        "seconds": _seconds}),
    "house-rules": drills.Topic("House rules", {
        kebab(o.name): _house_kind(o.name) for o in OPTIONS if o.name in HOUSE_RULES}),
}
"""This module's quiz topics (``topics`` merges them)."""
