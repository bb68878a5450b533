"""Small endings for the card-play lessons, every verdict the double-dummy solver's.

An ending is a moment late in a deal (3 to 5 tricks left) with all four hands face up. The
solver (``ai.solver``) values each legal card of the player to move: the tricks that player's
side ends the deal with after it, everyone playing perfectly from there. A card is right when it
keeps the best value.

Two kinds of ending: ``play_question`` finds one in a seeded deal the club bots play under the
learner's rules and tags it by a theme (draw trumps, cash a winner, count a suit, ruff,
overtrump, duck, keep a high card, discard, take the trick that saves a trickless defender) with
the small pure functions of ``THEMES``; ``Ending`` is a position a lesson wrote by hand, whose
stated best card a test checks against the solver under every rule book.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from ..ai import solver
from ..ai.bots import get
from ..cards import Card, Suit, describe_cards, mask_of, parse_cards, sorted_hand
from ..deal import Deal, Phase
from ..i18n import N_, _, ngettext, upper_first
from ..legality import legal_plays
from ..rules import DefenderZero, RuleSet
from ..seats import side_mask, side_seats
from ..shuffle import derive_seed
from ..trick import trick_winner
from . import drills
from .names import seat_name

DECLARER: Final = "declarer"
DEFENDER: Final = "defender"

_DEALS: Final = 6  # seeded deals searched for the wanted themes before the others are taken
BEST_PLAY: Final = "best-play"
_FIRST_LEFT, _LAST_LEFT = 5, 3  # the endings start with this many tricks left, down to this many


# --- a position as the themes read it ----------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    """A position of the play seen by the player to move (seat 0 after ``rotated``), with the
    solver's value of each legal card: that player's side's tricks at the end of the deal."""

    rules: RuleSet
    hands: tuple[tuple[Card, ...], ...]
    trump: Suit
    leader: int
    trick: tuple[Card, ...]
    declarer: int | None  # None in Koz Maça, where everyone plays for their own number
    won: int  # tricks the mover's side has taken so far
    values: tuple[tuple[Card, int], ...]

    @property
    def mover(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.hands[self.mover]

    @property
    def best_value(self) -> int:
        return max(v for _c, v in self.values)

    @property
    def best(self) -> frozenset[Card]:
        top = self.best_value
        return frozenset(c for c, v in self.values if v == top)

    @property
    def legal(self) -> tuple[Card, ...]:
        return tuple(c for c, _v in self.values)

    def side(self, seat: int) -> tuple[int, ...]:
        return side_seats(self.rules, seat) if not self.rules.announcements else (seat,)

    def opponents(self) -> tuple[int, ...]:
        mine = self.side(self.mover)
        return tuple(s for s in range(4) if s not in mine)

    def holders(self, suit: Suit) -> tuple[int, ...]:
        """The seats other than the mover that still hold a card of ``suit``."""
        return tuple(s for s in range(4) if s != self.mover and any(c.suit == suit for c in self.hands[s]))

    def winning(self) -> tuple[Card, int] | None:
        """The card winning the trick so far, and its seat."""
        if not self.trick:
            return None
        index = trick_winner(self.trick, self.trump)
        return self.trick[index], (self.leader + index) % 4

    def beats(self, card: Card, other: Card) -> bool:
        """Whether ``card`` played now beats ``other`` (the trick's winning card)."""
        if card.suit == other.suit:
            return card.rank > other.rank
        return card.suit == self.trump

    def is_declarer_side(self) -> bool:
        """Whether the mover plays for a contract (in Koz Maça everyone does, for their own number)."""
        return self.declarer is None or self.mover in self.side(self.declarer)


# --- the themes: small pure functions of a spot ---------------------------------------------


def void_in_led(spot: Spot) -> bool:
    """The trick has a lead and the mover holds none of its suit."""
    return bool(spot.trick) and not any(c.suit == spot.trick[0].suit for c in spot.hand)


def draws_trumps(spot: Spot) -> bool:
    """On lead, the right card is a trump while an opponent still holds trumps and you hold a side card."""
    return (not spot.trick and all(c.suit == spot.trump for c in spot.best)
            and any(any(c.suit == spot.trump for c in spot.hands[s]) for s in spot.opponents())
            and any(c.suit != spot.trump for c in spot.legal))


def top_out(spot: Spot, card: Card) -> bool:
    """No card of the suit left in another hand beats ``card``."""
    return not any(c.suit == card.suit and c.rank > card.rank
                   for s in range(4) if s != spot.mover for c in spot.hands[s])


def cashes(spot: Spot) -> bool:
    """On lead, the right card is a side-suit winner (the highest of its suit still out) that the
    others must follow, while some other lead loses a trick."""
    return (not spot.trick and all(c.suit != spot.trump and top_out(spot, c) and spot.holders(c.suit)
                                   for c in spot.best))


def counts_suit(spot: Spot) -> bool:
    """On lead, the right card is a side card of a suit nobody else holds any more: counted
    out, even a small card wins (if nobody can ruff it)."""
    return not spot.trick and all(c.suit != spot.trump and not spot.holders(c.suit) for c in spot.best)


def ruffs(spot: Spot) -> bool:
    """Out of the led suit, no trump in the trick yet, and the right card is a trump."""
    return (void_in_led(spot) and not any(c.suit == spot.trump for c in spot.trick)
            and all(c.suit == spot.trump for c in spot.best))


def overtrumps(spot: Spot) -> bool:
    """Out of the led suit, an opponent's trump wins the trick, and the right card is a higher trump."""
    win = spot.winning()
    return (win is not None and void_in_led(spot) and win[0].suit == spot.trump
            and win[1] in spot.opponents() and all(spot.beats(c, win[0]) for c in spot.best))


def ducks(spot: Spot) -> bool:
    """A card of yours would win this trick, but the right card lets it go."""
    win = spot.winning()
    return (win is not None and win[1] in spot.opponents() and any(spot.beats(c, win[0]) for c in spot.legal)
            and not any(spot.beats(c, win[0]) for c in spot.best))


def keeps_high(spot: Spot) -> bool:
    """None of your cards can win this trick: the right card is a low one, and playing a higher
    card of its suit gives a trick away."""
    win = spot.winning()
    if win is None or any(spot.beats(c, win[0]) for c in spot.legal):
        return False
    wasted = [c for c, v in spot.values if v < spot.best_value]
    return any(w.suit == b.suit and w.rank > b.rank for w in wasted for b in spot.best)


def discards(spot: Spot) -> bool:
    """Out of the led suit, the right card is a discard (neither the led suit nor trump), and a
    discard from another suit gives a trick away: which suit to keep matters."""
    if not void_in_led(spot):
        return False
    led = spot.trick[0].suit
    plain = {spot.trump, led}
    wrong = [c for c, v in spot.values if v < spot.best_value and c.suit not in plain]
    return (all(c.suit not in plain for c in spot.best)
            and any(w.suit not in {b.suit for b in spot.best} for w in wrong))


def saves_trickless(spot: Spot) -> bool:
    """A lone defender without a trick, under rules that punish a trickless defender: one card
    takes a trick, another leaves the defender with none."""
    return (trickless_penalty(spot.rules) and not spot.is_declarer_side() and spot.won == 0
            and spot.best_value >= 1 and min(v for _c, v in spot.values) == 0)


def trickless_penalty(rules: RuleSet) -> bool:
    """Whether a defender's own tricks decide a trickless penalty under ``rules`` (``drills.not_asked``
    says where there are no lone defenders; ``defender_zero`` whether taking none costs anything)."""
    return (not drills.not_asked(drills.TRICKLESS_DEFENDER_KIND, rules)
            and rules.defender_zero is not DefenderZero.NOTHING)


def trickless_rule(rules: RuleSet) -> str:
    """The learner's rule for a trickless defender, in the engine's own words (``describe``)."""
    return next(d.text for d in rules.describe() if d.option == "defender_zero")


@dataclass(frozen=True)
class Theme:
    """One idea of card play: its title, the test of a spot, and the idea in plain words."""

    title: str
    test: Callable[[Spot], bool]
    idea: str


THEMES: Final[dict[str, Theme]] = {
    "draw-trumps": Theme(N_("Drawing trumps"), draws_trumps,
                         N_("Draw trumps: lead trump while the others still hold some, so that later nobody can "
                            "ruff your winners.")),
    "cash": Theme(N_("Cashing a winner"), cashes,
                  N_("Cash your winner: it is the highest card of its suit still out and the others must follow "
                     "suit, so it takes the trick now; later it could be ruffed or discarded.")),
    "count-suit": Theme(N_("Counting a suit"), counts_suit,
                        N_("Count the suit: nobody else holds a card of it any more, so even your small card "
                           "takes the trick.")),
    "ruff": Theme(N_("Ruffing"), ruffs,
                  N_("Ruff: you have none of the led suit, so a trump takes the trick.")),
    "overtrump": Theme(N_("Overtrumping"), overtrumps,
                       N_("Overtrump: the trick is trumped, and a higher trump of yours takes it.")),
    "duck": Theme(N_("Ducking"), ducks,
                  N_("Duck: you could take this trick, but letting it go keeps your high card for a trick "
                     "that would otherwise be lost.")),
    "keep-high": Theme(N_("Keeping a high card"), keeps_high,
                       N_("Don't waste a high card on a trick you cannot win: play low and keep the high card "
                          "for a trick it can take.")),
    "discard": Theme(N_("Discarding"), discards,
                     N_("Discard well: throw a card of a suit that can no longer win, and keep the suit that "
                        "still matters (the one the declarer is long in).")),
    "save-trick": Theme(N_("Taking the trick that saves you"), saves_trickless,
                        N_("Make sure of one trick: you have none yet, and a defender without a trick is "
                           "punished. Take it now, or keep the card that will take it.")),
    BEST_PLAY: Theme(N_("Finding the best card"), lambda spot: len(spot.best) < len(spot.values),
                     N_("Count the tricks with every hand in view before you play: not every card you may "
                        "play keeps the most for your side.")),
}
"""Every theme a generated ending is tagged with, by name (the quiz kinds); ``BEST_PLAY`` is no kind of
its own: it stands in when a search finds no ending with another theme."""


def themes_of(spot: Spot) -> list[str]:
    """The themes a spot shows (a spot may show several), ``BEST_PLAY`` aside."""
    return [name for name, theme in THEMES.items() if name != BEST_PLAY and theme.test(spot)]


def idea(theme: str, rules: RuleSet) -> str:
    """A theme's idea in plain words, in the active language; the trickless penalty is said as the
    learner's rules say it."""
    text = _(THEMES[theme].idea)
    return f"{text} {trickless_rule(rules)}" if theme == "save-trick" else text


# --- solving ---------------------------------------------------------------------------------


def card_values(rules: RuleSet, hands: Sequence[Sequence[Card]], trump: Suit, leader: int,
                trick: Sequence[Card], won: int = 0, trump_broken: bool = True) -> dict[Card, int]:
    """The solver's value of each legal card of the player to move: the tricks that player's side
    ends the deal with (``won`` already taken), everyone playing perfectly from there."""
    mover = (leader + len(trick)) % 4
    side = 1 << mover if rules.announcements else side_mask(rules, mover)
    pos = solver.Position(rules, (mask_of(hands[0]), mask_of(hands[1]), mask_of(hands[2]), mask_of(hands[3])),
                          int(trump), trump_broken, leader, tuple(c.index for c in trick), side, won)
    return solver.solve_position(pos).card_values


def _rotated(seats: Sequence[Card] | Sequence[tuple[Card, ...]], by: int) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(seats[(s + by) % 4]) for s in range(4))  # type: ignore[arg-type]


