"""One deal of Batak: the auction, the trump choice, thirteen tricks and the score.

The state is a handful of ints (hands are 52-bit masks) so that bots and the solver can play
thousands of deals; every action checks the rules and raises ``IllegalMove`` without touching
the state. The history is the list of actions, so ``undo`` replays the deal up to the action
before the last and ``copy`` replays it on a new deal: nothing else is kept to go back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, NamedTuple

from .actions import PASS, PLAYS, REDEAL, Action, ActionKind
from .cards import (
    CARDS,
    SUIT_OF,
    Card,
    Suit,
    cards_of,
    describe_cards,
    longest_suit,
    parse_cards,
    sorted_hand,
)
from .errors import shorten
from .frozen import constructor_arguments
from .i18n import N_, _, ngettext, use_locale
from .legality import IllegalMove, Step, Verdict, breaks_trump, duties, explain_play, verdict_from_steps
from .rules import AllPass, RuleSet
from .scoring import points_per_seat, score_announcements
from .seats import contract_made, partner, side_tricks
from .shuffle import check_seed, new_seed, shuffled_deck
from .trick import EMPTY_TRICK, TrickState, advance, partner_winning

WRONG_PHASE: Final = "wrong-phase"
BID_BELOW_MINIMUM: Final = "bid-below-minimum"
BID_TOO_LOW: Final = "bid-too-low"
BID_TOO_HIGH: Final = "bid-too-high"
DEALER_MUST_BID: Final = "dealer-must-bid"
NOTHING_TO_UNDO: Final = "nothing-to-undo"
BAD_BURY: Final = "bad-bury"
NO_REDEAL: Final = "no-weak-hand-redeal"
MUST_ANNOUNCE: Final = "must-announce"


class Phase(StrEnum):
    AUCTION = "auction"
    TRUMP = "trump"
    PLAY = "play"
    OVER = "over"
    REDEAL = "redeal"
    BURY = "bury"  # Gömmeli: the declarer has taken the kitty and buries four cards


# Module-level aliases: on Python 3.11 every ``Phase.X`` lookup costs about 0.2 µs, which
# the play loop cannot afford.
_AUCTION: Final = Phase.AUCTION
_TRUMP: Final = Phase.TRUMP
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_REDEAL: Final = Phase.REDEAL
_BURY: Final = Phase.BURY
_DEALER_MUST_BID: Final = AllPass.DEALER_MUST_BID
_FIRST_BIDDER_PLAYS: Final = AllPass.FIRST_BIDDER_PLAYS
_DEALER_PLAYS: Final = AllPass.DEALER_PLAYS


class Trick(NamedTuple):
    """A finished trick: who led, the cards in play order, and the seat that won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple((self.leader + i) % 4 for i in range(len(self.cards)))


class Bid(NamedTuple):
    """One call in the auction: ``bid`` is the number of tricks, or None for a pass."""

    seat: int
    bid: int | None

    @property
    def is_pass(self) -> bool:
        return self.bid is None


_BIDS: Final = tuple(tuple(Bid(seat, n) for n in range(14)) for seat in range(4))
_PASSES: Final = tuple(Bid(seat, None) for seat in range(4))
"""Every call as an interned value (``_BIDS[seat][n]``, ``_PASSES[seat]``): the auction makes no objects."""


