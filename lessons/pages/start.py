"""The course page 00: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from .page_parts import Page, code, md

PAGE: Page = [
    md("""
# Learn Batak

**Batak** is the trick-taking card game of Turkish cafés and family tables. Four players each
get 13 cards. In every deal the players first bid in an **auction** for the right to choose
**trump**; the winner promises to take at least that many of the 13 tricks, the others try to
stop them, and everyone scores by the tricks they take.

This course takes you from *"what is a trick?"* to playing whole games against the computer.
"""),
    md("""
## How the course works

- Eleven short lessons, in order. Each one explains one rule, shows it on real cards, lets you
  try it, and ends with a **quiz of five questions** on freshly dealt cards.
- Every answer is checked by the same rules engine that runs the games, and the feedback names
  the rule that decides it.
- Your quiz results are saved on this computer and shown in the menu below.
- The five rule books this course follows disagree on a few details. Choose the one your table
  plays; if you are not sure, keep **miniokey**. You can change it at any time.
"""),
    code("from widgets.course import StartPage\nStartPage()"),
    md("""
New to card games? Start with **[lesson 1: Cards and dealing](01_cards_and_dealing.ipynb)**.
Already know how tricks work? Jump to **[lesson 2: The auction](02_auction.ipynb)**.
"""),
]
