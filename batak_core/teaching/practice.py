"""Spaced practice: missed puzzles and quiz topics come back on an FSRS schedule (the ``fsrs`` package).

Each key ("puzzle:<id>" or "topic:<topic>") has one review card. A miss is FSRS's "Again" and brings
the key back within minutes; a right answer is "Good" and sends it further out each time. Nothing
here reads the clock: every change and question takes ``now`` (a timezone-aware time), and fuzzing
is off, so the same answers at the same times always give the same schedule. The cards are kept in
the learner's progress file, so ``from_data`` checks everything and says what is wrong.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from fsrs import Card, Rating, Scheduler, State

from ..errors import shorten

MAX_CARDS: Final = 5000
"""The most keys kept; a new key beyond that replaces the one due furthest in the future (the best known)."""
KEY_LIMIT: Final = 120
"""The most characters of a key."""
LEARNING_STEPS: Final = (timedelta(minutes=1), timedelta(minutes=10))
RELEARNING_STEPS: Final = (timedelta(minutes=10),)
_SCHEDULER: Final = Scheduler(learning_steps=LEARNING_STEPS, relearning_steps=RELEARNING_STEPS,
                              enable_fuzzing=False)
_KEY: Final = re.compile(r"(puzzle|topic):[A-Za-z0-9][A-Za-z0-9_.-]*")
_KEY_RULE: Final = (f"a practice key is 'puzzle:<id>' or 'topic:<topic>' with letters, digits, '_', '.' "
                    f"or '-', at most {KEY_LIMIT} characters")
_STEPS: Final = {State.Learning: len(LEARNING_STEPS), State.Relearning: len(RELEARNING_STEPS)}


def check_key(key: object) -> str:
    """``key`` if it is a practice key; ValueError saying what a key looks like otherwise."""
    if not isinstance(key, str) or len(key) > KEY_LIMIT or not _KEY.fullmatch(key):
        raise ValueError(f"{shorten(key)} is not a practice key: {_KEY_RULE}")
    return key


def as_utc(moment: object, what: str = "now") -> datetime:
    """``moment`` in UTC; ValueError unless it is a datetime with a time zone."""
    if not isinstance(moment, datetime):
        raise ValueError(f"{what} must be a datetime, not {type(moment).__name__}")
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{what} must carry a time zone (e.g. datetime.now(UTC)), not {moment}")
    return moment.astimezone(UTC)


@dataclass(frozen=True)
class Item:
    """One key's review card: when it is due, its FSRS memory state, and how it was answered."""

    key: str
    due: datetime
    last_review: datetime
    state: State  # Learning, Review or Relearning
    step: int | None  # the learning or relearning step; None in Review
    stability: float  # FSRS: days until recall drops to 90%
    difficulty: float  # FSRS: 1 (easy) to 10 (hard)
    reviews: int  # answers so far
    misses: int  # wrong answers so far

    def _card(self) -> Card:
        return Card(card_id=0, state=self.state, step=self.step, stability=self.stability,
                    difficulty=self.difficulty, due=self.due, last_review=self.last_review)


