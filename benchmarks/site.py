"""The browser edition on this machine: ``python benchmarks/site.py [--site DIR | --build] [--json FILE]``.

The browser edition (``lessons/browser/build.py``, ``make site``) runs the course in the learner's
browser: Voici pages whose kernel is JupyterLite's Pyodide (CPython compiled to WebAssembly) in a web
worker. Every page view starts Python, installs the shipped wheels and runs the notebook there, and the
engine and the bots run as pure Python in WebAssembly. This measures what that costs a learner, with the
folder served by a plain ``python -m http.server`` on loopback to Debian's headless Chromium driven by
Playwright (never a downloaded browser):

1. site size: the folder, the sum of each file gzipped at level 6 (what a server sending gzip
   transfers), a .zip of the folder; and what one cold view of the first lesson downloads: the response
   bodies Playwright sees (read out, which slows the page: this view is not timed), and the files the
   server sent by its log;
2. lesson ready: from ``page.goto`` until the notebook's last cell (``.batak-page-ready``) is in the
   page, cold (a fresh browser context: empty HTTP cache, no service worker) and warm (the same context
   visiting again), ``--rounds`` times per lesson. Target: warm at most 5 s;
3. click to update, timed inside the page: ``performance.now()`` just before the click and at the
   first DOM mutation that shows its effect (a MutationObserver), on ``16_full_games``: in its quiz, a
   card of a "which cards may you play" question until it shows picked or unpicked, and an answer (a
   choice, "Check answer" or an answer card) until the feedback carries its verdict (which also saves
   the answer to the progress file); at its game table against the club bots, a legal card of the
   learner until it lies on the table. Target: 200 ms at the 95th percentile;
4. bot decisions: the club and expert bots making every call, trump choice and card with a real choice
   (more than one legal card) of whole seeded deals, the presets in turn, in Pyodide on a blank page of
   the same kind of server (the site's own Pyodide and wheels), and the same deals on this machine's
   CPython with the pure Python engine (``BATAK_PURE_PYTHON=1``: the code the browser runs) for
   comparison; both play the same decisions (the expert's samples are seeded alike on 32-bit
   WebAssembly). Target: the expert's 95th percentile at most 2 s.

Medians and 95th percentiles (nearest rank: of 3 values, the largest). Every request to another host
fails (Chromium's proxy is a closed port, which loopback bypasses) and is counted: the site must fetch
nothing from elsewhere. Console errors and failed responses are tallied. The machine may be shared: the
load average at the start and the end of each part is printed beside its figures.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import inspect
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    ElementHandle,
    Page,
    Request,
    Response,
    sync_playwright,
)
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from batak_core.rules import PRESETS  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, free_port, stop, wait_for  # noqa: E402

LESSONS = ("01_cards_and_dealing", "05_trump", "11_a_whole_game", "16_full_games")
CLICK_LESSON = "16_full_games"  # a quiz and a game table against the club bots
READY = ".batak-page-ready"  # the notebook's last cell: every widget above it is drawn
FIRST_WIDGET = ".jupyter-widgets"  # a widget view, once the kernel has started and run a cell that shows one
READY_TIMEOUT_MS = 240_000
CLICK_TIMEOUT_MS = 5_000
STALL_S = 20.0
WARM_TARGET_S = 5.0
CLICK_TARGET_MS = 200.0
EXPERT_TARGET_S = 2.0
BOT_PACKAGES = ("batak-tutor", "mypy-extensions", "fsrs", "babel")
"""What ``batak_core`` needs in Pyodide, by their names in the site's ``pyodide-lock.json``."""
MB = 1_000_000

QUIZ = ".batak-lesson-quiz"
QUIZ_ANSWERS = ("button.batak-choice:not([disabled])", "button.batak-check:not([disabled])",
                ".batak-hand button.batak-card:not([disabled])")
"""What answers a question, first found first: a choice, "Check answer" (cards to pick or scores to
enter: checked as they stand), or a card that answers by itself (who wins the trick, which card to play)."""
QUIZ_VERDICT = f"{QUIZ} .batak-feedback.batak-correct, {QUIZ} .batak-feedback.batak-wrong"
QUIZ_ONWARD = f"{QUIZ} button.batak-next-question:visible:enabled, {QUIZ} button.batak-new-question.batak-emphasis"
TABLE = ".batak-game-table"
CALLS = ("button.batak-pass:visible:enabled", "button.batak-bid:visible:enabled", "button.batak-trump-S:visible")
"""The learner's auction, as the browser tests play it: pass where allowed, else the lowest bid, spades."""

