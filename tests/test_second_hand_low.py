"""A defender still without a trick, second to play, keeps an honour that is not the highest left
(``expert.second_hand_low``), in the expert's play and in the hint."""

from __future__ import annotations

import pytest

from batak_core import Action, Card, Deal, DealView, bots, preset
from batak_core.ai.bots import advice, expert
from batak_core.ai.bots.expert import ExpertBot, second_hand_low
from batak_core.ai.bots.knowledge import knowledge

DECLARER_LEADS_5H = ["AS KS QS JS TS 9S 5H 2D 3D 4D 5D 6D 7D",
                     "KH 8H 2H 2C 3C 4C 5C 6C 7C 8C 9C TC JC",
                     "AH QH JH TH 9H 7H 8D 9D TD JD QD KD AD",
                     "8S 7S 6S 5S 4S 3S 2S 3H 4H 6H QC KC AC"]
"""Seat 0 declares spades and leads 5H; seat 1 may overtake with KH or 8H, and AH is out."""


def after_the_lead(preset_name: str, hands: list[str] = DECLARER_LEADS_5H) -> Deal:
    rules = preset(preset_name)
    deal = Deal(rules, [h.split() for h in hands], dealer=3)
    deal.bid(rules.min_bid)
    for _ in range(3):
        deal.pass_bid()
    deal.declare_trump("S")
    deal.play("5H")
    return deal


def second_seat(preset_name: str = "miniokey") -> DealView:
    return after_the_lead(preset_name).view(1)


def test_a_trickless_defender_second_to_play_follows_low_instead_of_an_honour_that_may_be_caught() -> None:
    view = second_seat()
    assert set(view.legal_plays) == {Card.parse("KH"), Card.parse("8H")}
    assert second_hand_low(view, knowledge(view), Card.parse("KH")) == Card.parse("8H")
    assert second_hand_low(view, knowledge(view), Card.parse("8H")) == Card.parse("8H")


def test_the_highest_card_left_of_its_suit_is_played_as_chosen() -> None:
    hands = list(DECLARER_LEADS_5H)
    hands[1] = hands[1].replace("2H", "AH")
    hands[2] = hands[2].replace("AH", "2H")
    view = after_the_lead("miniokey", hands).view(1)
    know = knowledge(view)
    assert second_hand_low(view, know, Card.parse("AH")) == Card.parse("AH")
    assert second_hand_low(view, know, Card.parse("KH")) == Card.parse("KH"), "the ace above it is in the own hand"


def test_third_to_play_and_rules_without_a_trickless_penalty_keep_the_searched_card() -> None:
    deal = after_the_lead("miniokey")
    deal.play("8H")
    assert second_hand_low(deal.view(2), knowledge(deal.view(2)), Card.parse("QH")) == Card.parse("QH")
    assert preset("danish").defender_zero.value == "nothing"
    danish = second_seat("danish")
    assert second_hand_low(danish, knowledge(danish), Card.parse("KH")) == Card.parse("KH")


def test_the_expert_and_the_hint_follow_low_where_the_search_would_spend_the_king(
        monkeypatch: pytest.MonkeyPatch) -> None:
    view = second_seat()
    monkeypatch.setattr(expert, "pick", lambda scores, fallback: Card.parse("KH"))
    monkeypatch.setattr(advice, "pick", lambda scores, fallback: Card.parse("KH"))
    assert ExpertBot().choose(view) == Action.play(Card.parse("8H"))
    hint = bots.hint(view)
    assert hint.action == Action.play(Card.parse("8H"))
    assert "keep K" in hint.reason and "follow with 8" in hint.reason
