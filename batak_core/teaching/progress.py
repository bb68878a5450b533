"""The learner's progress through the course: quiz results per lesson and per topic, the puzzle rating
and first tries, and the spaced-practice cards, in a small JSON file.

A lesson must never break because of this file, and no answer may be lost:

- Several pages (each its own kernel process) write the same file, so every change (``record``,
  ``record_puzzle``, ``review_topic``, ``choose_preset``, ``choose_language``, ``reset``, ...) is a
  read-modify-write under an exclusive ``fcntl.flock`` on a lock file beside it (``progress.json.lock``, kept for good:
  removing a lock file while another process waits on it would let two writers in). Under the lock
  the file is read again, the change applied, the result written atomically, and the object takes
  the merged state; so an object loaded long ago still adds to the answers other pages saved
  meanwhile.
- A writer writes ``progress.json.tmp``, then renames it over the file, so a crash cannot leave
  half a file; a failed write or rename removes it (and the lock means one writer at a time, so
  a temporary file left by a killed process is simply overwritten by the next save).
- A damaged file (not UTF-8, not JSON, impossible counts, ...) is never overwritten: it is renamed
  aside with a timestamp (``progress.damaged-20261201-120501.json``), the reason is kept in
  ``problem`` for the page to mention, and the next save starts a fresh file. The check and the
  rename happen under the lock, so two pages that read the damaged file at once set it aside
  once, and a good file another page wrote meanwhile is kept.
- A file that cannot be read at all (a directory in its place, no permission) is left alone and
  not written over; a location that cannot be written is reported in ``problem``, never raised.

In classroom mode each learner has their own file in the class folder (``learner_path``), which
also holds their name for the teacher's report. The file is read by the one document reader
(``batak_core.documents``), like save files and positions. Locking needs POSIX ``fcntl``, except in
the browser edition (Pyodide has none; a page's kernel is the only writer of its copy of the file).

In the browser edition the file lives in the browser's storage, so a learner keeps it by exporting
it (``export_bytes``) and brings it back by importing it (``read_upload``, then ``Progress.replace_with``);
a teacher reads files handed in the same way. An upload gets every check a file on disk gets.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from ..documents import MAX_SIZE, SaveFileError, read_document
from ..errors import shorten
from ..i18n import LANGUAGES, N_, UnknownLanguage, _, format_number, normalize_language
from ..rules import DEFAULT_PRESET, PRESETS
from ..runtime import IN_BROWSER
from .practice import Practice, as_utc, check_key
from .ratings import Rating, solved

FORMAT: Final = "batak-tutor/progress"
VERSION: Final = 4
"""Version 2 added ``topics`` and ``learner``; version 3 finished rounds, completed lessons and games
played; version 4 the puzzle rating, first tries at puzzles and the practice cards (and, optional, the
course language the learner chose). Older files are read as having none of what came later (an
unrated learner, no puzzles tried, nothing to practise, no language chosen)."""
COMPLETED_SHARE: Final = 0.8
"""A lesson is completed once a quiz round ends with at least this share right (4 of 5)."""
ENV_VAR: Final = "BATAK_PROGRESS"
LEARNERS_DIR: Final = "learners"
"""The folder of a class directory that holds one progress file per learner."""
NAME_LIMIT: Final = 40
"""The most characters of a learner's name."""
MAX_ATTEMPTS: Final = 20_000
"""The most puzzles whose first try a file holds (far more than are shipped); later puzzles are not rated."""

UPLOAD_LIMIT: Final = MAX_SIZE
"""The most bytes of an uploaded progress file: the reader's own limit, so every file the course writes
loads again (the fullest, with MAX_ATTEMPTS first tries and every practice card, is about 4.3 MB)."""
EXPORT_NAME: Final = "batak-progress.json"
"""The file name an exported progress file is offered under."""

AFTER_WRITE: Final[list[Callable[[Path], None]]] = []
"""Called with the path of each progress file written: the browser edition copies it to the
browser's storage (``widgets.course.browser``)."""

_NAME_PUNCTUATION: Final = frozenset(" .-_'")
_I_FOLD: Final = str.maketrans({"I": "i", "İ": "i", "ı": "i"})  # Turkish and English i, any case
_LEARNER_FILE: Final = re.compile(r"[a-z0-9-]+-[0-9a-f]{12}\.json")