def bot_moments(rules: RuleSet, seed: int) -> Iterator[tuple[Deal, int]]:
    """Every decision of the play in a seeded deal the club bots play under ``rules``, from the
    first lead on: the deal (before the decision is made) and the seat that decides it."""
    deal = Deal.random(rules, seed=seed, dealer=seed % 4)
    bots = [get("club", seed=derive_seed(seed, seat)) for seat in range(4)]
    while not deal.is_finished:
        seat = deal.decider
        assert seat is not None
        if deal.phase is Phase.PLAY:
            yield deal, seat
        deal.act(bots[seat].choose(deal.view(seat)))


def _spots(rules: RuleSet, seed: int) -> Iterator[tuple[Deal, int]]:
    """The moments of a bot-played deal that start an ending: 3 to 5 tricks left, trump broken
    (or free to lead), a choice of cards, the player to move deciding for themselves."""
    total = rules.tricks_per_deal
    for deal, seat in bot_moments(rules, seed):
        left = total - len(deal.tricks)
        if left < _LAST_LEFT:
            return
        if (left <= _FIRST_LEFT and deal.to_move == seat and (deal.trump_broken or not rules.trump_lead_restricted)
                and len(deal.legal_plays()) > 1):
            yield deal, seat


def _spot_of(deal: Deal, seat: int) -> Spot:
    """The deal's position turned so that the player to move sits in seat 0 ("You")."""
    trump = deal.trump
    assert trump is not None and deal.trick_leader is not None
    rules = deal.rules
    won = sum(deal.tricks_won[s] for s in ((seat,) if rules.announcements else side_seats(rules, seat)))
    hands = _rotated([tuple(deal.hand(s)) for s in range(4)], seat)
    leader = (deal.trick_leader - seat) % 4
    trick = tuple(deal.current_trick)
    values = card_values(rules, hands, trump, leader, trick, won)
    declarer = None if deal.declarer is None else (deal.declarer - seat) % 4
    return Spot(rules, hands, trump, leader, trick, declarer, won, tuple(values.items()))


