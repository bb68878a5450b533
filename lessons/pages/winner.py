"""The course page 09: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import CHECK, Page, code, md, paragraphs, term


def page() -> Page:
    """Page 09's cells, in the active language (lessons/build_notebooks.py writes one notebook per language)."""
    return [
        paragraphs(
            _("# 9. Who wins the trick"),
            _("You will learn to see at a glance who takes a trick. Every rule book agrees:"),
            # Translators: {koz} is a link to the glossary showing the Turkish word "koz".
            _("- If the trick holds a **trump** ({koz}), the **highest trump** wins.\n"
              "- Otherwise the **highest card of the led suit** wins.\n"
              "- A card of any other suit never wins.").format(koz=term("koz")),
            _("The winner takes the four cards and leads to the next trick."),
        ),
        paragraphs(
            _("### Worked example: the classic rules' own trick"),
            # Translators: Anna, Ben, Carla and Dan are the players' names in the classic (German) rule book: keep them.
            _("This example is quoted from the classic rule book, so its players keep the source's names (Anna, "
              "Ben, Carla and Dan). Hearts are trump. Ben leads the 9 of clubs, Carla plays the queen of clubs, Dan "
              "has no clubs and ruffs with the 3 of hearts, and Anna, with no clubs either, overtrumps with the 7 "
              "of hearts:"),
        ),
        code(f"{CHECK}\nfrom widgets.course import winner_of\nwinner_of('9C QC 3H 7H', trump='H')"),
        paragraphs(
            _("### Try it: change the trump"),
            # Translators: *Another trick* is the label of the widget's button.
            _("The same four cards with another trump, or none, can have another winner. *Another trick* shows a "
              "trick from a real deal."),
        ),
        code("from widgets.course import TrickDemo\nTrickDemo(seed=707)"),
        md(_("## Quiz: click the card that wins the trick")),
        code("from widgets.course import LessonQuiz\nLessonQuiz('winner', seed=17)"),
    ]
