"""The course as a learner meets it: Voilà on a free port, Debian's Chromium, real clicks.

Each test waits for CSS classes the widgets set (``page.goto`` returns before any widget
exists) and takes the README's screenshots into docs/screenshots/ as it goes.
"""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import batak_core as bc
from batak_core.teaching import drills
from batak_core.teaching.lessons import EXTRAS
from batak_core.teaching.rounds import QuizRound
from tests.browser.conftest import check_cards, kernel_count
from widgets.course import LESSONS, LESSONS_BY_ID

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
WIDGETS_TIMEOUT = 60_000  # ms: a cold kernel on a slow CI machine
QUIZ_SEED = 14  # LessonQuiz('following', seed=14) on the following-suit page
FOLLOWING = LESSONS_BY_ID["following"]


def shot(target: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    target.screenshot(path=str(SHOTS / name))


def assert_clean(page: Any) -> None:
    """No Python error, traceback or stderr output reached the learner's page."""
    text = page.inner_text("body")
    for bad in ("Traceback", "Error:", "error when executing", "NameError", "ModuleNotFoundError"):
        assert bad not in text, f"the page shows {bad!r}"
    assert page.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count() == 0


def open_start_page(page: Any, app_url: str) -> None:
    page.goto(app_url + "/")
    page.wait_for_selector(".batak-start-page .batak-lesson-link", timeout=WIDGETS_TIMEOUT)
    assert page.url.endswith("/voila/render/00_start_here.ipynb")


def test_a_quiz_answered_by_clicking_cards_gives_feedback_and_progress(page: Any, app_url: str) -> None:
    open_start_page(page, app_url)
    page.click(f"a.batak-lesson-link[href='{FOLLOWING.file}']")
    quiz = page.locator(".batak-lesson-quiz")
    quiz.locator("button.batak-card").first.wait_for(timeout=WIDGETS_TIMEOUT)
    assert_clean(page)
    # the notebook's round is seeded: the engine knows its questions and their answers
    round_ = QuizRound(FOLLOWING.topics, bc.preset("miniokey"), QUIZ_SEED)
    question = round_.question(0)
    assert isinstance(question, drills.LegalCardsQuestion)
    if question.position.trick:  # the trick so far is drawn, not written out
        assert quiz.locator(f"svg.batak-card-{question.position.trick[0].code}").count() == 1
    assert "Question 1 of 5." in quiz.locator(".batak-prompt").inner_text()
    check_cards(quiz, question.answer)
    feedback = quiz.locator(".batak-feedback.batak-correct")
    feedback.wait_for(timeout=10_000)
    assert "Right!" in feedback.inner_text() and "rule:" in feedback.inner_text()
    assert drills.rule_title(question.rule) in feedback.inner_text()  # the rule's plain title, its id a tooltip
    quiz.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    shot(quiz, "quiz.png")

    # a wrong answer names the rule too
    quiz.locator("button.batak-next-question").click()
    quiz.get_by_text("Question 2 of 5.").wait_for(timeout=10_000)
    second = round_.question(1)
    assert isinstance(second, drills.LegalCardsQuestion)
    illegal = next(c for c in second.position.hand if c not in second.answer)
    check_cards(quiz, [illegal])
    wrong = quiz.locator(".batak-feedback.batak-wrong")
    wrong.wait_for(timeout=10_000)
    assert "Not quite." in wrong.inner_text() and "rule:" in wrong.inner_text()

    # the start page shows the saved results
    open_start_page(page, app_url)
    row = page.locator(".batak-lesson-row[data-lesson='following']")
    assert "1 of 2 right" in row.inner_text()


@pytest.mark.parametrize("lesson", [lesson.file for lesson in LESSONS])
def test_every_lesson_opens_with_its_quiz_and_no_error(page: Any, app_url: str, lesson: str) -> None:
    page.goto(f"{app_url}/voila/render/{lesson}")
    page.wait_for_selector(".batak-lesson-quiz .batak-prompt", state="visible", timeout=WIDGETS_TIMEOUT)
    assert "Question 1 of 5." in page.inner_text(".batak-lesson-quiz .batak-prompt")
    assert page.locator("a[href='00_start_here.ipynb']").count() >= 1  # the way back to the menu
    assert_clean(page)


def test_a_whole_deal_against_bots_reaches_the_score_sheet(page: Any, app_url: str) -> None:
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(app_url + "/voila/render/16_full_games.ipynb")
    table = page.locator(".batak-game-table")
    table.locator(".batak-seat").first.wait_for(timeout=WIDGETS_TIMEOUT)
    assert_clean(page)
    cards_played = 0

    def after_my_card() -> None:
        nonlocal cards_played
        cards_played += 1
        if cards_played == 6:
            page.wait_for_timeout(1200)  # a bot or two on the table
            shot(table, "game.png")
            set_the_bot_delay(table)  # the picture as the lesson sets the table; then on quicker

    play_deal_through(page, table, after_my_card, bot_delay=None)
    assert cards_played == 13
    table.get_by_text("Deal over:").wait_for(timeout=10_000)  # the message follows the score row
    assert_clean(page)


BOT_DELAY = "0.1"
"""The bot delay the deals played through set (seconds): the slider's shortest step above 0, so the
bots still play on the kernel's timer (0 plays at once, another path), five times as often as
lesson 16's 0.5 s (a deal has about 45 bot moves)."""


def set_the_bot_delay(table: Any, seconds: str = BOT_DELAY) -> None:
    """Type ``seconds`` into the table's "Bot delay (s)" slider, as a learner may."""
    readout = table.locator(".batak-table-header .widget-slider .widget-readout")
    readout.fill(seconds)
    readout.press("Enter")
    readout.filter(has_text=f"{float(seconds):.2f}").wait_for(timeout=15_000)


def play_deal_through(page: Any, table: Any, after_my_card: Callable[[], None] = lambda: None,
                      bot_delay: str | None = BOT_DELAY) -> None:
    """Bid (pass where allowed), choose spades and play the first legal card, as the learner, until the
    deal's score row appears; ``after_my_card`` runs after each of the learner's cards. The move
    clock is switched off first, as a learner may: a page on a busy machine can take longer than
    miniokey's 30 s a move (the clock has a test of its own, in test_layout.py); and the bot delay
    set to ``bot_delay`` (None: left as the page set it)."""
    clock_setting = table.locator(".batak-clock-setting input[type=checkbox]")
    if clock_setting.count() and clock_setting.is_checked():
        clock_setting.uncheck()
        table.locator(".batak-clock").wait_for(state="hidden", timeout=15_000)
    if bot_delay is not None:
        set_the_bot_delay(table, bot_delay)
    rows = table.locator(".batak-scores tr.batak-score-row")
    deadline = time.monotonic() + 240
    while rows.count() == 0:
        assert time.monotonic() < deadline, f"the deal did not finish within 4 minutes: {table.inner_text()[:600]}"
        bids = table.locator("button.batak-bid:visible:enabled")
        passing = table.locator("button.batak-pass:visible:enabled")
        trump = table.locator("button.batak-trump-S:visible")
        legal = table.locator(".batak-picker button.batak-legal:visible")
        if passing.count():
            passing.click()
            table.locator("button.batak-pass:visible:enabled").wait_for(state="detached", timeout=15_000)
        elif bids.count():  # the dealer may not pass after three passes
            bids.first.click()
            table.locator("button.batak-bid:visible:enabled").first.wait_for(state="detached", timeout=15_000)
        elif trump.count():
            trump.click()
            trump.wait_for(state="hidden", timeout=15_000)
        elif legal.count() and table.locator(".batak-seat-0.batak-turn").count():
            # the seat's turn mark is updated before the hand, so stale card classes never fool us
            card = legal.first
            code = next(c[len("batak-card-"):] for c in (card.get_attribute("class") or "").split()
                        if c.startswith("batak-card-"))
            card.click()
            table.locator(f".batak-picker button.batak-card-{code}").wait_for(state="hidden", timeout=15_000)
            after_my_card()
        else:
            page.wait_for_timeout(100)


def test_start_page_offers_every_lesson_and_the_rules(page: Any, app_url: str) -> None:
    """Runs last, so the picture shows the quiz result saved by the test above."""
    page.set_viewport_size({"width": 1280, "height": 1700})
    open_start_page(page, app_url)
    links = page.locator(".batak-start-page a.batak-lesson-link")
    assert [links.nth(i).get_attribute("href") for i in range(links.count())] == [
        lesson.file for lesson in (*LESSONS, *EXTRAS)]
    assert "lessons completed" in page.inner_text(".batak-overall")
    assert page.locator(".batak-preset-chooser select").input_value().startswith("miniokey:")
    assert "Lowest bid: 5." in page.inner_text(".batak-rules-choice")
    assert_clean(page)
    page.wait_for_timeout(300)  # let the fonts settle for the picture
    shot(page, "start_page.png")


def test_a_lesson_page_carries_the_xsrf_cookie_its_shutdown_request_needs(app_url: str) -> None:
    """Regression: the page's shutdown request on leaving was refused (403 '_xsrf' argument
    missing from POST) because no page of this app set the _xsrf cookie."""
    with urllib.request.urlopen(f"{app_url}/voila/render/05_trump.ipynb", timeout=60) as response:
        cookies = response.headers.get_all("Set-Cookie") or []
    assert any(c.startswith("_xsrf=") for c in cookies), cookies


def test_leaving_a_page_frees_its_kernel(page: Any, app_server: tuple[str, Any]) -> None:
    """Regression: every page view left its kernel behind (about 60 MB each)."""
    url, server = app_server
    before = kernel_count(server)
    for lesson in ("05_trump.ipynb", "10_scoring.ipynb"):
        page.goto(f"{url}/voila/render/{lesson}")
        page.wait_for_selector(".batak-lesson-quiz .batak-prompt", state="visible", timeout=WIDGETS_TIMEOUT)
    page.goto("about:blank")
    deadline = time.monotonic() + 30
    while kernel_count(server) > before:
        assert time.monotonic() < deadline, f"{kernel_count(server) - before} kernels left behind"
        time.sleep(0.5)