def find_spot(rules: RuleSet, seed: int, rng: random.Random, role: str, wanted: Sequence[str],
              others: Sequence[str] = ()) -> tuple[Spot, str]:
    """An ending of a seeded bot-played deal where the player to move plays ``role`` (in Koz
    Maça, where everyone plays for their own number, any player) and the right cards are not all
    the legal ones, showing a theme of ``wanted``; if none turns up in ``_DEALS`` deals, one
    showing a theme of ``others`` found on the way, and failing that any ending with a best card
    (``BEST_PLAY``: some deals, danish ones above all, are thrown in or leave every card as good).
    Returns the spot and its theme."""
    fallback: tuple[Spot, str] | None = None
    any_ending: Spot | None = None
    for attempt in range(4 * _DEALS):
        found: list[tuple[Spot, str]] = []
        for deal, seat in _spots(rules, derive_seed(seed, attempt)):
            if deal.declarer is not None and (seat in side_seats(rules, deal.declarer)) != (role == DECLARER):
                continue
            spot = _spot_of(deal, seat)
            if len(spot.best) == len(spot.values):
                continue
            any_ending = any_ending or spot
            tags = themes_of(spot)
            hit = next((t for t in wanted if t in tags), None)
            if hit is not None:
                found.append((spot, hit))
            elif fallback is None:
                fallback = next(((spot, t) for t in others if t in tags), None)
        if found:
            return rng.choice(found)
        if fallback is not None and attempt >= _DEALS:
            return fallback
    if any_ending is not None:
        return any_ending, BEST_PLAY
    raise RuntimeError(f"no deal gave an ending for {role} play")  # pragma: no cover - never seen


