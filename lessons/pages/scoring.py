"""The course page 08: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from .page_parts import CHECK, Page, code, md

PAGE: Page = [
    md("""
# 8. Scoring

You will learn how a deal is scored under each source. B is the declarer's bid, T the
declarer's tricks, t another player's tricks.

| | miniokey | classic | danish | turkish | gamelake |
|---|---|---|---|---|---|
| declarer makes it (T ≥ B) | 10·T | 10·B + (T − B) | 10·B + (T − B) | T | T |
| declarer goes down (T < B) | −10·B | −10·B | −10·B | −B | −B |
| every other player | 10·t | 10·t | t | t | t |
| another player with no trick | −50 | −10·B | 0 | 0 | 0 |

A player with no trick at all is punished in miniokey and classic, so even a weak hand should
try to take one trick.
"""),
    md("### The sources' own worked examples, scored by the engine"),
    code(f"{CHECK}\nfrom widgets.course import score_examples\nscore_examples()"),
    md("### Try it: one deal, five ways to score it"),
    code("from widgets.course import ScoreCalculator\nScoreCalculator()"),
    md("## Quiz: enter every player's points, then press *Check answer*"),
    code("from widgets.course import LessonQuiz\nLessonQuiz('scoring', seed=18)"),
]
