"""Shared helpers: scripted deals with chosen hands."""

from __future__ import annotations

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
