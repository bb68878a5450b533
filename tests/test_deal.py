"""Deals: the auction with its five all-pass outcomes, trump, play, undo and views."""

from collections.abc import Callable

import pytest

import batak_core as bc
from batak_core import Deal, preset
from batak_core.scoring import score_deal
from tests.conftest import auction, suit_hands


def test_seeded_deal_is_the_same_everywhere() -> None:
    # Pinned: a changed shuffle would silently change every shared classroom deal number.
    deal = bc.Deal.random(bc.preset("miniokey"), seed=4711)
    assert " ".join(str(c) for c in deal.hand(1)) == GOLDEN_4711_SEAT_1
    again = bc.Deal.random(bc.preset("classic"), seed=4711)
    assert all(deal.hand(s) == again.hand(s) for s in range(4))
    assert sum(len(deal.hand(s)) for s in range(4)) == 52


GOLDEN_4711_SEAT_1 = "6S 8S JS KS 5H 8H 10H JH 2D 2C 3C KC AC"


def test_random_deal_without_seed_records_one() -> None:
    deal = bc.Deal.random(bc.preset("classic"))
    assert isinstance(deal.seed, int)


def test_auction_starts_after_the_dealer_and_skips_passed_players() -> None:
    deal = bc.Deal.random(bc.preset("classic"), seed=1, dealer=2)
    assert deal.to_move == 3
    auction(deal, "5 p 6")  # seats 3, 0, 1
    assert deal.to_move == 2
    auction(deal, "p")  # seat 2
    assert deal.to_move == 3, "seat 0 passed and is skipped"
    auction(deal, "p")  # seat 3 passes: only seat 1 is left
    assert (deal.phase, deal.declarer, deal.contract, deal.to_move) == ("trump", 1, 6, 1)


def test_bid_of_thirteen_ends_the_auction_at_once() -> None:
    deal = bc.Deal.random(bc.preset("classic"), seed=1)
    auction(deal, "5 13")
    assert (deal.phase, deal.declarer, deal.contract) == ("trump", 2, 13)


@pytest.mark.parametrize("name,declarer,contract", [
    ("miniokey", 1, 4),  # the first bidder, after the dealer (seat 0)
    ("classic", 0, 4),  # the dealer
    ("turkish", 0, 5),
])
def test_all_pass_outcomes_with_a_forced_contract(name: str, declarer: int, contract: int) -> None:
    deal = bc.Deal.random(bc.preset(name), seed=3, dealer=0)
    auction(deal, "p p p p")
    assert (deal.phase, deal.declarer, deal.contract, deal.to_move) == ("trump", declarer, contract, declarer)


def test_all_pass_danish_throws_in() -> None:
    deal = bc.Deal.random(bc.preset("danish"), seed=3)
    auction(deal, "p p p p")
    assert (deal.phase, deal.to_move) == ("redeal", None)
    assert deal.scores() == [0, 0, 0, 0]
    with pytest.raises(bc.IllegalMove) as error:
        deal.bid(5)
    assert error.value.rule == "wrong-phase"


def test_all_pass_gamelake_dealer_must_bid_the_minimum_or_more() -> None:
    deal = bc.Deal.random(bc.preset("gamelake"), seed=3, dealer=0)
    auction(deal, "p p p")
    assert deal.to_move == 0 and not deal.can_pass
    assert deal.legal_bids() == list(range(4, 14))
    with pytest.raises(bc.IllegalMove) as error:
        deal.pass_bid()
    assert error.value.rule == "dealer-must-bid" and "4 or more" in error.value.reason
    deal.bid(6)
    assert (deal.phase, deal.declarer, deal.contract) == ("trump", 0, 6)


def test_gamelake_dealer_may_pass_after_a_bid() -> None:
    deal = bc.Deal.random(bc.preset("gamelake"), seed=3, dealer=0)
    auction(deal, "4 p p p")
    assert (deal.declarer, deal.contract) == (1, 4)


def test_a_pass_is_final_and_bids_must_climb() -> None:
    deal = bc.Deal.random(bc.preset("classic"), seed=1)
    auction(deal, "6")
    for bad, rule in [(6, "bid-too-low"), (5, "bid-too-low"), (14, "bid-too-high")]:
        with pytest.raises(bc.IllegalMove) as error:
            deal.bid(bad)
        assert error.value.rule == rule
    assert deal.legal_bids() == list(range(7, 14))
    fresh = bc.Deal.random(bc.preset("classic"), seed=1)
    with pytest.raises(bc.IllegalMove) as error:
        fresh.bid(4)
    assert error.value.rule == "bid-below-minimum" and "lowest bid is 5" in error.value.reason
    assert bc.Deal.random(bc.preset("classic", min_bid=4), seed=1).legal_bids()[0] == 4


def test_actions_out_of_phase_are_refused_without_change() -> None:
    deal = bc.Deal.random(bc.preset("classic"), seed=1)
    before = deal.snapshot()
    for act in (lambda: deal.play("AS"), lambda: deal.declare_trump("H")):
        with pytest.raises(bc.IllegalMove) as error:
            act()
        assert error.value.rule == "wrong-phase"
    assert deal.snapshot() == before


