"""The teacher's view of a class: every learner's progress file in the class folder, summed up.

The report only reads: a damaged or unreadable learner file is named in ``problems`` and
skipped, never raised and never renamed (setting a file aside is the learner's own page's job,
under the file's lock), so the teacher's page can refresh while the class is answering.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..i18n import _
from .lessons import LESSONS
from .progress import LessonResult, Progress, learner_files, learner_key
from .topics import TOPICS


@dataclass(frozen=True)
class LearnerSummary:
    """One learner: their name and rule set, their results per lesson id, and their totals."""

    name: str
    preset: str
    lessons: Mapping[str, LessonResult]
    answered: int
    correct: int


@dataclass(frozen=True)
class LessonSummary:
    """One lesson over the class: how many learners started its quiz, their answers and right ones,
    and how many completed it (a round of 4 of 5 or better)."""

    id: str
    title: str
    learners: int
    answered: int
    correct: int
    completed: int = 0

    @property
    def percent(self) -> int:
        return LessonResult(self.answered, self.correct).percent


@dataclass(frozen=True)
class TopicSummary:
    """One quiz topic over the class: how many answers on it were wrong, of how many."""

    id: str
    title: str
    missed: int
    answered: int


@dataclass(frozen=True)
class ClassReport:
    """Learners by name, lessons in course order, topics most missed first, and unreadable files."""

    learners: tuple[LearnerSummary, ...]
    lessons: tuple[LessonSummary, ...]
    missed_topics: tuple[TopicSummary, ...]
    problems: tuple[str, ...]


def class_report(directory: Path) -> ClassReport:
    """The report over every learner file in the class folder ``directory``; never raises."""
    problems: list[str] = []
    try:
        files = learner_files(directory)
    except OSError as error:
        files = []
        # Translators: {folder} is the class folder; {why} the system's reason (in English).
        problems.append(_("could not list the learners' files in {folder}: {why}").format(
            folder=directory, why=error.strerror or error))
    named: list[tuple[str, Progress]] = []
    for path in files:
        try:
            progress = Progress.read(path)
        except FileNotFoundError:
            continue  # set aside by the learner's page since the folder was listed
        except OSError as error:
            problems.append(_("could not read the progress file {file}: {why}").format(
                file=path.name, why=error.strerror or error))
            continue
        except ValueError as error:
            # Translators: {damage} says what is wrong with the file.
            problems.append(_("skipped a damaged progress file {file} ({damage})").format(file=path.name, damage=error))
            continue
        if progress.learner is None:
            problems.append(_("skipped the progress file {file}: it holds no learner's name").format(file=path.name))
            continue
        named.append((progress.learner, progress))
    named.sort(key=lambda item: (_alphabetical(item[0]), item[1].path.name))
    learners = [progress for _, progress in named]
    return ClassReport(tuple(learner_summary(name, p) for name, p in named), _lessons(learners),
                       _missed_topics(learners), tuple(problems))


def _alphabetical(name: str) -> tuple[str, str]:
    """Sort "Çağla" with the c's, not after the z's: by the letters without their accents first."""
    key = learner_key(name)
    return "".join(c for c in unicodedata.normalize("NFKD", key) if not unicodedata.combining(c)), key


def learner_summary(name: str, progress: Progress) -> LearnerSummary:
    """One learner's line of the report (also shown for a progress file a learner hands in)."""
    results = progress.lessons.values()
    return LearnerSummary(name, progress.preset, dict(progress.lessons),
                          sum(r.answered for r in results), sum(r.correct for r in results))


def _lessons(learners: list[Progress]) -> tuple[LessonSummary, ...]:
    summaries = []
    for lesson in LESSONS:
        results = [p.result(lesson.id) for p in learners if p.result(lesson.id).answered]
        summaries.append(LessonSummary(lesson.id, lesson.title, len(results), sum(r.answered for r in results),
                                       sum(r.correct for r in results),
                                       sum(1 for p in learners if p.result(lesson.id).completed)))
    return tuple(summaries)


def _missed_topics(learners: list[Progress]) -> tuple[TopicSummary, ...]:
    totals: dict[str, LessonResult] = {}
    for progress in learners:
        for topic, result in progress.topics.items():
            total = totals.setdefault(topic, LessonResult())
            total.answered += result.answered
            total.correct += result.correct
    summaries = [TopicSummary(topic, TOPICS.get(topic, topic), r.answered - r.correct, r.answered)
                 for topic, r in totals.items()]
    return tuple(sorted(summaries, key=lambda t: (-t.missed, -t.answered, t.id)))
