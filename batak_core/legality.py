"""Which card may be played, and why: the one place the play rules are written.

``duties()`` turns a position into a short chain of narrowing steps, each a rule id and the
set of cards that rule still allows. The last step's set is the legal set; the first step that
excludes a card is the rule the card breaks. ``legal_plays`` and ``explain_play`` both read the
same chain, so they cannot disagree. The chain itself is worked out by ``narrowing()`` as plain
ints (the solver and the bots' inference call it, or ``legal_mask()``, millions of times).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from .cards import ABOVE, CARDS, SUIT_MASKS, SUIT_OF, Card, Suit, cards_of, describe_cards, mask_of
from .errors import shorten
from .frozen import constructor_arguments
from .i18n import N_, _, gettext, use_locale
from .rules import RuleSet, TrumpBreak
from .trick import TrickState

# Stable rule ids. Ids that can forbid a card:
NOT_IN_HAND: Final = "not-in-hand"
TRUMP_NOT_BROKEN: Final = "trump-not-broken"
FOLLOW_SUIT: Final = "follow-suit"
OVERTAKE: Final = "overtake"
RUFF: Final = "ruff"
OVERTRUMP: Final = "overtrump"
# Ids that only ever explain why a card is allowed:
FREE_LEAD: Final = "free-lead"
TRUMP_BROKEN: Final = "trump-broken"
ONLY_TRUMPS: Final = "only-trumps"
NO_OVERTAKE_WHEN_TRUMPED: Final = "no-overtake-when-trumped"
FREE_DISCARD: Final = "free-discard"
NO_RUFF_DUTY: Final = "no-ruff-duty"
FREE_WHEN_CANNOT_OVERTRUMP: Final = "free-when-cannot-overtrump"
PARTNER_WINNING: Final = "partner-winning"

RULE_TITLES: Final[dict[str, str]] = {
    NOT_IN_HAND: N_("only cards in your hand"),
    TRUMP_NOT_BROKEN: N_("no trump lead before trump is broken"),
    FOLLOW_SUIT: N_("follow suit"),
    OVERTAKE: N_("overtake duty: beat the highest card of the led suit"),
    RUFF: N_("ruff: play a trump when void in the led suit"),
    OVERTRUMP: N_("overtrump: beat the highest trump in the trick"),
    FREE_LEAD: N_("any card may be led"),
    TRUMP_BROKEN: N_("trump is broken: trump may be led"),
    ONLY_TRUMPS: N_("a hand of only trumps may lead trump"),
    NO_OVERTAKE_WHEN_TRUMPED: N_("no overtake duty once the trick is trumped"),
    FREE_DISCARD: N_("void in the led suit and in trump: any card"),
    NO_RUFF_DUTY: N_("no ruff duty: void in the led suit, any card"),
    FREE_WHEN_CANNOT_OVERTRUMP: N_("unable to overtrump: any card"),
    PARTNER_WINNING: N_("partner winning: no overtake or ruff duty"),
}
"""A short title for every rule id, for tables and tooltips, in English (``rule_title`` translates)."""


def rule_title(rule: str) -> str:
    """The short title of a rule id in the active language."""
    return gettext(RULE_TITLES[rule])

Step = tuple[str, int]

TOP_THREE: Final = tuple(SUIT_MASKS[s] & (0b111 << (13 * s + 10)) for s in range(4))
ACE_OF: Final = tuple(1 << (13 * s + 12) for s in range(4))


@dataclass(frozen=True)
class Verdict:
    """Whether a card may be played, the rule that decides it, and a sentence saying why."""

    card: Card
    legal: bool
    rule: str
    reason: str

    def __reduce__(self) -> tuple[type[Verdict], tuple[Any, ...]]:
        return (Verdict, constructor_arguments(self))  # see batak_core.frozen


class IllegalMove(ValueError):
    """An action the rules forbid; ``rule`` is a stable id, ``reason`` a sentence for people."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason


_RULE_IDS: Final = (FREE_LEAD, TRUMP_BROKEN, ONLY_TRUMPS, TRUMP_NOT_BROKEN, FOLLOW_SUIT, PARTNER_WINNING,
                    NO_OVERTAKE_WHEN_TRUMPED, OVERTAKE, FREE_DISCARD, NO_RUFF_DUTY, RUFF, OVERTRUMP,
                    FREE_WHEN_CANNOT_OVERTRUMP)
