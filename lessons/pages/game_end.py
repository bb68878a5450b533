"""The course page "A whole game": its texts and widgets, in order (``lessons/build_notebooks.py`` writes
the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import CHECK, GLOSSARY_FILE, Page, code, md, paragraphs, term, term_anchor


def page() -> Page:
    """Page 11's cells, in the active language (``lessons/build_notebooks.py`` writes one notebook per
    language)."""
    return [
        paragraphs(
            _("# 11. A whole game"),
            _("You will learn: how long a game lasts, who wins and what happens in a tie, who deals each time, "
              "and what the move clock does when a player takes too long."),
            _("One deal is not a game. The points of every deal are added up on a score sheet, deal after deal, "
              "until the game ends, and the highest total wins. The rule books end a game in one of two ways:"),
            # Translators: {hedef_puan} is a link to the glossary entry "hedef puan" (it shows those words).
            _("- after a **fixed number of deals**, agreed before you start, or\n"
              "- at a **target score** ({hedef_puan}): the game stops at the end of the deal in which someone "
              "reaches it.").format(hedef_puan=term("hedef puan")),
        ),
        md(_("### How long, and who wins: under your rules")),
        code(f"{CHECK}\nfrom widgets.course.rule_text import your_rules\n"
             "your_rules('game_end', 'deals', 'deal_choices', 'deal_choices_only', 'target', 'target_choices')"),
        paragraphs(
            _("### A tie for first place"),
            _("Two players finish level at the top. What then?"),
        ),
        code(f"{CHECK}\nfrom widgets.course.rule_text import your_rules\nyour_rules('tie_rule')"),
        md(_("The miniokey book says the tied players share the place (and its prize); the danish book deals "
             "again until one of the players level at or over the target is ahead; at gamelake one more deal is "
             "played, and again while still tied. The classic and turkish books do not say: the course lets the "
             "tied players share the place, which is its own reading of their silence, not something they "
             "state.")),
        paragraphs(
            _("### Who deals"),
            # Translators: {dagitmak} is a link to the glossary entry "dağıtmak"; {dealer} is the address of
            # the entry "dağıtan": keep "[...]({dealer})" around your word for the dealer.
            _("The turn to deal ({dagitmak}) moves on by one player after every deal, in the direction of "
              "play, so everyone deals as often as everyone else. The player after the [dealer]({dealer}) "
              "speaks first in the auction. One exception: when a deal is thrown in (nobody bid, under rules "
              "that redeal then), the **same dealer deals again**: that deal was never played, so it does not "
              "count as a turn.").format(dagitmak=term("dağıtmak"),
                                         dealer=f"{GLOSSARY_FILE}#{term_anchor('dağıtan')}"),
        ),
        code(f"{CHECK}\nfrom widgets.course.rule_text import your_rules\nyour_rules('direction')"),
        paragraphs(
            _("### Watch a whole game"),
            _("Three computer players and a fourth in your seat play whole deals in an instant under your rules. "
              "Press **Play one deal** and watch the score sheet grow: each row is one deal, with the points of "
              "that deal and the running total beside them. The line above the sheet says why the game goes on, "
              "or why it stops where it does. **Play to the end** finishes the game; **New game** deals a new "
              "one."),
        ),
        code("from widgets.course import WholeGame\nWholeGame(seed=11)"),
        paragraphs(
            _("### The move clock"),
            _("At an online table nobody can sit and think for ever. Under your rules:"),
        ),
        code(f"{CHECK}\nfrom widgets.course.rule_text import your_rules\nyour_rules('move_seconds', 'extra_seconds')"),
        paragraphs(
            _("When the time is up the table moves for you, always in the safest way: in the auction you "
              "**pass** (if you may not pass, you make the lowest bid), as declarer your **longest suit** "
              "becomes trump, and in the play your **lowest card that the rules allow** is played. Only "
              "miniokey, an online game, has a clock; at a kitchen table the players agree their own patience."),
            _("### What would the clock do?"),
            _("A fresh hand, and three moments where your time runs out. The highlighted card is the one the "
              "table plays for you; the dimmed cards are the ones the rules would not let you play."),
        ),
        code("from widgets.course import ClockDemo\nClockDemo(seed=31)"),
        md(_("## Quiz: the end of the game, and the clock")),
        code("from widgets.course import LessonQuiz\nLessonQuiz('game-end', seed=22)"),
    ]
