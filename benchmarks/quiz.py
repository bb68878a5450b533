"""Quiz speed: how long a lesson's page takes to make its next question, per lesson.

A learner presses "Next question" and waits for the kernel to deal, play forward and (for the
declarer-play and defence endings) solve a position before anything shows. This times
``QuizRound.question(i)`` for every question of many seeded rounds per lesson, under every preset's
İhaleli rules and the variants lesson's own rule books, and prints the median, the 95th percentile
and the slowest, in wall-clock milliseconds (the learner waits in wall-clock time). The compiled
engine runs where a build is current; ``BATAK_PURE_PYTHON=1`` measures pure Python.
Run: ``python benchmarks/quiz.py [--rounds 20]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

import batak_core as bc
from batak_core.ai import compiled
from batak_core.shuffle import derive_seed
from batak_core.teaching.lessons import LESSONS
from batak_core.teaching.rounds import QuizRound


def lesson_times(topics: tuple[str, ...], rounds: int) -> list[float]:
    """Seconds for each question of ``rounds`` seeded rounds per preset."""
    times = []
    for name in bc.PRESETS:
        for number in range(rounds):
            quiz = QuizRound(topics, bc.preset(name), derive_seed(2026, number))
            for index in range(quiz.count):
                start = time.perf_counter()
                quiz.question(index)
                times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="seeded rounds per lesson and preset")
    args = parser.parse_args()
    engine = "compiled" if compiled.is_compiled(bc.solver) else "pure Python"
    print(f"engine: {engine}; {args.rounds} rounds of 5 questions "
          "per lesson and preset")
    print(f"{'lesson':28} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
    everything: list[float] = []
    for lesson in LESSONS:
        times = lesson_times(lesson.topics, args.rounds)
        everything += times
        cut = statistics.quantiles(times, n=20)[-1]
        print(f"{lesson.title[:28]:28} {1000 * statistics.median(times):10.1f} {1000 * cut:8.1f} "
              f"{1000 * max(times):8.1f}")
    cut = statistics.quantiles(everything, n=20)[-1]
    print(f"{'every lesson':28} {1000 * statistics.median(everything):10.1f} {1000 * cut:8.1f} "
          f"{1000 * max(everything):8.1f}")


if __name__ == "__main__":
    main()
