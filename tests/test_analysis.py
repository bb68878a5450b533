"""The analysis board's numbers (batak_core.ai.analysis) and `batak analyse`: every legal card of
every decision valued against the solver, budgets covering tricks from the end, every variant."""

from __future__ import annotations

import argparse
from functools import cache
from pathlib import Path

import pytest

import batak_core as bc
from batak_core import ActionKind, Deal, Phase
from batak_core.ai import analysis, native
from batak_core.ai.analysis import DealAnalysis, analyse, solve_cards
from batak_core.ai.bots.bidding import auction_review
from batak_core.ai.match import play_out
from batak_core.ai.solver import Position, solve_position
from batak_core.cli.analyse import add_commands, value_text
from batak_core.cli.arguments import BadArgument, Parser
from batak_core.rules import VARIANTS
from batak_core.saving import to_json
from batak_core.scoring import declarer_points, defender_points

FORMS = [(name, "ihaleli") for name in bc.PRESETS] + [(name, v.value) for (name, v) in VARIANTS]
BUDGET = 150_000
"""Enough for the later tricks of a deal, not for all of them: keeps the variant tests quick."""


@cache
def played(name: str, variant: str, seed: int) -> Deal:
    """A deal played to the end by club bots (the first seed from ``seed`` on that is not thrown in)."""
    while True:
        deal = Deal.random(bc.preset(name, variant), seed=seed, dealer=seed % 4)
        play_out(deal, ("club",) * 4, seed)
        if deal.phase is Phase.OVER:
            return deal
        seed += 1


@cache
def analysed(name: str, variant: str, seed: int, budget: int | None = BUDGET) -> DealAnalysis:
    return analyse(played(name, variant, seed), budget, auction_seats=())


def before(deal: Deal, number: int) -> Deal:
    """The deal replayed up to its ``number``-th card (0 up), that card not yet played."""
    replay = Deal(deal.rules, [deal.initial_hand(s) for s in range(4)], deal.dealer, kitty=deal.kitty)
    cards = 0
    for action in deal.history:
        if action.kind is ActionKind.PLAY:
            if cards == number:
                return replay
            cards += 1
        replay.act(action)
    raise AssertionError(f"the deal has only {cards} cards played")


def expected_values(deal: Deal, number: int) -> dict[bc.Card, int]:
    """The solver's own values of the decision, relative to the best for the seat's side."""
    replay = before(deal, number)
    seat = replay.to_move
    assert seat is not None
    pos = Position.of_deal(replay, 1 << seat if deal.rules.announcements else None)
    solution = solve_position(pos)
    counting = pos.side >> seat & 1
    best = solution.tricks
    return {c: (v - best if counting else best - v) for c, v in solution.card_values.items()}


