"""The pages on a whole game, the other forms of Batak and the house rules: they cover every option of
their part of the options table, their demos work when clicked, and no learner text leaks internals."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import nbformat
import pytest

import batak_core as bc
from batak_core import ActionKind, Game, GameEnd, Variant
from batak_core.i18n import LANGUAGES
from batak_core.options import OPTIONS, OPTIONS_BY_NAME
from batak_core.teaching.lessons import PAGES
from lessons.build_notebooks import edition_dir, page_cells, template_texts
from lessons.pages import game_end, glossary, house_rules, variants
from widgets.course import ClockDemo, KozMacaCalculator, WholeGame
from widgets.course import variants as demos

MY_PAGES = {"game-end": game_end.page(), "variants": variants.page(), "house-rules": house_rules.page(),
            "glossary": glossary.page()}
GROUPS = ("The game", "Timers", "The form of the game", "House rules")
RULES_CALL = re.compile(r"your_rules\((.*?)\)", re.S)
VARIANT_NAMES = {Variant.IHALELI: "İhaleli", Variant.KOZ_MACA: "Koz Maça", Variant.ESLI: "Eşli",
                 Variant.GOMMELI: "Gömmeli"}


@pytest.fixture(autouse=True)
def progress_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.json"
    monkeypatch.setenv("BATAK_PROGRESS", str(path))
    return path


def shown_options(*pages: list[tuple[str, str]]) -> set[str]:
    """The option names the pages' ``your_rules()`` calls show."""
    names = set()
    for page in pages:
        for kind, source in page:
            for call in RULES_CALL.findall(source) if kind == "code" else ():
                names |= {n for n in re.findall(r"'(\w+)'", call) if n in OPTIONS_BY_NAME}
    return names


def test_the_pages_show_every_option_of_their_groups_and_every_house_rule() -> None:
    pages = (game_end.page(), variants.page(), house_rules.page())
    shown = shown_options(*pages)
    text = " ".join(src for page in pages for _, src in page)
    wanted = {o.name for o in OPTIONS if o.group in GROUPS or o.house}
    # the form of the game itself is taught by name (its option text numbers the seats)
    assert all(name in text for name in VARIANT_NAMES.values())
    assert wanted - shown == {"variant"}


def test_the_house_rules_page_names_and_plays_every_house_rule() -> None:
    housed = {o.name for o in OPTIONS if o.house}
    assert set(demos.HOUSE_EXAMPLES) == housed
    assert housed <= shown_options(house_rules.page())
    text = repr(demos.house_rule_effects()).splitlines()
    assert len(text) == sum(len(o.house) for o in OPTIONS)
    # the sources' own numbers: classic 71 and, every trick counting, 80; danish −80, doubled −160
    assert any(line.startswith("Every trick counts (classic)") and line.endswith("without +71; with +80")
               for line in text)
    assert any(line.startswith("Double penalty (danish)") and line.endswith("without -80; with -160")
               for line in text)
    assert any("(on by default there)" in line for line in text if line.startswith("A made 13 counts double"))


def test_every_house_rule_note_starts_with_the_source_that_names_it() -> None:
    for option in OPTIONS:
        for value in option.house:
            assert demos.house_source(option, value) in bc.PRESETS


def test_the_whole_game_grows_deal_by_deal_and_says_why_it_stops() -> None:
    demo = WholeGame(bc.preset("miniokey"), seed=2)
    assert "No deal played yet" in demo.story.value and "fixed 5 deals" in demo.story.value
    demo.one_deal.click()
    assert len(demo.game.records) == 1 and "1 of 5 deals played" in demo.story.value
    assert "Next to deal: <b>Ayşe</b>" in demo.dealers.value  # the dealer moves on after a deal
    demo.to_end.click()
    assert demo.game.is_over and demo.one_deal.disabled and demo.to_end.disabled
    assert "Game over after 5 deals" in demo.story.value and "all 5 deals are played" in demo.story.value
    assert demo.story.value.count("seat") == 0
    demo.again.click()
    assert not demo.game.records and not demo.one_deal.disabled


def test_a_thrown_in_deal_is_dealt_again_by_the_same_dealer_and_a_target_game_stops_at_the_target() -> None:
    demo = WholeGame(bc.preset("danish"), seed=3)
    demo.to_end.click()
    records = demo.game.records
    assert any(r.thrown_in for r in records), "this seed throws a deal in"
    for before, after in itertools.pairwise(records):
        assert after.dealer == (before.dealer if before.thrown_in else (before.dealer + 1) % 4)
    assert "(thrown in)" in demo.dealers.value
    assert demo.game.rules.game_end is GameEnd.TARGET_SCORE
    assert f"at or over the target of {demo.game.rules.target}" in demo.story.value


def test_the_story_of_a_tied_game_plays_on_under_the_tie_rule() -> None:
    rules = bc.preset("gamelake")
    game = next(g for g in (Game(rules, seed=s, deals=3) for s in range(300)) if _tied_after(g, 3))
    assert not game.is_over
    story = demos.game_story(game)
    assert "tied for first" in story and OPTIONS_BY_NAME["tie_rule"].text(rules) in story


def _tied_after(game: Game, deals: int) -> bool:
    """Play ``deals`` deals of ``game`` with bots: is first place tied then?"""
    while True:
        demos._play_out(game.deal)
        if game.deals_played == deals:
            return game.totals.count(max(game.totals)) > 1
        game.next_deal()