# Click ``target`` and resolve with the milliseconds from just before the click to the first DOM
# mutation after which ``done`` (a selector) matches; -1 if none within ``timeout`` ms, -2 if it matched
# before the click (then the click shows nothing new).
TIMED_CLICK = """([target, done, timeout]) => new Promise(resolve => {
  if (document.querySelector(done)) { resolve(-2); return; }
  let clicked = 0;
  const observer = new MutationObserver(() => {
    if (!document.querySelector(done)) return;
    const shown = performance.now();
    observer.disconnect();
    clearTimeout(timer);
    resolve(shown - clicked);
  });
  const timer = setTimeout(() => { observer.disconnect(); resolve(-1); }, timeout);
  observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  clicked = performance.now();
  target.click();
})"""

BENCH_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Bot decisions in Pyodide</title>
<link rel="icon" href="data:,"><script src="pyodide/pyodide.js"></script></head><body></body></html>
"""
# Start Pyodide from the site's folder with the site's lock file, load the engine's wheels and import
# the bots; resolve with the seconds each step took and Pyodide's version.
START_PYODIDE = """async (packages) => {
  const seconds = {};
  let start = performance.now();
  const indexURL = new URL("pyodide/", location.href).href;
  window.pyodide = await loadPyodide({indexURL, lockFileURL: indexURL + "pyodide-lock.json"});
  seconds.start = (performance.now() - start) / 1000;
  start = performance.now();
  await pyodide.loadPackage(packages);
  seconds.packages = (performance.now() - start) / 1000;
  start = performance.now();
  pyodide.runPython("import batak_core.ai.bots");
  seconds.imports = (performance.now() - start) / 1000;
  return {seconds, version: pyodide.version};
}"""
LOG_LINE = re.compile(r'"(?P<method>[A-Z]+) (?P<path>\S+) HTTP/[\d.]+" (?P<status>\d{3})')


# --- figures --------------------------------------------------------------------------------------

@dataclass
class Summary:
    n: int
    median: float
    p95: float
    max: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Summary:
        ordered = sorted(values)
        return cls(len(ordered), statistics.median(ordered), ordered[math.ceil(0.95 * len(ordered)) - 1],
                   ordered[-1])


@dataclass
class Visit:
    """One page view until ready, and what the server answered meanwhile."""
    seconds: float
    first_widget: float  # seconds until the first widget view was attached
    sent: int  # files the server sent (200)
    revalidated: int  # files the browser asked again and were unchanged (304)
    sent_bytes: int  # the bytes of the files sent


@dataclass
class Watch:
    """What every page of the run did besides the measured: requests to other hosts (blocked),
    console errors, failed responses and uncaught errors; and, while ``bodies`` is a list, the size of
    every response body the pages and their workers received (through the service worker or not)."""
    origins: tuple[str, ...]
    elsewhere: list[str] = field(default_factory=list)
    console_errors: Counter[str] = field(default_factory=Counter)
    failed: Counter[str] = field(default_factory=Counter)
    page_errors: Counter[str] = field(default_factory=Counter)
    bodies: list[int] | None = None

    def new_context(self, browser: Browser) -> BrowserContext:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.on("request", self._request)
        context.on("response", self._response)
        context.on("requestfinished", self._finished)
        context.on("console", self._console)
        context.on("weberror", lambda error: self.page_errors.update([str(error.error)[:160]]))
        return context

    def _local(self, url: str) -> bool:
        return url.startswith(self.origins) or not url.startswith(("http:", "https:", "ws:", "wss:"))

    def _request(self, request: Request) -> None:
        if not self._local(request.url):
            self.elsewhere.append(request.url)

    def _response(self, response: Response) -> None:
        # the service worker's own fetch of a page's request is counted with the page's
        if response.status >= 400 and response.request.service_worker is None:
            self.failed.update([f"{response.status} {urlsplit(response.url).path}"])

    def _finished(self, request: Request) -> None:
        if self.bodies is None or request.service_worker is not None:
            return
        response = request.response()
        if response is not None:
            try:
                self.bodies.append(len(response.body()))
            except PlaywrightError:  # a redirect or an answer without a body
                self.bodies.append(0)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            where = urlsplit(message.location.get("url", "")).path
            self.console_errors.update([f"{message.text[:120]}" + (f" [{where}]" if where else "")])


class SiteServer:
    """``python -m http.server`` serving ``folder`` on a free loopback port; its log says what it sent."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        port = free_port()
        self.origin = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.log: list[tuple[str, int]] = []  # (path, status) of each request answered
        threading.Thread(target=self._read_log, daemon=True).start()
        wait_for(self.origin + "/", 30)

    def _read_log(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            if match := LOG_LINE.search(line):
                self.log.append((unquote(urlsplit(match["path"]).path), int(match["status"])))

    def visit(self, page: Page, path: str, watch: Watch) -> Visit:
        """Open ``path`` and wait for the page to be ready."""
        mark = len(self.log)
        start = time.perf_counter()
        page.goto(self.origin + path, wait_until="commit")
        page.wait_for_selector(FIRST_WIDGET, state="attached", timeout=READY_TIMEOUT_MS)
        first_widget = time.perf_counter() - start
        page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)
        seconds = time.perf_counter() - start
        time.sleep(0.3)  # the log's last lines
        answered = self.log[mark:]
        sent = [p for p, status in answered if status == 200]
        return Visit(seconds, first_widget, len(sent), sum(status == 304 for _, status in answered),
                     sum(file.stat().st_size for file in map(self.file, sent) if file))

    def file(self, path: str) -> Path | None:
        """The file the server sends for ``path`` (a folder's index.html), if there is one."""
        file = self.folder / path.lstrip("/")
        if file.is_dir():
            file = file / "index.html"
        return file if file.is_file() else None

    def close(self) -> None:
        stop(self.process, timeout=10)


