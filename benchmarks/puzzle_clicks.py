"""How fast the Puzzles page answers in a real browser: ``python benchmarks/puzzle_clicks.py [--puzzles 30]``.

Starts the course app as the browser tests do (Voilà on a free port, a throwaway progress file,
Debian's headless Chromium driven by Playwright), opens the Puzzles page and solves puzzles, right
and wrong, timing inside the page:
- click to verdict: from the card's click event (a capture-phase listener on the document) to the
  feedback carrying its verdict class with new text (a MutationObserver);
- show a puzzle: from the click on "Next puzzle" to the new puzzle's id on the board.
Beside each: the frame after that change ("painted") and the board's last change ("settled": the
page waits until nothing changed for a while before the next click, as a learner reading would).
Playwright's own times (its click waits for the button to be actionable, then it polls) are
printed beside them for comparison. Target: both in-page figures at most 200 ms at the 95th
percentile.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from batak_core import Card  # noqa: E402
from batak_core.teaching import puzzles  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, START_TIMEOUT, free_port, stop, wait_for  # noqa: E402

TRAINER = ".batak-puzzle-trainer"
FEEDBACK = f"{TRAINER} .batak-puzzle-feedback"
PUZZLE_ID = f"{TRAINER} .batak-puzzle-id"
PAGE = "/voila/render/18_puzzles.ipynb"
TIMEOUT_MS = 15_000
TARGET_P95_MS = 200

# The in-page clock: ``arm`` says what the next click should bring about (the element ``sel``
# carrying the class ``cls``, if any, with text other than ``old``); performance.now() stamps the
# click, the DOM change that brings it, the frame after it (painted) and the page's last change.
INSTALL = """() => {
  if (window.batakTiming) return;
  const t = window.batakTiming = {check: null, clicked: null, shown: null, painted: null, last: null};
  t.arm = (sel, cls, old) => {
    t.clicked = t.shown = t.painted = t.last = null;
    t.check = () => { const e = document.querySelector(sel);
      return !!e && (!cls || e.classList.contains(cls)) && e.textContent.trim() !== old; };
  };
  document.addEventListener('click', () => {
    if (t.check && t.clicked === null) t.clicked = performance.now();
  }, true);
  new MutationObserver(() => {
    if (t.clicked === null) return;
    t.last = performance.now();
    if (t.check && t.shown === null && t.check()) {
      t.shown = t.last; t.check = null;
      requestAnimationFrame(() => setTimeout(() => { t.painted = performance.now(); }));
    }
  }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
}"""


QUIET_MS = 150
"""The board counts as settled once nothing in the page has changed for this long."""


@dataclass
class Timing:
    """One click's milliseconds: in the page from the click event to the DOM change, to the frame
    after it, and to the board's last change; and as Playwright saw it (click to noticed)."""

    in_page: float
    painted: float
    settled: float
    playwright: float


@dataclass
class Figures:
    """Every timed click of a run, by what the click was for."""

    verdicts: dict[str, list[Timing]] = field(default_factory=dict)
    shows: list[Timing] = field(default_factory=list)

    def add_verdict(self, kind: str, timing: Timing) -> None:
        self.verdicts.setdefault(kind, []).append(timing)

    def all_verdicts(self) -> list[Timing]:
        return [t for timings in self.verdicts.values() for t in timings]


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile (``q`` in 0..1), as benchmarks/app.py reports it."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summary(name: str, timings: list[Timing]) -> str:
    def one(values: list[float]) -> str:
        return f"{statistics.median(values):4.0f} /{percentile(values, 0.95):4.0f}"

    return (f"{name:<29} n={len(timings):3}  in page {one([t.in_page for t in timings])}  painted "
            f"{one([t.painted for t in timings])}  settled {one([t.settled for t in timings])}  |  "
            f"Playwright {one([t.playwright for t in timings])}")


def install(page: Any) -> None:
    """The in-page clock (once a page load)."""
    page.evaluate(INSTALL)


def text_of(page: Any, selector: str) -> str:
    """The element's text as the in-page check reads it (textContent, trimmed)."""
    return str(page.eval_on_selector(selector, "e => e.textContent.trim()"))


def timed_click(page: Any, selector: str, watched: str, cls: str = "") -> Timing:
    """Click ``selector`` and wait until ``watched`` carries ``cls`` with new text."""
    page.evaluate("([sel, cls, old]) => window.batakTiming.arm(sel, cls, old)",
                  [watched, cls, text_of(page, watched)])
    start = time.perf_counter()
    page.click(selector)
    page.wait_for_function("() => window.batakTiming.shown !== null", timeout=TIMEOUT_MS)
    playwright = (time.perf_counter() - start) * 1000
    page.wait_for_function(f"() => window.batakTiming.painted !== null && "
                           f"performance.now() - window.batakTiming.last > {QUIET_MS}", timeout=TIMEOUT_MS)
    shown, painted, settled = page.evaluate(
        "() => { const t = window.batakTiming;"
        " return [t.shown - t.clicked, t.painted - t.clicked, t.last - t.clicked]; }")
    return Timing(float(shown), float(painted), float(settled), playwright)


def click_card(page: Any, code: str, verdict: str) -> Timing:
    """Play the trainer's card ``code``; ``verdict`` is batak-correct or batak-wrong."""
    return timed_click(page, f"{TRAINER} button.batak-card-{code}:enabled", FEEDBACK, verdict)


def shown_puzzle(page: Any) -> puzzles.Puzzle:
    return puzzles.by_id(text_of(page, PUZZLE_ID))


def next_puzzle(page: Any) -> tuple[puzzles.Puzzle, Timing]:
    """Press "Next puzzle": the new puzzle and how long it took to show."""
    timing = timed_click(page, f"{TRAINER} button.batak-next-puzzle", PUZZLE_ID)
    return shown_puzzle(page), timing


def answers(puzzle: puzzles.Puzzle) -> tuple[list[Card], Card | None]:
    """The learner's right cards, decision by decision, and a card that loses at the first one
    (None when every legal card there keeps the best result), as ``teaching.puzzles`` judges."""
    attempt = puzzles.Solve(puzzle)
    right: list[Card] = []
    wrong: Card | None = None
    index = 0
    while not attempt.done:
        card = puzzle.line[index]
        verdict = attempt.play(card)
        if not verdict.correct:
            raise AssertionError(f"{puzzle.id}: the line's card {card.code} was judged wrong")
        if not right:
            wrong = next((c for c, v in sorted(verdict.values.items()) if v < 0), None)
        right.append(card)
        index += 1 + len(verdict.replies)
    return right, wrong


def solve(page: Any, puzzle: puzzles.Puzzle, figures: Figures, miss: bool) -> None:
    """Solve the puzzle on the page, or (``miss``, when it has a losing card) miss it at once."""
    right, wrong = answers(puzzle)
    if miss and wrong is not None:
        figures.add_verdict("wrong", click_card(page, wrong.code, "batak-wrong"))
        return
    for number, card in enumerate(right):
        kind = "solved" if number == len(right) - 1 else "right, more to find"
        figures.add_verdict(kind, click_card(page, card.code, "batak-correct"))


def run(page: Any, base: str, count: int) -> Figures:
    """Open the Puzzles page and play ``count`` puzzles, every second one missed where it can be."""
    page.goto(base + PAGE)
    page.locator(f"{TRAINER} button.batak-card:enabled").first.wait_for(timeout=120_000)
    install(page)
    figures = Figures()
    puzzle = shown_puzzle(page)
    for number in range(count):
        solve(page, puzzle, figures, miss=number % 2 == 1)
        if number < count - 1:
            puzzle, timing = next_puzzle(page)
            figures.shows.append(timing)
    return figures


def report(figures: Figures) -> None:
    print("milliseconds, median / p95")
    for kind, timings in sorted(figures.verdicts.items()):
        print("  " + summary(f"verdict ({kind})", timings))
    verdicts, shows = figures.all_verdicts(), figures.shows
    print(summary("click to verdict", verdicts))
    print(summary("show a puzzle", shows))
    worst = max(percentile([t.in_page for t in verdicts], 0.95), percentile([t.in_page for t in shows], 0.95))
    print(f"target: in-page p95 <= {TARGET_P95_MS} ms: {'met' if worst <= TARGET_P95_MS else 'NOT met'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=30, help="puzzles to play (every second one missed)")
    args = parser.parse_args()
    if args.puzzles < 2:
        parser.error("--puzzles must be at least 2 (showing a puzzle is timed between two)")
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 1400})
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = {**os.environ, "BATAK_PROGRESS": str(Path(tmp) / "progress.json")}
        server = subprocess.Popen([sys.executable, str(ROOT / "lessons" / "serve.py"), "--port", str(port)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
        try:
            wait_for(base + "/voila/static/voila.js", START_TIMEOUT)
            print(f"load average before: {os.getloadavg()[0]:.2f} (2 cores)")
            report(run(page, base, args.puzzles))
            print(f"load average after: {os.getloadavg()[0]:.2f}")
        finally:
            browser.close()
            stop(server)


if __name__ == "__main__":
    main()
