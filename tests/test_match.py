"""Duplicate matches and the `play` / `match` commands."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

import batak_core as bc
from batak_core.ai.match import MatchResult, match
from batak_core.cli import main
from batak_core.rules import PRESETS, variants_of

PAIRS = [(name, variant.value) for name in PRESETS for variant in variants_of(name)]


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


def test_match_plays_classic_esli_where_the_declarer_plays_the_open_dummy() -> None:
    result = match(bc.preset("classic", "esli"), "club", "random", deals=2, seed=3)
    assert result.rules == "classic" and result.variant == "esli" and len(result.diffs) == 2
    assert result.summary().startswith("classic esli ")


def test_a_bot_matched_against_itself_scores_exactly_0() -> None:
    result = match("miniokey", "club", "club", deals=3, seed=4)
    assert result.diffs == (0.0, 0.0, 0.0) and result.mean_diff == 0


def nicknamed_bot(name: str, seed: int) -> bc.bots.Bot:
    """Bots named the benchmark's own way: "strong" is the club bot, "weak" the random one."""
    return bc.bots.get({"strong": "club", "weak": "random"}[name], seed)


def test_a_match_takes_bots_named_by_its_own_maker() -> None:
    """``benchmarks/bots.py search`` names experts by their search settings; any names do, with the
    deals, seats and seeds of a match between levels, on any number of workers."""
    by_level = match("turkish", "club", "random", deals=4, seed=8)
    for workers in (1, 2):
        by_name = match("turkish", "strong", "weak", deals=4, seed=8, workers=workers, make=nicknamed_bot)
        assert by_name.diffs == by_level.diffs and (by_name.a, by_name.b) == ("strong", "weak")


@pytest.mark.parametrize("pair", PAIRS, ids=["-".join(p) for p in PAIRS])
def test_match_plays_every_variant_of_every_preset_repeatably(pair: tuple[str, str]) -> None:
    rules = bc.preset(*pair)
    first = match(rules, "club", "random", deals=2, seed=6)
    assert first == match(rules, "club", "random", deals=2, seed=6)
    assert match(rules, "random", "club", deals=2, seed=6).diffs == tuple(-d for d in first.diffs)
    assert (first.rules, first.variant) == pair


def test_match_rejects_a_seed_outside_0_to_2_64() -> None:
    with pytest.raises(ValueError, match="seed"):
        match("miniokey", "club", "random", deals=1, seed=-1)


def test_match_command_takes_a_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--variant", "esli", "--a", "club", "--b", "random", "--deals", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[:2] for line in lines] == [[name, "esli"] for name in PRESETS if "esli" in variants_of(name)]


def test_match_command_with_a_variant_the_preset_does_not_describe_prints_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--rules", "miniokey", "--variant", "esli", "--deals", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("batak match: the miniokey rules do not describe esli") and len(err.splitlines()) == 1


def test_match_command_prints_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--a", "club", "--b", "random", "--deals", "2", "--rules", "all"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(PRESETS)
    assert all("club vs random" in line and "95% CI" in line for line in lines)


@pytest.mark.parametrize("argv,message", [
    (["match", "--a", "wizard"], "--a must be one of random, club, expert, not 'wizard'"),
    (["match", "--deals", "0"], "--deals must be a whole number from 1 to"),
    (["match", "--rules", "nowhere"], "--rules must be one of all, miniokey"),
    (["play", "--bots", "expertise"], "--bots must be one of random, club, expert, not 'expertise'"),
    (["play", "--seat", "7"], "--seat must be a whole number from 0 to 3, not '7'"),
    (["play", "--rules", "gamelake", "--variant", "koz_maca"], "the gamelake rules do not describe koz_maca"),
])
def test_bad_arguments_exit_2_with_a_one_line_message(argv: list[str], message: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv, read=lambda prompt: "quit") == 2
    err = capsys.readouterr().err
    assert message in err and len(err.splitlines()) == 1


def scripted(lines: list[str]) -> Callable[[str], str]:
    """A reader answering with ``lines``, then 'auto' for ever."""
    answers = iter(lines)
    return lambda prompt: next(answers, "auto")


def test_play_a_deal_with_scripted_input(capsys: pytest.CaptureFixture[str]) -> None:
    read = scripted(["help", "hint", "bid 99", "banana"])
    argv = ["play", "--rules", "miniokey", "--bots", "club", "--deals", "1", "--seed", "5", "--review"]
    assert main(argv, read=read) == 0
    out = capsys.readouterr().out
    assert "Hint:" in out and "The highest bid is 13" in out and "In the auction type a number" in out
    assert "Deal over." in out and "Game over" in out
    assert out.count("  -> ") == 13