@contextlib.contextmanager
def serving(folder: Path) -> Iterator[SiteServer]:
    server = SiteServer(folder)
    try:
        yield server
    finally:
        server.close()


def load() -> float:
    """The machine's load average over the last minute."""
    return os.getloadavg()[0]


# --- 1. site size ---------------------------------------------------------------------------------

def site_size(site: Path) -> dict[str, int]:
    files = sorted(p for p in site.rglob("*") if p.is_file())
    total = gzipped = 0
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / "site.zip"
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as zipped:
            for file in files:
                data = file.read_bytes()
                total += len(data)
                gzipped += len(gzip.compress(data, compresslevel=6))
                zipped.write(file, file.relative_to(site).as_posix())
        return {"files": len(files), "bytes": total, "gzip6_bytes": gzipped, "zip_bytes": archive.stat().st_size}


def first_visit_download(browser: Browser, server: SiteServer, watch: Watch, lesson: str) -> dict[str, Any]:
    """What a first view of ``lesson`` downloads: the response bodies Playwright sees (read out, which
    slows the page: this view is not timed); the files the server sent, their size gzipped at level 6
    (what a server sending gzip would transfer) and the largest of them."""
    context = watch.new_context(browser)
    watch.bodies, mark = [], len(server.log)
    server.visit(context.new_page(), page_path(lesson), watch)
    context.close()
    bodies, watch.bodies = watch.bodies, None
    sent = {path: file for path, status in server.log[mark:] if status == 200 and (file := server.file(path))}
    sizes = {path: file.stat().st_size for path, file in sent.items()}
    return {"responses": len(bodies), "body_bytes": sum(bodies), "files_sent": len(sent),
            "file_bytes_sent": sum(sizes.values()),
            "gzip6_bytes": sum(len(gzip.compress(file.read_bytes(), compresslevel=6)) for file in sent.values()),
            "largest": sorted(sizes.items(), key=lambda item: -item[1])[:5]}


# --- 2. lesson ready ------------------------------------------------------------------------------

def page_path(lesson: str) -> str:
    return f"/voici/render/{lesson}.html"


def lesson_visits(browser: Browser, server: SiteServer, watch: Watch, lessons: Sequence[str],
                  rounds: int) -> dict[str, dict[str, list[Visit]]]:
    """Each lesson opened cold in a fresh context and again warm in the same one, ``rounds`` times."""
    visits: dict[str, dict[str, list[Visit]]] = {lesson: {"cold": [], "warm": []} for lesson in lessons}
    for number in range(rounds):
        for lesson in lessons:
            context = watch.new_context(browser)
            page = context.new_page()
            for kind in ("cold", "warm"):
                visit = server.visit(page, page_path(lesson), watch)
                visits[lesson][kind].append(visit)
                print(f"  round {number + 1} {lesson} {kind}: ready in {visit.seconds:.1f} s "
                      f"(server sent {visit.sent} files, {visit.revalidated} unchanged)", file=sys.stderr, flush=True)
            context.close()
    return visits


# --- 3. click to update ---------------------------------------------------------------------------

