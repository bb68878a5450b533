"""The course behind JupyterHub (``jupyterhub_config.py``): two users log in, each in their own
browser, and each sees only their own progress and rule set.

The hub runs as ``make hub`` runs it, on free ports and with its state in a throwaway folder:
the shared-password login, a course server per user (``lessons/app/hub.py``) and the proxy from
npm in ``.venv/node_modules``. Every wait is for something the page shows (CSS classes the course
sets), never a fixed sleep: a user's first page means a spawn and a cold Voilà start.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest

import batak_core as bc
from tests.browser.conftest import (
    ROOT,
    START_TIMEOUT,
    answer_the_first_following_question_right,
    free_port,
    stop,
    wait_for,
)
from tests.browser.test_app import FOLLOWING

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PROXY = ROOT / ".venv" / "node_modules" / ".bin" / "configurable-http-proxy"
PASSWORD = "batak-hub-test"
SPAWN_TIMEOUT = 180_000  # ms from the login to the start page: the spawn, then a cold course server
WIDGETS_TIMEOUT = 60_000
START_PAGE = "voila/render/00_start_here.ipynb"


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The demo hub on free ports: its address and its state folder (users' progress files)."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("no node/npm: JupyterHub's proxy (configurable-http-proxy) comes from npm; "
                    "install Node.js to run the hub test")
    if not PROXY.exists():
        pytest.fail(f"configurable-http-proxy is not installed at {PROXY}: run `make hub-proxy` "
                    "(make test and make hub install it)")
    state = tmp_path_factory.mktemp("hub")
    port, hub_port, api_port = free_port(), free_port(), free_port()
    env = {**os.environ, "BATAK_HUB_STATE": str(state), "BATAK_HUB_PASSWORD": PASSWORD}
    log = (state / "hub.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", str(ROOT / "jupyterhub_config.py"),
         f"--JupyterHub.bind_url=http://127.0.0.1:{port}", f"--JupyterHub.hub_port={hub_port}",
         f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{api_port}"],
        stdout=log, stderr=subprocess.STDOUT, env=env, cwd=state)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for(url + "/hub/login", START_TIMEOUT)
        yield url, state
    finally:
        stop_with_everything_it_started(process)
        log.close()


def stop_with_everything_it_started(process: subprocess.Popen[bytes]) -> None:
    """Stop the hub, which stops the proxy and the users' servers itself; then end whatever of
    those (and their kernels) is still running, by process id."""
    try:
        started = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        started = []
    stop(process, timeout=60)
    _, alive = psutil.wait_procs(started, timeout=15)
    for child in alive:
        child.kill()
    psutil.wait_procs(alive, timeout=10)


def log_in(browser: Any, hub: tuple[str, Path], name: str) -> Any:
    """A browser of the user's own (its own cookies), logged in and on the course's start page."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    hub_url, state = hub
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(hub_url + "/hub/login")
    page.fill("#username_input", name)
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit")
    try:
        page.wait_for_selector(".batak-start-page .batak-lesson-link", timeout=SPAWN_TIMEOUT)
    except PlaywrightTimeoutError as error:  # the spawn's story is in the hub's log, not on the page
        log = (state / "hub.log").read_text(errors="replace").splitlines()
        raise AssertionError(f"{name}'s start page did not open (at {page.url}); the hub's log ends:\n"
                             + "\n".join(log[-40:])) from error
    assert page.url == f"{hub_url}/user/{name}/{START_PAGE}"
    return page


def open_start_page(page: Any, hub_url: str, name: str) -> None:
    page.goto(f"{hub_url}/user/{name}/{START_PAGE}")
    page.wait_for_selector(".batak-start-page .batak-lesson-link", timeout=WIDGETS_TIMEOUT)


def answer_the_first_question_right(page: Any) -> None:
    page.click(f"a.batak-lesson-link[href='{FOLLOWING.file}']")
    answer_the_first_following_question_right(page, WIDGETS_TIMEOUT)


def choose_rules(page: Any, preset: str) -> None:
    chooser = page.locator(".batak-preset-chooser select")
    label = next(text for text in chooser.locator("option").all_inner_texts() if text.startswith(f"{preset}:"))
    chooser.select_option(label=label)
    page.locator(".batak-rules-choice").get_by_text(f"follows the {bc.preset(preset).name} rules").wait_for(
        timeout=10_000)


def chosen_rules(page: Any) -> str:
    return str(page.locator(".batak-preset-chooser select").input_value()).split(":")[0]


def following_status(page: Any) -> str:
    return str(page.locator(".batak-lesson-row[data-lesson='following'] .batak-lesson-status").inner_text())


def test_two_users_each_see_only_their_own_progress_and_rules(browser: Any, hub: tuple[str, Path]) -> None:
    hub_url, state = hub
    alice = log_in(browser, hub, "alice")
    bob = log_in(browser, hub, "bob")

    answer_the_first_question_right(alice)
    choose_rules(bob, "classic")

    open_start_page(alice, hub_url, "alice")
    open_start_page(bob, hub_url, "bob")
    # the page's own check on its kernel gets through the hub's login (two failures show a banner)
    alice.evaluate("async () => { await window.batakCheckPage(); await window.batakCheckPage(); }")
    assert alice.locator(".batak-page-gone").count() == 0
    assert "1 of 1 right" in following_status(alice)
    assert chosen_rules(alice) == "miniokey"
    assert "not started" in following_status(bob)
    assert chosen_rules(bob) == "classic"

    # each user's progress is their own file, in their own folder
    alice_file = json.loads((state / "users" / "alice" / "progress.json").read_text())
    bob_file = json.loads((state / "users" / "bob" / "progress.json").read_text())
    assert "following" in json.dumps(alice_file) and "following" not in json.dumps(bob_file)
    assert "classic" in json.dumps(bob_file) and "classic" not in json.dumps(alice_file)

    # one user cannot open another's course, and a course server serves the course only
    assert bob.request.get(f"{hub_url}/user/alice/{START_PAGE}").status == 403
    assert bob.locator(".batak-start-page").count() == 1  # bob's own page is untouched
    for path in ("lab", "tree", "api/contents", "terminals/1", "voila/api/contents", "files/serve.py"):
        response = alice.request.get(f"{hub_url}/user/alice/{path}", max_redirects=0)
        assert response.status == 404, f"/user/alice/{path} answered {response.status}"
    alice.context.close()
    bob.context.close()
