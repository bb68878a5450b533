"""The course page 10: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from .page_parts import Page, code, md

PAGE: Page = [
    md("""
# 10. Strategy basics

You will learn three habits of good players.

**1. Count your tricks before you bid.** Start with the top cards: an ace, a king *with* its
ace, a queen with the ace and king, and so on down, win from the top. A king without the ace
counts less: it wins when the ace has gone, or when it is guarded. Then add your trump length
(every trump beyond the third usually wins) and the ruffs a short side suit gives you. The demo
below counts each suit exactly the way the hint does at the table. Bid no more than your count,
and pass when it is below the lowest bid.

**2. Draw trumps.** As declarer, lead trumps early until the others have none left. Count them:
13, minus yours, minus those played. Then your long suits and small cards can win tricks
nobody can ruff.

**3. Keep a trick.** Hold on to a sure winner (an ace, your top trump) to win the lead back when
you need it, and as a defender take at least one trick: in miniokey a player without a trick
loses 50, in classic 10 times the bid.
"""),
    md("### Try it: count the sure tricks in a hand"),
    code("from widgets.course import HandDemo\nHandDemo(seed=1010, sure=True)"),
    md("## Quiz: sure tricks and trumps still out"),
    code("from widgets.course import LessonQuiz\nLessonQuiz('strategy', seed=20)"),
]