def timed_click(page: Page, target: ElementHandle, done: str) -> float:
    """Milliseconds from clicking ``target`` to the first DOM mutation after which ``done`` matches (-1:
    not within the timeout)."""
    elapsed = float(page.evaluate(TIMED_CLICK, [target, done, CLICK_TIMEOUT_MS]))
    if elapsed == -2:
        raise RuntimeError(f"{done!r} matched before the click: the click cannot be timed")
    return elapsed


def first_answer(page: Page) -> ElementHandle:
    """The question's answer button (``QUIZ_ANSWERS``), once the question shows one."""
    deadline = time.monotonic() + CLICK_TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        for selector in QUIZ_ANSWERS:
            handle = page.query_selector(f"{QUIZ} {selector}:visible")
            if handle is not None:
                return handle
        page.wait_for_timeout(100)
    raise TimeoutError(f"the quiz shows no answer to click: {page.inner_text(QUIZ)[:400]}")


def next_question(page: Page, button: str) -> None:
    """Press ``button`` (Next question, or New questions for a fresh round) and wait for the new question."""
    asked = page.inner_text(f"{QUIZ} .batak-prompt")
    page.locator(button).first.click(timeout=CLICK_TIMEOUT_MS)
    page.wait_for_function("([selector, asked]) => document.querySelector(selector).innerText !== asked",
                           arg=[f"{QUIZ} .batak-prompt", asked], timeout=CLICK_TIMEOUT_MS)
    page.wait_for_timeout(300)  # the rest of the question's widgets (a learner reads it first, too)


def quiz_pick_times(page: Page, clicks: int) -> list[float]:
    """Pick and unpick the cards of a "which cards may you play" question, each click timed until the
    card shows (un)picked: a round trip to the kernel that saves nothing. Fresh rounds are asked for
    until such a question shows (at most ten)."""
    for _ in range(10):
        if page.query_selector(f"{QUIZ} button.batak-check:visible:enabled"):
            break
        next_question(page, f"{QUIZ} button.batak-new-question")
    else:
        return []
    codes: list[str] = page.eval_on_selector_all(
        f"{QUIZ} .batak-hand button.batak-card:not([disabled])",
        "els => els.filter(e => e.offsetParent).map(e => [...e.classList].find(c => /^batak-card-..$/.test(c)))")
    times = []
    for i in range(clicks):
        card = f"{QUIZ} .batak-hand button.{codes[i % len(codes)]}"
        handle = page.query_selector(card)
        assert handle is not None
        picked = "batak-selected" in (handle.get_attribute("class") or "").split()
        times.append(timed_click(page, handle, f"{card}:not(.batak-selected)" if picked else f"{card}.batak-selected"))
    return times


def quiz_answer_times(page: Page, clicks: int) -> list[float]:
    """Answer the quiz's questions, round after round: each answer timed until its verdict shows. An
    answer that shows none (-1) is followed by a fresh round; after three in a row the rest are not tried."""
    times: list[float] = []
    while len(times) < clicks and times[-3:] != [-1.0] * 3:
        times.append(timed_click(page, first_answer(page), QUIZ_VERDICT))
        next_question(page, QUIZ_ONWARD if times[-1] >= 0 else f"{QUIZ} button.batak-new-question")
    return times


def game_click_times(page: Page, clicks: int) -> tuple[list[float], str]:
    """Play deals against the bots, as the browser tests do, until ``clicks`` of the learner's cards
    have been timed, each until it lies on the table; and what stopped the game early, if anything
    (the table giving the learner nothing to click for ``STALL_S``)."""
    table = page.locator(TABLE)
    rows = table.locator(".batak-scores tr.batak-score-row")
    legal = table.locator(".batak-learner-hand button.batak-legal:visible")
    times: list[float] = []
    finished = rows.count()
    acted = time.monotonic()
    while len(times) < clicks:
        if time.monotonic() - acted > STALL_S:
            return times, (f"after {len(times)} cards the table gave the learner nothing to click for {STALL_S:.0f} s: "
                           + " ".join(table.locator(".batak-center").inner_text().split())[:120])
        if rows.count() > finished:  # a deal is over: the next one (the table shows Next deal first)
            following = table.locator("button.batak-next-deal:visible")
            if following.count():
                following.click()
                finished = rows.count()
            else:  # the game is over
                table.locator("button.batak-new-game").click()
                page.wait_for_function(f"() => !document.querySelector('{TABLE} tr.batak-score-row')")
                finished = 0
            acted = time.monotonic()
            continue
        call = next((table.locator(c).first for c in CALLS if table.locator(c).count()), None)
        if call is not None:
            with contextlib.suppress(PlaywrightTimeout, PlaywrightError):  # the bots moved on meanwhile
                call.click(timeout=3000)
                acted = time.monotonic()
            page.wait_for_timeout(200)
            continue
        # the learner's seat is marked to move before the hand is updated: no stale legal card is clicked
        if table.locator(".batak-seat-0.batak-turn").count() and legal.count():
            card = legal.first.element_handle()
            code = next(c for c in (card.get_attribute("class") or "").split() if re.fullmatch(r"batak-card-..", c))
            times.append(timed_click(page, card, f"{TABLE} .batak-center svg.{code}"))
            acted = time.monotonic()
            continue
        page.wait_for_timeout(100)
    return times, ""