def default_path() -> Path:
    """``$BATAK_PROGRESS`` if set, else ``~/.local/share/batak-tutor/progress.json``."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "batak-tutor" / "progress.json"


def check_learner_name(name: str) -> str:
    """A typed learner name, tidied (outer spaces gone, inner runs of spaces made one); ValueError
    says what is wrong and what a name may hold."""
    tidy = " ".join(unicodedata.normalize("NFC", name).replace("\u2019", "'").split())
    rule = _("a learner's name has 1 to {limit} characters: letters (of any script), digits, spaces and "
             ". - _ '").format(limit=NAME_LIMIT)
    if not tidy:
        raise ValueError(_("please type your name: {rule}").format(rule=rule))
    if len(tidy) > NAME_LIMIT:
        raise ValueError(_("the name {name} is {length} characters long; {rule}").format(
            name=shorten(tidy, 20), length=format_number(len(tidy)), rule=rule))
    bad = next((c for c in tidy if not _name_character(c)), None)
    if bad is not None:
        raise ValueError(_("the name {name} holds {character}, which a name may not; {rule}").format(
            name=shorten(tidy, 20), character=repr(bad), rule=rule))
    if not any(unicodedata.category(c)[0] in "LN" for c in tidy):
        raise ValueError(_("the name {name} has no letter or digit; {rule}").format(name=shorten(tidy, 20), rule=rule))
    return tidy


def _name_character(character: str) -> bool:
    category = unicodedata.category(character)
    return category[0] in "LM" or category == "Nd" or character in _NAME_PUNCTUATION


def learner_key(name: str) -> str:
    """Who a (checked) name means: case, accents' composition and Turkish/English i do not matter,
    so "Ali", "ALİ" and " ali " are one learner."""
    return unicodedata.normalize("NFKC", name).translate(_I_FOLD).casefold()


def learner_path(directory: Path, learner: str) -> Path:
    """The progress file of ``learner`` in the class folder ``directory``; ValueError for a bad name.

    The file name is an ASCII slug of the name (readable in a file manager) and a hash of who the
    name means, so any name gives a safe name and two learners never share a file."""
    key = learner_key(check_learner_name(learner))
    ascii_name = unicodedata.normalize("NFKD", key).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name).strip("-")[:24].rstrip("-") or "learner"
    return directory / LEARNERS_DIR / f"{slug}-{hashlib.sha256(key.encode()).hexdigest()[:12]}.json"


def learner_files(directory: Path) -> list[Path]:
    """Every learner's progress file in the class folder ``directory`` (no lock, temporary or set-aside
    file), sorted; none if nobody has joined. OSError if the folder cannot be listed."""
    folder = directory / LEARNERS_DIR
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if _LEARNER_FILE.fullmatch(p.name))


@dataclass
class LessonResult:
    """Quiz answers in one lesson (or on one topic): how many were answered, how many right; for a
    lesson also its finished quiz rounds and whether one of them ended well enough to complete it."""

    answered: int = 0
    correct: int = 0
    rounds: int = 0
    completed: bool = False

    @property
    def percent(self) -> int:
        return round(100 * self.correct / self.answered) if self.answered else 0


@dataclass
class Progress:
    """Results per lesson id and per quiz topic, loaded from and saved to ``path``."""

    path: Path
    lessons: dict[str, LessonResult] = field(default_factory=dict)
    preset: str = DEFAULT_PRESET  # the rule set the learner chose on the start page
    problem: str | None = None  # why the file could not be read or saved, for the page to mention
    topics: dict[str, LessonResult] = field(default_factory=dict)
    learner: str | None = None  # the learner's name in classroom mode, kept in the file for the report
    read_only: bool = False  # counts in memory only: the page does not know whose file to write
    games: int = 0  # whole games finished at the game table of the last lesson
    rating: Rating = field(default_factory=Rating)  # the learner's puzzle rating
    attempts: dict[str, bool] = field(default_factory=dict)  # puzzle id -> first try right
    practice: Practice = field(default_factory=Practice)  # missed puzzles and quiz topics to review
    language: str | None = None  # the course language the learner chose (None: the browser's)

    @classmethod
    def load(cls, path: Path | str | None = None, learner: str | None = None) -> Progress:
        """The progress in ``path`` (``default_path()`` if None), never raising; ``learner`` (a name
        checked by ``check_learner_name``) is stored in the file on the next save."""
        where = Path(path) if path is not None else default_path()
        try:
            progress = cls.read(where)
        except FileNotFoundError:
            progress = cls(where)
        except OSError as error:
            progress = cls(where, problem=_("could not read {file}: {why}").format(file=where, why=_why(error)))
        except ValueError as damage:
            progress = cls(where)
            try:
                progress._merge(None)  # under the lock: read again, and set the file aside if still damaged
            except OSError as error:
                progress.problem = _("ignored a damaged progress file ({damage}); it could not be set aside "
                                     "({why}), so nothing is saved over it").format(damage=damage, why=_why(error))
        if learner is not None:
            progress.learner = learner
        return progress

    @classmethod
    def read(cls, path: Path) -> Progress:
        """The file as it is, changing nothing (for the class report): OSError if it cannot be read
        (FileNotFoundError if missing), ValueError saying what is wrong if it is damaged."""
        return _parse(path, path.read_bytes())

    def record(self, lesson: str, correct: bool, topic: str | None = None) -> None:
        """Count one answered question (and its quiz topic) and save at once (a closed tab loses nothing)."""
        def count(progress: Progress) -> None:
            _add(progress.lessons, lesson, correct)
            if topic is not None:
                _add(progress.topics, topic, correct)
        self._change(count)

    def finish_round(self, lesson: str, right: int, count: int) -> None:
        """Count a finished quiz round of ``count`` questions with ``right`` right; a round with at
        least ``COMPLETED_SHARE`` right completes the lesson (for good: a later weak round keeps it)."""
        if not (type(right) is int and type(count) is int and 0 <= right <= count and count > 0):
            raise ValueError(f"a round has 1 or more questions and 0 to all of them right, not {shorten(right)} "
                             f"of {shorten(count)}")
        def finish(progress: Progress) -> None:
            old = progress.result(lesson)
            progress.lessons[lesson] = LessonResult(old.answered, old.correct, old.rounds + 1,
                                                    old.completed or right >= COMPLETED_SHARE * count)
        self._change(finish)

    def record_game(self) -> None:
        """Count one whole game played to its end."""
        def count(progress: Progress) -> None:
            progress.games += 1
        self._change(count)

    def record_puzzle(self, puzzle_id: str, puzzle_rating: Rating, right: bool, rated: bool,
                      now: datetime) -> Rating:
        """Count the first try at a puzzle and return the learner's rating after it.

        Only a first try counts: it is kept in ``attempts`` and, if ``rated``, plays one Glicko-2 game
        against ``puzzle_rating``; a later try changes neither. A missed first try puts the puzzle into
        practice, and every try at a puzzle already in practice (from the Practice page) reviews it."""
        key = _key("puzzle", puzzle_id)
        if not isinstance(puzzle_rating, Rating):
            raise ValueError(f"a puzzle's rating must be a Rating, not {type(puzzle_rating).__name__}")
        _check_bools(right=right, rated=rated)
        as_utc(now)
        def attempt(progress: Progress) -> None:
            first = puzzle_id not in progress.attempts and len(progress.attempts) < MAX_ATTEMPTS
            if first:
                progress.attempts[puzzle_id] = right
                if rated:
                    progress.rating = solved(progress.rating, puzzle_rating, right)[0]
            if (first and not right) or key in progress.practice:
                progress.practice.review(key, right, now)
        self._change(attempt)
        return self.rating

    def review_topic(self, topic: str, right: bool, now: datetime) -> None:
        """Count a quiz answer on ``topic`` for practice: a miss puts the topic into practice (or brings
        it back soon), a right answer sends a topic in practice further out and is otherwise not kept."""
        key = _key("topic", topic)
        _check_bools(right=right)
        as_utc(now)
        def review(progress: Progress) -> None:
            if not right or key in progress.practice:
                progress.practice.review(key, right, now)
        self._change(review)

    def completed(self, lesson_ids: Iterable[str]) -> list[str]:
        """The lessons among ``lesson_ids`` that are completed, in their order."""
        return [lesson for lesson in lesson_ids if self.result(lesson).completed]

    def choose_preset(self, name: str) -> None:
        """Remember the learner's rule set for every lesson (unknown names raise ValueError)."""
        if name not in PRESETS:
            raise ValueError(f"unknown preset {shorten(name)}; choose one of: {', '.join(PRESETS)}")
        def choose(progress: Progress) -> None:
            progress.preset = name
        self._change(choose)

    def choose_language(self, language: str) -> None:
        """Remember the learner's course language ("tr", "de", "en"; UnknownLanguage, a ValueError,
        says what is allowed)."""
        code = normalize_language(language)
        def choose(progress: Progress) -> None:
            progress.language = code
        self._change(choose)

    def result(self, lesson: str) -> LessonResult:
        return self.lessons.get(lesson, LessonResult())

    def reset(self) -> None:
        """Forget every answer, the puzzle rating and the practice cards (the rule set, the language
        and the learner's name stay)."""
        def forget(progress: Progress) -> None:
            progress._take(Progress(progress.path, preset=progress.preset, language=progress.language))
        self._change(forget)

    def replace_with(self, imported: Progress) -> bool:
        """Make ``imported`` (a file read by ``read_upload``) this learner's progress, under the lock like
        every change, so no other page's write is torn; the learner's name stays this page's (in
        classroom mode a file cannot make its reader someone else). True if it is saved; False if it
        holds on this page only (``problem`` says why), as for any change that cannot be saved."""
        if not isinstance(imported, Progress):
            raise ValueError(f"imported progress must be a Progress, not {type(imported).__name__}")
        mine = Progress(self.path)
        mine._take(imported)
        return self._change(lambda progress: progress._take(mine))

    def save(self) -> None:
        """Write this object's results as the file, replacing what other pages saved (``record``
        and the other changes merge instead); a problem is reported, never raised."""
        mine = Progress(self.path)
        mine._take(self)
        self._change(lambda progress: progress._take(mine))

    def _change(self, change: Callable[[Progress], None]) -> bool:
        """Apply ``change`` to the file and take the merged state; if that fails, apply it here (the
        session keeps its count) and say why. True if the change was saved."""
        if not self.read_only:
            try:
                self._merge(change)
                return True
            except OSError as error:
                self.problem = _("progress could not be saved to {file}: {why}").format(file=self.path,
                                                                                       why=_why(error))
        change(self)
        return False

    def _merge(self, change: Callable[[Progress], None] | None) -> None:
        """Under the lock: read the file again (setting a damaged one aside), apply ``change`` and
        write the result (None: only read), then take the merged state. OSError if impossible."""
        with _locked(self.path):
            merged, note = _read_locked(self.path)
            if self.learner is not None:
                merged.learner = self.learner
            if change is not None:
                change(merged)
                _write(self.path, merged._data())
        self._take(merged)
        self.learner, self.problem = merged.learner, note

    def _take(self, other: Progress) -> None:
        """Take ``other``'s results (copies of them; not its path, learner, problem or mode)."""
        self.lessons, self.topics, self.preset, self.games = dict(other.lessons), dict(other.topics), \
            other.preset, other.games
        self.rating, self.attempts, self.practice = other.rating, dict(other.attempts), other.practice.copy()
        self.language = other.language

    def _data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        if self.learner is not None:
            data["learner"] = self.learner
        if self.language is not None:
            data["language"] = self.language
        r = self.rating
        return {**data, "preset": self.preset, "lessons": _counts(self.lessons), "topics": _counts(self.topics),
                "games": self.games, "rating": {"rating": r.rating, "rd": r.rd, "volatility": r.volatility},
                "attempts": dict(self.attempts), "practice": self.practice.to_data()}


