"""TableView: seats in the preset's direction, the turn, the trick, the contract line."""

from __future__ import annotations

import batak_core as bc
import widgets


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
    table.show(deal)
    assert "batak-turn" in table.seats[1]._dom_classes
    assert "Ayşe" in table.info.value and "<b>5</b>" in table.info.value and "hearts" in table.info.value
    assert "declarer · 5" in table.seats[1].value
    card = deal.legal_plays()[0]
    deal.play(card)
    table.show(deal)
    assert f"batak-card-{card.code}" in table.center.value
    assert "batak-turn" in table.seats[2]._dom_classes and "batak-turn" not in table.seats[1]._dom_classes
    while deal.tricks == []:
        deal.play(deal.legal_plays()[0])
    table.show(deal)
    winner = deal.tricks[0].winner
    assert "Trick 1" in table.center.value and table.names[winner] in table.center.value
    assert table.last_trick.value == ""
    table.last_trick_button.value = True
    assert "Last trick" in table.last_trick.value
