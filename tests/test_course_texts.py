"""What learners read: the rule lessons' texts, describe()'s words, and the HTML of the course widgets.

No internal references (file names, "edge case N", "option = value", bare rule ids), one way of
naming the players, and the rule texts as the sources give them.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

import batak_core as bc
import widgets
from batak_core import legality
from batak_core.teaching.describe import (
    FIRST_LEAD_QUOTES,
    INFERRED,
    STATED,
    UNMENTIONED,
    VARIANT_OPTION_QUOTES,
    RuleDescription,
    rules_page,
)
from batak_core.teaching.drills import EDGE_CASES as LAB_POSITIONS
from batak_core.teaching.examples import EDGE_CASES, PLAY_EXAMPLES
from batak_core.teaching.lessons import LESSONS_BY_ID
from lessons.pages.page_parts import GLOSSARY_FILE
from widgets import course

MY_PAGES = ("cards", "auction", "trump", "following", "ruffing", "leading-trump", "winner", "scoring", "games")
"""The lesson pages whose texts this file checks (by lesson id)."""

INTERNAL = ("RULES.md", "edge case", " = True", " = False", "preset:", "../shared", "seat 0", "Seat ")
"""Words that give away the project's insides, never shown to a learner."""

RULE_IDS = tuple(value for name, value in vars(legality).items()
                 if name.isupper() and isinstance(value, str) and "-" in value and value in legality.RULE_TITLES)


@pytest.fixture(autouse=True)
def progress_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.json"
    monkeypatch.setenv("BATAK_PROGRESS", str(path))
    return path


def page_text(lesson_id: str, kind: str = "md") -> str:
    module = importlib.import_module(f"lessons.pages.{lesson_id.replace('-', '_')}")
    return "\n".join(source for cell_kind, source in module.page() if cell_kind == kind)


def visible(html: str) -> str:
    """The text a learner sees: tooltips (title=) may name a rule id, so they are left out."""
    return re.sub(r'title="[^"]*"', "", html)


def assert_plain(text: str, where: str) -> None:
    for word in INTERNAL:
        assert word not in text, f"{where} shows {word!r}"
    for rule_id in RULE_IDS:
        assert not re.search(rf"(?<![\w-]){re.escape(rule_id)}(?![\w-])", text), f"{where} shows rule id {rule_id}"


def described(rules: bc.RuleSet) -> dict[str, RuleDescription]:
    return {d.option: d for d in rules.describe()}


# --- describe(): the corrected texts (regression tests) --------------------------------------------


def test_classic_koz_maca_none_scoring_is_stated_by_the_source() -> None:
    """Regression: describe() said classic's "none" (+50/−50) was "not mentioned by the source"."""
    item = described(bc.preset("classic", "koz_maca"))["nil_points"]
    assert item.basis == STATED and "not mentioned" not in item.source
    assert item.quote == "Wer „keinen“ ansagt und keinen Stich macht, bekommt +50, sonst −50"
    assert "+50" in item.text and "−50" in item.text


def test_classic_koz_maca_failed_number_is_stated_not_inferred_from_the_auction_game() -> None:
    """Regression: classic Koz Maça's "verliert 10 × die Zahl" was reported as the auction game's inference."""
    item = described(bc.preset("classic", "koz_maca"))["declarer_failed_per_bid"]
    assert item.basis == STATED and "verliert 10 × die Zahl" in item.quote
    assert described(bc.preset("classic"))["declarer_failed_per_bid"].basis == INFERRED


def test_turkish_koz_maca_lowest_announcement_is_stated() -> None:
    """Regression: turkish Koz Maça's "(en az 1)" was reported as not mentioned."""
    item = described(bc.preset("turkish", "koz_maca"))["announce_min"]
    assert item.basis == STATED and "en az 1" in item.quote


@pytest.mark.parametrize("name", ["classic", "turkish"])
def test_tie_rule_says_the_source_is_silent_and_what_the_engine_does(name: str) -> None:
    """Regression: "tied players share the place" was given as classic's and turkish's rule."""
    item = described(bc.preset(name))["tie_rule"]
    assert item.basis == UNMENTIONED and "says nothing" in item.source and "engine" in item.source
    assert "share" in item.text
    section = rules_page().split("(`tie_rule`)", 1)[1].split("###", 1)[0]
    page_line = next(line for line in section.splitlines() if line.startswith(f"- **{name}**"))
    assert "says nothing" in page_line and "share" in page_line


def test_miniokey_tie_rule_is_still_its_stated_rule() -> None:
    item = described(bc.preset("miniokey"))["tie_rule"]
    assert item.basis == STATED and "teilen sich die Spieler den Platz" in item.quote


def test_classic_game_lengths_are_usual_lengths_not_a_fixed_menu() -> None:
    """Regression: classic's "oft 5, 7, 11, 15 oder 21" was described as "Game lengths on offer"."""
    classic = described(bc.preset("classic"))["deal_choices"].text
    assert "often" in classic and "on offer" not in classic and "any number" in classic
    assert described(bc.preset("miniokey"))["deal_choices"].text == "Game lengths on offer: 3, 5, 7, 9, 11 deals."


