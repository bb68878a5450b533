"""The course page 09: its texts and widgets, in order (``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from .page_parts import CHECK, Page, code, md

PAGE: Page = [
    md("""
# 9. Variants and house rules

You will learn the other forms of Batak and how to settle a rules argument.

**Variants**
- **Koz Maça** (classic, turkish): no auction, spades are always trump, and every player
  announces how many tricks they will take (classic allows "none").
- **Eşli**, partners (classic, turkish, danish, gamelake): partners sit opposite and count
  their tricks together. In classic the declarer's partner lays the hand open; in turkish you
  need not overtake or ruff while your partner is winning the trick.
- **Gömmeli** (turkish): 12 cards each and 4 face down, which the declarer takes and then buries
  4 cards; 12 tricks.

**House rules** the sources name: lowest bid 4 (classic), redeal when nobody bids (turkish
regional, danish), redeal for a hand with no card above 10 (classic), "every trick counts" and
leading A-K-Q of trump early (classic), double penalty and a made 13 counting double (danish).
"""),
    md("### Where the sources disagree: the engine's verdict under each"),
    code(f"{CHECK}\nfrom batak_core.teaching.examples import EDGE_CASES\nfrom widgets.course import play_examples\n"
         "play_examples(*EDGE_CASES[:3])"),
    md("""
### Try it: the rule lab

Choose a rule set, a variant or a house rule, pick one of the examples (or type any position),
and see which cards every source allows. Hover a cell for the engine's reason.
"""),
    code("from widgets.course import house_rules_lab\nhouse_rules_lab()"),
    md("## Quiz: the cases where the sources disagree"),
    code("from widgets.course import LessonQuiz\nLessonQuiz('variants', seed=19)"),
]
