"""The course page 02: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import Page, code, md, paragraphs, term


def page() -> Page:
    """Page 02's cells, in the active language (lessons/build_notebooks.py writes one notebook per language)."""
    return [
        paragraphs(
            _("# 2. Your first deal, guided"),
            _("You will learn: what happens in one deal, from the cards to the score, by playing one."),
            # Translators: {el} is a link to the glossary showing the Turkish word "el".
            _("A **deal** ({el}) goes the same way every time:").format(el=term("el")),
            # Translators: {ihale}, {ihaleyi_alan} and {koz} are links to the glossary showing those Turkish words.
            _("1. **The cards are dealt**: the whole deck, 13 cards to each player.\n"
              "2. **The auction** ({ihale}): each player in turn bids how many tricks they promise to take, or "
              "passes. The highest bid wins: that player is the **declarer** ({ihaleyi_alan}).\n"
              "3. **Trump** ({koz}): the declarer chooses a suit that beats all the others, and leads the first "
              "trick.\n"
              "4. **13 tricks**: each player in turn plays one card. You must play the suit that was led if you "
              "can. The highest card of that suit wins the trick, unless someone played a trump. The winner leads "
              "the next trick.\n"
              "5. **The score**: the declarer needs at least as many tricks as the bid; the others score for the "
              "tricks they take.").format(ihale=term("ihale"), ihaleyi_alan=term("ihaleyi alan"), koz=term("koz")),
            _("### Play it: a deal with a narrator"),
            _("The cards are set up for you. Read the narrator and press **Continue** when the others play; when "
              "it is your turn, the narrator gives you a **goal**. A wrong click is not played: the narrator tells "
              "you why, and you try again. Each step you get right earns a ✓, and the fewer wrong clicks, the more "
              "stars you earn at the end."),
        ),
        code("from widgets.course import GuidedDeal\nGuidedDeal()"),
        md(_("## Quiz: the flow of a deal")),
        code("from widgets.course import LessonQuiz\nLessonQuiz('first-deal', seed=12)"),
    ]
