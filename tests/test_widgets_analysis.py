"""AnalysisBoard: stepping through a valued deal by clicks, the badges, and the game table's button."""

from __future__ import annotations

import asyncio
import html
import re
from typing import Any

import ipywidgets as ipw
import pytest
from test_analysis import analysed, played
from test_widgets_game_table import click_something

import batak_core as bc
import widgets.game_table as game_table
from batak_core.ai.analysis import analyse
from batak_core.teaching.names import SEAT_NAMES
from widgets.analysis import POINTS, AnalysisBoard, badge_text


def shown(widget: ipw.DOMWidget) -> bool:
    return bool(widget.layout.display != "none")


def badges(felt: str) -> list[str]:
    return re.findall(r'<span class="batak-analysis-badge [^"]*">([^<]*)</span>', felt)


def test_clicking_through_a_deal_shows_every_decision_with_its_badges() -> None:
    deal = played("miniokey", "ihaleli", 1)
    result = analysed("miniokey", "ihaleli", 1, None)
    board = AnalysisBoard(deal, result)
    assert "batak-analysis-board" in board._dom_classes and board.previous_button.disabled
    for choice in result.choices:
        assert board.step == choice.number
        felt = board.felt.value
        assert f"Trick {choice.trick}: {html.escape(SEAT_NAMES[choice.seat], quote=False)} to play." in \
            board.header.value
        assert felt.count('class="batak-analysis-card') == len(choice.legal)
        assert felt.count("batak-analysis-played") == 1
        assert badges(felt) == [badge_text(choice.values[c]) for c in choice.legal]
        played_part = felt.split('batak-analysis-played">')[1]
        assert f"batak-card-{choice.played.code} " in played_part.split("</svg>")[0]
        board.next_button.click()
    assert board.next_button.disabled and "The deal is over. Points:" in board.header.value
    board.previous_button.click()
    assert board.step == len(result.choices) - 1


def test_the_slider_jumps_and_a_costly_card_says_what_it_cost() -> None:
    deal = played("miniokey", "ihaleli", 3)
    result = analysed("miniokey", "ihaleli", 3, None)
    board = AnalysisBoard(deal, result)
    costly = [c for c in result.choices if c.loss > 0]
    assert costly, "club bots give away a trick somewhere in this deal"
    board.slider.value = costly[0].number
    lost = costly[0].loss
    assert f"{lost} trick{'s' if lost > 1 else ''} less than the best card" in board.header.value
    assert badge_text(-lost) in badges(board.felt.value)


def test_points_badges_follow_the_rules_scoring() -> None:
    deal = played("classic", "esli", 2)
    result = analysed("classic", "esli", 2)
    board = AnalysisBoard(deal, result)
    assert shown(board.units)
    choice = next(c for c in result.choices if c.points and min(c.points.values()) < 0)
    board.go(choice.number)
    board.units.value = POINTS
    worst = min(choice.points.values())  # type: ignore[union-attr]
    assert f"{badge_text(worst)} pts" in badges(board.felt.value)


def test_an_uncovered_decision_says_so_and_the_note_names_the_tricks() -> None:
    deal = played("miniokey", "ihaleli", 1)
    result = analyse(deal, 20_000, auction_seats=())
    board = AnalysisBoard(deal, result)
    assert shown(board.note) and html.escape(result.note, quote=False) in board.note.value
    assert "This card is not valued" in board.header.value and "batak-analysis-card" not in board.felt.value


def test_a_board_refuses_the_analysis_of_another_deal() -> None:
    with pytest.raises(ValueError, match="another deal"):
        AnalysisBoard(played("miniokey", "ihaleli", 3), analysed("miniokey", "ihaleli", 1, None))


