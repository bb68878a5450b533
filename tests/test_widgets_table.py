"""TableView: seats in the preset's direction, the turn, the trick, the contract line."""

from __future__ import annotations

import pytest

import batak_core as bc
import widgets
from batak_core.cards import CARDS
from tests.conftest import auction, suit_hands


def started(name: str) -> bc.Deal:
    deal = bc.Deal.random(bc.preset(name), seed=7, dealer=0)
    deal.bid(5)
    for _ in range(3):
        deal.pass_bid()
    deal.declare_trump("H")
    return deal


def test_seats_follow_the_direction_of_play() -> None:
    ccw = widgets.TableView(bc.preset("miniokey"))
    assert [b.layout.grid_area for b in ccw.seats] == ["bottom", "right", "top", "left"]
    cw = widgets.TableView(bc.preset("turkish"))
    assert [b.layout.grid_area for b in cw.seats] == ["bottom", "left", "top", "right"]


def test_turn_trick_contract_and_last_trick() -> None:
    deal = started("miniokey")
    table = widgets.TableView(deal.rules)
    table.show(deal.view(0))
    assert "batak-turn" in table.seats[1]._dom_classes
    assert "Ayşe" in table.info.value and "<b>5</b>" in table.info.value and "hearts" in table.info.value
    assert "declarer · 5" in table.seats[1].value
    card = deal.legal_plays()[0]
    deal.play(card)
    table.show(deal.view(0))
    assert f"batak-card-{card.code}" in table.center.value
    assert "batak-turn" in table.seats[2]._dom_classes and "batak-turn" not in table.seats[1]._dom_classes
    while deal.tricks == []:
        deal.play(deal.legal_plays()[0])
    table.show(deal.view(0))
    winner = deal.tricks[0].winner
    assert "Trick 1" in table.center.value and table.names[winner] in table.center.value
    assert table.last_trick.value == ""
    table.last_trick_button.value = True
    assert "Last trick" in table.last_trick.value


def everything_shown(table: widgets.TableView) -> str:
    return table.info.value + "".join(box.value for box in table.seats) + table.center.value + table.last_trick.value


def hidden_from(deal: bc.Deal, seat: int) -> list[bc.Card]:
    """The cards ``seat`` may not see: all but the own hand, the cards played, the open dummy, and the
    kitty and buried cards of a Gömmeli declarer."""
    seen = set(deal.hand(seat)) | {c for t in deal.tricks for c in t.cards} | set(deal.current_trick)
    if deal.dummy is not None:
        seen |= set(deal.hand(deal.dummy))
    if seat == deal.declarer and deal.phase in (bc.Phase.BURY, bc.Phase.PLAY, bc.Phase.OVER):
        seen |= set(deal.kitty) | set(deal.buried)
    return [c for c in CARDS if c not in seen]


@pytest.mark.parametrize(("name", "variant"), [("miniokey", None), ("classic", "esli"), ("turkish", "gommeli"),
                                               ("turkish", "koz_maca")])
def test_a_view_never_shows_another_players_hidden_card(name: str, variant: str | None) -> None:
    """Drawn from each seat's DealView at every step of a whole deal, the table holds no hidden card:
    neither its CSS hook nor its spoken name (the others' hands are backs, counted from hand_sizes)."""
    deal = bc.Deal.random(bc.preset(name, variant), seed=5, dealer=3)
    tables = [widgets.TableView(deal.rules, seat=s) for s in range(4)]
    for table in tables:
        table.last_trick_button.value = True
    bots = [bc.bots.get("random", seed=s) for s in range(4)]
    while True:
        for seat, table in enumerate(tables):
            table.show(deal.view(seat))
            html = everything_shown(table)
            for card in hidden_from(deal, seat):
                assert f"batak-card-{card.code}" not in html and card.name not in html, (seat, card)
            for other in range(4):
                if other != seat and other != deal.dummy:
                    assert table.seats[other].value.count("batak-face batak-back") == len(deal.hand(other))
        if deal.is_finished:
            break
        decider = deal.decider
        assert decider is not None
        deal.act(bots[decider].choose(deal.view(decider)))


def ruffed_or_led(name: str, trump: str, lead: str) -> bc.Deal:
    """Seat 0 (all spades) declares ``trump`` and leads ``lead``; seat 1 holds all hearts."""
    deal = bc.Deal(bc.preset(name), suit_hands("S"), dealer=3)
    auction(deal, f"{deal.rules.min_bid} p p p")
    deal.declare_trump(trump)
    deal.play(lead)
    return deal


def test_trump_not_broken_yet_while_a_trump_lies_in_the_trick() -> None:
    """Regression: the trump line said "not broken" while a trump that broke it lay in the trick."""
    deal = ruffed_or_led("miniokey", "H", "AS")
    deal.play("2H")  # seat 1 has no spades: the ruff breaks trump
    table = widgets.TableView(deal.rules)
    table.show(deal.view(0))
    assert "<b>hearts</b> (broken)" in table.info.value
    for name, state in (("gamelake", "not broken yet"), ("miniokey", "broken")):
        led = ruffed_or_led(name, "S", "AS")  # a trump led from a hand of only trumps
        table = widgets.TableView(led.rules)
        table.show(led.view(0))
        assert f"<b>spades</b> ({state})" in table.info.value, name  # under gamelake only a ruff breaks it


@pytest.mark.parametrize(("winner", "words"), [(0, "You won the auction and choose trump."),
                                               (1, "Ayşe won the auction and chooses trump.")])
def test_you_won_the_auction_and_chooses_trump(winner: int, words: str) -> None:
    """Regression: the table said "You won the auction and chooses trump"."""
    rules = bc.preset("miniokey")
    deal = bc.Deal.random(rules, seed=7, dealer=(winner - 1) % 4)  # the winner calls first
    deal.bid(rules.max_bid)
    while deal.phase is bc.Phase.AUCTION:
        deal.pass_bid()
    assert deal.declarer == winner and deal.phase is bc.Phase.TRUMP
    table = widgets.TableView(rules)
    table.show(deal.view(0))
    assert words in table.center.value
