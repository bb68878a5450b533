"""The double-dummy replay of a stand-in match (``benchmarks/card_play_errors.py``): every trick a
table's declarer ends with is accounted for by the deal's double-dummy count and the tricks each
side's cards gave away."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from batak_core.ai.bots import get
from batak_core.deal import Deal
from batak_core.saving import load_deal, to_json
from tests.conftest import load_benchmark

card_play_errors = load_benchmark("card_play_errors")
outside_style = load_benchmark("outside_style")

pytestmark = pytest.mark.slow  # every table is solved double-dummy from its first trick


def club_table(seed: int) -> str:
    """A deal under the outside bot's rules played out by club bots, saved."""
    deal = Deal.random(outside_style.ruleset("ceo"), seed=seed, dealer=seed % 4)
    bot = get("club")
    while not deal.is_finished:
        deal.act(bot.choose(deal.view(deal.decider)))
    return to_json(deal)


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("match") / "deals.jsonl"
    lines = [json.dumps({"rules": "ceo", "seed": 7, "index": i, "tables": [club_table(2 * i), club_table(2 * i + 1)]})
             for i in range(2)]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_the_declarers_tricks_are_the_double_dummy_count_less_its_errors_plus_the_defenders(saved: Path) -> None:
    checked = 0
    for _seed, _index, record, seats in card_play_errors.tables(saved):
        finished = load_deal(record)
        steps = list(card_play_errors.decisions(record, seats))
        first = steps[0]
        count = max(first.values.values()) if first.declaring else min(first.values.values())
        lost = sum(d.given for d in steps if d.declaring)
        let_through = sum(d.given for d in steps if not d.declaring)
        taken = sum(finished.tricks_won[s] for s in range(4) if s == finished.declarer)
        assert taken == count - lost + let_through
        assert all(d.expert == (d.view.seat in seats) for d in steps)
        checked += 1
    assert checked >= 3  # a table passed out has no card play to judge
    rates = card_play_errors.error_rates(saved)
    decisions = sum(n for key, (_, n) in rates.items() if key[2] == "all tricks")
    assert decisions == sum(n for key, (_, n) in rates.items() if key[2] != "all tricks") > 60


def test_an_early_lead_left_to_the_club_rules_is_the_card_a_club_player_leads(saved: Path) -> None:
    """Club bots played these tables, so the club card is the one played, and gave away as much."""
    rows = card_play_errors.lead_alternatives(saved, playouts=24)
    assert rows, "no early lead was left to the club rules"
    for row in rows:
        assert row["club"] == row["played"]
        assert all(0 <= row[name] <= 13 for name in ("greedy", "shallow"))


@pytest.fixture(scope="module")
def expert_played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One duplicate deal as ``outside_style.py --save-deals`` keeps it (few greedy playouts)."""
    rules = outside_style.ruleset("ceo")
    path = tmp_path_factory.mktemp("match") / "deals.jsonl"
    index = 3
    deal_seed = card_play_errors.derive_seed(7, index)
    tables = [outside_style.play_table(rules, deal_seed, index % 4, seats, 24).record
              for seats in card_play_errors.EXPERT_SEATS]
    path.write_text(json.dumps({"rules": "ceo", "seed": 7, "index": index, "tables": tables}) + "\n")
    return path


def test_the_experts_cards_decided_again_with_its_own_search_are_the_cards_it_played(expert_played: Path) -> None:
    """So a paired comparison of two searches starts from exactly what the expert did."""
    rows = card_play_errors.search_alternative(expert_played, card_play_errors.CARD_SEARCH)
    assert len(rows) > 10
    assert {row["declaring"] for row in rows} == {0, 1}
    assert all(row["played"] == row["shipped"] == row["other"] for row in rows)


def test_a_search_to_compare_is_four_whole_numbers_and_a_wrong_spec_is_refused() -> None:
    search = card_play_errors.parse_search("64,600000,9,3")
    assert search == card_play_errors.CardSearch(64, 600_000, 9, 3)
    refused = card_play_errors.argparse.ArgumentTypeError
    with pytest.raises(refused, match=r"a search is four or five whole numbers \(samples, node budget"):
        card_play_errors.parse_search("64,600000" + "," * 500)
    with pytest.raises(refused, match="samples needs a whole number, not 'many'"):
        card_play_errors.parse_search("many,1,9,3")
    with pytest.raises(refused, match="node budget must be from 0 to 1,000,000,000"):
        card_play_errors.parse_search("8,-1,9,3")
    with pytest.raises(refused, match="exact cards must be from 0 to"):
        card_play_errors.parse_search("8,1000,9" + "9" * 40 + ",3")


def test_search_against_is_printed_when_no_early_lead_was_left_to_the_club_rules(
        expert_played: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Regression: ``--leads`` finding no such lead ended the run before ``--search-against``."""
    monkeypatch.setattr(card_play_errors, "lead_alternatives", lambda path, playouts: [])
    monkeypatch.setattr("sys.argv", ["card_play_errors.py", str(expert_played), "--leads",
                                     "--search-against", "8,300000,9,3"])
    card_play_errors.main()
    out = capsys.readouterr().out
    assert "no early expert lead was left to the club rules" in out
    assert "decided again with CardSearch(samples=8," in out
    assert "declarer: shipped" in out and "defender: shipped" in out
