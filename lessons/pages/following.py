"""The course page 06: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from .page_parts import CHECK, Page, code, md, term

PAGE: Page = [
    md(f"""
# 6. Following suit and overtaking

You will learn: which cards you may play when you hold the led suit.

1. **Follow suit.** If you hold a card of the led suit, you must play one. Every rule book agrees.
2. **Overtake** ({term("yükseltme")}). Most rule books add a duty to beat the highest card of
   the led suit in the trick if you can; if you cannot beat it, any card of the suit will do.
   Your rule book says:
"""),
    code("from widgets.course.rule_text import your_rules\nyour_rules('must_overtake', 'overtake_when_trumped')"),
    md(f"""
3. **When trump was led**, the led suit *is* trump. Except under the danish rules (which have no
   overtake duty at all), you must then beat the highest trump in the trick if you can.

The second line above is about a trick that has **already been trumped** (in Turkish the trick
is *çakılmış*, from {term("çakmak")}): someone without the led suit played a trump on it. Some
rule books then drop the duty to overtake; [lesson 13, house rules and where the books
disagree](13_house_rules.ipynb), shows this case on the cards.
"""),
    md("### Worked examples from the rule books, checked by the engine"),
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