def click_times(browser: Browser, server: SiteServer, watch: Watch, quiz_clicks: int,
                card_clicks: int) -> dict[str, Any]:
    """The quiz first, while the table waits for the learner's call with its move clock switched off
    (else the table would play on for the learner meanwhile); then the game."""
    context = watch.new_context(browser)
    page = context.new_page()
    server.visit(page, page_path(CLICK_LESSON), watch)
    page.locator(f"{TABLE} .batak-clock-setting input[type=checkbox]").uncheck(timeout=CLICK_TIMEOUT_MS)
    times: dict[str, Any] = {"quiz_pick_ms": quiz_pick_times(page, quiz_clicks),
                             "quiz_answer_ms": quiz_answer_times(page, quiz_clicks)}
    print(f"  quiz: {len(times['quiz_pick_ms'])} picks, {len(times['quiz_answer_ms'])} answers timed",
          file=sys.stderr, flush=True)
    times["game_ms"], times["game_stopped"] = game_click_times(page, card_clicks)
    print(f"  game: {len(times['game_ms'])} cards timed {times['game_stopped']}", file=sys.stderr, flush=True)
    context.close()
    return times


# --- 4. bot decisions -----------------------------------------------------------------------------

def deal_decisions(level: str, preset_name: str, seed: int) -> list[tuple[str, float]]:
    """The phase and seconds of each decision with a real choice that ``level`` bots make in all four
    seats of one seeded deal (a card with one legal card is no choice). Self-contained: its source
    also runs in Pyodide and in a pure Python CPython."""
    import time

    from batak_core import Deal, Phase, bots, preset

    deal = Deal.random(preset(preset_name), seed=seed, dealer=seed % 4)
    players = [bots.get(level, seed=seat) for seat in range(4)]
    decisions = []
    while not deal.is_finished:
        seat = deal.to_move
        assert seat is not None
        view = deal.view(seat)
        start = time.perf_counter()
        action = players[seat].choose(view)
        spent = time.perf_counter() - start
        if view.phase is not Phase.PLAY or len(view.legal_plays) > 1:
            decisions.append((view.phase.value, spent))
        deal.act(action)
    return decisions


def bot_deals(levels: dict[str, int], seed: int) -> list[tuple[str, str, int]]:
    """(level, preset, seed) of each deal: ``levels`` deals per level, the presets in turn."""
    names = list(PRESETS)
    return [(level, names[i % len(names)], seed + i) for level, deals in levels.items() for i in range(deals)]


def browser_bot_times(browser: Browser, site: Path, watch: Watch,
                      deals: list[tuple[str, str, int]]) -> tuple[dict[str, Any], dict[str, list[tuple[str, float]]]]:
    """Pyodide's start on a blank page, and the decisions of ``deals`` in it, per level."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "pyodide").symlink_to(site / "static" / "pyodide")
        (folder / "bench.html").write_text(BENCH_PAGE)
        with serving(folder) as server:
            watch.origins = (*watch.origins, server.origin + "/")
            context = watch.new_context(browser)
            page = context.new_page()
            page.goto(server.origin + "/bench.html")
            started: dict[str, Any] = page.evaluate(START_PYODIDE, list(BOT_PACKAGES))
            page.evaluate("(source) => pyodide.runPython(source)", inspect.getsource(deal_decisions))
            times: dict[str, list[tuple[str, float]]] = {}
            for level, preset_name, seed in deals:
                call = f"import json; json.dumps(deal_decisions({level!r}, {preset_name!r}, {seed}))"
                decided = json.loads(page.evaluate("(code) => pyodide.runPython(code)", call))
                times.setdefault(level, []).extend((phase, seconds) for phase, seconds in decided)
                print(f"  Pyodide: {level} deal {preset_name} #{seed}: {len(decided)} decisions",
                      file=sys.stderr, flush=True)
            context.close()
    return started, times


def cpython_bot_times(deals: list[tuple[str, str, int]]) -> dict[str, list[tuple[str, float]]]:
    """The same deals on this machine's CPython, the engine and solver as pure Python."""
    script = (inspect.getsource(deal_decisions) + "\nimport json, sys\nimport batak_core\n"
              "from batak_core.ai.compiled import is_compiled\n"
              "assert not is_compiled(batak_core.solver), 'BATAK_PURE_PYTHON=1 was not honoured'\n"
              "print(json.dumps([deal_decisions(*deal) for deal in json.loads(sys.argv[1])]))\n")
    done = subprocess.run([sys.executable, "-c", script, json.dumps(deals)], cwd=ROOT, check=True,
                          capture_output=True, text=True, env={**os.environ, "BATAK_PURE_PYTHON": "1"})
    times: dict[str, list[tuple[str, float]]] = {}
    for (level, _preset, _seed), decided in zip(deals, json.loads(done.stdout.splitlines()[-1]), strict=True):
        times.setdefault(level, []).extend((phase, seconds) for phase, seconds in decided)
    return times


