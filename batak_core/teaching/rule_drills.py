"""(being written)"""

from __future__ import annotations

from typing import Final

from . import drills

QUIZ_TOPICS: Final[dict[str, drills.Topic]] = {}
