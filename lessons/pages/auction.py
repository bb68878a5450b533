"""The course page 02: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from .page_parts import CHECK, Page, code, md

PAGE: Page = [
    md("""
# 2. The auction

You will learn: how players bid, what passing means, and what happens when nobody bids.

After the deal comes the **auction**. Starting with the player after the dealer, each player in
turn either **bids** a number of tricks, promising to take at least that many with the trump
of their choice, or **passes**.

- A bid must be **higher** than the highest bid so far.
- The lowest bid is **5** (miniokey, classic, danish, turkish) or **4** (gamelake). Some
  classic tables play with 4 as a house rule.
- A player who passes is **out** of this auction.
- The auction ends when the other three have passed; a bid of **13** ends it at once.

The winner is the **declarer**: they name trump and lead to the first trick.
"""),
    md("""
### Worked example: when everyone passes

Here the five sources really differ. The engine replays four passes under each of them:
"""),
    code(f"{CHECK}\nfrom widgets.course import all_pass_outcomes\nall_pass_outcomes()"),
    md("""
### Try it: bid against three computer players

You call first. Bid what you think your hand can take, or pass, and see who wins the auction.
"""),
    code("from widgets.course import AuctionDemo\nAuctionDemo(seed=202)"),
    md("## Quiz: the lowest bid, and the all-pass outcome"),
    code("from widgets.course import LessonQuiz\nLessonQuiz('auction', seed=12)"),
]
