"""The learner's progress file handed over by hand: exported from the start page, imported again (the
browser edition keeps progress in the browser), with every check a file on disk gets."""

from __future__ import annotations

import base64
import contextlib
import json
import re
from datetime import UTC, datetime
from html import escape
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from batak_core.i18n import use_locale
from batak_core.teaching.lessons import LESSONS
from batak_core.teaching.progress import (
    EXPORT_NAME,
    UPLOAD_LIMIT,
    LessonResult,
    Progress,
    export_bytes,
    learner_path,
    read_upload,
)
from batak_core.teaching.ratings import Rating
from widgets import course

NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)


@pytest.fixture(autouse=True)
def progress_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "progress.json"
    monkeypatch.setenv("BATAK_PROGRESS", str(path))
    monkeypatch.delenv("BATAK_CLASS_DIR", raising=False)
    monkeypatch.delenv("HTTP_X_BATAK_LEARNER", raising=False)
    return path


def some_progress(path: Path) -> Progress:
    """A learner part-way through: a completed lesson, a topic, a puzzle, the classic rules, German."""
    progress = Progress.load(path)
    for right in (True, True, True, True, False):
        progress.record("trump", right, "winner")
    progress.finish_round("trump", 4, 5)
    progress.record("scoring", False, "scoring")
    progress.record_puzzle("miniokey-ihaleli-000001", Rating(1500, 100), False, True, NOW)
    progress.record_game()
    progress.choose_preset("classic")
    progress.choose_language("de")
    return Progress.load(path)


def upload(content: bytes, name: str = "batak-progress.json") -> tuple[dict[str, Any], ...]:
    """A FileUpload value as ipywidgets 8 sets it from the browser."""
    return ({"name": name, "type": "application/json", "size": len(content), "content": memoryview(content),
             "last_modified": NOW},)


# --- the engine: export and import ----------------------------------------------------------------

def test_the_export_is_the_json_the_file_holds(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    progress = some_progress(path)
    assert export_bytes(progress) == path.read_bytes()
    data = json.loads(export_bytes(progress))
    assert data["format"] == "batak-tutor/progress" and data["preset"] == "classic" and data["games"] == 1


def test_an_uploaded_file_reads_as_the_progress_it_holds_and_names_no_file(tmp_path: Path) -> None:
    exported = export_bytes(some_progress(tmp_path / "mine.json"))
    for content in (exported, bytearray(exported), memoryview(exported)):
        imported = read_upload(content)
        assert imported.read_only and imported.path == Path(EXPORT_NAME)
        assert imported.result("trump") == LessonResult(5, 4, 1, True) and imported.preset == "classic"
        assert imported.attempts == {"miniokey-ihaleli-000001": False} and imported.language == "de"
        assert export_bytes(imported) == exported


def test_an_older_version_file_is_imported_too() -> None:
    imported = read_upload(b'{"format": "batak-tutor/progress", "version": 1, "preset": "danish", '
                           b'"lessons": {"trump": {"answered": 3, "correct": 2}}}')
    assert imported.preset == "danish" and imported.result("trump") == LessonResult(3, 2)


DEEP = b"[" * 100_000 + b"]" * 100_000
BAD_FILES = [
    (b"this is not json", "not valid JSON"),
    (b"\xff\xfe{}", "not UTF-8"),
    (b"[1, 2]", "expected a JSON object"),
    (b'{"format": "batak-deal", "version": 1}', "format is 'batak-deal'"),
    (b'{"format": "batak-tutor/progress", "version": 99, "lessons": {}}', "version 99 (written by a newer"),
    (DEEP, "nested deeper than 20 levels"),
    (b'{"format": "batak-tutor/progress", "version": 4, "lessons": {"trump": {"answered": true, "correct": true}}}',
     "impossible counts"),
    (b'{"format": "batak-tutor/progress", "version": 1, "preset": "bridge", "lessons": {}}', "unknown preset"),
    (b'{"format": "batak-tutor/progress", "version": 4, "lessons": {}, "topics": {}, "rating": [1500]}',
     "puzzle rating"),
    (b'{"format": "batak-tutor/progress", "version": 4, "lessons": {}, "topics": {}, "games": "3"}', "games played"),
    (b" " * (UPLOAD_LIMIT + 1), "at most 5,000,000 bytes"),
]


@pytest.mark.parametrize(("content", "says"), BAD_FILES, ids=[says for _, says in BAD_FILES])
def test_a_bad_upload_is_refused_saying_why_in_a_short_message(content: bytes, says: str) -> None:
    with pytest.raises(ValueError, match=re.escape(says)) as refused:
        read_upload(memoryview(content))
    assert len(str(refused.value)) < 300, "the message quotes only a short piece of the file"


def test_a_long_bad_name_is_quoted_short() -> None:
    text = b'{"format": "batak-tutor/progress", "version": 1, "preset": "' + b"x" * 1_000_000 + b'", "lessons": {}}'
    with pytest.raises(ValueError, match="unknown preset") as refused:
        read_upload(text)
    assert len(str(refused.value)) < 200


def test_an_upload_that_is_not_bytes_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="must be bytes, not str"):
        read_upload("{}")  # type: ignore[arg-type]


