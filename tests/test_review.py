"""The post-deal review: the auction and the trump choice as well as every card, from trick 1."""

from __future__ import annotations

from batak_core import Card, Deal, Phase, Suit, bots, preset
from batak_core.ai.solver import solve

WEAK_HAND_DEAL = ["2S 3S 4S 2H 3H 4H 2D 3D 4D 2C 3C 4C 5C",
                  "AS KS QS JS AH KH QH JH 5S 6S 7S 8S 9S",
                  "AD KD QD JD AC KC QC JC 5H 6H 7H 8H 9H",
                  "10S 10H 10D 10C 5D 6D 7D 8D 9D 6C 7C 8C 9C"]
"""Seat 0 holds the lowest cards: whatever it plays it takes a trick at most."""


def overbid_deal() -> Deal:
    """Seat 0 bids the minimum on a hand worth nothing, against the hint's advice to pass, and
    goes down; no card it plays changes the result."""
    rules = preset("miniokey")
    deal = Deal(rules, [h.split() for h in WEAK_HAND_DEAL], dealer=3)
    assert bots.hint(deal.view(0)).action.kind.value == "pass"
    deal.bid(rules.min_bid)
    for _ in range(3):
        deal.pass_bid()
    deal.declare_trump(Suit.CLUBS)
    club = bots.get("club")
    while not deal.is_finished:
        seat = deal.decider
        assert seat is not None
        deal.act(club.choose(deal.view(seat)))
    assert deal.phase is Phase.OVER and deal.made is False
    return deal


def test_review_of_an_overbid_deal_said_no_costly_mistakes() -> None:
    """Regression: the review looked at the cards only (and from trick 2), so a deal bid against
    the hint's advice and gone down came back with no items: 'No costly mistakes found'."""
    result = bots.review(overbid_deal(), 0)
    auction = [item for item in result.items if item.trick_number == 0]
    assert auction, result
    assert auction[0].loss > 0 and "bid" in auction[0].text
    assert result.covers_auction


def club_deal(seed: int, rules_name: str = "miniokey", variant: str | None = None) -> Deal:
    rules = preset(rules_name) if variant is None else preset(rules_name, variant)
    deal = Deal.random(rules, seed=seed)
    players = [bots.get("club", seed=s) for s in range(4)]
    while not deal.is_finished:
        seat = deal.decider
        assert seat is not None
        deal.act(players[seat].choose(deal.view(seat)))
    assert deal.phase is Phase.OVER
    return deal


def test_a_usual_deal_is_checked_from_the_first_trick() -> None:
    """The budget covers the whole of an ordinary deal; a forced card in trick 1 (seat 0's only
    legal card here) does not make the review say it started at trick 2."""
    result = bots.review(club_deal(2), 0, auction_nodes=0)
    assert result.first_trick == 1 and result.scope == "every trick" and result.shortfall == ""
    losses = [item.loss for item in result.items]
    assert losses == sorted(losses, reverse=True)
    assert all(item.played.kind.value == "play" and not item.in_auction for item in result.items)


def test_without_an_auction_budget_the_scope_does_not_claim_the_auction() -> None:
    result = bots.review(overbid_deal(), 0, auction_nodes=0)
    assert not result.covers_auction and not any(item.in_auction for item in result.items)
    assert "auction" not in result.scope


def test_koz_maca_announcements_are_not_claimed_as_reviewed() -> None:
    result = bots.review(club_deal(1, "turkish", "koz_maca"), 0, node_budget=50_000)
    assert not result.covers_auction and "auction" not in result.scope


def test_auction_items_come_first_when_they_cost_most() -> None:
    result = bots.review(overbid_deal(), 0)
    assert result.scope == "your auction calls and every trick"
    first = result.items[0]
    assert first.in_auction and first.played.kind.value == "bid" and first.better.kind.value == "pass"
    assert first.text.startswith("Auction: ") and "layouts" in first.text


def test_review_claimed_the_auction_checked_when_no_layout_fit_its_budget() -> None:
    """Regression: ``auction_review`` returned no findings both when every call was fine and when
    its budget solved no layout, so the review said it had checked the auction when it had not."""
    result = bots.review(overbid_deal(), 0, auction_nodes=1)
    assert not result.covers_auction
    assert "auction" not in result.scope
    assert "auction" in result.shortfall


def test_the_declarers_cards_from_the_open_dummy_were_not_reviewed() -> None:
    """Regression: in classic Eşli the declarer plays the open dummy's cards too, but the review
    judged only the cards of the declarer's own seat, so a trick thrown away from the dummy never
    showed. The dummy's costly card is now an item of the declarer's review, said to be from the
    dummy."""
    rules = preset("classic", "esli")
    for seed in range(40):
        deal = Deal.random(rules, seed=seed)
        club = bots.get("club")
        thrown: Card | None = None
        while not deal.is_finished:
            seat = deal.decider
            assert seat is not None
            if (thrown is None and deal.phase is Phase.PLAY and deal.dummy is not None
                    and deal.to_move == deal.dummy and len(deal.tricks) >= 8 and len(deal.legal_plays()) > 1):
                values = solve(deal).card_values  # the declarer side's tricks after each card
                worst = min(values, key=values.__getitem__)
                if values[worst] < max(values.values()):
                    thrown = worst
                    deal.play(worst)
                    continue
            deal.act(club.choose(deal.view(seat)))
        if thrown is None:
            continue
        declarer = deal.declarer
        assert declarer is not None
        result = bots.review(deal, declarer, auction_nodes=0)
        items = [item for item in result.items if item.played.card == thrown]
        assert items, result
        assert "from the dummy" in items[0].text and items[0].loss > 0
        partner = bots.review(deal, deal.dummy, auction_nodes=0)  # the dummy's seat chose none of them
        assert not [item for item in partner.items if item.played.card == thrown]
        return
    raise AssertionError("no seed gave the dummy a card that loses a trick late in the deal")
