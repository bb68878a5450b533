"""A seeded shuffle that gives the same deck order on every platform and Python version.

Python's ``random`` is not promised to stay the same across versions, and a deal number shared
in a classroom ("everyone play deal 4711") must mean the same cards everywhere. So the engine
derives its randomness from SHAKE-256, a fixed standard, instead.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from typing import Final

from .errors import shorten

MAX_SEED: Final = 2**64 - 1


def new_seed() -> int:
    """A fresh seed small enough to read out loud in a classroom."""
    return secrets.randbelow(10**9)


def check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed must be a whole number from 0 to 2**64 - 1, not {shorten(seed)}")
    return seed


def shuffled_deck(seed: int) -> list[int]:
    """The 52 card indices in shuffled order for this seed.

    Each card gets a 32-bit key from SHAKE-256 of the seed (a fixed standard) and the deck is
    sorted by key; equal keys (about one seed in 3 million) keep index order. The keys are sorted
    as floats, which hold 32-bit numbers exactly and compare faster than ints of that size.
    """
    digest = hashlib.shake_256(b"batak-deck" + check_seed(seed).to_bytes(8, "big")).digest(208)
    keys = list(map(float, struct.unpack(">52I", digest)))
    return sorted(range(52), key=keys.__getitem__)


def derive_seed(seed: int, index: int) -> int:
    """The seed of the ``index``-th deal of a game seeded with ``seed``."""
    digest = hashlib.shake_256(b"batak-game" + check_seed(seed).to_bytes(8, "big") + index.to_bytes(4, "big"))
    return int.from_bytes(digest.digest(8), "big") % 10**12