# --- questions -------------------------------------------------------------------------------


def which_card() -> str:
    """The question an ending's prompt ends with, in the active language."""
    return _("Which card do you play?")


def trump_sentence(trump: Suit) -> str:
    """"Hearts ♥ are trump." in the active language."""
    word = trump.word()
    # Translators: {suit} is the suit's plural name, capitalized ("Hearts"), {symbol} its sign (♥).
    return _("{suit} {symbol} are trump.").format(suit=upper_first(word), symbol=trump.symbol)


def situation(spot: Spot) -> str:
    """Who plays for what, and the trick so far, in plain words (the hands are drawn)."""
    rules = spot.rules
    left = len(spot.hand)  # the mover has not played to the current trick yet
    won = spot.won
    if spot.declarer is None:
        role = ngettext("Everyone plays for their own number; you have taken {n} trick so far.",
                        "Everyone plays for their own number; you have taken {n} tricks so far.", won).format(n=won)
    elif spot.declarer == spot.mover:
        role = ngettext("You are the declarer and have taken {n} trick so far.",
                        "You are the declarer and have taken {n} tricks so far.", won).format(n=won)
    elif spot.is_declarer_side():
        role = ngettext("Your partner {name} is the declarer; together you have taken {n} trick so far.",
                        "Your partner {name} is the declarer; together you have taken {n} tricks so far.",
                        won).format(name=seat_name(spot.declarer), n=won)
    elif rules.partnership:
        role = ngettext("{declarer} is the declarer; you defend with your partner {partner} and together you have "
                        "taken {n} trick so far.",
                        "{declarer} is the declarer; you defend with your partner {partner} and together you have "
                        "taken {n} tricks so far.", won).format(declarer=seat_name(spot.declarer),
                                                                partner=seat_name(spot.mover ^ 2), n=won)
    else:
        role = ngettext("{name} is the declarer; you defend and have taken {n} trick so far.",
                        "{name} is the declarer; you defend and have taken {n} tricks so far.",
                        won).format(name=seat_name(spot.declarer), n=won)
    if spot.trick:
        led = _("{name} led; the trick so far is shown.").format(name=seat_name(spot.leader))
    else:
        led = _("You are on lead.")
    tricks = ngettext("{n} trick is left.", "{n} tricks are left.", left).format(n=left)
    return " ".join((trump_sentence(spot.trump), tricks, role, led, _("Every hand is shown face up.")))


