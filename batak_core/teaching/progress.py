"""The learner's progress through the course: quiz results per lesson, in a small JSON file.

A lesson must never break because of this file: a missing, unreadable or corrupt file reads
as "no progress yet" (and the reason is kept for the start page to mention), and writes go to
a temporary file first so a crash cannot leave half a file behind. The file is read by the
one document reader (``batak_core.documents``), like save files and positions.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from ..documents import read_document
from ..errors import shorten
from ..rules import DEFAULT_PRESET, PRESETS

FORMAT: Final = "batak-tutor/progress"
VERSION: Final = 1
ENV_VAR: Final = "BATAK_PROGRESS"


def default_path() -> Path:
    """``$BATAK_PROGRESS`` if set, else ``~/.local/share/batak-tutor/progress.json``."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "batak-tutor" / "progress.json"


@dataclass
class LessonResult:
    """Quiz answers in one lesson: how many were answered, how many right."""

    answered: int = 0
    correct: int = 0

    @property
    def percent(self) -> int:
        return round(100 * self.correct / self.answered) if self.answered else 0


@dataclass
class Progress:
    """Results per lesson id, loaded from and saved to ``path``."""

    path: Path
    lessons: dict[str, LessonResult] = field(default_factory=dict)
    preset: str = DEFAULT_PRESET  # the rule set the learner chose on the start page
    problem: str | None = None  # why an existing file could not be read, for the start page

    @classmethod
    def load(cls, path: Path | str | None = None) -> Progress:
        where = Path(path) if path is not None else default_path()
        try:
            text = where.read_bytes()  # bytes: the reader checks UTF-8 and says what is wrong
        except FileNotFoundError:
            return cls(where)
        except OSError as error:
            return cls(where, problem=f"could not read {where}: {error.strerror}")
        try:
            lessons, preset = _parse(text)
            return cls(where, lessons, preset)
        except ValueError as error:
            return cls(where, problem=f"ignored a damaged progress file ({error})")

    def record(self, lesson: str, correct: bool) -> None:
        """Count one answered question and save at once (a closed tab loses nothing)."""
        result = self.lessons.setdefault(lesson, LessonResult())
        result.answered += 1
        result.correct += int(correct)
        self.save()

    def choose_preset(self, name: str) -> None:
        """Remember the learner's rule set for every lesson (unknown names raise ValueError)."""
        if name not in PRESETS:
            raise ValueError(f"unknown preset {shorten(name)}; choose one of: {', '.join(PRESETS)}")
        self.preset = name
        self.save()

    def result(self, lesson: str) -> LessonResult:
        return self.lessons.get(lesson, LessonResult())

    def reset(self) -> None:
        self.lessons.clear()
        self.save()

    def save(self) -> None:
        """Write atomically; a read-only disk is reported, never raised into a lesson."""
        data = {"format": FORMAT, "version": VERSION, "preset": self.preset,
                "lessons": {k: {"answered": v.answered, "correct": v.correct} for k, v in self.lessons.items()}}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=self.path.parent,
                                             delete=False, suffix=".tmp") as handle:
                json.dump(data, handle, indent=1)
            os.replace(handle.name, self.path)
            self.problem = None
        except OSError as error:
            self.problem = f"progress could not be saved to {self.path}: {error.strerror}"


def _parse(text: str | bytes) -> tuple[dict[str, LessonResult], str]:
    """Lessons and preset from a progress file; raises ValueError (a SaveFileError) if damaged."""
    data = read_document(text, formats=(FORMAT,), version=VERSION, what="progress file")
    lessons = data.get("lessons")
    if not isinstance(lessons, dict):
        raise ValueError("no 'lessons' object")
    out = {}
    for lesson, entry in lessons.items():
        if not isinstance(entry, dict):
            raise ValueError(f"lesson {shorten(lesson)} is not an object")
        answered, correct = entry.get("answered"), entry.get("correct")
        if not (type(answered) is int and type(correct) is int and 0 <= correct <= answered):
            raise ValueError(f"lesson {shorten(lesson)} has impossible counts")
        out[lesson] = LessonResult(answered, correct)
    preset = data.get("preset", DEFAULT_PRESET)
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ValueError(f"unknown preset {shorten(preset)}")
    return out, preset
