"""The learner's progress file: saved after every answer, and never able to break a lesson."""

import errno
import fcntl
import json
import os
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from batak_core.teaching.class_report import class_report
from batak_core.teaching.lessons import LESSONS
from batak_core.teaching.practice import KEY_LIMIT, MAX_CARDS
from batak_core.teaching.progress import (
    FORMAT,
    MAX_ATTEMPTS,
    VERSION,
    LessonResult,
    Progress,
    check_learner_name,
    default_path,
    learner_files,
    learner_path,
)
from batak_core.teaching.ratings import Rating, solved
from widgets import course
from widgets.course import page


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


# --- regressions: answers are never lost, a damaged file is kept, a failed save leaves nothing ---

GOOD_V1 = b'{"format": "batak-tutor/progress", "version": 1, "lessons": {"a": {"answered": 2, "correct": 1}}}'

DAMAGED = {
    "not-utf8": b'{"format": "batak-tutor/progress", \xff}',
    "deep": b"[" * 100 + b"]" * 100,
    "preset-list": b'{"format": "batak-tutor/progress", "version": 1, "preset": [], "lessons": {}}',
    "impossible-counts": b'{"format": "batak-tutor/progress", "version": 1, "lessons": {"a": {"answered": 1, '
                         b'"correct": 2}}}',
    "truncated": GOOD_V1[:50],
    "empty": b"",
}


def _kept(directory: Path) -> list[Path]:
    return sorted(p for p in directory.iterdir() if p.name.startswith("progress.damaged-"))


def _left_behind(directory: Path) -> list[str]:
    """Every file but the progress file itself and its lock file."""
    return sorted(p.name for p in directory.iterdir() if p.name not in ("progress.json", "progress.json.lock"))