def test_the_game_table_opens_the_board_of_the_deal_just_played(monkeypatch: pytest.MonkeyPatch) -> None:
    boards: list[AnalysisBoard] = []

    def quick_board(deal: bc.Deal, auction_seats: tuple[int, ...], names: tuple[str, ...]) -> AnalysisBoard:
        assert auction_seats == (0,)
        boards.append(AnalysisBoard(deal, analyse(deal, 100_000, auction_seats=()), names=names))
        return boards[-1]

    monkeypatch.setattr(game_table, "AnalysisBoard", quick_board)
    table = game_table.GameTable(bc.preset("miniokey"), bots="random", seed=5, delay=0)
    assert not shown(table.analyse_button) and not shown(table.analysis_box)
    while table.deal.phase is not bc.Phase.OVER:
        click_something(table)
    assert shown(table.analyse_button) and table.analyse_button.description == "Analyse this deal"
    assert boards == [] and not shown(table.analysis_box)
    table.analyse_button.click()
    [board] = boards
    assert board.deal is table.deal and table.analysis_box.children == (board,)
    assert shown(table.analysis_box) and not shown(table.analyse_button)
    assert table.children[-1] is table.analysis_box  # under the table
    table.next_button.click()
    assert not shown(table.analysis_box) and table.analysis_box.children == ()


