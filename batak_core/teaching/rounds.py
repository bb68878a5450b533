"""A lesson's quiz round: ``count`` questions on the lesson's topics that take turns between the
topics' kinds of question and never ask the same thing twice.

A topic has several kinds of question (``topics.KINDS``: for following suit, overtaking, being
unable to overtake, a trump lead, a trick already trumped). A round goes through every kind the
learner's rules can ask (``drills.not_asked`` rules some out, as Koz Maça has no auction) before
any comes again, so five questions cover at least four kinds wherever the lesson has them. The
round is a pure function of (topics, rules, seed, count): a class can share a seed, and a test
can compute what the page shows.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ..errors import shorten
from ..rules import RuleSet
from ..shuffle import check_seed, derive_seed
from . import drills, topics

_RETRIES: Final = 40
"""Derived seeds tried for one question before its kind gives way to the next one."""
_CYCLE_SEEDS: Final = 2**31
"""Where the seeds that shuffle each cycle of kinds start (far from the questions' own indices)."""

Slot = tuple[str, str]
"""(topic, kind): what one question of a round is about."""


def kinds_asked(lesson_topics: Sequence[str], rules: RuleSet) -> tuple[Slot, ...]:
    """Every (topic, kind) a round under ``rules`` takes turns between: the kinds ``not_asked`` does
    not rule out. A topic whose every kind is ruled out keeps its first, whose generator asks a
    fitting question instead (Koz Maça's bidding topic asks the lowest announcement)."""
    slots: list[Slot] = []
    for topic in lesson_topics:
        kinds = topics.KINDS[topic]
        asked = [kind for kind in kinds if not drills.not_asked(kind, rules)]
        slots.extend((topic, kind) for kind in asked or kinds[:1])
    return tuple(slots)


def _shown(q: drills.Question) -> set[object]:
    """What a question shows the learner, besides its prompt: a round never shows it twice."""
    if isinstance(q, drills.LegalCardsQuestion):
        shown: set[object] = {("position", q.position), ("hand", frozenset(q.position.hand))}
        return shown | ({("trick", q.position.trick)} if q.position.trick else set())
    if isinstance(q, drills.TrickWinnerQuestion):
        return {("trick", frozenset(q.trick))}
    if isinstance(q, drills.ScoreQuestion):
        return {("deal", q.declarer, q.contract, q.tricks, q.announced)}
    if isinstance(q, drills.PlayQuestion):
        return {("hands", q.hands, q.trick)}
    if isinstance(q, drills.ChoiceQuestion) and q.hand:
        return {("hand", frozenset(q.hand))}
    return set()


class QuizRound:
    """The questions of one round: ``question(i)`` for i in 0..count-1, the same for the same
    (topics, rules, seed, count).

    The kinds go in cycles: each cycle has every kind once, topics taking turns, in an order the
    seed shuffles; a question that repeats an earlier one (the same prompt, position, hand, trick
    or deal) is asked again with another derived seed, and if its kind has nothing new left the
    next kind of the cycle stands in.
    """

    def __init__(self, lesson_topics: Sequence[str], rules: RuleSet, seed: int, count: int = 5) -> None:
        unknown = [t for t in lesson_topics if t not in topics.TOPICS]
        if unknown or not lesson_topics:
            raise ValueError(f"unknown quiz topic(s) {shorten(unknown)}; choose from: {', '.join(topics.TOPICS)}")
        if type(count) is not int or count < 1:
            raise ValueError(f"a round has at least one question, not {shorten(count)}")
        self.topics: Final = tuple(lesson_topics)
        self.rules: Final = rules
        self.seed: Final = check_seed(seed)
        self.count: Final = count
        self.kinds: Final = kinds_asked(self.topics, rules)
        self._order = self._plan()
        self._asked: list[tuple[Slot, drills.Question]] = []

    def _cycle(self, number: int) -> list[Slot]:
        """One turn through every kind: each topic's kinds shuffled, the topics taking turns."""
        rng = random.Random(derive_seed(self.seed, _CYCLE_SEEDS + number))
        per_topic = []
        for topic in self.topics:
            kinds = [slot for slot in self.kinds if slot[0] == topic]
            rng.shuffle(kinds)
            per_topic.append(kinds)
        return [kinds[i] for i in range(max(map(len, per_topic))) for kinds in per_topic if i < len(kinds)]

    def _plan(self) -> list[Slot]:
        order: list[Slot] = []
        number = 0
        while len(order) < self.count:
            cycle = self._cycle(number)
            if order and len(cycle) > 1 and cycle[0] == order[-1]:  # no kind twice in a row across cycles
                cycle[0], cycle[1] = cycle[1], cycle[0]
            order.extend(cycle)
            number += 1
        return order[:self.count]

    def slot(self, index: int) -> Slot:
        """The (topic, kind) of question ``index``: the planned one, or the kind that stood in."""
        self.question(index)
        return self._asked[index][0]

    def question(self, index: int) -> drills.Question:
        """Question ``index`` (0-based) of the round."""
        self._check(index)
        while len(self._asked) <= index:
            self._asked.append(self._new(len(self._asked)))
        return self._asked[index][1]

    def _check(self, index: int) -> None:
        if type(index) is not int or not 0 <= index < self.count:
            raise ValueError(f"a round of {self.count} has questions 0 to {self.count - 1}, not {shorten(index)}")

    def _new(self, index: int) -> tuple[Slot, drills.Question]:
        """Question ``index`` and its (topic, kind), unlike every earlier question."""
        prompts = {q.prompt for _slot, q in self._asked}
        shown = set().union(*(_shown(q) for _slot, q in self._asked))
        planned = self._order[index]
        stand_ins = [planned, *(slot for slot in self.kinds if slot != planned)]
        base = derive_seed(self.seed, index)
        for topic, kind in stand_ins:
            for attempt in range(_RETRIES):
                seed = base if attempt == 0 else derive_seed(base, attempt)
                q = topics.question(topic, self.rules, seed, kind=kind)
                if q.prompt not in prompts and not shown & _shown(q):
                    return (topic, kind), q
        raise RuntimeError(f"no new question left for question {index + 1} on {', '.join(self.topics)}")