def test_miniokey_extra_time_is_once_per_move() -> None:
    """Regression: the extra 30 s read as once per game; the source gives it once per move."""
    rules = described(bc.preset("miniokey"))
    for option in ("move_seconds", "extra_seconds"):
        assert "once per move" in rules[option].text, option
        assert "per game" not in rules[option].text


def test_who_leads_is_described_per_source() -> None:
    """Regression: nothing said who leads in Koz Maça; turkish names the player after the dealer,
    classic does not say who leads, only that the first trick may not be led with a trump."""
    turkish = described(bc.preset("turkish", "koz_maca"))["first_lead"]
    assert turkish.basis == STATED and "koz maçada dağıtanın solundaki" in turkish.quote
    assert "player after the dealer" in turkish.text
    classic = described(bc.preset("classic", "koz_maca"))["first_lead"]
    assert classic.basis == UNMENTIONED and "does not say who leads" in classic.source
    assert "player after the dealer" in classic.text and "may not be led with a trump" in classic.text
    assert classic.quote == "Der erste Stich darf nicht mit Trumpf eröffnet werden"
    for name in bc.PRESETS:
        auction = described(bc.preset(name))["first_lead"]
        assert auction.basis == STATED and "declarer leads" in auction.text, name


def test_the_variant_and_lead_quotes_are_the_sources_word_for_word() -> None:
    seeds = Path(__file__).resolve().parents[2] / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip("the original source texts are not beside this clone")
    files = {"miniokey": "000", "classic": "001", "danish": "002", "turkish": "003", "gamelake": "004"}
    texts = {name: re.sub(r"\s+", " ", next(seeds.glob(f"{n}_*.txt")).read_text(encoding="utf-8"))
             for name, n in files.items()}
    for (name, *_rest), quote in [*VARIANT_OPTION_QUOTES.items(), *FIRST_LEAD_QUOTES.items()]:
        assert quote in texts[name], quote
    for name in bc.PRESETS:
        for part in described(bc.preset(name))["first_lead"].quote.split(" … "):
            assert part in texts[name], part


def test_who_leads_in_koz_maca_is_what_the_engine_does() -> None:
    for name in ("classic", "turkish"):
        deal = bc.Deal.random(bc.preset(name, "koz_maca"), seed=3, dealer=2)
        for _ in range(4):
            deal.bid(deal.legal_bids()[0])
        assert deal.to_move == 3, name  # the player after the dealer


def test_classic_penalties_are_marked_as_inferred_from_the_example() -> None:
    classic = described(bc.preset("classic"))
    for option in ("declarer_failed_per_bid", "defender_zero"):
        assert classic[option].basis == INFERRED and "example" in classic[option].source, option
    scoring = page_text("scoring")
    assert "inferred" in scoring and "example" in scoring


# --- the lesson pages ------------------------------------------------------------------------------


@pytest.mark.parametrize("lesson_id", MY_PAGES)
def test_pages_show_no_internal_references(lesson_id: str) -> None:
    assert_plain(page_text(lesson_id), lesson_id)


@pytest.mark.parametrize("lesson_id", MY_PAGES)
def test_pages_keep_their_shape_and_quiz(lesson_id: str) -> None:
    text, code = page_text(lesson_id), page_text(lesson_id, "code")
    lesson = LESSONS_BY_ID[lesson_id]
    number = [*LESSONS_BY_ID].index(lesson_id) + 1
    assert text.startswith(f"# {number}. "), lesson.file
    assert "You will learn" in text
    assert f"LessonQuiz('{lesson_id}', seed=" in code
    for link in re.findall(r"\]\(([^)#]+\.ipynb)", text):
        assert link == GLOSSARY_FILE or link in {lesson.file for lesson in LESSONS_BY_ID.values()}, link


def test_rule_pages_state_the_learners_rules_and_keep_comparisons_in_boxes() -> None:
    for lesson_id in ("auction", "following", "ruffing", "leading-trump", "scoring"):
        assert "your_rules(" in page_text(lesson_id, "code"), lesson_id
    for lesson_id in MY_PAGES:
        text = page_text(lesson_id)
        for table in re.findall(r"(?:^\|.*\n?)+", text, flags=re.M):
            if all(name in table for name in bc.PRESETS):
                before = text[:text.index(table)]
                assert before.count("<details>") > before.count("</details>"), f"{lesson_id}: a table outside a box"


def test_following_lesson_says_danish_has_no_duty_to_beat_a_trump_lead() -> None:
    """Regression: point 3 ("when trump was led you must beat the highest trump") was said for every preset."""
    point = next(line for line in page_text("following").splitlines() if line.startswith("3. "))
    assert "danish" in point


def test_auction_page_teaches_the_bid_of_13_and_the_final_pass() -> None:
    text = page_text("auction")
    assert "13" in text and "at once" in text
    assert "final" in text and "danish" in text
    assert "(03_counting_a_hand.ipynb)" in text


def test_leading_page_says_who_leads_each_trick() -> None:
    text = page_text("leading-trump")
    assert "declarer" in text and "Koz Maça" in text and "player after the dealer" in text
    assert "won the last trick" in text


