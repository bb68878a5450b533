"""Lesson 2's guided first deal: the script replayed through the engine under every preset, its goals
judged click by click, the widget driven as a learner would, and the lesson's quiz on the flow of a
deal under every preset and variant."""

from __future__ import annotations

import re
from pathlib import Path

import ipywidgets as ipw
import pytest

import batak_core as bc
from batak_core import Action, Phase
from batak_core.teaching import drills, guided, topics
from batak_core.teaching.lessons import LESSONS_BY_ID
from batak_core.teaching.names import SEAT_NAMES
from widgets.course import GuidedDeal

PRESETS = list(bc.PRESETS)
RULE_SETS = {f"{name}/{variant.value}": bc.preset(name, variant)
             for name in bc.PRESETS for variant in bc.variants_of(name)}
KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def shown(widget: ipw.DOMWidget) -> bool:
    return widget.layout.display != "none"


def learner_choices(deal: bc.Deal, goal: guided.Goal) -> list[Action]:
    """Everything the learner could click at a step: the calls, or every card of the hand."""
    if goal.kind is guided.GoalKind.PASS:
        return [bc.Action.call(None), *(bc.Action.bid(n) for n in deal.legal_bids())]
    return [Action.play(c) for c in deal.hand(guided.LEARNER)]


def decision(kind: guided.GoalKind) -> int:
    """The index of the learner step with a goal of ``kind``."""
    return next(i for i in guided.DECISIONS if (goal := guided.STEPS[i].goal) is not None and goal.kind is kind)


def replay_to(rules: bc.RuleSet, index: int) -> bc.Deal:
    """The script's deal just before step ``index``."""
    deal = guided.new_deal(rules)
    for step in guided.STEPS[:index]:
        if step.action:
            deal.act(Action.parse(step.action))
    return deal


# --- the script ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_the_script_is_legal_and_every_goal_holds_under_every_preset(name: str) -> None:
    rules = bc.preset(name)
    assert guided.script_problems(rules) == []
    deal = guided.new_deal(rules)
    for step in guided.STEPS:
        if not step.action:
            continue
        action = Action.parse(step.action)
        assert deal.to_move == step.seat, step
        if action.kind is bc.ActionKind.PLAY:
            assert action.card in deal.legal_plays(), (name, step)
        deal.act(action)
    for card in guided.REST:
        assert card in deal.legal_plays(), (name, card)
        deal.play(card)
    assert deal.phase is Phase.OVER and sum(deal.tricks_won) == 13
    assert deal.declarer == 2 and deal.contract == 6 and deal.trump is bc.Suit.SPADES


@pytest.mark.parametrize("name", PRESETS)
def test_each_goal_accepts_only_its_target_and_explains_every_other_click(name: str) -> None:
    rules = bc.preset(name)
    for index in guided.DECISIONS:
        step = guided.STEPS[index]
        goal = step.goal
        assert goal is not None and step.seat == guided.LEARNER
        deal = replay_to(rules, index)
        assert deal.to_move == guided.LEARNER
        before = deal.snapshot()
        for choice in learner_choices(deal, goal):
            result = goal.check(deal, choice)
            assert result.ok == (str(choice) == goal.target), (name, goal.title, choice)
            assert result.message and "{" not in result.message
            if choice.kind is bc.ActionKind.PLAY and not deal.explain(choice.card).legal:
                assert deal.explain(choice.card).reason in result.message  # the engine's own reason
        assert deal.snapshot() == before  # judging a click changes nothing


def test_a_legal_card_that_misses_the_goal_gets_the_goals_reason() -> None:
    """Win cheaply: the queen wins too; the 4 is refused where you must overtake, and loses under danish,
    which has no overtake duty."""
    index = decision(guided.GoalKind.CHEAP_WIN)
    for name in PRESETS:
        rules = bc.preset(name)
        deal = replay_to(rules, index)
        goal = guided.STEPS[index].goal
        assert goal is not None
        queen = goal.check(deal, Action.play("QD"))
        assert not queen.ok and "wins too, but the 9♦ wins it more cheaply" in queen.message
        four = goal.check(deal, Action.play("4D"))
        assert not four.ok
        if rules.must_overtake:
            assert deal.explain("4D").reason in four.message
        else:
            assert "does not win the trick: Mehmet's 8♦ is higher" in four.message
    lead = decision(guided.GoalKind.LEAD_ACE)
    deal = replay_to(bc.preset("miniokey"), lead)
    goal = guided.STEPS[lead].goal
    assert goal is not None
    assert "sure winner" in goal.check(deal, Action.play("QD")).message


