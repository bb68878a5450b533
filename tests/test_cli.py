"""The terminal rules lab, run the way a player settling an argument would run it."""

import itertools
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest

from batak_core.cli.main import main
from batak_core.i18n import LANGUAGE_VARIABLES, active_locale, set_locale


@pytest.fixture(autouse=True)
def english_environment(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every command here runs as under LANG=C (so the English tests hold whatever the machine's
    language), and the process is English again afterwards (``main`` sets the language)."""
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")
    yield
    set_locale("en")


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
    (["legal", "--set", "min_bid", "--hand", "QC", "--trump", "H"], "--set takes OPTION=VALUE"),
    (["rules", "--set", "min_bid=99"], "min_bid must be a whole number from 1 to 13, not 99"),
    (["rules", "--set", "min_bid=9", "--set", "max_bid=8"], "min_bid <= max_bid"),
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
    argv = ["score", "--bids", "7", "--tricks", "13", "0", "0", "0"]
    result = subprocess.run([sys.executable, "-m", "batak_core.cli", *argv], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 2 and result.stderr.startswith("usage: batak ")
    assert "error: unrecognized arguments: --bids 7" in result.stderr


def test_bad_value_from_the_shell_is_one_line_without_a_traceback() -> None:
    result = subprocess.run([sys.executable, "-m", "batak_core.cli", "play", "--seed", "-1"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert result.stderr == "batak play: --seed must be a whole number from 0 to 2**64 - 1, not '-1'\n"


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run a command that must refuse its arguments: exit 2, one short line on stderr, no usage."""
    status = main(list(argv), read=lambda prompt: "quit") if argv[0] == "play" else main(list(argv))
    out, err = capsys.readouterr()
    assert status == 2, (status, out, err)
    assert len(err.splitlines()) == 1 and "usage:" not in err and len(err) < 300, err
    assert err.startswith(f"batak {argv[0]}: ")
    return err


def test_play_with_a_negative_seed_prints_one_line_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, "play", "--seed", "-1")
    assert "--seed must be a whole number from 0 to 2**64 - 1, not '-1'" in err


def test_match_with_a_seed_of_2_to_the_64_prints_one_line_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, "match", "--seed", str(2**64), "--deals", "1")
    assert "--seed must be a whole number from 0 to 2**64 - 1, not '18446744073709551616'" in err


def test_set_variant_says_the_variant_is_chosen_with_the_variant_flag(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, "rules", "--set", "variant=esli")
    assert "choose the variant with --variant" in err and "--variant esli" in err


def test_set_name_to_a_list_prints_one_line_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, "rules", "--set", "name=[]")
    assert "choose the preset with --rules" in err


def test_set_a_5000_digit_number_prints_one_line_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, "rules", "--set", "min_bid=" + "7" * 5000)
    assert "min_bid takes a whole number" in err and "5,000 characters" in err


def test_set_10000_open_brackets_prints_one_line_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, "legal", "--hand", "QC", "--trump", "H", "--set", "min_bid=" + "[" * 10_000)
    assert "min_bid takes a whole number" in err and "10,000 characters" in err


@pytest.mark.parametrize("argv,message", [
    (["score", "--bid", "x", "--tricks", "13", "0", "0", "0"], "--bid must be a whole number from 1 to 13, not 'x'"),
    (["score", "--declarer", "9", "--bid", "7", "--tricks", "13", "0", "0", "0"],
     "--declarer must be a whole number from 0 to 3, not '9'"),
    (["score", "--rules", "classic", "--declarer", "0", "--bid", "7", "--tricks", "8", "3", "2", "-1"],
     "--tricks must be a whole number from 0 to 13, not '-1'"),
    (["play", "--bots", "expertise"], "--bots must be one of random, club, expert, not 'expertise'"),
    (["play", "--seat", "7"], "--seat must be a whole number from 0 to 3, not '7'"),
    (["play", "--rules", "poker"], "--rules must be one of miniokey"),
    (["match", "--deals", "0"], "--deals must be a whole number from 1 to"),
    (["match", "--workers", "9" * 30], "--workers must be a whole number from 1 to"),
    (["legal", "--variant", "nope", "--hand", "QC", "--trump", "H"], "--variant must be one of ihaleli, koz_maca"),
])
def test_bad_values_print_one_line_without_the_usage_block(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                           message: str) -> None:
    assert message in refused(capsys, *argv)