# Each id's place in _RULE_IDS, as ``narrowing`` returns it (literals: compiled code inlines them).
_FREE_LEAD: Final = 0
_TRUMP_BROKEN: Final = 1
_ONLY_TRUMPS: Final = 2
_TRUMP_NOT_BROKEN: Final = 3
_FOLLOW_SUIT: Final = 4
_PARTNER_WINNING: Final = 5
_NO_OVERTAKE_WHEN_TRUMPED: Final = 6
_OVERTAKE: Final = 7
_FREE_DISCARD: Final = 8
_NO_RUFF_DUTY: Final = 9
_RUFF: Final = 10
_OVERTRUMP: Final = 11
_FREE_WHEN_CANNOT_OVERTRUMP: Final = 12
FOLLOW_SUIT_STEP: Final = _FOLLOW_SUIT
"""``narrowing``'s number for the follow-suit step (the search asks whether a hand must follow)."""


def narrowing(rules: RuleSet, hand: int, trump: int, trump_broken: bool,
              led: int, top_led: int, top_trump: int, partner_winning: bool = False) -> tuple[int, int, int, int]:
    """The play rules themselves, as plain ints for the search's hot path (compiled, this returns
    without building an object): (first rule, the cards it allows, second rule or -1, the cards
    left after it). Without a second step the last two repeat -1 and the first step's cards, so
    the fourth number is always the legal set. ``duties`` gives the same steps with rule ids."""
    trumps = hand & SUIT_MASKS[trump] if trump >= 0 else 0
    if led < 0:
        if trump < 0 or not rules.trump_lead_restricted or not trumps:
            return _FREE_LEAD, hand, -1, hand
        if trump_broken:
            return _TRUMP_BROKEN, hand, -1, hand
        if trumps == hand:
            return _ONLY_TRUMPS, hand, -1, hand
        if rules.akq_trump_lead and trumps & TOP_THREE[trump] == TOP_THREE[trump]:
            allowed = (hand & ~trumps) | ACE_OF[trump]
            return _TRUMP_NOT_BROKEN, allowed, -1, allowed
        return _TRUMP_NOT_BROKEN, hand & ~trumps, -1, hand & ~trumps
    exempt = partner_winning and rules.partner_winning_exempt
    follow = hand & SUIT_MASKS[led]
    if follow:
        if exempt:
            return _FOLLOW_SUIT, follow, _PARTNER_WINNING, follow
        if rules.must_overtake:
            if top_trump >= 0 and led != trump and not rules.overtake_when_trumped:
                return _FOLLOW_SUIT, follow, _NO_OVERTAKE_WHEN_TRUMPED, follow
            higher = follow & ABOVE[top_led]
            if higher:
                return _FOLLOW_SUIT, follow, _OVERTAKE, higher
        return _FOLLOW_SUIT, follow, -1, follow
    if not trumps:
        return _FREE_DISCARD, hand, -1, hand
    if not rules.must_ruff:
        return _NO_RUFF_DUTY, hand, -1, hand
    if exempt:
        return _PARTNER_WINNING, hand, -1, hand
    if top_trump >= 0:
        higher = trumps & ABOVE[top_trump]
        if higher and rules.must_overtrump:
            return _RUFF, trumps, _OVERTRUMP, higher
        if not higher and rules.any_card_when_cannot_overtrump:
            return _FREE_WHEN_CANNOT_OVERTRUMP, hand, -1, hand
    return _RUFF, trumps, -1, trumps


def legal_mask(rules: RuleSet, hand: int, trump: int, trump_broken: bool,
               led: int, top_led: int, top_trump: int, partner_winning: bool = False) -> int:
    """The legal set of ``narrowing`` (the search's question: which cards may be played)."""
    return narrowing(rules, hand, trump, trump_broken, led, top_led, top_trump, partner_winning)[3]