def test_edge_case_5_only_trumps_lead_breaks_trump_except_gamelake() -> None:
    for name in bc.PRESETS:
        deal = bc.Deal(bc.preset(name), suit_hands("S"), dealer=0)  # seat 1 holds all hearts
        auction(deal, "13")
        deal.declare_trump("H")
        deal.play("AH")
        assert deal.trump_broken is (name != "gamelake"), name


def test_gamelake_ruff_breaks_trump() -> None:
    deal = bc.Deal(bc.preset("gamelake"), suit_hands("S"), dealer=0)
    auction(deal, "13")
    deal.declare_trump("S")  # seat 1 (hearts) leads; seat 0 holds the spades
    deal.play("2H")
    deal.play("2D")  # seats 2 and 3: no hearts, no trump
    deal.play("2C")
    assert not deal.trump_broken
    deal.play("2S")  # seat 0 ruffs
    assert deal.trump_broken


def test_whole_deal_and_scores() -> None:
    deal = bc.Deal(bc.preset("classic"), suit_hands("S"), dealer=3)
    auction(deal, "7 p p p")  # seat 0 holds all spades
    deal.declare_trump("S")
    while deal.phase == "play":
        deal.play(deal.legal_plays()[-1])
    assert deal.tricks_won == [13, 0, 0, 0]
    assert deal.scores() == [76, -70, -70, -70]
    assert len(deal.tricks) == 13 and all(t.winner == 0 for t in deal.tricks)


def test_illegal_play_raises_with_the_rule_and_leaves_the_state() -> None:
    deal = bc.Deal.random(bc.preset("classic"), seed=11)
    auction(deal, "5 p p p")
    deal.declare_trump("H")
    deal.play(deal.legal_plays()[0])
    before = deal.snapshot()
    illegal = [c for c in deal.hand(deal.to_move or 0) if c not in deal.legal_plays()]
    assert illegal
    with pytest.raises(bc.IllegalMove) as error:
        deal.play(illegal[0])
    assert error.value.rule == deal.explain(illegal[0]).rule
    assert deal.snapshot() == before
    with pytest.raises(ValueError, match="not a card"):
        deal.play("ZZ")
    assert deal.snapshot() == before


def test_undo_restores_exactly() -> None:
    deal = bc.Deal.random(bc.preset("turkish"), seed=5)
    before_each: list[tuple[object, ...]] = []
    for action in ["bid 6", "pass", "pass", "pass", "trump C"]:
        before_each.append(deal.snapshot())
        deal.apply(action)
    for _ in range(9):
        before_each.append(deal.snapshot())
        deal.play(deal.legal_plays()[0])
    while before_each:
        deal.undo()
        assert deal.snapshot() == before_each.pop()
    assert not deal.can_undo
    with pytest.raises(bc.IllegalMove, match="Nothing to undo"):
        deal.undo()


def test_view_shows_only_what_the_player_may_know() -> None:
    deal = bc.Deal.random(bc.preset("classic"), seed=9)
    auction(deal, "5 p p p")
    deal.declare_trump("D")
    deal.play(deal.legal_plays()[0])
    view = deal.view(2)
    assert set(view.hand) == set(deal.hand(2))
    others = {c for s in (0, 1, 3) for c in deal.hand(s)}
    assert not others & set(view.hand)
    assert view.current_trick == tuple(deal.current_trick)
    assert view.legal_plays == tuple(deal.legal_plays())
    assert deal.view(0).legal_plays == ()


def test_view_exposes_no_hidden_hand() -> None:
    deal = bc.Deal.random(bc.preset("classic"), seed=9)
    view = deal.view(0)
    hidden = {c for s in (1, 2, 3) for c in deal.hand(s)}
    values = [getattr(view, f) for f in view.__dataclass_fields__]
    flat = set()
    for value in values:
        if isinstance(value, tuple):
            flat.update(x for x in value if isinstance(x, bc.Card))
    assert not flat & hidden


def test_timeout_actions_follow_miniokey() -> None:
    deal = bc.Deal(bc.preset("miniokey"), suit_hands("S"), dealer=3)
    assert str(deal.timeout_action()) == "pass"
    auction(deal, "5 p p p")
    assert str(deal.timeout_action()) == "trump S"
    deal.act(deal.timeout_action())
    assert str(deal.timeout_action()) == "play 2S"


def test_hands_are_checked() -> None:
    hands = suit_hands()
    with pytest.raises(ValueError, match="exactly four hands"):
        bc.Deal(bc.preset("classic"), hands[:3])
    hands[1] = [*hands[1][:12], hands[0][0]]
    with pytest.raises(ValueError, match="dealt twice"):
        bc.Deal(bc.preset("classic"), hands)
    short = suit_hands()
    short[2] = short[2][:12]
    with pytest.raises(ValueError, match="seat 2 holds 12 cards; these rules need 13"):
        bc.Deal(bc.preset("classic"), short)
    with pytest.raises(ValueError, match="dealer must be a seat"):
        bc.Deal(bc.preset("classic"), suit_hands(), dealer=4)