@dataclass(frozen=True)
class DealView:
    """What one player may know: the own hand and everything played or said in public.

    Bots and hints see only this, so they can never peek at hidden cards.
    """

    seat: int
    rules: RuleSet
    dealer: int
    phase: Phase
    to_move: int | None
    hand: tuple[Card, ...]
    auction: tuple[Bid, ...]
    high_bid: int | None
    declarer: int | None
    contract: int | None
    trump: Suit | None
    trump_broken: bool
    current_trick: tuple[Card, ...]
    trick_leader: int | None
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, ...]
    legal_bids: tuple[int, ...]
    can_pass: bool
    legal_plays: tuple[Card, ...]
    hand_sizes: tuple[int, int, int, int]  # cards each seat still holds (the others' face down)
    decider: int | None = None
    announcements: tuple[int | None, ...] = (None, None, None, None)
    dummy: int | None = None
    dummy_hand: tuple[Card, ...] = ()
    kitty: tuple[Card, ...] = ()
    buried: tuple[Card, ...] = ()
    redeal_demanded: bool = False  # thrown in on a weak-hand redeal demand, not because all passed
    can_demand_redeal: bool = False  # this player may demand a redeal now (weak-hand house rule)

    def __reduce__(self) -> tuple[type[DealView], tuple[Any, ...]]:
        return (DealView, constructor_arguments(self))  # see batak_core.frozen

    @property
    def played(self) -> frozenset[Card]:
        """Every card already played this deal, the current trick included."""
        return frozenset(c for t in self.tricks for c in t.cards) | frozenset(self.current_trick)

    def side_tricks(self, seat: int) -> int:
        """Tricks won by ``seat``'s side so far (with partners, the two together)."""
        return side_tricks(self.rules, self.tricks_won, seat)

    @property
    def made(self) -> bool | None:
        """Whether the declaring side has taken its contract so far (None without a declarer)."""
        return contract_made(self.rules, self.declarer, self.contract, self.tricks_won)

    @property
    def mover_hand(self) -> tuple[Card, ...]:
        """The cards of the seat to move as this player sees them: the own hand, or the open
        dummy's when the declarer plays it."""
        return self.dummy_hand if self.to_move is not None and self.to_move == self.dummy else self.hand

    def explain(self, card: object, *, locale: object | None = None) -> Verdict:
        """Whether the card (a Card or text like 'QS') may be played now by the seat this player
        decides for, and why (in ``locale``, a language code; the active language when ``None``)."""
        if self.phase is not Phase.PLAY or self.to_move is None:
            with use_locale(locale):
                raise _wrong_phase(_PLAY_A_CARD, self.phase)
        trump = -1 if self.trump is None else int(self.trump)
        winner = TrickState.of([c.index for c in self.current_trick], self.trick_leader or 0, trump).winner
        exempt = self.rules.partner_winning_exempt and partner_winning(winner, self.to_move)
        return explain_play(self.rules, self.mover_hand, self.current_trick, self.trump, self.trump_broken, card,
                            partner_winning=exempt, locale=locale)

    @property
    def my_turn(self) -> bool:
        """Whether this player decides now (the declarer also decides for an open dummy)."""
        return self.decider == self.seat


