"""The course page "Puzzles": double-dummy puzzles with themes and ratings, and the bidding trainer
(``lessons/build_notebooks.py`` writes the notebook). The list of themes is written from
``teaching.puzzles`` when the notebook is built."""

from __future__ import annotations

from batak_core.teaching import endings, puzzles

from .page_parts import Page, code, md

IDEAS = {
    "overtake-trap": "Your rules let you beat the card winning the trick or play under it: only one of the two "
                     "keeps your tricks.",
    "cash-out": endings.THEMES["cash"].idea,
    "keep-entry": "Don't cash every winner at once: keep one as the way to win the lead back later.",
    "save-trickless": "Make sure of one trick: a defender who ends a deal without a trick may be punished. "
                      "Take it now, or keep the card that will take it.",
    "endplay": "Give the trick away on purpose: the player who takes it must lead, and whatever they lead "
               "hands you a trick.",
    endings.DECLARER: "You are the declarer (or the declarer's partner): take the tricks the contract needs.",
    endings.DEFENDER: "You defend: stop the declarer, and take your own tricks.",
}
"""The idea of each theme the card-play lessons' endings do not already word (those come from there)."""


def idea(theme: str) -> str:
    return IDEAS[theme] if theme in IDEAS else endings.THEMES[theme].idea


def themes_list() -> str:
    """Every theme a puzzle may carry, in plain words."""
    return "\n".join(f"- **{title}**: {idea(theme)}" for theme, title in puzzles.THEME_TITLES.items())


PAGE: Page = [
    md("""
# Puzzles

A puzzle is a moment from a real deal, played by the bots, with all four hands face up. It is
your turn, and exactly one card (or a few cards that are as good as each other) keeps the best
result for your side: every other card loses at least a trick, or loses the contract. Find it.

These are **double-dummy** puzzles: everyone sees every card and plays their best. In a real
deal you cannot see the other hands, but the good habits are the same, and here the answer is
sure: the double-dummy solver, which tries every way the play can go, has checked it. Some
puzzles go on for two or three of your cards: after a right card the others reply, and it is
your turn again.
"""),
    md("""
## Your rating

Every puzzle has a rating, and so do you. You start at 1500. Solving a puzzle is like winning a
game against it: solve a puzzle rated above you and your rating climbs a lot, miss one rated far
below you and it drops a lot. The puzzles you get are chosen near your rating, so they stay
neither too easy nor too hard. (The ratings follow Glicko-2, the system chess puzzle sites use.
It also keeps a measure of how sure your rating is: the first few puzzles move it most.)

- **Only your first try counts.** Try a puzzle again and it is good practice, but your rating
  does not change.
- **Unrated mode**: switch to *Unrated* to try puzzles without any effect on your rating.
- A puzzle you miss comes back on the [Practice](19_practice.ipynb) page later.
"""),
    md("## The themes\n\nEach puzzle is tagged with the ideas it needs. Pick one in *Theme* to practise it, "
       "or keep *any theme*.\n\n" + themes_list()),
    md("""
## Try it

Click one of your cards. A right card shows the others' replies; a wrong one shows, under each of
your cards, what it keeps: **=** is the best, **−1** a trick less, **−2** two tricks less.
"""),
    code("from widgets.course import PuzzleTrainer\nPuzzleTrainer()"),
    md("""
## The bidding trainer

Before the play you do not see the other hands. How many tricks will your hand take as declarer?
Guess, then see how it went over many layouts of the other cards, each played double dummy: a bar
for each number of tricks, and the likely range in green.
"""),
    code("from widgets.course import BiddingTrainer\nBiddingTrainer()"),
]
