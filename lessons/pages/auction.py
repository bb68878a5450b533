"""The course page 04: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import CHECK, Page, code, md, paragraphs, term


def page() -> Page:
    """Page 04's cells, in the active language (lessons/build_notebooks.py writes one notebook per language)."""
    return [
        paragraphs(
            _("# 4. The auction"),
            _("You will learn: how players bid, what passing means, when the auction ends, and what happens when "
              "nobody bids."),
            # Translators: {ihale} is a link to the glossary showing the Turkish word "ihale".
            _("After the deal comes the **auction** ({ihale}). Starting with the player after the dealer, each "
              "player in turn either **bids** a number of tricks, promising to take at least that many with the "
              "trump of their choice, or **passes**. Before you bid, count what your hand is worth: [lesson 3, "
              "counting a hand](03_counting_a_hand.ipynb) shows how.").format(ihale=term("ihale")),
            _("- A bid must be **higher** than the highest bid so far.\n"
              "- **A pass is final**: a player who passes is out of this auction and may not bid again, even if "
              "someone else bids later.\n"
              "- The auction ends when the other three have passed. A bid of **13** ends it **at once**: there are "
              "only 13 tricks, so nobody can bid higher.\n"
              "- The winner is the **declarer**: they name trump and lead to the first trick."),
            _("<details><summary>Other rule books: where the pass and the bid of 13 come from</summary>"),
            # Translators: miniokey, danish, gamelake: the rule books' names, as the course shows them everywhere.
            _("Four of the five rule books say a pass is final; the danish rules only say the auction ends \"when "
              "three players in a row have passed\", and the course reads a pass as final there too. The miniokey "
              "and gamelake rules say a bid of 13 ends the auction at once; for the others it follows, since nobody "
              "can bid more than 13."),
            "</details>",
            _("The lowest bid, and what happens when everyone passes, depend on your rule book:"),
        ),
        code("from widgets.course.rule_text import your_rules\nyour_rules('min_bid', 'max_bid', 'all_pass')"),
        paragraphs(
            _("### Worked example: when everyone passes"),
            _("The engine replays four passes under your rules; the box below it shows what the other rule books "
              "do, and here they really differ."),
        ),
        code(f"{CHECK}\nfrom widgets.course import all_pass_outcomes\nall_pass_outcomes()"),
        paragraphs(
            _("### Try it: bid against three computer players"),
            _("You call first, with the hand drawn below. Bid what you think your hand can take, or pass, and see "
              "who wins the auction (or, if everyone passes, who must play anyway)."),
        ),
        code("from widgets.course import AuctionDemo\nAuctionDemo(seed=202)"),
        md(_("## Quiz: the lowest bid, and the all-pass outcome")),
        code("from widgets.course import LessonQuiz\nLessonQuiz('auction', seed=12)"),
    ]
