"""Cards: parsing every spelling, printing that parses back, immutability and order."""

import pytest

import batak_core as bc
from batak_core.cards import CARDS, FULL_DECK, card_count, cards_of, mask_of


@pytest.mark.parametrize("text", ["QS", "Q♠", "qs", "Q♤", " QS "])
def test_queen_of_spades_spellings(text: str) -> None:
    card = bc.Card.parse(text)
    assert (card.suit, card.rank) == (bc.Suit.SPADES, 12)


@pytest.mark.parametrize("text", ["10S", "TS", "10♠", "ts", "t♠"])
def test_ten_spellings(text: str) -> None:
    assert bc.Card.parse(text) == bc.Card(bc.Suit.SPADES, 10)


def test_every_card_prints_and_parses_back() -> None:
    assert len(set(CARDS)) == 52
    for card in CARDS:
        assert bc.Card.parse(str(card)) is card
        assert bc.Card.parse(card.code) is card
        assert bc.Card.parse(card.label) is card


def test_names_and_codes() -> None:
    ten = bc.Card.parse("10H")
    assert str(ten) == "10H" and ten.code == "TH" and ten.label == "10♥"
    assert bc.Card.parse("QS").name == "queen of spades"
    assert bc.Card.parse("2C").name == "2 of clubs"


@pytest.mark.parametrize("bad", ["", "Q", "1S", "11S", "QX", "Q♠♠", "AAS", "15H"])
def test_malformed_cards_are_refused_with_the_accepted_form(bad: str) -> None:
    with pytest.raises(ValueError, match="is not a card: write the rank"):
        bc.Card.parse(bad)


def test_non_text_is_refused() -> None:
    with pytest.raises(ValueError, match="must be given as text"):
        bc.Card.parse(12)  # type: ignore[arg-type]


def test_constructor_validates() -> None:
    with pytest.raises(ValueError, match=r"rank must be 2\.\.14"):
        bc.Card(bc.Suit.HEARTS, 15)
    with pytest.raises(ValueError, match="suit must be a Suit"):
        bc.Card(7, 10)


def test_cards_are_immutable_hashable_interned() -> None:
    card = bc.Card.parse("AS")
    with pytest.raises(AttributeError):
        card.rank = 2  # type: ignore[misc]
    assert bc.Card(bc.Suit.SPADES, 14) is card
    assert {card: 1}[bc.Card.parse("A♠")] == 1


def test_sorting_is_by_suit_then_rank() -> None:
    cards = bc.parse_cards("2C AS 3H KS 10S")
    assert [str(c) for c in sorted(cards)] == ["10S", "KS", "AS", "3H", "2C"]


def test_parse_cards_accepts_commas_and_lists() -> None:
    assert bc.parse_cards("AS, KS 3H") == bc.parse_cards(["AS", "KS", bc.Card.parse("3H")])


def test_masks_round_trip() -> None:
    hand = bc.parse_cards("AS 2S 10D KC 3H")
    assert cards_of(mask_of(hand)) == sorted(hand)


@pytest.mark.parametrize("text,suit", [("H", bc.Suit.HEARTS), ("♦", bc.Suit.DIAMONDS),
                                       ("clubs", bc.Suit.CLUBS), ("spade", bc.Suit.SPADES)])
def test_suit_parse(text: str, suit: bc.Suit) -> None:
    assert bc.Suit.parse(text) is suit


def test_bad_suit() -> None:
    with pytest.raises(ValueError, match="is not a suit: use S, H, D or C"):
        bc.Suit.parse("X")


def test_card_count_agrees_with_bit_count_on_any_deck_mask() -> None:
    """The solver counts cards with ``card_count`` (arithmetic, fast when compiled): it must give
    ``int.bit_count`` on every mask a deck can make, the extremes included."""
    import random

    rng = random.Random(5)
    masks = [0, 1, FULL_DECK, 1 << 51, FULL_DECK ^ 1, 0x1FFF << 39]
    masks += [rng.getrandbits(52) for _ in range(2000)]
    masks += [sum(1 << c for c in rng.sample(range(52), k)) for k in range(53)]
    for mask in masks:
        assert card_count(mask) == mask.bit_count(), hex(mask)