class Deal:
    """A deal in progress. Seats are 0..3 in play order: seat s+1 (mod 4) acts after seat s."""

    def __new__(cls, *args: object, **kwargs: object) -> Deal:
        # Spelled out for the compiled build, whose default constructor always runs __init__:
        # ``random`` creates its deal with ``cls.__new__(cls)`` to skip the hand checks.
        return super().__new__(cls)

    def __init__(self, rules: object, hands: Sequence[Sequence[Card | str]], dealer: object = 0,
                 *, kitty: Sequence[Card | str] = (), seed: int | None = None) -> None:
        if not isinstance(rules, RuleSet):
            raise ValueError(f"rules must be a RuleSet (see batak_core.preset), not {shorten(rules)}")
        first = _seat(dealer, "dealer")
        masks, kitty_mask = _dealt_masks(rules, hands, kitty)
        self._start(rules, masks, kitty_mask, first, None if seed is None else check_seed(seed))

    def _start(self, rules: RuleSet, masks: tuple[int, ...], kitty: int, dealer: int,
               seed: int | None) -> None:
        self.rules = rules
        self._tricks_per_deal = rules.tricks_per_deal  # read after every trick: a property of a property
        self.dealer = dealer
        self.seed = seed
        self._initial = masks
        self._kitty = kitty
        self._history: list[Action] = []
        self._reset()

    def _reset(self) -> None:
        """Back to the freshly dealt cards (the history is kept by the caller)."""
        self._hands = list(self._initial)
        self._phase = _AUCTION
        self._to_move: int | None = (self.dealer + 1) % 4
        self._bids: list[Bid] = []
        self._high_bid = 0
        self._high_bidder = -1
        self._passed = 0  # bit s set: seat s has passed
        self._declarer: int | None = None
        self._contract: int | None = None
        self._trump = self.rules.trump_suit  # -1 until named, unless fixed (Koz Maça)
        self._trump_broken = False
        self._trick: list[int] = []
        self._leader = -1
        self._led = -1
        self._top_led = -1
        self._top_trump = -1
        self._win_seat = -1
        self._won = [0, 0, 0, 0]
        self._tricks: list[Trick] = []
        self._announced = [-1, -1, -1, -1]  # Koz Maça announcements per seat
        self._buried = 0
        self._steps: tuple[Step, ...] | None = None

    @classmethod
    def random(cls, rules: object, seed: int | None = None, dealer: object = 0) -> Deal:
        """A shuffled deal; the same seed gives the same cards on every machine.

        Cards are dealt one at a time, starting with the player after the dealer; with a kitty
        the last cards of the deck stay face down.
        """
        if not isinstance(rules, RuleSet):
            raise ValueError(f"rules must be a RuleSet (see batak_core.preset), not {shorten(rules)}")
        dealer_seat = _seat(dealer, "dealer")
        seed = new_seed() if seed is None else check_seed(seed)
        deck = shuffled_deck(seed)
        dealt = 4 * rules.hand_size
        masks = [0, 0, 0, 0]
        for first in range(4):
            mask = 0
            for index in deck[first:dealt:4]:
                mask |= 1 << index
            masks[(dealer_seat + 1 + first) % 4] = mask
        kitty = 0
        for index in deck[dealt:]:
            kitty |= 1 << index
        deal = cls.__new__(cls)  # the engine's own shuffle needs no hand checks
        deal._start(rules, tuple(masks), kitty, dealer_seat, seed)
        return deal

    # --- reading the state -------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_move(self) -> int | None:
        return self._to_move

    @property
    def declarer(self) -> int | None:
        return self._declarer

    @property
    def contract(self) -> int | None:
        return self._contract

    @property
    def trump(self) -> Suit | None:
        return None if self._trump < 0 else Suit(self._trump)

    @property
    def trump_broken(self) -> bool:
        return self._trump_broken

    @property
    def current_trick(self) -> list[Card]:
        return [CARDS[i] for i in self._trick]

    @property
    def trick_leader(self) -> int | None:
        return None if self._leader < 0 else self._leader

    @property
    def tricks(self) -> list[Trick]:
        return list(self._tricks)

    @property
    def tricks_won(self) -> list[int]:
        return list(self._won)

    @property
    def auction(self) -> list[Bid]:
        return list(self._bids)

    @property
    def high_bid(self) -> int | None:
        return self._high_bid or None

    @property
    def history(self) -> list[Action]:
        """Every action so far: replaying them on the same hands rebuilds this exact deal
        (``str(action)`` is the text a save file stores)."""
        return list(self._history)

    @property
    def redeal_demanded(self) -> bool:
        """Whether the cards were thrown in on a weak-hand redeal demand (not because all passed)."""
        return bool(self._history) and self._history[-1] is REDEAL

    def hand(self, seat: object) -> list[Card]:
        """The cards seat ``seat`` (0..3) still holds, sorted by suit and rank."""
        return cards_of(self._hands[_seat(seat, "seat")])

    def initial_hand(self, seat: object) -> list[Card]:
        """The cards seat ``seat`` (0..3) was dealt."""
        return cards_of(self._initial[_seat(seat, "seat")])

    @property
    def kitty(self) -> list[Card]:
        """The face-down cards of a Gömmeli deal (empty otherwise)."""
        return cards_of(self._kitty)

    @property
    def buried(self) -> list[Card]:
        """The four cards the declarer buried (Gömmeli)."""
        return cards_of(self._buried)

    @property
    def announcements(self) -> list[int | None]:
        """Koz Maça: the number each seat announced so far (None where not yet)."""
        return [None if n < 0 else n for n in self._announced]

    @property
    def decider(self) -> int | None:
        """The seat that decides the next action: the player to move, except that the
        declarer plays an open dummy's cards (classic Eşli)."""
        seat = self._to_move
        if (seat is not None and self.rules.dummy and self._phase is _PLAY
                and self._declarer is not None and seat == partner(self._declarer)):
            return self._declarer
        return seat

    @property
    def dummy(self) -> int | None:
        """The seat whose hand lies open (classic Eşli), once trump is named."""
        if self.rules.dummy and self._declarer is not None and self._phase in (_PLAY, _OVER):
            return partner(self._declarer)
        return None

    def hand_mask(self, seat: object) -> int:
        """The cards seat ``seat`` (0..3) still holds, as a mask (for bots and the solver)."""
        return self._hands[_seat(seat, "seat")]

    def side_tricks(self, seat: object) -> int:
        """Tricks won by ``seat``'s side so far (with partners, the two together)."""
        return side_tricks(self.rules, self._won, _seat(seat, "seat"))

    @property
    def made(self) -> bool | None:
        """Whether the declaring side has taken its contract so far (None without a declarer)."""
        return contract_made(self.rules, self._declarer, self._contract, self._won)

    # --- the auction -------------------------------------------------------------------------

    def _dealer_forced(self) -> bool:
        """gamelake: after three passes the dealer must take the contract."""
        return (self.rules.all_pass is _DEALER_MUST_BID and self._high_bidder < 0
                and self._to_move == self.dealer and self._passed.bit_count() == 3)

    def legal_bids(self) -> list[int]:
        """The numbers the player to move may bid (or announce, in Koz Maça) now."""
        if self._phase is not _AUCTION:
            return []
        if self.rules.announcements:
            return list(range(self.rules.announce_min, self.rules.tricks_per_deal + 1))
        low = max(self.rules.min_bid, self._high_bid + 1)
        return list(range(low, self.rules.max_bid + 1))

    @property
    def can_pass(self) -> bool:
        return self._phase is _AUCTION and not self.rules.announcements and not self._dealer_forced()

    @property
    def can_demand_redeal(self) -> bool:
        """House rule (classic): a player holding no card above 10 may demand a new deal."""
        if self._phase is not _AUCTION or not self.rules.weak_hand_redeal or self._to_move is None:
            return False
        return all(card.rank <= 10 for card in cards_of(self._hands[self._to_move]))

    def demand_redeal(self) -> None:
        """The player to move, holding no card above 10, has the cards dealt again."""
        self._require(_AUCTION, _DEMAND_A_REDEAL)
        if not self.can_demand_redeal:
            raise IllegalMove(NO_REDEAL, _("You cannot demand a redeal: these rules have no weak-hand redeal.")
                              if not self.rules.weak_hand_redeal else
                              _("You cannot demand a redeal: you hold a card above 10."))
        self._steps = None
        self._history.append(REDEAL)
        self._phase = _REDEAL
        self._to_move = None

    def bid(self, n: object) -> None:
        """The player to move bids ``n`` tricks."""
        self._require(_AUCTION, _BID)
        if isinstance(n, bool) or not isinstance(n, int):
            raise IllegalMove(BID_BELOW_MINIMUM, _("A bid is a whole number of tricks, not {value}.").format(
                value=shorten(n)))
        legal = self.legal_bids()
        if n not in legal:
            raise self._bid_error(n, legal)
        self._steps = None
        seat = self._require_seat()
        self._bids.append(_BIDS[seat][n])
        self._history.append(Action.bid(n))
        if self.rules.announcements:
            self._announce(seat, n)
            return
        self._high_bid, self._high_bidder = n, seat
        if n == self.rules.max_bid:
            self._passed = 0b1111 & ~(1 << seat)
        self._after_call(seat)

    def _announce(self, seat: int, n: int) -> None:
        """Koz Maça: every player announces once, then the player after the dealer leads."""
        self._announced[seat] = n
        if len(self._bids) < 4:
            self._to_move = (seat + 1) % 4
            return
        self._phase = _PLAY
        self._leader = self._to_move = (self.dealer + 1) % 4

    def _bid_error(self, n: int, legal: list[int]) -> IllegalMove:
        if self.rules.announcements:
            return IllegalMove(BID_TOO_HIGH if n > legal[-1] else BID_BELOW_MINIMUM,
                               _("Announce a number of tricks from {low} to {high}.").format(
                                   low=legal[0], high=legal[-1]))
        # Translators: what the player may do instead, after a colon: "The lowest bid is 5: bid 5 to 13 or pass."
        if legal:
            choices = (_("bid {low} to {high} or pass") if self.can_pass else _("bid {low} to {high}")).format(
                low=legal[0], high=legal[-1])
        else:
            choices = _("no higher bid exists or pass") if self.can_pass else _("no higher bid exists")
        if n > self.rules.max_bid:
            # Translators: {choices} is "bid 5 to 13 or pass" or the like.
            return IllegalMove(BID_TOO_HIGH, _("The highest bid is {high}: {choices}.").format(
                high=self.rules.max_bid, choices=choices))
        if self._high_bid and n <= self._high_bid:
            # Translators: {choices} is "bid 8 to 13 or pass" or the like.
            return IllegalMove(BID_TOO_LOW, _("A bid must beat the current {high}: {choices}.").format(
                high=self._high_bid, choices=choices))
        # Translators: {choices} is "bid 5 to 13 or pass" or the like.
        return IllegalMove(BID_BELOW_MINIMUM, _("The lowest bid is {low}: {choices}.").format(
            low=self.rules.min_bid, choices=choices))

    def pass_bid(self) -> None:
        """The player to move passes and is out of this auction."""
        self._require(_AUCTION, _PASS)
        if self.rules.announcements:
            raise IllegalMove(MUST_ANNOUNCE, _("In Koz Maça nobody passes: announce how many tricks you "
                                               "will take ({low} to {high}).").format(
                                                   low=self.legal_bids()[0], high=self.legal_bids()[-1]))
        if self._dealer_forced():
            raise IllegalMove(DEALER_MUST_BID, _("Everyone else has passed, so as dealer you must take "
                                                 "the contract: bid {low} or more.").format(low=self.rules.min_bid))
        self._steps = None
        seat = self._require_seat()
        self._bids.append(_PASSES[seat])
        self._history.append(PASS)
        self._passed |= 1 << seat
        self._after_call(seat)

    def _after_call(self, seat: int) -> None:
        passes = self._passed.bit_count()
        if passes == 3 and self._high_bidder >= 0:
            self._won_auction(self._high_bidder, self._high_bid)
        elif passes == 4:
            self._all_passed()
        else:
            nxt = (seat + 1) % 4
            while self._passed >> nxt & 1:
                nxt = (nxt + 1) % 4
            self._to_move = nxt

    def _all_passed(self) -> None:
        outcome = self.rules.all_pass
        if outcome is _FIRST_BIDDER_PLAYS:
            self._won_auction((self.dealer + 1) % 4, self.rules.all_pass_bid)
        elif outcome is _DEALER_PLAYS:
            self._won_auction(self.dealer, self.rules.all_pass_bid)
        else:  # REDEAL (DEALER_MUST_BID never lets the fourth pass happen)
            self._phase = _REDEAL
            self._to_move = None

    def _won_auction(self, seat: int, contract: int) -> None:
        self._declarer, self._contract = seat, contract
        self._to_move = seat
        if self.rules.fixed_trump:
            self._trump_named(self.rules.trump_suit)
        else:
            self._phase = _TRUMP

    # --- trump ---------------------------------------------------------------------------------

    def declare_trump(self, suit: object) -> None:
        """The declarer names trump (a Suit or text like 'H') and leads to the first trick."""
        self._require(_TRUMP, _NAME_TRUMP)
        try:
            chosen = Suit.parse(suit)
        except ValueError as error:
            raise IllegalMove("not-a-suit", str(error)) from None
        self._steps = None
        self._history.append(Action.trump(chosen))
        self._trump_named(int(chosen))

    def _trump_named(self, suit: int) -> None:
        """Trump is known: the declarer takes the kitty to bury, or leads at once."""
        self._trump = suit
        seat = self._require_seat()
        if self._kitty:
            self._hands[seat] |= self._kitty
            self._phase = _BURY
        else:
            self._phase = _PLAY
            self._leader = seat

    # --- burying (Gömmeli) -------------------------------------------------------------------

    def bury(self, cards: object) -> None:
        """The declarer buries as many cards as the kitty held, any cards of the hand."""
        self._require(_BURY, _BURY_CARDS)
        if not isinstance(cards, (str, Sequence)):
            raise IllegalMove(BAD_BURY, ngettext("Bury {n} card of your hand, given as a list of cards, not {value}.",
                                                 "Bury {n} cards of your hand, given as a list of cards, not {value}.",
                                                 self.rules.kitty).format(n=self.rules.kitty, value=shorten(cards)))
        try:
            chosen = parse_cards(cards) if isinstance(cards, str) else [Card.parse(c) for c in cards]
        except ValueError as error:
            raise IllegalMove(BAD_BURY, str(error)) from None
        seat = self._require_seat()
        size = self.rules.kitty
        mask = 0
        for card in chosen:
            if not self._hands[seat] & card.bit:
                raise IllegalMove(BAD_BURY, ngettext("{card} is not in your hand; bury {n} of your cards.",
                                                     "{card} is not in your hand; bury {n} of your cards.",
                                                     size).format(card=card.label, n=size))
            mask |= card.bit
        if len(chosen) != size or mask.bit_count() != size:
            if chosen:
                raise IllegalMove(BAD_BURY, ngettext(
                    "Bury exactly {n} different card of your hand, not {cards}.",
                    "Bury exactly {n} different cards of your hand, not {cards}.", size).format(
                        n=size, cards=shorten(describe_cards(chosen[:20]))))
            raise IllegalMove(BAD_BURY, ngettext("Bury exactly {n} different card of your hand, not none.",
                                                 "Bury exactly {n} different cards of your hand, not none.",
                                                 size).format(n=size))
        self._steps = None
        self._history.append(Action(ActionKind.BURY, cards=tuple(cards_of(mask))))
        self._hands[seat] ^= mask
        self._buried = mask
        self._phase = _PLAY
        self._leader = seat

    # --- card play -----------------------------------------------------------------------------

    def _duties(self) -> tuple[Step, ...]:
        steps = self._steps
        if steps is None:
            seat: int = self._to_move  # type: ignore[assignment]
            exempt = self.rules.partner_winning_exempt and partner_winning(self._win_seat, seat)
            steps = self._steps = duties(self.rules, self._hands[seat], self._trump, self._trump_broken,
                                         self._led, self._top_led, self._top_trump, exempt)
        return steps

    def legal_plays(self) -> list[Card]:
        """The cards the player to move may play now (empty outside the play)."""
        if self._phase is not _PLAY:
            return []
        return cards_of((self._steps or self._duties())[-1][1])

    def explain(self, card: object, *, locale: object | None = None) -> Verdict:
        """Whether the player to move may play ``card`` (a Card or text like 'QS') now, with the
        rule and a reason (in ``locale``, a language code; the active language when ``None``)."""
        with use_locale(locale):
            self._require(_PLAY, _PLAY_A_CARD)
            parsed = Card.parse(card)
            state = (TrickState(self._led, self._top_led, self._top_trump, self._win_seat) if self._trick
                     else EMPTY_TRICK)
            return verdict_from_steps(self.rules, self._duties(), self._hands[self._require_seat()],
                                      self._trump, state, parsed)

    def play(self, card: object) -> None:
        """The player to move plays ``card`` (a Card or text like 'QS'); raises IllegalMove
        (state untouched) if forbidden."""
        if self._phase is not _PLAY:
            self._require(_PLAY, _PLAY_A_CARD)
        card = card if type(card) is Card else Card.parse(card)
        index = card.index
        if not (self._steps or self._duties())[-1][1] >> index & 1:
            verdict = self.explain(card)
            raise IllegalMove(verdict.rule, verdict.reason)
        self._steps = None
        seat: int = self._to_move  # type: ignore[assignment]
        self._hands[seat] ^= 1 << index
        self._history.append(PLAYS[index])
        trick = self._trick
        if SUIT_OF[index] == self._trump and not self._trump_broken and breaks_trump(
                self.rules, index, self._trump, self._led if trick else -1):
            self._trump_broken = True
        self._led, self._top_led, self._top_trump, self._win_seat = advance(
            len(trick), self._led, self._top_led, self._top_trump, self._win_seat, seat, index, self._trump)
        trick.append(index)
        if len(trick) < 4:
            self._to_move = (seat + 1) & 3
            return
        self._finish_trick(trick)

    def _finish_trick(self, trick: list[int]) -> None:
        winner = self._win_seat
        first, second, third, fourth = trick
        cards = (CARDS[first], CARDS[second], CARDS[third], CARDS[fourth])
        # tuple.__new__ is Trick(...) without the Python-level __new__ a NamedTuple class runs
        self._tricks.append(tuple.__new__(Trick, (self._leader, cards, winner)))
        self._won[winner] += 1
        self._trick = []
        self._led = self._top_led = self._top_trump = self._win_seat = -1
        if len(self._tricks) == self._tricks_per_deal:
            self._phase = _OVER
            self._to_move = None
            self._leader = -1
        else:
            self._leader = self._to_move = winner

    # --- results ------------------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Points per seat once the deal is over (all zero for a thrown-in deal)."""
        if self._phase is _REDEAL:
            return [0, 0, 0, 0]
        if self._phase is not _OVER:
            raise ValueError(f"the deal is not over yet (phase: {self._phase.value})")
        if self.rules.announcements:
            return score_announcements(self.rules, self._announced, self._won)
        assert self._declarer is not None and self._contract is not None
        return points_per_seat(self.rules, self._declarer, self._contract, self._won)

    @property
    def is_finished(self) -> bool:
        return self._phase in (_OVER, _REDEAL)

    # --- the table's clock ---------------------------------------------------------------------

    def timeout_action(self) -> Action:
        """What the table does when the player to move runs out of time (miniokey's timers):
        pass in the auction, the longest suit becomes trump, the lowest legal card is played."""
        if self._phase is _AUCTION:
            return PASS if self.can_pass else Action.bid(self.legal_bids()[0])
        if self._phase is _TRUMP:
            return Action.trump(longest_suit(self._hands[self._require_seat()]))
        if self._phase is _PLAY:
            return Action.play(min(self.legal_plays(), key=lambda c: (c.rank, c.suit)))
        if self._phase is _BURY:
            lowest = sorted(cards_of(self._hands[self._require_seat()]), key=lambda c: (c.rank, c.suit))
            return Action.bury(lowest[:self.rules.kitty])
        raise IllegalMove(WRONG_PHASE, _("The deal is finished: nobody is on the clock."))

    def act(self, action: object) -> None:
        """Apply an action (what bots return and histories hold); raises IllegalMove, state untouched."""
        if not isinstance(action, Action):
            raise ValueError(f"{shorten(action)} is not an action: build one with batak_core.Action "
                             "(Action.bid(7), Action.play(card), ...) or use Deal.apply(text)")
        kind = action.kind
        if kind is ActionKind.PLAY:
            self.play(action.cards[0])
        elif kind is ActionKind.BID:
            self.bid(action.number)
        elif kind is ActionKind.PASS:
            self.pass_bid()
        elif kind is ActionKind.TRUMP:
            assert action.suit is not None
            self.declare_trump(action.suit)
        elif kind is ActionKind.BURY:
            self.bury(action.cards)
        else:
            self.demand_redeal()

    # --- actions as text, undo and views ------------------------------------------------------

    def apply(self, text: str) -> None:
        """Apply one action written as its text ("bid 7", "pass", "trump H", "play QS", "bury ...")."""
        self.act(Action.parse(text))

    def undo(self) -> None:
        """Take back the last action: the deal is replayed from the deal up to the action
        before, so the state is exactly what it was (and the hot path keeps no snapshots)."""
        if not self._history:
            raise IllegalMove(NOTHING_TO_UNDO, _("Nothing to undo: no action has been taken in this deal."))
        self._replay(self._history[:-1])

    def _replay(self, actions: list[Action]) -> None:
        self._history = []
        self._reset()
        for action in actions:
            self.act(action)

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    def view(self, seat: object) -> DealView:
        """Everything seat ``seat`` (0..3) may know, and nothing else (no other hand is included)."""
        seat = _seat(seat, "seat")
        decider = self.decider
        mine = decider == seat
        dummy = self.dummy
        sees_kitty = seat == self._declarer and self._phase in (_BURY, _PLAY, _OVER)
        return DealView(
            seat=seat, rules=self.rules, dealer=self.dealer, phase=self._phase,
            to_move=self._to_move, hand=tuple(sorted_hand(cards_of(self._hands[seat]))),
            auction=tuple(self._bids), high_bid=self.high_bid, declarer=self._declarer,
            contract=self._contract, trump=self.trump, trump_broken=self._trump_broken,
            current_trick=tuple(self.current_trick), trick_leader=self.trick_leader,
            tricks=tuple(self._tricks), tricks_won=tuple(self._won),
            legal_bids=tuple(self.legal_bids()) if mine else (),
            can_pass=self.can_pass and mine,
            legal_plays=tuple(self.legal_plays()) if mine else (),
            hand_sizes=(self._hands[0].bit_count(), self._hands[1].bit_count(), self._hands[2].bit_count(),
                        self._hands[3].bit_count()),
            decider=decider, announcements=tuple(self.announcements), dummy=dummy,
            dummy_hand=tuple(sorted_hand(cards_of(self._hands[dummy]))) if dummy is not None else (),
            kitty=tuple(self.kitty) if sees_kitty else (),
            buried=tuple(self.buried) if seat == self._declarer else (),
            redeal_demanded=self.redeal_demanded,
            can_demand_redeal=mine and self.can_demand_redeal,
        )

    def snapshot(self) -> tuple[object, ...]:
        """The complete state as one comparable value (tests check undo against it)."""
        return (self._phase, self._to_move, tuple(self._hands), tuple(self._bids), self._high_bid,
                self._high_bidder, self._passed, self._declarer, self._contract, self._trump,
                self._trump_broken, tuple(self._trick), self._leader, self._led, self._top_led,
                self._top_trump, self._win_seat, tuple(self._won), tuple(self._tricks), tuple(self._history),
                tuple(self._announced), self._buried)

    def copy(self) -> Deal:
        """An independent deal in the same position, rebuilt from the action history."""
        clone = Deal(self.rules, [cards_of(m) for m in self._initial], self.dealer, kitty=self.kitty,
                     seed=self.seed)
        for action in self._history:
            clone.act(action)
        return clone

    # --- helpers -------------------------------------------------------------------------------

    def _require(self, phase: Phase, doing: str) -> None:
        """Refuse the action ``doing`` (a key of ``_REFUSALS``) outside ``phase``."""
        if self._phase is not phase:
            raise _wrong_phase(doing, self._phase)

    def _require_seat(self) -> int:
        assert self._to_move is not None
        return self._to_move

    def __repr__(self) -> str:
        return (f"<Deal {self.rules.name} dealer={self.dealer} phase={self._phase.value} "
                f"to_move={self._to_move} tricks={self._won}>")


