"""The Puzzles page and the analysis board as a learner meets them: real clicks in Chromium.

The page picks its puzzles at random near the learner's rating; the test reads the puzzle's id
off the board and asks ``teaching.puzzles`` (which the page judges with) for its right and wrong
cards, so nothing here is hard-coded. Clicks are timed inside the page as
benchmarks/puzzle_clicks.py times them (the benchmark holds the target; this only sanity-checks).
"""

from __future__ import annotations

import statistics
from typing import Any

import pytest

from batak_core import Card
from benchmarks.puzzle_clicks import (
    TARGET_P95_MS,
    TRAINER,
    Timing,
    answers,
    click_card,
    install,
    next_puzzle,
    percentile,
    shown_puzzle,
)
from tests.browser.test_app import WIDGETS_TIMEOUT, assert_clean, play_deal_through

pytestmark = [pytest.mark.browser, pytest.mark.slow]


VALUED_OR_PENDING = """() => {
    const shown = (e) => e.getClientRects().length > 0 && e.textContent.trim() !== "";
    const any = (selector) => [...document.querySelectorAll(selector)].some(shown);
    return any(".batak-analysis-felt .batak-analysis-badge") || any(".batak-analysis-board .batak-analysis-note");
}"""
"""Whether the analysis board shows a value badge, or its note saying what is still being valued."""


def rating_now(page: Any) -> str:
    return page.inner_text(f"{TRAINER} .batak-puzzle-rating")


def test_a_puzzle_solved_right_and_another_wrong_move_the_rating_and_show_the_badges(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 1400})
    page.goto(app_url + "/voila/render/18_puzzles.ipynb")
    page.locator(f"{TRAINER} button.batak-card:enabled").first.wait_for(timeout=WIDGETS_TIMEOUT)
    assert_clean(page)
    install(page)
    times: list[Timing] = []

    puzzle = shown_puzzle(page)
    right, _wrong = answers(puzzle)
    assert "1500" in rating_now(page)
    for number, card in enumerate(right):
        times.append(click_card(page, card.code, "batak-correct"))
        if number < len(right) - 1:  # the others' replies are drawn and the next decision waits
            assert "next card" in page.inner_text(f"{TRAINER} .batak-puzzle-feedback")
    assert "Solved" in page.inner_text(f"{TRAINER} .batak-puzzle-feedback")
    after_right = rating_now(page)
    assert "1500 →" in after_right, after_right
    gained = int(after_right.split("→")[1].split()[0])
    assert gained > 1500

    # a wrong card at the first decision: find a puzzle that has one, by "Next puzzle"
    wrong: Card | None = None
    for _ in range(20):
        puzzle, _shown = next_puzzle(page)
        right, wrong = answers(puzzle)
        if wrong is not None:
            break
    assert wrong is not None, "twenty puzzles in a row had no losing card at their first decision"
    times.append(click_card(page, wrong.code, "batak-wrong"))
    trainer = page.locator(TRAINER)
    badges = trainer.locator(".batak-puzzle-badge .batak-badge")
    badges.nth(1).wait_for(timeout=10_000)  # the verdict shows first, the badges right after it
    texts = [badges.nth(i).inner_text() for i in range(badges.count())]
    assert "=" in texts and any(t.startswith("−") for t in texts), texts
    assert trainer.locator(f"button.batak-card-{right[0].code}.batak-right").count() == 1
    assert trainer.locator(f"button.batak-card-{wrong.code}.batak-wrong-pick").count() == 1
    after_wrong = rating_now(page)
    assert f"{gained} →" in after_wrong, after_wrong
    assert int(after_wrong.split("→")[1].split()[0]) < gained

    # a few more puzzles solved, for the time a verdict takes
    for _ in range(4):
        puzzle, _shown = next_puzzle(page)
        times += [click_card(page, card.code, "batak-correct") for card in answers(puzzle)[0]]
    assert_clean(page)
    in_page, playwright = [t.in_page for t in times], [t.playwright for t in times]
    p95 = percentile(in_page, 0.95)
    print(f"\npuzzle verdicts: {len(times)} clicks, in the page median {statistics.median(in_page):.0f} ms, "
          f"p95 {p95:.0f} ms (the target is p95 <= {TARGET_P95_MS} ms: benchmarks/puzzle_clicks.py); "
          f"as Playwright saw them median {statistics.median(playwright):.0f} ms, "
          f"p95 {percentile(playwright, 0.95):.0f} ms")
    assert p95 <= 5 * TARGET_P95_MS, f"a verdict took {p95:.0f} ms at p95 in the page"


def test_an_analysed_deal_steps_forward_with_the_played_card_marked(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 1400, "height": 1200})
    page.goto(app_url + "/voila/render/16_full_games.ipynb")
    table = page.locator(".batak-game-table")
    table.locator(".batak-seat").first.wait_for(timeout=WIDGETS_TIMEOUT)
    play_deal_through(page, table)
    table.locator("button.batak-analyse-button").click()
    board = page.locator(".batak-analysis-board")
    board.wait_for(timeout=120_000)  # the solver values every card of the deal first
    header = board.locator(".batak-analysis-header")
    board.locator(".batak-analysis-played").first.wait_for(timeout=30_000)
    first = header.inner_text()
    board.locator("button.batak-analysis-next").click()
    page.wait_for_function(
        "([sel, old]) => { const e = document.querySelector(sel); return e && e.innerText !== old; }",
        arg=[".batak-analysis-board .batak-analysis-header", first], timeout=15_000)
    # Each legal card's value beside it, unless this early trick of a hard deal is still being
    # valued in the background (the board says so in its note and fills the values in later).
    # The note is always in the page, hidden while empty: a selector list would wait on whichever
    # comes first in the page, so both are looked for as shown, with text.
    page.wait_for_function(VALUED_OR_PENDING, timeout=10_000)
    played = board.locator(".batak-analysis-felt .batak-analysis-played")
    assert played.count() == 1, "the card played at this step is marked once"
    note = board.locator(".batak-analysis-note")
    pending = note.is_visible() and bool(note.inner_text().strip())
    assert pending or board.locator(".batak-analysis-felt .batak-analysis-badge").count() >= 1
    assert_clean(page)