def test_glossary_terms_are_linked() -> None:
    joined = "\n".join(page_text(lesson_id) for lesson_id in MY_PAGES)
    for word in ("ihale", "koz", "koz kırmak", "yükseltme", "çakmak", "batmak"):
        anchor = "term-" + word.replace(" ", "-")
        assert f"({GLOSSARY_FILE}#{anchor})" in joined, word


def test_the_classic_example_says_its_names_are_the_sources() -> None:
    text = page_text("winner")
    assert "Ben" in text and "source" in text


# --- the widgets' HTML -----------------------------------------------------------------------------


def pass_bot() -> object:
    class Passer:
        def choose(self, view: bc.DealView) -> bc.Action:
            return bc.Action.pass_()
    return Passer()


def test_forced_contract_is_not_called_winning_the_auction() -> None:
    """Regression: after four passes the demo said the forced miniokey player "won the auction"."""
    demo = course.AuctionDemo(bc.preset("miniokey"), seed=1)
    demo.bots = {seat: pass_bot() for seat in (1, 2, 3)}  # type: ignore[misc]
    demo.new_deal = lambda: None  # type: ignore[method-assign]
    demo.deal = bc.Deal.random(demo.rules, seed=5, dealer=3)
    demo.panel.pass_button.click()
    text = demo.outcome.value
    assert "won the auction" not in text and "nobody wins the auction" in text
    assert "<b>You</b> must play" in text and "contract of <b>4</b>" in text


def test_the_auction_demo_speaks_to_you_in_the_second_person() -> None:
    """Regression: "You won the auction … and now chooses trump"."""
    demo = course.AuctionDemo(bc.preset("miniokey"), seed=1)
    demo.bots = {seat: pass_bot() for seat in (1, 2, 3)}  # type: ignore[misc]
    demo._call(bc.Action.bid(6))
    assert "<b>You</b> won the auction with a bid of <b>6</b> and now choose trump." in demo.outcome.value


@pytest.mark.parametrize("tricks", [[8, -3, 8, 0], [16, -3, 0, 0], [8, 3, 2, 14]])
def test_the_score_calculator_refuses_tricks_outside_0_to_13(tricks: list[int]) -> None:
    """Regression: −3 tricks could be typed (the browser sends it before clamping) and was scored."""
    calc = course.ScoreCalculator()
    for box, value in zip(calc.tricks, tricks, strict=True):
        box.value = value
    assert "from 0 to 13" in calc.view.value and "<table" not in calc.view.value
    assert all(box.value == value for box, value in zip(calc.tricks, tricks, strict=True))


def test_the_score_calculator_names_the_players_and_shows_your_rules_first() -> None:
    calc = course.ScoreCalculator(bc.preset("classic"))
    assert [box.description for box in calc.tricks] == ["You (declarer)", "Ayşe", "Mehmet", "Zeynep"]
    html = calc.view.value
    assert html.index("classic") < html.index("<details")
    assert "+71" in html and "inferred" in html  # classic's −70 for Zeynep's trickless deal


def test_widgets_show_no_internal_references() -> None:
    panel = widgets.RulesPanel(bc.preset("classic"))
    panel.inputs["min_bid"].value = 4
    panel.inputs["every_trick_counts"].value = True
    assert "Lowest bid: 4 (the classic rules: 5)" in panel.summary.value
    assert "Every trick counts: yes (the classic rules: no)" in panel.summary.value
    shown = [("rules panel", panel.summary.value + panel.description.value)]
    lab = widgets.RuleLab(bc.preset("classic", must_overtake=False))
    for name in LAB_POSITIONS:
        lab.examples.value = name
        shown.append((f"rule lab {name}", lab.result.value))
    shown.append(("rule lab inputs", " ".join(str(box.description) for box in lab.hands)
                  + " ".join(str(label) for label, _seat in lab.leader.options)))
    demos = [course.HandDemo(seed=2, sure=True).view.value, course.TrumpDemo(seed=4).hand.value,
             course.ScoreCalculator().view.value, course.play_examples(*PLAY_EXAMPLES, *EDGE_CASES).html,
             course.WorkedPlay(*EDGE_CASES).heading.value, course.all_pass_outcomes().html,
             course.score_examples().html]
    shown += [(f"demo {i}", html) for i, html in enumerate(demos)]
    for where, html in shown:
        assert_plain(visible(html), where)


def test_the_rule_lab_names_players_by_their_names() -> None:
    lab = widgets.RuleLab()
    assert [box.description for box in lab.hands] == ["You", "Ayşe", "Mehmet", "Zeynep"]
    assert [label for label, _seat in lab.leader.options] == ["You", "Ayşe", "Mehmet", "Zeynep"]
    lab.set_position(LAB_POSITIONS[next(iter(LAB_POSITIONS))])
    assert re.search(r"<p>(You are|Ayşe is|Mehmet is|Zeynep is) to move", lab.result.value)


def test_the_hand_demo_names_the_dealer() -> None:
    demo = course.HandDemo(seed=3)
    assert re.search(r"<p>(You|Ayşe|Mehmet|Zeynep) dealt", demo.view.value)
