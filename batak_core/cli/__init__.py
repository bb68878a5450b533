"""The ``batak`` command: the rules lab (legal, score, rules, lab) and games and matches against bots."""

from .main import main

__all__ = ["main"]
