"""The course page 14: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import Page, code, md, paragraphs


def page() -> Page:
    """Page 14's cells, in the active language (``lessons/build_notebooks.py`` writes one notebook per
    language)."""
    return [
        paragraphs(
            _("# 14. Declarer play"),
            _("You will learn: how a declarer turns a count of tricks into tricks taken. Draw trumps, cash your "
              "winners while you keep a way back to your hand, count a suit, and ruff with a small trump."),
            _("**Draw trumps.** Count the trumps still out: 13, minus yours, minus those played. While the "
              "others hold trumps, any side-suit ace of yours can be ruffed by a player who runs out of that "
              "suit. Lead trumps until the count is 0; then your top cards in the other suits are sure."),
            _("**Cash your winners, and keep an entry.** A winner is the highest card of its suit still out. "
              "Take your tricks from the top: once your king has taken a trick, your queen may be the top card. "
              "Keep a winner you can get back to your hand with (an entry): when you lose the lead, the others "
              "cash their winners first."),
            _("**Count a suit.** Thirteen cards a suit: count the ones played. When nobody else holds a card of "
              "a suit, even your 4 of it wins, as long as nobody can ruff."),
            _("**Ruff in the short hand.** A suit you have run out of is worth tricks: when it is led, a trump "
              "wins. Ruff with the smallest trump that wins the trick and keep your big trumps for later."),
            _("Every ending below shows all four hands. Click one of your cards to try it: the double-dummy "
              "solver, which finds everyone's best play, tells you how many tricks your side ends with."),
        ),
        md(_("### Worked endings: four ideas, four small endings")),
        code("from batak_core.teaching.endings import DECLARER_ENDINGS\nfrom widgets.course import EndingBoard\n"
             "EndingBoard(DECLARER_ENDINGS)"),
        paragraphs(
            _("### Try it: endings from real deals"),
            _("Computer players play a fresh deal until only a few tricks are left, and it is your move as the "
              "declarer. Find the card that keeps the most tricks."),
        ),
        code("from widgets.course import EndingBoard\nEndingBoard((), topic='declarer-play', seed=1414)"),
        md(_("## Quiz: declarer play and counting trumps")),
        code("from widgets.course import LessonQuiz\nLessonQuiz('strategy', seed=20)"),
    ]
