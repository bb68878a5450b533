"""The double-dummy puzzles: every shipped puzzle re-solved, the counts, the themes, step-by-step
solving, the data files' checks and the `batak puzzles` / `batak puzzle` commands."""

from __future__ import annotations

import argparse
import json
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import batak_core as bc
from batak_core.cli.arguments import Parser
from batak_core.cli.puzzles import add_commands
from batak_core.i18n import use_locale
from batak_core.shuffle import derive_seed
from batak_core.teaching import endings, puzzles
from batak_core.teaching.puzzles import Puzzle, PuzzleFileError, Solve

REQUIRED_THEMES = ("overtake-trap", "draw-trumps", "ruff", "overtrump", "cash-out", "keep-entry", "duck", "endplay",
                   "save-trickless", "declarer", "defender")


def shipped() -> tuple[Puzzle, ...]:
    return puzzles.load()


def learner_cards(puzzle: Puzzle) -> list[bc.Card]:
    return [card for pos, card in puzzle.steps() if pos.to_move == 0]


def first(condition: Callable[[Puzzle], bool]) -> Puzzle:
    return next(p for p in shipped() if condition(p))


# --- the shipped file ---------------------------------------------------------------------------


def test_every_shipped_puzzle_is_re_solved_right() -> None:
    started = time.perf_counter()
    wrong = {p.id: problems for p in shipped() if (problems := puzzles.verify(p))}
    assert wrong == {}
    assert time.perf_counter() - started < 120  # about 15 s on a quiet machine (compiled solver)


def test_counts_per_preset_and_variant() -> None:
    per_rules = Counter((p.preset, p.variant) for p in shipped())
    for name in bc.PRESETS:
        assert per_rules[(name, "ihaleli")] >= 300
        for variant in bc.variants_of(name):
            assert per_rules[(name, variant.value)] >= 50, (name, variant)
    header = json.loads(puzzles.PUZZLES_FILE.read_text(encoding="utf-8").splitlines()[0])
    assert header["format"] == "batak-tutor/puzzles" and header["version"] == 1
    assert header["generated_by"].startswith("batak puzzles build")
    assert header["counts"]["total"] == len(shipped())
    assert header["counts"]["rules"] == {f"{n}-{v}": c for (n, v), c in per_rules.items()}


def test_every_theme_is_present_and_lines_go_on() -> None:
    themes = Counter(t for p in shipped() for t in p.themes)
    assert [t for t in REQUIRED_THEMES if not themes[t]] == []
    moves = Counter(p.moves() for p in shipped())
    assert moves[1] and moves[2] and sum(c for m, c in moves.items() if m >= 3)
    assert any(p.mistake for p in shipped()) and not all(p.mistake for p in shipped())
    assert {p.rd for p in shipped()} == {350.0}
    assert len({p.rating for p in shipped()}) > 10  # the rating follows the difficulty


def test_ids_are_stable_and_found_by_id() -> None:
    p = shipped()[0]
    assert re.fullmatch(rf"{p.preset}-{p.variant}-[0-9a-f]{{10}}", p.id), p.id
    assert puzzles.by_id(p.id) is p
    with pytest.raises(ValueError, match="no puzzle has the id"):
        puzzles.by_id("nope-000001")


def test_rebuilding_the_puzzles_moved_learners_first_tries_to_other_puzzles(monkeypatch: pytest.MonkeyPatch) -> None:
    """Regression: ids were numbers in build order, so a build that found one puzzle fewer early on
    (the bots had changed) gave every later puzzle another one's id, and a learner's first tries,
    kept by id, pointed at puzzles they had never seen. An id now comes from the position alone."""
    before, _times = puzzles.generate("miniokey", "ihaleli", 4, seed=0)
    real = puzzles._deal_puzzles
    first_deal = derive_seed(puzzles._job_seed(0, "miniokey", "ihaleli"), 0)
    monkeypatch.setattr(puzzles, "_deal_puzzles",
                        lambda rules, deal_seed: [] if deal_seed == first_deal else real(rules, deal_seed))
    after, _times = puzzles.generate("miniokey", "ihaleli", 4, seed=0)
    same_position = [(a, b) for a in after for b in before if a.start == b.start and a.hands == b.hands]
    assert same_position, "the two builds share no puzzle: the test needs another seed"
    assert all(a.id == b.id for a, b in same_position)
    assert len({p.id for p in (*before, *after)}) == len({(p.hands, p.trick, p.leader) for p in (*before, *after)})


@pytest.mark.parametrize("name,variant", [("miniokey", "ihaleli"), ("turkish", "gommeli"), ("classic", "koz_maca")])
def test_the_shipped_puzzles_are_what_the_generator_makes_from_seed_0(name: str, variant: str) -> None:
    again, _times = puzzles.generate(name, variant, 4, seed=0)
    assert again == tuple(p for p in shipped() if (p.preset, p.variant) == (name, variant))[:4]


