"""The compiled engine (``make app`` / ``make test`` build it with mypyc): only a build of the
current sources is used, all of it or none, and it gives exactly what pure Python gives."""

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
from batak_core.ai import compiled

PACKAGE = Path(batak_core.__file__).parent
FAKE_BUILD = b"not a real extension"  # importing it fails, which shows when a build is picked

# Which file every compiled module was imported from, and the warnings of the import.
IMPORT_ENGINE = """
import json, sys, warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import batak_core
    from batak_core.ai import compiled
    for module in compiled.MODULES:
        __import__(f"batak_core.{module}")
print(json.dumps({"files": {m: sys.modules[f"batak_core.{m}"].__file__ for m in compiled.MODULES},
                  "warnings": [str(w.message) for w in caught]}))
"""

# Random endings under every preset and Eşli, solved with whichever engine ``import batak_core``
# picks: the value and the node count of each search, the card values of some, and a few full deals.
SOLVE = """
import json, random, sys
import batak_core
from batak_core import Deal, preset
from batak_core.ai import compiled
from batak_core.ai.solver import Position, Search, solve_position
FORMS = [(n, None) for n in batak_core.PRESETS] + [(n, "esli") for n in ("turkish", "classic", "danish", "gamelake")]
out = {"compiled": [compiled.is_compiled(sys.modules[f"batak_core.{m}"]) for m in compiled.MODULES], "results": []}
for name, variant in FORMS:
    rules = preset(name) if variant is None else preset(name, variant)
    for seed in range(int(sys.argv[1])):
        rng = random.Random(seed)
        deal = Deal.random(rules, seed=seed, dealer=seed % 4)
        deal.bid(deal.legal_bids()[-1] if seed % 3 == 0 else deal.legal_bids()[0])
        while deal.phase == "auction":
            deal.pass_bid()
        if deal.phase == "trump":
            deal.declare_trump(rng.choice(list(batak_core.Suit)))
        cards_left = 13 if (name, seed) == ("miniokey", 3) else 6 if seed % 50 == 1 else 2 + seed % 3
        for _ in range((13 - cards_left) * 4 + seed % 4):
            deal.play(rng.choice(deal.legal_plays()))
        pos = Position.of_deal(deal)
        search = Search(pos.rules, pos.trump, pos.side)
        result = [name, variant, seed, search.value(pos), search.nodes]
        if cards_left >= 4:  # the early-deal search, which estimates beyond its horizon
            early = Search(pos.rules, pos.trump, pos.side, horizon=cards_left - 1)
            result.append([early.card_values(pos), early.nodes])
        if seed % 10 == 0 and cards_left < 13:
            solution = solve_position(pos)
            result.append([solution.tricks, sorted((str(c), v) for c, v in solution.card_values.items())])
        out["results"].append(result)
print(json.dumps(out))
"""

# Random deals of every preset and variant through the public Deal API: every legal choice,
# every action and the scores.
PLAY = """
import json, random, sys
import batak_core
from batak_core import Deal, preset, variants_of
from batak_core.ai import compiled
out = {"compiled": [compiled.is_compiled(sys.modules[f"batak_core.{m}"]) for m in compiled.MODULES], "deals": []}
for name in batak_core.PRESETS:
    for variant in variants_of(name):
        rules = preset(name, variant)
        for seed in range(int(sys.argv[1])):
            rng = random.Random(seed)
            deal = Deal.random(rules, seed=seed, dealer=seed % 4)
            seen = []
            while not deal.is_finished:
                if deal.phase == "auction":
                    seen.append([deal.legal_bids(), deal.can_pass, deal.can_demand_redeal])
                    if deal.can_demand_redeal and rng.random() < 0.3:
                        deal.demand_redeal()
                    elif deal.can_pass and rng.random() < 0.6:
                        deal.pass_bid()
                    else:
                        deal.bid(rng.choice(deal.legal_bids()))
                elif deal.phase == "trump":
                    deal.declare_trump(rng.choice("SHDC"))
                elif deal.phase == "bury":
                    deal.bury(rng.sample(deal.hand(deal.to_move), rules.kitty))
                else:
                    legal = deal.legal_plays()
                    seen.append([str(c) for c in legal])
                    card = rng.choice(deal.hand(deal.to_move))
                    seen.append([card in legal, deal.explain(card).rule])
                    deal.play(card if card in legal else rng.choice(legal))
            out["deals"].append([name, variant, seed, [str(a) for a in deal.history], seen, deal.scores(),
                                 deal.tricks_won])
print(json.dumps(out))
"""