def bot_figures(times: dict[str, list[tuple[str, float]]]) -> dict[str, Any]:
    return {level: {**asdict(Summary.of([s for _, s in decided])),
                    "phases": dict(Counter(phase for phase, _ in decided))}
            for level, decided in times.items()}


# --- the run --------------------------------------------------------------------------------------

def build_site(into: Path) -> Path:
    subprocess.run([sys.executable, str(ROOT / "lessons" / "browser" / "build.py"), "--output", str(into)],
                   cwd=ROOT, check=True)
    return into


def bot_part(browser: Browser, site: Path, watch: Watch, args: argparse.Namespace) -> dict[str, Any]:
    deals = bot_deals({"club": args.club_deals, "expert": args.expert_deals}, args.seed)
    started, in_browser = browser_bot_times(browser, site, watch, deals)
    print("  the same deals on CPython, pure Python…", file=sys.stderr, flush=True)
    on_cpython = cpython_bot_times(deals)
    return {"deals": deals, "pyodide": started["version"], "pyodide_start_s": started["seconds"],
            "browser": bot_figures(in_browser), "cpython_pure": bot_figures(on_cpython)}


def measure(args: argparse.Namespace, site: Path) -> dict[str, Any]:
    parts = set(args.parts.split(","))
    lessons = args.lessons.split(",")
    results: dict[str, Any] = {"site": str(site), "lessons": lessons, "cpus": os.cpu_count(), "load": {}}

    def part(name: str, run: Callable[[], Any]) -> None:
        print(f"{name}…", file=sys.stderr, flush=True)
        start = load()
        results[name] = run()
        results["load"][name] = [start, load()]

    if "size" in parts:
        part("size", lambda: site_size(site))
    # the service worker's own requests (JupyterLite's proxies every GET of a page it controls) are
    # reported, and so counted when they go elsewhere, only with this set when Playwright starts
    os.environ["PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"] = "1"
    closed_port = free_port()  # nothing listens there: a request through the proxy fails at once
    with sync_playwright() as playwright, serving(site) as server:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=[*CHROMIUM_ARGS, f"--proxy-server=http://127.0.0.1:{closed_port}"])
        results["chromium"] = browser.version
        watch = Watch((server.origin + "/",))
        try:
            if "size" in parts:
                part("download", lambda: first_visit_download(browser, server, watch, lessons[0]))
            if "ready" in parts:
                part("ready", lambda: {lesson: {kind: [asdict(v) for v in kinds] for kind, kinds in by_kind.items()}
                                       for lesson, by_kind in lesson_visits(browser, server, watch, lessons,
                                                                            args.rounds).items()})
            if "clicks" in parts:
                part("clicks", lambda: click_times(browser, server, watch, args.quiz_clicks, args.card_clicks))
            if "bots" in parts:
                part("bots", lambda: bot_part(browser, site, watch, args))
        finally:
            browser.close()
    results["requests_elsewhere"] = watch.elsewhere
    results["console_errors"] = dict(watch.console_errors.most_common())
    results["failed_responses"] = dict(watch.failed.most_common())
    results["page_errors"] = dict(watch.page_errors.most_common())
    return results


# --- the table ------------------------------------------------------------------------------------

def verdict(value: float, target: float) -> str:
    return "met" if value <= target else "MISSED"


