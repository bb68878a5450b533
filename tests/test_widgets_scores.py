"""ScoreSheet: rows and running totals exactly as Game.records has them, and a chart."""

from __future__ import annotations

import re

import batak_core as bc
import widgets


def played_game(name: str, seed: int, **options: object) -> bc.Game:
    game = bc.Game(bc.preset(name, **options), seed=seed)
    bots = [bc.bots.get("random", seed=s) for s in range(4)]
    while True:
        while not game.deal.is_finished:
            seat = game.deal.to_move
            assert seat is not None
            game.deal.act(bots[seat].choose(game.deal.view(seat)))
        if game.is_over:
            return game
        game.next_deal()


def test_rows_match_game_records() -> None:
    game = played_game("danish", 2, game_end="fixed_deals", deals=4)  # danish redeals when all pass
    sheet = widgets.ScoreSheet(names=("You", "A", "B", "C"))
    sheet.show_game(game)
    assert "batak-scores" in sheet.table._dom_classes
    rows = re.findall(r'<tr class="(?:batak-thrown-in )?batak-score-row".*?</tr>', sheet.table.value)
    assert len(rows) == len(game.records)
    for row, record in zip(rows, game.records, strict=True):
        if record.thrown_in:
            assert "thrown in" in row
            continue
        totals = [int(t) for t in re.findall(r'class="batak-total">(-?\d+)<', row)]
        points = [int(p) for p in re.findall(r'batak-points[^"]*">([+-]\d+)<', row)]
        assert totals == list(record.totals) and points == list(record.scores)
    assert "<polyline" in sheet.chart.value and sheet.chart.value.count("<polyline") == 4
    foot = re.search(r'batak-totals-row.*', sheet.table.value)
    assert foot and [int(t) for t in re.findall(r'batak-total">(-?\d+)<', foot.group(0))] == game.totals


def test_empty_sheet() -> None:
    sheet = widgets.ScoreSheet()
    assert "No deal finished yet" in sheet.table.value and sheet.chart.value == ""