def copy_package(tmp_path: Path) -> Path:
    """A copy of the package's source (no build) to build or fake builds in; returns its
    ``batak_core`` folder."""
    target = tmp_path / "batak_core"
    shutil.copytree(PACKAGE, target, ignore=shutil.ignore_patterns("__pycache__", "*.so", compiled.STAMP_NAME))
    return target


def run(argv: list[str], top: Path, pure: bool = False, path: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run Python with ``argv`` and the ``batak_core`` of ``top``, the build chosen as ``import batak_core`` chooses."""
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_ENV}
    if pure:
        env[compiled.PURE_ENV] = "1"
    if path is not None:
        env["PATH"] = path
    env["PYTHONPATH"] = str(top)
    return subprocess.run([sys.executable, *argv], cwd=top, env=env, capture_output=True, text=True, timeout=1200)


def fake_build(package: Path) -> None:
    """Stand-ins for every extension of a build, and a stamp of the current sources."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    for name in (*compiled.MODULES, compiled.SHARED_LIBRARY):
        compiled.source_of(name, package).with_suffix(suffix).write_bytes(FAKE_BUILD)
    stamp = {m: compiled.digest(compiled.source_of(m, package)) for m in compiled.MODULES}
    (package / compiled.STAMP_NAME).write_text(json.dumps(stamp))


def sources(package: Path) -> dict[str, str]:
    return {m: str(compiled.source_of(m, package)) for m in compiled.MODULES}


def test_a_current_build_is_used_and_a_stale_one_makes_everything_pure(tmp_path: Path) -> None:
    package = copy_package(tmp_path)
    fake_build(package)
    assert compiled.stale_modules(package) == []
    current = run(["-c", IMPORT_ENGINE], tmp_path)
    assert current.returncode != 0 and "ImportError" in current.stderr  # the (fake) build was picked

    forced = run(["-c", IMPORT_ENGINE], tmp_path, pure=True)  # unless pure Python is asked for
    assert forced.returncode == 0, forced.stderr
    assert json.loads(forced.stdout) == {"files": sources(package), "warnings": []}

    trick = package / "trick.py"  # one source edited since the build: all of it runs as pure Python
    trick.write_text(trick.read_text() + "\n")
    assert compiled.stale_modules(package) == ["trick"]
    stale = run(["-c", IMPORT_ENGINE], tmp_path)
    assert stale.returncode == 0, stale.stderr
    report = json.loads(stale.stdout)
    assert report["files"] == sources(package)
    assert report["warnings"] == ["the compiled engine is older than trick.py; using pure Python for all of it "
                                  "(make app or make test rebuilds it)"]

    (package / compiled.STAMP_NAME).unlink()  # no stamp: nothing is known to be current
    assert compiled.stale_modules(package) == list(compiled.MODULES)
    unstamped = run(["-c", IMPORT_ENGINE], tmp_path)
    assert unstamped.returncode == 0, unstamped.stderr
    assert json.loads(unstamped.stdout)["files"] == sources(package)


def test_without_a_build_the_pure_engine_runs_quietly(tmp_path: Path) -> None:
    package = copy_package(tmp_path)
    result = run(["-c", IMPORT_ENGINE], tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"files": sources(package), "warnings": []}
    assert compiled.built_extensions(package) == []


def test_without_a_compiler_make_says_the_pure_engine_is_used(tmp_path: Path) -> None:
    package = copy_package(tmp_path)
    fake_build(package)
    (package / "deal.py").write_text((package / "deal.py").read_text() + "\n")  # stale, and cannot be rebuilt
    result = run([str(package / "ai" / "compiled.py"), "ensure"], tmp_path, path=str(tmp_path / "no-compiler-here"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("\n") == 1 and "the pure Python engine is used" in result.stdout
    assert compiled.built_extensions(package) == []  # the stale build is gone: no warning on every import


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One real build for the whole session; returns the folder holding its ``batak_core``: the
    package's own where it is built and current (``make test`` builds it first with ``make engine``,
    so a CI run does not spend half a minute building it twice), else a copy built here."""
    if not compiled.stale_modules() and not compiled.native_stale():
        return PACKAGE.parent
    why_not = compiled.missing_toolchain()
    if why_not is not None:
        pytest.skip(f"the compiled engine cannot be built here: {why_not}")
    top = tmp_path_factory.mktemp("built")
    package = copy_package(top)
    extensions = compiled.build(package)
    assert compiled.stale_modules(package) == [] and not compiled.native_stale(package)
    assert len(extensions) == len(compiled.MODULES) + 2  # each module's extension, mypyc's library, the native one
    return top


def test_the_native_library_is_used_only_as_built_from_the_c_files_there_now(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Like the modules, the native library counts only while the stamp says it was built from
    the C files beside it: an edited source, either of them (or pure Python asked for), turns it off."""
    monkeypatch.delenv(compiled.PURE_ENV, raising=False)
    package = tmp_path / "batak_core"
    (package / "ai").mkdir(parents=True)
    sources = [package / name for name in compiled.NATIVE_SOURCES]
    library = package / compiled.NATIVE_LIBRARY
    for number, source in enumerate(sources):
        source.write_text(f"int entry{number}(void) {{ return 0; }}\n")
    assert compiled.native_stale(package) and compiled.native_library(package) is None  # not built
    library.write_bytes(b"built")
    stamp = {name: compiled.digest(source) for name, source in zip(compiled.NATIVE_SOURCES, sources, strict=True)}
    (package / compiled.STAMP_NAME).write_text(json.dumps(stamp))
    assert not compiled.native_stale(package) and compiled.native_library(package) == library
    monkeypatch.setenv(compiled.PURE_ENV, "1")
    assert compiled.native_library(package) is None
    monkeypatch.delenv(compiled.PURE_ENV)
    for source in sources:
        kept = source.read_text()
        source.write_text("int edited(void) { return 1; }\n")
        assert compiled.native_stale(package) and compiled.native_library(package) is None
        source.write_text(kept)
        assert not compiled.native_stale(package)
    assert library in compiled.built_extensions(package)  # so remove_build deletes it with the rest
    compiled.remove_build(package)
    assert not library.exists()


def compare(code: str, top: Path, *args: str) -> tuple[dict[str, object], dict[str, object]]:
    fast, pure = run(["-c", code, *args], top), run(["-c", code, *args], top, pure=True)
    assert fast.returncode == 0, fast.stderr
    assert pure.returncode == 0, pure.stderr
    assert not fast.stderr and not pure.stderr  # no warning: the build is current
    fast_out, pure_out = json.loads(fast.stdout), json.loads(pure.stdout)
    assert all(fast_out["compiled"]) and not any(pure_out["compiled"])
    return fast_out, pure_out


@pytest.mark.slow
def test_the_compiled_solver_searches_node_for_node_as_pure_python(built: Path) -> None:
    fast, pure = compare(SOLVE, built, "300")
    assert len(fast["results"]) == 9 * 300  # type: ignore[arg-type]
    assert fast["results"] == pure["results"]  # values, node counts and card values


@pytest.mark.slow
def test_compiled_deals_play_as_pure_python_deals(built: Path) -> None:
    fast, pure = compare(PLAY, built, "40")
    assert fast["deals"] == pure["deals"]  # legal choices, verdicts, histories and scores


@pytest.mark.slow
def test_a_current_build_is_not_built_again(built: Path) -> None:
    result = run([str(built / "batak_core" / "ai" / "compiled.py"), "ensure"], built)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "batak_core: the compiled engine is current\n"
