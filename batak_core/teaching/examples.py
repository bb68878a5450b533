"""The sources' worked examples and the edge cases where they disagree, as data.

Written once here and used by the tests, the terminal rules lab and the lessons, so a
worked example can never say one thing in a lesson and another in a test.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ..cards import Card, Suit, parse_cards
from ..i18n import N_


@dataclass(frozen=True)
class PlayExample:
    """A position and, per preset, the cards the rules allow (all five unless ``presets``). The title
    and a source that is not a preset's name are English, marked for the catalog: shown as ``_(title)``."""

    title: str
    source: str
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: Suit
    trump_broken: bool
    legal: dict[str, tuple[Card, ...]]
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoreExample:
    title: str
    preset: str
    declarer: int
    bid: int
    tricks: tuple[int, int, int, int]
    scores: tuple[int, int, int, int]
    options: dict[str, Any] = field(default_factory=dict)


ALL: Final = ("miniokey", "classic", "danish", "turkish", "gamelake")


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def _same(text: str, presets: tuple[str, ...] = ALL) -> dict[str, tuple[Card, ...]]:
    return {name: _cards(text) for name in presets}


PLAY_EXAMPLES: Final[tuple[PlayExample, ...]] = (
    PlayExample(N_("♠10 on the table, you hold ♠3 and ♠K: you must play ♠K"), "miniokey",
                _cards("3S KS 4D 9C"), _cards("10S"), Suit.HEARTS, False,
                {**_same("KS", ("miniokey", "classic", "turkish", "gamelake")), "danish": _cards("3S KS")}),
    PlayExample(N_("♦A led, you have no diamonds, hearts are trump: you must play ♥3, and you win"),
                "miniokey", _cards("3H 5S 9C"), _cards("AD"), Suit.HEARTS, False, _same("3H")),
    PlayExample(N_("♥8 on the table, you hold ♥3 and ♥J: you must play ♥J"), "miniokey",
                _cards("3H JH 6C"), _cards("8H"), Suit.SPADES, False,
                {**_same("JH", ("miniokey", "classic", "turkish", "gamelake")), "danish": _cards("3H JH")}),
    PlayExample(N_("Hearts trump, Ben leads ♣9: Carla must play ♣Q, not ♣4"), "classic",
                _cards("QC 4C 2D"), _cards("9C"), Suit.HEARTS, False,
                {**_same("QC", ("miniokey", "classic", "turkish", "gamelake")), "danish": _cards("4C QC")}),
    PlayExample(N_("Dan has no clubs and must ruff: ♥3"), "classic",
                _cards("3H 5D KS"), _cards("9C QC"), Suit.HEARTS, False, _same("3H")),
    PlayExample(N_("Anna has no clubs and must overtrump the ♥3 with ♥7, and wins the trick"), "classic",
                _cards("7H 2H AS"), _cards("9C QC 3H"), Suit.HEARTS, False,
                {**_same("7H", ("miniokey", "classic", "turkish", "gamelake")), "danish": _cards("2H 7H")}),
)
"""The play examples of the sources; the expected sets of the other presets follow their rules."""

EDGE_CASES: Final[tuple[PlayExample, ...]] = (
    PlayExample(N_("1. You hold the led suit, the trick is already trumped, and you could beat the "
                "highest club: must you?"), N_("where the sources disagree, case 1"),
                _cards("QC 4C 2D"), _cards("9C 3H"), Suit.HEARTS, False,
                {**_same("QC", ("classic", "gamelake")), **_same("4C QC", ("miniokey", "turkish", "danish"))}),
    PlayExample(N_("2. You are void in clubs and the trick holds a trump higher than all of yours"),
                N_("where the sources disagree, case 2"), _cards("3H 5H 2D 7S"), _cards("9C KH"), Suit.HEARTS, False,
                {**_same("3H 5H", ("miniokey", "classic", "gamelake", "danish")),
                 "turkish": _cards("7S 3H 5H 2D")}),
    PlayExample(N_("3. You are void in clubs and could overtrump"), N_("where the sources disagree, case 3"),
                _cards("3H 7H 2D"), _cards("9C 5H"), Suit.HEARTS, False,
                {**_same("7H", ("miniokey", "classic", "gamelake", "turkish")), "danish": _cards("3H 7H")}),
    PlayExample(N_("4. Leading from trumps and another suit before trump is broken"),
                N_("where the sources disagree, case 4"),
                _cards("AH 2H 3S"), (), Suit.HEARTS, False,
                {**_same("3S", ("miniokey", "classic", "turkish", "gamelake")), "danish": _cards("3S 2H AH")}),
    PlayExample(N_("4b. The same lead with miniokey's table setting 'trump must be broken' switched off"),
                N_("where the sources disagree, case 4"), _cards("AH 2H 3S"), (), Suit.HEARTS, False,
                {"miniokey": _cards("3S 2H AH")}, {"trump_lead_restricted": False}),
)
"""The cases where the sources disagree that are a single position (5-7 are whole-deal cases, tested on Deal)."""

SCORE_EXAMPLES: Final[tuple[ScoreExample, ...]] = (
    ScoreExample(N_("Zeynep bids 7 and makes 8; Ahmet 3, Mehmet 2, Ayşe none"), "miniokey",
                 0, 7, (8, 3, 2, 0), (80, 30, 20, -50)),
    ScoreExample(N_("Bid 7 and only 6 tricks"), "miniokey", 0, 7, (6, 3, 2, 2), (-70, 30, 20, 20)),
    ScoreExample(N_("Anna bids 7 (hearts) and makes 8; Ben 3, Carla 2, Dan none"), "classic",
                 0, 7, (8, 3, 2, 0), (71, 30, 20, -70)),
    ScoreExample(N_("Bid 7, 9 tricks: 70 + 2"), "danish", 0, 7, (9, 2, 2, 0), (72, 2, 2, 0)),
    ScoreExample(N_("Bid 8, 6 tricks; defenders 3, 2, 2"), "danish", 0, 8, (6, 3, 2, 2), (-80, 3, 2, 2)),
    ScoreExample(N_("Bid 8, 6 tricks with double penalty"), "danish", 0, 8, (6, 3, 2, 2), (-160, 3, 2, 2),
                 {"double_penalty": True}),
    ScoreExample(N_("Bid 6, 7 tricks"), "gamelake", 0, 6, (7, 2, 2, 2), (7, 2, 2, 2)),
    ScoreExample(N_("Bid 6, 5 tricks: the declarer sinks"), "gamelake", 0, 6, (5, 3, 3, 2), (-6, 3, 3, 2)),
    ScoreExample(N_("Bid 7, 8 tricks, 'every trick counts'"), "classic", 0, 7, (8, 3, 2, 0), (80, 30, 20, -70),
                 {"every_trick_counts": True}),
    ScoreExample(N_("Bid 13 made, 'a made 13 counts double'"), "danish", 0, 13, (13, 0, 0, 0), (260, 0, 0, 0),
                 {"made_thirteen_doubles": True}),
    ScoreExample(N_("Bid 7, 8 tricks"), "turkish", 0, 7, (8, 3, 2, 0), (8, 3, 2, 0)),
)
"""Every scoring example the sources give, plus one per scoring house rule."""
