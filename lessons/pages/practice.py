"""The course page "Practice": missed puzzles and quiz topics, back on a spaced schedule
(``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import Page, code, md, paragraphs


def page() -> Page:
    """The practice page's cells, in the active language (``lessons/build_notebooks.py`` writes one notebook
    per language)."""
    return [
        paragraphs(
            _("# Practice"),
            _("What you miss comes back here. A puzzle you did not solve on your first try, or a quiz question "
              "you got wrong in a lesson, is saved for practice, and this page brings it back when it is due."),
            _("This is **spaced practice**: a thing you missed comes back soon, within minutes. Each time you "
              "get it right, it waits longer before it comes back: a day, then a few days, then weeks. Each time "
              "you miss it again, it comes back soon again. So your time goes to what you have not learned yet, "
              "and what you know well comes back just often enough to stay fresh. (The schedule is worked out "
              "by FSRS, a method used by flash-card programs.)"),
            _("Puzzles here are unrated: they never change your puzzle rating. A quiz question here is a new "
              "question on the topic you missed, under your rules."),
        ),
        code("from widgets.course import PracticePage\nPracticePage()"),
        md(_("Nothing due? Solve a few puzzles on the [Puzzles](18_puzzles.ipynb) page or take a lesson's quiz, "
             "and come back later. The [start page](00_start_here.ipynb) has every lesson.")),
    ]
