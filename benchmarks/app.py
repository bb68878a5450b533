"""How fast the course feels in a real browser: ``python benchmarks/app.py [--clicks 60]``.

Measures, in Debian's headless Chromium driven by Playwright:
- cold start: from starting the Voilà server process to the start page's widgets visible;
- opening a lesson: from navigating to it to its quiz (the last widget of the page) visible;
- click to update: a card click in a quiz until the card shows as selected, and a card played
  in a game until it leaves the hand, timed inside the page from the click to the DOM change
  (a MutationObserver), so the figures are what a learner sees, not Playwright's overhead.
Targets: a lesson within 4 s, click-to-update under 150 ms at the 95th percentile.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, free_port, wait_for  # noqa: E402

LESSONS = ("01_cards_and_dealing", "06_following_and_overtaking", "07_who_wins_the_trick", "10_scoring",
           "10_strategy", "16_full_games")
TIMEOUT = 60_000
CALLS = ("button.batak-pass:visible:enabled", "button.batak-bid:visible:enabled", "button.batak-trump-S:visible")

# Click an element and resolve with the milliseconds until ``done(el)`` holds (-1 after 5 s).
TIMED_CLICK = """([selector, condition]) => new Promise(resolve => {
  const el = document.querySelector(selector);
  const done = new Function('el', 'return ' + condition);
  const t0 = performance.now();
  const observer = new MutationObserver(() => {
    if (done(el)) { observer.disconnect(); resolve(performance.now() - t0); }
  });
  observer.observe(el, {attributes: true, attributeFilter: ['class', 'style']});
  el.click();
  setTimeout(() => { observer.disconnect(); resolve(-1); }, 5000);
})"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def quiz_clicks(page: Any, base: str, clicks: int) -> list[float]:
    """Toggle the quiz's card buttons on and off (each toggle is a round trip to the kernel)."""
    page.goto(f"{base}/voila/render/06_following_and_overtaking.ipynb")
    page.wait_for_selector(".batak-lesson-quiz button.batak-card", timeout=TIMEOUT)
    codes = page.eval_on_selector_all(
        ".batak-lesson-quiz button.batak-card",
        "els => els.filter(e => e.offsetParent).map(e => [...e.classList].find(c => /^batak-card-..$/.test(c)))")
    times = []
    for i in range(clicks):
        selector = f".batak-lesson-quiz button.{codes[i % len(codes)]}"
        selected = page.eval_on_selector(selector, "el => el.classList.contains('batak-selected')")
        condition = f"el.classList.contains('batak-selected') === {str(not selected).lower()}"
        times.append(page.evaluate(TIMED_CLICK, [selector, condition]))
    return times


def my_turn(table: Any) -> bool:
    """The learner's seat is marked to move (updated before the hand, so stale card classes never fool us)."""
    return bool(table.locator(".batak-seat-0.batak-turn").count())


def game_clicks(page: Any, base: str, deals: int) -> list[float]:
    """Play whole deals against bots; time each card from the click until it leaves the hand."""
    page.goto(f"{base}/voila/render/16_full_games.ipynb")
    table = page.locator(".batak-game-table")
    table.locator(".batak-seat").first.wait_for(timeout=TIMEOUT)
    times: list[float] = []
    finished = 0
    deadline = time.monotonic() + 300 * deals
    while finished < deals and time.monotonic() < deadline:
        rows = table.locator(".batak-scores tr.batak-score-row").count()
        if rows > finished:
            finished = rows
            if finished < deals:
                table.locator("button.batak-next-deal").click()
                page.wait_for_timeout(300)
            continue
        call = next((table.locator(c).first for c in CALLS if table.locator(c).count()), None)
        if call is not None:
            with contextlib.suppress(PlaywrightTimeout):  # the bots moved on between looking and clicking
                call.click(timeout=3000)
        elif my_turn(table) and table.locator(".batak-picker button.batak-legal:visible").count():
            code = table.locator(".batak-picker button.batak-legal:visible").first.evaluate(
                "el => [...el.classList].find(c => /^batak-card-..$/.test(c))")
            selector = f".batak-game-table .batak-picker button.{code}"
            times.append(page.evaluate(TIMED_CLICK, [selector, "getComputedStyle(el).display === 'none'"]))
            continue
        page.wait_for_timeout(100)
    return times


def report(name: str, values: list[float], unit: str = "ms") -> None:
    good = [v for v in values if v >= 0]
    missed = len(values) - len(good)
    print(f"{name}: n={len(good)} median {statistics.median(good):.0f} {unit}, p95 {percentile(good, 0.95):.0f} "
          f"{unit}, max {max(good):.0f} {unit}" + (f" ({missed} timed out)" if missed else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=60, help="quiz card clicks to time")
    parser.add_argument("--deals", type=int, default=1, help="game deals to play")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = {**os.environ, "BATAK_PROGRESS": str(Path(tmp) / "progress.json")}
        started = time.monotonic()
        server = subprocess.Popen([sys.executable, str(ROOT / "lessons" / "serve.py"), "--port", str(port)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
        try:
            wait_for(base + "/", 120)
            page.goto(base + "/")
            page.wait_for_selector(".batak-start-page .batak-lesson-link", timeout=TIMEOUT)
            cold = time.monotonic() - started
            print(f"cold start to start page widgets visible: {cold:.2f} s")

            opened = []
            for lesson in LESSONS:
                t0 = time.monotonic()
                page.goto(f"{base}/voila/render/{lesson}.ipynb")
                page.wait_for_selector(".batak-lesson-quiz .batak-prompt", state="visible", timeout=TIMEOUT)
                opened.append(time.monotonic() - t0)
                print(f"  {lesson}: {opened[-1]:.2f} s")
            print(f"opening a lesson to its widgets visible: median {statistics.median(opened):.2f} s, "
                  f"max {max(opened):.2f} s over {len(opened)} lessons")

            report("quiz card click to selected", quiz_clicks(page, base, args.clicks))
            report("game card click to played", game_clicks(page, base, args.deals))
        finally:
            server.terminate()
            server.wait(timeout=15)
            browser.close()


if __name__ == "__main__":
    main()
