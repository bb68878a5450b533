"""Play legality: every worked example and edge case of RULES.md under every preset."""

import pytest

import batak_core as bc
from batak_core.teaching.examples import EDGE_CASES, PLAY_EXAMPLES, PlayExample

CASES = [(ex, name) for ex in (*PLAY_EXAMPLES, *EDGE_CASES) for name in ex.legal]


@pytest.mark.parametrize("example,name", CASES, ids=[f"{ex.title[:40]}-{n}" for ex, n in CASES])
def test_example_legal_sets(example: PlayExample, name: str) -> None:
    rules = bc.preset(name, **example.options)
    legal = bc.legal_plays(rules, example.hand, example.trick, example.trump, example.trump_broken)
    assert set(legal) == set(example.legal[name])
    for card in example.hand:
        verdict = bc.explain_play(rules, example.hand, example.trick, example.trump, example.trump_broken, card)
        assert verdict.legal == (card in legal)
        assert verdict.reason and verdict.rule


def test_classic_trick_is_won_by_annas_overtrump() -> None:
    cards = bc.parse_cards("9C QC 3H 7H")
    assert bc.trick_winner(cards, bc.Suit.HEARTS) == 3


def test_miniokey_small_trump_beats_the_ace() -> None:
    assert bc.trick_winner(bc.parse_cards("AD 3H"), bc.Suit.HEARTS) == 1


def test_off_suit_never_wins() -> None:
    assert bc.trick_winner(bc.parse_cards("2C AS AD KH"), bc.Suit.HEARTS) == 3
    assert bc.trick_winner(bc.parse_cards("2C AS AD KD"), bc.Suit.HEARTS) == 0
    assert bc.trick_winner(bc.parse_cards("5C AS 9C KD"), None) == 2


def _verdict(name: str, hand: str, trick: str, card: str, trump: bc.Suit = bc.Suit.HEARTS,
             broken: bool = False) -> bc.Verdict:
    return bc.explain_play(bc.preset(name), bc.parse_cards(hand), bc.parse_cards(trick), trump, broken,
                           bc.Card.parse(card))


def test_reasons_name_the_rule() -> None:
    follow = _verdict("classic", "QC 4C 2D", "9C 3H", "2D")
    assert (follow.legal, follow.rule) == (False, "follow-suit")
    assert "must follow suit" in follow.reason and "clubs" in follow.reason
    overtake = _verdict("classic", "QC 4C 2D", "9C 3H", "4C")
    assert overtake.rule == "overtake" and "9♣" in overtake.reason and "already trumped" in overtake.reason
    exempt = _verdict("miniokey", "QC 4C 2D", "9C 3H", "4C")
    assert exempt.legal and exempt.rule == "no-overtake-when-trumped"
    ruff = _verdict("classic", "3H 5D KS", "9C QC", "5D")
    assert ruff.rule == "ruff" and "no clubs" in ruff.reason
    overtrump = _verdict("classic", "7H 2H AS", "9C QC 3H", "2H")
    assert overtrump.rule == "overtrump" and "3♥" in overtrump.reason
    lead = _verdict("gamelake", "AH 2H 3S", "", "AH")
    assert lead.rule == "trump-not-broken" and "ruffs" in lead.reason
    free = _verdict("turkish", "3H 5H 2D 7S", "9C KH", "2D")
    assert free.legal and free.rule == "free-when-cannot-overtrump"
    missing = _verdict("classic", "3H", "9C", "AS")
    assert (missing.legal, missing.rule) == (False, "not-in-hand")


def test_trump_led_means_overtake_in_trump_even_where_trumped_tricks_exempt() -> None:
    # Trump itself led: the "already trumped" exemption does not apply (RULES.md).
    verdict = _verdict("miniokey", "3H QH 2C", "9H", "3H")
    assert (verdict.legal, verdict.rule) == (False, "overtake")


def test_only_trumps_may_lead_trump() -> None:
    for name in bc.PRESETS:
        verdict = _verdict(name, "AH 2H", "", "2H")
        assert verdict.legal


def test_trump_broken_lifts_the_lead_restriction() -> None:
    assert _verdict("classic", "AH 2S", "", "AH", broken=True).rule == "trump-broken"


def test_position_errors() -> None:
    rules = bc.preset("classic")
    with pytest.raises(ValueError, match="both in the hand and in the trick"):
        bc.legal_plays(rules, bc.parse_cards("AS 2S"), bc.parse_cards("AS"), bc.Suit.HEARTS, False)
    with pytest.raises(ValueError, match="at most 3 cards"):
        bc.legal_plays(rules, bc.parse_cards("AS"), bc.parse_cards("2C 3C 4C 5C"), bc.Suit.HEARTS, False)
    with pytest.raises(ValueError, match="lists a card twice"):
        bc.legal_plays(rules, bc.parse_cards("AS AS"), [], bc.Suit.HEARTS, False)
    with pytest.raises(ValueError, match="empty trick"):
        bc.trick_winner([], bc.Suit.HEARTS)


def test_without_ruff_duty_a_void_player_holding_trumps_is_not_told_they_hold_no_trumps() -> None:
    """Regression: with must_ruff=False the reason said "you hold neither clubs nor trumps"."""
    rules = bc.preset("miniokey").replace(must_ruff=False)
    hand = bc.parse_cards("3H 5D KS")
    verdict = bc.explain_play(rules, hand, bc.parse_cards("9C"), bc.Suit.HEARTS, False, bc.Card.parse("5D"))
    assert verdict.legal and verdict.rule == "no-ruff-duty"
    assert "neither" not in verdict.reason and "do not require" in verdict.reason


def test_a_malformed_card_quotes_only_a_short_piece_of_the_input() -> None:
    """Regression: a 10 MB field was echoed whole in the error message."""
    with pytest.raises(ValueError) as error:
        bc.Card.parse("Q" * 10_000_000)
    assert len(str(error.value)) < 400


@pytest.mark.parametrize("bad", ["7", None, [None], ["AS", "AS"]])
def test_trick_winner_refuses_what_is_not_a_trick(bad: object) -> None:
    """Regression: trick_winner("7", None) returned 0."""
    with pytest.raises(ValueError):
        bc.trick_winner(bad, None)  # type: ignore[arg-type]


@pytest.mark.parametrize("call", [
    lambda: bc.legal_plays(bc.preset("classic"), "QC 4C", [], None, False),  # type: ignore[arg-type]
    lambda: bc.legal_plays(bc.preset("classic"), bc.parse_cards("QC"), [], "H", False),  # type: ignore[arg-type]
    lambda: bc.legal_plays(bc.preset("classic"), bc.parse_cards("QC"), [], None, 1),  # type: ignore[arg-type]
    lambda: bc.legal_plays("classic", bc.parse_cards("QC"), [], None, False),  # type: ignore[arg-type]
])
def test_stateless_rule_functions_check_their_arguments(call: object) -> None:
    with pytest.raises(ValueError):
        call()  # type: ignore[operator]
