"""The stand-in for the outside bot (``benchmarks/outside_style.py``): its quick open-hand table
follows the engine's rules card for card, and it plays whole deals legally in every preset."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from batak_core.ai import native
from batak_core.ai.bots import get
from batak_core.cards import CARDS, mask_of
from batak_core.deal import Deal, Phase
from batak_core.rules import PRESETS
from tests.conftest import load_benchmark

outside_style = load_benchmark("outside_style")


def _to_first_card(rules_name: str, seed: int) -> Deal:
    deal = Deal.random(outside_style.ruleset(rules_name), seed=seed, dealer=seed % 4)
    bots = [get("club", seed=seed * 4 + s) for s in range(4)]
    while not deal.is_finished and deal.phase is not Phase.PLAY:
        seat = deal.decider
        assert seat is not None
        deal.act(bots[seat].choose(deal.view(seat)))
    return deal


@pytest.mark.parametrize("rules_name", [*PRESETS, "ceo"])
def test_the_greedy_playout_table_allows_exactly_the_engines_cards(rules_name: str) -> None:
    """The playouts run on a bitmask table of their own; at every card of a greedy playout it
    must allow what the engine allows, and count the same tricks."""
    played = 0
    for seed in range(40):
        deal = _to_first_card(rules_name, seed)
        if deal.is_finished:
            continue  # passed out under a rule that throws the cards in
        if played >= 4 * 48:
            break
        assert deal.declarer is not None and deal.trump is not None
        table = outside_style.fresh_table(deal.rules, tuple(deal.hand_mask(s) for s in range(4)),
                                          deal.to_move, int(deal.trump))
        while not deal.is_finished:
            assert table.legal() == mask_of(deal.legal_plays()), f"seed {seed}, trick {len(deal.tricks) + 1}"
            card = outside_style.greedy_card(table)
            assert table.legal() >> card & 1
            deal.play(CARDS[card])
            table.play(card)
            played += 1
        assert table.won == deal.tricks_won
    assert played >= 4 * 48


def test_a_duplicate_deal_of_the_stand_in_against_the_expert_is_legal_and_counted() -> None:
    """Both tables of one duplicate deal under the outside bot's rules, the stand-in playing its
    own cards by greedy Monte Carlo: every call, trump and card it makes passes the engine."""
    rules = outside_style.ruleset("ceo")
    result = outside_style.duplicate((rules, 7, 1, 120))
    assert 0 <= result.expert_bids <= 4 and 0 <= result.stand_in_bids <= 4
    assert 0 <= result.passed_out <= 2
    first = outside_style.play_table(rules, 11, 0, (0, 2), 120)
    assert len(first.points) == 4 and first.calls


def test_card_play_is_split_by_role_only_where_the_auctions_were_alike() -> None:
    """Seat 1 declares at both tables; the expert sits there at the second table (seats 1 and 3)."""
    calls = ((0, 0), (1, 5), (2, 0), (3, 0))
    def table(tricks: tuple[int, int, int, int], table_calls: tuple[tuple[int, int], ...] = calls) -> Any:
        return outside_style.TableResult((0, 0, 0, 0), (False,) * 4, False, table_calls, 1, tricks)
    first, second = table((3, 5, 2, 3)), table((2, 7, 3, 1))
    assert outside_style.seat_tricks(first, second) == (7 - 5, (3 - 2, 2 - 3, 1 - 3))
    other = table((2, 7, 3, 1), ((0, 0), (1, 6), (2, 0), (3, 0)))
    assert outside_style.seat_tricks(first, other) == (None, ())


@pytest.mark.parametrize("rules_name", [name for name in [*PRESETS, "ceo"]
                                        if native.supports(outside_style.ruleset(name))])
def test_the_native_greedy_playouts_end_exactly_as_the_python_policy(rules_name: str) -> None:
    """The stand-in's playouts run in the native core where it plays the rules; from positions
    at every point of a trick, after each legal card and as it stands, each seat's tricks there
    must be the reference ``play_out``'s."""
    rules = outside_style.ruleset(rules_name)
    rng = random.Random(rules_name)
    checked = 0
    for seed in range(100):
        deal = _to_first_card(rules_name, seed)
        if deal.is_finished:
            continue  # passed out under a rule that throws the cards in
        if checked == 30:
            break
        assert deal.trump is not None
        table = outside_style.fresh_table(rules, tuple(deal.hand_mask(s) for s in range(4)), deal.to_move,
                                          int(deal.trump))
        stop = rng.randrange(0, 48)
        for _ in range(stop):  # a random legal walk to a position somewhere in the deal
            legal = [c for c in range(52) if table.legal() >> c & 1]
            table.play(rng.choice(legal))
        legal = [c for c in range(52) if table.legal() >> c & 1]
        expected = {}
        for card in legal:
            trial = table.copy()
            trial.play(card)
            expected[card] = outside_style.play_out(trial)
        assert outside_style.after_each(table.copy(), legal) == expected, f"seed {seed}, {stop} cards in"
        assert outside_style.finish(table.copy()) == outside_style.play_out(table.copy())
        checked += 1
    assert checked == 30