def test_play_stops_cleanly_on_quit_and_on_end_of_input(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--rules", "gamelake", "--deals", "1", "--seed", "2", "--seat", "1"]
    assert main(argv, read=lambda prompt: "quit") == 0

    def ended(prompt: str) -> str:
        raise EOFError

    assert main(argv, read=ended) == 1
    assert "Input ended" in capsys.readouterr().out


def test_play_koz_maca_takes_the_learners_announcement(capsys: pytest.CaptureFixture[str]) -> None:
    read = scripted(["pass", "announce 99", "none"])
    argv = ["play", "--rules", "classic", "--variant", "koz_maca", "--deals", "1", "--seed", "1", "--bots", "random"]
    assert main(argv, read=read) == 0
    out = capsys.readouterr().out
    assert "Spades are always trump" in out
    assert "In Koz Maça nobody passes" in out and "Announce a number of tricks from 0 to 13." in out
    assert "  You: announce none" in out
    assert "Deal over." in out and out.count("  -> ") == 13


def test_play_turkish_koz_maca_refuses_announcing_none(capsys: pytest.CaptureFixture[str]) -> None:
    read = scripted(["none", "quit"])
    argv = ["play", "--rules", "turkish", "--variant", "koz_maca", "--seed", "1"]
    assert main(argv, read=read) == 0
    assert "Announce a number of tricks from 1 to 13." in capsys.readouterr().out


def test_play_gommeli_the_learner_buries_the_four_cards_typed(capsys: pytest.CaptureFixture[str]) -> None:
    rules = bc.preset("turkish", "gommeli")
    deal = bc.Game(rules, seed=3).deal
    cards = [str(c) for c in bc.sorted_hand(deal.hand(0) + deal.kitty)]
    read = scripted(["12", "trump S", "bury QQQ", "bury " + " ".join(cards[:3]), " ".join(cards[:4]), "quit"])
    assert main(["play", "--rules", "turkish", "--variant", "gommeli", "--seed", "3"], read=read) == 0
    out = capsys.readouterr().out
    assert "You took the kitty: " + " ".join(c.label for c in bc.sorted_hand(deal.kitty)) in out
    assert "Bury 4 cards" in out and "'QQQ' is not a card" in out and "Bury exactly 4 different cards" in out
    buried = bc.Action.bury(cards[:4]).text()
    assert f"  You: {buried}" in out


def test_play_classic_esli_the_declarer_plays_the_dummy_with_hint_and_auto(capsys: pytest.CaptureFixture[str]) -> None:
    answers, then = iter(["13", "S"]), itertools.cycle(["hint", "auto"])
    argv = ["play", "--rules", "classic", "--variant", "esli", "--deals", "1", "--seed", "4", "--bots", "random"]
    assert main(argv, read=lambda prompt: next(answers, None) or next(then)) == 0
    out = capsys.readouterr().out
    assert "  You: bid 13" in out and "  You: make spades ♠ trump" in out
    assert "Your partner's hand lies open: you play it" in out
    assert "Trick 1, on the table: (you lead). Trump ♠." in out
    dummy_turn = out.index("Seat 2 (dummy) to play, you choose.")
    assert out.index("Hint: play ", dummy_turn) < out.index("  Seat 2 (dummy, played by you): play ", dummy_turn)
    assert "Deal over." in out and out.count("  -> ") == 13


def test_play_esli_as_a_defender_against_an_open_dummy(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--rules", "classic", "--variant", "esli", "--deals", "1", "--seed", "4", "--seat", "1",
            "--bots", "random"]
    assert main(argv, read=scripted(["hint"])) == 0
    out = capsys.readouterr().out
    assert "Deal over." in out and out.count("  -> ") == 13


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PRESETS))
def test_club_beats_random_over_400_duplicate_deals(name: str) -> None:
    result = match(name, "club", "random", deals=400, seed=2024, workers=2)
    assert result.ci_low > 0, result.summary()


def test_play_takes_house_rules_and_the_weak_hand_redeal(capsys: pytest.CaptureFixture[str]) -> None:
    """`batak play --set` plays house rules; with the weak-hand redeal a learner holding no card
    above 10 types "redeal" and the cards are thrown in."""
    rules = bc.preset("classic", weak_hand_redeal=True)
    game_seed = next(s for s in range(5000) if bc.Game(rules, seed=s).deal.to_move == 1
                     and all(c.rank <= 10 for c in bc.Game(rules, seed=s).deal.hand(1)))
    argv = ["play", "--rules", "classic", "--set", "weak_hand_redeal=true", "--seat", "1", "--deals", "1",
            "--seed", str(game_seed)]
    answers = scripted(["redeal", "quit"])
    assert main(argv, read=answers) == 0
    out = capsys.readouterr().out
    assert "'redeal'" in out and "A redeal was demanded" in out


def test_play_refuses_a_bad_house_rule_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--set", "partnership=true"], read=lambda prompt: "quit") == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