@pytest.mark.parametrize("argv", [["score", "--tricks", "1", "2"], ["legal", "--trump", "H"], ["rules", "--nope"],
                                  ["nope"], []])
def test_usage_errors_print_the_usage_block_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status = main(argv)
    err = capsys.readouterr().err
    assert status == 2 and err.startswith("usage: batak") and "error:" in err


def test_help_exits_0_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--help"]) == 0
    assert "Exit status: 0 when at least one preset gave a result" in capsys.readouterr().out


def test_score_all_koz_maca_prints_the_refusing_preset_in_its_own_row_and_exits_0(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "score", "--rules", "all", "--variant", "koz_maca", "--announced", "0", "3", "2",
                           "4", "--tricks", "0", "3", "5", "5")
    assert status == 0 and err == ""
    rows = out.splitlines()
    assert rows[0].startswith("classic ") and "seat 0: +50  seat 1: +30  seat 2: -20  seat 3: +40" in rows[0]
    assert rows[1].startswith("turkish ") and "refused: announcements must be four numbers 1..13" in rows[1]
    assert len(rows) == 2


def test_score_with_every_preset_refusing_for_the_same_reason_prints_one_line_and_exits_2(
        capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, "score", "--declarer", "0", "--bid", "7", "--tricks", "1", "1", "1", "1")
    assert "add up to 13" in err


def test_score_with_every_preset_refusing_for_different_reasons_prints_the_rows_and_exits_2(
        capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "score", "--rules", "miniokey,turkish", "--variant", "koz_maca", "--announced",
                           "0", "3", "2", "4", "--tricks", "0", "3", "5", "5")
    assert status == 2
    assert len(out.splitlines()) == 2 and "refused:" in out
    assert len(err.splitlines()) == 1 and "no preset" in err


def test_legal_with_a_refusing_preset_prints_its_reason_in_its_own_row(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "legal", "--set", "all_pass_bid=0", "--hand", "QC 4C 2D", "--trick", "9C 3H",
                           "--trump", "H")
    assert status == 0 and err == ""
    header = next(line for line in out.splitlines() if line.startswith("card"))
    assert header.split() == ["card", "danish", "gamelake"]
    assert "danish: legal Q♣ 4♣" in out
    refusals = [line for line in out.splitlines() if "refused:" in line]
    assert [line.split(":")[0] for line in refusals] == ["miniokey", "classic", "turkish"]
    assert "all_pass_bid must be 1..13, not 0" in refusals[0]


def test_rules_with_a_refusing_preset_prints_its_reason_in_its_own_row(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "rules", "--rules", "miniokey,turkish", "--variant", "esli")
    assert status == 0 and err == ""
    assert "== miniokey: refused: the miniokey rules do not describe esli" in out
    assert "== turkish (esli) ==" in out


def test_rules_with_one_refusing_preset_prints_one_line_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, "rules", "--rules", "danish", "--variant", "koz_maca")
    assert "only mentions Koz Maça" in err


@pytest.mark.parametrize("setting,shown", [
    ("trump_lead_restricted=false", "Trump may be led at any time"),
    ("min_bid=7", "Lowest bid: 7."),
    ("deal_choices=[3, 5]", "Game lengths on offer: 3, 5 deals."),
    ("deal_choices=3,5", "Game lengths on offer: 3, 5 deals."),
    ("deal_choices_only=false", "Any agreed number of deals may be played."),
    ("direction=clockwise", "Play goes clockwise"),
    ("defender_zero=nothing", "takes no trick scores 0."),
])
def test_set_parses_booleans_whole_numbers_lists_and_enum_words(capsys: pytest.CaptureFixture[str], setting: str,
                                                               shown: str) -> None:
    status, out, err = run(capsys, "rules", "--rules", "miniokey", "--set", setting)
    assert status == 0 and err == "" and shown in out