def test_load_is_cached() -> None:
    assert puzzles.load() is puzzles.load()


def _live_between(pos: puzzles.Position, a: bc.Card, b: bc.Card) -> bool:
    """A card of a's suit between a and b that another hand holds or the trick shows."""
    others = {c for s in (1, 2, 3) for c in pos.hands[s]} | set(pos.trick)
    low, high = sorted((a.rank, b.rank))
    return any(c.suit == a.suit and low < c.rank < high for c in others)


def test_one_card_keeps_the_best_and_every_other_loses_a_trick() -> None:
    """An independent look at each puzzle's first decision: ``endings.card_values`` (the mover's
    side) and the equivalence written out here."""
    for p in shipped():
        pos = p.start
        values = endings.card_values(p.rules, p.hands, p.trump, p.leader, p.trick, p.won, p.trump_broken)
        right = p.line[0]
        top = max(values.values())
        assert values[right] == top, p.id
        others = [c for c in values if c != right]
        assert others, p.id  # no forced move
        for card in others:
            equivalent = card.suit == right.suit and not _live_between(pos, card, right)
            assert values[card] == top if equivalent else values[card] <= top - 1, (p.id, card)
        assert any(values[c] < top for c in others), p.id


def test_save_trickless_puzzles_are_under_rules_that_punish_it() -> None:
    for p in shipped():
        if "save-trickless" in p.themes:
            assert endings.trickless_penalty(p.rules) and p.won == 0 and p.declarer != 0


def test_turning_the_contract_is_said() -> None:
    declaring = first(lambda p: p.declarer == 0 and p.contract is not None and len(p.hands[0]) >= 3)
    assert declaring.contract is not None
    assert puzzles.outcome(declaring, declaring.contract - 1, declaring.contract) == puzzles.FAILS
    assert puzzles.outcome(declaring, declaring.contract, declaring.contract + 1) is None


# --- solving step by step -----------------------------------------------------------------------


def test_solve_a_one_move_puzzle_right() -> None:
    p = first(lambda p: p.moves() == 1)
    solve = Solve(p)
    assert solve.to_move == 0 and p.line[0] in solve.legal()
    verdict = solve.play(p.line[0])
    assert verdict.correct and verdict.done and solve.solved and not solve.failed and solve.done
    assert verdict.values[p.line[0]] == 0 and min(verdict.values.values()) <= -1
    assert set(verdict.values) == set(Solve(p).legal())
    assert "Right" in verdict.message and p.line[0].label in verdict.message
    assert solve.legal() == []
    with pytest.raises(ValueError, match="over"):
        solve.play(p.line[0])


def test_solve_wrong_card() -> None:
    p = shipped()[0]
    solve = Solve(p)
    scores = puzzles.values(p.rules, p.start)
    wrong = min(scores, key=lambda c: scores[c])
    verdict = solve.play(wrong.code)
    assert not verdict.correct and verdict.done and solve.failed and not solve.solved
    assert verdict.values[wrong] == scores[wrong] - max(scores.values()) <= -1
    assert "Not this time" in verdict.message and p.line[0].label in verdict.message
    assert verdict.replies == ()


def test_solve_a_two_move_puzzle() -> None:
    p = first(lambda p: p.moves() == 2)
    mine = learner_cards(p)
    solve = Solve(p)
    verdict = solve.play(mine[0])
    assert verdict.correct and not verdict.done and not solve.done
    second = p.line.index(mine[1])
    assert verdict.replies == p.line[1:second]
    assert solve.to_move == 0 and mine[1] in solve.legal()
    assert len(solve.hands[0]) == len(p.hands[0]) - 1
    verdict = solve.play(mine[1])
    assert verdict.correct and verdict.done and solve.solved


def test_an_equivalent_card_is_right_too() -> None:
    def has_twin(p: Puzzle) -> bool:
        right = p.line[0]
        return any(c != right and c.suit == right.suit and not _live_between(p.start, c, right)
                   for c in Solve(p).legal())

    p = first(has_twin)
    right = p.line[0]
    twin = next(c for c in Solve(p).legal() if c != right and c.suit == right.suit
                and not _live_between(p.start, c, right))
    assert Solve(p).play(twin).correct


def test_an_illegal_card_is_refused_with_the_reason() -> None:
    p = first(lambda p: len(Solve(p).legal()) < len(p.hands[0]))
    solve = Solve(p)
    illegal = next(c for c in p.hands[0] if c not in solve.legal())
    with pytest.raises(ValueError):
        solve.play(illegal)
    stranger = next(c for c in p.hands[1])
    with pytest.raises(ValueError, match="not in your hand"):
        solve.play(stranger)
    assert not solve.done