def _key(kind: str, name: object) -> str:
    """The practice key of a puzzle id or quiz topic; ValueError for a name no key can hold."""
    if not isinstance(name, str):
        raise ValueError(f"a {kind} name must be text, not {type(name).__name__}")
    return check_key(f"{kind}:{name}")


def _check_bools(**flags: object) -> None:
    for name, value in flags.items():
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be True or False, not {shorten(value)}")


def _add(results: dict[str, LessonResult], key: str, correct: bool) -> None:
    old = results.get(key, LessonResult())
    results[key] = LessonResult(old.answered + 1, old.correct + int(correct), old.rounds, old.completed)


def _counts(results: dict[str, LessonResult]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for key, r in results.items():
        entry: dict[str, Any] = {"answered": r.answered, "correct": r.correct}
        if r.rounds:
            entry |= {"rounds": r.rounds, "completed": r.completed}
        out[key] = entry
    return out


def _why(error: OSError) -> str:
    return error.strerror or str(error)


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold the exclusive lock on ``path``'s lock file (closing the file releases it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if IN_BROWSER:  # Pyodide has no fcntl, and a page's kernel is the only writer of its files
        yield
        return
    import fcntl

    with open(path.with_name(path.name + ".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _read_locked(path: Path) -> tuple[Progress, str | None]:
    """Under the lock: the file's progress, and a note if it was damaged and has been set aside."""
    try:
        return Progress.read(path), None
    except FileNotFoundError:
        return Progress(path), None
    except ValueError as error:
        kept = _set_aside(path)
        return Progress(path), _("ignored a damaged progress file ({damage}); it is kept as {kept}; new answers "
                                 "go to a fresh file").format(damage=error, kept=kept)


def _set_aside(path: Path) -> Path:
    """Rename a damaged file to a name no other file has (``progress.damaged-<time>[-n].json``)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    number = 1
    while True:
        count = "" if number == 1 else f"-{number}"
        kept = path.with_name(f"{path.stem}.damaged-{stamp}{count}{path.suffix}")
        if not kept.exists() and not kept.is_symlink():
            path.rename(kept)  # under the lock: no other writer can take the name meanwhile
            return kept
        number += 1


def export_bytes(progress: Progress) -> bytes:
    """The progress as its file holds it, for the learner to download: a browser's storage can be
    cleared, and a file can be kept, moved to another machine or handed in."""
    return _encode(progress._data())


def read_upload(content: bytes | bytearray | memoryview) -> Progress:
    """The progress in an uploaded file (one a learner exported or handed in), with every check a file
    on disk gets (``Progress.read``) and a size limit checked before anything is copied; ValueError
    (a SaveFileError) says what is wrong. The result is read-only: it names no file of its own."""
    if not isinstance(content, (bytes, bytearray, memoryview)):
        raise ValueError(f"an uploaded file's content must be bytes, not {type(content).__name__}")
    size = content.nbytes if isinstance(content, memoryview) else len(content)
    if size > UPLOAD_LIMIT:
        raise SaveFileError(_("the file is {size} bytes long, larger than any progress file: at most {most} bytes "
                              "are read").format(size=format_number(size), most=format_number(UPLOAD_LIMIT)))
    progress = _parse(Path(EXPORT_NAME), bytes(content))
    progress.read_only = True
    return progress


def _encode(data: dict[str, Any]) -> bytes:
    """A progress document as the file holds it: UTF-8 JSON, one level indented."""
    return json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8")


def _write(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` to a temporary file and rename it over ``path``; remove it if anything fails."""
    temporary = path.with_name(path.name + ".tmp")
    content = memoryview(_encode(data))
    try:
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # private, as before
        try:
            while content:
                content = content[os.write(handle, content):]
            os.fsync(handle)
        finally:
            os.close(handle)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    for after in AFTER_WRITE:
        after(path)


def _parse(path: Path, text: bytes) -> Progress:
    """The progress in a file of version 1 to 4 at ``path``; raises ValueError (a SaveFileError) if it
    is damaged."""
    data = _document(text)
    lessons = _results(data, "lessons", "lesson")
    preset = data.get("preset", DEFAULT_PRESET)
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ValueError(_("unknown preset {name}").format(name=shorten(preset)))
    if data["version"] == 1:
        return Progress(path, lessons, preset)
    learner = data.get("learner")
    if learner is not None:
        if not isinstance(learner, str):
            raise ValueError(_("the learner's name {name} is not text").format(name=shorten(learner)))
        if check_learner_name(learner) != learner:  # raises, saying why, for a name no page writes
            raise ValueError(_("the learner's name {name} has extra spaces").format(name=shorten(learner)))
    games = data.get("games", 0)
    if type(games) is not int or games < 0:
        raise ValueError(_("games played {value} is not a whole number of 0 or more").format(value=shorten(games)))
    progress = Progress(path, lessons, preset, topics=_results(data, "topics", "topic"), learner=learner,
                        games=games)
    if data["version"] >= 4:
        progress.rating, progress.attempts = _rating(data.get("rating")), _attempts(data.get("attempts"))
        progress.practice = Practice.from_data(data.get("practice"))
        progress.language = _language(data.get("language"))
    return progress


def _language(entry: object) -> str | None:
    if entry is None:
        return None
    if not isinstance(entry, str):
        raise ValueError(_("the language {value} is not text").format(value=shorten(entry)))
    try:
        code = normalize_language(entry)
    except UnknownLanguage:
        # Translators: {languages} lists the course's language codes, "en, tr, de".
        raise ValueError(_("{value} is not a language of the course: use one of {languages}").format(
            value=shorten(entry), languages=", ".join(LANGUAGES))) from None
    if code != entry:
        raise ValueError(_("the language {value} is not written as a course language code").format(
            value=shorten(entry)))
    return code


def _rating(entry: object) -> Rating:
    if not isinstance(entry, dict) or set(entry) != {"rating", "rd", "volatility"}:
        raise ValueError(_("the puzzle rating is not an object with exactly 'rating', 'rd' and 'volatility'"))
    try:
        return Rating(entry["rating"], entry["rd"], entry["volatility"])
    except ValueError as error:
        raise ValueError(_("the puzzle rating is impossible: {error}").format(error=error)) from None


def _attempts(entries: object) -> dict[str, bool]:
    if not isinstance(entries, dict):
        raise ValueError(_("no 'attempts' object"))
    if len(entries) > MAX_ATTEMPTS:
        raise ValueError(_("first tries at {n} puzzles; at most {most} are kept").format(
            n=format_number(len(entries)), most=format_number(MAX_ATTEMPTS)))
    for puzzle_id, right in entries.items():
        check_key(f"puzzle:{puzzle_id}")
        if not isinstance(right, bool):
            raise ValueError(_("the first try at puzzle {puzzle} is {value}, not true or false").format(
                puzzle=shorten(puzzle_id), value=shorten(right)))
    return dict(entries)


def _document(text: bytes) -> dict[str, Any]:
    """The file as a progress document of the newest version it is readable as (an older version's
    file fails the newest's check; the first error is the one reported)."""
    first: SaveFileError | None = None
    for version in range(VERSION, 0, -1):
        try:
            return read_document(text, formats=(FORMAT,), version=version, what="progress file")
        except SaveFileError as error:
            first = first or error
    assert first is not None
    raise first


_RESULT_PROBLEMS: Final = {
    "lesson": (N_("lesson {name} is not an object"), N_("lesson {name} has impossible counts"),
               N_("lesson {name} has impossible rounds")),
    "topic": (N_("topic {name} is not an object"), N_("topic {name} has impossible counts"),
              N_("topic {name} has impossible rounds")),
}
"""What can be wrong with a lesson's or a topic's results in a progress file."""


def _results(data: dict[str, Any], key: str, what: str) -> dict[str, LessonResult]:
    entries = data.get(key)
    if not isinstance(entries, dict):
        # Translators: {key} is a field of the progress file ('lessons', 'topics'), which stays as it is.
        raise ValueError(_("no {key} object").format(key=repr(key)))
    not_object, counts, rounds_wrong = _RESULT_PROBLEMS[what]
    out = {}
    for name, entry in entries.items():
        if not isinstance(entry, dict):
            raise ValueError(_(not_object).format(name=shorten(name)))
        answered, correct = entry.get("answered"), entry.get("correct")
        rounds, completed = entry.get("rounds", 0), entry.get("completed", False)
        if not (type(answered) is int and type(correct) is int and 0 <= correct <= answered):
            raise ValueError(_(counts).format(name=shorten(name)))
        if not (type(rounds) is int and rounds >= 0 and type(completed) is bool and (rounds or not completed)):
            raise ValueError(_(rounds_wrong).format(name=shorten(name)))
        out[name] = LessonResult(answered, correct, rounds, completed)
    return out
