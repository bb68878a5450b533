"""The classroom benchmark's lightweight learners (``benchmarks/classroom.py``): what they take to
be on screen, and, against a real app, that they bring up every page's widgets, click them as the
page would, join a class, and free their kernels on leaving."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar, cast

import pytest
from tornado.httpclient import AsyncHTTPClient

from batak_core.teaching.progress import Progress, learner_files, learner_path
from benchmarks.classroom import (
    GAME_LESSON,
    QUIZ_LESSON,
    READY_PATH,
    START_PAGE,
    Client,
    Learner,
    Page,
    ServerWatch,
    Visit,
    lone_visit,
    missing_widgets,
)
from lessons.app.classroom import new_code
from tests.browser.conftest import ROOT, START_TIMEOUT, free_port, wait_for

T = TypeVar("T")


def run_apart(coroutine_function: Callable[[], Coroutine[Any, Any, T]]) -> T:
    """Run the clients' event loop in a thread of its own: Playwright's sync API, used by the
    other browser tests of the session, keeps an event loop running in this one."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(lambda: asyncio.run(coroutine_function())).result()


def widget(name: str, classes: tuple[str, ...] = (), children: tuple[str, ...] = (), hidden: bool = False,
           disabled: bool = False) -> dict[str, dict[str, Any]]:
    """A widget model and its layout, as the kernel's states describe them."""
    return {name: {"_model_name": "ButtonModel" if not children else "VBoxModel", "_dom_classes": list(classes),
                   "children": [f"IPY_MODEL_{c}" for c in children], "disabled": disabled,
                   "layout": f"IPY_MODEL_{name}-layout"},
            f"{name}-layout": {"_model_name": "LayoutModel", "display": "none" if hidden else None}}


def test_a_widget_is_on_screen_only_if_neither_it_nor_a_box_around_it_is_hidden() -> None:
    page = Page(cast(Client, None), Visit("Ada", 0.0), [])
    page.views = ["quiz"]
    for model in (widget("quiz", ("batak-lesson-quiz",), ("row", "gone", "check")),
                  widget("row", ("batak-hand",), ("c1", "c2", "c3")),
                  widget("c1", ("batak-card", "batak-card-AS")), widget("c2", ("batak-card",), hidden=True),
                  widget("c3", ("batak-card",), disabled=True),
                  widget("gone", (), ("c4",), hidden=True), widget("c4", ("batak-card",)),
                  widget("check", ("batak-check",))):
        page.models.update(model)
    assert page.root("batak-lesson-quiz") == "quiz" and page.root("batak-hand") == "row"
    assert [model_id for model_id, _ in page.shown_under("quiz")] == ["quiz", "row", "c1", "c3", "check"]
    assert page.buttons("quiz", "batak-card") == ["c1"], "hidden, inside a hidden box, or disabled: not clickable"
    assert page.has("quiz", "batak-card", "batak-card-AS") and not page.has("quiz", "batak-card-AS", "batak-check")
    assert page._complete("quiz")
    del page.models["c4-layout"]
    assert not page._complete("quiz"), "a model referred to without its state is not shown yet"


def test_missing_widgets_count_what_a_page_should_have_shown() -> None:
    shown = Visit("Ada", 0.0, notebook=QUIZ_LESSON, views=2, shown=2, widgets_s=1.0)
    empty = Visit("Bob", 0.0, notebook=QUIZ_LESSON, views=0, widgets_s=None)
    half = Visit("Cem", 0.0, notebook=GAME_LESSON, views=2, shown=1, widgets_s=None)
    assert missing_widgets([shown, empty, half], {QUIZ_LESSON: 2, GAME_LESSON: 2}) == 4


@pytest.fixture()
def course(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str | None, int]]:
    """The app on a free port (``classroom`` param: with a class code; or a pair of that and more
    arguments): address, code and process id."""
    classroom, more = request.param if isinstance(request.param, tuple) else (request.param, ())
    code = new_code() if classroom else None
    port = free_port()
    command = [sys.executable, str(ROOT / "lessons" / "serve.py"), "--port", str(port), *more]
    if code:
        command += ["--classroom", "--class-code", code, "--class-dir", str(tmp_path / "class")]
    env = {**os.environ, "BATAK_PROGRESS": str(tmp_path / "progress.json")}
    with (tmp_path / "server.log").open("w") as log:
        server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=ROOT)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_for(base + READY_PATH, START_TIMEOUT)
            yield base, code, server.pid
        finally:
            server.terminate()
            server.wait(timeout=30)


