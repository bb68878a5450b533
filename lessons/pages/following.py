"""The course page 06: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import CHECK, Page, code, md, paragraphs, term


def page() -> Page:
    """Page 06's cells, in the active language (lessons/build_notebooks.py writes one notebook per language)."""
    return [
        paragraphs(
            _("# 6. Following suit and overtaking"),
            _("You will learn: which cards you may play when you hold the led suit."),
            # Translators: {yukseltme} is a link to the glossary showing the Turkish word "yükseltme".
            _("1. **Follow suit.** If you hold a card of the led suit, you must play one. Every rule book agrees.\n"
              "2. **Overtake** ({yukseltme}). Most rule books add a duty to beat the highest card of the led suit "
              "in the trick if you can; if you cannot beat it, any card of the suit will do. Your rule book "
              "says:").format(yukseltme=term("yükseltme")),
        ),
        code("from widgets.course.rule_text import your_rules\nyour_rules('must_overtake', 'overtake_when_trumped')"),
        paragraphs(
            # Translators: the third point of the list above (the widget between shows the learner's rules).
            _("3. **When trump was led**, the led suit *is* trump. Except under the danish rules (which have no "
              "overtake duty at all), you must then beat the highest trump in the trick if you can."),
            # Translators: {cakmak} is a link to the glossary showing the Turkish word "çakmak".
            _("The second line above is about a trick that has **already been trumped** (in Turkish the trick is "
              "*çakılmış*, from {cakmak}): someone without the led suit played a trump on it. Some rule books then "
              "drop the duty to overtake; [lesson 13, house rules and where the books "
              "disagree](13_house_rules.ipynb), shows this case on the cards.").format(cakmak=term("çakmak")),
        ),
        md(_("### Worked examples from the rule books, checked by the engine")),
        code(f"{CHECK}\nfrom batak_core.teaching.examples import PLAY_EXAMPLES\n"
             "from widgets.course import play_examples\n"
             "play_examples(PLAY_EXAMPLES[0], PLAY_EXAMPLES[2], PLAY_EXAMPLES[3])"),
        paragraphs(
            _("### Try it: click your cards"),
            _("Cards you may not play are dimmed; click one anyway to hear why."),
        ),
        code("from batak_core.teaching.examples import PLAY_EXAMPLES\nfrom widgets.course import WorkedPlay\n"
             "WorkedPlay(PLAY_EXAMPLES[0], PLAY_EXAMPLES[2], PLAY_EXAMPLES[3])"),
        paragraphs(
            _("## Quiz: pick every card you may play"),
            _("Click each card you may play (click again to unselect), then press *Check answer*."),
        ),
        code("from widgets.course import LessonQuiz\nLessonQuiz('following', seed=14)"),
    ]
