"""Cards, suits and the 52-bit hand masks the whole engine runs on.

A card is one of 52 interned objects; its ``index`` (suit * 13 + rank - 2) is its bit in a
hand mask, so "the clubs in this hand" or "the hearts above the jack" are single ``&``
operations on precomputed masks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import IntEnum
from types import FunctionType
from typing import Final

from mypy_extensions import mypyc_attr

from .errors import shorten
from .i18n import _, format_list, npgettext, pgettext


class Suit(IntEnum):
    """The four suits, in the order hands are sorted and drawn (colours alternate)."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def singular(self) -> str:
        return ("spade", "heart", "diamond", "club")[self]

    @property
    def plural(self) -> str:
        return self.singular + "s"

    def word(self, plural: bool = True) -> str:
        """The suit's name in the active language, for sentences: "hearts" (or "heart" where
        English wants one: "a higher heart"); Turkish "kupa", German "Herz"."""
        if plural:
            return (pgettext("suit, plural", "spades"), pgettext("suit, plural", "hearts"),
                    pgettext("suit, plural", "diamonds"), pgettext("suit, plural", "clubs"))[self]
        return (pgettext("suit, singular", "spade"), pgettext("suit, singular", "heart"),
                pgettext("suit, singular", "diamond"), pgettext("suit, singular", "club"))[self]

    def count(self, n: int) -> str:
        """``n`` cards of the suit in the active language: "1 heart", "3 hearts", "3 kupa", "3 Herz"."""
        return (npgettext("cards of a suit", "{n} spade", "{n} spades", n),
                npgettext("cards of a suit", "{n} heart", "{n} hearts", n),
                npgettext("cards of a suit", "{n} diamond", "{n} diamonds", n),
                npgettext("cards of a suit", "{n} club", "{n} clubs", n))[self].format(n=n)

    @classmethod
    def parse(cls, text: object) -> Suit:
        """A suit from a letter, a symbol or an English name ("H", "♥", "hearts")."""
        if isinstance(text, Suit):
            return text
        key = _text(text, "a suit", "'H'").lower()
        for suit in cls:
            if key in (suit.letter.lower(), suit.symbol, suit.singular, suit.plural,
                       suit.symbol.translate(_OUTLINE_SYMBOLS)):
                return suit
        raise ValueError(_("{text} is not a suit: use S, H, D or C (or ♠ ♥ ♦ ♣, or spades/hearts/diamonds/clubs)")
                         .format(text=shorten(text)))


def _text(value: object, what: str, example: str) -> str:
    """``value`` stripped, when it is text; else the error every parser gives."""
    if not isinstance(value, str):
        raise ValueError(f"{what} must be given as text like {example}, not {shorten(value)}")
    return value.strip()


_OUTLINE_SYMBOLS = str.maketrans("♠♥♦♣", "♤♡♢♧")
_SUIT_BY_CHAR: Final = {ch: suit for suit in Suit for ch in (suit.letter, suit.letter.lower(),
                                                                suit.symbol, suit.symbol.translate(_OUTLINE_SYMBOLS))}

_RANK_TEXT: Final = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
_NUMBER_RANKS: Final = {"T": 10, "10": 10, **{str(r): r for r in range(2, 10)}}
_RANK_BY_TEXT: Final = {"A": 14, "K": 13, "Q": 12, "J": 11, **_NUMBER_RANKS}


