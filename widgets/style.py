"""The one stylesheet of the widgets, injected as a single shared <style> widget.

Every top-level composite puts ``style_widget()`` first among its children; it is one widget
model however often it is shown. Card buttons draw their rank and suit from CSS rules built
here (one per card code), so a card button's own text can stay its spoken name.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import ipywidgets as w

from batak_core.cards import CARDS, Suit, rank_face
from batak_core.i18n import DEFAULT_LANGUAGE, LANGUAGES, active_locale, use_locale


def _card_rules() -> str:
    """Rank-and-suit corner text per card and the big pip per suit, on card buttons only (a trump
    button carries its suit's colour class too, and its label already has the symbol); alt text ""
    keeps screen readers on the button's name ("queen of spades") instead of reading the symbols."""
    rules = []
    for card in CARDS:
        text = f"{card.rank_text}\\A {card.suit.symbol}"
        rules.append(f'.batak-root button.batak-card-{card.code}::before{{content:"{text}";content:"{text}"/"";}}')
    for suit in Suit:
        rules.append(f'.batak-root button.batak-card.batak-suit-{suit.letter}::after{{content:"{suit.symbol}";'
                     f'content:"{suit.symbol}"/"";}}')
    return "\n".join(rules)


CSS = Path(__file__).with_name("batak.css").read_text(encoding="utf-8") + _card_rules()


def language_rules() -> str:
    """The corner letters of the court cards in the other languages ("K" on a Turkish queen, "D" on
    a German one), for card buttons inside a root marked with its language (``root``). Built when
    the first widget is, not at import: the letters come from the catalogs."""
    rules = []
    for language in LANGUAGES:
        if language == DEFAULT_LANGUAGE:
            continue
        with use_locale(language):
            for card in CARDS:
                face = rank_face(card.rank)
                if face == card.rank_text:
                    continue
                text = f"{face}\\A {card.suit.symbol}"
                rules.append(f'.batak-root.batak-lang-{language} button.batak-card-{card.code}::before'
                             f'{{content:"{text}";content:"{text}"/"";}}')
    return "\n".join(rules)


@cache
def style_widget() -> w.HTML:
    """The shared <style> widget."""
    return w.HTML(f"<style>{CSS}\n{language_rules()}</style>", layout=w.Layout(height="0px", margin="0"))


def set_classes(widget: w.DOMWidget, add: tuple[str, ...] = (), remove: tuple[str, ...] = ()) -> None:
    """Change several CSS classes with one message instead of one per class."""
    current = [c for c in widget._dom_classes if c not in remove]
    new = tuple(current + [c for c in add if c not in current])
    if new != tuple(widget._dom_classes):
        widget._dom_classes = new


def toggle_class(widget: w.DOMWidget, name: str, on: bool) -> None:
    set_classes(widget, (name,) if on else (), () if on else (name,))


def show(widget: w.DOMWidget, visible: bool) -> None:
    """Hide or show a widget in place (display: none), without touching its parent's children.
    Shown is "" (no display of its own), not None: the browser edition's kernel (Pyodide) sends None
    as JavaScript's undefined, which JSON leaves out, so the page would never see the change."""
    value = "" if visible else "none"
    if widget.layout.display != value:
        widget.layout.display = value


def control(description: str, tooltip: str, *classes: str) -> w.Button:
    """A text button (never icon-only: icon fonts load from a CDN that classrooms may block)."""
    button = w.Button(description=description, tooltip=tooltip)
    set_classes(button, ("batak-control", *classes))
    return button


def root(widget: w.Box, *classes: str) -> w.Box:
    """Mark a top-level composite so the stylesheet applies to it, in the active language (its card
    buttons show that language's letters)."""
    set_classes(widget, ("batak-root", f"batak-lang-{active_locale()}", *classes))
    return widget