@dataclass(frozen=True)
class AllPassOutcome:
    """What happens when nobody bids, as the engine plays it out (see ``all_pass_outcome``)."""

    rule: AllPass
    declarer: str | None  # "the dealer" or "the player after the dealer"; None when the cards are thrown in
    contract: int | None  # the forced contract, or the lowest bid the dealer must make (gamelake)
    text: str  # one sentence for lessons, quizzes and the rules text

    def __reduce__(self) -> tuple[type[AllPassOutcome], tuple[Any, ...]]:
        return (AllPassOutcome, constructor_arguments(self))  # see batak_core.frozen


def all_pass_outcome(rules: RuleSet, *, locale: object | None = None) -> AllPassOutcome:
    """What the passes lead to under ``rules``, found by replaying them on a deal, so the lessons,
    the quizzes and the rules text say exactly what the engine does (its ``text`` in ``locale``,
    a language code; the active language when ``None``; ``declarer`` stays English, a key)."""
    with use_locale(locale):
        return _all_pass_outcome(rules)


def _all_pass_outcome(rules: RuleSet) -> AllPassOutcome:
    if rules.announcements:
        raise ValueError("Koz Maça has no auction: everyone announces a number, nobody passes")
    deal = Deal.random(rules, seed=0, dealer=0)
    for _pass in range(3):
        deal.pass_bid()
    if not deal.can_pass:
        low = deal.legal_bids()[0]
        return AllPassOutcome(rules.all_pass, "the dealer", low,
                              _("After three passes the dealer may not pass and must bid {low} or more.").format(
                                  low=low))
    deal.pass_bid()
    if deal.phase is _REDEAL:
        return AllPassOutcome(rules.all_pass, None, None, _("The cards are thrown in and dealt again."))
    if deal.declarer == deal.dealer:
        return AllPassOutcome(rules.all_pass, "the dealer", deal.contract,
                              _("The dealer must play, with a contract of {n}.").format(n=deal.contract))
    return AllPassOutcome(rules.all_pass, "the player after the dealer", deal.contract,
                          _("The player after the dealer must play, with a contract of {n}.").format(
                              n=deal.contract))


