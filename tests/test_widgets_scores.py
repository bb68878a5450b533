"""ScoreSheet: rows and running totals exactly as Game.records has them, and a chart."""

from __future__ import annotations

import re

import pytest

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


def deal_rows(sheet: widgets.ScoreSheet) -> list[str]:
    """The sheet's body cut into deals: each from its line in words to the next one."""
    body = sheet.table.value.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return re.split(r'(?=<tr class="(?:batak-thrown-in )?batak-score-row")', body)[1:]


def numbers(row_class: str, deal: str) -> list[int]:
    row = re.search(f'<tr class="{row_class}">(.*?)</tr>', deal)
    assert row, f"no {row_class} row in {deal}"
    return [int(n) for n in re.findall(r"<td[^>]*>(?:<span[^>]*>)?([+-]?\d+)<", row.group(1))]


def test_rows_match_game_records() -> None:
    game = played_game("danish", 2, game_end="fixed_deals", deals=4)  # danish redeals when all pass
    sheet = widgets.ScoreSheet(names=("You", "A", "B", "C"))
    sheet.show_game(game)
    assert "batak-scores" in sheet.table._dom_classes
    deals = deal_rows(sheet)
    assert len(deals) == len(game.records)
    for deal, record in zip(deals, game.records, strict=True):
        if record.thrown_in:
            assert "thrown in" in deal and "batak-deal-points" not in deal
            continue
        assert numbers("batak-deal-points", deal) == list(record.scores)
        assert numbers("batak-running-total", deal) == list(record.totals)
    assert "<polyline" in sheet.chart.value and sheet.chart.value.count("<polyline") == 4
    foot = re.search(r'batak-totals-row.*', sheet.table.value)
    assert foot and [int(t) for t in re.findall(r'batak-total">(-?\d+)<', foot.group(0))] == game.totals


def test_a_deals_points_are_apart_from_the_running_total_under_headed_columns() -> None:
    """Regression: each cell held the deal's points and the total side by side ("+6 13") with no
    heading saying which was which. Now a header row names the players, and every deal has a
    "this deal" row and a "total" row under them."""
    game = played_game("miniokey", 5)
    sheet = widgets.ScoreSheet()
    sheet.show_game(game)
    head = re.search(r"<thead>(.*?)</thead>", sheet.table.value)
    assert head and re.findall(r"<th[^>]*>([^<]*)</th>", head.group(1)) == ["Deal", *sheet.names]
    deals = deal_rows(sheet)
    assert len(deals) == len(game.records) == 5
    for deal, record in zip(deals, game.records, strict=True):
        assert re.search(r'<th scope="row" class="batak-left">this deal</th>', deal)
        assert re.search(r'<th scope="row" class="batak-left">total</th>', deal)
        assert numbers("batak-deal-points", deal) == list(record.scores)
        assert numbers("batak-running-total", deal) == list(record.totals)
        assert record.declarer is not None and record.trump is not None
        made = "made it" if record.made else "went down"
        words = (f"<b>Deal {record.number}:</b> {sheet.names[record.declarer]} bid {record.contract}, "
                 f'<span class="batak-suit-{record.trump.letter}">{record.trump.symbol}</span> '
                 f"{record.trump.plural} trump; took {record.tricks[record.declarer]} and {made}.")
        assert words in deal


def test_a_thrown_in_deal_says_so() -> None:
    game = bc.Game(bc.preset("danish"), seed=2)  # danish deals again when everyone passes
    while game.deal.phase is bc.Phase.AUCTION:
        game.deal.pass_bid()
    assert game.deal.phase is bc.Phase.REDEAL and game.records[-1].thrown_in
    sheet = widgets.ScoreSheet()
    sheet.show_game(game)
    assert "The cards were thrown in and dealt again: nobody scored." in sheet.table.value
    assert "batak-deal-points" not in sheet.table.value


def test_empty_sheet() -> None:
    sheet = widgets.ScoreSheet()
    assert "No deal finished yet" in sheet.table.value and sheet.chart.value == ""


def test_a_sheet_is_for_four_players() -> None:
    with pytest.raises(ValueError, match="four player names"):
        widgets.ScoreSheet(names=("You", "Ayşe"))


def test_koz_maca_rows_show_tricks_against_announcements() -> None:
    game = played_game("turkish", 3, variant="koz_maca", game_end="fixed_deals", deals=1, deal_choices=())
    sheet = widgets.ScoreSheet()
    sheet.show_game(game)
    record = game.records[0]
    said = re.findall(r'batak-announced">(\d+) / (\w+)<', sheet.table.value)
    assert said == [(str(t), str(a)) for t, a in zip(record.tricks, record.announcements, strict=True)]
    assert "everyone announced their tricks" in sheet.table.value and "spades trump" in sheet.table.value
    assert "tricks / announced</th>" in sheet.table.value


def test_esli_rows_name_the_declaring_side() -> None:
    game = played_game("turkish", 3, variant="esli", game_end="fixed_deals", deals=1, deal_choices=())
    sheet = widgets.ScoreSheet()
    sheet.show_game(game)
    record = game.records[0]
    assert record.declarer is not None
    mate = partner(record.declarer)
    together = record.tricks[record.declarer] + record.tricks[mate]
    assert f"{sheet.names[record.declarer]} and {sheet.names[mate]} bid {record.contract}" in sheet.table.value
    assert f"took {together} together" in sheet.table.value
