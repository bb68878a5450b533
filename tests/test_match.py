"""Duplicate matches and the `play` / `match` commands."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from batak_core.ai.match import MatchResult, match
from batak_core.cli import play as cli_play
from batak_core.rules import PRESETS


def test_match_is_repeatable_and_symmetric() -> None:
    first = match("turkish", "club", "random", deals=4, seed=8)
    again = match("turkish", "club", "random", deals=4, seed=8)
    assert isinstance(first, MatchResult) and first == again
    mirrored = match("turkish", "random", "club", deals=4, seed=8)
    assert mirrored.diffs == tuple(-d for d in first.diffs)
    assert first.ci_low <= first.mean_diff <= first.ci_high


def test_match_workers_do_not_change_the_result() -> None:
    assert match("danish", "club", "random", deals=4, seed=2, workers=2) == match(
        "danish", "club", "random", deals=4, seed=2)


def test_match_rejects_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        match("miniokey", "club", "wizard", deals=2)
    with pytest.raises(ValueError, match="at least one deal"):
        match("miniokey", "club", "random", deals=0)
    with pytest.raises(ValueError, match="unknown preset"):
        match("nope", "club", "random", deals=2)


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="batak")
    cli_play.add_commands(parser.add_subparsers(dest="command", required=True))
    return parser.parse_args(argv)


def test_match_command_prints_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    args = parse(["match", "--a", "club", "--b", "random", "--deals", "2", "--rules", "all"])
    assert args.func(args) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(PRESETS)
    assert all("club vs random" in line and "95% CI" in line for line in lines)


@pytest.mark.parametrize("argv", [["match", "--a", "wizard"], ["match", "--deals", "0"],
                                  ["match", "--rules", "nowhere"], ["play", "--bots", "expertise"],
                                  ["play", "--seat", "7"]])
def test_bad_arguments_exit_with_a_message(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        parse(argv)
    assert exit_info.value.code != 0
    assert "error: argument" in capsys.readouterr().err


def scripted(lines: list[str]) -> Iterator[str]:
    yield from lines
    while True:
        yield "auto"


def test_play_a_deal_with_scripted_input(capsys: pytest.CaptureFixture[str]) -> None:
    answers = scripted(["help", "hint", "bid 99", "banana"])
    args = parse(["play", "--rules", "miniokey", "--bots", "club", "--deals", "1", "--seed", "5", "--review"])
    assert cli_play.run_play(args, read=lambda prompt: next(answers)) == 0
    out = capsys.readouterr().out
    assert "Hint:" in out and "The highest bid is 13" in out and "In the auction type a number" in out
    assert "Deal over." in out and "Game over" in out
    assert out.count("  -> ") == 13


def test_play_stops_cleanly_on_quit_and_on_end_of_input(capsys: pytest.CaptureFixture[str]) -> None:
    args = parse(["play", "--rules", "gamelake", "--deals", "1", "--seed", "2", "--seat", "1"])
    assert cli_play.run_play(args, read=lambda prompt: "quit") == 0

    def ended(prompt: str) -> str:
        raise EOFError

    assert cli_play.run_play(args, read=ended) == 1
    assert "Input ended" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PRESETS))
def test_club_beats_random_over_400_duplicate_deals(name: str) -> None:
    result = match(name, "club", "random", deals=400, seed=2024, workers=2)
    assert result.ci_low > 0, result.summary()