# What a player cannot do in the wrong phase: the keys ``Deal._require`` is given.
_PLAY_A_CARD: Final = "play a card"
_DEMAND_A_REDEAL: Final = "demand a redeal"
_BID: Final = "bid"
_PASS: Final = "pass"
_NAME_TRUMP: Final = "name trump"
_BURY_CARDS: Final = "bury cards"

_REFUSALS: Final = {
    _PLAY_A_CARD: N_("You cannot play a card now"),
    _DEMAND_A_REDEAL: N_("You cannot demand a redeal now"),
    _BID: N_("You cannot bid now"),
    _PASS: N_("You cannot pass now"),
    _NAME_TRUMP: N_("You cannot name trump now"),
    _BURY_CARDS: N_("You cannot bury cards now"),
}
"""The refusal of each action, in English (translated where the refusal is raised)."""

_PHASE_TEXT: Final = {
    Phase.AUCTION: N_("the auction is still going on."),
    Phase.TRUMP: N_("the declarer is choosing trump."),
    Phase.PLAY: N_("the cards are being played; the auction is over."),
    Phase.OVER: N_("the deal is over."),
    Phase.REDEAL: N_("the cards are thrown in for a redeal."),
    Phase.BURY: N_("the declarer is burying cards."),
}
"""Why an action is out of place in each phase, in English (translated where it is shown)."""