def test_a_step_sends_the_felt_before_the_header(monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser test once counted badges right after the header changed and found none: the
    header went to the page before the felt. Now a new header means the step's felt is there."""
    deal = played("miniokey", "ihaleli", 1)
    board = AnalysisBoard(deal, analysed("miniokey", "ihaleli", 1, None))
    order: list[str] = []
    original = ipw.Widget._send

    def record(widget: ipw.Widget, msg: dict[str, object], buffers: object = None) -> None:
        state = msg.get("state")
        if msg.get("method") == "update" and isinstance(state, dict) and "value" in state:
            order.append("felt" if widget is board.felt else "header" if widget is board.header else "other")
        original(widget, msg, buffers)

    monkeypatch.setattr(ipw.Widget, "_send", record)
    for _ in range(3):
        board.next_button.click()
    seen = [name for name in order if name in ("felt", "header")]
    assert seen == ["felt", "header"] * 3, seen


@pytest.fixture()
def small_budget_boards(monkeypatch: pytest.MonkeyPatch) -> list[AnalysisBoard]:
    """The game table's analysis boards made with a tiny first budget (so the earliest tricks are
    left to the background search), as with the compiled solver; the boards made, in order."""
    boards: list[AnalysisBoard] = []

    def small_budget_board(deal: bc.Deal, auction_seats: tuple[int, ...], names: tuple[str, ...]) -> AnalysisBoard:
        boards.append(AnalysisBoard(deal, analyse(deal, 3_000, auction_seats=()), names=names))
        return boards[-1]

    monkeypatch.setattr(game_table, "AnalysisBoard", small_budget_board)
    monkeypatch.setattr(game_table, "values_every_trick", lambda: True)
    return boards


def finished_table() -> game_table.GameTable:
    table = game_table.GameTable(bc.preset("miniokey"), bots="club", seed=7, delay=0)
    while table.deal.phase is not bc.Phase.OVER:
        click_something(table)
    return table


def test_the_board_values_its_first_tricks_in_the_background_after_its_budget(
        small_budget_boards: list[AnalysisBoard]) -> None:
    """With the compiled solver the board shows at once what its budget covered, says the earliest
    tricks are on their way, and fills them in from a process of its own: every trick valued."""
    table = finished_table()
    table.analyse_button.click()
    [board] = small_budget_boards
    assert not board.analysis.complete and table._background is not None
    assert "still being worked out" in board.note.value and shown(board.note)
    board.go(0)
    assert not board.analysis.choices[0].valued  # the first card: not valued yet
    table.finish_background(board, (id(table.deal), len(table.deal.history)))
    assert table._background is None and board.analysis.complete and not shown(board.note)
    assert board.analysis.covered == tuple(range(1, 14))
    expected = analyse(table.deal, None, auction_seats=())
    assert [c.values for c in board.analysis.choices] == [c.values for c in expected.choices]
    assert badges(board.felt.value)  # the first card's values are on the board now


def test_the_board_fills_in_trick_by_trick_while_the_background_search_works(
        small_budget_boards: list[AnalysisBoard], monkeypatch: pytest.MonkeyPatch) -> None:
    """A hard deal's earliest tricks take a while: each trick the background finishes goes on the
    board (here every one: no pause between reports), the note still saying the rest is coming."""

    class EveryTrick(game_table.BackgroundCardValues):
        def __init__(self, deal: bc.Deal) -> None:
            super().__init__(deal, progress_every=0)

    monkeypatch.setattr(game_table, "BackgroundCardValues", EveryTrick)
    table = finished_table()
    table.analyse_button.click()
    [board] = small_budget_boards
    key = (id(table.deal), len(table.deal.history))
    seen = [len(board.analysis.covered)]
    while table._background is not None:
        table.background_arrived(board, key)
        if not board.analysis.complete and len(board.analysis.covered) > seen[-1]:
            assert "still being worked out" in board.note.value and shown(board.note)
        seen.append(len(board.analysis.covered))
    assert seen[0] < 12 and seen[-1] == 13 and board.analysis.complete and not shown(board.note)
    grown = sorted(set(seen))
    assert len(grown) >= 3, f"the board jumped from {seen[0]} tricks to all 13 without showing progress: {seen}"
    expected = analyse(table.deal, None, auction_seats=())
    assert [c.values for c in board.analysis.choices] == [c.values for c in expected.choices]


def test_the_background_search_starts_beside_the_boards_budget(
        small_budget_boards: list[AnalysisBoard], monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole deal is searched in the background from the click, not after the board's budget
    ran out: a hard deal's earliest tricks come that much sooner."""
    order: list[str] = []

    class Recorded(game_table.BackgroundCardValues):
        def __init__(self, deal: bc.Deal) -> None:
            order.append("background")
            super().__init__(deal)

    made = game_table.AnalysisBoard

    def board_after(*args: Any, **kwargs: Any) -> AnalysisBoard:
        order.append("board")
        return made(*args, **kwargs)

    monkeypatch.setattr(game_table, "BackgroundCardValues", Recorded)
    monkeypatch.setattr(game_table, "AnalysisBoard", board_after)
    table = finished_table()
    table.analyse_button.click()
    assert order == ["background", "board"]
    assert table._background is not None and not small_budget_boards[0].analysis.complete
    table.finish_background(small_budget_boards[0], (id(table.deal), len(table.deal.history)))
    assert small_budget_boards[0].analysis.complete


def test_a_board_valued_whole_at_once_stops_the_background_search(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[game_table.BackgroundCardValues] = []

    class Recorded(game_table.BackgroundCardValues):
        def __init__(self, deal: bc.Deal) -> None:
            super().__init__(deal)
            started.append(self)

    monkeypatch.setattr(game_table, "BackgroundCardValues", Recorded)
    monkeypatch.setattr(game_table, "values_every_trick", lambda: True)
    monkeypatch.setattr(game_table, "AnalysisBoard", lambda deal, auction_seats, names: AnalysisBoard(
        deal, analyse(deal, None, auction_seats=()), names=names))
    table = finished_table()
    table.analyse_button.click()
    [background] = started
    assert table._background is None and not background._process.is_alive()


def test_a_new_deal_stops_the_background_analysis(small_budget_boards: list[AnalysisBoard]) -> None:
    table = finished_table()
    table.analyse_button.click()
    background = table._background
    assert background is not None
    table.next_button.click()
    assert table._background is None and not background._process.is_alive()


def test_on_the_kernels_event_loop_the_board_fills_in_by_itself(small_budget_boards: list[AnalysisBoard]) -> None:
    """In a kernel nothing calls ``finish_background``: the event loop wakes when the values arrive."""
    table = finished_table()

    async def analyse_and_wait() -> None:
        table.analyse_button.click()  # the board is made a moment later, on the loop
        for _ in range(1200):
            await asyncio.sleep(0.05)
            if small_budget_boards and small_budget_boards[0].analysis.complete:
                return

    asyncio.run(analyse_and_wait())
    [board] = small_budget_boards
    assert board.analysis.complete and table._background is None and not shown(board.note)
