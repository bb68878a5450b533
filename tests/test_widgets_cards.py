"""Card faces and card buttons: drawn faces, stable CSS hooks, spoken names, red and black."""

from __future__ import annotations

import widgets
from batak_core import Card
from widgets.cards import CardButton
from widgets.style import CSS


def test_svg_face_has_hooks_and_accessible_name() -> None:
    svg = widgets.card_svg(Card.parse("QS"))
    assert 'class="batak-face batak-card batak-card-QS batak-suit-S"' in svg
    assert 'aria-label="queen of spades"' in svg and "<title>queen of spades</title>" in svg
    ten = widgets.card_svg(Card.parse("10H"))
    assert "batak-card-TH" in ten and ">10<" in ten and "♥" in ten
    assert "face-down" in widgets.back_svg()


def test_card_button_is_relabelled_in_place() -> None:
    button = CardButton(Card.parse("QS"))
    assert button.description == "queen of spades"
    assert {"batak-card", "batak-card-QS", "batak-suit-S"} <= set(button._dom_classes)
    button.set_card(Card.parse("TH"))
    assert "batak-card-QS" not in button._dom_classes and "batak-suit-S" not in button._dom_classes
    assert {"batak-card-TH", "batak-suit-H"} <= set(button._dom_classes)
    button.set_card(None)
    assert button.layout.display == "none" and not any(c.startswith("batak-card-") for c in button._dom_classes)


def test_stylesheet_draws_every_card_and_the_four_colour_deck() -> None:
    assert CSS.count("::before{content:") == 52
    assert 'button.batak-card-TH::before{content:"10\\A ♥"' in CSS
    assert ".batak-four-colour .batak-suit-D" in CSS and "var(--batak-red)" in CSS


def test_card_face_widget() -> None:
    assert "king of clubs" in widgets.CardFace("KC").value
    assert "face-down" in widgets.CardFace().value
