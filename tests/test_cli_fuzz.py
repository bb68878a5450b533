"""Fuzzing the ``batak`` command line: no argument vector makes it crash or ramble.

Every vector runs ``batak_core.cli.main`` in-process (``play`` gets an input that quits at once)
and must end with exit status 0 or 2, never an exception; on 2, stderr is one short line, after
argparse's usage block only for a usage error (an unknown flag, a missing argument). First a
fixed list of nasty vectors, the bugs fixed so far among them; then seeded random vectors built
from the real flags with random good and bad values.
"""

from __future__ import annotations

import random

import pytest

from batak_core.cards import CARDS
from batak_core.cli import main

MAX_LINE = 300


def quit_at_once(prompt: str) -> str:
    return "quit"


def check(argv: list[str], capsys: pytest.CaptureFixture[str]) -> int:
    """Run ``batak *argv`` and check the exit status and what stderr says."""
    try:
        status = main(argv, read=quit_at_once)
    except BaseException as error:  # any escape is the failure looked for
        pytest.fail(f"batak {' '.join(argv)[:200]!r} raised {type(error).__name__}: {str(error)[:300]}")
    out, err = capsys.readouterr()
    shown = repr(argv)[:200]
    assert status in (0, 2), (shown, status, err[:500])
    assert "Traceback" not in out + err, shown
    if status == 0:
        assert err == "", (shown, err[:500])
        return status
    lines = err.splitlines()
    if lines and lines[0].startswith("usage: batak"):  # a usage error: the usage block, then one line
        assert lines[-1].startswith("batak") and ": error: " in lines[-1], (shown, err[:500])
        assert all(line.startswith(" ") for line in lines[1:-1]), (shown, err[:500])
    else:
        assert len(lines) == 1 and lines[0].startswith("batak "), (shown, err[:500])
    assert len(lines[-1]) < MAX_LINE, (shown, lines[-1][:500])
    return status


HUGE = "9" * 5000
NUMBERS_BAD = ["-1", "-99999999999999999999", str(2**64), "1" + "0" * 30, HUGE, "x", "1.5", "", " ", "1e3",
               "0x10", "٣", "nan", "+", "7 7"]
NUMERIC_FLAGS = {
    "score": {"--declarer": 1, "--bid": 1, "--announced": 4, "--tricks": 4},
    "play": {"--seat": 1, "--seed": 1, "--deals": 1},
    "match": {"--deals": 1, "--seed": 1, "--workers": 1},
}
REQUIRED = {"legal": ["--hand", "QC 4C 2D", "--trump", "H"], "score": ["--tricks", "8", "3", "2", "0"],
            "rules": [], "play": [], "match": ["--a", "random", "--b", "random", "--deals", "1", "--rules", "danish"]}


def nasty_vectors() -> list[list[str]]:
    vectors = [
        # the bugs fixed so far
        ["play", "--seed", "-1"],
        ["match", "--seed", str(2**64), "--deals", "1"],
        ["rules", "--set", "variant=esli"],
        ["rules", "--set", "name=[]"],
        ["rules", "--set", "min_bid=" + "1" * 5000],
        ["rules", "--set", "min_bid=" + "[" * 10_000],
        ["score", "--rules", "all", "--variant", "koz_maca", "--announced", "0", "3", "2", "4",
         "--tricks", "0", "3", "5", "5"],
        # cards and suits
        ["legal", "--hand", "QQQ", "--trump", "H"],
        ["legal", "--hand", "10X", "--trump", "H"],
        ["legal", "--hand", "Q" * 100_000, "--trump", "H"],
        ["legal", "--hand", "QC " * 30_000, "--trump", "H"],
        ["legal", "--hand", "QC", "--trick", "2C 3C 4C 5C 6C", "--trump", "H"],
        ["legal", "--hand", "QC QC 2D", "--trump", "H"],
        ["legal", "--hand", "QC", "--trick", "QC", "--trump", "H"],
        ["legal", "--hand", "QC", "--trick", "2C 2C", "--trump", "H"],
        ["legal", "--hand", "QC", "--trump", "Z"],
        ["legal", "--hand", "QC", "--trump", "Z" * 100_000],
        ["legal", "--hand", "", "--trump", "H"],
        ["legal", "--hand", "QC\udcff", "--trump", "H"],
        ["legal", "--hand", "QC", "--trump", "H", "--rules", ","],
        # presets and variants
        ["legal", "--rules", "poker", "--hand", "QC", "--trump", "H"],
        ["legal", "--rules", "classic," + "x" * 100_000, "--hand", "QC", "--trump", "H"],
        ["rules", "--variant", "gonullu"],
        ["rules", "--variant", "nope"],
        ["rules", "--rules", "danish", "--variant", "koz_maca"],
        ["rules", "--rules", "miniokey", "--variant", "esli"],
        ["play", "--rules", "gamelake", "--variant", "gommeli"],
        ["play", "--rules", "poker"],
        ["match", "--rules", "miniokey", "--variant", "koz_maca", "--deals", "1"],
        ["match", "--a", "wizard"],
        # --set
        ["rules", "--set", "min_bid"],
        ["rules", "--set", "=4"],
        ["rules", "--set", "x" * 100_000 + "=1"],
        ["rules", "--set", "min_bid=" + "x" * 100_000],
        ["rules", "--set", "direction=" + "x" * 100_000],
        ["rules", "--set", "deal_choices=" + ",".join(["3"] * 10_000)],
        ["rules", "--set", "must_overtake=maybe"],
        ["rules", "--set", "partnership=true"],
        ["rules", "--set", "gonullu=true"],
        ["rules", "--set", "two_or_fewer_sinks=true"],
        ["rules", "--set", "min_bid=9", "--set", "max_bid=8"],
        ["rules", "--set", "all_pass_bid=0"],
        ["rules", "--set", "fixed_trump=S"],
        # usage errors
        [],
        ["nope"],
        ["x" * 100_000],
        ["lab", *["extra"] * 10_000],
        ["lab", "\udcff"],
        ["score", "--tricks", "1"],
        ["legal", "--trump", "H"],
        ["legal", "--hand"],
        ["--help"],
        ["score", "--help"],
    ]
    for command, flags in NUMERIC_FLAGS.items():
        for flag, count in flags.items():
            for bad in NUMBERS_BAD:
                vectors.append([command, *REQUIRED[command], flag, *[bad] * count])
    return vectors