@pytest.mark.parametrize("setting,message", [
    ("must_overtake=maybe", "must_overtake must be true or false, not 'maybe'"),
    ("min_bid=4.5", "min_bid takes a whole number, not '4.5'"),
    ("deal_choices=[3, x]", "deal_choices takes a list of whole numbers like 3,5,7, not '[3, x]'"),
    ("direction=sideways", "direction must be one of 'counterclockwise', 'clockwise', not 'sideways'"),
    ("min_bids=4", "unknown rule option 'min_bids' (did you mean min_bid?)"),
    ("x" * 1000 + "=4", "unknown rule option 'xxxxx"),
    ("=4", "--set takes OPTION=VALUE"),
])
def test_set_refuses_other_values_in_one_line(capsys: pytest.CaptureFixture[str], setting: str, message: str) -> None:
    assert message in refused(capsys, "rules", "--rules", "miniokey", "--set", setting)


BARE_HINT_VALUE = re.compile(r"\b(?:play \S+|bid \d+|pass|announce \w+) [-+]?\d+(?:\.\d+)?(?=[,)])")
"""A hint value printed after its action with no word for what it is ("play 2♥ -1.2,")."""


def test_early_card_hint_showed_the_same_bare_number_for_every_card(capsys: pytest.CaptureFixture[str]) -> None:
    """Regression: `hint` printed "(values: play 2♥ -1.2, play 4♥ -1.2)" early in the deal, the
    same guessed number for each card and no word for what it was."""
    answers = itertools.chain(["hint", "auto", "hint", "auto"], itertools.repeat("quit"))
    assert main(["play", "--seed", "0", "--bots", "club"], read=lambda prompt: next(answers)) == 0
    hints = [line for line in capsys.readouterr().out.splitlines() if line.startswith("Hint: ")]
    assert len(hints) == 2 and hints[1].startswith("Hint: play 2♥.")
    for line in hints:
        assert not BARE_HINT_VALUE.search(line), line
    assert "No numbers" in hints[1]


