"""The course page 07: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import CHECK, Page, code, md, paragraphs, term


def page() -> Page:
    """Page 07's cells, in the active language (lessons/build_notebooks.py writes one notebook per language)."""
    return [
        paragraphs(
            _("# 7. Ruffing and overtrumping"),
            _("You will learn: what to play when you hold **no card of the led suit**."),
            # Translators: {cakmak} is a link to the glossary showing the Turkish word "çakmak".
            _("1. **Ruff** (*koz kesmek*, {cakmak}). If you hold a trump, you must play one. Every rule book "
              "agrees.\n"
              "2. **Overtrump.** If a trump is already in the trick, you may have to play a higher one.\n"
              "3. **Too low to overtrump?** Then your rule book says what you may play.\n"
              "4. **No led suit and no trump:** play any card. It cannot win the trick.").format(
                cakmak=term("çakmak")),
            _("Under your rules:"),
        ),
        code("from widgets.course.rule_text import your_rules\n"
             "your_rules('must_ruff', 'must_overtrump', 'any_card_when_cannot_overtrump')"),
        md(_("### Worked examples from the rule books, checked by the engine")),
        code(f"{CHECK}\nfrom batak_core.teaching.examples import PLAY_EXAMPLES\n"
             "from widgets.course import play_examples\n"
             "play_examples(PLAY_EXAMPLES[1], PLAY_EXAMPLES[4], PLAY_EXAMPLES[5])"),
        md(_("### Try it: click your cards")),
        code("from batak_core.teaching.examples import PLAY_EXAMPLES\nfrom widgets.course import WorkedPlay\n"
             "WorkedPlay(PLAY_EXAMPLES[4], PLAY_EXAMPLES[5], PLAY_EXAMPLES[1])"),
        md(_("## Quiz: pick every card you may play, then press *Check answer*")),
        code("from widgets.course import LessonQuiz\nLessonQuiz('ruffing', seed=15)"),
    ]
