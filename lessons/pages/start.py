"""The course page 00: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import Page, code, md, paragraphs


def page() -> Page:
    """Page 00's cells, in the active language (lessons/build_notebooks.py writes one notebook per language)."""
    return [
        paragraphs(
            _("# Learn Batak"),
            _("**Batak** is the trick-taking card game of Turkish cafés and family tables. Four players each get "
              "13 cards. In every deal the players first bid in an **auction** for the right to choose **trump**; "
              "the winner promises to take at least that many of the 13 tricks, the others try to stop them, and "
              "everyone scores by the tricks they take."),
            _("This course takes you from *\"what is a trick?\"* to playing whole games against the computer."),
        ),
        paragraphs(
            _("## How the course works"),
            _("- Sixteen short lessons, in order. Each one explains one thing, shows it on drawn cards, lets you "
              "try it, and ends with a **quiz of five questions** on freshly dealt cards. A lesson counts as "
              "completed when a round of its quiz ends with at least 4 of 5 right.\n"
              "- Lesson 2 plays a whole first deal with you, step by step; counting a hand comes before you are "
              "asked to bid; card play for the declarer and for the defenders comes after the rules.\n"
              "- Every answer is checked by the same rules engine that runs the games, and the feedback says which "
              "rule decides it.\n"
              "- Your progress is saved on this computer and shown below.\n"
              "- Batak is played by slightly different rules at different tables; this course follows five rule "
              "books. Choose the one your table plays; if you are not sure, keep **miniokey**. The lessons teach "
              "your choice, and show how the other books differ only when you open their \"Other rule books\" "
              "boxes. You can change it at any time.\n"
              "- The Turkish words of the game are explained on the [glossary page](17_glossary.ipynb)."),
        ),
        code("from widgets.course import StartPage\nStartPage()"),
        md(_("New to card games? Start with **[lesson 1: Cards and dealing](01_cards_and_dealing.ipynb)**. "
             "Already know how tricks work? Play **[lesson 2: your first deal, guided](02_first_deal.ipynb)**, "
             "or jump to **[lesson 4: the auction](04_auction.ipynb)**.")),
    ]