def duties(rules: RuleSet, hand: int, trump: int, trump_broken: bool,
           led: int, top_led: int, top_trump: int, partner_winning: bool = False) -> tuple[Step, ...]:
    """The narrowing steps for a hand (mask) in a position; ``trump`` is -1 for no trump.

    ``partner_winning``: the player's partner holds the winning card so far (Eşli).
    The last step's mask is the legal set.
    """
    first, allowed, second, left = narrowing(rules, hand, trump, trump_broken, led, top_led, top_trump,
                                             partner_winning)
    if second < 0:
        return ((_RULE_IDS[first], allowed),)
    return ((_RULE_IDS[first], allowed), (_RULE_IDS[second], left))


_RUFF_ONLY: Final = TrumpBreak.RUFF_ONLY  # a module constant: enum lookups are slow on 3.11


def breaks_trump(rules: RuleSet, card_index: int, trump: int, led: int) -> bool:
    """Whether playing this card breaks trump (``led`` is -1 when the card is the lead)."""
    if SUIT_OF[card_index] != trump:
        return False
    if rules.trump_broken_by is _RUFF_ONLY:
        return led >= 0 and led != trump
    return True


def trump_broken_after(rules: RuleSet, trick: Sequence[Card], trump: Suit | None, broken_before: bool) -> bool:
    """Whether trump counts as broken once the cards of ``trick`` (lead first) are played, when it
    was ``broken_before`` them: what a table shows beside a trick in progress."""
    if broken_before or trump is None or not trick:
        return broken_before
    led = trick[0].suit
    return any(breaks_trump(rules, card.index, int(trump), -1 if i == 0 else led) for i, card in enumerate(trick))


Question = tuple[RuleSet, int, int, TrickState, bool, bool]
"""A checked stateless rule question: rules, hand mask, trump index, trick, trump broken, partner winning."""


def _position(rules: object, hand: object, trick: object, trump: object, trump_broken: object,
              partner_winning: object) -> Question:
    """Check the arguments of a stateless rule question. The public functions take ``object`` for
    the arguments checked here: compiled code would refuse a wrong type with a TypeError first."""
    if not isinstance(rules, RuleSet):
        raise ValueError(f"rules must be a RuleSet (see batak_core.preset), not {shorten(rules)}")
    cards = {}
    for what, given in (("hand", hand), ("trick", trick)):
        if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
            raise ValueError(f"the {what} must be a list of cards, not {shorten(given)}")
        if not all(type(c) is Card for c in given):
            raise ValueError(f"the {what} must hold Card objects (see batak_core.parse_cards), not {shorten(given)}")
        cards[what] = list(given)
    mine, played = cards["hand"], cards["trick"]
    if len(mine) > 13 or len(set(mine)) != len(mine):
        raise ValueError("a hand holds at most 13 different cards" if len(mine) > 13 else "the hand lists a card twice")
    if len(played) > 3:
        raise ValueError(f"a trick in progress has at most 3 cards before yours, not {len(played)}")
    overlap = set(mine) & set(played)
    if overlap or len(set(played)) != len(played):
        raise ValueError(f"a card cannot be both in the hand and in the trick: {describe_cards(sorted(overlap))}"
                         if overlap else "the trick lists a card twice")
    if trump is not None and not isinstance(trump, Suit):
        raise ValueError(f"trump must be a Suit or None, not {shorten(trump)}")
    trump_index = -1 if trump is None else int(trump)
    return (rules, mask_of(mine), trump_index, TrickState.of([c.index for c in played], 0, trump_index),
            _flag("trump_broken", trump_broken), _flag("partner_winning", partner_winning))


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false, not {shorten(value)}")
    return value


