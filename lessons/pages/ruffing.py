"""The course page 05: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from .page_parts import CHECK, Page, code, md

PAGE: Page = [
    md("""
# 5. Ruffing and overtrumping

You will learn: what to play when you hold **no card of the led suit**.

1. **Ruff.** If you hold a trump, you must play one. All five sources agree.
2. **Overtrump.** If a trump is already in the trick and you can beat it, you must play a
   higher trump (all but danish, where any trump will do).
3. **Too low to overtrump?** Then you must still play a trump (miniokey, classic, gamelake,
   danish). Only the turkish rules let you play **any card**, a small trump included.
4. **No led suit and no trump:** play any card. It cannot win the trick.
"""),
    md("### Worked examples from the sources, checked by the engine"),
    code(f"{CHECK}\nfrom batak_core.teaching.examples import PLAY_EXAMPLES\n"
         "from widgets.course import play_examples\n"
         "play_examples(PLAY_EXAMPLES[1], PLAY_EXAMPLES[4], PLAY_EXAMPLES[5])"),
    md("### Try it: click your cards"),
    code("from batak_core.teaching.examples import PLAY_EXAMPLES\nfrom widgets.course import WorkedPlay\n"
         "WorkedPlay(PLAY_EXAMPLES[4], PLAY_EXAMPLES[5], PLAY_EXAMPLES[1])"),
    md("## Quiz: pick every card you may play, then press *Check answer*"),
    code("from widgets.course import LessonQuiz\nLessonQuiz('ruffing', seed=15)"),
]
