"""The course page 15: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import Page, code, md, paragraphs


def page() -> Page:
    """Page 15's cells, in the active language (``lessons/build_notebooks.py`` writes one notebook per
    language)."""
    return [
        paragraphs(
            _("# 15. Defence"),
            _("You will learn: how a defender plays against the declarer. Make sure of a trick, discard well, "
              "lead through strength, and keep your high cards for tricks they can win."),
            _("**Take the trick that saves you.** Under some rule books a defender who ends the deal without a "
              "single trick is punished. Your rules:"),
        ),
        code("from widgets.course.rule_text import your_rules\nyour_rules('defender_zero', 'defender_per_trick')"),
        paragraphs(
            _("If a trickless defender loses points under your rules, count your sure tricks early: take one "
              "when you can, and never throw away the card that will take it."),
            _("**Discard well.** When you cannot follow suit and have no trump (or may keep it), you discard. "
              "Keep the suit the declarer is long in: as long as you hold cards that beat theirs, their small "
              "cards of that suit cannot win. Throw the suit that can no longer take a trick."),
            _("**Lead through strength.** When you lead, choose a suit in which the player on your left is "
              "strong: they must play second, before the players after them, who see their card and can beat it "
              "or keep their own. The other way round, a suit in which you hold the ace and queen but not the "
              "king is best led by someone else: playing after the king, you can win with whichever of your two "
              "cards it takes."),
            _("**Don't waste a high card on a trick already lost.** When the trick is won by a card you cannot "
              "beat, play your lowest card: your higher card may take a trick later."),
            _("Every ending below shows all four hands. Click one of your cards to try it: the double-dummy "
              "solver tells you how many tricks you end the deal with."),
        ),
        md(_("### Worked endings")),
        code("from batak_core.teaching.endings import DEFENCE_ENDINGS\nfrom widgets.course import EndingBoard\n"
             "EndingBoard(DEFENCE_ENDINGS)"),
        paragraphs(
            _("### Try it: endings from real deals"),
            _("Computer players play a fresh deal until only a few tricks are left, and it is your move as a "
              "defender."),
        ),
        code("from widgets.course import EndingBoard\nEndingBoard((), topic='defence', seed=1515)"),
        md(_("## Quiz: defence")),
        code("from widgets.course import LessonQuiz\nLessonQuiz('defence', seed=21)"),
    ]