class Practice:
    """The learner's review cards, one per key; JSON-able with ``to_data`` / ``from_data``."""

    def __init__(self, items: dict[str, Item] | None = None) -> None:
        self._items: dict[str, Item] = dict(items or {})

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Practice) and self._items == other._items

    def __repr__(self) -> str:
        return f"Practice({len(self._items)} cards)"

    def item(self, key: str) -> Item | None:
        return self._items.get(key)

    def items(self) -> list[Item]:
        """Every card, soonest due first."""
        return sorted(self._items.values(), key=lambda item: (item.due, item.key))

    def copy(self) -> Practice:
        return Practice(self._items)

    def review(self, key: str, right: bool, now: datetime) -> None:
        """Schedule ``key`` after an answer at ``now``: a miss brings it back soon, a right answer later
        (a new key gets its first card)."""
        check_key(key)
        if not isinstance(right, bool):
            raise ValueError(f"right must be True or False, not {right!r}")
        when = as_utc(now)
        old = self._items.get(key)
        if old is not None:
            when = max(when, old.last_review)  # another page's clock may run a little ahead
        card = old._card() if old is not None else Card(card_id=0, due=when)
        card, _ = _SCHEDULER.review_card(card, Rating.Good if right else Rating.Again, when)
        assert card.stability is not None and card.difficulty is not None
        reviews, misses = (old.reviews, old.misses) if old is not None else (0, 0)
        if old is None and len(self._items) >= MAX_CARDS:
            del self._items[max(self._items.values(), key=lambda item: (item.due, item.key)).key]
        self._items[key] = Item(key, card.due, when, card.state, card.step, card.stability, card.difficulty,
                                reviews + 1, misses + (not right))

    def due(self, now: datetime, limit: int = 20) -> list[str]:
        """Up to ``limit`` keys due at ``now``, the most overdue first."""
        when = as_utc(now)
        if type(limit) is not int or limit < 0:
            raise ValueError(f"limit must be a whole number of 0 or more, not {limit!r}")
        return [item.key for item in self.items() if item.due <= when][:limit]

    def missed(self) -> list[str]:
        """Every key ever answered wrong, sorted."""
        return sorted(key for key, item in self._items.items() if item.misses)

    def to_data(self) -> dict[str, Any]:
        return {"cards": {item.key: {
            "due": item.due.isoformat(), "last_review": item.last_review.isoformat(),
            "state": item.state.name.lower(), "step": item.step, "stability": item.stability,
            "difficulty": item.difficulty, "reviews": item.reviews, "misses": item.misses,
        } for item in self.items()}}

    @classmethod
    def from_data(cls, data: object) -> Practice:
        """The practice written by ``to_data``; ValueError saying what is wrong with damaged data."""
        if not isinstance(data, dict):
            raise ValueError(f"practice is not an object but {shorten(data)}")
        cards = data.get("cards")
        if not isinstance(cards, dict):
            raise ValueError("practice has no 'cards' object")
        if len(cards) > MAX_CARDS:
            raise ValueError(f"practice holds {len(cards):,} cards; at most {MAX_CARDS:,} are kept")
        return cls({check_key(key): _item(key, entry) for key, entry in cards.items()})


_STATES: Final = {state.name.lower(): state for state in State}
_FIELDS: Final = frozenset({"due", "last_review", "state", "step", "stability", "difficulty", "reviews", "misses"})


def _item(key: str, entry: object) -> Item:
    """One card of ``from_data``, checked."""
    where = f"practice card {shorten(key)}"
    if not isinstance(entry, dict):
        raise ValueError(f"{where} is not an object")
    if set(entry) != _FIELDS:
        raise ValueError(f"{where} must have exactly the fields {', '.join(sorted(_FIELDS))}")
    due, last = (_moment(entry[name], f"{where}: {name}") for name in ("due", "last_review"))
    if due < last:
        raise ValueError(f"{where} is due before its last review")
    state = _STATES.get(entry["state"]) if isinstance(entry["state"], str) else None
    if state is None:
        raise ValueError(f"{where} has state {shorten(entry['state'])}; allowed: {', '.join(_STATES)}")
    step = entry["step"]
    if state in _STEPS:
        if type(step) is not int or not 0 <= step < _STEPS[state]:
            raise ValueError(f"{where} is {state.name.lower()} with step {shorten(step)}; allowed: 0 to "
                             f"{_STEPS[state] - 1}")
    elif step is not None:
        raise ValueError(f"{where} is in review, so its step must be null, not {shorten(step)}")
    stability, difficulty = entry["stability"], entry["difficulty"]
    if not _number(stability) or stability <= 0:
        raise ValueError(f"{where} has stability {shorten(stability)}; it must be a number above 0")
    if not _number(difficulty) or not 1 <= difficulty <= 10:
        raise ValueError(f"{where} has difficulty {shorten(difficulty)}; it must be a number from 1 to 10")
    reviews, misses = entry["reviews"], entry["misses"]
    if not (type(reviews) is int and type(misses) is int and 0 <= misses <= reviews and reviews >= 1):
        raise ValueError(f"{where} has impossible counts ({shorten(misses)} misses in {shorten(reviews)} reviews)")
    return Item(key, due, last, state, step, float(stability), float(difficulty), reviews, misses)


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _moment(text: object, what: str) -> datetime:
    if not isinstance(text, str) or len(text) > 40:
        raise ValueError(f"{what} {shorten(text)} is not a date and time")
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{what} {shorten(text)} is not an ISO date and time") from None
    return as_utc(moment, what)