def test_the_narration_follows_the_learners_rules() -> None:
    texts = {}
    for name in PRESETS:
        tour = guided.Tour(bc.preset(name))
        said = []
        while tour.can_continue or tour.goal is not None:
            said.append(tour.text)
            if tour.goal is not None:
                tour.choose(tour.goal.action)
            elif tour.can_continue:
                tour.next()
            if tour.can_play_rest:
                break
        texts[name] = " ".join(said)
        described = {d.option: d.text for d in bc.preset(name).describe()}
        for option in ("must_overtake", "must_overtrump", "defender_zero", "min_bid", "direction"):
            assert described[option] in texts[name], (name, option)
        assert "{" not in texts[name] and not re.search(r"\bseat \d", texts[name])
    assert "Lesson 3, Counting a hand" in texts["miniokey"]
    assert LESSONS_BY_ID["hand-count"].title in texts["miniokey"]


def test_the_script_refuses_rules_it_does_not_hold_under() -> None:
    assert guided.script_problems(bc.preset("classic", "koz_maca"))
    high = bc.preset("miniokey", min_bid=7)  # Ayşe's opening bid of 5 is not allowed there
    assert guided.script_problems(high)
    with pytest.raises(ValueError, match="İhaleli rules of the five presets"):
        guided.Tour(high)


def test_stars() -> None:
    assert [guided.stars(n) for n in range(5)] == [3, 2, 2, 1, 1]


@pytest.mark.parametrize("name", PRESETS)
def test_the_score_is_the_engines_with_the_rule_that_gives_it(name: str) -> None:
    tour = guided.Tour(bc.preset(name))
    with pytest.raises(ValueError, match="last step"):
        tour.play_rest()
    while not tour.can_play_rest:
        if tour.goal is not None:
            assert tour.choose(tour.goal.action).ok
        else:
            tour.next()
    tour.play_rest()
    assert tour.finished and tour.stars == 3 and tour.first_time == len(guided.DECISIONS)
    lines = guided.score_lines(tour.deal)
    assert [line.points for line in lines] == tour.deal.scores()
    assert [line.tricks for line in lines] == tour.deal.tricks_won
    described = {d.option: d.text for d in bc.preset(name).describe()}
    assert lines[2].why.startswith(described["declarer_made"])
    assert lines[3].tricks == 0 and lines[3].why == described["defender_zero"]
    assert lines[0].why == described["defender_per_trick"]


# --- the widget, clicked as a learner would -------------------------------------------------------


def wrong_click(deal: GuidedDeal) -> None:
    """A wrong click at the current learner step: a bid instead of Pass, or a card that is not the goal's."""
    goal = deal.tour.goal
    assert goal is not None
    if goal.kind is guided.GoalKind.PASS:
        deal.bids.bid_buttons[deal.tour.deal.legal_bids()[0]].click()
    else:
        wrong = next(c for c in deal.tour.deal.hand(0) if str(Action.play(c)) != goal.target)
        deal.card_button(wrong).click()


def right_click(deal: GuidedDeal) -> None:
    goal = deal.tour.goal
    assert goal is not None
    if goal.kind is guided.GoalKind.PASS:
        deal.bids.pass_button.click()
    else:
        deal.card_button(goal.action.card).click()


@pytest.mark.parametrize("name", PRESETS)
def test_the_widget_can_be_played_through_with_clicks(name: str) -> None:
    widget = GuidedDeal(bc.preset(name))
    assert "batak-guided-deal" in widget._dom_classes and "batak-narrator" in widget.narrator._dom_classes
    assert all("batak-guided-step" in item._dom_classes for item in widget.steps)
    decisions = 0
    while not shown(widget.rest_button):
        if widget.tour.goal is None:
            assert shown(widget.continue_button) and all(b.disabled for b in widget.cards)
            widget.continue_button.click()
            continue
        assert not shown(widget.continue_button)
        index, hand = widget.tour.index, widget.tour.deal.hand(0)
        wrong_click(widget)
        assert "batak-wrong" in widget.feedback._dom_classes and widget.feedback.value
        assert widget.tour.index == index and widget.tour.deal.hand(0) == hand  # not played, not advanced
        assert "batak-step-done" not in widget.steps[decisions]._dom_classes
        right_click(widget)
        assert "batak-correct" in widget.feedback._dom_classes and "✓" in widget.feedback.value
        assert "batak-step-done" in widget.steps[decisions]._dom_classes and "✓" in widget.steps[decisions].value
        decisions += 1
    assert decisions == len(guided.DECISIONS)
    widget.rest_button.click()
    assert widget.tour.finished and not shown(widget.rest_button)
    for line in guided.score_lines(widget.tour.deal):
        assert f"{line.points:+d}" in widget.score.value
    assert widget.tour.stars == 1 and "0 of 5" in widget.score.value  # a wrong click at every step

    widget.again_button.click()
    assert widget.tour.index == 0 and widget.score.value == "" and not widget.tour.finished
    assert len([b for b in widget.cards if shown(b)]) == 13
    assert not any("batak-step-done" in item._dom_classes for item in widget.steps)
    assert widget.tour.wrong_clicks == 0


