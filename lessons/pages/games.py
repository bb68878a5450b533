"""The course page 16: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import Page, code, md, paragraphs, term


def page() -> Page:
    """Page 16's cells, in the active language (``lessons/build_notebooks.py`` writes one notebook per
    language)."""
    return [
        paragraphs(
            _("# 16. Full games against the computer"),
            _("You will learn: to put every rule together in whole games, under your rules."),
            # Translators: {ihale} and {koz} are links to the glossary entries "ihale" and "koz". Ayşe, Mehmet
            # and Zeynep are the computer players' names.
            _("Time to play. You sit at the bottom; three computer players, **Ayşe**, **Mehmet** and "
              "**Zeynep**, take the other seats in playing order. Each deal has its auction ({ihale}), its trump "
              "({koz}) and its 13 tricks, scored as in [lesson 10](10_scoring.ipynb). Choose how strong the "
              "others are:").format(ihale=term("ihale"), koz=term("koz")),
            # Translators: random, club and expert are the names in the strength menu: keep them as they are
            # written there.
            _("- **random** plays any legal card: good for learning the flow of a deal;\n"
              "- **club** plays like a sound club player: it counts its tricks, draws trumps and wins cheaply;\n"
              "- **expert** imagines the hidden cards many ways and looks ahead: slower, and hard to beat."),
            _("**Hint** suggests a move and says why, and any number it shows says what it is. After each deal, "
              "**Review my play** checks your bid, your choice of trump and every card you played against "
              "perfect play with all four hands open, and lists what cost you points: the call or card that was "
              "better and what it would have kept. **Undo** takes back your last move. The score sheet keeps "
              "every deal."),
        ),
        code("from widgets.course import full_game\nfull_game(bots='club')"),
        md(_("## Final quiz: a mix of everything")),
        code("from widgets.course import LessonQuiz\nLessonQuiz('games', seed=21)"),
    ]
