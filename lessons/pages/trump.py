"""The course page 05: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from .page_parts import Page, code, md, term

PAGE: Page = [
    md(f"""
# 5. Choosing trump

You will learn: what trump does, and which suit to name.

The declarer names **any suit** as trump ({term("koz")}) for this deal. A trump beats every card
of the other suits: when a trick holds a trump, the highest trump wins it, whatever was led. You
may only play a trump on another suit's lead when you have no card of that suit
([lesson 7, ruffing and overtrumping](07_ruffing_and_overtrumping.ipynb)).

**Which suit?** Usually your **longest** suit: the more trumps you hold, the more tricks you
win once the others run out of a suit, and the easier it is to pull their trumps. With two
suits of the same length, choose the stronger one.
"""),
    md("### Worked example: the ace led, and a small trump wins"),
    code("from batak_core.teaching.examples import PLAY_EXAMPLES\nfrom widgets.course import WorkedPlay\n"
         "WorkedPlay(PLAY_EXAMPLES[1])"),
    md("### Try it: you won the auction; name trump"),
    code("from widgets.course import TrumpDemo\nTrumpDemo(seed=303)"),
    md("## Quiz: the usual trump, and who wins with trump"),
    code("from widgets.course import LessonQuiz\nLessonQuiz('trump', seed=13)"),
]