def test_verify_finds_a_wrong_line() -> None:
    p = first(lambda p: p.moves() == 1)
    scores = puzzles.values(p.rules, p.start)
    wrong = min(scores, key=lambda c: scores[c])
    broken = Puzzle(**{**p.__dict__, "line": (wrong,)})
    assert puzzles.verify(broken) != []
    assert puzzles.verify(Puzzle(**{**p.__dict__, "themes": ("duck",)})) != []


# --- the data file's checks ---------------------------------------------------------------------


def _lines() -> list[str]:
    return puzzles.PUZZLES_FILE.read_text(encoding="utf-8").splitlines()[:4]


def _file(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "puzzles.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _header(total: int) -> str:
    return json.dumps({"format": "batak-tutor/puzzles", "version": 1, "generated_by": "test",
                       "counts": {"total": total}})


def test_load_reads_a_good_small_file(tmp_path: Path) -> None:
    path = _file(tmp_path, [_header(3), *_lines()[1:]])
    assert [p.id for p in puzzles.load(path)] == [p.id for p in shipped()[:3]]


@pytest.mark.parametrize("damage,message", [
    (lambda lines: ["not json", *lines[1:]], "header is missing or damaged"),
    (lambda lines: [json.dumps({"format": "other", "version": 1}), *lines[1:]], "not a batak-tutor/puzzles file"),
    (lambda lines: [lines[0].replace('"version":1', '"version":9'), *lines[1:]], "version 9"),
    (lambda lines: [_header(3), lines[1], lines[2][:40], lines[3]], "line 3: damaged JSON"),
    (lambda lines: [_header(3), lines[1].replace('"hands":["', '"hands":["ZZ '), *lines[2:]],
     "line 2: 'ZZ' is not a card"),
    (lambda lines: [_header(3), lines[1], lines[2].replace('"trump":"', '"trump":"X'), lines[3]], "line 3"),
    (lambda lines: [_header(3), *lines[1:3]], "the file holds 2"),
    (lambda lines: [_header(3), lines[1], lines[1], lines[2]], "id is used twice"),
    (lambda lines: [_header(3), lines[1].replace('"line":"', '"line":"2S 2S '), *lines[2:]], "line 2"),
    (lambda lines: [_header(3), json.dumps({**json.loads(lines[1]), "trump_broken": not json.loads(lines[1])[
        "trump_broken"]}), *lines[2:]], "an id that is not made from its position"),
])
def test_load_refuses_a_damaged_file(tmp_path: Path, damage: Callable[[list[str]], list[str]],
                                     message: str) -> None:
    lines = _lines()
    with pytest.raises(PuzzleFileError, match=message):
        puzzles.load(_file(tmp_path, damage(lines)))


def test_load_refuses_an_empty_or_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PuzzleFileError, match="empty"):
        puzzles.load(_file(tmp_path, []))
    with pytest.raises(PuzzleFileError, match="cannot be read"):
        puzzles.load(tmp_path / "missing.jsonl")


# --- the bidding trainer's data -------------------------------------------------------------------


def test_bidding_hands_are_shipped_for_every_preset() -> None:
    hands = puzzles.load_bidding()
    per_preset = Counter(h.preset for h in hands)
    assert set(per_preset) == set(bc.PRESETS) and min(per_preset.values()) >= 10
    for h in hands:
        assert len(h.hand) == 13 and abs(sum(h.distribution.values()) - 1) < 1e-9
        assert h.layouts >= 4 and all(0 <= t <= 13 for t in h.distribution)
        assert h.trump in {c.suit for c in h.hand}
        assert min(h.distribution) <= h.mean <= max(h.distribution)


def test_load_bidding_refuses_a_damaged_file(tmp_path: Path) -> None:
    lines = puzzles.BIDDING_FILE.read_text(encoding="utf-8").splitlines()[:2]
    path = tmp_path / "bidding.jsonl"
    path.write_text(lines[0] + "\n" + lines[1].replace('"distribution":{', '"distribution":{"20":0.5,') + "\n")
    with pytest.raises(PuzzleFileError, match="line 2: distribution"):
        puzzles.load_bidding(path)


@pytest.mark.slow
def test_bidding_hand_regenerated_from_its_seed() -> None:
    """The first hand's distribution is what the generator gives again (about 10-30 s: it
    solves the hand's full deals)."""
    header = json.loads(puzzles.BIDDING_FILE.read_text(encoding="utf-8").splitlines()[0])
    words = header["generated_by"].split()
    layouts, seed = int(words[words.index("--layouts") + 1]), int(words[words.index("--seed") + 1])
    again = puzzles.bidding_hands("miniokey", 1, layouts, seed)
    assert again[0] == next(h for h in puzzles.load_bidding() if h.preset == "miniokey")


# --- the commands ---------------------------------------------------------------------------------


