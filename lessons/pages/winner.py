"""The course page 07: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from .page_parts import CHECK, Page, code, md

PAGE: Page = [
    md("""
# 7. Who wins the trick

You will learn to see at a glance who takes a trick. All five sources agree:

- If the trick holds a **trump**, the **highest trump** wins.
- Otherwise the **highest card of the led suit** wins.
- A card of any other suit never wins.

The winner takes the four cards and leads to the next trick.
"""),
    md("""
### Worked example (classic): hearts are trump. Ben leads ♣9, Carla plays ♣Q, Dan ruffs with
♥3, Anna overtrumps with ♥7
"""),
    code(f"{CHECK}\nfrom widgets.course import winner_of\nwinner_of('9C QC 3H 7H', trump='H')"),
    md("""
### Try it: change the trump

The same four cards with another trump, or none, can have another winner. *Another trick*
shows a trick from a real deal.
"""),
    code("from widgets.course import TrickDemo\nTrickDemo(seed=707)"),
    md("## Quiz: click the card that wins the trick"),
    code("from widgets.course import LessonQuiz\nLessonQuiz('winner', seed=17)"),
]
