"""A moment of the play that the rule lab judges under every preset and saves as JSON.

Four hands, trump, who led, the trick so far and whether trump was broken before it: enough to
ask every rule set which card the player to move may play, and why.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..cards import CARDS, Card, Suit, describe_cards, parse_cards, sorted_hand
from ..deal import Deal, Phase
from ..documents import SaveFileError, json_kind, read_document
from ..errors import shorten
from ..i18n import _, format_number, pgettext, upper_first
from ..legality import Verdict, duty_chain, explain_play, legal_plays, trump_broken_after
from ..rules import PRESETS, RuleSet
from ..seats import partner
from ..shuffle import shuffled_deck
from ..trick import trick_winner
from .examples import PlayExample

POSITION_FORMAT: Final = "batak-tutor/position"
POSITION_VERSION: Final = 1


def _where(seat: int) -> str:
    """Seat ``seat``'s hand, or the trick (seat 4), for a message about a card found there."""
    if seat == 4:
        return _("the trick")
    # Translators: where a card was found, in "Q♠ appears twice (seat 2's hand)"; seats are numbered 0-3.
    return _("seat {seat}'s hand").format(seat=seat)


@dataclass(frozen=True)
class Position:
    """A moment of the play: the four hands, trump, who led, the trick so far, trump broken or not.

    The player to move is the one after the cards already in the trick.
    """

    hands: tuple[tuple[Card, ...], ...]
    trump: Suit | None
    leader: int
    trick: tuple[Card, ...] = ()
    trump_broken: bool = False

    def __post_init__(self) -> None:
        if len(self.hands) != 4:
            raise ValueError("a position needs four hands, one per seat")
        # hands are held sorted, so equal positions compare equal however they were typed
        object.__setattr__(self, "hands", tuple(tuple(sorted_hand(h)) for h in self.hands))
        if self.leader not in (0, 1, 2, 3) or isinstance(self.leader, bool):
            raise ValueError(f"the leader must be a seat 0..3, not {shorten(self.leader)}")
        if len(self.trick) > 3:
            raise ValueError(_("a trick in progress has at most 3 cards before the player to move, "
                               "not {n}").format(n=len(self.trick)))
        seen: set[Card] = set()
        for seat, cards in enumerate((*self.hands, self.trick)):
            if len(cards) > 13:
                raise ValueError(_("{where} holds {n} cards; a hand has at most 13").format(
                    where=_where(seat), n=len(cards)))
            twice = sorted(seen.intersection(cards)) or sorted({c for c in cards if cards.count(c) > 1})
            if twice:
                raise ValueError(_("{cards} appears twice ({where})").format(cards=describe_cards(twice),
                                                                           where=_where(seat)))
            seen.update(cards)
        if not self.hand:
            raise ValueError(_("seat {seat} is to move but holds no cards").format(seat=self.to_move))

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand of the player to move."""
        return self.hands[self.to_move]

    @property
    def partner_winning(self) -> bool:
        """Whether the mover's partner (the seat opposite) holds the winning card of the trick so far:
        under rules with the Eşli exemption the overtake and ruff duties then lapse."""
        if not self.trick:
            return False
        return (self.leader + trick_winner(self.trick, self.trump)) % 4 == partner(self.to_move)

    def legal(self, rules: RuleSet) -> list[Card]:
        return legal_plays(rules, self.hand, self.trick, self.trump, self.trump_broken,
                           partner_winning=self.partner_winning)

    def explain(self, rules: RuleSet, card: Card | str) -> Verdict:
        """The engine's verdict on one card of the mover's hand."""
        return explain_play(rules, self.hand, self.trick, self.trump, self.trump_broken, card,
                            partner_winning=self.partner_winning)

    def verdicts(self, rules: RuleSet) -> list[Verdict]:
        """Every card of the mover's hand, as held (by suit, high first), with the engine's verdict."""
        return [self.explain(rules, card) for card in sorted_hand(self.hand)]

    def duty_chain(self, rules: RuleSet) -> list[Verdict]:
        """The duties that decide the mover's legal cards, step by step (``legality.duty_chain``)."""
        return duty_chain(rules, self.hand, self.trick, self.trump, self.trump_broken,
                          partner_winning=self.partner_winning)

    def breaks_trump(self, rules: RuleSet, card: Card) -> bool:
        """Whether trump counts as broken once the mover plays ``card`` (RULES.md edge case 5): by an
        earlier trick, by a card already in this trick, or by ``card`` itself."""
        return trump_broken_after(rules, (*self.trick, card), self.trump, self.trump_broken)

    def trump_broken_under(self, rules: RuleSet) -> bool:
        """Whether trump is broken now, the trick's own cards counted, under ``rules``."""
        return trump_broken_after(rules, self.trick, self.trump, self.trump_broken)

    def describe(self, rules: RuleSet | Sequence[RuleSet] | None = None) -> str:
        """One sentence of context: trump, broken or not (by the trick's own cards too, under
        ``rules``; without rules, under every preset), and the trick so far."""
        trump = describe_trump(self.trump, self.trick, self.trump_broken,
                               tuple(PRESETS.values()) if rules is None else rules)
        if not self.trick:
            return f"{trump} " + _("You are on lead.")
        played = self.trick[0].label
        for card in self.trick[1:]:
            # Translators: the cards of a trick in the order they were played, "9♣, then Q♥".
            played = pgettext("cards in play order", "{first}, then {next}").format(first=played, next=card.label)
        text = f"{trump} " + _("The trick so far: {cards} (the {card} was led).").format(
            cards=played, card=self.trick[0].label)
        if isinstance(rules, RuleSet) and rules.partnership and self.partner_winning:
            text += " " + _("Your partner, opposite you, is winning it so far.")
        return text

    @classmethod
    def from_example(cls, example: PlayExample) -> Position:
        """A worked example as a position with you (seat 0) to move; the other seats hold unseen cards."""
        return cls.around(example.hand, example.trick, example.trump, leader=-len(example.trick) % 4,
                          trump_broken=example.trump_broken)

    @classmethod
    def from_deal(cls, deal: Deal) -> Position:
        if deal.phase is not Phase.PLAY or deal.trick_leader is None:
            raise ValueError("a position is taken during the play of the cards")
        return cls(tuple(tuple(deal.hand(s)) for s in range(4)), deal.trump, deal.trick_leader,
                   tuple(deal.current_trick), deal.trump_broken)

    @classmethod
    def around(cls, hand: str | Iterable[Card | str], trick: str | Iterable[Card | str] = (),
               trump: Suit | str | None = None, *, leader: int = 1, trump_broken: bool = False) -> Position:
        """A position built around the mover's hand; the other seats get the unseen cards."""
        mine = tuple(parse_cards(hand))
        played = tuple(parse_cards(trick))
        to_move = (leader + len(played)) % 4
        pool = [CARDS[i] for i in shuffled_deck(0) if CARDS[i] not in mine and CARDS[i] not in played]
        hands: list[tuple[Card, ...]] = []
        for seat in range(4):
            if seat == to_move:
                hands.append(mine)
                continue
            already = (seat - leader) % 4 < len(played)
            size = len(mine) - (1 if already else 0)
            hands.append(tuple(sorted_hand(pool[:size])))
            del pool[:size]
        return cls(tuple(hands), None if trump is None else Suit.parse(trump), leader, played, trump_broken)

    # JSON, for the rule lab's save and load
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": POSITION_FORMAT, "version": POSITION_VERSION,
            "hands": [[c.code for c in sorted_hand(h)] for h in self.hands],
            "trump": None if self.trump is None else self.trump.letter,
            "leader": self.leader, "trick": [c.code for c in self.trick],
            "trump_broken": self.trump_broken,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> Position:
        """A position from JSON; raises SaveFileError saying what is wrong."""

        data = read_document(text, formats=(POSITION_FORMAT,), version=POSITION_VERSION, what="position file")
        fields = ("format", "version", "hands", "trump", "leader", "trick", "trump_broken")
        for name in data:
            if name not in fields:
                raise SaveFileError(_("the position has an unknown field {name}; its fields are: {fields}").format(
                    name=shorten(name), fields=", ".join(fields)))

        def found_instead(value: object) -> str:
            if isinstance(value, list):
                # Translators: what a position file holds instead of the cards it should, "a list of 14".
                return _("a list of {n}").format(n=format_number(len(value)))
            return json_kind(value)

        def cards(value: object, seat: int | None, most: int) -> tuple[Card, ...]:
            if seat is None:
                what = "'trick'"
                if not isinstance(value, list) or len(value) > most:
                    raise SaveFileError(_("the position is invalid: 'trick' must be a list of at most {most} card "
                                          "names like \"QS\", not {found}").format(most=most,
                                                                                  found=found_instead(value)))
            else:
                what = _where(seat)
                if not isinstance(value, list) or len(value) > most:
                    raise SaveFileError(_("the position is invalid: seat {seat}'s hand must be a list of at most "
                                          "{most} card names like \"QS\", not {found}").format(
                                              seat=seat, most=most, found=found_instead(value)))
            try:
                return tuple(Card.parse(c) for c in value)
            except ValueError as error:
                # Translators: {what} is "seat 2's hand" or 'trick' (a field of the file); {error} what is wrong.
                raise SaveFileError(_("the position is invalid: {what}: {error}").format(
                    what=what, error=error)) from None

        if "hands" not in data:
            raise SaveFileError(_("the position has no 'hands' field"))
        hands = data["hands"]
        if not isinstance(hands, list) or len(hands) != 4:
            raise SaveFileError(_("the position is invalid: 'hands' must be four lists of cards, one per seat, "
                                  "not {found}").format(found=found_instead(hands)))
        dealt = tuple(cards(hand, seat, 13) for seat, hand in enumerate(hands))
        trick = cards(data.get("trick", []), None, 3)
        trump, leader, broken = data.get("trump"), data.get("leader", 0), data.get("trump_broken", False)
        if type(leader) is not int or not 0 <= leader <= 3:
            raise SaveFileError(_("the position is invalid: 'leader' must be a seat 0..3, not {value}").format(
                value=shorten(leader)))
        if type(broken) is not bool:
            raise SaveFileError(_("the position is invalid: 'trump_broken' must be true or false, "
                                  "not {value}").format(value=shorten(broken)))
        if trump is not None and not isinstance(trump, str):
            raise SaveFileError(_("the position is invalid: 'trump' must be a suit S, H, D or C, or null, "
                                  "not {value}").format(value=shorten(trump)))
        try:
            return cls(dealt, None if trump is None else Suit.parse(trump), leader, trick, broken)
        except ValueError as error:
            raise SaveFileError(_("the position is invalid: {error}").format(error=error)) from None


