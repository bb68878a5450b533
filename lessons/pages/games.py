"""The course page 16: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from .page_parts import Page, code, md, term

PAGE: Page = [
    md(f"""
# 16. Full games against the computer

You will learn: to put every rule together in whole games, under your rules.

Time to play. You sit at the bottom; three computer players, **Ayşe**, **Mehmet** and
**Zeynep**, take the other seats in playing order. Each deal has its auction ({term("ihale")}),
its trump ({term("koz")}) and its 13 tricks, scored as in [lesson 10](10_scoring.ipynb). Choose
how strong the others are:

- **random** plays any legal card: good for learning the flow of a deal;
- **club** plays like a sound club player: it counts its tricks, draws trumps and wins cheaply;
- **expert** imagines the hidden cards many ways and looks ahead: slower, and hard to beat.

**Hint** suggests a move and says why, and any number it shows says what it is. After each deal,
**Review my play** checks your bid, your choice of trump and every card you played against
perfect play with all four hands open, and lists what cost you points: the call or card that was
better and what it would have kept. **Undo** takes back your last move. The score sheet keeps
every deal.
"""),
    code("from widgets.course import full_game\nfull_game(bots='club')"),
    md("## Final quiz: a mix of everything"),
    code("from widgets.course import LessonQuiz\nLessonQuiz('games', seed=21)"),
]
