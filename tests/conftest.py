"""Shared helpers: scripted deals with chosen hands, and the benchmark scripts as modules."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import batak_core as bc

SUITS = "SHDC"


def suit_hands(first: str = "S") -> list[list[bc.Card]]:
    """Seat 0 holds all of one suit, seat 1 the next suit, and so on (rotated from ``first``)."""
    start = SUITS.index(first)
    return [bc.parse_cards(" ".join(f"{r}{SUITS[(start + s) % 4]}" for r in "23456789TJQKA"))
            for s in range(4)]


def auction(deal: bc.Deal, calls: str) -> None:
    """Apply calls like "5 p p p" (numbers are bids, p is a pass)."""
    for call in calls.split():
        if call == "p":
            deal.pass_bid()
        else:
            deal.bid(int(call))


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as a module, registered under its name (its dataclasses look their
    module up while being made)."""
    script = Path(__file__).resolve().parents[1] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