def describe_trump(trump: Suit | None, trick: Sequence[Card], broken_before: bool,
                   rules: RuleSet | Sequence[RuleSet]) -> str:
    """"Hearts ♥ are trump (broken)." for a trick in progress: broken when it was before the trick or
    when the trick's own cards broke it under ``rules`` (``legality.trump_broken_after``; under
    gamelake only a ruff breaks trump). Given several rule sets that disagree, it names who says what."""
    if trump is None:
        return _("No trump.")
    sets = (rules,) if isinstance(rules, RuleSet) else tuple(rules)
    if not sets:
        raise ValueError("describe trump under at least one rule set")
    broken = {r.name: trump_broken_after(r, trick, trump, broken_before) for r in sets}
    word = trump.word()
    suit = upper_first(word)
    if len(set(broken.values())) == 1:
        # Translators: {suit} is the suit's plural name, capitalized ("Hearts"), {symbol} its sign (♥).
        return (_("{suit} {symbol} are trump (broken).") if next(iter(broken.values()))
                else _("{suit} {symbol} are trump (not broken yet).")).format(suit=suit, symbol=trump.symbol)
    yes = ", ".join(name for name, b in broken.items() if b)
    no = ", ".join(name for name, b in broken.items() if not b)
    # Translators: {yes} and {no} list rule sources by their names (miniokey, classic, ...), which stay as they are.
    return _("{suit} {symbol} are trump (broken under {yes}; not broken yet under {no}).").format(
        suit=suit, symbol=trump.symbol, yes=yes, no=no)


def compare_presets(position: Position, extra: Sequence[RuleSet] = ()) -> dict[str, list[Verdict]]:
    """Every preset's (and every extra rule set's) verdict on each card of the mover's hand."""
    return {rules.name: position.verdicts(rules) for rules in (*PRESETS.values(), *extra)}
