"""Card faces: SVG for cards that are shown, styled buttons for cards that are played.

Faces are drawn, not Unicode playing-card glyphs (tiny, and missing from common fonts). Both
kinds carry the hooks ``batak-card`` and ``batak-card-<CODE>`` and the spoken name
("queen of spades") as their accessible label.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import ipywidgets as w

from batak_core import Card
from batak_core.cards import rank_face
from batak_core.i18n import _

from .style import set_classes, show

WIDTH = 68
HEIGHT = 98

_SUIT_CLASSES = tuple(f"batak-suit-{s}" for s in "SHDC")


def card_classes(card: Card) -> tuple[str, ...]:
    return ("batak-card", f"batak-card-{card.code}", f"batak-suit-{card.suit.letter}")


def card_svg(card: Card, *, scale: float = 1.0, extra: str = "") -> str:
    """A card face as inline SVG; colours come from CSS (red/black or the four-colour deck)."""
    width, height = round(WIDTH * scale), round(HEIGHT * scale)
    classes = " ".join(("batak-face", *card_classes(card), extra)).strip()
    rank = rank_face(card.rank)  # the letter the active language's cards show ("Q"; Turkish "K", German "D")
    return (
        f'<svg class="{classes}" role="img" aria-label="{card.name}" width="{width}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" xmlns="http://www.w3.org/2000/svg"><title>{card.name}</title>'
        f'<rect x="0.75" y="0.75" width="{WIDTH - 1.5}" height="{HEIGHT - 1.5}" rx="9" fill="#fff" '
        'stroke="#7d7d7d" stroke-width="1.5"/>'
        '<g fill="currentColor" font-family="DejaVu Sans, Arial, sans-serif">'
        f'<text x="{19 if len(rank) == 1 else 20}" y="27" font-size="24" font-weight="700" '
        f'text-anchor="middle">{rank}</text>'
        f'<text x="19" y="50" font-size="22" text-anchor="middle">{card.suit.symbol}</text>'
        f'<text x="{WIDTH - 8}" y="{HEIGHT - 10}" font-size="42" text-anchor="end">{card.suit.symbol}</text>'
        "</g></svg>"
    )


def back_svg(*, scale: float = 1.0) -> str:
    """A face-down card."""
    width, height = round(WIDTH * scale), round(HEIGHT * scale)
    label = _("face-down card")
    return (
        f'<svg class="batak-face batak-back" role="img" aria-label="{label}" width="{width}" '
        f'height="{height}" viewBox="0 0 {WIDTH} {HEIGHT}" xmlns="http://www.w3.org/2000/svg">'
        '<defs><pattern id="batak-lattice" width="8" height="8" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="8" height="8" fill="#8e1b1b"/>'
        '<rect width="4" height="8" fill="#a82a2a"/></pattern></defs>'
        f'<rect x="0.75" y="0.75" width="{WIDTH - 1.5}" height="{HEIGHT - 1.5}" rx="9" fill="#fff" '
        'stroke="#7d7d7d" stroke-width="1.5"/>'
        f'<rect x="6" y="6" width="{WIDTH - 12}" height="{HEIGHT - 12}" rx="5" fill="url(#batak-lattice)"/>'
        "</svg>"
    )


def faces(cards: Iterable[Card], *, scale: float = 1.0) -> str:
    return "".join(card_svg(c, scale=scale) for c in cards)


class CardFace(w.HTML):
    """One card face as a widget, for showing a card that is not to be clicked."""

    def __init__(self, card: Card | str | None = None, *, scale: float = 1.0) -> None:
        self.scale = scale
        super().__init__()
        self.card = None if card is None else Card.parse(card)
        self.value = back_svg(scale=scale) if self.card is None else card_svg(self.card, scale=scale)


class CardButton(w.Button):
    """A card that can be clicked or reached with the keyboard (Tab, then Enter or Space).

    The button's text is the card's spoken name; CSS draws the rank and suit.
    """

    def __init__(self, card: Card | None = None) -> None:
        super().__init__()
        self.card: Card | None = None
        self.set_card(card)

    def set_card(self, card: Card | None) -> None:
        """Show another card in place (or hide the button with None)."""
        if card == self.card:
            return
        old = card_classes(self.card) if self.card is not None else ()
        self.card = card
        if card is None:
            set_classes(self, remove=tuple(c for c in old if c != "batak-card"))
            show(self, False)
            return
        set_classes(self, card_classes(card), tuple(c for c in (*old, *_SUIT_CLASSES) if c != "batak-card"))
        self.description = card.name
        show(self, True)


def show_cards(buttons: list[CardButton], row: w.Box, cards: list[Card],
               on_click: Callable[[w.Button], None]) -> None:
    """Show ``cards`` on a row of reusable buttons, adding buttons only when the row is too short,
    so a new hand costs a few small messages rather than a new widget tree."""
    while len(buttons) < len(cards):
        button = CardButton()
        button.on_click(on_click)
        buttons.append(button)
        row.children = (*row.children, button)
    for i, button in enumerate(buttons):
        button.set_card(cards[i] if i < len(cards) else None)