@mypyc_attr(native_class=False)  # compiled, a card stays a plain class: 52 objects made without __new__
class Card:
    """A playing card: immutable, hashable, ordered by suit then rank.

    ``Card(Suit.SPADES, 12)`` always returns the same object as ``Card.parse("QS")``.
    """

    __slots__ = ("bit", "index", "rank", "suit")
    suit: Suit
    rank: int
    index: int
    bit: int

    def __new__(cls, suit: Suit | int, rank: int) -> Card:
        if not (isinstance(rank, int) and 2 <= rank <= 14):
            raise ValueError(f"rank must be 2..14 (11 jack, 12 queen, 13 king, 14 ace), not {shorten(rank)}")
        if suit not in (0, 1, 2, 3):
            raise ValueError(f"suit must be a Suit, not {shorten(suit)}")
        return CARDS[int(suit) * 13 + rank - 2]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", Suit(index // 13))
        object.__setattr__(card, "rank", index % 13 + 2)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "bit", 1 << index)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, int]]:
        return (Card, (self.suit, self.rank))

    @classmethod
    def parse(cls, text: object) -> Card:
        """A card from text: rank then suit, e.g. "QS", "Q♠", "qs", "10S", "TS", "10♠"."""
        if isinstance(text, Card):
            return text
        card = _card_from_text(_text(text, "a card", "'QS'"), _RANK_BY_TEXT)
        if card is not None:
            return card
        # Translators: files and the engine's API read cards by their English codes in every language.
        raise ValueError(_("{text} is not a card: write the rank (A K Q J 10/T 9..2) then the suit "
                           "(S H D C or ♠ ♥ ♦ ♣), e.g. 'QS', '10H', 'T♦'").format(text=shorten(text)))

    @property
    def rank_text(self) -> str:
        return _RANK_TEXT.get(self.rank, str(self.rank))

    @property
    def typed(self) -> str:
        """What a person types for the card at a prompt in the active language (``parse_typed_card``):
        the face letter its cards show, or the number, then the suit's letter: "QS", "10H" (Turkish
        "KS" for the kız, German "DS" for the Dame of spades)."""
        return rank_face(self.rank) + self.suit.letter

    @property
    def code(self) -> str:
        """Two characters with 10 as T ("TH"): safe for CSS class names and compact saves."""
        return ("T" if self.rank == 10 else self.rank_text) + self.suit.letter

    @property
    def label(self) -> str:
        """The card as a reader sees it in a sentence, with the letter the active language's cards
        show: "Q♠", "10♥" (Turkish "K♠" for kız, German "D♠" for Dame)."""
        return rank_face(self.rank) + self.suit.symbol

    @property
    def name(self) -> str:
        """The spoken name in the active language, for accessible labels: "queen of spades"."""
        # Translators: a card's spoken name; {rank} is from "rank in a card's name", {suit} a
        # suit's plural name ("queen of spades"; Turkish "maça kızı", German "Pik-Dame").
        return pgettext("card name", "{rank} of {suit}").format(rank=_rank_in_name(self.rank), suit=self.suit.word())

    def __str__(self) -> str:
        return self.rank_text + self.suit.letter

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __hash__(self) -> int:
        return self.index


def _card_from_text(text: str, ranks: Mapping[str, int]) -> Card | None:
    """The card ``text`` names with ``ranks`` (upper-case rank text -> rank) and a suit's letter or
    sign at its end; None when it names none."""
    if len(text) < 2:
        return None
    suit = _SUIT_BY_CHAR.get(text[-1])
    rank = ranks.get(text[:-1].upper())
    return None if suit is None or rank is None else CARDS[suit * 13 + rank - 2]


def parse_typed_card(text: object) -> Card:
    """A card as a person types it at a prompt, read as the active language's cards show it
    (``Card.typed``): the face letter (English A K Q J, Turkish A P K V, German A K D B) or a number
    (10 or T), then the suit (S H D C or ♠ ♥ ♦ ♣). Turkish "KS" is the queen of spades, as the card
    the learner sees shows K for kız. Files and the API read English codes only (``Card.parse``)."""
    if isinstance(text, Card):
        return text
    faces = {rank_face(rank).upper(): rank for rank in range(11, 15)}
    card = _card_from_text(_text(text, "a card", "'QS'"), {**_NUMBER_RANKS, **faces})
    if card is not None:
        return card
    shown = " ".join(rank_face(rank) for rank in (14, 13, 12, 11))
    examples = ", ".join(f"'{example}'" for example in (CARDS[10].typed, "10H", "T♦"))  # the queen of spades
    # Translators: {faces} are the face letters as the language's cards show them ("A P K V");
    # {examples} cards typed that way ("'KS', '10H', 'T♦'").
    raise ValueError(_("{text} is not a card: write the rank ({faces} 10/T 9..2) then the suit "
                       "(S H D C or ♠ ♥ ♦ ♣), e.g. {examples}").format(text=shorten(text), faces=shown,
                                                                        examples=examples))


def rank_face(rank: int) -> str:
    """The letter or number a card of ``rank`` shows in the active language ("Q"; Turkish "K",
    German "D"); numbers stay numbers."""
    if rank <= 10:
        return str(rank)
    # Translators: the letter printed on the card, as that language's cards show it.
    return (pgettext("card face", "J"), pgettext("card face", "Q"), pgettext("card face", "K"),
            pgettext("card face", "A"))[rank - 11]


def _rank_in_name(rank: int) -> str:
    # Translators: a rank as it stands in a card's spoken name, "{rank} of {suit}".
    return (pgettext("rank in a card's name", "2"), pgettext("rank in a card's name", "3"),
            pgettext("rank in a card's name", "4"), pgettext("rank in a card's name", "5"),
            pgettext("rank in a card's name", "6"), pgettext("rank in a card's name", "7"),
            pgettext("rank in a card's name", "8"), pgettext("rank in a card's name", "9"),
            pgettext("rank in a card's name", "10"), pgettext("rank in a card's name", "jack"),
            pgettext("rank in a card's name", "queen"), pgettext("rank in a card's name", "king"),
            pgettext("rank in a card's name", "ace"))[rank - 2]


