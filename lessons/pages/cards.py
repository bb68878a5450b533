"""The course page 01: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import CHECK, Page, code, md, paragraphs, term


def page() -> Page:
    """Page 01's cells, in the active language (lessons/build_notebooks.py writes one notebook per language)."""
    return [
        paragraphs(
            _("# 1. Cards and dealing"),
            _("You will learn: the deck, which card beats which, who the players are, and how the cards are "
              "dealt."),
            _("Batak uses an ordinary deck of **52 cards** in four suits, spades ♠, hearts ♥, diamonds ♦ and "
              "clubs ♣, with no jokers. In every suit the cards rank, from high to low:"),
            # Translators: the ranks from high to low, with the face letters the cards show in your language.
            _("**A K Q J 10 9 8 7 6 5 4 3 2**"),
            _("The ace is the highest and the 2 the lowest. Watch the **10**: it sits just below the jack."),
        ),
        md(_("### Worked example: the thirteen spades, highest first")),
        code(f"{CHECK}\nfrom widgets.course import rank_ladder\nrank_ladder('S')"),
        paragraphs(
            _("## A trick"),
            # Translators: {koz} is a link to the glossary showing the Turkish word "koz".
            _("Each player in turn plays one card; the four cards are a **trick**. The first card played is the "
              "**lead**, and its suit is the *led suit*. Without trump, the highest card of the led suit wins the "
              "trick; a card of another suit never wins, however high it is. Lessons 5 to 9 add the rules for "
              "trump ({koz}), starting with [lesson 5, choosing trump](05_trump.ipynb).").format(koz=term("koz")),
            _("## The players"),
            _("Four players take part, each for themselves. In this course they are always called by the same "
              "names, in **playing order**: **You**, then **Ayşe**, then **Mehmet**, then **Zeynep**, and after "
              "Zeynep it is your turn again. Whatever a lesson, a quiz or the game table says, \"Ayşe\" is the "
              "player who plays right after you."),
            _("## Dealing"),
            _("One player **deals**: the whole deck, one card at a time, 13 cards each, starting with the player "
              "after the dealer. Next deal, the next player deals. Which way round the table play goes depends on "
              "your rule book:"),
        ),
        code("from widgets.course.rule_text import your_rules\nyour_rules('direction')"),
        paragraphs(
            _("### Try it: deal yourself a hand"),
            _("A hand is easier to read sorted by suit, high to low, as here."),
        ),
        code("from widgets.course import HandDemo\nHandDemo(seed=101)"),
        md(_("## Quiz: which card wins, and who calls first")),
        code("from widgets.course import LessonQuiz\nLessonQuiz('cards', seed=11)"),
    ]
