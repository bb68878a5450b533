"""The course page "Puzzles": double-dummy puzzles with themes and ratings, and the bidding trainer
(``lessons/build_notebooks.py`` writes the notebook). The list of themes is written from
``teaching.puzzles`` when the notebook is built."""

from __future__ import annotations

from batak_core.i18n import N_, _
from batak_core.teaching import endings, puzzles

from .page_parts import Page, code, paragraphs

IDEAS = {
    "overtake-trap": N_("Your rules let you beat the card winning the trick or play under it: only one of the two "
                        "keeps your tricks."),
    "cash-out": endings.THEMES["cash"].idea,
    "keep-entry": N_("Don't cash every winner at once: keep one as the way to win the lead back later."),
    "save-trickless": N_("Make sure of one trick: a defender who ends a deal without a trick may be punished. "
                         "Take it now, or keep the card that will take it."),
    "endplay": N_("Give the trick away on purpose: the player who takes it must lead, and whatever they lead "
                  "hands you a trick."),
    endings.DECLARER: N_("You are the declarer (or the declarer's partner): take the tricks the contract needs."),
    endings.DEFENDER: N_("You defend: stop the declarer, and take your own tricks."),
}
"""The idea of each theme the card-play lessons' endings do not already word (those come from there), in
English (``idea()`` says it in the active language)."""


def idea(theme: str) -> str:
    """A theme's idea in plain words, in the active language."""
    return _(IDEAS[theme] if theme in IDEAS else endings.THEMES[theme].idea)


def themes_list() -> str:
    """Every theme a puzzle may carry, in plain words, in the active language."""
    return "\n".join(f"- **{_(title)}**: {idea(theme)}" for theme, title in puzzles.THEME_TITLES.items())


def page() -> Page:
    """The puzzle page's cells, in the active language (``lessons/build_notebooks.py`` writes one notebook
    per language)."""
    return [
        paragraphs(
            _("# Puzzles"),
            _("A puzzle is a moment from a real deal, played by the bots, with all four hands face up. It is "
              "your turn, and exactly one card (or a few cards that are as good as each other) keeps the best "
              "result for your side: every other card loses at least a trick, or loses the contract. Find it."),
            _("These are **double-dummy** puzzles: everyone sees every card and plays their best. In a real "
              "deal you cannot see the other hands, but the good habits are the same, and here the answer is "
              "sure: the double-dummy solver, which tries every way the play can go, has checked it. Some "
              "puzzles go on for two or three of your cards: after a right card the others reply, and it is "
              "your turn again."),
        ),
        paragraphs(
            _("## Your rating"),
            _("Every puzzle has a rating, and so do you. You start at 1500. Solving a puzzle is like winning a "
              "game against it: solve a puzzle rated above you and your rating climbs a lot, miss one rated far "
              "below you and it drops a lot. The puzzles you get are chosen near your rating, so they stay "
              "neither too easy nor too hard. (The ratings follow Glicko-2, the system chess puzzle sites use. "
              "It also keeps a measure of how sure your rating is: the first few puzzles move it most.)"),
            # Translators: *Unrated* is the name of a button of the puzzle trainer.
            _("- **Only your first try counts.** Try a puzzle again and it is good practice, but your rating "
              "does not change.\n"
              "- **Unrated mode**: switch to *Unrated* to try puzzles without any effect on your rating.\n"
              "- A puzzle you miss comes back on the [Practice](19_practice.ipynb) page later."),
        ),
        paragraphs(
            _("## The themes"),
            # Translators: *Theme* and *any theme* are the puzzle trainer's menu and its first choice.
            _("Each puzzle is tagged with the ideas it needs. Pick one in *Theme* to practise it, or keep "
              "*any theme*."),
            themes_list(),
        ),
        paragraphs(
            _("## Try it"),
            # Translators: "=", "−1" and "−2" are the marks the trainer shows under the cards.
            _("Click one of your cards. A right card shows the others' replies; a wrong one shows, under each "
              "of your cards, what it keeps: **=** is the best, **−1** a trick less, **−2** two tricks less."),
        ),
        code("from widgets.course import PuzzleTrainer\nPuzzleTrainer()"),
        paragraphs(
            _("## The bidding trainer"),
            _("Before the play you do not see the other hands. How many tricks will your hand take as "
              "declarer? Guess, then see how it went over many layouts of the other cards, each played double "
              "dummy: a bar for each number of tricks, and the likely range in green."),
        ),
        code("from widgets.course import BiddingTrainer\nBiddingTrainer()"),
    ]
