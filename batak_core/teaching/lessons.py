"""The course's pages in order: each lesson's stable id (its progress key), notebook, title and quiz topics.

Plain data, shared by the start page, the quizzes, the notebook builder and the tests. The ids are
progress keys and never change; the notebooks were renumbered in the second edition of the course.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..i18n import N_
from ..runtime import IN_BROWSER


@dataclass(frozen=True)
class Lesson:
    """One page of the course: its stable id (the progress key), notebook and quiz topics."""

    id: str
    file: str
    title: str  # English, marked for the catalog: shown as _(lesson.title)
    summary: str  # English, marked for the catalog: shown as _(lesson.summary)
    topics: tuple[str, ...] = ()

    @property
    def address(self) -> str:
        """What a link to this page says, relative to another page: the notebook under Voilà; its
        rendered page under the browser edition (Voici renders each notebook as a ``.html`` page)."""
        return self.file.removesuffix(".ipynb") + ".html" if IN_BROWSER else self.file


START: Final = Lesson("start", "00_start_here.ipynb", N_("Start here"),
                      N_("The menu, your progress and the rule set you learn."))
"""The start page: the menu over the lessons (it has no quiz)."""

LESSONS: Final = (
    Lesson("cards", "01_cards_and_dealing.ipynb", N_("Cards and dealing"),
           N_("The deck, the order of the cards, how the cards are dealt."), ("ranks", "play-order")),
    Lesson("first-deal", "02_first_deal.ipynb", N_("Your first deal, guided"),
           N_("One whole deal, step by step, with a narrator: follow suit, win cheaply, ruff, score."),
           ("first-deal",)),
    Lesson("hand-count", "03_counting_a_hand.ipynb", N_("Counting a hand"),
           N_("Top tricks, when they are sure, trump length: what a hand is worth before you bid."),
           ("hand-count", "sure-tricks")),
    Lesson("auction", "04_auction.ipynb", N_("The auction"),
           N_("Bidding, passing, a bid of 13, and what happens when everyone passes."), ("bidding", "auction-rules")),
    Lesson("trump", "05_trump.ipynb", N_("Choosing trump"),
           N_("What trump does and which suit to choose."), ("trump-choice", "winner")),
    Lesson("following", "06_following_and_overtaking.ipynb", N_("Following suit and overtaking"),
           N_("Play the led suit, and beat the highest card if you can."), ("follow",)),
    Lesson("ruffing", "07_ruffing_and_overtrumping.ipynb", N_("Ruffing and overtrumping"),
           N_("No card of the led suit? Then a trump, and a higher one if you can."), ("ruff",)),
    Lesson("leading-trump", "08_leading_trump.ipynb", N_("Leading, and leading trump"),
           N_("Who leads each trick, and why you may not lead trump until it is broken."), ("trump-lead", "leads")),
    Lesson("winner", "09_who_wins_the_trick.ipynb", N_("Who wins the trick"),
           N_("The highest trump, else the highest card of the led suit."), ("winner",)),
    Lesson("scoring", "10_scoring.ipynb", N_("Scoring"),
           N_("Every source's formula, with the sources' own worked examples."), ("score",)),
    Lesson("game-end", "11_a_whole_game.ipynb", N_("A whole game"),
           N_("How long a game lasts, target scores, ties, the dealer's turn, and the move clock."),
           ("game-end", "move-clock")),
    Lesson("variants", "12_variants.ipynb", N_("Koz Maça, Eşli and Gömmeli"),
           N_("The other forms of Batak: announcements, partners, the buried kitty."),
           ("koz-maca", "esli", "gommeli")),
    Lesson("house-rules", "13_house_rules.ipynb", N_("House rules, and where the books disagree"),
           N_("Every house rule the sources name, and the cases the rule books decide differently."),
           ("house-rules", "edge")),
    Lesson("strategy", "14_declarer_play.ipynb", N_("Declarer play"),
           N_("Draw trumps, cash your winners while you keep an entry, count a suit."),
           ("declarer-play", "trumps-out")),
    Lesson("defence", "15_defence.ipynb", N_("Defence"),
           N_("Take the trick that saves you, discard well, keep the declarer from their tricks."), ("defence",)),
    Lesson("games", "16_full_games.ipynb", N_("Full games against bots"),
           N_("Play whole games with hints and a review; a final quiz on everything."),
           ("follow", "ruff", "trump-lead", "winner", "score")),
)
"""The lessons in course order (the start page, 00_start_here.ipynb, is the menu over them)."""

GLOSSARY: Final = Lesson("glossary", "17_glossary.ipynb", N_("Glossary"),
                         N_("The Turkish words of the game: ihale, koz, yükseltme, batmak, eşli, gömmek …"))
"""The reference page of terms (no quiz); lessons link to it where a term appears."""

PUZZLES: Final = Lesson("puzzles", "18_puzzles.ipynb", N_("Puzzles"),
                        N_("Find the one card that keeps the most tricks, rated as you go; and a bidding trainer."))
"""Double-dummy puzzles from real deals, with Glicko-2 ratings (no quiz: the puzzles are the practice)."""

PRACTICE: Final = Lesson("practice", "19_practice.ipynb", N_("Practice"),
                         N_("What you missed comes back: puzzles and quiz topics, spaced out over the days."))
"""Spaced practice of missed puzzles and quiz topics (FSRS)."""

EXTRAS: Final = (PUZZLES, PRACTICE, GLOSSARY)
"""The pages after the lessons, in menu order: no quiz of their own."""

PAGES: Final = (START, *LESSONS, *EXTRAS)
"""Every page of the course, in menu order."""

LESSONS_BY_ID: Final = {lesson.id: lesson for lesson in LESSONS}
