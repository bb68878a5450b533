"""The course's lessons in order: each one's stable id (its progress key), notebook, title and quiz topics.

Plain data, shared by the start page, the quizzes and the tests.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Lesson:
    """One page of the course: its stable id (the progress key), notebook and quiz topics."""

    id: str
    file: str
    title: str
    summary: str
    topics: tuple[str, ...] = ()


LESSONS: Final = (
    Lesson("cards", "01_cards_and_dealing.ipynb", "Cards and dealing",
           "The deck, the order of the cards, how the cards are dealt.", ("ranks", "play-order")),
    Lesson("auction", "02_auction.ipynb", "The auction",
           "Bidding, passing, and what happens when everyone passes.", ("bidding",)),
    Lesson("trump", "03_trump.ipynb", "Choosing trump",
           "What trump does and which suit to choose.", ("trump-choice", "winner")),
    Lesson("following", "04_following_and_overtaking.ipynb", "Following suit and overtaking",
           "Play the led suit, and beat the highest card if you can.", ("follow",)),
    Lesson("ruffing", "05_ruffing_and_overtrumping.ipynb", "Ruffing and overtrumping",
           "No card of the led suit? Then a trump, and a higher one if you can.", ("ruff",)),
    Lesson("leading-trump", "06_leading_trump.ipynb", "Leading trump",
           "Why you may not lead trump until it is broken.", ("trump-lead",)),
    Lesson("winner", "07_who_wins_the_trick.ipynb", "Who wins the trick",
           "The highest trump, else the highest card of the led suit.", ("winner",)),
    Lesson("scoring", "08_scoring.ipynb", "Scoring",
           "Every source's formula, with the sources' own worked examples.", ("score",)),
    Lesson("variants", "09_variants_and_house_rules.ipynb", "Variants and house rules",
           "Koz Maça, Eşli, Gömmeli, house rules, and where the sources disagree.", ("edge",)),
    Lesson("strategy", "10_strategy.ipynb", "Strategy basics",
           "Count your sure tricks, draw trumps, keep a trick for the end.", ("sure-tricks", "trumps-out")),
    Lesson("games", "11_full_games.ipynb", "Full games against bots",
           "Play whole games with hints and a review; a final quiz on everything.",
           ("follow", "ruff", "trump-lead", "winner", "score")),
)
"""The lessons in course order (the start page, 00_start_here.ipynb, is the menu over them)."""


LESSONS_BY_ID: Final = {lesson.id: lesson for lesson in LESSONS}
