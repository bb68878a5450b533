"""The course page 10: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import CHECK, Page, code, md, paragraphs, term


def page() -> Page:
    """Page 10's cells, in the active language (lessons/build_notebooks.py writes one notebook per language)."""
    return [
        paragraphs(
            _("# 10. Scoring"),
            _("You will learn how a deal is scored under your rules."),
            # Translators: {batmak} is a link to the glossary showing the Turkish word "batmak".
            _("After the 13 tricks every player scores. The declarer either **makes** the bid (takes at least that "
              "many tricks) or **goes down**: in Turkish the declarer *sinks* ({batmak}). The others score for the "
              "tricks they took, and in some rule books a player who took no trick at all is punished too, so even "
              "with a weak hand, try to take one trick. Under your rules:").format(batmak=term("batmak")),
        ),
        code("from widgets.course.rule_text import your_rules\n"
             "your_rules('declarer_made', 'declarer_failed_per_bid', 'defender_per_trick', 'defender_zero')"),
        paragraphs(
            _("**If you play the classic rules:** the classic rule book's scoring table is missing; it gives one "
              "worked example only (a bid of 7 made with 8 tricks: 71, and a player with no trick: −70). The "
              "declarer who goes down (−10 × the bid) and the player with no trick (−10 × the bid) are **inferred "
              "from that example**, so the course marks them *inferred*."),
            _("<details><summary>Other rule books: the five scoring rules side by side</summary>"),
            _("B is the declarer's bid, T the declarer's tricks, t another player's tricks."),
            # Translators: a Markdown table; keep its | signs, the rule books' names and the letters B, T and t
            # (or change them together with the sentence before the table).
            _("| | miniokey | classic | danish | turkish | gamelake |\n"
              "|---|---|---|---|---|---|\n"
              "| declarer makes it (T ≥ B) | 10·T | 10·B + (T − B) | 10·B + (T − B) | T | T |\n"
              "| declarer goes down (T < B) | −10·B | −10·B (inferred from the example) | −10·B | −B | −B |\n"
              "| every other player | 10·t | 10·t | t | t | t |\n"
              "| another player with no trick | −50 | −10·B (inferred from the example) | 0 | 0 | 0 |"),
            "</details>",
        ),
        md(_("### Worked examples: the rule books' own deals, scored by the engine")),
        code(f"{CHECK}\nfrom widgets.course import score_examples\nscore_examples()"),
        paragraphs(
            _("### Try it: one deal, scored your way"),
            _("You are the declarer. Set your bid and everyone's tricks (from 0 to 13, adding up to 13); the box "
              "under the result scores the same deal under the other rule books."),
        ),
        code("from widgets.course import ScoreCalculator\nScoreCalculator()"),
        md(_("## Quiz: enter every player's points, then press *Check answer*")),
        code("from widgets.course import LessonQuiz\nLessonQuiz('scoring', seed=18)"),
    ]
