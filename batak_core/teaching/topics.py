"""Every quiz topic of the course in one registry: its title, its kinds of question, and one
``question()`` for all of them.

The generators live by subject, each module with its ``QUIZ_TOPICS``: the play rules, the auction
and the scores in ``drills`` (which also holds the question types), the beginner topics (ranks,
order of play, trump choice) in ``course_drills``, counting a hand and card play in
``judgement_drills``, the rules around the play (the auction's end, who leads, the game's length,
the move clock, house rules) in ``rule_drills``, Koz Maça, Eşli and Gömmeli in ``variant_drills``,
the guided first deal in ``guided``. Every topic gives a question under every preset and variant;
where a form of the game cannot have a kind of question, ``drills.not_asked`` says so and the
generator asks a fitting one instead (Koz Maça's bidding topic asks the lowest announcement, for
instance).
"""

from __future__ import annotations

import random
from typing import Final

from ..errors import shorten
from ..i18n import gettext
from ..rules import DEFAULT_PRESET, PRESETS, RuleSet
from ..shuffle import new_seed
from . import course_drills, drills, guided, judgement_drills, rule_drills, variant_drills

_ALL: Final[dict[str, drills.Topic]] = {}
for _module in (drills, course_drills, judgement_drills, rule_drills, variant_drills, guided):
    for _name, _topic in _module.QUIZ_TOPICS.items():
        assert _name not in _ALL, f"quiz topic {_name} is defined twice"
        _ALL[_name] = _topic

TOPICS: Final[dict[str, str]] = {name: topic.title for name, topic in _ALL.items()}
"""Every quiz topic of the course and its title, in English (``title`` translates it)."""


def title(topic: str) -> str:
    """The title of quiz topic ``topic`` (a key of TOPICS) in the active language."""
    return gettext(TOPICS[topic])

KINDS: Final[dict[str, tuple[str, ...]]] = {name: tuple(topic.kinds) for name, topic in _ALL.items()}
"""Every topic's kinds of question, in order."""


def question(topic: str, rules: RuleSet | None = None, seed: int | None = None,
             kind: str | None = None) -> drills.Question:
    """A question on ``topic`` (a key of TOPICS) under ``rules`` (any preset or variant; the default
    preset when None), of ``kind`` (one of ``KINDS[topic]``; when None the seed picks one). The same
    arguments always give the same question."""
    if topic not in TOPICS:
        raise ValueError(f"unknown topic {shorten(topic)}; choose one of: {', '.join(TOPICS)}")
    kinds = _ALL[topic].kinds
    rules = PRESETS[DEFAULT_PRESET] if rules is None else rules
    seed = new_seed() if seed is None else seed
    rng = random.Random(seed)
    if kind is None:
        kind = list(kinds)[rng.randrange(len(kinds))] if len(kinds) > 1 else next(iter(kinds))
    elif kind not in kinds:
        raise ValueError(f"unknown kind {shorten(kind)} of topic {topic}; choose one of: {', '.join(kinds)}")
    return kinds[kind](rules, seed, rng)