def test_values_match_the_solver_at_sample_decisions_from_the_first_trick() -> None:
    deal = played("miniokey", "ihaleli", 1)
    result = analysed("miniokey", "ihaleli", 1, None)
    assert result.complete and result.covered == tuple(range(1, 14)) and result.note == ""
    chosen = [c for c in result.choices if len(c.legal) > 1]
    samples = [chosen[0], chosen[len(chosen) // 2], chosen[-1]]
    for choice in samples:
        assert choice.values == expected_values(deal, choice.number), choice


def test_every_card_played_is_recorded_with_its_legal_cards_and_position() -> None:
    deal = played("classic", "ihaleli", 2)
    result = analysed("classic", "ihaleli", 2, None)
    plays = [a.card for a in deal.history if a.kind is ActionKind.PLAY]
    assert [c.played for c in result.choices] == plays and len(plays) == 52
    for choice in result.choices[::7]:
        replay = before(deal, choice.number)
        assert choice.seat == replay.to_move
        assert choice.legal == tuple(replay.legal_plays()) and set(choice.values) == set(choice.legal)
        assert choice.hands == tuple(tuple(replay.hand(s)) for s in range(4))
        assert choice.in_trick == tuple(replay.current_trick) and choice.trick == len(replay.tricks) + 1


def test_relative_values_are_never_above_zero_and_a_best_card_is_zero() -> None:
    for seed in (1, 3):
        result = analysed("miniokey", "ihaleli", seed, None)
        for choice in result.choices:
            assert max(choice.values.values()) == 0 and all(v <= 0 for v in choice.values.values())
            assert choice.loss == -choice.values[choice.played] >= 0
            if choice.points is not None:
                assert max(choice.points.values()) == 0


def test_points_are_the_declarers_score_on_the_solved_tricks() -> None:
    deal = played("miniokey", "ihaleli", 1)
    result = analysed("miniokey", "ihaleli", 1, None)
    assert deal.declarer is not None and deal.contract is not None
    rules, contract = deal.rules, deal.contract
    for choice in result.choices:
        if len(choice.legal) == 1:
            continue
        if choice.seat != deal.declarer:
            assert choice.points is None  # a lone defender's points depend on how the defence shares
            continue
        replay = before(deal, choice.number)
        solution = solve_position(Position.of_deal(replay))
        scores = {c: declarer_points(rules, contract, v) for c, v in solution.card_values.items()}
        assert choice.points == {c: s - max(scores.values()) for c, s in scores.items()}


def test_a_budget_covers_tricks_from_the_end_and_says_which() -> None:
    full = analysed("miniokey", "ihaleli", 1, None)
    cut = analyse(played("miniokey", "ihaleli", 1), 20_000, auction_seats=())
    assert not cut.complete and cut.covered and cut.covered[-1] == 13
    assert cut.covered == tuple(range(cut.covered[0], 14)) and cut.covered[0] > 1
    first = cut.covered[0]
    assert cut.note.startswith(f"Tricks {first} to 13 are valued; the first ")
    assert "would take longer than this machine allows here" in cut.note
    for choice in cut.choices:
        if choice.trick >= first:
            assert choice.values == full.choices[choice.number].values
    assert any(not c.valued for c in cut.choices if c.trick < first)
    assert analyse(played("miniokey", "ihaleli", 1), 20_000, auction_seats=()).covered == cut.covered


def test_no_budget_at_all_values_only_the_forced_last_trick() -> None:
    result = analyse(played("miniokey", "ihaleli", 1), 0, auction_seats=())
    last = max(c.trick for c in result.choices if len(c.legal) > 1)
    assert result.covered == tuple(range(last + 1, 14)) and not result.complete
    scope = "Trick 13 is" if last == 12 else f"Tricks {last + 1} to 13 are"
    words = {12: "twelve", 11: "eleven", 10: "ten", 9: "nine"}
    assert result.note == f"{scope} valued; the first {words[last]} would take longer than this machine allows here."


@pytest.mark.parametrize(("name", "variant"), FORMS)
def test_every_preset_and_variant(name: str, variant: str) -> None:
    deal = played(name, variant, 4)
    result = analysed(name, variant, 4)
    rules = deal.rules
    assert result.covered and result.covered[-1] == rules.tricks_per_deal
    assert len(result.choices) == 4 * rules.tricks_per_deal
    for choice in result.choices:
        if choice.valued:
            assert max(choice.values.values()) == 0 and set(choice.values) == set(choice.legal)
    later = [c for c in result.choices if c.trick in result.covered and len(c.legal) > 1]
    assert later, "the budget should reach a real decision"
    sample = later[0]
    assert sample.values == expected_values(deal, sample.number)
    if rules.announcements or rules.partnership:
        assert all(c.points is not None for c in later)  # own tricks, or a side's: the score follows


@pytest.mark.skipif(not native.built(), reason="the native solver is not built here")
@pytest.mark.parametrize(("name", "variant"), FORMS)
def test_the_native_values_are_the_searchs_in_every_preset_and_variant(
        name: str, variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The board values a deal with the native solver, a context kept per side: on three deals
    of every form, each decision both searches reach has the same values as with ``Search``."""
    for seed in (5, 6, 7):
        deal = played(name, variant, seed)
        in_native, _stopped = solve_cards(deal, 400_000)
        with monkeypatch.context() as patch:
            patch.setattr(native, "supports", lambda rules: False)
            in_python, _stopped = solve_cards(deal, BUDGET)
        both = set(in_native) & set(in_python)
        assert len(both) >= 8, (name, variant, seed, len(both))
        assert all(in_native[number] == in_python[number] for number in both), (name, variant, seed)


def test_the_board_budget_is_in_native_nodes_where_the_native_solver_is_built(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis, "IN_BROWSER", False)
    monkeypatch.setattr(native, "built", lambda: True)
    assert analysis.board_budget() == analysis.NATIVE_NODES and analysis.values_every_trick()
    monkeypatch.setattr(native, "built", lambda: False)
    assert analysis.board_budget() in (analysis.COMPILED_NODES, analysis.PURE_PYTHON_NODES)


def test_koz_maca_values_each_players_own_tricks() -> None:
    deal = played("classic", "koz_maca", 2)
    result = analysed("classic", "koz_maca", 2)
    for choice in [c for c in result.choices if c.valued and len(c.legal) > 1][:6]:
        replay = before(deal, choice.number)
        own = solve_position(Position.of_deal(replay, 1 << choice.seat))
        assert choice.values == {c: v - own.tricks for c, v in own.card_values.items()}


def test_esli_defenders_are_valued_in_their_sides_points() -> None:
    deal = played("classic", "esli", 2)
    result = analysed("classic", "esli", 2)
    assert deal.declarer is not None and deal.contract is not None
    defence = [c for c in result.choices if c.valued and len(c.legal) > 1 and c.seat % 2 != deal.declarer % 2]
    assert defence
    for choice in defence[:4]:
        solution = solve_position(Position.of_deal(before(deal, choice.number)))
        scores = {c: defender_points(deal.rules, deal.contract, 13 - v) for c, v in solution.card_values.items()}
        assert choice.points == {c: s - max(scores.values()) for c, s in scores.items()}


def test_the_auction_is_judged_by_the_bots_review() -> None:
    deal = played("miniokey", "ihaleli", 1)
    result = analyse(deal, 0, auction_seats=(0, deal.declarer or 0), auction_nodes=200_000)
    for seat in range(4):
        if seat in (0, deal.declarer):
            assert result.auction[seat] == auction_review(deal, seat, node_budget=200_000)
        else:
            assert result.auction[seat] is None


def test_a_deal_still_being_played_is_valued_up_to_its_last_card() -> None:
    deal = before(played("miniokey", "ihaleli", 1), 30)
    result = analyse(deal, BUDGET, auction_seats=())
    assert len(result.choices) == 30 and result.choices[-1].trick == 8


def test_a_deal_in_the_auction_has_nothing_to_value() -> None:
    result = analyse(Deal.random(bc.preset("miniokey"), seed=1), auction_seats=())
    assert result.choices == () and result.note == "No card has been played yet: there is nothing to value."


def test_bad_arguments_say_what_is_allowed() -> None:
    with pytest.raises(ValueError, match="analyse needs a Deal"):
        analyse("not a deal")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="node_budget must be"):
        analyse(played("miniokey", "ihaleli", 1), -1)
    with pytest.raises(ValueError, match=r"auction_seats must be seats 0\.\.3"):
        analyse(played("miniokey", "ihaleli", 1), 0, auction_seats=(4,))


# --- batak analyse ---------------------------------------------------------------------------------

def run(argv: list[str]) -> int:
    """The subcommand as ``batak`` runs it."""
    parser = Parser(prog="batak")
    add_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    status: int = args.func(args)
    return status


def test_the_cli_prints_every_trick_with_the_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deal = played("miniokey", "ihaleli", 1)
    path = tmp_path / "deal.json"
    path.write_text(to_json(deal), encoding="utf-8")
    assert run(["analyse", str(path), "--no-auction"]) == 0
    out = capsys.readouterr().out
    result = analysed("miniokey", "ihaleli", 1, None)
    assert out.startswith("Deal analysis, miniokey rules.")
    for trick in range(1, 14):
        assert f"Trick {trick} (" in out
    worst = min((c for c in result.choices if len(c.legal) > 1), key=lambda c: min(c.values.values()))
    worst_card = min(worst.values, key=worst.values.__getitem__)
    assert f"{worst_card.label} {value_text(worst.values[worst_card])}" in out
    assert value_text(0) == "=" and value_text(-2) == "\u22122"


def test_the_cli_analyses_a_chosen_deal_of_a_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = bc.Game(bc.preset("danish"), seed=3)
    play_out(game.deal, ("random",) * 4, 1)
    first = game.deal
    game.next_deal()
    play_out(game.deal, ("random",) * 4, 2)
    path = tmp_path / "game.json"
    path.write_text(to_json(game), encoding="utf-8")
    assert run(["analyse", str(path), "--deal", "1", "--no-auction"]) == 0
    out = capsys.readouterr().out
    first_card = next(a.card for a in first.history if a.kind is ActionKind.PLAY)
    assert "Trick 1 (" in out
    assert first_card.label in out.split("Trick 2 (")[0]
    with pytest.raises(BadArgument, match="--deal: the game has 2 deals; choose 1 to 2, not 5"):
        run(["analyse", str(path), "--deal", "5"])


@pytest.mark.parametrize(("content", "message"), [
    (None, "cannot read"),
    ("not json", "deal.json: "),
    ('{"format": "something else"}', "deal.json: "),
])
def test_a_bad_file_gets_one_line(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "deal.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(BadArgument, match=message) as caught:
        run(["analyse", str(path)])
    assert "\n" not in str(caught.value)


def test_the_subcommand_is_registered_with_its_flags() -> None:
    parser = Parser(prog="batak")
    add_commands(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["analyse", "x.json", "--deal", "2"])
    assert isinstance(args, argparse.Namespace) and args.deal == 2 and args.file == "x.json"


def test_batak_analyse_runs_through_the_batak_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from batak_core.cli.main import main

    path = tmp_path / "deal.json"
    path.write_text(to_json(played("classic", "ihaleli", 2)), encoding="utf-8")
    assert main(["analyse", str(path), "--no-auction"]) == 0
    assert capsys.readouterr().out.startswith("Deal analysis, classic rules.")
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    assert main(["analyse", str(tmp_path / "broken.json")]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_batak_analyse_values_every_trick_with_the_compiled_solver(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the solver is compiled the terminal has no budget: every trick is valued, and it
    says first that a hard deal takes a while; in pure Python the board's budget applies."""
    import batak_core.cli.analyse as cli_analyse

    budgets: list[int | None] = []
    real = cli_analyse.analyse

    def spy(deal: Deal, node_budget: int | None = None, **kwargs: object) -> DealAnalysis:
        budgets.append(node_budget)
        return real(deal, node_budget, auction_seats=())

    monkeypatch.setattr(cli_analyse, "analyse", spy)
    path = tmp_path / "deal.json"
    path.write_text(to_json(played("miniokey", "ihaleli", 1)), encoding="utf-8")
    from batak_core.cli.main import main

    monkeypatch.setattr(cli_analyse, "values_every_trick", lambda: True)
    assert main(["analyse", str(path), "--no-auction"]) == 0
    out, err = capsys.readouterr()
    assert budgets == [cli_analyse.BACKGROUND_NODES] and "a hard deal can take a few minutes" in err
    assert out.startswith("Deal analysis, miniokey rules.")
    monkeypatch.setattr(cli_analyse, "values_every_trick", lambda: False)
    assert main(["analyse", str(path), "--no-auction"]) == 0
    assert budgets[1] == cli_analyse.board_budget() and capsys.readouterr().err == ""