def test_review_after_a_deal_says_what_it_checked(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """`--review` says it is working, lists the costly decisions and, when the search budget ran
    out, from which trick on it checked."""
    import batak_core.cli.play as play_module

    full_review = play_module.review
    monkeypatch.setattr(play_module, "review",
                        lambda deal, seat: full_review(deal, seat, node_budget=2_000, auction_nodes=0))
    assert main(["play", "--seed", "0", "--bots", "club", "--deals", "1", "--review"],
                read=lambda prompt: "auto") == 0
    out = capsys.readouterr().out
    assert "Reviewing your calls and cards against perfect play..." in out
    assert re.search(r"\(Review of tricks \d+ to 13\.\)|no costly decision found in tricks \d+ to 13\.", out), out
    assert re.search(r"The search budget ran out before trick \d+: your cards in the earlier tricks", out)


LEGAL = ["legal", "--rules", "all", "--hand", "QC 4C 2D", "--trick", "9C 3H", "--trump", "H"]
SCORE = ["score", "--rules", "classic", "--declarer", "0", "--bid", "7", "--tricks", "8", "3", "2", "0"]
RULES = ["rules", "--rules", "classic"]


def check_turkish(run_command: Callable[[list[str]], tuple[int, str, str]]) -> None:
    """``legal``, ``score`` and ``rules`` print in Turkish: the table, the reasons, the scores and
    the rules in words (the rule ids and preset names stay as they are)."""
    status, out, err = run_command(LEGAL)
    assert status == 0 and err == "", err
    header = next(line for line in out.splitlines() if line.startswith("kart"))
    assert header.split() == ["kart", "miniokey", "classic", "danish", "turkish", "gamelake"]
    row = next(line for line in out.splitlines() if line.startswith("4♣")).split()
    assert row == ["4♣", "oynanabilir", "hayır:", "overtake", "oynanabilir", "oynanabilir", "hayır:", "overtake"]
    assert "Koz kırıldı: hayır" in out and "Renge uymalısın" in out and "[follow-suit]" in out
    assert "classic: oynanabilir K♣" in out  # the queen of clubs, with the Turkish letter (kız)
    assert "legal" not in out and "You must" not in out
    status, out, err = run_command(SCORE)
    assert status == 0 and err == ""
    assert "ihale 7 tuttu" in out and "oyuncu 0: +71  oyuncu 1: +30  oyuncu 2: +20  oyuncu 3: -70" in out
    status, out, err = run_command(RULES)
    assert status == 0 and err == ""
    assert out.startswith("== classic (ihaleli) ==") and "En düşük teklif: 5." in out
    assert "classic kuralları" in out and "Lowest bid" not in out


def test_lang_tr_prints_legal_score_and_rules_in_turkish(capsys: pytest.CaptureFixture[str]) -> None:
    check_turkish(lambda argv: run(capsys, "--lang", "tr", *argv))


def test_lang_may_follow_the_command_and_take_an_equals_sign(capsys: pytest.CaptureFixture[str]) -> None:
    check_turkish(lambda argv: run(capsys, *argv, "--lang=tr"))


def test_lang_from_the_environment(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")
    check_turkish(lambda argv: run(capsys, *argv))


def test_lang_flag_wins_over_the_environment(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "tr_TR.UTF-8")
    status, out, _ = run(capsys, "--lang", "en", *SCORE)
    assert status == 0 and "bid 7 made" in out and "seat 0: +71" in out


def test_english_is_the_default_under_lang_c(capsys: pytest.CaptureFixture[str]) -> None:
    assert os.environ["LANG"] == "C"
    status, out, _ = run(capsys, *LEGAL)
    assert status == 0 and "miniokey: legal Q♣ 4♣" in out and "You must follow suit" in out
    status, out, _ = run(capsys, *SCORE)
    assert status == 0 and "bid 7 made   seat 0: +71  seat 1: +30  seat 2: +20  seat 3: -70" in out
    status, out, _ = run(capsys, *RULES)
    assert status == 0 and out.startswith("== classic (ihaleli) ==") and "Lowest bid: 5." in out


@pytest.mark.parametrize("argv", [["--lang", "klingon", *SCORE], [*SCORE, "--lang=klingon"]])
def test_an_unknown_language_is_refused_with_the_languages_allowed(capsys: pytest.CaptureFixture[str],
                                                                    argv: list[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err == "batak: --lang must be one of en, tr, de, not 'klingon'\n"


def test_lang_without_a_value_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, *SCORE, "--lang")
    assert status == 2 and err == "batak: --lang needs a language: one of en, tr, de\n"


def test_the_language_is_set_for_the_command_only_from_its_own_environment(
        capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "--lang", "de", *SCORE)
    assert active_locale() == "de"  # set once at the start, for the whole command
    status, out, _ = run(capsys, *SCORE)  # the next command reads its environment again: LANG=C
    assert status == 0 and "seat 0: +71" in out and active_locale() == "en"


def test_lang_tr_from_the_shell() -> None:
    """The installed command under a Turkish locale: LANG=tr_TR.UTF-8, as a Turkish terminal sets it."""
    env = {k: v for k, v in os.environ.items() if k not in LANGUAGE_VARIABLES}
    result = subprocess.run([sys.executable, "-m", "batak_core.cli", *SCORE], capture_output=True, text=True,
                            check=False, env={**env, "LANG": "tr_TR.UTF-8", "PYTHONIOENCODING": "utf-8"})
    assert result.returncode == 0, result.stderr
    assert "ihale 7 tuttu" in result.stdout and "oyuncu 0: +71" in result.stdout
    result = subprocess.run([sys.executable, "-m", "batak_core.cli", "--lang", "klingon", *SCORE],
                            capture_output=True, text=True, check=False, env={**env, "LANG": "C"})
    assert result.returncode == 2 and result.stderr == "batak: --lang must be one of en, tr, de, not 'klingon'\n"


def test_help_and_usage_errors_speak_the_language_too(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse's own words (the usage block, "the following arguments are required") come from the
    catalogs as well; in English they are argparse's."""
    status, _, err = run(capsys, "--lang", "tr", "legal")
    assert status == 2 and err.startswith("kullanım: batak legal") and "hata: şu argümanlar gerekli: --hand" in err
    assert main(["--lang", "de", "puzzle", "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Aufruf: batak puzzle") and "diese Hilfe zeigen und beenden" in out
    assert "die Aufgabe über diesen Startwert wählen" in out  # the command's own help texts too
    status, _, err = run(capsys, "legal")
    assert err.startswith("usage: batak legal") and "error: the following arguments are required: --hand" in err