def play_question(topic: str, role: str, wanted: Sequence[str], others: Sequence[str], rules: RuleSet, seed: int,
                  rng: random.Random) -> drills.PlayQuestion:
    """A solver-judged ending for ``role`` on a theme of ``wanted`` (keys of ``THEMES``; ``others``
    where none turns up soon, see ``find_spot``) under ``rules``."""
    spot, found = find_spot(rules, seed, rng, role, wanted, others)
    best = spot.best
    value = spot.best_value
    cards = describe_cards(sorted_hand(best))
    if len(best) == 1:
        here = ngettext("Here {cards} keeps {n} trick for your side, with best play by everyone.",
                        "Here {cards} keeps {n} tricks for your side, with best play by everyone.", value)
    else:
        here = ngettext("Here {cards} keep {n} trick for your side, with best play by everyone.",
                        "Here {cards} keep {n} tricks for your side, with best play by everyone.", value)
    why = f"{idea(found, rules)} " + here.format(cards=cards, n=value)
    prompt = f"{situation(spot)} {which_card()}"
    return drills.PlayQuestion(topic, seed, rules, prompt, spot.hands, spot.mover, spot.leader, spot.trick,
                               spot.trump, spot.values, found, why)


# --- hand-written teaching endings --------------------------------------------------------------


@dataclass(frozen=True)
class Ending:
    """A small ending a lesson shows: four hands (seat 0 is you), trump, who led and the trick so
    far, and the card the lesson says is best (the solver checks it under every rule book)."""

    title: str
    idea: str
    hands: tuple[str, str, str, str]
    trump: str
    leader: int
    best: str
    trick: str = ""
    declarer: int | None = 0
    won: int = 0  # tricks your side has taken so far

    @property
    def cards(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(sorted_hand(parse_cards(h))) for h in self.hands)

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        return tuple(parse_cards(self.trick)) if self.trick else ()

    @property
    def trump_suit(self) -> Suit:
        return Suit.parse(self.trump)

    @property
    def mover(self) -> int:
        return (self.leader + len(self.trick_cards)) % 4

    @property
    def best_card(self) -> Card:
        return Card.parse(self.best)

    def legal(self, rules: RuleSet) -> list[Card]:
        return legal_plays(rules, self.cards[self.mover], self.trick_cards, self.trump_suit, True)

    def values(self, rules: RuleSet) -> dict[Card, int]:
        """The solver's value of each legal card under ``rules`` (``card_values``)."""
        return card_values(rules, self.cards, self.trump_suit, self.leader, self.trick_cards, self.won)

    def spot(self, rules: RuleSet) -> Spot:
        return Spot(rules, self.cards, self.trump_suit, self.leader, self.trick_cards, self.declarer, self.won,
                    tuple(self.values(rules).items()))