def test_an_illegal_card_shows_the_engines_reason() -> None:
    widget = GuidedDeal(bc.preset("miniokey"))
    while widget.tour.goal is None or widget.tour.goal.kind is not guided.GoalKind.FOLLOW:
        if widget.tour.goal is not None:
            right_click(widget)
        else:
            widget.continue_button.click()
    widget.card_button("AH").click()
    reason = widget.tour.deal.explain("AH").reason
    assert reason in widget.feedback.value.replace("&#x27;", "'")
    assert widget.tour.wrong == [0, 1, 0, 0, 0]
    assert "1 wrong" in widget.steps[1].value


def test_the_narrator_shows_the_goal_and_the_bid_panel_only_when_passing() -> None:
    widget = GuidedDeal(bc.preset("gamelake"))
    assert not shown(widget.bids) and "Your goal" not in widget.narrator.value
    widget.continue_button.click()
    assert shown(widget.bids) and "Your goal" in widget.narrator.value and "Press Pass" in widget.narrator.value
    assert 4 in widget.bids.legal  # gamelake's lowest bid
    widget.bids.pass_button.click()
    assert "Your goal" not in widget.narrator.value
    widget.continue_button.click()
    assert not shown(widget.bids) and "Ayşe bids 5" in widget.narrator.value


def test_the_course_css_has_the_guided_styles() -> None:
    from widgets.course.page import COURSE_CSS

    css = (Path(__file__).resolve().parents[1] / "widgets" / "course" / "guided.css").read_text(encoding="utf-8")
    assert css in COURSE_CSS and ".batak-guided-step" in css and ".batak-step-done" in css


# --- the quiz: the flow of a deal -------------------------------------------------------------------


def wrong_answers(q: drills.Question) -> list[object]:
    if isinstance(q, drills.TrickWinnerQuestion):
        return [c for c in q.trick if c != q.answer]
    assert isinstance(q, drills.ChoiceQuestion)
    return [c for c in q.choices if c != q.answer]


def test_the_lesson_has_its_topic_with_at_least_four_kinds() -> None:
    assert LESSONS_BY_ID["first-deal"].topics == ("first-deal",)
    assert topics.TOPICS["first-deal"] == "The flow of a deal"
    assert len(topics.KINDS["first-deal"]) >= 4


@pytest.mark.parametrize("key", list(RULE_SETS))
def test_every_kind_under_every_preset_and_variant_checks_right_and_wrong(key: str) -> None:
    rules = RULE_SETS[key]
    for kind in topics.KINDS["first-deal"]:
        for seed in range(4):
            q = topics.question("first-deal", rules, seed, kind)
            assert q.topic == "first-deal" and q.prompt and KEBAB.match(q.rule), (key, kind, seed)
            assert not re.search(r"\b[Ss]eat \d", q.prompt + q.explanation), (key, kind, seed)
            result = q.check(q.expected)
            assert result.correct and result.explanation, (key, kind, seed)
            wrongs = wrong_answers(q)
            assert wrongs
            for wrong in wrongs:
                verdict = q.check(wrong)
                assert not verdict.correct and verdict.explanation, (key, kind, seed, wrong)


@pytest.mark.parametrize("key", list(RULE_SETS))
def test_the_quiz_answers_are_the_engines(key: str) -> None:
    rules = RULE_SETS[key]
    for seed in range(6):
        counted = topics.question("first-deal", rules, seed, "cards-and-tricks")
        assert isinstance(counted, drills.ChoiceQuestion)
        assert counted.answer == str(rules.hand_size)  # as many tricks as cards in a hand
        trump = topics.question("first-deal", rules, seed, "who-names-trump")
        assert isinstance(trump, drills.ChoiceQuestion)
        assert (trump.answer == trump.choices[-1]) == bool(rules.fixed_trump)
        follow = topics.question("first-deal", rules, seed, "must-follow")
        assert isinstance(follow, drills.ChoiceQuestion) and follow.hand
        assert len(follow.hand) <= rules.hand_size
        if follow.answer == follow.choices[0]:
            assert follow.rule in ("follow-suit", "overtake", "no-overtake-when-trumped", "partner-winning")
        leader = topics.question("first-deal", rules, seed, "next-leader")
        assert isinstance(leader, drills.ChoiceQuestion) and leader.answer in SEAT_NAMES


FOLLOW_RULES = ({"follow-suit", "overtake", "no-overtake-when-trumped", "partner-winning"},
                {"ruff", "overtrump"},
                {"free-discard", "free-when-cannot-overtrump", "partner-winning", "no-ruff-duty"})
"""The rules of the duty chain's last step that go with each answer to "must you follow suit?"."""


@pytest.mark.parametrize("key", ["turkish/ihaleli", "turkish/esli", "danish/ihaleli", "classic/koz_maca"])
def test_must_follow_answers_match_the_engines_duty_chain(key: str) -> None:
    seen = set()
    for seed in range(30):
        q = topics.question("first-deal", RULE_SETS[key], seed, "must-follow")
        assert isinstance(q, drills.ChoiceQuestion)
        choice = q.choices.index(q.answer)
        assert q.rule in FOLLOW_RULES[choice], (key, seed, q.rule, q.answer)
        seen.add(choice)
    assert seen == {0, 1, 2}
