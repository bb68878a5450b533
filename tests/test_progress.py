"""The learner's progress file: saved after every answer, and never able to break a lesson."""

from pathlib import Path

import pytest

from batak_core.teaching.progress import Progress, default_path


def test_record_and_reload(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "progress.json"
    progress = Progress.load(path)
    assert progress.lessons == {} and progress.problem is None
    progress.record("following", True)
    progress.record("following", False)
    progress.record("scoring", True)
    again = Progress.load(path)
    assert again.result("following").answered == 2 and again.result("following").correct == 1
    assert again.result("following").percent == 50 and again.result("bidding").answered == 0
    assert again.preset == "miniokey"
    again.choose_preset("gamelake")
    assert Progress.load(path).preset == "gamelake"
    with pytest.raises(ValueError, match="unknown preset 'bridge'"):
        again.choose_preset("bridge")


def test_corrupt_or_foreign_files_read_as_empty_with_a_note(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    for text in ("{oops", "[]", '{"format": "batak-tutor/progress", "version": 1, "lessons": {"a": {"answered": 1, '
                 '"correct": 5}}}', '{"format": "other", "version": 1}'):
        path.write_text(text, encoding="utf-8")
        progress = Progress.load(path)
        assert progress.lessons == {} and progress.problem and "damaged" in progress.problem
    progress.record("trump", True)
    assert Progress.load(path).result("trump").correct == 1, "a damaged file is replaced on the next save"


def test_unwritable_location_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    progress = Progress.load(blocker / "progress.json")
    progress.record("trump", True)
    assert progress.problem and "could not be saved" in progress.problem
    assert progress.result("trump").correct == 1, "the session keeps its count"


def test_default_path_honours_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATAK_PROGRESS", str(tmp_path / "p.json"))
    assert default_path() == tmp_path / "p.json"
    monkeypatch.delenv("BATAK_PROGRESS")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "batak-tutor" / "progress.json"


# --- regressions: a damaged file reads as "no progress yet" with a short note, never raises ----

def _reads_as_damaged(path: Path, content: str | bytes, note: str = "") -> str:
    if isinstance(content, str):
        content = content.encode()
    path.write_bytes(content)
    progress = Progress.load(path)
    assert progress.lessons == {} and progress.problem and "damaged" in progress.problem
    assert note in progress.problem
    assert len(progress.problem) < 300 + len(str(path)), progress.problem
    return progress.problem


def test_a_progress_file_that_is_not_utf8_reads_as_no_progress(tmp_path: Path) -> None:
    _reads_as_damaged(tmp_path / "p.json", b'{"format": "batak-tutor/progress", \xff}', "not UTF-8")


def test_a_deeply_nested_progress_file_reads_as_no_progress(tmp_path: Path) -> None:
    _reads_as_damaged(tmp_path / "p.json", "[" * 100_000 + "]" * 100_000, "nested deeper than")


def test_a_progress_file_with_a_5000_digit_count_reads_as_no_progress(tmp_path: Path) -> None:
    text = ('{"format": "batak-tutor/progress", "version": 1, "lessons": {"a": {"answered": '
            + "9" * 5000 + ', "correct": 1}}}')
    _reads_as_damaged(tmp_path / "p.json", text, "5,000 digits")


def test_a_progress_file_with_version_true_reads_as_no_progress(tmp_path: Path) -> None:
    _reads_as_damaged(tmp_path / "p.json", '{"format": "batak-tutor/progress", "version": true, "lessons": {}}',
                      "version")


def test_a_progress_file_with_boolean_counts_reads_as_no_progress(tmp_path: Path) -> None:
    text = '{"format": "batak-tutor/progress", "version": 1, "lessons": {"a": {"answered": true, "correct": true}}}'
    _reads_as_damaged(tmp_path / "p.json", text, "impossible counts")


def test_a_progress_file_over_the_size_limit_reads_as_no_progress(tmp_path: Path) -> None:
    _reads_as_damaged(tmp_path / "p.json", " " * 5_000_001 + "{}", "5,000,000")


def test_a_long_lesson_name_is_quoted_short_in_the_note(tmp_path: Path) -> None:
    text = '{"format": "batak-tutor/progress", "version": 1, "lessons": {"' + "x" * 1_000_000 + '": 5}}'
    _reads_as_damaged(tmp_path / "p.json", text, "1,000,000 characters")


def test_a_long_preset_name_is_quoted_short_in_the_note(tmp_path: Path) -> None:
    text = '{"format": "batak-tutor/progress", "version": 1, "lessons": {}, "preset": "' + "x" * 1_000_000 + '"}'
    _reads_as_damaged(tmp_path / "p.json", text, "unknown preset")


def test_a_long_format_is_quoted_short_in_the_note(tmp_path: Path) -> None:
    _reads_as_damaged(tmp_path / "p.json", '{"format": "' + "x" * 1_000_000 + '", "version": 1}', "format")


def test_a_progress_file_with_nan_counts_reads_as_no_progress(tmp_path: Path) -> None:
    text = '{"format": "batak-tutor/progress", "version": 1, "lessons": {"a": {"answered": NaN, "correct": 0}}}'
    _reads_as_damaged(tmp_path / "p.json", text, "NaN")


def test_a_progress_file_with_a_utf8_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_bytes(b'\xef\xbb\xbf{"format": "batak-tutor/progress", "version": 1, '
                     b'"lessons": {"a": {"answered": 2, "correct": 1}}}')
    progress = Progress.load(path)
    assert progress.problem is None and progress.result("a").correct == 1