def cli(argv: list[str], answers: Iterator[str] | None = None) -> int:
    """Run a command the way ``batak`` runs it (``main`` registers ``add_commands`` the same way)."""
    parser = Parser(prog="batak")
    add_commands(parser.add_subparsers(dest="command", required=True))
    read: Callable[[str], str] = (lambda prompt: next(answers)) if answers is not None else input
    args = parser.parse_args(argv, namespace=argparse.Namespace(read=read))
    status: int = args.func(args)
    return status


def test_build_writes_a_small_file_deterministically(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    argv = ["puzzles", "build", "--presets", "danish", "--per-preset", "3", "--per-variant", "2", "--seed", "7"]
    assert cli([*argv, "--out", str(one)]) == 0
    assert cli([*argv, "--out", str(two), "--workers", "2"]) == 0
    assert one.read_text() == two.read_text()
    built = puzzles.load(one)
    assert Counter((p.preset, p.variant) for p in built) == {("danish", "ihaleli"): 3, ("danish", "esli"): 2}
    assert all(puzzles.verify(p) == [] for p in built)
    header = json.loads(one.read_text().splitlines()[0])
    assert header["generated_by"] == ("batak puzzles build --presets danish --per-preset 3 --per-variant 2 "
                                      "--seed 7")
    assert "5 puzzles written" in capsys.readouterr().out


def test_bidding_command_writes_a_file_load_bidding_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "bidding.jsonl"
    argv = ["puzzles", "bidding", "--presets", "gamelake", "--hands", "1", "--layouts", "1", "--out", str(out)]
    assert cli(argv) == 0
    (hand,) = puzzles.load_bidding(out)
    assert hand.preset == "gamelake" and hand.layouts == 1 and list(hand.distribution.values()) == [1.0]
    assert "gamelake: 1 hands" in capsys.readouterr().out


def test_build_refuses_an_unknown_preset(capsys: pytest.CaptureFixture[str]) -> None:
    from batak_core.cli.arguments import BadArgument

    with pytest.raises(BadArgument, match="--presets takes"):
        cli(["puzzles", "build", "--presets", "poker"])


def test_puzzle_solved_in_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    p = first(lambda p: p.moves() == 2 and p.preset == "miniokey")
    status = cli(["puzzle", "--id", p.id], iter(["ZZ", *(c.code for c in learner_cards(p))]))
    out = capsys.readouterr().out
    assert status == 0
    assert "You:" in out and "Ayşe:" in out and "Zeynep:" in out
    assert "'ZZ' is not a card" in out
    assert out.count("Right:") == 2 and "That solves the puzzle" in out and "Then:" in out
    assert "Each card against the best:" in out and f"{p.line[0].label} =" in out


def test_puzzle_wrong_answer_in_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    p = first(lambda p: p.preset == "classic" and p.variant == "esli" and p.declarer == 2)
    scores = puzzles.values(p.rules, p.start)
    wrong = min(scores, key=lambda c: scores[c])
    status = cli(["puzzle", "--id", p.id], iter([wrong.code]))
    out = capsys.readouterr().out
    assert status == 0 and "your partner Mehmet is the declarer" in out
    assert f"Not this time: {wrong.label}" in out and "Right:" not in out


def test_puzzle_chosen_by_rules_theme_and_seed(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["puzzle", "--rules", "danish", "--theme", "overtake-trap", "--seed", "5"], iter(["quit"])) == 0
    out = capsys.readouterr().out
    assert "danish ihaleli" in out and "Overtake or not" in out
    shown = out.split("Puzzle ", 1)[1].split(" ", 1)[0]
    assert "overtake-trap" in puzzles.by_id(shown).themes


def test_puzzle_quit_and_end_of_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["puzzle", "--rules", "turkish", "--variant", "gommeli"], iter(["quit"])) == 0
    assert "Puzzle stopped." in capsys.readouterr().out

    def ended() -> Iterator[str]:
        raise EOFError
        yield ""

    assert cli(["puzzle"], ended()) == 1


@pytest.mark.parametrize("language", ["tr", "de"])
def test_puzzle_cards_are_typed_as_the_languages_cards_show_them(language: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Regression: in Turkish the table shows the queen as K♠ (kız), but the command read "KS" as the
    king. A card is typed with the face letters the learner sees (Turkish A P K V, German A K D B)."""
    p = first(lambda p: p.moves() == 2 and any(c.rank in (12, 13) for c in learner_cards(p)))
    with use_locale(language):
        typed = [c.typed for c in learner_cards(p)]
        assert typed != [c.code for c in learner_cards(p)]  # at least one face letter differs from English
        status = cli(["puzzle", "--id", p.id], iter(typed))
    out = capsys.readouterr().out
    assert status == 0 and "bir kart değil" not in out and "keine Karte" not in out
    assert out.count("Doğru:" if language == "tr" else "Richtig:") == 2