def test_a_later_run_with_first_extends_a_match_deal_for_deal(monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """``--first 600`` plays deals 600 on, so two runs together are one longer match."""
    played = []
    def fake_duplicate(job: tuple[Any, int, int, int]) -> Any:
        played.append(job[2])
        return outside_style.DealResult(float(job[2]), 0, 0, 0, True, None, ())
    monkeypatch.setattr(outside_style, "duplicate", fake_duplicate)
    monkeypatch.setattr("sys.argv", ["outside_style.py", "--first", "600", "--deals", "3"])
    outside_style.main()
    assert played == [600, 601, 602]
    assert "+601.00 points per deal" in capsys.readouterr().out


@pytest.mark.parametrize(("option", "value"), [("--first", "-3"), ("--first", "x"), ("--deals", "0")])
def test_a_negative_first_deal_or_no_deals_is_refused_with_a_message(option: str, value: str,
                                                                      monkeypatch: pytest.MonkeyPatch,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.argv", ["outside_style.py", option, value])
    with pytest.raises(SystemExit) as stopped:
        outside_style.main()
    assert stopped.value.code == 2
    assert option in capsys.readouterr().err


@pytest.fixture(scope="module")
def two_saved_deals(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, list[Any]]:
    """Deals 5 and 6 of seed 7, played (the stand-in with the expert's cards, the quick way) and
    kept in a ``--save-deals`` file by two runs, as a long match is played in parts."""
    saved = tmp_path_factory.mktemp("match") / "deals.jsonl"
    played = []
    for first in (5, 6):
        outside_style.play_match("ceo", 7, range(first, first + 1), 1, 0, saved)
        played.append(outside_style.duplicate((outside_style.ruleset("ceo"), 7, first, 0)))
    return saved, played


def test_a_match_kept_in_parts_is_read_back_as_the_one_match_that_was_played(
        two_saved_deals: tuple[Any, list[Any]]) -> None:
    saved, played = two_saved_deals
    match = outside_style.saved_matches([saved])[("ceo", 7)]
    assert sorted(match) == [5, 6]
    assert [match[5], match[6]] == played


def test_the_report_of_saved_deals_and_their_pairing_with_themselves(
        two_saved_deals: tuple[Any, list[Any]], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    saved, played = two_saved_deals
    mean = (played[0].diff + played[1].diff) / 2
    monkeypatch.setattr("sys.argv", ["outside_style.py", "--report", str(saved)])
    outside_style.main()
    out = capsys.readouterr().out
    assert out.startswith("miniokey, a trickless defender losing 10 x the bid, seed 7, deals 5..6: "
                          f"expert - stand-in {mean:+.2f} points per deal and seat")
    assert "2 deals\n" in out
    monkeypatch.setattr("sys.argv", ["outside_style.py", "--report", str(saved), "--before", str(saved)])
    outside_style.main()
    assert capsys.readouterr().out.startswith(
        "miniokey, a trickless defender losing 10 x the bid, seed 7, deals 5..6: after - before +0.00 "
        "(+0.00..+0.00) points per deal and seat over 2 deals (2 played exactly alike)")


def test_pairing_two_versions_counts_only_the_deals_both_played() -> None:
    def result(diff: float, record: str) -> Any:
        return outside_style.DealResult(diff, 0, 0, 0, True, None, (), (record, record))
    before = {1: result(2.0, "a"), 2: result(-1.0, "b"), 3: result(4.0, "c")}
    after = {2: result(1.0, "x"), 3: result(4.0, "c"), 4: result(9.0, "d")}
    text = outside_style.paired(before, after)
    assert text.startswith("after - before +1.00 (")
    assert "over 2 deals (1 played exactly alike)" in text
    assert outside_style.paired(before, {}) == "no deal in common"


def test_a_save_file_mixing_two_versions_of_the_bots_is_refused(
        two_saved_deals: tuple[Any, list[Any]], tmp_path: Any) -> None:
    """Extending a match with another version of the expert would report a blend of the two."""
    saved, _ = two_saved_deals
    fifth, sixth = (json.loads(line) for line in saved.read_text().splitlines())
    line = {**fifth, "tables": sixth["tables"]}  # deal 5 kept again, played some other way
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text(saved.read_text() + json.dumps(line) + "\n")
    with pytest.raises(outside_style.BadSavedDeals, match="line 3: deal 5 of ceo, seed 7, was kept before"):
        outside_style.saved_matches([mixed])


@pytest.mark.parametrize(("text", "why"), [
    ("not json " + "x" * 500, "line 1 is not a duplicate deal saved by --save-deals"),
    ('{"rules": "ceo", "seed": 7, "index": 1, "tables": ["{}", "{}"]}', "line 1 is not a duplicate deal"),
    ('{"rules": "ceo", "seed": 7, "index": 1}', "line 1 is not a duplicate deal"),
    ('{"rules": "ceo", "seed": 7, "index": "1", "tables": [1, 2]}', "line 1 is not a duplicate deal"),
    ("[" * 100_000, "line 1 is not a duplicate deal"),
])
def test_a_broken_save_file_is_refused_with_its_line_and_a_short_quote(text: str, why: str, tmp_path: Any,
                                                                        monkeypatch: pytest.MonkeyPatch,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.jsonl"
    broken.write_text(text + "\n")
    monkeypatch.setattr("sys.argv", ["outside_style.py", "--report", str(broken)])
    with pytest.raises(SystemExit) as stopped:
        outside_style.main()
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and why in err
    assert len(err) < 400


def test_before_without_a_report_is_refused(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.argv", ["outside_style.py", "--before", "a.jsonl"])
    with pytest.raises(SystemExit):
        outside_style.main()
    assert "give --report too" in capsys.readouterr().err
