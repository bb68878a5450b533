"""The optional compiled solver (``make fast``): only a build of the current source is used, and
it gives exactly what the pure Python solver gives."""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import batak_core
from batak_core import preset
from batak_core.ai import compiled
from batak_core.ai.solver import Position
from tests.test_solver import ESLI, ending

PACKAGE = Path(batak_core.__file__).parent
IMPORT_SOLVER = "import batak_core; print(batak_core.ai.solver.__file__)"

# Solves the positions given on stdin with whichever solver ``import batak_core`` picks.
SOLVE = """
import json, sys
import batak_core
from batak_core import preset
from batak_core.ai import compiled
from batak_core.ai.solver import Position, Search, solve_position
out = {"compiled": compiled.is_compiled(batak_core.ai.solver), "results": []}
for case in json.load(sys.stdin):
    pos = Position(preset(case["preset"], case["variant"]), tuple(case["hands"]), case["trump"], case["broken"],
                   case["leader"], tuple(case["trick"]), case["side"], case["side_tricks"])
    if case["full"]:
        search = Search(pos.rules, pos.trump, pos.side)
        out["results"].append([search.value(pos), search.nodes])
    else:
        solution = solve_position(pos)
        out["results"].append([solution.tricks, sorted((c.index, v) for c, v in solution.card_values.items())])
print(json.dumps(out))
"""


def copy_package(tmp_path: Path) -> Path:
    """A copy of the package's source (no builds) to build or fake builds in; returns the copy's
    ``batak_core/ai`` folder, where the solver lives."""
    target = tmp_path / "batak_core"
    shutil.copytree(PACKAGE, target, ignore=shutil.ignore_patterns("__pycache__", "*.so", compiled.STAMP_NAME))
    return target / "ai"


def run(code: str, cwd: Path, pure: bool = False, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}
    if pure:
        env[compiled.PURE_ENV] = "1"
    env["PYTHONPATH"] = str(cwd)
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, input=stdin, capture_output=True,
                          text=True, timeout=600)


def test_only_a_build_of_the_current_source_is_imported(tmp_path: Path) -> None:
    package = copy_package(tmp_path)
    # A stand-in for a build: importing it would fail, which shows when it is picked.
    (package / f"solver{importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"not a real extension")
    stamp = package / compiled.STAMP_NAME

    stamp.write_text("0" * 64 + "\n")  # built from another solver.py
    stale = run(IMPORT_SOLVER, tmp_path)
    assert stale.returncode == 0, stale.stderr
    assert stale.stdout.strip() == str(package / "solver.py")
    assert "built from an older solver.py" in stale.stderr

    stamp.write_text(compiled.digest(package / "solver.py") + "\n")  # current: it is used
    current = run(IMPORT_SOLVER, tmp_path)
    assert current.returncode != 0
    assert "ImportError" in current.stderr

    forced = run(IMPORT_SOLVER, tmp_path, pure=True)  # unless pure Python is asked for
    assert forced.returncode == 0, forced.stderr
    assert forced.stdout.strip() == str(package / "solver.py")
    assert not forced.stderr


def test_without_a_build_the_pure_solver_runs(tmp_path: Path) -> None:
    package = copy_package(tmp_path)
    result = run(IMPORT_SOLVER, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(package / "solver.py")
    assert not compiled.is_current(package / "solver.py")


def cases() -> list[dict[str, object]]:
    """Endings under every preset and Eşli, plus one full deal (its node count is compared too)."""
    out: list[dict[str, object]] = []
    for name, variant in [(n, None) for n in ("miniokey", "classic", "danish", "turkish", "gamelake")] + ESLI:
        for seed in range(3):
            deal = ending(preset(name, variant), seed, cards_left=6, extra=seed % 4)
            out.append(case_of(deal, name, variant, full=False))
    out.append(case_of(ending(preset("miniokey"), 3, cards_left=13, extra=0), "miniokey", None, full=True))
    return out


def case_of(deal: batak_core.Deal, name: str, variant: str | None, full: bool) -> dict[str, object]:
    pos = Position.of_deal(deal)
    return {"preset": name, "variant": variant, "hands": list(pos.hands), "trump": pos.trump,
            "broken": pos.trump_broken, "leader": pos.leader, "trick": list(pos.trick), "side": pos.side,
            "side_tricks": pos.side_tricks, "full": full}


@pytest.mark.slow
def test_compiled_solver_gives_what_the_pure_solver_gives(tmp_path: Path) -> None:
    if shutil.which("gcc") is None and shutil.which("cc") is None:
        pytest.skip("no C compiler: the compiled solver cannot be built here")
    package = copy_package(tmp_path)
    extension = compiled.build(package)
    assert extension.exists() and compiled.is_current(package / "solver.py")

    stdin = json.dumps(cases())
    fast = run(SOLVE, tmp_path, stdin=stdin)
    pure = run(SOLVE, tmp_path, pure=True, stdin=stdin)
    assert fast.returncode == 0, fast.stderr
    assert pure.returncode == 0, pure.stderr
    fast_out, pure_out = json.loads(fast.stdout), json.loads(pure.stdout)
    assert fast_out["compiled"] and not pure_out["compiled"]
    assert fast_out["results"] == pure_out["results"]  # values, card values and full-deal node count