def _wrong_phase(doing: str, phase: Phase) -> IllegalMove:
    """The refusal of ``doing`` (a key of ``_REFUSALS``) in ``phase``, in the active language."""
    # Translators: {refusal} is a sentence like "You cannot bid now", {reason} the state of the deal
    # after it, like "the deal is over."
    return IllegalMove(WRONG_PHASE, _("{refusal}: {reason}").format(refusal=_(_REFUSALS[doing]),
                                                                    reason=_(_PHASE_TEXT[phase])))


def _seat(seat: object, what: str) -> int:
    """``seat`` as a seat 0..3, else ValueError. The public methods take ``object`` for it, like
    every argument they check themselves: compiled code would turn True into 1 before the check."""
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in (0, 1, 2, 3):
        raise ValueError(f"{what} must be a seat 0..3, not {shorten(seat)}")
    return seat


def _dealt_masks(rules: RuleSet, hands: Sequence[Sequence[Card | str]],
                 kitty: Sequence[Card | str]) -> tuple[tuple[int, ...], int]:
    """Check four hands (and the kitty) that share out the whole deck; return their masks."""
    if isinstance(hands, (str, bytes)) or len(hands) != 4:
        raise ValueError("a deal needs exactly four hands, one per seat")
    groups = [*hands, kitty]
    masks = []
    seen = 0
    for place, group in enumerate(groups):
        where = f"seat {place}" if place < 4 else "the kitty"
        size = rules.hand_size if place < 4 else rules.kitty
        cards = parse_cards(group) if isinstance(group, str) else [
            c if type(c) is Card else Card.parse(c) for c in group]
        mask = 0
        for card in cards:
            if (mask | seen) & card.bit:
                raise ValueError(f"{card.label} is dealt twice ({where})")
            mask |= card.bit
        if len(cards) != size:
            holds = f"{where} holds {len(cards)} cards" if place < 4 else f"the kitty has {len(cards)} cards"
            raise ValueError(f"{holds}; these rules need {size}: {describe_cards(cards) or 'none'}")
        seen |= mask
        masks.append(mask)
    return tuple(masks[:4]), masks[4]
