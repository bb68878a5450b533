"""The course page 05: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import Page, code, md, paragraphs, term


def page() -> Page:
    """Page 05's cells, in the active language (lessons/build_notebooks.py writes one notebook per language)."""
    return [
        paragraphs(
            _("# 5. Choosing trump"),
            _("You will learn: what trump does, and which suit to name."),
            # Translators: {koz} is a link to the glossary showing the Turkish word "koz".
            _("The declarer names **any suit** as trump ({koz}) for this deal. A trump beats every card of the "
              "other suits: when a trick holds a trump, the highest trump wins it, whatever was led. You may only "
              "play a trump on another suit's lead when you have no card of that suit ([lesson 7, ruffing and "
              "overtrumping](07_ruffing_and_overtrumping.ipynb)).").format(koz=term("koz")),
            _("**Which suit?** Usually your **longest** suit: the more trumps you hold, the more tricks you win "
              "once the others run out of a suit, and the easier it is to pull their trumps. With two suits of the "
              "same length, choose the stronger one."),
        ),
        md(_("### Worked example: the ace led, and a small trump wins")),
        code("from batak_core.teaching.examples import PLAY_EXAMPLES\nfrom widgets.course import WorkedPlay\n"
             "WorkedPlay(PLAY_EXAMPLES[1])"),
        md(_("### Try it: you won the auction; name trump")),
        code("from widgets.course import TrumpDemo\nTrumpDemo(seed=303)"),
        md(_("## Quiz: the usual trump, and who wins with trump")),
        code("from widgets.course import LessonQuiz\nLessonQuiz('trump', seed=13)"),
    ]