@pytest.mark.parametrize("argv", nasty_vectors(), ids=lambda argv: repr(argv)[:60])
def test_nasty_argument_vectors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    check(argv, capsys)


def test_the_fixed_bugs_are_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in nasty_vectors()[:6]:
        assert check(argv, capsys) == 2
    assert check(nasty_vectors()[6], capsys) == 0  # the README's Koz Maça example


BAD = ["", " ", "-1", "x", "9" * 30, HUGE, "[" * 1000, "QQQ", "10X", "Z", "é", "\udcff", "٣", "1.5", "all,",
       "esli", "true", "=", "None", "x" * 5000]
VARIANTS = ["ihaleli", "koz_maca", "esli", "gommeli"]
PRESET_LISTS = ["all", "miniokey", "classic", "danish", "turkish", "gamelake", "classic,turkish", "danish,danish"]
SETTINGS = ["min_bid=4", "min_bid=7", "must_overtake=false", "deal_choices=3,5", "direction=clockwise",
            "all_pass_bid=0", "trump_lead_restricted=true", "target_choices=[51, 101]", "kitty=4", "max_bid=12"]


def _cards(rng: random.Random, low: int, high: int) -> str:
    return " ".join(str(c) for c in rng.sample(CARDS, rng.randint(low, high)))


def _good(rng: random.Random, command: str, flag: str) -> list[str]:
    """A value a user could mean for ``flag`` (not always one the engine accepts)."""
    if flag == "--rules":
        return [rng.choice(PRESET_LISTS if command in ("legal", "score", "rules") else PRESET_LISTS[1:6])]
    if flag == "--variant":
        return [rng.choice(VARIANTS)]
    if flag == "--set":
        return [rng.choice(SETTINGS)]
    if flag == "--hand":
        return [_cards(rng, 1, 13)]
    if flag == "--trick":
        return [_cards(rng, 0, 3)]
    if flag == "--trump":
        return [rng.choice("SHDC") if rng.random() < 0.9 else "none"]
    if flag in ("--declarer", "--seat"):
        return [str(rng.randrange(4))]
    if flag == "--bid":
        return [str(rng.randint(1, 13))]
    if flag == "--announced":
        return [str(rng.randint(0, 5)) for _ in range(4)]
    if flag == "--tricks":
        cuts = sorted(rng.randint(0, 13) for _ in range(3))
        return [str(b - a) for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
    if flag == "--seed":
        return [str(rng.choice([0, 1, 4711, 2**64 - 1]))]
    if flag == "--deals":
        return ["1"]
    if flag in ("--a", "--b", "--bots"):
        return [rng.choice(["random", "club"])]
    if flag == "--workers":
        return ["1"]
    return []  # a switch


FLAGS = {
    "legal": ["--rules", "--variant", "--set", "--hand", "--trick", "--trump", "--trump-broken", "--partner-winning"],
    "score": ["--rules", "--variant", "--set", "--declarer", "--bid", "--announced", "--tricks"],
    "rules": ["--rules", "--variant", "--set"],
    "lab": [],
    "play": ["--rules", "--variant", "--bots", "--seat", "--seed", "--deals", "--review"],
    "match": ["--a", "--b", "--deals", "--rules", "--variant", "--seed", "--workers"],
}
SWITCHES = ("--trump-broken", "--partner-winning", "--review")
KEEP_FAST = {"match": ["--a", "random", "--b", "random", "--deals", "1", "--rules", "turkish", "--workers", "1"],
             "play": ["--bots", "club"]}


def random_vector(rng: random.Random) -> list[str]:
    command = rng.choice(list(FLAGS))
    argv = [command]
    if command in KEEP_FAST:  # matches of one cheap deal; bots that do not search before the first prompt
        argv += KEEP_FAST[command]
    for flag in FLAGS[command]:
        if rng.random() < 0.4 and flag not in ("--hand", "--trump", "--tricks"):
            continue
        if rng.random() < 0.02:
            continue  # a required flag left out now and then: a usage error
        argv.append(flag)
        if flag in SWITCHES:
            continue
        good = _good(rng, command, flag)
        if rng.random() < 0.2:
            good[rng.randrange(len(good))] = rng.choice(BAD)
        argv += good
    if rng.random() < 0.05:
        argv.insert(rng.randrange(1, len(argv) + 1), rng.choice(["--nope", "extra", "--rule", "-x"]))
    return argv


def _fuzz(seed: int, count: int, capsys: pytest.CaptureFixture[str]) -> set[int]:
    rng = random.Random(seed)
    return {check(random_vector(rng), capsys) for _ in range(count)}


def test_random_argument_vectors(capsys: pytest.CaptureFixture[str]) -> None:
    assert _fuzz(2024, 300, capsys) == {0, 2}  # both outcomes reached: the values are not all bad


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_many_random_argument_vectors(seed: int, capsys: pytest.CaptureFixture[str]) -> None:
    assert _fuzz(seed, 1500, capsys) == {0, 2}
