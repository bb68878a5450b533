"""The course page 06: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from .page_parts import CHECK, Page, code, md

PAGE: Page = [
    md("""
# 6. Leading trump, and when trump is broken

You will learn: which cards you may **lead** (play first to a trick).

The declarer leads to the first trick; after that, whoever won the last trick leads. You may
lead any suit, but **not trump until trump is broken**, unless your hand holds nothing but
trumps. miniokey (a table setting, on by default), classic, turkish and gamelake have this rule;
the danish rules state no such restriction.

**What breaks trump** differs:

| rules | trump is broken by |
|---|---|
| miniokey, turkish | the first trump played by anyone |
| classic | a trump played in an earlier trick |
| gamelake | only a **ruff**: a trump played on the lead of another suit |

So under gamelake, a player holding only trumps who leads one does *not* break trump; under the
others it does.
"""),
    md("### Worked example: on lead with trumps and another suit"),
    code(f"{CHECK}\nfrom batak_core.teaching.examples import EDGE_CASES\nfrom widgets.course import play_examples\n"
         "play_examples(EDGE_CASES[3], EDGE_CASES[4])"),
    md("### Try it: which card may you lead?"),
    code("from batak_core.teaching.examples import EDGE_CASES\nfrom widgets.course import WorkedPlay\n"
         "WorkedPlay(EDGE_CASES[3])"),
    md("## Quiz: pick every card you may lead, then press *Check answer*"),
    code("from widgets.course import LessonQuiz\nLessonQuiz('leading-trump', seed=16)"),
]
