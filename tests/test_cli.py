"""The terminal rules lab, run the way a player settling an argument would run it."""

import subprocess
import sys

import pytest

from batak_core.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_legal_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "legal", "--rules", "all", "--hand", "QC 4C 2D", "--trick", "9C 3H", "--trump", "H")
    assert status == 0
    header = next(line for line in out.splitlines() if line.startswith("card"))
    assert header.split() == ["card", "miniokey", "classic", "danish", "turkish", "gamelake"]
    row = next(line for line in out.splitlines() if line.startswith("4♣")).split()
    assert row == ["4♣", "legal", "no:", "overtake", "legal", "legal", "no:", "overtake"]
    assert "classic: legal Q♣" in out and "miniokey: legal Q♣ 4♣" in out
    assert "You must follow suit" in out


def test_legal_with_house_rule(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "legal", "--rules", "miniokey", "--set", "trump_lead_restricted=false",
                         "--hand", "AH 2H 3S", "--trump", "H")
    assert status == 0 and "miniokey: legal A♥ 2♥ 3♠" in out


def test_score(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", "--rules", "classic", "--declarer", "0", "--bid", "7",
                         "--tricks", "8", "3", "2", "0")
    assert status == 0
    assert "seat 0: +71  seat 1: +30  seat 2: +20  seat 3: -70" in out


@pytest.mark.parametrize("argv,message", [
    (["legal", "--hand", "QX", "--trump", "H"], "'QX' is not a card"),
    (["legal", "--rules", "poker", "--hand", "QC", "--trump", "H"], "unknown preset 'poker'"),
    (["legal", "--hand", "QC", "--trump", "X"], "is not a suit"),
    (["legal", "--hand", "QC", "--trick", "QC", "--trump", "H"], "both in the hand and in the trick"),
    (["score", "--declarer", "0", "--bid", "7", "--tricks", "8", "3", "2", "1"], "add up to 13"),
    (["legal", "--set", "min_bid", "--hand", "QC", "--trump", "H"], "--set takes option=value"),
    (["rules", "--set", "min_bid=99"], "min_bid <= max_bid"),
])
def test_bad_arguments_exit_2_with_a_message(capsys: pytest.CaptureFixture[str], argv: list[str],
                                             message: str) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2 and message in err and err.startswith("batak ")


def test_rules_and_lab(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "--rules", "gamelake")
    assert status == 0 and "only by a ruff" in out
    status, out, _ = run(capsys, "lab")
    assert status == 0
    assert out.count("###") == 11
    assert "Anna bids 7 (hearts) and makes 8; Ben 3, Carla 2, Dan none: +71, +30, +20, -70" in out


def test_console_script_entry_point() -> None:
    result = subprocess.run([sys.executable, "-m", "batak_core.cli", "score", "--rules", "gamelake",
                             "--declarer", "1", "--bid", "6", "--tricks", "2", "7", "2", "2"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0 and "seat 1: +7" in result.stdout


def test_usage_error_from_argparse() -> None:
    result = subprocess.run([sys.executable, "-m", "batak_core.cli", "score", "--bid", "x"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2 and "invalid int value" in result.stderr
