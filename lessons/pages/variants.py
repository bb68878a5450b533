"""The course page "Koz Maça, Eşli and Gömmeli": its texts and widgets, in order
(``lessons/build_notebooks.py`` writes the notebook)."""

from __future__ import annotations

from batak_core.i18n import _

from .page_parts import CHECK, GLOSSARY_FILE, Page, code, md, paragraphs, term, term_anchor


def page() -> Page:
    """Page 12's cells, in the active language (``lessons/build_notebooks.py`` writes one notebook per
    language)."""
    return [
        paragraphs(
            _("# 12. Koz Maça, Eşli and Gömmeli"),
            # Translators: {koz_maca}, {esli}, {gommeli} and {ihaleli} are links to the glossary that show the
            # Turkish names (koz maça, eşli, gömmeli, İhaleli).
            _("You will learn the three other forms of Batak that the rule books describe: {koz_maca} (spades "
              "are always trump and nobody bids), {esli} (two teams of partners) and {gommeli} (four cards lie "
              "face down for the declarer). Everything you learnt so far is {ihaleli} Batak: an auction, and "
              "every player for themselves.").format(koz_maca=term("koz maça"), esli=term("eşli"),
                                                     gommeli=term("gömmeli"), ihaleli=term("ihaleli", "İhaleli")),
            _("Your start-page rule book stays as it is: on this page each form is shown under the rule books "
              "that describe it."),
        ),
        paragraphs(
            _("## Koz Maça: spades are trump, everyone announces"),
            # Translators: {spades} is the address of the glossary entry "maça": keep "[...]({spades})" around
            # your word for spades.
            _("- There is **no auction**. [Spades]({spades}) are always trump.\n"
              "- Instead, each player in turn, starting after the dealer, **announces** how many tricks they "
              "will take. Everyone is playing their own little contract at the same time.\n"
              "- The player after the dealer leads the first trick (the turkish book says so; the classic book "
              "does not say, and the course does the same). The first trick may not be led with a trump: trump "
              "is not broken yet, exactly as in the auction game.\n"
              "- The classic book allows announcing **0**, \"none\"; the turkish book wants **at least "
              "1**.").format(spades=f"{GLOSSARY_FILE}#{term_anchor('maça')}"),
            _("Scoring, with n the number you announced:"),
            # Translators: a Markdown table: keep its "|" and the line "|---|---|---|"; classic and turkish are
            # the rule books' names. {yandan_batmak} is a link to the glossary entry "yandan batmak".
            _("| | classic | turkish |\n"
              "|---|---|---|\n"
              "| you take at least n | +10 × n (extra tricks add nothing) | + the tricks you took |\n"
              "| you take fewer | −10 × n | − n |\n"
              "| you announced \"none\" | +50 with no trick, −50 otherwise | (not allowed) |\n"
              "| 3 or more tricks over n | on many tables you sink too: {yandan_batmak} | no such rule "
              "|").format(yandan_batmak=term("yandan batmak")),
        ),
        code(f"{CHECK}\nimport batak_core as bc\nfrom widgets.course.rule_text import your_rules\n"
             "your_rules('announcements', 'announce_min', 'fixed_trump', 'declarer_made', 'nil_points', "
             "'overtricks_sink',\n           rules=bc.preset('classic', 'koz_maca'), title='Koz Maça')"),
        md(_("### Worked example: two Koz Maça deals, scored by both books")),
        code(f"{CHECK}\nfrom widgets.course.variants import koz_maca_scores\n"
             "koz_maca_scores([((3, 0, 4, 2), (6, 0, 4, 3)), ((3, 2, 4, 4), (3, 2, 4, 4))])"),
        paragraphs(
            _("In the first deal you announced 3 and took 6: three too many. At a classic table that plays "
              "yandan batmak you sink for it, just as if you had taken too few. Ayşe announced \"none\" and took "
              "nothing: +50 in the classic book; the turkish book does not allow that announcement at all."),
            _("### Try it: announce and score"),
            _("Change what each player announced and took (the tricks must add up to 13) and see both books "
              "score it."),
        ),
        code("from widgets.course import KozMacaCalculator\nKozMacaCalculator()"),
        paragraphs(
            _("## Eşli: partners"),
            # Translators: {ortak} is a link to the glossary entry "ortak". Mehmet, Ayşe and Zeynep are the
            # other players' names.
            _("- Four players, two teams: partners ({ortak}) **sit opposite** each other. You play with Mehmet "
              "against Ayşe and Zeynep.\n"
              "- Partners' tricks **count together**, also against the bid: if Mehmet bids 8, your tricks help "
              "him make it.\n"
              "- The bids are higher, since two hands work together: the lowest bid is **8** in the classic "
              "book (if everyone passes, the dealer plays **7**) and **7** at gamelake. The turkish and danish "
              "books keep the usual lowest bid.\n"
              "- **Classic**: after trump is named, the declarer's partner lays their hand **face up** on the "
              "table (the open dummy) and the declarer plays both hands.\n"
              "- **Turkish**: while your partner is winning the trick, you **need only follow suit**: no duty to "
              "overtake, none to ruff. You do not have to beat your own partner.").format(ortak=term("ortak")),
        ),
        code(f"{CHECK}\nimport batak_core as bc\nfrom widgets.course.rule_text import your_rules\n"
             "your_rules('partnership', 'partner_winning_exempt', 'dummy', 'min_bid',\n"
             "           rules=bc.preset('turkish', 'esli'), title='Eşli')"),
        paragraphs(
            _("### Worked example: your partner is winning the trick"),
            _("Ayşe led, Mehmet (your partner) is winning, Zeynep followed and you play last. Which cards may "
              "you play? Only the turkish book lets you off the duties while Mehmet is winning:"),
        ),
        code(f"{CHECK}\nfrom widgets.course.variants import partner_exemption\npartner_exemption()"),
        paragraphs(
            _("### Worked example: one team deal, scored by every book"),
            _("How the books score a team: the classic book gives the declaring side 10 per trick (it loses "
              "10 × the bid if it fails); the turkish book gives each partner the team's tricks (or − the bid); "
              "the danish book scores the declaring side once as a team with its usual formula, and the "
              "defending pair 1 point a trick. Both partners get their side's score."),
        ),
        code(f"{CHECK}\nfrom widgets.course.variants import esli_scores\nesli_scores(0, 8, (5, 2, 4, 2))"),
        paragraphs(
            _("## Gömmeli: the buried cards"),
            _("Only the turkish book describes it."),
            # Translators: {gomu} and {gommek} are links to the glossary entries "gömü" and "gömmek".
            _("- Everyone gets **12 cards**; the last **4 lie face down** (the {gomu}).\n"
              "- The auction is as usual. The declarer names trump, then **takes the 4 cards** and **buries** "
              "({gommek}) any 4 cards of their 16, face down. The buried cards are out of the play.\n"
              "- There are **12 tricks**, so the highest bid is 12: the book says 13 for every form, but only 12 "
              "tricks exist, so the course reads it as 12.\n"
              "- Scoring is as in the auction game: the turkish formula.").format(gomu=term("gömü"),
                                                                                  gommek=term("gömmek")),
        ),
        code(f"{CHECK}\nimport batak_core as bc\nfrom widgets.course.rule_text import your_rules\n"
             "your_rules('kitty', 'max_bid', rules=bc.preset('turkish', 'gommeli'), title='Gömmeli')"),
        md(_("### Worked example: a Gömmeli deal up to the first lead")),
        code(f"{CHECK}\nfrom widgets.course.variants import gommeli_deal\ngommeli_deal(seed=4)"),
        paragraphs(
            # Translators: an HTML box that opens on a click: keep the tags, the blank lines and the list's
            # "- " marks; classic, turkish, danish, gamelake and miniokey are the rule books' names. The
            # quote in the first item is the danish book's words put into English: translate it. {gonullu} is
            # a link to the glossary entry "gönüllü".
            _("<details><summary>Other rule books: which book describes which form</summary>\n\n"
              "- **Koz Maça**: classic and turkish describe it (see the table above). The danish book only "
              "mentions it (\"spades as fixed trump all the way through\") without its announcements or "
              "scoring, so the course plays it by the classic or turkish book.\n"
              "- **Eşli**: classic, turkish, danish and gamelake.\n"
              "- **Gömmeli**: turkish only.\n"
              "- **{gonullu} Batak**: the danish book names it (a volunteer challenger instead of an auction) "
              "but does not explain it, so the course does not invent it.\n"
              "- **miniokey** plays only the auction game, every player for themselves.\n"
              "</details>").format(gonullu=term("gönüllü")),
            _("### Try it: the rule lab"),
            _("Choose a rule book and a form of the game in the panel, pick a position, and see which cards are "
              "allowed. Hover a cell for the reason."),
        ),
        code("from widgets.course import house_rules_lab\nhouse_rules_lab()"),
        md(_("## Quiz: Koz Maça, Eşli and Gömmeli")),
        code("from widgets.course import LessonQuiz\nLessonQuiz('variants', seed=19)"),
    ]