CARDS: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(52))
"""All 52 cards by index: spades 2..A, hearts 2..A, diamonds 2..A, clubs 2..A."""

FULL_DECK: Final = (1 << 52) - 1
# Typed as a tuple of any length on purpose: compiled code reads one item of it by index, where a
# four-int tuple type would be rebuilt as an object (four new ints) at every lookup.
SUIT_MASKS: Final[tuple[int, ...]] = tuple(0x1FFF << (13 * s) for s in range(4))
ABOVE: Final[tuple[int, ...]] = tuple(
    SUIT_MASKS[i // 13] & ~((2 << i) - 1) for i in range(52)
)
"""ABOVE[i]: the cards of card i's suit that outrank it."""
SUIT_OF: Final[tuple[int, ...]] = tuple(i // 13 for i in range(52))


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Cards from "AS KS 3H" (spaces or commas) or from an iterable of cards/strings."""
    items: Iterable[object]  # each checked by Card.parse
    if isinstance(text, str):
        items = text.replace(",", " ").split()
    elif isinstance(text, Iterable) and not isinstance(text, bytes):
        items = text
    else:
        raise ValueError(f"cards are text like 'AS KS 3H' or a list of cards, not {shorten(text)}")
    return [Card.parse(item) for item in items]


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


_BY_PATTERN: Final[tuple[list[tuple[Card, ...]], ...]] = tuple([()] * 8192 for _ in range(4))
"""For each suit, 13-bit pattern -> its cards lowest first; filled on first use (a list, not a
dict: indexing it is the cheapest lookup there is, compiled or not)."""


def _pattern_cards(suit: int, pattern: int) -> tuple[Card, ...]:
    base = suit * 13
    cards = _BY_PATTERN[suit][pattern] = tuple(CARDS[base + r] for r in range(13) if pattern >> r & 1)
    return cards


def cards_of(mask: int) -> list[Card]:
    """The cards in a mask, sorted by suit then rank (a hot path: unrolled per suit)."""
    out: list[Card] = []
    if mask & 0x1FFF:
        out += _BY_PATTERN[0][mask & 0x1FFF] or _pattern_cards(0, mask & 0x1FFF)
    if mask >> 13 & 0x1FFF:
        out += _BY_PATTERN[1][mask >> 13 & 0x1FFF] or _pattern_cards(1, mask >> 13 & 0x1FFF)
    if mask >> 26 & 0x1FFF:
        out += _BY_PATTERN[2][mask >> 26 & 0x1FFF] or _pattern_cards(2, mask >> 26 & 0x1FFF)
    if mask >> 39 & 0x1FFF:
        out += _BY_PATTERN[3][mask >> 39 & 0x1FFF] or _pattern_cards(3, mask >> 39 & 0x1FFF)
    return out


def indices_of(mask: int) -> list[int]:
    """The card indices in a mask, lowest first (for bots and the solver, which work on ints)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _probe() -> None:
    """Only its type matters: a plain Python function unless this module is compiled."""


_INTERPRETED: Final = isinstance(_probe, FunctionType)


def card_count(mask: int) -> int:
    """How many cards a mask holds: ``mask.bit_count()`` in shifts and masks. Compiled code makes
    ``int.bit_count`` a generic method call (a name lookup and a call each time, a twelfth of
    the solver's time), while this stays arithmetic on one machine word; interpreted, the
    method is the fast way. Masks of up to 56 bits."""
    if _INTERPRETED:
        return mask.bit_count()
    x = mask - (mask >> 1 & 0x55555555555555)
    x = (x & 0x33333333333333) + (x >> 2 & 0x33333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F
    x += x >> 8
    x += x >> 16
    x += x >> 32
    return x & 0x7F


def suit_length(mask: int, suit: int) -> int:
    """How many cards of ``suit`` the hand (a mask) holds."""
    return (mask >> 13 * suit & 0x1FFF).bit_count()


def longest_suit(mask: int) -> Suit:
    """The hand's longest suit; between suits of the same length the stronger one (the higher
    top card, then the next, ...), then the first in suit order. The timeout's trump, the
    lessons' "usual trump" and the drills all choose by this one rule."""
    return max(Suit, key=lambda s: (suit_length(mask, s), mask >> 13 * s & 0x1FFF, -s))


def sorted_hand(cards: Iterable[Card]) -> list[Card]:
    """A hand as players hold it: grouped by suit, high cards first within a suit."""
    return sorted(cards, key=lambda c: (c.suit, -c.rank))


def describe_cards(cards: Iterable[Card]) -> str:
    """'Q♣, 4♣ and 2♦' for sentences, joined as the active language joins a list."""
    return format_list([c.label for c in cards])