DECLARER_ENDINGS: Final = (
    Ending(N_("Draw trumps first"),
           N_("Each of the others holds one trump. Lead your king of trumps: all three must follow with their "
              "last trumps, and your 7 of spades and 10 of hearts win the last two tricks. Lead the 10 of hearts "
              "first and a player without hearts ruffs it; lead the 7 of spades first and a higher trump wins."),
           ("7S KS TH", "QS 7C TC", "JS 5H JD", "9S 5D 6D"), "S", leader=0, best="KS", won=2),
    Ending(N_("Cash your winners from the top"),
           N_("Nobody has a trump left. Your king is the highest spade still out: cash it first, and once the "
              "jack has fallen under it your 10 is the top spade and wins too. Lead the 10 first and the jack "
              "takes it: the lead is gone, and you never get it back to cash the king."),
           ("TS KS 4C", "4S 7C 8C", "JS JH KH", "8S TH QH"), "D", leader=0, best="KS", won=5),
    Ending(N_("Count a suit: your small club wins"),
           N_("Count the clubs: the others have none left, and the trumps are all gone. So your 4 of clubs is a "
              "winner, small as it is: take that trick first. Lead the king of diamonds and the ace beats it, and "
              "you never get the lead back."),
           ("4C KD 2H", "AD AH KH", "QH JH QD", "JD TD TH"), "S", leader=0, best="4C", won=6),
    Ending(N_("Ruff in the short hand: the smallest trump that wins"),
           N_("You have no clubs left, so a trump wins this trick, and you play last: nobody can overtrump. The 9 "
              "of diamonds is enough; keep the queen, which still beats the jack and 10 of trumps later."),
           ("TH 9D QD", "JD AC", "6C 9C", "TD TC"), "D", leader=1, trick="JC QC 8C", best="9D", won=5),
)
"""The declarer-play lesson's worked endings (you are the declarer, seat 0)."""

DEFENCE_ENDINGS: Final = (
    Ending(N_("Keep the card that saves you"),
           N_("You have no trick yet. You have no diamond and no trump, so you discard: throw a small club and "
              "keep your ace, which takes a trick when clubs are led. Throw the ace and you end the deal "
              "without a trick."),
           ("6C 7C AC", "5C TC", "7H TH", "TS 9C"), "S", leader=1, trick="TD QS 9S", best="6C", declarer=3),
    Ending(N_("Don't waste a high card on a trick already lost"),
           N_("Ayşe's king of hearts wins this trick whatever you play. Play your 4 and keep the 10: it beats "
              "her 9 of hearts later."),
           ("7S 4H TH", "9H TD", "QS 9D", "9S 7H"), "C", leader=1, trick="KH QH 5H", best="4H", declarer=1,
           won=1),
    Ending(N_("Discard: keep the declarer's long suit guarded"),
           N_("Zeynep, the declarer, still holds two diamonds. You have no club and no trump, so you discard: "
              "throw the heart, which can win nothing, and keep both diamonds. They beat hers, and with only "
              "one left she would make her last diamond."),
           ("9D 8D 5H", "AH KH 2C", "QH JH 3C", "7D 6D"), "S", leader=3, trick="AC", best="5H", declarer=3,
           won=1),
)
"""The defence lesson's worked endings (you defend, seat 0)."""
