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