def report_size(results: dict[str, Any]) -> None:
    size = results["size"]
    print(f"\nSite size, MB (1 MB = 10^6 bytes; {results['load_note']['size']})")
    print(f"  {'the folder (' + str(size['files']) + ' files)':<44}{size['bytes'] / MB:8.1f}")
    print(f"  {'gzip -6 of each file, summed':<44}{size['gzip6_bytes'] / MB:8.1f}")
    print(f"  {'a .zip of the folder':<44}{size['zip_bytes'] / MB:8.1f}")
    if "download" in results:
        download = results["download"]
        print(f"  {'a first (cold) view of ' + results['lessons'][0]:<44}{download['body_bytes'] / MB:8.1f}"
              f"   {download['responses']} response bodies seen by Playwright; the server sent "
              f"{download['files_sent']} files, {download['file_bytes_sent'] / MB:.1f} MB (it never compresses)")
        print(f"  {'  the same files gzipped (-6)':<44}{download['gzip6_bytes'] / MB:8.1f}   largest: "
              + ", ".join(f"{Path(path).name} {size / MB:.1f}" for path, size in download["largest"]))


def report_ready(results: dict[str, Any]) -> None:
    ready = results["ready"]
    rounds = len(next(iter(ready.values()))["cold"])
    print(f"\nLesson ready, s (goto until {READY} is attached; {rounds} rounds; {results['load_note']['ready']})")
    print(f"  {'':<24}{'cold median':>12}{'cold p95':>10}{'warm median':>13}{'warm p95':>10}   target")
    rows = {lesson: {kind: [v["seconds"] for v in kinds[kind]] for kind in ("cold", "warm")}
            for lesson, kinds in ready.items()}
    rows["every lesson"] = {kind: [s for row in list(rows.values()) for s in row[kind]] for kind in ("cold", "warm")}
    for name, row in rows.items():
        cold, warm = Summary.of(row["cold"]), Summary.of(row["warm"])
        print(f"  {name:<24}{cold.median:12.1f}{cold.p95:10.1f}{warm.median:13.1f}{warm.p95:10.1f}   "
              f"warm ≤ {WARM_TARGET_S:.0f} s: {verdict(warm.p95, WARM_TARGET_S)}")
    first = {kind: statistics.median(v["first_widget"] for kinds in ready.values() for v in kinds[kind])
             for kind in ("cold", "warm")}
    print(f"  the first widget view was attached after a median {first['cold']:.1f} s cold, {first['warm']:.1f} s "
          "warm (before it: the page, the kernel's start in its worker, the first cells)")
    warm_views = [v for kinds in ready.values() for v in kinds["warm"]]
    print(f"  warm views: the server sent a median {statistics.median(v['sent'] for v in warm_views):.0f} files "
          f"and answered {statistics.median(v['revalidated'] for v in warm_views):.0f} unchanged (304); "
          "the rest came from the browser's cache")


def report_clicks(results: dict[str, Any]) -> None:
    print(f"\nClick to update, ms (in-page: the click until the first DOM mutation showing it; {CLICK_LESSON}; "
          f"{results['load_note']['clicks']})")
    print(f"  {'':<34}{'n':>4}{'median':>9}{'p95':>8}{'max':>8}   target")
    for name, key in (("quiz card → shown (un)picked", "quiz_pick_ms"),
                      ("quiz answer → verdict shown", "quiz_answer_ms"), ("game card → on the table", "game_ms")):
        values = results["clicks"][key]
        shown = [v for v in values if v >= 0]
        missed = len(values) - len(shown)
        if not shown:
            print(f"  {name:<34}{0:4d}{'-':>9}{'-':>8}{'-':>8}   MISSED: "
                  + (f"none of {len(values)} clicks showed anything within {CLICK_TIMEOUT_MS / 1000:.0f} s"
                     if values else "no question to click"))
            continue
        timed = Summary.of(shown)
        print(f"  {name:<34}{timed.n:4d}{timed.median:9.0f}{timed.p95:8.0f}{timed.max:8.0f}   "
              f"p95 ≤ {CLICK_TARGET_MS:.0f} ms: {'MISSED' if missed else verdict(timed.p95, CLICK_TARGET_MS)}"
              + (f" ({missed} showed nothing within {CLICK_TIMEOUT_MS / 1000:.0f} s)" if missed else ""))
    if results["clicks"]["game_stopped"]:
        print(f"  the game stopped early: {results['clicks']['game_stopped']}")


