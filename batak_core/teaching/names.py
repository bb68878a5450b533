"""How the course names the players: one name a seat, everywhere (table, quizzes, lessons, demos).

Seat 0 is the learner, "You" (Turkish "Sen", German "Du"); the others go round in playing order.
Learner-facing text names players only this way, so a quiz never says "seat 2" where the table
shows "Mehmet". Sentences about the learner and about another player are different messages
(docs/translating.md), so only the name and its case forms live here.
"""

from __future__ import annotations

import re
from typing import Final

from ..i18n import pgettext

SEAT_NAMES: Final = ("You", "Ayşe", "Mehmet", "Zeynep")
"""The players in seat order (playing order), in English: seat 0 is the learner."""


def seat_name(seat: int) -> str:
    """The name of seat 0..3 in the active language."""
    if seat == 0:
        # Translators: the learner's own seat, named as a player: "You win the trick" (Sen, Du).
        return pgettext("seat name", "You")
    return SEAT_NAMES[seat]


def verb(seat: int, plural: str, singular: str) -> str:
    """The English verb form that goes with the seat's name: "You win", "Ayşe wins" (English text
    only: other languages write the two sentences as two messages)."""
    return plural if seat == 0 else singular


def possessive(seat: int) -> str:
    """"your" or "Ayşe's", in the active language (Turkish "senin", "Ayşe'nin", "Mehmet'in")."""
    if seat == 0:
        return pgettext("possessive", "your")
    # Translators: a player's name as owner, "Ayşe's hand": Turkish "Ayşe'nin", German "Ayşes".
    return (pgettext("possessive", "Ayşe's"), pgettext("possessive", "Mehmet's"),
            pgettext("possessive", "Zeynep's"))[seat - 1]


def in_sentence(text: str) -> str:
    """``text`` with the learner's name written small where it stands inside a sentence ("and you
    and Mehmet took 4"), as generated text puts the name wherever a seat's name goes."""
    you = re.escape(seat_name(0))
    return re.sub(rf"(?<=[a-zçğıöşüäß] ){you}\b", seat_name(0).lower(), text)


def about(seat: int, you: str, other: str, **fields: object) -> str:
    """One of two translated messages: ``you`` about the learner (seat 0), ``other`` about another
    player, whose name fills ``{name}``; ``fields`` fill the rest (docs/translating.md)."""
    return (you if seat == 0 else other).format(name=seat_name(seat), **fields)