def legal_plays(rules: object, hand: Sequence[Card], trick: Sequence[Card],
                trump: object, trump_broken: object, *, partner_winning: object = False) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (cards in play order, lead first).

    ``partner_winning`` matters only in a partnership with the partner-winning exemption.
    """
    checked, hand_mask, trump_index, state, broken, exempt = _position(rules, hand, trick, trump, trump_broken,
                                                                      partner_winning)
    steps = duties(checked, hand_mask, trump_index, broken, state.led, state.top_led, state.top_trump, exempt)
    return cards_of(steps[-1][1])


def explain_play(rules: object, hand: Sequence[Card], trick: Sequence[Card],
                 trump: object, trump_broken: object, card: object, *,
                 partner_winning: object = False, locale: object | None = None) -> Verdict:
    """Whether ``card`` may be played, with the rule id and a sentence a learner understands
    (in ``locale``, a language code; the active language, English unless set, when ``None``)."""
    checked, hand_mask, trump_index, state, broken, exempt = _position(rules, hand, trick, trump, trump_broken,
                                                                      partner_winning)
    chosen = Card.parse(card)
    steps = duties(checked, hand_mask, trump_index, broken, state.led, state.top_led, state.top_trump, exempt)
    with use_locale(locale):
        return verdict_from_steps(checked, steps, hand_mask, trump_index, state, chosen)


def verdict_from_steps(rules: RuleSet, steps: tuple[Step, ...], hand: int, trump: int,
                       state: TrickState, card: Card) -> Verdict:
    """Read a card's verdict off the narrowing chain, its reason in the active language."""
    if not hand & card.bit:
        return Verdict(card, False, NOT_IN_HAND, _("{card} is not in your hand.").format(card=card.label))
    for rule, allowed in steps:
        if not allowed & card.bit:
            return Verdict(card, False, rule, _forbidden_reason(rule, card, allowed, rules, trump, state))
    rule = steps[-1][0]
    return Verdict(card, True, rule, _allowed_reason(rule, card, rules, trump, state))


def _forbidden_reason(rule: str, card: Card, allowed: int, rules: RuleSet, trump: int,
                      state: TrickState) -> str:
    options = describe_cards(cards_of(allowed))
    led = Suit(state.led) if state.led >= 0 else None
    if rule == TRUMP_NOT_BROKEN:
        reason = (_("{card} is a trump, and trump may not be led before it is broken while you hold other "
                    "suits. Trump breaks when someone ruffs (plays a trump on another suit's lead). "
                    "Lead another suit.")
                  if rules.trump_broken_by is TrumpBreak.RUFF_ONLY else
                  _("{card} is a trump, and trump may not be led before it is broken while you hold other "
                    "suits. Trump breaks when someone plays a trump. Lead another suit."))
        if rules.akq_trump_lead:
            reason += " " + _("(House rule: holding A-K-Q of trump you may lead the ace.)")
        return reason.format(card=card.label)
    assert led is not None
    if rule == FOLLOW_SUIT:
        return _("You must follow suit: {suit} were led and you hold {options}.").format(
            suit=led.word(), options=options)
    if rule == OVERTAKE:
        reason = _("You can beat the {top}, so you must play a higher {suit}: {options}.").format(
            top=CARDS[state.top_led].label, suit=led.word(plural=False), options=options)
        if state.trumped:
            reason += " " + _("The trick is already trumped, but these rules keep the overtake duty.")
        return reason
    if rule == RUFF:
        return _("You have no {led}, so you must play a trump ({trump}): {options}.").format(
            led=led.word(), trump=Suit(trump).word(), options=options)
    if rule == OVERTRUMP:
        return _("You have no {led} and can beat the {top} in the trick, so you must overtrump: {options}.").format(
            led=led.word(), top=CARDS[state.top_trump].label, options=options)
    raise AssertionError(f"rule {rule} never forbids a card")


