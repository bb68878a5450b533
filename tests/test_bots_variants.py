"""Bots in every variant the sources describe: announcements, burying, partners and the dummy."""

import pytest

import batak_core as bc
from batak_core.ai.bots.club import announce_choice, bury_choice
from batak_core.rules import VARIANTS

PAIRS = sorted((name, variant.value) for name, variant in VARIANTS)


@pytest.mark.parametrize("level", ["random", "club", pytest.param("expert", marks=pytest.mark.slow)])
@pytest.mark.parametrize("pair", PAIRS, ids=["-".join(p) for p in PAIRS])
def test_levels_play_every_variant_to_the_end(level: str, pair: tuple[str, str]) -> None:
    for seed in range(1 if level == "expert" else 3):  # the expert searches: one deal is enough
        deal = bc.Deal.random(bc.preset(*pair), seed=seed)
        bots = [bc.bots.get(level, seed=s) for s in range(4)]
        while not deal.is_finished:
            seat = deal.decider
            assert seat is not None
            deal.act(bots[seat].choose(deal.view(seat)))
        assert len(deal.scores()) == 4


def test_club_announces_its_estimate_within_the_legal_range() -> None:
    for name in ("classic", "turkish"):
        deal = bc.Deal.random(bc.preset(name, "koz_maca"), seed=11)
        view = deal.view(deal.decider or 0)
        number = announce_choice(view)
        assert number in view.legal_bids


def test_club_buries_four_cards_keeping_its_trumps() -> None:
    deal = bc.Deal.random(bc.preset("turkish", "gommeli"), seed=5)
    while deal.phase == "auction":
        deal.bid(deal.legal_bids()[0]) if deal.high_bid is None else deal.pass_bid()
    deal.declare_trump("S")
    view = deal.view(deal.decider or 0)
    buried = bury_choice(view)
    assert len(buried) == 4 and set(buried) <= set(view.hand)
    non_trumps = [c for c in view.hand if c.suit != bc.Suit.SPADES]
    if len(non_trumps) >= 4:
        assert all(c.suit != bc.Suit.SPADES for c in buried)
    deal.bury(buried)
    assert deal.phase == "play"


@pytest.mark.parametrize("pair", [pytest.param(p, marks=pytest.mark.slow) if p[1] == "esli" else p for p in PAIRS],
                         ids=["-".join(p) for p in PAIRS])
def test_hints_cover_every_decision_of_every_variant(pair: tuple[str, str]) -> None:
    deal = bc.Deal.random(bc.preset(*pair), seed=2)
    bot = bc.bots.get("club")
    while not deal.is_finished:
        seat = deal.decider
        assert seat is not None
        view = deal.view(seat)
        advice = bc.bots.hint(view)
        assert advice.reason and advice.alternatives[0][0] == advice.action
        trial = deal.copy()
        trial.act(advice.action)  # the hinted action is legal
        deal.act(bot.choose(view))


def test_a_hint_for_the_open_dummy_explains_the_dummys_card() -> None:
    """Regression: a hint for the dummy's only legal card said "K♥ is your only legal card: K♥ is
    not in your hand": the reason was checked against the declarer's own hand."""
    rules = bc.preset("classic", "esli")
    club = bc.bots.get("club")
    for seed in range(40):
        deal = bc.Deal.random(rules, seed=seed)
        while not deal.is_finished:
            seat = deal.decider
            assert seat is not None
            if deal.dummy is not None and deal.to_move == deal.dummy and len(deal.legal_plays()) == 1:
                advice = bc.bots.hint(deal.view(seat))
                assert advice.action.card == deal.legal_plays()[0]
                assert "not in your hand" not in advice.reason, advice.reason
                return
            deal.act(club.choose(deal.view(seat)))
    raise AssertionError("no deal gave the open dummy a single legal card")