def test_two_progress_objects_loaded_before_either_wrote_keep_both_answers(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    first, second = Progress.load(path), Progress.load(path)
    first.record("trump", True)
    second.record("trump", False)
    second.choose_preset("gamelake")
    first.record("scoring", True)
    on_disk = Progress.load(path)
    assert (on_disk.result("trump").answered, on_disk.result("trump").correct) == (2, 1)
    assert on_disk.result("scoring").correct == 1 and on_disk.preset == "gamelake"
    assert (first.lessons, first.preset) == (on_disk.lessons, on_disk.preset), "the object is the merged file"


@pytest.mark.parametrize("content", DAMAGED.values(), ids=DAMAGED.keys())
def test_a_damaged_file_is_kept_aside_not_overwritten(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(content)
    progress = Progress.load(path)
    kept = _kept(tmp_path)
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert re.fullmatch(r"progress\.damaged-\d{8}-\d{6}(-\d+)?\.json", kept[0].name), kept[0].name
    assert progress.problem and "damaged" in progress.problem and str(kept[0]) in progress.problem
    progress.record("trump", True)
    assert kept[0].read_bytes() == content and _kept(tmp_path) == kept
    assert Progress.load(path).result("trump").correct == 1, "the next save writes a fresh file"


def test_damaged_files_set_aside_in_the_same_second_are_all_kept(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    for number in range(5):
        path.write_bytes(b"{damaged %d" % number)
        Progress.load(path)
    assert sorted(p.read_bytes() for p in _kept(tmp_path)) == [b"{damaged %d" % n for n in range(5)]


def test_a_good_file_written_while_waiting_for_the_lock_is_not_set_aside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(b"{damaged")
    real_flock = fcntl.flock
    saved_by_another_process = []

    def another_process_saves_first(fd: Any, operation: int) -> None:
        if operation & fcntl.LOCK_EX and not saved_by_another_process:
            path.write_bytes(GOOD_V1)  # it held the lock, set the damaged file aside and saved
            saved_by_another_process.append(True)
        real_flock(fd, operation)

    monkeypatch.setattr(fcntl, "flock", another_process_saves_first)
    progress = Progress.load(path)
    assert progress.problem is None and progress.result("a").answered == 2
    assert _kept(tmp_path) == [] and path.read_bytes() == GOOD_V1


def test_a_damaged_file_that_cannot_be_set_aside_is_not_written_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(b"{damaged")

    def refuse(*_args: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(Path, "rename", refuse)
    progress = Progress.load(path)
    assert progress.problem and "could not be set aside (Permission denied)" in progress.problem
    progress.record("trump", True)
    assert progress.problem and "could not be saved" in progress.problem
    assert path.read_bytes() == b"{damaged" and _left_behind(tmp_path) == []


def test_a_failed_save_leaves_no_tmp_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.json"
    progress = Progress.load(path)
    progress.record("trump", True)

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    progress.record("trump", False)
    monkeypatch.undo()
    assert progress.problem and "could not be saved" in progress.problem and "Permission denied" in progress.problem
    assert _left_behind(tmp_path) == []
    assert Progress.load(path).result("trump").answered == 1, "the file from before the failed save is whole"


def test_a_full_disk_leaves_no_tmp_file_and_the_old_file_whole(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "progress.json"
    progress = Progress.load(path)
    progress.record("trump", True)
    before = path.read_bytes()
    real_write = os.write

    def full_disk(fd: int, data: bytes) -> int:
        real_write(fd, bytes(data[:10]))  # the disk fills up part way through
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full_disk)
    progress.record("trump", True)
    monkeypatch.undo()
    assert progress.problem and "No space left on device" in progress.problem
    assert progress.result("trump").answered == 2, "the session keeps its count"
    assert _left_behind(tmp_path) == [] and path.read_bytes() == before


def test_a_directory_in_place_of_the_file_is_reported_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.mkdir()
    (path / "notes.txt").write_text("mine", encoding="utf-8")
    progress = Progress.load(path)
    assert progress.problem and "could not read" in progress.problem
    progress.record("trump", True)
    assert progress.problem and "could not be saved" in progress.problem
    assert (path / "notes.txt").read_text(encoding="utf-8") == "mine" and _left_behind(tmp_path) == []


# --- learners in classroom mode: names, their files -------------------------------------------

def test_learner_names_are_tidied_and_one_learner_whatever_the_case(tmp_path: Path) -> None:
    assert check_learner_name("  Ayşe \t  Yılmaz ") == "Ayşe Yılmaz"
    assert check_learner_name("O\u2019Brien") == "O'Brien", "a typographic apostrophe is an apostrophe"
    assert check_learner_name("Zo\u0065\u0308") == "Zo\u00eb", "decomposed accents are composed"
    same = [("Ali", " ali "), ("Ali", "ALİ"), ("Ali", "ALI"), ("Işık", "IŞIK"), ("Işık", "ışık"),
            ("Zoë", "ZOE\u0308"), ("Ayşe  Yılmaz", "ayşe yılmaz")]
    for one, other in same:
        assert learner_path(tmp_path, one) == learner_path(tmp_path, other), (one, other)


@pytest.mark.parametrize("name", ["Çağrı Öztürk", "İlkay Güneş", "Дмитрий", "李小龙", "محمد", "देवनागरी",
                                  "O'Brien", "Jean-Luc", "anna_b", "Dr. Who", "R2D2", "x", "x" * 40])
def test_names_of_any_script_are_allowed(name: str) -> None:
    assert check_learner_name(name) == name


@pytest.mark.parametrize(("name", "note"), [
    ("", "please type your name"), ("   ", "please type your name"), ("x" * 41, "41 characters long"),
    ("../../etc/passwd", "holds '/'"), ("a\x00b", "holds '\\x00'"), ("<script>", "holds '<'"),
    ("Ali😀", "holds '😀'"), ("...", "no letter or digit"), ("x" * 1_000_000, "1,000,000 characters long")])
def test_a_bad_learner_name_says_what_a_name_may_hold(name: str, note: str) -> None:
    with pytest.raises(ValueError) as raised:
        check_learner_name(name)
    message = str(raised.value)
    assert note in message and "1 to 40 characters: letters (of any script), digits, spaces and . - _ '" in message
    assert len(message) < 200, "only a short piece of the bad input is quoted"


def test_learner_files_have_safe_names_that_never_clash(tmp_path: Path) -> None:
    names = ["Ali", "Ali.", "Al i", "Ali Can", "ali-can", "Ali_Can", "李小龙", "王小明", "محمد", "Ayşe", "Ayse",
             "a" * 40, "a" * 39 + "b", "..a", "Öz", "Oz"]
    paths = [learner_path(tmp_path, name) for name in names]
    assert len(set(paths)) == len(names), "different learners, different files"
    for path in paths:
        assert path.parent == tmp_path / "learners" and re.fullmatch(r"[a-z0-9-]+-[0-9a-f]{12}\.json", path.name)
    assert learner_path(tmp_path, "Ayşe Yılmaz").name.startswith("ayse-yilmaz-")
    with pytest.raises(ValueError, match="holds '/'"):
        learner_path(tmp_path, "../x")


def test_a_learners_file_keeps_their_name_for_the_report(tmp_path: Path) -> None:
    path = learner_path(tmp_path, "Ayşe")
    Progress.load(path, learner="Ayşe").record("trump", True, "winner")
    assert json.loads(path.read_text(encoding="utf-8"))["learner"] == "Ayşe"
    again = Progress.load(path)
    assert again.learner == "Ayşe"
    again.record("trump", False)
    assert Progress.load(path).learner == "Ayşe" and learner_files(tmp_path) == [path]


# --- topics and the version-2 file -------------------------------------------------------------

def test_answers_are_counted_per_topic_in_a_version_4_file(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    progress = Progress.load(path)
    progress.record("trump", True, "winner")
    progress.record("trump", False, "trump-choice")
    progress.record("winner", False, "winner")
    progress.record("scoring", True)
    assert progress.topics == {"winner": LessonResult(2, 1), "trump-choice": LessonResult(1, 0)}
    assert json.loads(path.read_text(encoding="utf-8")) == {
        "format": FORMAT, "version": 4, "preset": "miniokey",
        "lessons": {"trump": {"answered": 2, "correct": 1}, "winner": {"answered": 1, "correct": 0},
                    "scoring": {"answered": 1, "correct": 1}},
        "topics": {"winner": {"answered": 2, "correct": 1}, "trump-choice": {"answered": 1, "correct": 0}},
        "games": 0, "rating": {"rating": 1500.0, "rd": 350.0, "volatility": 0.06}, "attempts": {},
        "practice": {"cards": {}}}
    assert VERSION == 4 and Progress.load(path).topics == progress.topics


def test_a_version_1_file_is_read_and_saved_as_version_4(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(b'{"format": "batak-tutor/progress", "version": 1, "preset": "danish", '
                     b'"lessons": {"trump": {"answered": 3, "correct": 2}}}')
    progress = Progress.load(path)
    assert progress.problem is None and progress.topics == {} and progress.learner is None
    assert progress.preset == "danish" and progress.result("trump") == LessonResult(3, 2)
    progress.record("trump", True, "winner")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["version"] == 4 and saved["lessons"]["trump"] == {"answered": 4, "correct": 3}
    assert saved["topics"] == {"winner": {"answered": 1, "correct": 1}} and _kept(tmp_path) == []


@pytest.mark.parametrize(("content", "note"), [
    ('{"format": "batak-tutor/progress", "version": 5, "lessons": {}, "topics": {}}', "newer batak-tutor"),
    ('{"format": "batak-tutor/progress", "version": 3, "lessons": {"trump": {"answered": 1, "correct": 1, '
     '"rounds": 0, "completed": true}}, "topics": {}}', "lesson 'trump' has impossible rounds"),
    ('{"format": "batak-tutor/progress", "version": 3, "lessons": {}, "topics": {}, "games": -1}',
     "games played -1"),
    ('{"format": "batak-tutor/progress", "version": 2, "lessons": {}}', "no 'topics' object"),
    ('{"format": "batak-tutor/progress", "version": 2, "lessons": {}, "topics": {"ruff": {"answered": 1, '
     '"correct": 2}}}', "topic 'ruff' has impossible counts"),
    ('{"format": "batak-tutor/progress", "version": 2, "lessons": {}, "topics": {}, "learner": []}',
     "learner's name [] is not text"),
    ('{"format": "batak-tutor/progress", "version": 2, "lessons": {}, "topics": {}, "learner": "../x"}',
     "the name '../x' holds '/'"),
    ('{"format": "batak-tutor/progress", "version": 2, "lessons": {}, "topics": {}, "learner": " Ali"}',
     "has extra spaces")])
def test_a_damaged_version_2_file_is_kept_aside(tmp_path: Path, content: str, note: str) -> None:
    problem = _reads_as_damaged(tmp_path / "progress.json", content, note)
    assert len(_kept(tmp_path)) == 1 and str(_kept(tmp_path)[0]) in problem


def test_reset_forgets_the_answers_but_not_the_rule_set_or_the_name(tmp_path: Path) -> None:
    path = learner_path(tmp_path, "Ali")
    progress = Progress.load(path, learner="Ali")
    progress.record("trump", True, "winner")
    progress.choose_preset("danish")
    Progress.load(path).record("scoring", True, "score")  # another page of the same learner
    progress.reset()
    again = Progress.load(path)
    assert (again.lessons, again.topics, again.preset, again.learner) == ({}, {}, "danish", "Ali")


def test_save_writes_the_objects_own_results_under_the_lock(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(b"{damaged")
    progress = Progress(path, {"trump": LessonResult(4, 3)}, "turkish", topics={"winner": LessonResult(4, 3)})
    progress.save()
    assert progress.problem and "damaged" in progress.problem, "the damaged file was set aside, not overwritten"
    again = Progress.load(path)
    assert (again.lessons, again.topics, again.preset) == (progress.lessons, progress.topics, "turkish")
    assert [p.read_bytes() for p in _kept(tmp_path)] == [b"{damaged"]


def test_a_read_only_progress_counts_in_memory_and_writes_nothing(tmp_path: Path) -> None:
    progress = Progress(tmp_path / "progress.json", problem="your name could not be read", read_only=True)
    progress.record("trump", True, "winner")
    progress.choose_preset("danish")
    progress.save()
    assert progress.result("trump").correct == 1 and progress.preset == "danish"
    assert progress.problem == "your name could not be read" and list(tmp_path.iterdir()) == []


# --- where a course page finds its progress ----------------------------------------------------

@pytest.fixture
def classroom(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Classroom mode with a class folder, and the one-machine file of the test kept apart."""
    monkeypatch.setenv("BATAK_PROGRESS", str(tmp_path / "machine" / "progress.json"))
    monkeypatch.setenv("BATAK_CLASS_DIR", str(tmp_path / "class"))
    return tmp_path / "class"


def test_a_page_outside_classroom_mode_uses_the_machines_file(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATAK_PROGRESS", str(tmp_path / "p.json"))
    monkeypatch.delenv("BATAK_CLASS_DIR", raising=False)
    monkeypatch.setenv("HTTP_X_BATAK_LEARNER", "Ali")  # no class folder: not classroom mode
    assert page.progress_path() == tmp_path / "p.json" == page.load_progress().path
    assert page.load_progress().learner is None


def test_a_page_in_classroom_mode_uses_the_learners_own_file(classroom: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HTTP_X_BATAK_LEARNER", "Çağrı")
    assert page.progress_path() == learner_path(classroom, "Çağrı")
    quiz = course.LessonQuiz("trump", seed=4)
    assert quiz.question is not None
    quiz.answer(quiz.question.answer)
    saved = Progress.read(learner_path(classroom, "çağrı"))
    assert saved.learner == "Çağrı" and saved.result("trump") == LessonResult(1, 1)
    assert not (classroom.parent / "machine").exists(), "the machine's file is not touched"
    monkeypatch.setenv("HTTP_X_BATAK_LEARNER", "Deniz")
    assert page.load_progress().result("trump").answered == 0, "each learner has their own progress"


@pytest.mark.parametrize("learner", [None, "", "../../x", "a/b"])
def test_a_learner_name_that_cannot_be_read_saves_nothing_and_says_so(
        classroom: Path, monkeypatch: pytest.MonkeyPatch, learner: str | None) -> None:
    if learner is None:
        monkeypatch.delenv("HTTP_X_BATAK_LEARNER", raising=False)
    else:
        monkeypatch.setenv("HTTP_X_BATAK_LEARNER", learner)
    with pytest.raises(ValueError):
        page.progress_path()
    progress = page.load_progress()
    assert progress.read_only and progress.problem == "your name could not be read; reload the page and join again"
    quiz = course.LessonQuiz("winner", seed=9)
    assert quiz.question is not None
    quiz.card_button(quiz.question.trick[0]).click()
    assert "reload the page and join again" in quiz.note.value
    assert "reload the page and join again" in course.StartPage().notice.value
    assert not classroom.exists() and not (classroom.parent / "machine").exists(), "nothing was written"


def test_a_lesson_quiz_counts_each_answer_under_the_topic_it_asked(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATAK_PROGRESS", str(tmp_path / "p.json"))
    monkeypatch.delenv("BATAK_CLASS_DIR", raising=False)
    quiz = course.LessonQuiz("trump", seed=4)
    asked = []
    for _ in range(5):
        assert quiz.question is not None
        asked.append(quiz.question.topic)
        quiz.answer(quiz.question.answer)
        quiz.next_button.click()
    assert set(asked) == {"trump-choice", "winner"}, "the round takes turns between the lesson's topics"
    topics = Progress.load().topics
    assert {t: r.answered for t, r in topics.items()} == {t: asked.count(t) for t in set(asked)}


# --- the teacher's class report ----------------------------------------------------------------

def _join(directory: Path, name: str, answers: list[tuple[str, bool, str]], preset: str = "miniokey") -> Path:
    path = learner_path(directory, name)
    progress = Progress.load(path, learner=check_learner_name(name))
    if preset != "miniokey":
        progress.choose_preset(preset)
    for lesson, correct, topic in answers:
        progress.record(lesson, correct, topic)
    return path


def test_the_class_report_sums_up_every_learner(tmp_path: Path) -> None:
    _join(tmp_path, "Zeynep", [("trump", True, "winner"), ("trump", False, "trump-choice"),
                               ("winner", False, "winner")])
    _join(tmp_path, "ali", [("trump", False, "winner"), ("cards", True, "ranks")], preset="danish")
    _join(tmp_path, "Çağla", [], preset="turkish")  # joined and chose a rule set, answered nothing yet
    report = class_report(tmp_path)
    assert [(s.name, s.preset, s.answered, s.correct) for s in report.learners] == [
        ("ali", "danish", 2, 1), ("Çağla", "turkish", 0, 0), ("Zeynep", "miniokey", 3, 1)]
    assert report.learners[2].lessons == {"trump": LessonResult(2, 1), "winner": LessonResult(1, 0)}
    assert [s.id for s in report.lessons] == [lesson.id for lesson in LESSONS]
    trump = next(s for s in report.lessons if s.id == "trump")
    assert (trump.title, trump.learners, trump.answered, trump.correct, trump.percent) == (
        "Choosing trump", 2, 3, 1, 33)
    assert next(s for s in report.lessons if s.id == "scoring").learners == 0
    assert [(t.id, t.title, t.missed, t.answered) for t in report.missed_topics] == [
        ("winner", "Who wins the trick", 2, 3), ("trump-choice", "Choosing trump", 1, 1),
        ("ranks", "Which card is higher", 0, 1)]
    assert report.problems == ()


def test_the_class_report_lists_damaged_files_and_changes_nothing(tmp_path: Path) -> None:
    _join(tmp_path, "Ali", [("trump", True, "winner")])
    broken = learner_path(tmp_path, "Broken")
    broken.write_bytes(b"{damaged")
    nameless = learner_path(tmp_path, "Nameless")
    Progress.load(nameless).record("trump", True)
    (tmp_path / "classroom.json").write_text("{}", encoding="utf-8")
    (tmp_path / "learners" / "ali-000000000000.damaged-20261201-120501.json").write_bytes(b"old")
    before = sorted((p.name, p.read_bytes()) for p in (tmp_path / "learners").iterdir())
    report = class_report(tmp_path)
    assert [s.name for s in report.learners] == ["Ali"]
    assert len(report.problems) == 2
    assert any("damaged" in p and broken.name in p for p in report.problems)
    assert any("no learner's name" in p and nameless.name in p for p in report.problems)
    assert sorted((p.name, p.read_bytes()) for p in (tmp_path / "learners").iterdir()) == before


def test_the_class_report_of_a_class_nobody_joined_yet_is_empty(tmp_path: Path) -> None:
    report = class_report(tmp_path / "new-class")
    assert report.learners == () and report.missed_topics == () and report.problems == ()
    assert all(s.learners == s.answered == 0 for s in report.lessons) and len(report.lessons) == len(LESSONS)


def test_a_round_of_at_least_4_of_5_completes_the_lesson_for_good(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    progress = Progress.load(path)
    progress.finish_round("trump", 3, 5)
    assert progress.result("trump").rounds == 1 and not progress.result("trump").completed
    progress.finish_round("trump", 4, 5)
    progress.finish_round("trump", 1, 5)  # a weaker round later keeps the lesson completed
    again = Progress.load(path)
    assert again.result("trump") == LessonResult(0, 0, 3, True)
    assert again.completed(["cards", "trump", "scoring"]) == ["trump"]
    assert json.loads(path.read_text(encoding="utf-8"))["lessons"]["trump"] == {
        "answered": 0, "correct": 0, "rounds": 3, "completed": True}
    for right, count in ((6, 5), (-1, 5), (1, 0), (True, 5), ("4", 5)):
        with pytest.raises(ValueError, match="a round has"):
            progress.finish_round("trump", right, count)  # type: ignore[arg-type]
    assert Progress.load(path).result("trump").rounds == 3, "a refused round changes nothing"


def test_games_played_are_counted_and_kept_with_the_answers(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    Progress.load(path).record_game()
    other_page = Progress.load(path)
    Progress.load(path).record_game()
    other_page.record("games", True, "score")  # merges: the game the other page counted stays
    assert Progress.load(path).games == 2
    Progress.load(path).reset()
    assert Progress.load(path).games == 0


def test_a_version_2_file_reads_as_no_rounds_and_no_games(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(b'{"format": "batak-tutor/progress", "version": 2, "preset": "classic", '
                     b'"lessons": {"trump": {"answered": 5, "correct": 5}}, "topics": {}}')
    progress = Progress.load(path)
    assert progress.problem is None and progress.games == 0
    assert progress.result("trump") == LessonResult(5, 5) and not progress.result("trump").completed


def test_the_class_report_counts_who_completed_each_lesson(tmp_path: Path) -> None:
    _join(tmp_path, "Ali", [("trump", True, "winner")])
    _join(tmp_path, "Ece", [("trump", True, "winner")])
    Progress.load(learner_path(tmp_path, "Ali"), learner="Ali").finish_round("trump", 4, 5)
    Progress.load(learner_path(tmp_path, "Ece"), learner="Ece").finish_round("trump", 2, 5)
    trump = next(s for s in class_report(tmp_path).lessons if s.id == "trump")
    assert (trump.learners, trump.completed) == (2, 1)


# --- version 4: the puzzle rating, first tries and the practice cards ------------------------------

NOW = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
PUZZLE = Rating(1500, 80)


def test_a_first_try_at_a_puzzle_rates_the_learner_and_a_second_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    progress = Progress.load(path)
    assert progress.rating == Rating(1500, 350, 0.06) and progress.attempts == {}
    after = progress.record_puzzle("p-1", PUZZLE, True, True, NOW)
    assert after == solved(Rating(), PUZZLE, True)[0] and after.rating > 1500 and progress.rating == after
    assert progress.record_puzzle("p-1", PUZZLE, False, True, NOW + timedelta(minutes=1)) == after
    again = Progress.load(path)
    assert again.rating == after and again.attempts == {"p-1": True}
    assert len(again.practice) == 0, "a puzzle solved at once is not practised"


def test_a_missed_puzzle_goes_into_practice_and_comes_back(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    progress = Progress.load(path)
    after = progress.record_puzzle("p-2", PUZZLE, False, True, NOW)
    assert after.rating < 1500 and progress.attempts == {"p-2": False}
    assert progress.practice.missed() == ["puzzle:p-2"] and progress.practice.due(NOW) == []
    soon = NOW + timedelta(hours=1)
    assert Progress.load(path).practice.due(soon) == ["puzzle:p-2"]
    # solved on the Practice page: the card moves out, the rating and the first try stay
    assert progress.record_puzzle("p-2", PUZZLE, True, True, soon) == after
    again = Progress.load(path)
    item = again.practice.item("puzzle:p-2")
    assert item is not None and item.reviews == 2 and item.due > soon and again.attempts == {"p-2": False}


def test_an_unrated_try_counts_for_practice_but_leaves_the_rating(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    progress = Progress.load(path)
    assert progress.record_puzzle("p-3", PUZZLE, False, False, NOW) == Rating()
    again = Progress.load(path)
    assert again.rating == Rating() and again.attempts == {"p-3": False}
    assert again.practice.missed() == ["puzzle:p-3"]
    assert again.record_puzzle("p-3", PUZZLE, True, True, NOW) == Rating(), "the unrated try was the first"


def test_missed_quiz_topics_go_into_practice(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    progress = Progress.load(path)
    progress.review_topic("winner", True, NOW)
    assert len(Progress.load(path).practice) == 0, "a topic answered right is not practised"
    progress.review_topic("ruff", False, NOW)
    progress.review_topic("ruff", True, NOW + timedelta(minutes=5))
    item = Progress.load(path).practice.item("topic:ruff")
    assert item is not None and (item.reviews, item.misses) == (2, 1)
    assert progress.practice == Progress.load(path).practice


def test_pages_loaded_before_either_wrote_keep_both_puzzles_and_topics(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    puzzles_page, quiz_page = Progress.load(path), Progress.load(path)
    puzzles_page.record_puzzle("p-1", PUZZLE, True, True, NOW)
    quiz_page.review_topic("ruff", False, NOW)
    quiz_page.record("trump", False, "ruff")
    rating = puzzles_page.record_puzzle("p-2", PUZZLE, False, True, NOW)
    on_disk = Progress.load(path)
    assert on_disk.attempts == {"p-1": True, "p-2": False} and on_disk.rating == rating
    assert on_disk.practice.missed() == ["puzzle:p-2", "topic:ruff"] and on_disk.result("trump").answered == 1
    assert rating == solved(solved(Rating(), PUZZLE, True)[0], PUZZLE, False)[0], "the second try builds on the first"


def test_the_same_puzzle_tried_on_two_pages_counts_once(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    first, second = Progress.load(path), Progress.load(path)
    rating = first.record_puzzle("p-1", PUZZLE, True, True, NOW)
    assert second.record_puzzle("p-1", PUZZLE, False, True, NOW) == rating
    assert Progress.load(path).attempts == {"p-1": True}


def test_reset_forgets_the_puzzles_and_the_practice(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    progress = Progress.load(path)
    progress.record_puzzle("p-1", PUZZLE, False, True, NOW)
    progress.review_topic("ruff", False, NOW)
    progress.reset()
    again = Progress.load(path)
    assert (again.rating, again.attempts, len(again.practice)) == (Rating(), {}, 0)


def test_save_keeps_the_objects_puzzles_and_practice(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    progress = Progress.load(path)
    progress.record_puzzle("p-1", PUZZLE, False, True, NOW)
    Progress.load(path).reset()
    progress.save()
    again = Progress.load(path)
    assert again.attempts == {"p-1": False} and again.rating == progress.rating
    assert again.practice == progress.practice and again.practice.missed() == ["puzzle:p-1"]


def test_a_version_3_file_reads_as_an_unrated_learner_with_nothing_to_practise(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(b'{"format": "batak-tutor/progress", "version": 3, "preset": "classic", '
                     b'"lessons": {"trump": {"answered": 5, "correct": 4}}, "topics": {}, "games": 2}')
    progress = Progress.load(path)
    assert progress.problem is None and (progress.games, progress.result("trump")) == (2, LessonResult(5, 4))
    assert (progress.rating, progress.attempts, len(progress.practice)) == (Rating(1500, 350, 0.06), {}, 0)
    progress.record_puzzle("p-1", PUZZLE, True, True, NOW)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["version"] == 4 and saved["attempts"] == {"p-1": True} and saved["games"] == 2


def test_bad_puzzle_and_topic_calls_say_what_is_allowed(tmp_path: Path) -> None:
    progress = Progress.load(tmp_path / "progress.json")
    with pytest.raises(ValueError, match="not a practice key"):
        progress.record_puzzle("a b", PUZZLE, True, True, NOW)
    with pytest.raises(ValueError, match="must be a Rating"):
        progress.record_puzzle("p-1", 1500, True, True, NOW)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="rated must be True or False"):
        progress.record_puzzle("p-1", PUZZLE, True, "yes", NOW)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="time zone"):
        progress.record_puzzle("p-1", PUZZLE, True, True, datetime(2026, 3, 1))
    with pytest.raises(ValueError, match="topic name must be text"):
        progress.review_topic(None, True, NOW)  # type: ignore[arg-type]
    assert not (tmp_path / "progress.json").exists(), "a refused call writes nothing"


_V4 = '{"format": "batak-tutor/progress", "version": 4, "lessons": {}, "topics": {}, "games": 0, '
_RATING = '"rating": {"rating": 1500, "rd": 350, "volatility": 0.06}'


@pytest.mark.parametrize(("content", "note"), [
    (_V4 + '"attempts": {}, "practice": {"cards": {}}}', "the puzzle rating is not an object"),
    (_V4 + '"rating": {"rating": 1500, "rd": -5, "volatility": 0.06}, "attempts": {}, "practice": {"cards": {}}}',
     "the puzzle rating is impossible: a rating deviation"),
    (_V4 + '"rating": {"rating": "1500", "rd": 350, "volatility": 0.06}, "attempts": {}, '
     '"practice": {"cards": {}}}', "the puzzle rating is impossible"),
    (_V4 + _RATING + ', "practice": {"cards": {}}}', "no 'attempts' object"),
    (_V4 + _RATING + ', "attempts": {"p-1": 1}, "practice": {"cards": {}}}', "the first try at puzzle 'p-1' is 1"),
    (_V4 + _RATING + ', "attempts": {"a b": true}, "practice": {"cards": {}}}', "not a practice key"),
    (_V4 + _RATING + ', "attempts": {}}', "practice is not an object"),
    (_V4 + _RATING + ', "attempts": {}, "practice": {"cards": {"topic:t": {"due": "soon"}}}}',
     "practice card 'topic:t' must have exactly the fields"),
])
def test_a_damaged_version_4_file_is_kept_aside(tmp_path: Path, content: str, note: str) -> None:
    problem = _reads_as_damaged(tmp_path / "progress.json", content, note)
    assert len(_kept(tmp_path)) == 1 and str(_kept(tmp_path)[0]) in problem


def test_the_fullest_file_with_the_longest_names_still_reads(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    progress = Progress(path)
    for number in range(MAX_CARDS):
        progress.practice.review(f"puzzle:{'x' * (KEY_LIMIT - 12)}{number:05d}", number % 2 == 0, NOW)
    progress.attempts = {f"{'y' * (KEY_LIMIT - 12)}{number:05d}": True for number in range(MAX_ATTEMPTS)}
    progress.save()
    again = Progress.load(path)
    assert again.problem is None and len(again.attempts) == MAX_ATTEMPTS and len(again.practice) == MAX_CARDS
