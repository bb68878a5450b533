"""The course page 09: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from .page_parts import CHECK, Page, code, md, term

PAGE: Page = [
    md(f"""
# 9. Who wins the trick

You will learn to see at a glance who takes a trick. Every rule book agrees:

- If the trick holds a **trump** ({term("koz")}), the **highest trump** wins.
- Otherwise the **highest card of the led suit** wins.
- A card of any other suit never wins.

The winner takes the four cards and leads to the next trick.
"""),
    md("""
### Worked example: the classic rules' own trick

This example is quoted from the classic rule book, so its players keep the source's names (Anna,
Ben, Carla and Dan). Hearts are trump. Ben leads the 9 of clubs, Carla plays the queen of clubs,
Dan has no clubs and ruffs with the 3 of hearts, and Anna, with no clubs either, overtrumps with
the 7 of hearts:
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
