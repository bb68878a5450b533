"""An independent legality oracle: "which cards may be played", written straight from RULES.md.

Deliberately plain and deliberately separate from ``batak_core/legality.py``: it shares no code
with the engine (only ``Card`` and ``Suit`` are borrowed, to represent cards), works on plain
lists of cards, and reads every option as a plain attribute of the rule set it is given, with
one ``if`` per option. ``tests/test_legality_oracle.py`` compares it with ``bc.legal_plays`` on
random positions, so a bug has to be made twice, in two different ways, to go unnoticed.

The sections of /work/shared/RULES.md it follows:

- Leading trump: trump may not be led before it is broken (``trump_lead_restricted``) unless
  the hand holds only trumps; classic house rule (``akq_trump_lead``): a hand with the A, K and
  Q of trump may lead the ace before trump is broken.
- Following: follow suit; ``must_overtake``: beat the highest card of the led suit in the trick
  if able; ``overtake_when_trumped``: whether that still holds once a trump is in a trick of
  another suit. When trump was led, the led suit is trump and overtaking means beating the
  highest trump.
- Void in the led suit: ``must_ruff``: play a trump if holding one; ``must_overtrump``: beat a
  trump already in the trick if able; ``any_card_when_cannot_overtrump`` (turkish): holding
  trumps but none above the trick's top trump, any card at all. Neither suit nor trump: any card.
- Eşli (``partner_winning_exempt``): while the partner wins the trick, the overtake and ruff
  duties do not apply: following suit is enough, void means any card.
- No trump: leads are free, following suit as above (with the overtake duty), void: any card.
"""

from __future__ import annotations

from typing import Protocol

from batak_core import Card, Suit


class LegalityOptions(Protocol):
    """The options of a rule set this oracle reads (``bc.RuleSet`` has them all)."""

    @property
    def trump_lead_restricted(self) -> bool: ...
    @property
    def akq_trump_lead(self) -> bool: ...
    @property
    def must_overtake(self) -> bool: ...
    @property
    def overtake_when_trumped(self) -> bool: ...
    @property
    def must_ruff(self) -> bool: ...
    @property
    def must_overtrump(self) -> bool: ...
    @property
    def any_card_when_cannot_overtrump(self) -> bool: ...
    @property
    def partner_winning_exempt(self) -> bool: ...


ACE = 14
KING = 13
QUEEN = 12


def cards_of_suit(cards: list[Card], suit: Suit) -> list[Card]:
    """The cards of one suit, in the order given."""
    return [card for card in cards if card.suit == suit]


def highest_rank(cards: list[Card]) -> int:
    """The highest rank among the cards (all of one suit); 0 when there are none."""
    best = 0
    for card in cards:
        if card.rank > best:
            best = card.rank
    return best


def cards_above(cards: list[Card], rank: int) -> list[Card]:
    """The cards ranked strictly above ``rank``."""
    return [card for card in cards if card.rank > rank]


def oracle_lead(rules: LegalityOptions, hand: list[Card], trump: Suit | None, trump_broken: bool) -> set[Card]:
    """The cards that may be led to an empty trick."""
    everything = set(hand)
    if trump is None:
        return everything  # no trump: leads are free
    trumps = cards_of_suit(hand, trump)
    others = [card for card in hand if card.suit != trump]
    if not rules.trump_lead_restricted:
        return everything  # danish, or the miniokey table setting off
    if trump_broken:
        return everything
    if not others:
        return everything  # a hand of only trumps may lead trump
    allowed = set(others)
    if rules.akq_trump_lead:
        ranks = [card.rank for card in trumps]
        if ACE in ranks and KING in ranks and QUEEN in ranks:
            allowed.add(Card(trump, ACE))  # classic house rule: lead the A-K-Q, starting with the ace
    return allowed


def oracle_follow(rules: LegalityOptions, hand: list[Card], trick: list[Card], trump: Suit | None,
                  partner_winning: bool) -> set[Card]:
    """The cards that may be played to a trick of 1 to 3 cards."""
    led = trick[0].suit
    exempt = False
    if rules.partner_winning_exempt and partner_winning:
        exempt = True  # turkish Eşli: partner is winning, no overtake and no ruff duty

    # Following suit.
    my_led = cards_of_suit(hand, led)
    if my_led:
        if exempt:
            return set(my_led)
        if not rules.must_overtake:
            return set(my_led)
        trick_is_trumped = False
        if trump is not None and led != trump and cards_of_suit(trick, trump):
            trick_is_trumped = True  # ruffed: a trump on a lead of another suit
        if trick_is_trumped and not rules.overtake_when_trumped:
            return set(my_led)  # miniokey, turkish: the overtake duty lapses once trumped
        higher = cards_above(my_led, highest_rank(cards_of_suit(trick, led)))
        if higher:
            return set(higher)
        return set(my_led)  # cannot overtake: any card of the led suit

    # Void in the led suit.
    everything = set(hand)
    if trump is None:
        return everything
    if exempt:
        return everything
    if not rules.must_ruff:
        return everything
    my_trumps = cards_of_suit(hand, trump)
    if not my_trumps:
        return everything  # neither the suit nor trump: any card
    trumps_in_trick = cards_of_suit(trick, trump)
    if not trumps_in_trick:
        return set(my_trumps)  # must ruff, any trump will do
    higher_trumps = cards_above(my_trumps, highest_rank(trumps_in_trick))
    if not higher_trumps and rules.any_card_when_cannot_overtrump:
        return everything  # turkish: cannot overtrump, so any card, a small trump included
    if not rules.must_overtrump:
        return set(my_trumps)  # danish: any trump
    if higher_trumps:
        return set(higher_trumps)
    return set(my_trumps)  # cannot overtrump: still a trump


def oracle_legal(rules: LegalityOptions, hand: list[Card], trick: list[Card], trump: Suit | None,
                 trump_broken: bool, partner_winning: bool = False) -> set[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (cards in play order, lead first)."""
    if not trick:
        return oracle_lead(rules, hand, trump, trump_broken)
    return oracle_follow(rules, hand, trick, trump, partner_winning)
