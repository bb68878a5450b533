"""Lesson 2 in the real app: the guided first deal clicked through in Chromium, from the first step to
the score, with one wrong click on the way."""

from __future__ import annotations

from typing import Any

import pytest

from batak_core.teaching import guided
from tests.browser.test_app import assert_clean

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDGETS_TIMEOUT = 60_000  # ms: a cold Voilà start takes 4-11 s, slower on a busy machine
STEP_TIMEOUT = 15_000


def click_and_wait_for_change(page: Any, root: Any, selector: str) -> None:
    """Click a control and wait until the narrator's text has changed."""
    narrator = root.locator(".batak-narrator")
    before = narrator.inner_text()
    root.locator(selector).click()
    page.wait_for_function("([el, old]) => el.innerText !== old", arg=[narrator.element_handle(), before],
                           timeout=STEP_TIMEOUT)


def test_the_guided_deal_is_played_to_the_score(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 1300, "height": 1000})
    page.goto(f"{app_url}/voila/render/02_first_deal.ipynb")
    play_guided_deal(page)


def play_guided_deal(page: Any) -> None:
    """Click the guided deal of an open lesson 2 through to its score, with one wrong click on the
    way, checking each step (the browser edition's test plays it the same way)."""
    root = page.locator(".batak-guided-deal")
    root.locator(".batak-narrator").wait_for(timeout=WIDGETS_TIMEOUT)
    assert_clean(page)
    assert root.locator(".batak-guided-step").count() == len(guided.DECISIONS)

    done = root.locator(".batak-guided-step.batak-step-done")
    wrong_made = False
    for number, index in enumerate(guided.DECISIONS):
        while root.locator(".batak-goal").count() == 0:  # narrated steps: the others play
            click_and_wait_for_change(page, root, "button.batak-guided-continue")
        goal = guided.STEPS[index].goal
        assert goal is not None
        assert goal.instruction in root.locator(".batak-goal").inner_text()
        if goal.kind is guided.GoalKind.FOLLOW and not wrong_made:  # one wrong click: a heart on a club lead
            root.locator(".batak-guided-hand button.batak-card-AH").click()
            root.locator(".batak-guided-feedback.batak-wrong", has_text="must follow suit").wait_for(
                timeout=STEP_TIMEOUT)  # the engine's own reason
            assert done.count() == number  # the wrong card earned nothing and was not played
            wrong_made = True
        if goal.kind is guided.GoalKind.PASS:
            root.locator("button.batak-pass").click()
        else:
            root.locator(f".batak-guided-hand button.batak-card-{goal.action.card.code}").click()
        root.locator(".batak-guided-feedback.batak-correct", has_text="✓").wait_for(timeout=STEP_TIMEOUT)
        done.filter(has_text=goal.title).filter(has_text="✓").wait_for(timeout=STEP_TIMEOUT)
        assert done.count() == number + 1
    assert wrong_made

    root.locator("button.batak-guided-rest").click()
    root.locator(".batak-guided-score table").wait_for(timeout=STEP_TIMEOUT)
    text = root.locator(".batak-guided-score").inner_text()
    assert "Mehmet" in text and "declarer" in text
    assert f"4 of {len(guided.DECISIONS)}" in text  # the one wrong click cost one step's first-time check
    assert root.locator(".batak-guided-stars .batak-star:not(.batak-star-off)").count() == guided.stars(1)
    root.locator(".batak-narrator", has_text="The deal is over").wait_for(timeout=STEP_TIMEOUT)
    assert_clean(page)
