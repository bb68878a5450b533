"""How the course names the players: one name a seat, everywhere (table, quizzes, lessons, demos).

Seat 0 is the learner, "You"; the others go round in playing order. Learner-facing text names
players only this way, so a quiz never says "seat 2" where the table shows "Mehmet".
"""

from __future__ import annotations

import re
from typing import Final

SEAT_NAMES: Final = ("You", "Ayşe", "Mehmet", "Zeynep")
"""The players in seat order (playing order): seat 0 is the learner."""


def seat_name(seat: int) -> str:
    """The name of seat 0..3."""
    return SEAT_NAMES[seat]


def verb(seat: int, plural: str, singular: str) -> str:
    """The verb form that goes with the seat's name: "You win", "Ayşe wins"."""
    return plural if seat == 0 else singular


def possessive(seat: int) -> str:
    """"your" or "Ayşe's"."""
    return "your" if seat == 0 else f"{SEAT_NAMES[seat]}'s"


_YOU_INSIDE: Final = re.compile(r"(?<=[a-zçğıöşü] )You\b")


def in_sentence(text: str) -> str:
    """``text`` with the name "You" written small where it stands inside a sentence ("and you and
    Mehmet took 4"), as generated text puts the name wherever a seat's name goes."""
    return _YOU_INSIDE.sub("you", text)
