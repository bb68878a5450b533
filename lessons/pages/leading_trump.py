"""The course page 08: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import CHECK, Page, code, md, paragraphs, term


def page() -> Page:
    """Page 08's cells, in the active language (lessons/build_notebooks.py writes one notebook per language)."""
    return [
        paragraphs(
            _("# 8. Leading, and leading trump"),
            _("You will learn: who leads each trick, and which cards you may **lead** (play first to a trick)."),
            _("## Who leads"),
            _("- **The first trick:** the declarer, the winner of the auction, leads to it. In Koz Maça "
              "([lesson 12](12_variants.ipynb)) there is no auction and no declarer: there the **player after the "
              "dealer** leads to the first trick.\n"
              "- **Every later trick:** whoever **won the last trick** leads to the next one."),
            _("<details><summary>Other rule books: who leads in Koz Maça</summary>"),
            # Translators: turkish, classic: the rule books' names, as the course shows them everywhere.
            _("The turkish rules say so in as many words: in Koz Maça the player after the dealer leads. The "
              "classic rules do not say who leads in Koz Maça, only that the first trick may not be led with a "
              "trump; the course lets the player after the dealer lead there too."),
            "</details>",
            _("## Leading trump"),
            # Translators: {koz_kirmak} is a link to the glossary showing the Turkish words "koz kırmak".
            _("You may lead any suit, but most rule books forbid leading **trump** until it is **broken** "
              "({koz_kirmak}), unless your hand holds nothing but trumps. What breaks it differs too. Under your "
              "rules:").format(koz_kirmak=term("koz kırmak")),
        ),
        code("from widgets.course.rule_text import your_rules\nyour_rules('trump_lead_restricted', 'trump_broken_by')"),
        paragraphs(
            _("<details><summary>Other rule books: what breaks trump</summary>"),
            # Translators: a Markdown table; keep its | signs and the rule books' names (miniokey, turkish ...).
            _("| rule book | trump is broken by |\n"
              "|---|---|\n"
              "| miniokey, turkish | the first trump played by anyone |\n"
              "| classic | a trump played in an earlier trick |\n"
              "| gamelake | only a **ruff**: a trump played on the lead of another suit |\n"
              "| danish | (trump may be led at any time) |"),
            _("So under the gamelake rules, a player holding only trumps who leads one does *not* break trump; "
              "under the others it does."),
            "</details>",
        ),
        md(_("### Worked example: on lead with trumps and another suit")),
        code(f"{CHECK}\nfrom batak_core.teaching.examples import EDGE_CASES\nfrom widgets.course import play_examples\n"
             "play_examples(EDGE_CASES[3], EDGE_CASES[4])"),
        md(_("### Try it: which card may you lead?")),
        code("from batak_core.teaching.examples import EDGE_CASES\nfrom widgets.course import WorkedPlay\n"
             "WorkedPlay(EDGE_CASES[3])"),
        md(_("## Quiz: pick every card you may lead, then press *Check answer*")),
        code("from widgets.course import LessonQuiz\nLessonQuiz('leading-trump', seed=16)"),
    ]
