"""Every quiz topic of the course in one registry: its title, and one ``question()`` for all of them.

The generators live by kind: the play rules, the auction and the scores in ``drills`` (which also
holds the question types), the beginner topics (ranks, order of play, trump choice, counting) in
``course_drills``. Every topic gives a question under every preset and variant; where a form of
the game cannot have a kind of question, ``drills.not_asked`` says so and the topic asks a
fitting one instead (Koz Maça's bidding topic asks the lowest announcement, for instance).
"""

from __future__ import annotations

import random
from typing import Final

from ..errors import shorten
from ..rules import DEFAULT_PRESET, PRESETS, RuleSet
from ..shuffle import new_seed
from . import course_drills, drills

TOPICS: Final[dict[str, str]] = {
    "follow": "Following suit and overtaking",
    "ruff": "Ruffing and overtrumping",
    "trump-lead": "Leading trump: broken or not",
    "winner": "Who wins the trick",
    "score": "Scoring a finished deal",
    "bidding": "Bidding and the all-pass outcome",
    "edge": "Where the presets disagree",
    "ranks": "Which card is higher",
    "play-order": "Who calls first",
    "trump-choice": "Choosing trump",
    "sure-tricks": "Counting sure tricks",
    "trumps-out": "Counting trumps",
}
"""Every quiz topic of the course and its title."""

_GENERATORS: Final[dict[str, drills.Generator]] = {**drills.GENERATORS, **course_drills.GENERATORS}
assert set(_GENERATORS) == set(TOPICS), "every topic has one generator"


def question(topic: str, rules: RuleSet | None = None, seed: int | None = None) -> drills.Question:
    """A question on ``topic`` (a key of TOPICS) under ``rules`` (any preset or variant; the default
    preset when None); the same seed always gives the same question."""
    if topic not in TOPICS:
        raise ValueError(f"unknown topic {shorten(topic)}; choose one of: {', '.join(TOPICS)}")
    rules = PRESETS[DEFAULT_PRESET] if rules is None else rules
    seed = new_seed() if seed is None else seed
    return _GENERATORS[topic](rules, seed, random.Random(seed))