def test_apply_and_act_parse_actions() -> None:
    deal = bc.Deal.random(bc.preset("classic"), seed=2)
    deal.apply("bid 5")
    deal.act(bc.Action.pass_())
    deal.act(bc.Action.call(None))
    deal.apply("pass")
    deal.act(bc.Action.trump(bc.Suit.HEARTS))
    deal.act(bc.Action.play(deal.legal_plays()[0]))
    assert [str(a) for a in deal.history[:5]] == ["bid 5", "pass", "pass", "pass", "trump H"]
    with pytest.raises(ValueError, match="is not an action"):
        deal.apply("double")
    with pytest.raises(ValueError, match="is not an action"):
        deal.act("AS")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="is not an action"):
        deal.act(None)  # type: ignore[arg-type]


def test_copy_is_independent() -> None:
    deal = bc.Deal.random(bc.preset("classic"), seed=2)
    auction(deal, "5 p p p")
    clone = deal.copy()
    clone.declare_trump("S")
    assert deal.phase == "trump" and clone.phase == "play"


@pytest.mark.parametrize("seat", [4, -1, True, "0", None, 2**70])
def test_a_hand_is_asked_for_by_seat_0_to_3_only(seat: object) -> None:
    """Regression: deal.hand(4) raised IndexError while hand(-1) and hand(True) silently returned
    another seat's hand."""
    deal = bc.Deal.random(bc.preset("classic"), seed=1)
    for ask in (deal.hand, deal.initial_hand, deal.hand_mask, deal.side_tricks, deal.view):
        with pytest.raises(ValueError, match=r"seat 0\.\.3"):
            ask(seat)  # type: ignore[arg-type]


@pytest.mark.parametrize("cards", [None, 4, [None], ["ZZ"], "AS " * 1000])
def test_bury_refuses_what_is_not_four_cards_with_an_illegal_move(cards: object) -> None:
    """Regression: bury(None) raised TypeError."""
    deal = bc.Deal.random(bc.preset("turkish", "gommeli"), seed=2)
    deal.bid(5)
    while deal.phase is bc.Phase.AUCTION:
        deal.pass_bid()
    deal.declare_trump("S")
    before = deal.snapshot()
    with pytest.raises(bc.IllegalMove) as error:
        deal.bury(cards)  # type: ignore[arg-type]
    assert error.value.rule == "bad-bury" and len(str(error.value)) < 300
    assert deal.snapshot() == before


def test_timeout_trump_breaks_length_tie_by_strength() -> None:
    """Regression: ``hand & SUIT_MASKS[s] >> 13*s`` parsed as ``hand & (SUIT_MASKS[s] >> 13*s)``,
    so spades 2-6 were chosen over clubs A-10 (both five long)."""
    hands = ["2S 3S 4S 5S 6S 10C JC QC KC AC 2H 3H 4D", "7S 8S 9S 10S JS QS KS AS 5H 6H 7H 8H 9H",
             "10H JH QH KH AH 5D 6D 7D 8D 9D 10D JD QD", "KD AD 2D 3D 2C 3C 4C 5C 6C 7C 8C 9C 4H"]
    deal = bc.Deal(bc.preset("miniokey"), [h.split() for h in hands], dealer=3)
    deal.bid(5)
    for _ in range(3):
        deal.pass_bid()
    assert str(deal.timeout_action()) == "trump C"


@pytest.mark.parametrize("call", [
    lambda: Deal("x", [[]] * 4),  # type: ignore[arg-type]
    lambda: Deal.random("x", seed=1),  # type: ignore[arg-type]
    lambda: score_deal("x", 0, 5, [4, 3, 3, 3]),  # type: ignore[arg-type]
    lambda: _trump_phase().declare_trump(5),  # type: ignore[arg-type]
    lambda: _trump_phase().declare_trump(None),  # type: ignore[arg-type]
    lambda: _play_phase().play(None),  # type: ignore[arg-type]
    lambda: _play_phase().play(5),  # type: ignore[arg-type]
    lambda: _play_phase().explain(None),  # type: ignore[arg-type]
    lambda: _play_phase().view(0).explain(None),  # type: ignore[arg-type]
], ids=["Deal", "Deal.random", "score_deal", "declare_trump(5)", "declare_trump(None)", "play(None)",
        "play(5)", "explain(None)", "view.explain(None)"])
def test_the_compiled_engine_raised_type_errors_for_bad_input(call: Callable[[], object]) -> None:
    """Regression: compiled code checks argument types before the function's own checks, so a
    wrong type gave mypyc's TypeError ("... object expected; got int") instead of the engine's
    ValueError saying what is allowed. Both builds must give the engine's message."""
    with pytest.raises(ValueError, match=r"must be (a RuleSet|given as text like)"):
        call()


def _trump_phase() -> Deal:
    deal = Deal.random(preset("miniokey"), seed=1, dealer=3)
    deal.bid(5)
    for _ in range(3):
        deal.pass_bid()
    return deal


def _play_phase() -> Deal:
    deal = _trump_phase()
    deal.declare_trump("S")
    return deal