def _allowed_reason(rule: str, card: Card, rules: RuleSet, trump: int, state: TrickState) -> str:
    c = card.label
    if rule == FREE_LEAD:
        if trump >= 0 and SUIT_OF[card.index] == trump and not rules.trump_lead_restricted:
            return _("{card} may be led: these rules allow leading trump at any time.").format(card=c)
        return _("{card} may be led: the leader chooses any suit.").format(card=c)
    if rule == TRUMP_BROKEN:
        return _("{card} may be led: trump is broken, so any suit may be led.").format(card=c)
    if rule == ONLY_TRUMPS:
        return _("{card} may be led: you hold only trumps, so you may lead one before trump is broken.").format(card=c)
    if rule == TRUMP_NOT_BROKEN:
        if SUIT_OF[card.index] == trump:
            return _("{card} may be led: you hold A-K-Q of trump, and the house rule lets you lead the ace.").format(
                card=c)
        return _("{card} may be led: it is not a trump, and trump is not broken yet.").format(card=c)
    if rule == PARTNER_WINNING:
        return _("{card} is allowed: your partner is winning the trick, so the overtake and ruff duties do not "
                 "apply (following suit is enough).").format(card=c)
    led = Suit(state.led)
    if rule == FOLLOW_SUIT:
        if state.top_led >= 0 and rules.must_overtake and state.top_led > card.index:
            return _("{card} follows suit; you cannot beat the {top}, so any {suit} will do.").format(
                card=c, top=CARDS[state.top_led].label, suit=led.word(plural=False))
        return _("{card} follows suit.").format(card=c)
    if rule == OVERTAKE:
        return _("{card} follows suit and beats the {top}, as the overtake duty requires.").format(
            card=c, top=CARDS[state.top_led].label)
    if rule == NO_OVERTAKE_WHEN_TRUMPED:
        return _("{card} follows suit. The trick is already trumped, so under these rules you need not overtake: "
                 "any {suit} will do.").format(card=c, suit=led.word(plural=False))
    if rule == RUFF:
        if state.top_trump < 0:
            return _("{card} is a trump: you have no {led}, so you ruff.").format(card=c, led=led.word())
        top = CARDS[state.top_trump].label
        if card.index > state.top_trump:
            return _("{card} is a trump: you have no {led}, so you ruff (these rules do not require overtrumping "
                     "the {top}).").format(card=c, led=led.word(), top=top)
        return _("{card} is a trump: you have no {led} and cannot beat the {top}, so any trump will do.").format(
            card=c, led=led.word(), top=top)
    if rule == OVERTRUMP:
        return _("{card} overtrumps the {top}, as required.").format(card=c, top=CARDS[state.top_trump].label)
    if rule == FREE_DISCARD:
        if trump >= 0:
            return _("{card} is allowed: you hold neither {led} nor trumps, so any card may be played (it cannot "
                     "win the trick).").format(card=c, led=led.word())
        return _("{card} is allowed: you hold no {led}, so any card may be played.").format(card=c, led=led.word())
    if rule == NO_RUFF_DUTY:
        return _("{card} is allowed: you hold no {led}, and these rules do not require a ruff, so any card may be "
                 "played.").format(card=c, led=led.word())
    if rule == FREE_WHEN_CANNOT_OVERTRUMP:
        return _("{card} is allowed: you cannot beat the {top}, and under these rules you may then play any card, "
                 "a small trump included.").format(card=c, top=CARDS[state.top_trump].label)
    raise AssertionError(f"unknown rule {rule}")


def duty_chain(rules: object, hand: Sequence[Card], trick: Sequence[Card], trump: object,
               trump_broken: object, *, partner_winning: object = False,
               locale: object | None = None) -> list[Verdict]:
    """The whole chain of duties that decides which cards of ``hand`` may be played: one verdict
    per step of ``duties()`` that rules cards out, told on the first card it rules out (``legal``
    false, the very sentence ``explain_play`` gives that card), and the last step, which says why
    the remaining cards are allowed when it rules nothing out itself (told on its first card).
    "You have no hearts, so you must play a trump ... you must overtrump: ..." is two verdicts.
    ``locale`` as for ``explain_play``."""
    with use_locale(locale):
        return _duty_chain(rules, hand, trick, trump, trump_broken, partner_winning)


def _duty_chain(rules: object, hand: Sequence[Card], trick: Sequence[Card], trump: object,
                trump_broken: object, partner_winning: object) -> list[Verdict]:
    checked, hand_mask, trump_index, state, broken, exempt = _position(rules, hand, trick, trump, trump_broken,
                                                                      partner_winning)
    steps = duties(checked, hand_mask, trump_index, broken, state.led, state.top_led, state.top_trump, exempt)
    chain = []
    before = hand_mask
    for number, (_rule, allowed) in enumerate(steps, start=1):
        ruled_out = before & ~allowed
        if ruled_out:
            card = cards_of(ruled_out)[0]
            chain.append(verdict_from_steps(checked, steps, hand_mask, trump_index, state, card))
        elif number == len(steps) and allowed:
            chain.append(verdict_from_steps(checked, steps, hand_mask, trump_index, state, cards_of(allowed)[0]))
        before = allowed
    return chain
