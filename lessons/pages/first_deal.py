"""The course page 02: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from .page_parts import Page, code, md, term

PAGE: Page = [
    md(f"""
# 2. Your first deal, guided

You will learn: what happens in one deal, from the cards to the score, by playing one.

A **deal** ({term("el")}) goes the same way every time:

1. **The cards are dealt**: the whole deck, 13 cards to each player.
2. **The auction** ({term("ihale")}): each player in turn bids how many tricks they promise to take,
   or passes. The highest bid wins: that player is the **declarer** ({term("ihaleyi alan")}).
3. **Trump** ({term("koz")}): the declarer chooses a suit that beats all the others, and leads the
   first trick.
4. **13 tricks**: each player in turn plays one card. You must play the suit that was led if you
   can. The highest card of that suit wins the trick, unless someone played a trump. The winner
   leads the next trick.
5. **The score**: the declarer needs at least as many tricks as the bid; the others score for the
   tricks they take.

### Play it: a deal with a narrator

The cards are set up for you. Read the narrator and press **Continue** when the others play;
when it is your turn, the narrator gives you a **goal**. A wrong click is not played: the narrator
tells you why, and you try again. Each step you get right earns a ✓, and the fewer wrong clicks,
the more stars you earn at the end.
"""),
    code("from widgets.course import GuidedDeal\nGuidedDeal()"),
    md("## Quiz: the flow of a deal"),
    code("from widgets.course import LessonQuiz\nLessonQuiz('first-deal', seed=12)"),
]
