"""The course page "House rules, and where the books disagree": its texts and widgets, in order
(``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import N_, _

from .page_parts import CHECK, Page, code, md, paragraphs, term

BOOKS = N_("how the five rule books decide it")
CASES = (
    (0, N_("The trick is already trumped: must you still beat the highest card of the led suit?"), BOOKS),
    (1, N_("The trump in the trick is higher than all of yours: must you still play a trump?"), BOOKS),
    (2, N_("You have none of the led suit and could overtrump: must you?"), BOOKS),
    (3, N_("You lead before trump is broken, holding trumps and another suit"), BOOKS),
    # Translators: "trump must be broken" is the name of a table setting of the miniokey site.
    (4, N_("The same lead at a miniokey table that switched “trump must be broken” off"),
     N_("miniokey's table setting")),
)
"""The single-position cases where the rule books decide differently: each with its plain title and
where its verdicts come from (in English: ``page()`` shows them in the active language)."""


def _case(index: int, title: str, source: str) -> str:
    """The code cell of case ``index``, its title and source in the active language."""
    return (f"{CHECK}\nfrom dataclasses import replace\nfrom batak_core.teaching.examples import EDGE_CASES\n"
            "from widgets.course import play_examples\n"
            f"play_examples(replace(EDGE_CASES[{index}], title={_(title)!r}, source={_(source)!r}))")


def page() -> Page:
    """Page 13's cells, in the active language (``lessons/build_notebooks.py`` writes one notebook per
    language)."""
    return [
        paragraphs(
            _("# 13. House rules, and where the books disagree"),
            _("You will learn every house rule the rule books name, and the situations where the five books "
              "really decide differently, so you can settle an argument at the table."),
            # Translators: {yoresel_farklar} is a link to the glossary entry "yöresel farklar".
            _("A **house rule** is a change some tables agree on before they play ({yoresel_farklar}, the "
              "turkish book calls them: regional differences). The books name these:").format(
                yoresel_farklar=term("yöresel farklar")),
            # Translators: a bold title, then a list; classic, turkish, danish and miniokey are the rule books'
            # names, and the words in quotes are theirs, put into English: translate them.
            _("**The auction and the deal**\n"
              "- **Lowest bid 4** (classic, \"at some tables\"): you may open with 4 instead of 5.\n"
              "- **Redeal when nobody bids** (turkish, \"at some tables\"): instead of forcing a contract on "
              "someone, the cards are thrown in and dealt again. In the danish book this is not a house rule but "
              "the standard rule.\n"
              "- **Redeal for a weak hand** (classic): a player holding no card above 10 may ask for a new "
              "deal."),
            # Translators: {koz_kirmak} is a link to the glossary entry "koz kırmak".
            _("**Leading trump**\n"
              "- **Trump may be led at any time** (miniokey, as a table setting): whoever opens the table can "
              "switch \"trump must be broken\" off.\n"
              "- **A-K-Q may lead trump** (classic): a player holding the ace, king and queen of trump may lead "
              "them one after another before trump is broken ({koz_kirmak}).").format(
                koz_kirmak=term("koz kırmak")),
            # Translators: {yandan_batmak} is a link to the glossary entry "yandan batmak".
            _("**Scoring**\n"
              "- **Every trick counts** (classic): a declarer who makes the bid scores 10 for every trick taken, "
              "instead of 10 × the bid + 1 per extra trick.\n"
              "- **Double penalty** (danish): a declarer who fails loses twice as much.\n"
              "- **A made 13 counts double** (danish, \"most tables\": so it is on in the danish rules unless you "
              "switch it off).\n"
              "- **An exact bid scores the bid** (turkish, regional): a declarer who takes exactly the bid scores "
              "the bid, more tricks score the tricks. With the books' formulas that is the same number either "
              "way, as the table below shows: taking exactly the bid, the bid and the tricks are the same.\n"
              "- **Yandan batmak** in Koz Maça (classic, \"on many tables\": on in the classic Koz Maça unless "
              "you switch it off): 3 or more tricks over your announcement also sink you "
              "({yandan_batmak}).").format(yandan_batmak=term("yandan batmak")),
            _("**The game**\n"
              "- **A fixed number of deals instead of a target** (danish): tables that prefer a fixed length "
              "play an agreed number of deals and compare the totals."),
            _("The turkish book also mentions tables where a player with 2 tricks or fewer \"sinks\", but it "
              "gives no penalty, so the course does not invent one."),
        ),
        md(_("### Under your rules")),
        code(f"{CHECK}\nfrom widgets.course.rule_text import your_rules\n"
             "your_rules('min_bid', 'all_pass', 'weak_hand_redeal', 'trump_lead_restricted', 'akq_trump_lead')"),
        code(f"{CHECK}\nfrom widgets.course.rule_text import your_rules\n"
             "your_rules('every_trick_counts', 'double_penalty', 'made_thirteen_doubles', 'exact_bid_scores_bid',\n"
             "           'overtricks_sink', 'game_end')"),
        paragraphs(
            _("### Every house rule, with and without"),
            _("Each house rule played by the engine on one example, under the rule book that names it (yandan "
              "batmak under the classic Koz Maça):"),
        ),
        code(f"{CHECK}\nfrom widgets.course.variants import house_rule_effects\nhouse_rule_effects()"),
        paragraphs(
            _("## Where the books decide differently"),
            _("These are the situations players argue about. For each, the engine shows which cards every rule "
              "book allows."),
            _("### Overtaking in a trick that is already trumped"),
            # Translators: {yukseltme} and {cakmak} are links to the glossary entries "yükseltme" and "çakmak".
            _("Most books make you beat the highest card of the led suit ({yukseltme}). But once someone has "
              "trumped the trick ({cakmak}), your club cannot win anyway: miniokey and turkish lift the duty "
              "then, classic and gamelake state it without exception, and danish has no overtake duty at "
              "all.").format(yukseltme=term("yükseltme"), cakmak=term("çakmak")),
        ),
        code(_case(*CASES[0])),
        paragraphs(
            _("### The free card when you cannot overtrump"),
            _("You have none of the led suit, and the trump in the trick beats all of yours. Most books still "
              "make you play a trump. The turkish book lets you throw any card, a small trump included."),
        ),
        code(_case(*CASES[1])),
        paragraphs(
            _("### The overtrump duty"),
            _("You have none of the led suit and could beat the trump already in the trick. Every book but the "
              "danish makes you do it; the danish book only asks for a trump, any trump."),
        ),
        code(_case(*CASES[2])),
        paragraphs(
            _("### Leading trump before it is broken"),
            _("All books but the danish forbid leading trump until it is broken, unless your hand is all "
              "trumps. At miniokey the table can switch that rule off:"),
        ),
        code(_case(*CASES[3])),
        code(_case(*CASES[4])),
        paragraphs(
            _("### Does a lead from an all-trump hand break trump?"),
            _("A player holding nothing but trumps may always lead one. But is trump broken afterwards? For "
              "most books any trump played breaks it. Gamelake says trump is broken only when someone "
              "**ruffs**: plays a trump on a lead of another suit. So at gamelake the next leader still may not "
              "lead trump:"),
        ),
        code(f"{CHECK}\nfrom widgets.course.variants import trump_lead_breaks\ntrump_lead_breaks()"),
        paragraphs(
            _("### When everyone passes"),
            _("Five books, five answers, each replayed by the engine:"),
        ),
        code(f"{CHECK}\nfrom widgets.course import all_pass_outcomes\nall_pass_outcomes()"),
        paragraphs(
            _("### A player who takes no trick"),
            _("Not the declarer, just a player who ends the deal without a single trick: miniokey takes 50 "
              "points off, the classic book's example sinks them by 10 × the bid, the others give 0."),
        ),
        code(f"{CHECK}\nfrom widgets.course.variants import trickless_defender\ntrickless_defender()"),
        paragraphs(
            _("### Try it: the rule lab"),
            _("Switch house rules on and off in the panel (or choose another rule book), pick one of the "
              "positions or a random one, and see at once which cards every book allows. Hover a cell for the "
              "engine's reason."),
        ),
        code("from widgets.course import house_rules_lab\nhouse_rules_lab()"),
        md(_("## Quiz: house rules, and the cases the books decide differently")),
        code("from widgets.course import LessonQuiz\nLessonQuiz('house-rules', seed=23)"),
    ]
