"""Several pages (each its own kernel process) writing one progress file at once lose nothing.

The processes are spawned, not forked, like Voilà's kernels: each loads its own Progress before
any of them writes, then all answer at the same moment (a barrier starts them together).
"""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from typing import Any

from batak_core.teaching.progress import LessonResult, Progress

ANSWERS = 500
SPAWN = multiprocessing.get_context("spawn")


def _answer(start: Any, path: str, count: int) -> None:
    progress = Progress.load(path)  # loaded before anyone wrote
    start.wait()
    for number in range(count):
        progress.record("following", number % 2 == 0, "follow")


def _open_and_answer_once(start: Any, path: str) -> None:
    start.wait()
    Progress.load(path).record("trump", True)


def _run(target: Any, processes: int, *args: object) -> None:
    """Run ``target(start, *args)`` in ``processes`` spawned processes that start together."""
    start = SPAWN.Barrier(processes)
    workers = [SPAWN.Process(target=target, args=(start, *args)) for _ in range(processes)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
    assert [worker.exitcode for worker in workers] == [0] * processes


def test_two_processes_answering_at_once_keep_every_answer(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    _run(_answer, 2, str(path), ANSWERS)
    saved = Progress.load(path)
    assert saved.result("following") == saved.topics["follow"] == LessonResult(2 * ANSWERS, ANSWERS)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.json", "progress.json.lock"]


def test_processes_opening_one_damaged_file_at_once_set_it_aside_once(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(b"{damaged")
    _run(_open_and_answer_once, 4, str(path))
    kept = sorted(tmp_path.glob("progress.damaged-*.json"))
    assert [p.read_bytes() for p in kept] == [b"{damaged"], "set aside once, never overwritten"
    assert Progress.load(path).result("trump").answered == 4, "no fresh answer was lost"