def _mutations(base: Any) -> st.SearchStrategy[Any]:
    """``base`` with one value somewhere replaced by any JSON value, or removed."""
    def paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        found = [at]
        if isinstance(value, dict):
            found += [p for key, child in value.items() for p in paths(child, (*at, key))]
        return found

    values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                          lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                       max_size=3), max_leaves=6)

    def mutate(where: tuple[Any, ...], new: Any, remove: bool) -> Any:
        document = json.loads(json.dumps(base))
        if not where:
            return new
        parent = document
        for key in where[:-1]:
            parent = parent[key]
        if remove:
            del parent[where[-1]]
        else:
            parent[where[-1]] = new
        return document

    return st.builds(mutate, st.sampled_from(paths(base)), values, st.booleans())


@pytest.fixture(scope="module")
def exported_document(tmp_path_factory: pytest.TempPathFactory) -> Any:
    return json.loads(export_bytes(some_progress(tmp_path_factory.mktemp("export") / "p.json")))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_damaged_export_is_refused_with_a_value_error_and_nothing_else(exported_document: Any,
                                                                         data: st.DataObject) -> None:
    document = data.draw(_mutations(exported_document))
    with contextlib.suppress(ValueError):  # any other exception fails the test
        read_upload(json.dumps(document).encode())


def test_importing_replaces_the_progress_under_the_lock(tmp_path: Path) -> None:
    exported = export_bytes(some_progress(tmp_path / "old-browser.json"))
    path = tmp_path / "progress.json"
    here = Progress.load(path)
    here.record("scoring", True)
    other_page = Progress.load(path)  # another page, loaded before the import
    assert here.replace_with(read_upload(exported)) is True
    assert export_bytes(Progress.load(path)) == exported
    other_page.record("bidding", True)  # a later answer on another page adds to the imported progress
    again = Progress.load(path)
    assert again.result("bidding") == LessonResult(1, 1) and again.result("trump").completed
    assert again.result("scoring") == LessonResult(1, 0), "the imported counts replaced this machine's"


def test_importing_keeps_the_learners_own_name_in_classroom_mode(tmp_path: Path) -> None:
    handed = Progress.load(tmp_path / "other.json", learner="Mehmet")
    handed.record("trump", True)
    path = learner_path(tmp_path / "class", "Ayşe")
    mine = Progress.load(path, learner="Ayşe")
    mine.replace_with(read_upload(export_bytes(Progress.load(tmp_path / "other.json"))))
    saved = Progress.read(path)
    assert saved.learner == "Ayşe" and saved.result("trump") == LessonResult(1, 1)