def kernels_left(pid: int) -> int:
    """Kernels still running, given a few seconds to go."""
    watch = ServerWatch(pid)
    deadline = time.monotonic() + 15
    while (kernels := watch.sample()[1]) and time.monotonic() < deadline:
        time.sleep(0.5)
    return kernels


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize("course", [False], indirect=True)
def test_two_learners_see_every_widget_answer_quizzes_play_a_deal_and_free_their_kernels(
        course: tuple[str, str | None, int]) -> None:
    base, _, pid = course

    async def lesson() -> tuple[dict[str, int], list[Learner]]:
        http = AsyncHTTPClient(force_instance=True, max_clients=20)
        expected = await lone_visit(http, base, None)
        learners = [Learner(f"Learner {i}", http, base, 0.0, i) for i in range(2)]
        await asyncio.gather(*(learner.attend(None) for learner in learners))
        http.close()
        return expected, learners

    expected, learners = run_apart(lesson)
    assert expected == {START_PAGE: 1, QUIZ_LESSON: 2, GAME_LESSON: 2}
    visits = [visit for learner in learners for visit in learner.visits]
    assert [v.notebook for v in learners[0].visits] == [START_PAGE, QUIZ_LESSON, GAME_LESSON]
    assert [v.errors for v in visits] == [[]] * 6
    assert missing_widgets(visits, expected) == 0
    assert all(v.shutdown == 204 for v in visits)
    for learner in learners:
        assert learner.tally.answers == learner.tally.judged == 10, "two rounds of five questions, each judged"
        assert learner.tally.deals == 1 and learner.tally.plays == 13
        assert all(click.latency is not None for click in learner.clicks), "every click got its update"
    assert kernels_left(pid) == 0


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize("course", [(True, ("--ready-kernels", "0"))], indirect=True)
def test_in_classroom_mode_a_learner_joins_first_and_a_wrong_code_shows_no_widgets(
        course: tuple[str, str | None, int]) -> None:
    base, code, pid = course
    assert code is not None

    async def arrive() -> tuple[Learner, Learner]:
        http = AsyncHTTPClient(force_instance=True, max_clients=20)
        joined, refused = Learner("Ada Lovelace", http, base, 0.0, 0), Learner("Eve", http, base, 0.0, 1)
        for learner, typed in ((joined, code), (refused, "ABCD")):
            learner.leave(await learner.open(START_PAGE, typed))
            await learner.finish()
        http.close()
        return joined, refused

    joined, refused = run_apart(arrive)
    [visit] = joined.visits
    assert visit.notebook == START_PAGE and visit.widgets_s is not None and visit.errors == []
    assert "batak-learner" in joined.client.cookies and visit.shutdown == 204
    [turned_away] = refused.visits
    assert turned_away.status == 403 and turned_away.widgets_s is None and turned_away.errors == ["HTTP 403"]
    assert kernels_left(pid) == 0


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize("course", [(True, ("--ready-kernels", "2"))], indirect=True)
def test_in_a_burst_each_learners_page_saves_to_their_own_progress(
        course: tuple[str, str | None, int], tmp_path: Path) -> None:
    """Two learners, joined, open the quiz lesson at the same moment (as the benchmark's burst does),
    each page getting one of the two kernels the server started ahead, and answer its round: each
    page's kernel is its own learner's, and saves to their own file."""
    base, code, pid = course
    assert code is not None
    names = ("Ayşe Burst", "Mehmet Burst")

    def started_kernels() -> list[str]:
        """The kernels the server started so far, from its log."""
        return re.findall(r"Kernel started: ([\w-]+)", (tmp_path / "server.log").read_text())

    async def burst() -> tuple[list[Learner], set[str], list[str]]:
        http = AsyncHTTPClient(force_instance=True, max_clients=20)
        learners = [Learner(name, http, base, 0.0, i) for i, name in enumerate(names)]
        for learner in learners:
            learner.leave(await learner.open(START_PAGE, code))
            await learner.finish()
        deadline = time.monotonic() + 60
        while len(started_kernels()) < 4 or ServerWatch(pid).sample()[1] != 2:
            assert time.monotonic() < deadline, "the two kernels started ahead did not come"
            await asyncio.sleep(0.5)
        waiting = set(started_kernels()[2:])
        pages = await asyncio.gather(*(learner.open(QUIZ_LESSON, streamed=True) for learner in learners))
        for learner, page in zip(learners, pages, strict=True):
            await learner.quiz(page)
            learner.leave(page)
        await asyncio.gather(*(learner.finish() for learner in learners))
        http.close()
        return learners, waiting, [page.kernel_id for page in pages]

    learners, waiting, used = run_apart(burst)
    assert set(used) == waiting, "both pages got a kernel started ahead"
    for learner in learners:
        visit = learner.visits[-1]
        assert visit.errors == [] and visit.widgets_s is not None and visit.kernel_s is not None
        assert visit.kernel_s <= visit.html_s <= visit.widgets_s  # type: ignore[operator]
        assert learner.tally.answers == learner.tally.judged == 5 and learner.tally.save_problems == 0
        progress = Progress.load(learner_path(tmp_path / "class", learner.name))
        assert progress.learner == learner.name
        assert progress.result("following").answered == 5, learner.name
        assert progress.result("following").correct == learner.tally.right
    assert len(learner_files(tmp_path / "class")) == 2
    deadline = time.monotonic() + 60  # the pages' kernels go, and two are started ahead again
    while ServerWatch(pid).sample()[1] != 2:
        assert time.monotonic() < deadline, "the kernel count did not settle at the two started ahead"
        time.sleep(0.5)
