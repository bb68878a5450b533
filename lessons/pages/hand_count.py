"""The course page 03: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import Page, code, md, paragraphs, term


def page() -> Page:
    """Page 03's cells, in the active language (lessons/build_notebooks.py writes one notebook per language)."""
    return [
        paragraphs(
            _("# 3. Counting a hand"),
            _("You will learn: what your cards are worth before anyone bids. Top tricks, when they are sure, how "
              "many trumps the others hold, and the count you bid by."),
            # Translators: {ihale} is a link to the glossary showing the Turkish word "ihale".
            _("Before the auction ({ihale}) you only see your own thirteen cards. Count them first.").format(
                ihale=term("ihale")),
            # Translators: A, A-K, A-K-Q: ace, ace-king, ace-king-queen, with your language's face letters.
            _("**Top tricks.** In each suit, the ace and the cards right below it that you also hold win from the "
              "top: A, A-K, A-K-Q ... A king without its ace is not a top trick: the ace is still out and beats "
              "it."),
            _("**When is a top trick sure?**"),
            _("- A **top trump** is always sure: no card beats it.\n"
              "- A top card of a **side suit** is sure only when nobody can ruff it: once the others' trumps are "
              "drawn, or while every other player must still hold the suit. A player with no card of the led suit "
              "can play a trump, and any trump beats your ace. Before the play you cannot know who is short in a "
              "suit, so before the first lead only your top trumps are sure."),
            _("**Count the trumps.** A suit has 13 cards. If you hold 5 trumps, the others hold 13 − 5 = 8 between "
              "them; those are the trumps that could ruff your side-suit aces until you draw them."),
            _("**The count you bid by.** The hint counts more than the top cards: every trump beyond the third is "
              "nearly a trick, a guarded king most of one, a queen part of one, and a short side suit gives ruffs "
              "when you have trumps. Bid no more than that count, and pass when it is below the lowest bid. Your "
              "rules:"),
        ),
        code("from widgets.course.rule_text import your_rules\nyour_rules('min_bid', 'must_ruff')"),
        paragraphs(
            _("### Worked hand: top tricks, sure tricks, and the count"),
            _("A hand is dealt to you. Its top cards glow; each suit says whether its top tricks are sure with the "
              "trump chosen above it, and what the hint counts for it. Pick another trump and watch the count "
              "change: the best trump is usually your longest suit."),
        ),
        code("from widgets.course import HandCounter\nHandCounter(seed=1010)"),
        paragraphs(
            _("### Try it: would you bid?"),
            _("Deal a few hands. For each, count the top tricks yourself first, then how many trumps the others "
              "would hold, then decide: bid or pass? The panel tells you what the hint decides and why."),
        ),
        code("from widgets.course import HandCounter\nHandCounter(seed=3030)"),
        md(_("## Quiz: counting a hand, and when top tricks are sure")),
        code("from widgets.course import LessonQuiz\nLessonQuiz('hand-count', seed=30)"),
    ]
