"""The start page: every page of the course in the menu, completed lessons, overall progress, games played."""

from __future__ import annotations

from pathlib import Path

import pytest

import batak_core as bc
from batak_core.teaching.lessons import EXTRAS, LESSONS
from batak_core.teaching.progress import Progress
from widgets import course


@pytest.fixture(autouse=True)
def progress_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.json"
    monkeypatch.setenv("BATAK_PROGRESS", str(path))
    return path


def test_the_menu_links_every_lesson_and_the_glossary_in_order() -> None:
    menu = course.StartPage().menu.value
    places = [menu.index(f'href="{page.file}"') for page in (*LESSONS, *EXTRAS)]
    assert places == sorted(places)
    assert "0 of 16 lessons completed" in course.StartPage().overall.value


def test_a_lesson_shows_completed_once_a_round_ends_with_4_of_5() -> None:
    progress = Progress.load()
    for right in (True, True, True, False, False):
        progress.record("trump", right, "winner")
    progress.finish_round("trump", 3, 5)
    page = course.StartPage()
    assert "✓ completed" not in page.menu.value and "0 of 16 lessons completed" in page.overall.value
    progress.finish_round("trump", 4, 5)
    page = course.StartPage()
    row = page.menu.value.split('data-lesson="trump"')[1].split("</tr>")[0]
    assert "✓ completed" in row and "3 of 5 right" in row
    assert "1 of 16 lessons completed" in page.overall.value and "3 of 5 answers right" in page.overall.value


def test_games_played_show_on_the_start_page() -> None:
    assert "0 games played" in course.StartPage().overall.value
    Progress.load().record_game()
    page = course.StartPage()
    assert "1 game played" in page.overall.value
    row = page.menu.value.split('data-lesson="games"')[1].split("</tr>")[0]
    assert "1 game played" in row


def test_the_key_rules_mark_classic_s_inferred_penalties_as_inferred() -> None:
    page = course.StartPage()
    page.chooser.value = "classic"
    note = page.rules_note.value
    assert "loses 10 × the bid" in note and "inferred" in note
    page.chooser.value = "miniokey"
    assert "inferred" not in page.rules_note.value.split("A declarer who fails")[1].split("</li>")[0]


def test_a_game_played_to_its_end_in_the_last_lesson_counts_on_the_start_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.test_widgets_game_table import play_to_end
    from widgets.course import demos

    monkeypatch.setattr(demos, "current_rules", lambda: bc.preset("classic", deals=1))
    table = course.full_game(delay=0)
    play_to_end(table)
    assert Progress.load().games == 1
    assert "1 game played" in course.StartPage().overall.value


def test_the_puzzles_and_practice_rows_show_the_rating_and_what_is_due() -> None:
    from datetime import UTC, datetime

    from batak_core.teaching.ratings import Rating

    menu = course.StartPage().menu.value
    assert "nothing due" in menu.split('data-lesson="practice"')[1].split("</tr>")[0]
    Progress.load().record_puzzle("miniokey-ihaleli-000001", Rating(1500, 100), False, True, datetime.now(UTC))
    menu = course.StartPage().menu.value
    puzzles = menu.split('data-lesson="puzzles"')[1].split("</tr>")[0]
    assert "0 of 1 solved at the first try" in puzzles and "rating 1" in puzzles
    Progress.load().review_topic("winner", False, datetime(2026, 1, 1, tzinfo=UTC))  # missed long ago: due
    assert "1 to practise now" in course.StartPage().menu.value.split('data-lesson="practice"')[1].split("</tr>")[0]
