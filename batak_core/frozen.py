"""Copying and pickling the engine's frozen dataclasses, compiled or not.

Python copies and unpickles a dataclass by filling in a blank instance's ``__dict__``; the
compiled classes have none, only attributes whose setters a frozen class refuses. So each frozen
class reduces itself to its constructor's arguments instead: the same copies either way.
"""

from __future__ import annotations

import dataclasses
from typing import Any


def constructor_arguments(value: Any) -> tuple[Any, ...]:
    """The field values of a dataclass instance, in the constructor's order."""
    return tuple(getattr(value, field.name) for field in dataclasses.fields(value))
