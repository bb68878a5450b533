"""The course page 04: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from .page_parts import CHECK, Page, code, md

PAGE: Page = [
    md("""
# 4. Following suit and overtaking

You will learn: which cards you may play when you hold the led suit.

1. **Follow suit.** If you hold a card of the led suit, you must play one. All five sources agree.
2. **Overtake** (*yükseltme*). If you can beat the highest card of the led suit in the trick,
   you must play a higher one. miniokey, classic, turkish and gamelake say so; the danish rules
   only ask you to follow suit. If you cannot beat it, any card of the suit will do.
3. When trump was led, the led suit *is* trump: you must beat the highest trump if you can.

One detail differs: when the trick has **already been trumped**, miniokey and turkish drop the
overtake duty, classic and gamelake keep it. Lesson 9 shows this case.
"""),
    md("### Worked examples from the sources, checked by the engine"),
    code(f"{CHECK}\nfrom batak_core.teaching.examples import PLAY_EXAMPLES\n"
         "from widgets.course import play_examples\n"
         "play_examples(PLAY_EXAMPLES[0], PLAY_EXAMPLES[2], PLAY_EXAMPLES[3])"),
    md("""
### Try it: click your cards

Cards you may not play are dimmed; click one anyway to hear why.
"""),
    code("from batak_core.teaching.examples import PLAY_EXAMPLES\nfrom widgets.course import WorkedPlay\n"
         "WorkedPlay(PLAY_EXAMPLES[0], PLAY_EXAMPLES[2], PLAY_EXAMPLES[3])"),
    md("""
## Quiz: pick every card you may play

Click each card you may play (click again to unselect), then press *Check answer*.
"""),
    code("from widgets.course import LessonQuiz\nLessonQuiz('following', seed=14)"),
]
