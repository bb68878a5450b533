"""What the course's languages cost and cover: ``python benchmarks/languages.py [--rounds 3]``.

Prints, for Turkish and German, how many of the course's messages the catalogs translate, then the
page ready time of the same lessons in each language: from navigating to a lesson until its quiz
(the page's last widget) is visible, in Debian's headless Chromium, one app for all languages.
The languages take turns lesson by lesson and round by round, so a slow moment of the machine
falls on all of them alike. Target: no language more than 5% slower than English (medians).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from babel.messages.pofile import read_po  # noqa: E402

from batak_core.i18n import LANGUAGES, catalog_path  # noqa: E402
from lessons.app.languages import page_path  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, free_port, wait_for  # noqa: E402

LESSONS = ("01_cards_and_dealing", "06_following_and_overtaking", "09_who_wins_the_trick", "10_scoring",
           "14_declarer_play", "16_full_games")
TIMEOUT = 90_000


def coverage(language: str) -> tuple[int, int]:
    """(translated, all) messages of the language's catalog; fuzzy ones count as untranslated."""
    with catalog_path(language).open("rb") as handle:
        catalog = read_po(handle, locale=language)
    messages = [m for m in catalog if m.id]
    done = [m for m in messages if "fuzzy" not in m.flags
            and all(s.strip() for s in (m.string if isinstance(m.string, tuple) else (m.string,)))]
    return len(done), len(messages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="times each lesson is opened in each language")
    args = parser.parse_args()
    for language in LANGUAGES[1:]:
        done, total = coverage(language)
        print(f"{language}: {done:,} of {total:,} messages translated ({100 * done / total:.1f}%)")

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = {**os.environ, "BATAK_PROGRESS": str(Path(tmp) / "progress.json")}
        server = subprocess.Popen([sys.executable, str(ROOT / "lessons" / "serve.py"), "--port", str(port)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
        ready: dict[str, list[float]] = {language: [] for language in LANGUAGES}
        try:
            wait_for(base + "/voila/static/voila.js", 120)
            pages = {language: browser.new_page(viewport={"width": 1280, "height": 900}, locale=language)
                     for language in LANGUAGES}
            pages["en"].goto(base + "/voila/render/00_start_here.ipynb")  # warm the server before timing
            pages["en"].wait_for_selector(".batak-start-page .batak-lesson-link", timeout=TIMEOUT)
            for round_number in range(args.rounds):
                for lesson in LESSONS:
                    order = LANGUAGES if round_number % 2 == 0 else tuple(reversed(LANGUAGES))
                    for language in order:
                        page = pages[language]
                        t0 = time.monotonic()
                        page.goto(f"{base}/voila/render/{page_path(language, lesson + '.ipynb')}")
                        page.wait_for_selector(".batak-lesson-quiz .batak-prompt", state="visible", timeout=TIMEOUT)
                        ready[language].append(time.monotonic() - t0)
                        page.goto("about:blank")  # leave the page: its kernel is freed before the next one
        finally:
            server.terminate()
            server.wait(timeout=30)
            browser.close()
    english = statistics.median(ready["en"])
    for language in LANGUAGES:
        median = statistics.median(ready[language])
        print(f"lesson ready, {language}: median {median:.2f} s, max {max(ready[language]):.2f} s over "
              f"{len(ready[language])} page views" + ("" if language == "en" else
                                                        f"; {100 * (median / english - 1):+.1f}% against English"))


if __name__ == "__main__":
    main()