def report_bots(results: dict[str, Any]) -> None:
    bots = results["bots"]
    deals = Counter(level for level, _, _ in bots["deals"])
    played = ", ".join(f"{n} {level} deals" for level, n in deals.items())
    print(f"\nBot decisions, s (every call, trump choice and card with a choice of {played}, the presets in turn; "
          f"{results['load_note']['bots']})")
    print(f"  {'':<34}{'n':>5}{'median':>9}{'p95':>8}{'max':>8}   target")
    for level in deals:
        for where, key in (("Pyodide in Chromium", "browser"), ("CPython, pure Python", "cpython_pure")):
            figures = bots[key][level]
            target = (f"p95 ≤ {EXPERT_TARGET_S:.0f} s: {verdict(figures['p95'], EXPERT_TARGET_S)}"
                      if level == "expert" and key == "browser" else "")
            print(f"  {level + ', ' + where:<34}{figures['n']:5d}{figures['median']:9.4f}{figures['p95']:8.4f}"
                  f"{figures['max']:8.4f}   {target}")
    start = bots["pyodide_start_s"]
    print(f"  Pyodide {bots['pyodide']} on a blank page: started in {start['start']:.1f} s, the engine's wheels "
          f"loaded in {start['packages']:.1f} s, the bots imported in {start['imports']:.1f} s")


def report(results: dict[str, Any]) -> None:
    results["load_note"] = {part: f"load {a:.1f}→{b:.1f}" for part, (a, b) in results["load"].items()}
    print(f"Browser edition {results['site']}; Chromium {results.get('chromium', '-')} headless; "
          f"{results['cpus']} CPUs; load = the 1-minute load average at the part's start→end")
    for part, show in (("size", report_size), ("ready", report_ready), ("clicks", report_clicks),
                       ("bots", report_bots)):
        if part in results:
            show(results)
    if "chromium" in results:
        elsewhere = results["requests_elsewhere"]
        print(f"\nRequests to other hosts (blocked): {len(elsewhere)}"
              + (f": {', '.join(sorted(set(elsewhere))[:5])}" if elsewhere else ""))
        for title, key in (("Console errors", "console_errors"), ("Failed responses", "failed_responses"),
                           ("Uncaught page errors", "page_errors")):
            tally = results[key]
            print(f"{title}: {sum(tally.values())}")
            for text, count in list(tally.items())[:6]:
                print(f"  {count:5d} × {text}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--site", type=Path, default=ROOT / "site",
                       help="the built browser edition (default: site/, as make site builds it)")
    where.add_argument("--build", action="store_true", help="build the site into a temporary folder first (~20 s)")
    parser.add_argument("--parts", default="size,ready,clicks,bots",
                        help="what to measure, comma-separated (default: size,ready,clicks,bots)")
    parser.add_argument("--lessons", default=",".join(LESSONS), help="the lessons to open, comma-separated")
    parser.add_argument("--rounds", type=int, default=3, help="cold and warm views of each lesson")
    parser.add_argument("--quiz-clicks", type=int, default=20, help="quiz card picks, and quiz answers, to time")
    parser.add_argument("--card-clicks", type=int, default=20, help="cards to time at the game table")
    parser.add_argument("--club-deals", type=int, default=10, help="whole deals of four club bots")
    parser.add_argument("--expert-deals", type=int, default=3, help="whole deals of four expert bots")
    parser.add_argument("--seed", type=int, default=2026, help="the first deal's seed")
    parser.add_argument("--json", type=Path, help="also write the figures, every measurement, to this file")
    args = parser.parse_args()
    unknown = set(args.parts.split(",")) - {"size", "ready", "clicks", "bots"}
    if unknown:
        parser.error(f"unknown parts {', '.join(sorted(unknown))}; choose from size, ready, clicks, bots")
    if min(args.rounds, args.quiz_clicks, args.card_clicks) < 1 or min(args.club_deals, args.expert_deals) < 1:
        parser.error("rounds, clicks and deals must be at least 1")
    if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
        raise SystemExit(f"no Chromium at {CHROMIUM}: install Debian's chromium (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as tmp:
        site = build_site(Path(tmp) / "site") if args.build else args.site.resolve()
        missing = [lesson for lesson in {*args.lessons.split(","), CLICK_LESSON}
                   if not (site / "voici" / "render" / f"{lesson}.html").is_file()]
        if missing or not (site / "static" / "pyodide" / "pyodide-lock.json").is_file():
            raise SystemExit(f"{site} is no built browser edition{' with ' + ', '.join(missing) if missing else ''}: "
                             "build one with python lessons/browser/build.py --output DIR, or pass --build")
        results = measure(args, site)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, ensure_ascii=False))
    report(results)


if __name__ == "__main__":
    main()