def test_an_import_that_cannot_be_saved_holds_on_the_page_and_says_why(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    progress = Progress.load(blocker / "progress.json")  # its folder is a file: nothing can be written
    imported = read_upload(export_bytes(some_progress(tmp_path / "mine.json")))
    assert progress.replace_with(imported) is False
    assert progress.result("trump").completed and "could not be saved" in str(progress.problem)


# --- the start page's panel ----------------------------------------------------------------------

def exported_by(page: course.StartPage) -> bytes:
    href = re.search(r'href="data:application/json;base64,([^"]*)"', page.export_link.value)
    assert href is not None and f'download="{EXPORT_NAME}"' in page.export_link.value
    return base64.b64decode(href.group(1))


def test_the_start_page_offers_the_progress_file_and_keeps_the_link_current(progress_file: Path) -> None:
    page = course.StartPage()
    for widget, css in ((page.export_link, "batak-progress-export"), (page.upload, "batak-progress-import"),
                        (page.file_message, "batak-progress-file-message")):
        assert css in widget._dom_classes
    assert page.upload.accept == ".json,application/json" and not page.upload.multiple and page.upload.icon == ""
    assert "Download your progress file" in page.export_link.value
    assert json.loads(exported_by(page))["preset"] == "miniokey"
    page.chooser.value = "danish"
    assert exported_by(page) == progress_file.read_bytes() and json.loads(exported_by(page))["preset"] == "danish"


def test_loading_a_file_replaces_the_progress_and_refreshes_the_page(tmp_path: Path, progress_file: Path) -> None:
    exported = export_bytes(some_progress(tmp_path / "old-browser.json"))
    Progress.load().record("scoring", True)
    page = course.StartPage()
    assert "0 of 16 lessons completed" in page.overall.value and page.chooser.value == "miniokey"
    page.upload.value = upload(exported, "my progress.json")
    assert progress_file.read_bytes() == exported
    assert "1 of 16 lessons completed" in page.overall.value and "1 game played" in page.overall.value
    assert "✓ completed" in page.menu.value.split('data-lesson="trump"')[1].split("</tr>")[0]
    assert page.chooser.value == "classic" and "classic" in page.rules_note.value
    assert exported_by(page) == exported
    message = page.file_message.value
    assert "batak-ok" in message and "Loaded my progress.json: 1 of 16 lessons completed, rule set classic." in message
    assert page.upload.value == (), "emptied, so the same file can be loaded again"
    assert Progress.load().preset == "classic", "moving the chooser to the file's rules chose nothing else"


@pytest.mark.parametrize(("content", "says"), BAD_FILES, ids=[says for _, says in BAD_FILES])
def test_a_bad_file_changes_nothing_and_the_page_says_what_is_wrong(content: bytes, says: str,
                                                                    progress_file: Path) -> None:
    Progress.load().record("trump", True)
    before = progress_file.read_bytes()
    page = course.StartPage()
    page.upload.value = upload(content, "<b>bad</b>.json")
    message = page.file_message.value
    assert "batak-reason" in message and 'role="alert"' in message
    assert "&lt;b&gt;bad&lt;/b&gt;.json was not loaded, and your progress is as it was" in message
    assert escape(says) in message and len(message) < 600
    assert progress_file.read_bytes() == before
    assert sorted(p.name for p in progress_file.parent.iterdir()) == ["progress.json", "progress.json.lock"]
    assert exported_by(page) == before


def test_two_files_at_once_are_refused(tmp_path: Path, progress_file: Path) -> None:
    exported = export_bytes(some_progress(tmp_path / "a.json"))
    page = course.StartPage()
    page.upload.value = upload(exported) + upload(exported)
    assert "one progress file at a time" in page.file_message.value and not progress_file.exists()


def test_the_panel_speaks_the_learners_language(progress_file: Path) -> None:
    with use_locale("tr"):
        page = course.StartPage()
        page.upload.value = upload(b"{oops")
        assert "İlerleme dosyan" in page.children[-1].children[0].value
        assert "yüklenmedi" in page.file_message.value
    with use_locale("de"):
        page = course.StartPage()
        page.upload.value = upload(b"[]")
        assert "Fortschritt" in page.file_message.value
    assert not progress_file.exists()


def test_in_classroom_mode_a_loaded_file_keeps_the_learners_name(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    handed = Progress.load(tmp_path / "other.json", learner="Mehmet")
    handed.record("trump", True)
    monkeypatch.setenv("BATAK_CLASS_DIR", str(tmp_path / "class"))
    monkeypatch.setenv("HTTP_X_BATAK_LEARNER", "Ayşe")
    page = course.StartPage()
    page.upload.value = upload((tmp_path / "other.json").read_bytes())
    saved = Progress.read(learner_path(tmp_path / "class", "Ayşe"))
    assert saved.learner == "Ayşe" and saved.result("trump") == LessonResult(1, 1)
    assert "batak-ok" in page.file_message.value


def test_a_loaded_file_that_cannot_be_saved_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BATAK_CLASS_DIR", str(tmp_path / "class"))
    monkeypatch.setenv("HTTP_X_BATAK_LEARNER", "../x")  # a name that cannot be read: nothing is written
    exported = export_bytes(some_progress(tmp_path / "mine.json"))
    page = course.StartPage()
    page.upload.value = upload(exported)
    assert "batak-reason" in page.file_message.value and "on this page only" in page.file_message.value
    assert "1 of 16 lessons completed" in page.overall.value
    assert not (tmp_path / "class").exists()


def test_every_lesson_counts_in_the_loaded_message(tmp_path: Path) -> None:
    progress = Progress.load(tmp_path / "all.json")
    for lesson in LESSONS:
        progress.finish_round(lesson.id, 5, 5)
    page = course.StartPage()
    page.upload.value = upload((tmp_path / "all.json").read_bytes())
    assert f"{len(LESSONS)} of {len(LESSONS)} lessons completed" in page.file_message.value
