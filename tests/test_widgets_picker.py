"""CardPicker: legal cards play, illegal ones are dimmed and explain the rule instead."""

from __future__ import annotations

import batak_core as bc
import widgets
from batak_core import Card

HEARTS_TRUMP = {"rules": bc.preset("miniokey"), "trick": ["10S"], "trump": "H"}


def make(**kwargs: object) -> tuple[widgets.CardPicker, list[Card]]:
    played: list[Card] = []
    picker = widgets.CardPicker("3S KS 5H AD", on_play=played.append, **{**HEARTS_TRUMP, **kwargs})  # type: ignore[arg-type]
    return picker, played


def test_hand_sorted_by_suit_and_rank_with_hooks() -> None:
    picker, _ = make()
    assert [c.code for c in picker.hand] == ["KS", "3S", "5H", "AD"]
    assert [c.code for c in picker.legal] == ["KS"]
    assert "batak-card-KS" in picker.button("KS")._dom_classes


def test_illegal_card_is_dimmed_and_refused_with_the_reason() -> None:
    picker, played = make()
    three = picker.button("3S")
    assert "batak-illegal" in three._dom_classes and not three.disabled
    assert "must play a higher spade" in three.tooltip and three.tooltip.startswith("3 of spades")
    three.click()
    assert played == []
    assert "overtake" in picker.message.value and "K♠" in picker.message.value
    picker.button("5H").click()
    assert played == [] and "follow-suit" in picker.message.value


def test_legal_card_plays() -> None:
    picker, played = make()
    picker.button("KS").click()
    assert played == [Card.parse("KS")] and picker.message.value == ""


def test_without_teaching_illegal_cards_are_disabled() -> None:
    picker, _ = make(teach=False)
    assert picker.button("3S").disabled and not picker.button("KS").disabled


def test_updates_in_place() -> None:
    picker, _ = make()
    buttons = list(picker.row.children)
    king = picker.button("KS")
    picker.show([Card.parse(c) for c in ("3S", "5H", "AD")])
    assert list(picker.row.children) == buttons
    assert king.layout.display == "none" and king.card is None
    assert all(b.disabled for b in buttons if b.card is not None)  # no verdicts: not your turn
    picker.show_position(bc.parse_cards("3S 5H AD"), [], bc.Suit.HEARTS, False, bc.preset("miniokey"))
    assert [c.code for c in picker.legal] == ["3S", "AD"]  # trump not broken: no heart lead
    assert "trump may not be led" in picker.button("5H").tooltip


def test_four_colour_deck() -> None:
    picker, _ = make(four_colour=True)
    assert "batak-four-colour" in picker._dom_classes
    picker.four_colour = False
    assert "batak-four-colour" not in picker._dom_classes


def test_on_play_registers_and_removes_like_on_click() -> None:
    picker, played = make()
    also: list[Card] = []
    picker.on_play(also.append)
    picker.pick("KS")
    assert played == also == [Card.parse("KS")]
    picker.on_play(played.append, remove=True)
    picker.on_play(also.append, remove=True)
    picker.pick("KS")
    assert played == also == [Card.parse("KS")]