def test_the_clock_demo_shows_the_engines_timeout_moves_and_deals_again() -> None:
    demo = ClockDemo(bc.preset("miniokey"), seed=5)
    moments = demo.moments()
    kinds = [action.kind for _, _, action, _, _ in moments]
    assert kinds[:2] == [ActionKind.PASS, ActionKind.TRUMP] and kinds[-1] is ActionKind.PLAY
    _, hand, play, allowed, trick = moments[-1]
    assert trick and play.cards[0] in allowed and set(allowed) <= set(hand)
    assert "30 seconds a move" in demo.view.value and "batak-win" in demo.view.value
    before = demo.view.value
    demo.again.click()
    assert demo.view.value != before


def test_the_clock_demo_says_when_your_rules_have_no_clock() -> None:
    demo = ClockDemo(bc.preset("danish"), seed=1)
    assert "no move clock" in demo.view.value


def test_the_koz_maca_calculator_scores_both_books_and_yandan_batmak() -> None:
    calc = KozMacaCalculator()
    for box, value in zip(calc.announced, (3, 0, 4, 2), strict=True):
        box.value = value
    for box, value in zip(calc.tricks, (6, 0, 4, 3), strict=True):
        box.value = value
    assert "sank by overtricks" in calc.view.value  # 3 over at a classic table
    assert "at least 1 trick" in calc.view.value  # the turkish book has no "none"
    calc.announced[1].value = 1
    assert calc.view.value.count("<tr>") == 3  # the header and both books
    calc.tricks[0].value = 7
    assert "add up to 14" in calc.view.value


def test_only_the_turkish_partners_are_free_while_their_partner_wins() -> None:
    lines = repr(demos.partner_exemption()).splitlines()
    turkish = [line for line in lines if line.endswith(tuple(f"| turkish: {x}" for x in ("K♣ 3♣", "2♠ J♥ 4♥ 9♦")))]
    assert len(turkish) == 2
    assert any(line.endswith("| classic: K♣") for line in lines)


def test_a_gommeli_deal_buries_four_and_plays_twelve_tricks() -> None:
    text = repr(demos.gommeli_deal(seed=4))
    assert text.endswith("12 cards, 12 tricks")
    assert len(text.split("buried ")[1].split(";")[0].split()) == 4


def test_the_cases_the_books_decide_differently_come_from_the_engine() -> None:
    breaks = repr(demos.trump_lead_breaks()).splitlines()
    assert "gamelake: broken no; next lead 4♠ 8♦" in breaks
    zero = dict(line.split(": ") for line in repr(demos.trickless_defender()).splitlines())
    assert zero == {"miniokey": "-50", "classic": "-70", "danish": "+0", "turkish": "+0", "gamelake": "+0"}


def test_koz_maca_and_esli_scores_follow_each_book() -> None:
    koz = repr(demos.koz_maca_scores([((3, 2, 4, 4), (3, 2, 4, 4))]))
    assert koz.endswith("classic: +30 +20 +40 +40\nYou 3/3 · Ayşe 2/2 · Mehmet 4/4 · Zeynep 4/4 | turkish: +3 +2 +4 +4")
    esli = repr(demos.esli_scores(0, 8, (5, 2, 4, 2)))
    assert "gamelake: +9 +4 +9 +4" in esli and "classic: +90 +40 +90 +40" in esli


INTERNAL = re.compile(r"RULES\.md|\.\./shared|edge case|case \d|\bseats? \d|\w+_\w+ ?= ?\w|\.py\b|option =")


def test_no_internal_references_in_learner_text() -> None:
    for page_id, page in MY_PAGES.items():
        for kind, source in page:
            if kind == "md":
                assert not INTERNAL.search(source), (page_id, INTERNAL.search(source))
    shown = [demos.house_rule_effects(), demos.trump_lead_breaks(), demos.trickless_defender(),
             demos.partner_exemption(), demos.gommeli_deal(), demos.esli_scores(0, 8, (5, 2, 4, 2)),
             demos.koz_maca_scores([((3, 0, 4, 2), (6, 0, 4, 3))])]
    widgets = [WholeGame(seed=1), ClockDemo(seed=1), KozMacaCalculator()]
    widgets[0].to_end.click()
    html = [s.html for s in shown] + [widgets[0].story.value, widgets[0].dealers.value, widgets[1].view.value,
                                      widgets[2].view.value]
    for value in html:
        text = re.sub(r"<[^>]+>", " ", value)
        assert not INTERNAL.search(text), INTERNAL.search(text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_built_notebooks_are_the_pages(language: str) -> None:
    """Every edition's notebooks were rebuilt after the page modules or the catalogs changed
    (``lessons/build_notebooks.py``): each holds exactly the cells its page module writes in that language,
    and the words its page template shows."""
    stale = []
    for page in PAGES:
        notebook = nbformat.read(edition_dir(language) / page.file, as_version=4)
        if ([cell.source for cell in notebook.cells] != [src for _, src in page_cells(page, language)]
                or notebook.metadata.get("batak") != {"language": language, "texts": template_texts(language)}):
            stale.append(page.file)
    assert not stale, f"rebuild with: python lessons/build_notebooks.py --language {language} {' '.join(stale)}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_language_menu_marks_the_current_language_in_html_not_markdown_stars(language: str) -> None:
    """The menu is an HTML block, where Markdown is not read: "**English**" showed with its stars."""
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    from lessons.build_notebooks import language_menu

    shown = markdown2html_mistune(language_menu(language, "05_trump.ipynb"))
    assert "**" not in shown
    assert re.search(r'<strong aria-current="page"[^>]*>[^<]+</strong>', shown)
