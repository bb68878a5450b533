"""ScoreSheet: rows and running totals exactly as Game.records has them, and a chart."""

from __future__ import annotations

import re

import batak_core as bc
import widgets
from batak_core.seats import partner


def played_game(name: str, seed: int, variant: str | None = None, **options: object) -> bc.Game:
    game = bc.Game(bc.preset(name, variant, **options), seed=seed)
    bots = [bc.bots.get("random", seed=s) for s in range(4)]
    while True:
        while not game.deal.is_finished:
            seat = game.deal.decider
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


def test_koz_maca_rows_show_tricks_against_announcements() -> None:
    game = played_game("turkish", 3, variant="koz_maca", game_end="fixed_deals", deals=1, deal_choices=())
    sheet = widgets.ScoreSheet()
    sheet.show_game(game)
    record = game.records[0]
    said = re.findall(r'batak-announced">(\d+) / (\w+)<', sheet.table.value)
    assert said == [(str(t), str(a)) for t, a in zip(record.tricks, record.announcements, strict=True)]
    assert "Koz Maça ♠" in sheet.table.value


def test_esli_rows_name_the_declaring_side() -> None:
    game = played_game("turkish", 3, variant="esli", game_end="fixed_deals", deals=1, deal_choices=())
    sheet = widgets.ScoreSheet()
    sheet.show_game(game)
    record = game.records[0]
    assert record.declarer is not None
    mate = partner(record.declarer)
    together = record.tricks[record.declarer] + record.tricks[mate]
    assert f"{sheet.names[record.declarer]} + {sheet.names[mate]} {record.contract}" in sheet.table.value
    assert f"({together} tricks" in sheet.table.value
